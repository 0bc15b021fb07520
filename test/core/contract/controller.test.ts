import { describe, expect, it } from 'vitest';
import { chmodSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { failOutcome, handleEvent } from '../../../core/answer/controller';
import { readSessionEvents } from '../../../core/evidence/log';
import type { Action } from '../../../core/protocol';
import { LockBusyError } from '../../../core/state/lock';
import { sessionStore } from '../../../core/state/session';
import { allDirs, allFiles, driver, sandbox, writeUserFile } from './helpers';

const DELEGATE: Partial<Action> = { name: 'Agent', canonicalName: 'Agent', mutability: 'delegate', affectedPaths: [], delegationCount: 1 };

/** Hold session-1's lock as a live process (this one) would: never stale. Returns the lock file. */
function holdLock(data: string): string {
  const lock = sessionStore(data, 'session-1').lockFile;
  writeFileSync(lock, `${process.pid} ${hostname()} held ${Date.now()}`);
  return lock;
}

function stateFile(data: string, sessionId = 'session-1'): string {
  return sessionStore(data, sessionId).file;
}

describe('session and prompt context', () => {
  it('a fresh session observes: context at start, nothing denied, checks recorded', () => {
    const sb = sandbox();
    const d = driver(sb);
    const start = d.event('session.start');
    expect(start.kind).toBe('context');
    expect(start.message).toContain('OBSERVING');
    expect(start.message).toContain('Was it requested?');
    const w = d.act();
    expect(w.kind).toBe('none');
    expect(w.reasonCode).toBe('CONTROL_INACTIVE');
    expect(w.eventId).toMatch(/^evt_[0-9a-f]{20}$/);
    expect(readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records).toHaveLength(1);
  });

  it('identical context is not re-injected on every prompt', () => {
    const d = driver(sandbox());
    expect(d.prompt('hello').kind).toBe('context');
    expect(d.prompt('more work').kind).toBe('none');
    expect(d.prompt('$stopline review -- check').kind).toBe('context');
    expect(d.prompt('what about this?').kind).toBe('none');
    expect(d.prompt('$stopline change -- go').message).toContain('mode=change');
    expect(d.prompt('and now?').kind).toBe('none');
  });

  it('session start always answers (hosts may have compacted the context)', () => {
    const d = driver(sandbox());
    d.prompt('$stopline review -- x');
    expect(d.event('session.start').message).toContain('mode=review');
    expect(d.event('session.start').message).toContain('mode=review');
  });

  it('directive sets the contract and reports it to the person', () => {
    const d = driver(sandbox());
    const o = d.prompt('$stopline change files=src/** deps=deny agents=2 -- fix');
    expect(o).toMatchObject({ kind: 'context', reasonCode: 'DIRECTIVE_APPLIED' });
    expect(o.notice).toContain('ARMED / change guard');
    expect(o.message).toContain('files=src/** | deps=deny | hash=deny | agents=0/2');
  });

  it('a bad directive leaves the state file byte-for-byte unchanged and says why', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change files=src/** agents=2 -- x');
    d.act({ ...DELEGATE });
    const before = readFileSync(stateFile(sb.data), 'utf8');
    for (const bad of ['$stopline review chnage', '$stopline review change', '$stopline change agents=x', '$stopline change deps=maybe']) {
      const o = d.prompt(bad);
      expect(o.kind).toBe('context');
      expect(o.notice).toMatch(/directive not applied \(/);
      expect(o.message).toContain('NOT applied');
      expect(o.message).toContain('mode=change');
    }
    expect(readFileSync(stateFile(sb.data), 'utf8')).toBe(before);
  });

  it('`guard` without a mode is refused; `off` then a mode re-arms', () => {
    const d = driver(sandbox());
    expect(d.prompt('$stopline guard').reasonCode).toBe('INVALID_DIRECTIVE');
    expect(d.act().kind).toBe('none');
    d.prompt('$stopline review -- x');
    d.prompt('$stopline off');
    expect(d.act().kind).toBe('none');
    d.prompt('$stopline review -- again');
    expect(d.act().kind).toBe('deny');
  });

  it('a new directive resets the agents used count; a correction does not', () => {
    const d = driver(sandbox());
    d.prompt('$stopline change agents=1 -- x');
    expect(d.act(DELEGATE).kind).toBe('none');
    expect(d.act(DELEGATE).reasonCode).toBe('AGENT_BUDGET_EXHAUSTED');
    d.prompt('review only');
    expect(d.act(DELEGATE).reasonCode).toBe('AGENT_BUDGET_EXHAUSTED');
    d.prompt('$stopline agents=1');
    expect(d.act(DELEGATE).kind).toBe('none');
  });

  it('plain-language corrections change the mode; quoted text does not', () => {
    const d = driver(sandbox());
    d.prompt('$stopline change -- x');
    expect(d.prompt('the README says "review only"').reasonCode).not.toBe('CORRECTION_APPLIED');
    expect(d.act().kind).toBe('none');
    const o = d.prompt('只看不改');
    expect(o.reasonCode).toBe('CORRECTION_APPLIED');
    expect(d.act().reasonCode).toBe('MODE_FORBIDS_MUTATION');
    d.prompt('修复');
    expect(d.act().kind).toBe('none');
    d.prompt('stop');
    expect(d.act().reasonCode).toBe('MODE_FORBIDS_MUTATION');
  });

  it('a correction in a fresh session arms the guard', () => {
    const d = driver(sandbox());
    expect(d.act().kind).toBe('none');
    d.prompt("don't edit anything, just look");
    expect(d.act().kind).toBe('deny');
  });

  it('only the person can arm: synthetic, extension and subagent prompts change nothing', () => {
    const d = driver(sandbox());
    for (const source of ['synthetic', 'extension', 'subagent']) {
      const o = d.prompt('$stopline review -- x', { prompt: { text: '$stopline review -- x', source } });
      expect(o.kind).toBe('none');
      expect(d.prompt('x', { prompt: { text: 'review only', source } }).kind).toBe('none');
    }
    expect(d.act().kind).toBe('none');
    expect(d.act().reasonCode).toBe('CONTROL_INACTIVE');
  });

  it('the slash form from an adapter is accepted as the directive', () => {
    const d = driver(sandbox());
    expect(d.prompt('/stopline:stopline review -- x').reasonCode).toBe('DIRECTIVE_APPLIED');
    expect(d.act().kind).toBe('deny');
  });
});

describe('children share the root contract and cannot change it', () => {
  it('rootSessionId: child actions are judged by the root contract; child prompts change nothing', () => {
    const sb = sandbox();
    const root = driver(sb);
    const child = driver(sb, {}, { sessionId: 'child-7', rootSessionId: 'session-1' });
    root.prompt('$stopline review -- x');
    expect(child.act().reasonCode).toBe('MODE_FORBIDS_MUTATION');
    expect(child.prompt('$stopline change -- let me').kind).toBe('none');
    expect(child.prompt('fix it').kind).toBe('none');
    expect(child.act().reasonCode).toBe('MODE_FORBIDS_MUTATION');
    const sub = child.event('subagent.start');
    expect(sub.message).toContain('mode=review');
    // the child's evidence lands in the root's log, flagged as a child
    const ev = readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records.filter((e) => e.type === 'check');
    expect(ev.every((e) => e.child)).toBe(true);
  });

  it('host.agentId (same session id, a subagent) cannot change the contract', () => {
    const sb = sandbox();
    const root = driver(sb);
    const sub = driver(sb, {}, { host: { family: 'claude', agentId: 'a1', agentType: 'general-purpose' } });
    root.prompt('$stopline review -- x');
    expect(sub.prompt('$stopline change -- x').kind).toBe('none');
    expect(root.act().kind).toBe('deny');
  });

  it('agents=N is shared between root and children', () => {
    const sb = sandbox();
    const root = driver(sb);
    const child = driver(sb, {}, { sessionId: 'child', rootSessionId: 'session-1' });
    root.prompt('$stopline change agents=1 -- x');
    expect(child.act(DELEGATE).kind).toBe('none');
    expect(root.act(DELEGATE).reasonCode).toBe('AGENT_BUDGET_EXHAUSTED');
  });
});

describe('outcomes and stamps', () => {
  it('the STOP stamp: first line, reason, state, event id, next step', () => {
    const d = driver(sandbox(), { denyResponse: 'permission_deny_returned' });
    d.prompt('$stopline change files=src/** -- x');
    const o = d.act({ affectedPaths: ['lib/x.ts'] });
    expect(o.kind).toBe('deny');
    const lines = o.message!.split('\n');
    expect(lines[0]).toBe('STOP / SCOPE');
    expect(o.message).toContain('Reason: PATH_OUTSIDE_CONTRACT (S)');
    expect(o.message).toContain('State: ARMED / change guard');
    expect(o.message).toContain(`Event: ${o.eventId}`);
    expect(lines[lines.length - 1]).toMatch(/^Next: \S/);
    expect(o).toMatchObject({ reasonCode: 'PATH_OUTSIDE_CONTRACT', family: 'S' });
  });

  it('an action breaking several rules: the first names the reason, the stamp names the others, evidence keeps their codes', () => {
    const sb = sandbox();
    const d = driver(sb, { canAsk: true });
    d.prompt('$stopline change files=src/** deps=deny -- x');
    // npm install x: its targets cannot be proven (an ask alone) and it adds a dependency (deps=deny)
    const o = d.act({ name: 'Bash', canonicalName: 'Bash', affectedPaths: null, dependencyIntent: true });
    // the deny of the second rule wins over the ask of the first: approving the paths must not add the package
    expect(o.kind).toBe('deny');
    expect(o.reasonCode).toBe('WRITE_PATH_UNPROVEN');
    const lines = o.message!.split('\n');
    expect(lines[0]).toBe('STOP / SCOPE');
    expect(lines).toContain('Reason: WRITE_PATH_UNPROVEN (S)');
    expect(lines).toContain('Also breaks: DEPENDENCY_NOT_AUTHORIZED (S): This action adds or installs a dependency, and the contract says deps=deny.');
    expect(lines[lines.length - 1]).toMatch(/^Next: .*files=.*deps=allow/);
    const events = readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records;
    expect(events[events.length - 1]!.decision).toMatchObject({ reasonCode: 'WRITE_PATH_UNPROVEN', alsoReasonCodes: ['DEPENDENCY_NOT_AUTHORIZED'], verdict: 'deny' });
    expect(d.prompt(`$stopline explain ${o.eventId}`).notice).toContain('WRITE_PATH_UNPROVEN (S); also breaks DEPENDENCY_NOT_AUTHORIZED;');
    // one rule broken: no Also line, no extra codes in evidence
    const one = d.act({ affectedPaths: ['lib/x.ts'] });
    expect(one.message).not.toContain('Also breaks');
    const last = readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records.pop()!;
    expect(last.decision!.alsoReasonCodes).toBeUndefined();
  });

  it('watch level turns a denial into WATCH context', () => {
    const d = driver(sandbox());
    d.prompt('$stopline review watch -- x');
    const o = d.act();
    expect(o.kind).toBe('context');
    expect(o.message!.split('\n')[0]).toBe('WATCH / INTENT');
    expect(o.message).toContain('did not block');
  });

  it('ask goes to the person when the host can ask, else it is a deny stamp that says so', () => {
    const sb = sandbox();
    driver(sb).prompt('$stopline change -- x');
    const withHuman = driver(sb, { canAsk: true }).act({ dependencyIntent: true });
    expect(withHuman.kind).toBe('ask');
    expect(withHuman.message!.split('\n')[0]).toBe('STOP / SCOPE');
    const viaHost = driver(sb, {}, { host: { family: 'pi', hasHuman: true } }).act({ dependencyIntent: true });
    expect(viaHost.kind).toBe('ask');
    const headless = driver(sb, { canAsk: false }).act({ dependencyIntent: true });
    expect(headless.kind).toBe('deny');
    expect(headless.message).toContain('no one can approve it here');
    expect(headless.reasonCode).toBe('DEPENDENCY_NOT_AUTHORIZED');
  });

  it('records the response the adapter gives', () => {
    const sb = sandbox();
    const d = driver(sb, { denyResponse: 'execution_denial_returned' });
    d.prompt('$stopline review -- x');
    d.act();
    const e = readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records.find((r) => r.type === 'check')!;
    expect(e.decision).toMatchObject({ outcome: 'deny', response: 'execution_denial_returned', hostEffect: 'unobserved', reasonCode: 'MODE_FORBIDS_MUTATION' });
  });

  it('OFF records nothing and answers nothing', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline off');
    expect(d.act()).toEqual({ kind: 'none' });
    expect(readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records.filter((e) => e.type === 'check')).toHaveLength(0);
  });

  it('action.after records evidence and repeats WATCH context only where relevant', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline review watch -- x');
    expect(d.after().kind).toBe('context');
    d.prompt('$stopline review guard -- x');
    expect(d.after().kind).toBe('none');
    const after = readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records.filter((e) => e.type === 'after');
    expect(after).toHaveLength(2);
  });

  it('turn.stop, subagent.stop and session.end decide nothing', () => {
    const d = driver(sandbox());
    d.prompt('$stopline review -- x');
    for (const k of ['turn.stop', 'subagent.stop', 'session.end']) expect(d.event(k)).toEqual({ kind: 'none' });
    expect(d.act().kind).toBe('deny');
  });
});

describe('queries', () => {
  it('status, runtime, explain and label answer without changing the contract', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline review -- x');
    const denied = d.act();
    const before = readFileSync(stateFile(sb.data), 'utf8');
    const status = d.prompt('$stopline status');
    expect(status.notice).toContain('stopline status: ARMED / review guard');
    expect(status.notice).toContain('1 checked action');
    const rt = d.prompt('$stopline runtime');
    expect(rt.notice).toContain('denied 1');
    expect(rt.notice).toContain('MODE_FORBIDS_MUTATION 1');
    const ex = d.prompt(`$stopline explain ${denied.eventId}`);
    expect(ex.notice).toContain('MODE_FORBIDS_MUTATION');
    expect(ex.notice).toContain('Label: none');
    expect(d.prompt(`$stopline label ${denied.eventId} incorrect`).notice).toContain('recorded');
    expect(d.prompt(`$stopline explain ${denied.eventId}`).notice).toContain('Label: incorrect');
    expect(d.prompt('$stopline runtime all').notice).toContain('incorrect 1');
    expect(d.prompt('$stopline label evt_00000000000000000000 correct').reasonCode).toBe('INVALID_QUERY');
    expect(d.prompt('$stopline explain evt_00000000000000000000').notice).toContain('no event');
    expect(d.prompt('$stopline help').notice).toContain('$stopline <answer|review|monitor|change|open>');
    expect(readFileSync(stateFile(sb.data), 'utf8')).toBe(before);
    expect(readFileSync(join(sb.data, 'labels.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('runtime counts damaged lines instead of failing', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.act();
    const log = join(sb.data, 'runtime', `${sessionStore(sb.data, 'session-1').key}.jsonl`);
    writeFileSync(log, readFileSync(log, 'utf8') + '{"torn":\nnot json\n');
    d.act();
    expect(d.prompt('$stopline runtime').notice).toContain('damaged lines skipped: 2');
    expect(d.prompt('$stopline runtime').notice).toContain('checks 2');
  });
});

describe('state files', () => {
  it('folders are 0700 and files 0600', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change agents=1 -- x');
    const e = d.act(DELEGATE);
    d.prompt(`$stopline label ${e.eventId} correct`);
    for (const dir of allDirs(sb.data)) expect((statSync(dir).mode & 0o777).toString(8), dir).toBe('700');
    const files = allFiles(sb.data);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) expect((statSync(f).mode & 0o777).toString(8), f).toBe('600');
    expect(files.some((f) => f.endsWith('.lock') || f.endsWith('.tmp'))).toBe(false);
  });

  it('names files by a hash of the session id', () => {
    const sb = sandbox();
    driver(sb, {}, { sessionId: 'my-raw-session-id' }).prompt('$stopline review -- x');
    for (const f of allFiles(sb.data)) expect(f).not.toContain('my-raw-session-id');
    expect(readdirSync(join(sb.data, 'sessions'))[0]).toMatch(/^[0-9a-f]{32}\.json$/);
  });

  for (const damage of ['', '{"schemaVersion":1,"contr', 'null', '{"schemaVersion":1,"contract":{"mode":"chaos"}}', '\u0000\u0000']) {
    it(`a damaged state file (${JSON.stringify(damage.slice(0, 16))}) is moved aside and answered by the fail mode`, () => {
      const sb = sandbox();
      const d = driver(sb);
      d.prompt('$stopline review -- x');
      writeFileSync(stateFile(sb.data), damage);
      const o = d.act();
      expect(o.kind).toBe('none');
      expect(o.diagnostics?.join('\n')).toContain('moved aside');
      expect(readdirSync(join(sb.data, 'sessions')).filter((n) => n.includes('.corrupt-'))).toHaveLength(1);
      expect(d.act().diagnostics).toBeUndefined();
    });
  }

  it('a failed evidence write never changes the decision', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline review -- x');
    // make the runtime folder impossible to write: a file where the folder should be
    const rt = join(sb.data, 'runtime');
    for (const f of readdirSync(rt)) writeFileSync(join(rt, f), '');
    rmSync(rt, { recursive: true });
    writeFileSync(rt, 'not a folder');
    const o = d.act();
    expect(o.kind).toBe('deny');
    expect(o.reasonCode).toBe('MODE_FORBIDS_MUTATION');
    expect(o.eventId).toBeUndefined();
    expect(o.message).not.toContain('Event:');
    expect(o.diagnostics?.join('\n')).toContain('evidence not written');
  });

  it('session start removes sessions untouched for retentionDays, keeps the rest', () => {
    const sb = sandbox();
    const old = driver(sb, {}, { sessionId: 'old' });
    const recent = driver(sb, {}, { sessionId: 'recent' });
    old.prompt('$stopline review -- x');
    old.act();
    recent.prompt('$stopline review -- x');
    const oldKey = sessionStore(sb.data, 'old').key;
    const past = (Date.now() - 31 * 86_400_000) / 1000;
    for (const f of allFiles(sb.data)) if (f.includes(oldKey)) utimesSync(f, past, past);
    writeFileSync(join(sb.data, 'sessions', 'notes.txt'), 'not ours');
    utimesSync(join(sb.data, 'sessions', 'notes.txt'), past, past);
    driver(sb, {}, { sessionId: 'new' }).event('session.start');
    const left = allFiles(sb.data).map((f) => f.slice(sb.data.length));
    expect(left.some((f) => f.includes(oldKey))).toBe(false);
    expect(left.some((f) => f.includes(sessionStore(sb.data, 'recent').key))).toBe(true);
    expect(left).toContain('/sessions/notes.txt');
  });

  it('the hot path does not read the evidence log', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change files=src/** -- x');
    d.act();
    const log = join(sb.data, 'runtime', `${sessionStore(sb.data, 'session-1').key}.jsonl`);
    const line = readFileSync(log, 'utf8').trim().split('\n').pop()! + '\n';
    const median = () => {
      const t: number[] = [];
      for (let i = 0; i < 15; i++) {
        const s = performance.now();
        d.act();
        t.push(performance.now() - s);
      }
      return t.sort((a, b) => a - b)[7]!;
    };
    const small = median();
    writeFileSync(log, line.repeat(Math.floor(3_900_000 / line.length)));
    const big = median();
    // reading and parsing ~4 MB of JSON lines takes tens of ms; an append does not care
    expect(big).toBeLessThan(Math.max(small * 4, small + 8));
  });
});

describe('config and data folder', () => {
  it('STOPLINE_HOME wins; then user config dataDir; then host.dataDir; then XDG_DATA_HOME; then ~/.local/share', () => {
    const sb = sandbox();
    const hostDir = join(sb.root, 'hostdata');
    const cfgDir = join(sb.root, 'cfgdata');
    const xdg = join(sb.root, 'xdg');
    const run = (env: Record<string, string | undefined>) => {
      handleEvent({ protocolVersion: 1, kind: 'prompt.submit', sessionId: 's', host: { family: 'claude', dataDir: hostDir }, prompt: { text: '$stopline review', source: 'user' } }, { env });
    };
    run(sb.env);
    expect(readdirSync(sb.data)).toContain('sessions');
    writeUserFile(sb.home, { dataDir: cfgDir });
    run({ ...sb.env, STOPLINE_HOME: undefined });
    expect(readdirSync(cfgDir)).toContain('sessions');
    writeFileSync(join(sb.home, '.config', 'stopline', 'stopline.json'), '{}');
    run({ ...sb.env, STOPLINE_HOME: undefined, XDG_DATA_HOME: xdg });
    expect(readdirSync(hostDir)).toContain('sessions');
    handleEvent({ protocolVersion: 1, kind: 'prompt.submit', sessionId: 's', host: { family: 'codex' }, prompt: { text: '$stopline review', source: 'user' } }, { env: { ...sb.env, STOPLINE_HOME: undefined, XDG_DATA_HOME: xdg } });
    expect(readdirSync(join(xdg, 'stopline'))).toContain('sessions');
    handleEvent({ protocolVersion: 1, kind: 'prompt.submit', sessionId: 's', host: { family: 'codex' }, prompt: { text: '$stopline review', source: 'user' } }, { env: { ...sb.env, STOPLINE_HOME: undefined } });
    expect(readdirSync(join(sb.home, '.local', 'share', 'stopline'))).toContain('sessions');
  });

  it('config defaultMode/defaultLevel shape fresh sessions and directives', () => {
    const sb = sandbox();
    writeUserFile(sb.home, { defaultMode: 'review', defaultLevel: 'guard' });
    const d = driver(sb);
    expect(d.act().reasonCode).toBe('MODE_FORBIDS_MUTATION');
    writeFileSync(join(sb.home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ defaultLevel: 'watch' }));
    const d2 = driver(sb, {}, { sessionId: 'other' });
    d2.prompt('$stopline review -- x');
    expect(d2.act().kind).toBe('context');
  });

  it('an invalid config gives one diagnostic and the safe default, never a crash', () => {
    const sb = sandbox();
    writeUserFile(sb.home, '{ not json');
    const d = driver(sb);
    const o = d.prompt('$stopline review -- x');
    expect(o.reasonCode).toBe('DIRECTIVE_APPLIED');
    expect(o.diagnostics).toHaveLength(1);
    expect(o.diagnostics![0]).toMatch(/^user config .*not valid JSON/);
    expect(d.act().kind).toBe('deny');
  });
});

describe('fail mode', () => {
  const bad = { protocolVersion: 1, kind: 'action.before', sessionId: 's', host: { family: 'claude' }, action: { name: 'Edit', mutability: 'write', affectedPaths: [], dependencyIntent: false, hashIntent: false, delegationCount: -1, unboundedDelegation: false } };

  it('a malformed event fails open by default with one diagnostic naming the field', () => {
    const o = handleEvent(bad, { env: sandbox().env });
    expect(o.kind).toBe('none');
    expect(o.diagnostics).toHaveLength(1);
    expect(o.diagnostics![0]).toContain('action.delegationCount');
  });

  it('fails closed when configured, with a GUARD_UNAVAILABLE stamp', () => {
    const sb = sandbox();
    writeUserFile(sb.home, { failMode: 'closed' });
    const o = handleEvent(bad, { env: sb.env });
    expect(o.kind).toBe('deny');
    expect(o.reasonCode).toBe('GUARD_UNAVAILABLE');
    expect(o.message!.split('\n')[0]).toBe('STOP / CONTROL');
    expect(o.message).toContain('action.delegationCount');
    // STOPLINE_FAIL_OPEN=1 forces open over the config
    expect(handleEvent(bad, { env: { ...sb.env, STOPLINE_FAIL_OPEN: '1' } }).kind).toBe('none');
  });

  it('STOPLINE_FAIL_OPEN=0 forces closed', () => {
    expect(handleEvent(bad, { env: { ...sandbox().env, STOPLINE_FAIL_OPEN: '0' } }).reasonCode).toBe('GUARD_UNAVAILABLE');
    expect(failOutcome(new Error('boom'), { env: { STOPLINE_FAIL_OPEN: '0' } }).kind).toBe('deny');
    expect(failOutcome(new Error('boom'), { env: { STOPLINE_FAIL_OPEN: '1' } })).toEqual({ kind: 'none', diagnostics: ['Error: boom; failing open'] });
  });

  it('garbage never throws', () => {
    for (const v of [undefined, null, 42, 'text', [], {}, { protocolVersion: 1 }]) {
      expect(() => handleEvent(v, { env: {} })).not.toThrow();
      expect(handleEvent(v, { env: {} }).kind).toBe('none');
    }
  });

  it('an unusable data folder follows the fail mode', () => {
    const sb = sandbox();
    writeFileSync(join(sb.root, 'file'), 'x');
    const env = { ...sb.env, STOPLINE_HOME: join(sb.root, 'file', 'data') };
    const ev = { protocolVersion: 1, kind: 'prompt.submit', sessionId: 's', host: { family: 'claude' }, prompt: { text: '$stopline review', source: 'user' } };
    const open = handleEvent(ev, { env });
    // the directive was not recorded: the person is told in a notice, not only on stderr
    expect(open.kind).toBe('context');
    expect(open.reasonCode).toBe('DIRECTIVE_NOT_RECORDED');
    expect(open.notice).toContain('NOT recorded');
    expect(open.diagnostics?.[0]).toContain('failing open');
    expect(handleEvent(ev, { env: { ...env, STOPLINE_FAIL_OPEN: '0' } }).reasonCode).toBe('GUARD_UNAVAILABLE');
  });

  it('a lock timeout is a decision: open allows with a diagnostic, closed denies', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change agents=5 -- x');
    // a live holder (this very process) keeps the lock: never stale, so the wait must time out
    const lock = holdLock(sb.data);
    const t0 = Date.now();
    const open = driver(sb, { env: { ...sb.env, STOPLINE_LOCK_TIMEOUT_MS: '300' } }).act(DELEGATE);
    // the bounded wait is configurable (default 2.5 s)
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(open.kind).toBe('none');
    expect(open.diagnostics?.join()).toContain('lock');
    const closed = driver(sb, { env: { ...sb.env, STOPLINE_FAIL_OPEN: '0' } }).act(DELEGATE);
    expect(closed.reasonCode).toBe('GUARD_UNAVAILABLE');
  });

  it('yielding lock waits (the resident evaluator): a held lock gives way before anything is written, then the event decides as usual', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change agents=1 -- x');
    const lock = holdLock(sb.data);
    const before = { state: readFileSync(stateFile(sb.data), 'utf8'), events: readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records.length };
    const yielding = driver(sb, { yieldLockWaitsSince: Date.now() });
    const t0 = Date.now();
    // a launch (reserves a unit) and a directive (changes the contract): both give way at once
    expect(() => yielding.act(DELEGATE)).toThrow(LockBusyError);
    expect(() => yielding.prompt('$stopline review -- y')).toThrow(LockBusyError);
    expect(Date.now() - t0).toBeLessThan(1000);
    // nothing of either event happened: no unit taken, no contract change, no evidence
    expect(readFileSync(stateFile(sb.data), 'utf8')).toBe(before.state);
    expect(readSessionEvents(sb.data, sessionStore(sb.data, 'session-1').key).records.length).toBe(before.events);
    // an event that takes no lock is not held up
    expect(yielding.act({ name: 'Read', canonicalName: 'Read', mutability: 'read', affectedPaths: [] }).kind).toBe('none');
    rmSync(lock);
    // decided again once the lock is free: the unit is granted exactly once
    expect(yielding.act(DELEGATE).kind).toBe('none');
    expect(yielding.act(DELEGATE).reasonCode).toBe('AGENT_BUDGET_EXHAUSTED');
  });

  it('yielding lock waits keep the bound: past STOPLINE_LOCK_TIMEOUT_MS from the first attempt it is the fail mode, not another yield', () => {
    const sb = sandbox();
    driver(sb).prompt('$stopline change agents=5 -- x');
    holdLock(sb.data);
    const env = { ...sb.env, STOPLINE_LOCK_TIMEOUT_MS: '300' };
    const late = Date.now() - 301;
    const open = driver(sb, { env, yieldLockWaitsSince: late }).act(DELEGATE);
    expect(open.kind).toBe('none');
    expect(open.diagnostics?.join()).toContain('lock');
    expect(driver(sb, { env: { ...env, STOPLINE_FAIL_OPEN: '0' }, yieldLockWaitsSince: late }).act(DELEGATE).reasonCode).toBe('GUARD_UNAVAILABLE');
  });

  it('a lock left by a dead process is recovered at once', () => {
    const sb = sandbox();
    const d = driver(sb);
    d.prompt('$stopline change agents=5 -- x');
    const lock = sessionStore(sb.data, 'session-1').lockFile;
    writeFileSync(lock, `999999 ${hostname()} dead ${Date.now()}`);
    const t0 = Date.now();
    expect(d.act(DELEGATE).kind).toBe('none');
    expect(Date.now() - t0).toBeLessThan(500);
  });
});

describe('an unusable data folder (issue 5 scenario 6)', () => {
  const CLOSED = { STOPLINE_FAIL_OPEN: '0' };

  /** Replace a folder under the data folder by a regular file, so every write under it fails (root included). */
  function fileInTheWay(path: string): void {
    rmSync(path, { recursive: true, force: true });
    writeFileSync(path, 'not a folder');
  }

  it('the data folder is a regular file: open lets the action through with one line, closed denies', () => {
    const sb = sandbox();
    writeFileSync(join(sb.root, 'data-is-a-file'), 'x');
    const env = { ...sb.env, STOPLINE_HOME: join(sb.root, 'data-is-a-file') };
    const open = driver(sb, { env }).act();
    expect(open.kind).toBe('none');
    expect(open.diagnostics).toHaveLength(1);
    expect(open.diagnostics![0]).toMatch(/ENOTDIR.*failing open/);
    const closed = driver(sb, { env: { ...env, ...CLOSED } }).act();
    expect(closed).toMatchObject({ kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE' });
    expect(closed.message!.split('\n')[0]).toBe('STOP / CONTROL');
  });

  it('a sessions folder blocked by a file is an error, not "no contract yet" (the armed contract is not silently lost)', () => {
    const sb = sandbox();
    driver(sb).prompt('$stopline review -- look only');
    fileInTheWay(join(sb.data, 'sessions'));
    // before: ENOTDIR read as a fresh observing session, so the write went through as CONTROL_INACTIVE
    const open = driver(sb).act();
    expect(open.kind).toBe('none');
    expect(open.reasonCode).toBeUndefined();
    expect(open.diagnostics?.join('\n')).toMatch(/ENOTDIR.*failing open/);
    expect(driver(sb, { env: { ...sb.env, ...CLOSED } }).act().reasonCode).toBe('GUARD_UNAVAILABLE');
  });

  it('an evidence folder that cannot be written: closed denies an allowed action, open keeps the decision', () => {
    const sb = sandbox();
    driver(sb).prompt('$stopline change files=src/** -- fix');
    fileInTheWay(join(sb.data, 'runtime'));
    const open = driver(sb).act();
    expect(open).toMatchObject({ kind: 'none', reasonCode: 'WITHIN_CONTRACT' });
    expect(open.diagnostics).toEqual([expect.stringContaining('evidence not written (ENOTDIR); the decision stands')]);
    const closed = driver(sb, { env: { ...sb.env, ...CLOSED } }).act();
    expect(closed).toMatchObject({ kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE' });
    expect(closed.message).toContain('evidence not written (ENOTDIR)');
    expect(closed.diagnostics?.join('\n')).toContain('failing closed');
    // after the tool ran there is nothing left to deny: the after-event keeps its (none) answer
    expect(driver(sb, { env: { ...sb.env, ...CLOSED } }).after().kind).toBe('none');
  });

  it('config failMode closed (no env) also denies when the evidence cannot be written', () => {
    const sb = sandbox();
    writeUserFile(sb.home, { failMode: 'closed' });
    driver(sb).prompt('$stopline change files=src/** -- fix');
    fileInTheWay(join(sb.data, 'runtime'));
    expect(driver(sb).act().reasonCode).toBe('GUARD_UNAVAILABLE');
  });

  // root ignores permission bits, so a read-only folder only fails for a normal user; the
  // file-in-the-way cases above cover the same path for root
  it.skipIf(process.getuid?.() === 0)('a read-only data folder (0500): open keeps the decision with one line, closed denies', () => {
    const sb = sandbox();
    driver(sb).prompt('$stopline change files=src/** agents=3 -- fix');
    const dirs = allDirs(sb.data);
    for (const dir of dirs) chmodSync(dir, 0o500);
    try {
      // a new session's evidence file cannot be created
      const other = { sessionId: 'session-2' };
      const open = driver(sb, {}, other).act();
      expect(open).toMatchObject({ kind: 'none', reasonCode: 'CONTROL_INACTIVE' });
      expect(open.diagnostics).toEqual([expect.stringContaining('evidence not written (EACCES)')]);
      expect(driver(sb, { env: { ...sb.env, ...CLOSED } }, other).act().reasonCode).toBe('GUARD_UNAVAILABLE');
      // the armed session's agent reservation cannot be written
      expect(driver(sb).act(DELEGATE).diagnostics?.join('\n')).toMatch(/EACCES.*failing open/);
      expect(driver(sb, { env: { ...sb.env, ...CLOSED } }).act(DELEGATE).reasonCode).toBe('GUARD_UNAVAILABLE');
    } finally {
      for (const dir of dirs) chmodSync(dir, 0o700);
    }
  });
});

describe('STOPLINE_FAIL_MODE', () => {
  const bad = { protocolVersion: 1, kind: 'action.before', sessionId: 's', host: { family: 'claude' }, action: { name: 'Edit' } };
  const closedConfig = () => {
    const sb = sandbox();
    writeUserFile(sb.home, { failMode: 'closed' });
    return sb;
  };

  it('closed|open is honoured (any case, spaces trimmed)', () => {
    const env = sandbox().env;
    expect(handleEvent(bad, { env: { ...env, STOPLINE_FAIL_MODE: 'closed' } }).reasonCode).toBe('GUARD_UNAVAILABLE');
    expect(handleEvent(bad, { env: { ...env, STOPLINE_FAIL_MODE: ' Closed ' } }).reasonCode).toBe('GUARD_UNAVAILABLE');
    expect(failOutcome(new Error('boom'), { env: { STOPLINE_FAIL_MODE: 'closed' } }).kind).toBe('deny');
    expect(handleEvent(bad, { env: { ...env, STOPLINE_FAIL_MODE: 'open' } }).kind).toBe('none');
  });

  it('STOPLINE_FAIL_OPEN wins over STOPLINE_FAIL_MODE, which wins over the config', () => {
    const sb = closedConfig();
    expect(handleEvent(bad, { env: sb.env }).reasonCode).toBe('GUARD_UNAVAILABLE');
    expect(handleEvent(bad, { env: { ...sb.env, STOPLINE_FAIL_MODE: 'open' } }).kind).toBe('none');
    expect(handleEvent(bad, { env: { ...sb.env, STOPLINE_FAIL_MODE: 'open', STOPLINE_FAIL_OPEN: '0' } }).reasonCode).toBe('GUARD_UNAVAILABLE');
    expect(handleEvent(bad, { env: { ...sandbox().env, STOPLINE_FAIL_MODE: 'closed', STOPLINE_FAIL_OPEN: '1' } }).kind).toBe('none');
    // an unusable data folder (not only a malformed event) follows it too
    const data = sandbox();
    writeFileSync(join(data.root, 'f'), 'x');
    const env = { ...data.env, STOPLINE_HOME: join(data.root, 'f'), STOPLINE_FAIL_MODE: 'closed' };
    expect(driver(data, { env }).act().reasonCode).toBe('GUARD_UNAVAILABLE');
  });

  it('a value it does not understand is ignored with one diagnostic line saying so', () => {
    const sb = closedConfig();
    const o = driver(sb, { env: { ...sb.env, STOPLINE_FAIL_MODE: 'loose' } }).act();
    expect(o.diagnostics).toEqual(['STOPLINE_FAIL_MODE=loose not understood (use open or closed); ignored']);
    // the config's closed still applies
    writeFileSync(join(sb.root, 'f'), 'x');
    const env = { ...sb.env, STOPLINE_HOME: join(sb.root, 'f'), STOPLINE_FAIL_MODE: 'loose' };
    expect(driver(sb, { env }).act().reasonCode).toBe('GUARD_UNAVAILABLE');
    expect(driver(sandbox({ STOPLINE_FAIL_OPEN: 'yes' })).act().diagnostics).toEqual(['STOPLINE_FAIL_OPEN=yes not understood (use 1 or 0); ignored']);
  });
});
