/**
 * `npm run demo` (build/demo.mjs): for each built artifact with a recorded session it feeds
 * the payloads through the artifact as the host would and prints what happened; for the
 * rest it says they are not built. Shown on the toy artifacts for all four drivers, then on
 * the real artifact list.
 */
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, REPO_ROOT } from '../../build/artifacts.mjs';
import type { Artifact } from '../../build/artifacts.mjs';
import { runDemo, substitute } from '../../build/demo.mjs';
import { join } from 'node:path';
import { COMMITTED_DIST, artifactsByState } from './helpers';

const TOY_DIST = join(REPO_ROOT, 'test', 'build', 'fixtures', 'toy-dist');
const base = { format: 'es' as const, sizeBudget: 150 * 1024, files: [], install: '', cases: [] };

const toys: Artifact[] = [
  {
    ...base,
    id: 'toy-command',
    title: 'Toy command hook',
    entry: 'test/build/fixtures/toy-dist/hook.mjs',
    output: 'hook.mjs',
    kind: 'command',
    shebang: true,
    demo: {
      pathMap: { '/home/dev/proj': '{{project}}' },
      steps: [
        { say: 'the contract is armed', payload: { hook_event_name: 'UserPromptSubmit', cwd: '/home/dev/proj', prompt: 'fix the parser files=src' }, render: (r) => JSON.parse(r.stdout).hookSpecificOutput.additionalContext },
        { say: 'a Write outside it is blocked', payload: { hook_event_name: 'PreToolUse', cwd: '/home/dev/proj', tool_name: 'Write', tool_input: { file_path: '/home/dev/proj/.env' } } },
        { say: 'an allowed change', payload: { hook_event_name: 'PreToolUse', cwd: '/home/dev/proj', tool_name: 'Write', tool_input: { file_path: '/home/dev/proj/src/a.ts' } } },
      ],
    },
  },
  {
    ...base,
    id: 'toy-opencode',
    title: 'Toy OpenCode plugin',
    entry: 'test/build/fixtures/toy-dist/opencode/stopline.js',
    output: 'opencode/stopline.js',
    kind: 'opencode-plugin',
    shebang: false,
    demo: {
      driver: 'opencode',
      steps: [
        { say: 'blocked write', payload: { input: { tool: 'write' }, output: { args: { filePath: '{{project}}/.env' } } } },
        { say: 'allowed write', payload: { input: { tool: 'write' }, output: { args: { filePath: '{{project}}/src/a.ts' } } }, render: (r) => `allowed, args now ${JSON.stringify(r.output.args.seenBy)}` },
      ],
    },
  },
  {
    ...base,
    id: 'toy-pi',
    title: 'Toy Pi extension',
    entry: 'test/build/fixtures/toy-dist/pi/stopline.ts',
    output: 'pi/stopline.ts',
    kind: 'pi-extension',
    shebang: false,
    demo: { driver: 'pi', steps: [{ say: 'blocked write', payload: { toolName: 'write', input: { path: '.env' } }, ctx: { sessionId: 'S9' } }] },
  },
  {
    ...base,
    id: 'toy-hermes',
    title: 'Toy Hermes bundle',
    entry: 'test/build/fixtures/toy-dist/hermes/toy/stopline.mjs',
    output: 'hermes/toy/stopline.mjs',
    kind: 'command',
    shebang: true,
    demo: { driver: 'hermes', steps: [{ say: 'blocked write_file', hook: 'pre_tool_call', payload: { tool_name: 'write_file', args: { path: 'app/.env' } } }] },
  },
  { ...base, id: 'toy-missing', title: 'Not there', entry: 'nowhere.ts', output: 'missing/stopline.mjs', kind: 'command', shebang: true },
];

describe('demo on toy artifacts', () => {
  it('replays each recorded session through its driver and prints every step', async () => {
    const lines: string[] = [];
    const code = await runDemo({ artifacts: toys, outRoot: TOY_DIST, log: (l) => lines.push(l) });
    const text = lines.join('\n');
    expect(code, text).toBe(0);
    expect(text).toContain('== Toy command hook');
    expect(text).toContain('1. the contract is armed\n       contract armed: files=src');
    expect(text).toMatch(/2\. a Write outside it is blocked\n {7}exit 0\n {7}stdout: .*"permissionDecision":"deny","permissionDecisionReason":"STOP Write \.env is outside files=src"/);
    expect(text).toContain('3. an allowed change\n       exit 0\n');
    expect(text).toMatch(/threw \(the host blocks the tool with this message\):\n {9}STOP: write of \/.*\/project\/\.env is outside the contract/);
    expect(text).toContain('allowed, args now "toy in project"');
    expect(text).toContain('returned: {"block":true,"reason":"STOP: write of .env (session S9)"}');
    expect(text).toContain('returned: {"action":"block","message":"STOP: app/.env"}');
    expect(text).toContain('Not built yet (their adapter has not landed): toy-missing (nowhere.ts)');
  }, 120_000);

  it('exits 1 and says why when an artifact cannot be loaded', async () => {
    const broken: Artifact = { ...toys[1]!, id: 'broken', output: 'hook.mjs', title: 'Broken plugin' };
    const lines: string[] = [];
    const code = await runDemo({ artifacts: [broken], outRoot: TOY_DIST, log: (l) => lines.push(l) });
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/demo failed: the opencode artifact failed to load/);
  }, 60_000);
});

describe('demo on the real artifacts', () => {
  it('prints the artifact table, the CLI version and which hosts are not built yet', async () => {
    const lines: string[] = [];
    const code = await runDemo({ outRoot: COMMITTED_DIST, log: (l) => lines.push(l) });
    const text = lines.join('\n');
    expect(code, text).toBe(0);
    for (const a of ARTIFACTS) expect(text).toContain(a.output);
    expect(text).toMatch(/\$ node dist\/stopline\.mjs --version\n {2}stopline \d+\.\d+\.\d+/);
    const { notYet } = artifactsByState();
    for (const a of notYet) expect(text).toContain(`${a.id} (${a.entry})`);
  }, 120_000);
});

describe('payload substitution', () => {
  it('maps fixture paths and fills {{project}} and {{home}} everywhere, longest path first', () => {
    const out = substitute(
      { cwd: '/home/dev/proj', list: ['/home/dev/proj/a', '{{home}}/x'], n: 3, nested: { p: '/home/dev/proj-two/b' } },
      { pathMap: { '/home/dev/proj': '{{project}}', '/home/dev/proj-two': '/elsewhere' }, project: '/P', home: '/H' },
    );
    expect(out).toEqual({ cwd: '/P', list: ['/P/a', '/H/x'], n: 3, nested: { p: '/elsewhere/b' } });
  });
});
