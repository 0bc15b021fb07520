/**
 * Every host's path resolver column, through analyzeToolCall as the adapters call it: one
 * table per host (and per Pi version) of the forms a model writes -> the path the host
 * writes, relative to the cwd or absolute outside it, or null where it is unproven. The facts
 * behind each row are in docs/hosts/<host>.md.
 */
import { describe, expect, it } from 'vitest';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { REGISTRIES, type RegistryFamily } from '../../../core/registry/index';

const CWD = '/w/proj';
const HOME = '/w/home';

type Row = [raw: string, expected: string[] | null];

function writeInput(host: RegistryFamily, raw: string): { tool: string; input: Record<string, unknown> } {
  switch (host) {
    case 'claude':
      return { tool: 'Write', input: { file_path: raw, content: 'x' } };
    case 'codex':
      return { tool: 'apply_patch', input: { command: `*** Begin Patch\n*** Add File: ${raw}\n+x\n*** End Patch\n` } };
    case 'opencode':
    case 'kilo':
      return { tool: 'write', input: { filePath: raw, content: 'x' } };
    case 'pi':
      return { tool: 'write', input: { path: raw, content: 'x' } };
    case 'hermes':
      return { tool: 'write_file', input: { path: raw, content: 'x' } };
    case 'gemini':
    case 'qwen':
      return { tool: 'write_file', input: { file_path: raw, content: 'x' } };
    case 'copilot':
      return { tool: 'create', input: { path: raw, file_text: 'x' } };
    case 'droid':
      return { tool: 'Create', input: { file_path: raw, content: 'x' } };
    case 'cline':
      return { tool: 'editor', input: { path: raw, new_text: 'x' } };
    case 'kimi':
      return { tool: 'WriteFile', input: { path: raw, content: 'x' } };
    case 'openhands':
      return { tool: 'file_editor', input: { command: 'create', path: raw, file_text: 'x' } };
    case 'openclaw':
      return { tool: 'write', input: { path: raw, content: 'x' } };
    case 'vibe':
      return { tool: 'file_system.write_file', input: { file_path: raw, content: 'x' } };
  }
}

function targets(host: RegistryFamily, raw: string, hostVersion?: string): string[] | null {
  const { tool, input } = writeInput(host, raw);
  const a = analyzeToolCall(REGISTRIES[host], tool, input, { cwd: CWD, home: HOME, ...(hostVersion ? { hostVersion } : {}) });
  expect(a.mutability).toBe('write');
  return a.affectedPaths;
}

// forms every host reads the same way
const COMMON: Row[] = [
  ['src/a.ts', ['src/a.ts']],
  ['./src/../src/a.ts', ['src/a.ts']],
  [`${CWD}/src/a.ts`, ['src/a.ts']],
  ['../outside/x.txt', ['/w/outside/x.txt']],
  ['/etc/x', ['/etc/x']],
];

