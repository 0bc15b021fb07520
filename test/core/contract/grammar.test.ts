import { describe, expect, it } from 'vitest';
import { detectCorrection, stripQuotedAndCode } from '../../../core/contract/corrections';
import type { CorrectionRule } from '../../../core/contract/corrections';
import { normalizeSlashDirective, parsePromptCommand } from '../../../core/contract/grammar';
import type { DirectiveSpec, PromptCommand } from '../../../core/contract/grammar';
import type { Mode } from '../../../core/contract/types';

const EVT = 'evt_0123456789abcdef0123';

type Want =
  | { none: true }
  | { directive: Partial<DirectiveSpec> }
  | { query: object }
  | { error: string; says?: string };

/** [prompt, expected]. Directive expectations list only the fields that must be set; others must be absent. */
const CASES: [string, Want][] = [
  // modes and levels
  ['$stopline review -- look at the parser', { directive: { mode: 'review', task: 'look at the parser' } }],
  ['$stopline answer', { directive: { mode: 'answer' } }],
  ['$stopline monitor watch -- tail the logs', { directive: { mode: 'monitor', level: 'watch' } }],
  ['$stopline change guard -- fix bug', { directive: { mode: 'change', level: 'guard' } }],
  ['$stopline open -- explore', { directive: { mode: 'open' } }],
  ['$stopline off', { directive: { level: 'off' } }],
  ['$stopline watch', { directive: { level: 'watch' } }],
  ['$stopline guard', { directive: { level: 'guard' } }],
  ['$stopline REVIEW Guard -- caps', { directive: { mode: 'review', level: 'guard' } }],
  ['$stopline review review -- same twice', { directive: { mode: 'review' } }],
  // files=
  ['$stopline change files=src/** -- x', { directive: { mode: 'change', files: ['src/**'] } }],
  ['$stopline change files=src/Config.ts|test/** -- x', { directive: { mode: 'change', files: ['src/Config.ts', 'test/**'] } }],
  ['$stopline change files= -- nothing', { directive: { mode: 'change', files: [] } }],
  ['$stopline change files="my dir/**|a b.ts" -- spaces', { directive: { mode: 'change', files: ['my dir/**', 'a b.ts'] } }],
  ['$stopline change files=C:\\Repo\\Src\\** -- win', { directive: { mode: 'change', files: ['C:\\Repo\\Src\\**'] } }],
  ['$stopline change files=a||b| -- empties dropped', { directive: { mode: 'change', files: ['a', 'b'] } }],
  // braces are kept as written (the contract line shows them); decide() expands them
  ['$stopline change files=src/{a,b}.ts|test/**/*.{ts,tsx} -- braces', { directive: { mode: 'change', files: ['src/{a,b}.ts', 'test/**/*.{ts,tsx}'] } }],
  ['$stopline change files=src/{lib,app/{x,y}}/** -- nested braces', { directive: { mode: 'change', files: ['src/{lib,app/{x,y}}/**'] } }],
  ['$stopline change FILES=Src/A.ts -- key case', { directive: { mode: 'change', files: ['Src/A.ts'] } }],
  // policies and agents
  ['$stopline change deps=allow hash=ask -- x', { directive: { mode: 'change', deps: 'allow', hash: 'ask' } }],
  ['$stopline change deps=DENY -- x', { directive: { mode: 'change', deps: 'deny' } }],
  ['$stopline change agents=2 -- x', { directive: { mode: 'change', agents: 2 } }],
  ['$stopline change agents=0 -- x', { directive: { mode: 'change', agents: 0 } }],
  ['$stopline change agents=64 -- x', { directive: { mode: 'change', agents: 64 } }],
  ['$stopline change agents=allow -- x', { directive: { mode: 'change', agents: 'allow' } }],
  ['$stopline agents=3', { directive: { agents: 3 } }],
  // head terminators and the task
  ['$stopline review: check the lexer', { directive: { mode: 'review', task: 'check the lexer' } }],
  ['$stopline review \u2014 em dash from a keyboard', { directive: { mode: 'review', task: 'em dash from a keyboard' } }],
  ['$stopline review\nmulti-line task\nsecond line', { directive: { mode: 'review', task: 'multi-line task\nsecond line' } }],
  ['\n\n   $stopline review -- indented up to three spaces', { directive: { mode: 'review' } }],
  ['$stopline change files=C:\\x -- colon inside a value is not a terminator', { directive: { mode: 'change', files: ['C:\\x'] } }],
  // alias
  ['$stop-that-shit review -- old habit', { directive: { mode: 'review', alias: true } }],
  ['$STOP-THAT-SHIT change files=a.ts -- caps alias', { directive: { mode: 'change', files: ['a.ts'], alias: true } }],
  // not directives
  ['please $stopline review -- mid-line mention', { none: true }],
  ['look at this:\n$stopline review', { none: true }],
  ['    $stopline review -- four-space indent is a code block', { none: true }],
  ['\t$stopline review -- tab indent is a code block', { none: true }],
  ['```\n$stopline review\n```', { none: true }],
  ['$stoplinereview', { none: true }],
  ['$stopline-x review', { none: true }],
  ['"$stopline review" is how you arm it', { none: true }],
  ['', { none: true }],
  ['   \n  ', { none: true }],
  // queries
  ['$stopline', { query: { kind: 'status' } }],
  ['$stopline status', { query: { kind: 'status' } }],
  ['$stopline STATUS', { query: { kind: 'status' } }],
  ['$stopline help', { query: { kind: 'help' } }],
  ['$stopline runtime', { query: { kind: 'runtime', all: false } }],
  ['$stopline runtime all', { query: { kind: 'runtime', all: true } }],
  [`$stopline explain ${EVT}`, { query: { kind: 'explain', eventId: EVT } }],
  [`$stopline explain ${EVT.toUpperCase().replace('EVT_', 'evt_')}`, { query: { kind: 'explain', eventId: EVT } }],
  [`$stopline label ${EVT} correct`, { query: { kind: 'label', eventId: EVT, label: 'correct' } }],
  [`$stopline label ${EVT} incorrect`, { query: { kind: 'label', eventId: EVT, label: 'incorrect' } }],
  [`$stopline label ${EVT} Inconclusive`, { query: { kind: 'label', eventId: EVT, label: 'inconclusive' } }],
  [`$stop-that-shit status`, { query: { kind: 'status' } }],
  // errors: every code
  ['$stopline review chnage the parser', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'chnage' }],
  ['$stopline review please check', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'after `--`' }],
  ['$stopline lock', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'guard' }],
  ['$stopline edit -- x', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'change' }],
  ['$stopline change mode=fast -- x', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'mode=' }],
  ['$stopline change files="unclosed -- x', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'quote' }],
  // a files= glob that cannot expand would arm a lock matching nothing: refused, contract unchanged
  ['$stopline change files=src/{a,b.ts -- x', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'never closed' }],
  ['$stopline change files=src/a}.ts -- x', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'closes no' }],
  ['$stopline change files=src/{a}.ts -- x', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'no comma' }],
  ['$stopline change files=log{1..3}.txt -- x', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'ranges' }],
  ['$stopline change files=src/{a|b}.ts -- x', { error: 'INVALID_DIRECTIVE_TOKEN', says: 'separated by commas' }],
  ['$stopline change files=ok.ts|{x,{y,z} -- x', { error: 'INVALID_DIRECTIVE_TOKEN', says: '"{x,{y,z}"' }],
  ['$stopline review change -- x', { error: 'CONFLICTING_DIRECTIVE', says: 'review' }],
  ['$stopline watch guard', { error: 'CONFLICTING_DIRECTIVE' }],
  ['$stopline change files=a files=b -- x', { error: 'CONFLICTING_DIRECTIVE' }],
  ['$stopline change deps=ask deps=allow -- x', { error: 'CONFLICTING_DIRECTIVE' }],
  ['$stopline change agents=-1 -- x', { error: 'INVALID_AGENT_LIMIT' }],
  ['$stopline change agents=65 -- x', { error: 'INVALID_AGENT_LIMIT', says: '64' }],
  ['$stopline change agents=two -- x', { error: 'INVALID_AGENT_LIMIT' }],
  ['$stopline change agents=1.5 -- x', { error: 'INVALID_AGENT_LIMIT' }],
  ['$stopline change agents= -- x', { error: 'INVALID_AGENT_LIMIT' }],
  ['$stopline change deps=maybe -- x', { error: 'INVALID_POLICY_VALUE', says: 'deps=' }],
  ['$stopline change hash=yes -- x', { error: 'INVALID_POLICY_VALUE', says: 'hash=' }],
  ['$stopline -- just a task', { error: 'INVALID_DIRECTIVE' }],
  ['$stopline status now', { error: 'INVALID_QUERY' }],
  ['$stopline runtime everything', { error: 'INVALID_QUERY' }],
  ['$stopline explain', { error: 'INVALID_QUERY' }],
  ['$stopline explain evt_123', { error: 'INVALID_QUERY' }],
  [`$stopline label ${EVT}`, { error: 'INVALID_QUERY' }],
  [`$stopline label ${EVT} wrong`, { error: 'INVALID_QUERY' }],
];

