/**
 * Every host's path resolver column, through analyzeToolCall as the adapters call it: one
 * table per host (and per Pi version) of the forms a model writes -> the path the host
 * writes, relative to the cwd or absolute outside it, or null where it is unproven. The facts
 * behind each row are in docs/hosts/<host>.md. The hosts with a test folder keep their write
 * call and tables there (test/hosts/<host>/rows.ts, hostPaths).
 */
import { describe, expect, it } from 'vitest';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { REGISTRIES, type RegistryFamily } from '../../../core/registry/index';
import { FOLDER_ROWS } from '../../hosts/harness/folder-rows';
import type { HostTestRows } from '../../hosts/harness/host-rows';
import { COMMON, CWD, HOME, type HostPathRows } from '../../hosts/harness/path-tables';

/** Claude Code's write call and table; every other host keeps its own in its test folder (its rows' hostPaths). */
const CLAUDE: HostPathRows = {
  write: (raw) => ({ tool: 'Write', input: { file_path: raw, content: 'x' } }),
  tables: [
    {
      title: 'Claude Code 2.1.332',
      rows: [
        ...COMMON,
        ['~/.claude/settings.json', [`${HOME}/.claude/settings.json`]],
        ['  src/a.ts  ', ['src/a.ts']],
        ['@src/a.ts', ['@src/a.ts']],
        ['file:///etc/x', ['file:/etc/x']],
        ['~root/x', [`${CWD}/~root/x`]],
      ],
    },
  ],
};

const HOSTS: [RegistryFamily, HostPathRows][] = [
  ['claude', CLAUDE],
  ...Object.entries<HostTestRows>(FOLDER_ROWS).flatMap(([host, rows]) => (rows.hostPaths ? [[host as RegistryFamily, rows.hostPaths] as [RegistryFamily, HostPathRows]] : [])),
];

const TABLES = HOSTS.flatMap(([host, paths]) => paths.tables.map((t) => [t.title, { host, write: paths.write, version: t.version, rows: t.rows }] as const));

function targets(host: RegistryFamily, write: HostPathRows['write'], raw: string, hostVersion?: string): string[] | null {
  const { tool, input } = write(raw);
  const a = analyzeToolCall(REGISTRIES[host], tool, input, { cwd: CWD, home: HOME, ...(hostVersion ? { hostVersion } : {}) });
  expect(a.mutability).toBe('write');
  return a.affectedPaths;
}

describe.each(TABLES)('%s', (_title, t) => {
  it.each(t.rows)('%j -> %j', (raw, expected) => {
    expect(targets(t.host, t.write, raw, t.version)).toEqual(expected);
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