const TABLES: Record<string, { host: RegistryFamily; version?: string; rows: Row[] }> = {
  'Claude Code 2.1.332': {
    host: 'claude',
    rows: [
      ...COMMON,
      ['~/.claude/settings.json', [`${HOME}/.claude/settings.json`]],
      ['  src/a.ts  ', ['src/a.ts']],
      ['@src/a.ts', ['@src/a.ts']],
      ['file:///etc/x', ['file:/etc/x']],
      ['~root/x', [`${CWD}/~root/x`]],
    ],
  },
  'Codex 0.171.0': {
    host: 'codex',
    rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']]],
  },
  'OpenCode 1.18.33': {
    host: 'opencode',
    rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']]],
  },
  'Hermes 0.19.0': {
    host: 'hermes',
    rows: [...COMMON, ['~/x.txt', [`${HOME}/x.txt`]], ['~root/x', null], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']]],
  },
  // the forms the column decides; Gemini's adapter first resolves what depends on the disk
  // (`@`, replace's search, percent escapes): test/hosts/gemini/paths.test.ts
  'Gemini CLI 0.61.0 (after the adapter)': {
    host: 'gemini',
    rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['file:///etc/x', ['file:/etc/x']]],
  },
  // Qwen refuses a relative file_path before any hook runs; what reaches the hook is absolute
  'Qwen Code 0.24.4': {
    host: 'qwen',
    rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']]],
  },
  'Pi 1.6.0': {
    host: 'pi',
    version: '1.6.0',
    rows: [
      ...COMMON,
      ['@src/a.ts', ['src/a.ts']],
      ['@../outside/x.txt', ['/w/outside/x.txt']],
      ['@~/.pi/agent/extensions/stopline.ts', [`${HOME}/.pi/agent/extensions/stopline.ts`]],
      ['~/x.txt', [`${HOME}/x.txt`]],
      ['file:///etc/x', ['/etc/x']],
      [`file://${CWD}/src/a%20b.ts`, ['src/a b.ts']],
      ['@file:///etc/x', ['/etc/x']],
      ['file://host/x', null],
      ['src/my\u00A0a.ts', ['src/my a.ts']],
      ['@@x', ['@x']],
    ],
  },
  'Pi 0.73.1': {
    host: 'pi',
    version: '0.73.1',
    rows: [
      ...COMMON,
      ['@src/a.ts', ['src/a.ts']],
      ['@../outside/x.txt', ['/w/outside/x.txt']],
      ['@~/.pi/agent/extensions/stopline.ts', [`${HOME}/.pi/agent/extensions/stopline.ts`]],
      ['file:///etc/x', ['file:/etc/x']],
      ['file://host/x', ['file:/host/x']],
      ['src/my\u00A0a.ts', ['src/my a.ts']],
    ],
  },
  // observed on the real CLIs (test/hosts/copilot/path-forms.test.ts, test/hosts/droid/path-forms.test.ts):
  // `~/x`, `@x`, a leading space and `file://` are plain names in the cwd
  'GitHub Copilot CLI 1.0.102': {
    host: 'copilot',
    rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']], [' src/a.ts', [' src/a.ts']]],
  },
  'Kimi Code 1.51.0': {
    host: 'kimi',
    rows: [...COMMON, ['~/x.txt', [`${HOME}/x.txt`]], ['~other/x.txt', null], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']]],
  },
  'Factory Droid 0.225.2': {
    host: 'droid',
    rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']], [' src/a.ts', [' src/a.ts']]],
  },
  'Cline CLI 3.0.65': {
    host: 'cline',
    rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], [' src/a.ts', [' src/a.ts']]],
  },
  // file_editor refuses a path that is not absolute (nothing is written); `~` is never expanded
  'OpenHands 1.16.0': {
    host: 'openhands',
    rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], [`${CWD}/a/../b.txt`, ['b.txt']]],
  },
  // observed on the real CLI (test/hosts/openclaw/path-forms.test.ts)
  'OpenClaw 2026.9.6': {
    host: 'openclaw',
    rows: [...COMMON, ['~/x.txt', [`${HOME}/x.txt`]], ['@src/a.ts', ['src/a.ts']], [`file://${CWD}/src/a.ts`, ['src/a.ts']], [' src/a.ts', [' src/a.ts']], ['src/my\u00A0a.ts', ['src/my\u00A0a.ts']]],
  },
  // observed on the real CLI (test/hosts/vibe/path-forms.test.ts): `~/x` is the HOME's, `~name/x` that user's home, `@x` and `file://` plain names
  'Mistral Vibe 3.0.2': {
    host: 'vibe',
    rows: [...COMMON, ['~/x.txt', [`${HOME}/x.txt`]], ['~bob/x.txt', null], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']]],
  },
  'Pi, version not known (both)': {
    host: 'pi',
    rows: [
      ...COMMON,
      ['@src/a.ts', ['src/a.ts']],
      ['@~/x', [`${HOME}/x`]],
      ['file:///etc/x', ['file:/etc/x', '/etc/x']],
      [`file://${CWD}/src/a.ts`, [`file:${CWD}/src/a.ts`, 'src/a.ts']],
      ['file://host/x', null],
    ],
  },
};

describe.each(Object.entries(TABLES))('%s', (_title, t) => {
  it.each(t.rows)('%j -> %j', (raw, expected) => {
    expect(targets(t.host, raw, t.version)).toEqual(expected);
  });
});

describe('the other path-bearing tools use the same column', () => {
  it('Pi edit and OpenCode multiedit / patch place their paths like write', () => {
    const pi = analyzeToolCall(REGISTRIES.pi, 'edit', { path: '@src/a.ts', edits: [{ oldText: 'a', newText: 'b' }] }, { cwd: CWD, home: HOME });
    expect(pi.affectedPaths).toEqual(['src/a.ts']);
    const me = analyzeToolCall(REGISTRIES.opencode, 'multiedit', { filePath: '~/a.ts', edits: [{ oldString: 'a', newString: 'b' }] }, { cwd: CWD, home: HOME });
    expect(me.affectedPaths).toEqual([`${CWD}/~/a.ts`]);
    const patch = analyzeToolCall(REGISTRIES.opencode, 'apply_patch', { patchText: '*** Begin Patch\n*** Add File: ~/b.ts\n+x\n*** End Patch' }, { cwd: CWD, home: HOME });
    expect(patch.affectedPaths).toEqual([`${CWD}/~/b.ts`]);
  });

  it('Claude NotebookEdit and Hermes V4A patch headers expand ~', () => {
    const nb = analyzeToolCall(REGISTRIES.claude, 'NotebookEdit', { notebook_path: '~/n.ipynb', new_source: 'x' }, { cwd: CWD, home: HOME });
    expect(nb.affectedPaths).toEqual([`${HOME}/n.ipynb`]);
    const v4a = analyzeToolCall(REGISTRIES.hermes, 'patch', { mode: 'patch', patch: '*** Begin Patch\n*** Add File: ~/c.ts\n+x\n*** End Patch' }, { cwd: CWD, home: HOME });
    expect(v4a.affectedPaths).toEqual([`${HOME}/c.ts`]);
  });

  it('an unproven path names why in the analysis', () => {
    const a = analyzeToolCall(REGISTRIES.hermes, 'write_file', { path: '~root/x', content: 'x' }, { cwd: CWD, home: HOME });
    expect(a.affectedPaths).toBeNull();
    expect(a.segments?.[0]?.why).toMatch(/unproven: `~name`/);
  });
});