describe('$stopline allow: the floor lets one stopped command through', () => {
  it('names the last stop, or one by its event id', () => {
    expect(parsePromptCommand('$stopline allow')).toEqual({ kind: 'allow' });
    expect(parsePromptCommand('/stopline allow'.replace('/stopline', '$stopline'))).toEqual({ kind: 'allow' });
    expect(parsePromptCommand(`$stopline allow ${EVT.toUpperCase()}`)).toEqual({ kind: 'allow', eventId: EVT });
    expect(parsePromptCommand('$stopline ALLOW -- I checked it')).toEqual({ kind: 'allow' });
  });
  it('anything else after it is an error that says how to use it', () => {
    for (const p of ['$stopline allow everything', '$stopline allow evt_1', `$stopline allow ${EVT} ${EVT}`]) {
      const c = parsePromptCommand(p);
      expect(c.kind, p).toBe('error');
      if (c.kind === 'error') expect(c.message).toContain('$stopline allow');
    }
  });
  it('is only a directive at the start of the prompt', () => {
    expect(parsePromptCommand('please $stopline allow')).toEqual({ kind: 'none' });
  });
});

function check(cmd: PromptCommand, want: Want) {
  if ('none' in want) {
    expect(cmd).toEqual({ kind: 'none' });
  } else if ('query' in want) {
    expect(cmd).toEqual({ kind: 'query', query: want.query });
  } else if ('error' in want) {
    expect(cmd.kind).toBe('error');
    if (cmd.kind !== 'error') return;
    expect(cmd.code).toBe(want.error);
    expect(cmd.message.length).toBeGreaterThan(10);
    if (want.says) expect(cmd.message).toContain(want.says);
  } else {
    expect(cmd.kind).toBe('directive');
    if (cmd.kind !== 'directive') return;
    const d = cmd.directive;
    for (const key of ['mode', 'level', 'files', 'deps', 'hash', 'agents'] as const) {
      expect(d[key], key).toEqual(want.directive[key]);
    }
    if (want.directive.task !== undefined) expect(d.task).toBe(want.directive.task);
    expect(d.alias).toBe(want.directive.alias ?? false);
  }
}

describe('directive grammar', () => {
  it('has at least 60 table cases', () => expect(CASES.length).toBeGreaterThanOrEqual(60));
  it.each(CASES.map(([text, want]) => [JSON.stringify(text), text, want] as const))('%s', (_, text, want) => check(parsePromptCommand(text), want));
});

describe('normalizeSlashDirective', () => {
  const cases: [string, string][] = [
    ['/stopline review -- x', '$stopline review -- x'],
    ['/stopline:stopline change files=a -- x', '$stopline change files=a -- x'],
    ['/skill:stopline status', '$stopline status'],
    ['/stopline', '$stopline'],
    ['  /stopline review', '  $stopline review'],
    ['\n/stopline review', '\n$stopline review'],
    ['/stop-that-shit review', '$stop-that-shit review'],
    ['/stop-that-shit:stop-that-shit review', '$stop-that-shit review'],
    ['/skill:stop-that-shit review', '$stop-that-shit review'],
    ['/stoplines review', '/stoplines review'],
    ['run /stopline review', 'run /stopline review'],
    ['    /stopline review', '    /stopline review'],
    ['/other thing', '/other thing'],
  ];
  it.each(cases.map(([input, out]) => [JSON.stringify(input), input, out] as const))('%s', (_, input, out) => expect(normalizeSlashDirective(input)).toBe(out));
  it('feeds the parser the same directive as the $ form', () => {
    expect(parsePromptCommand(normalizeSlashDirective('/stopline:stopline review -- x'))).toEqual(parsePromptCommand('$stopline review -- x'));
  });
});