describe('workdir fields are placed by the host column', () => {
  it('OpenCode bash workdir is not ~-expanded (a folder named ~), Hermes terminal workdir is', () => {
    const oc = analyzeToolCall(REGISTRIES.opencode, 'bash', { command: 'echo x > out.txt', workdir: '~/w' }, { cwd: CWD, home: HOME });
    expect(oc.affectedPaths).toEqual([`${CWD}/~/w/out.txt`]);
    const he = analyzeToolCall(REGISTRIES.hermes, 'terminal', { command: 'echo x > out.txt', workdir: '~/w' }, { cwd: CWD, home: HOME });
    expect(he.affectedPaths).toEqual([`${HOME}/w/out.txt`]);
  });

  it('a workdir the host would read as another user\'s home leaves relative targets unproven', () => {
    const he = analyzeToolCall(REGISTRIES.hermes, 'terminal', { command: 'echo x > out.txt', workdir: '~root' }, { cwd: CWD, home: HOME });
    expect(he.mutability).toBe('write');
    expect(he.affectedPaths).toBeNull();
    // an absolute target does not depend on the folder
    const abs = analyzeToolCall(REGISTRIES.hermes, 'terminal', { command: 'echo x > /w/proj/out.txt', workdir: '~root' }, { cwd: CWD, home: HOME });
    expect(abs.affectedPaths).toEqual(['out.txt']);
  });
});

describe('Hermes: relative paths join the folder Hermes names for the call (after a `cd`)', () => {
  const LIVE = `${CWD}/src`;
  const he = (tool: string, input: Record<string, unknown>, hostBase?: string) => analyzeToolCall(REGISTRIES.hermes, tool, input, { cwd: CWD, home: HOME, ...(hostBase ? { hostBase } : {}) });
  it.each([
    ['write_file', { path: 'a.ts', content: 'x' }, ['src/a.ts']],
    ['write_file', { path: '../top.txt', content: 'x' }, ['top.txt']],
    ['write_file', { path: '../../out.txt', content: 'x' }, ['/w/out.txt']],
    ['write_file', { path: `${CWD}/b.ts`, content: 'x' }, ['b.ts']],
    ['write_file', { path: '~/h.txt', content: 'x' }, [`${HOME}/h.txt`]],
    ['patch', { path: 'a.ts', old_string: 'a', new_string: 'b' }, ['src/a.ts']],
    ['patch', { mode: 'patch', patch: '*** Begin Patch\n*** Add File: c.ts\n+x\n*** End Patch' }, ['src/c.ts']],
    ['terminal', { command: 'touch t.ts' }, ['src/t.ts']],
    ['terminal', { command: 'cd .. && touch t.txt' }, ['t.txt']],
    ['terminal', { command: 'touch w.txt', workdir: 'lib' }, ['src/lib/w.txt']],
    ['terminal', { command: 'touch w.txt', workdir: '/w/proj' }, ['w.txt']],
  ] as const)('%s %j -> %j', (tool, input, want) => {
    expect(he(tool, { ...input }, LIVE).affectedPaths).toEqual(want);
  });

  it('without a base from Hermes (the shell-hook door, another Hermes) the event folder stands in', () => {
    expect(he('write_file', { path: 'a.ts', content: 'x' }).affectedPaths).toEqual(['a.ts']);
    expect(he('terminal', { command: 'touch t.ts' }).affectedPaths).toEqual(['t.ts']);
  });

  it("only Hermes's rows join the host's folder: other hosts ignore it", () => {
    const oc = analyzeToolCall(REGISTRIES.opencode, 'write', { filePath: 'a.ts', content: 'x' }, { cwd: CWD, home: HOME, hostBase: LIVE });
    expect(oc.affectedPaths).toEqual(['a.ts']);
  });
});

describe('column completeness', () => {
  // tools whose path argument is placed by the plain reading on purpose, with why
  const PLAIN: Record<string, string> = {
    'hermes:text_to_speech': 'output_path: not traced in the Hermes source yet',
  };
  it('every tool row that names a path, a patch or a workdir has a path resolver', () => {
    const missing: string[] = [];
    for (const [family, reg] of Object.entries(REGISTRIES)) {
      for (const t of reg.tools) {
        const names = (t.pathFields?.length ?? 0) > 0 || t.patchField !== undefined || t.workdirField !== undefined;
        if (names && !t.pathResolver && !PLAIN[`${family}:${t.name}`]) missing.push(`${family}:${t.name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