describe('plain-language corrections', () => {
  const cases: [string, Mode, CorrectionRule | null][] = [
    ['stop', 'change', 'stop'],
    ['Stop!', 'change', 'stop'],
    ['stop now.', 'unconfirmed', 'stop'],
    ['please stop', 'change', 'stop'],
    ['停止', 'change', 'stop'],
    ['停下来！', 'change', 'stop'],
    ['stop using tabs in this file', 'change', null],
    ['review only', 'change', 'review'],
    ['Review only, please tell me what is wrong.', 'unconfirmed', 'review'],
    ["Don't edit anything, just tell me", 'change', 'review'],
    ['do not change any files', 'change', 'review'],
    ["don't modify the code", 'open', 'review'],
    ['只审查这个模块', 'change', 'review'],
    ['只看不改', 'change', 'review'],
    ['不要修改代码', 'change', 'review'],
    ['不要修改任何文件，帮我看看', 'change', 'review'],
    ['Look at the crash. No edits.', 'change', 'review'],
    ['no changes please', 'change', 'review'],
    ['there are no changes in the log', 'change', null],
    ['answer only: what does this do?', 'change', 'answer'],
    ['just answer the question', 'change', 'answer'],
    ['只回答问题', 'change', 'answer'],
    ['monitor only', 'change', 'monitor'],
    ['只监控日志', 'change', 'monitor'],
    ['只观察', 'change', 'monitor'],
    ['fix it', 'review', 'fix'],
    ['Fix the null check in parser.ts', 'answer', 'fix'],
    ['ok, go ahead and implement it', 'monitor', 'fix'],
    ['修复', 'review', 'fix'],
    ['请修复这个问题', 'review', 'fix'],
    ['把这个bug修复一下', 'review', 'fix'],
    ['fix it', 'change', null],
    ['fix it', 'unconfirmed', null],
    ['how would you fix it?', 'review', null],
    ['Review only. Don\'t fix anything.', 'change', 'review'],
    // the person's own words only: quotes, code and pasted blocks do not count
    ['the doc says "review only" for this folder', 'change', null],
    ['the log printed “stop”', 'change', null],
    ['see `review only` in the config', 'change', null],
    ["the flag is 'review only' in the README", 'change', null],
    ['paste:\n```\nreview only\n```\nwhat is this?', 'change', null],
    ['log:\n\n    do not change any files\n\nthoughts?', 'change', null],
    ['> review only\nwhy does the banner say that?', 'change', null],
    ['他说「只看不改」是什么意思', 'change', null],
    ['```\nfix it\n```', 'review', null],
  ];
  it.each(cases.map(([text, mode, rule]) => [`${JSON.stringify(text)} in ${mode}`, text, mode, rule] as const))('%s', (_, text, mode, rule) => {
    const c = detectCorrection(text, mode);
    expect(c?.rule ?? null).toBe(rule);
    if (rule === 'fix') expect(c?.mode).toBe('change');
    if (rule === 'stop') expect(c?.mode).toBe('answer');
  });
  it('strips fenced, indented, quoted and inline text but keeps the rest', () => {
    const out = stripQuotedAndCode('keep this\n```js\ndrop()\n```\n    dropped too\n> quoted\nand `code` here "quoted" don\'t');
    expect(out).toContain('keep this');
    expect(out).toContain("don't");
    expect(out).not.toMatch(/drop|quoted|code/);
  });
});
