/**
 * The built bridge, `node dist/stopline.mjs guard`, as a harness runs it: a real process, one
 * event on stdin, the exit code. One block, one allow and one input error per dialect, and bad
 * input under fail closed (exit 2) against usage errors (exit 1) (the bulk of the cases runs
 * in process in guard.test.ts). Needs `STOPLINE_ONLY=cli npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dialectCases, hostArgs } from './guard-cases';
import { DIST_CLI, REPO, cleanupTempDirs, isolatedEnv, spawnCliAsync, tempDir, writeFile } from './helpers';

afterAll(cleanupTempDirs);

const SPAWN_TIMEOUT_MS = 120_000;

describe('dist/stopline.mjs guard', () => {
  it('dist/stopline.mjs exists (run npm run build)', () => {
    expect(existsSync(DIST_CLI)).toBe(true);
  });

  const home = tempDir();
  const project = join(home, 'project');
  writeFile(join(project, 'README.md'), 'x');
  const env = isolatedEnv(home, { STOPLINE_HOME: join(home, 'data') });
  const cases = dialectCases(project);

  it('every dialect: armed review blocks a write (exit 2, stamp on stderr), allows a read (exit 0), refuses a broken payload (exit 1)', { timeout: 600_000 }, async () => {
    const results = await Promise.all(
      Object.entries(cases).map(async ([name, c]) => {
        const run = (payload: unknown) => spawnCliAsync(hostArgs(c), { env, cwd: project, stdin: JSON.stringify(payload), timeoutMs: SPAWN_TIMEOUT_MS });
        const session = `dist-${name}`;
        const armed = await run(c.prompt(session, '$stopline review -- look'));
        const read = await run(c.read(session));
        const write = await run(c.write(session));
        const broken = await run(c.broken(session));
        return { name, says: c.brokenSays, armed, read, write, broken };
      }),
    );
    for (const { name, says, armed, read, write, broken } of results) {
      expect(armed.code, `${name} arm: ${armed.stderr}`).toBe(0);
      expect(read.code, `${name} read: ${read.stderr}`).toBe(0);
      expect(JSON.parse(read.stdout).decision, name).toBe('allow');
      expect(write.code, `${name} write`).toBe(2);
      expect(write.stderr, name).toMatch(/^STOP \/ INTENT\n[\s\S]*Reason: MODE_FORBIDS_MUTATION \(I\)/);
      expect(JSON.parse(write.stdout)).toMatchObject({ decision: 'block', reasonCode: 'MODE_FORBIDS_MUTATION' });
      expect(broken.code, name).toBe(1);
      expect(broken.stdout, name).toBe('');
      expect(broken.stderr, name).toContain(says);
    }
  });

  it('bad input (fail open, the default) is exit 1 with the accepted forms; an unknown dialect suggests the right one', { timeout: 300_000 }, async () => {
    const [garbage, dialect] = await Promise.all([
      spawnCliAsync(['guard'], { env, stdin: 'rm -rf /', timeoutMs: SPAWN_TIMEOUT_MS }),
      spawnCliAsync(['guard', '--host', 'odex'], { env, stdin: '{}', timeoutMs: SPAWN_TIMEOUT_MS }),
    ]);
    expect(garbage.code).toBe(1);
    expect(garbage.stdout).toBe('');
    expect(garbage.stderr).toContain('Accepted input: one JSON object on stdin');
    expect(garbage.stderr).toContain('input error, exit 1 because the fail mode is open');
    expect(dialect.code).toBe(1);
    expect(dialect.stderr).toContain('did you mean "codex"?');
  });

  it('fail closed: bad input and a broken payload block (exit 2, GUARD_UNAVAILABLE stamp), a usage error stays exit 1', { timeout: 300_000 }, async () => {
    const closed = { ...env, STOPLINE_FAIL_OPEN: '0' };
    const c = cases.codex!;
    const [garbage, big, broken, dialect] = await Promise.all([
      spawnCliAsync(['guard'], { env: closed, cwd: project, stdin: 'rm -rf /', timeoutMs: SPAWN_TIMEOUT_MS }),
      spawnCliAsync(['guard'], { env: closed, cwd: project, stdin: 'x'.repeat(8 * 1024 * 1024 + 1), timeoutMs: SPAWN_TIMEOUT_MS }),
      spawnCliAsync(hostArgs(c), { env: { ...env, STOPLINE_FAIL_MODE: 'closed' }, cwd: project, stdin: JSON.stringify(c.broken('dist-closed')), timeoutMs: SPAWN_TIMEOUT_MS }),
      spawnCliAsync(['guard', '--host', 'odex'], { env: closed, stdin: '{}', timeoutMs: SPAWN_TIMEOUT_MS }),
    ]);
    for (const [name, r] of [['garbage', garbage], ['over 8 MiB', big], ['broken codex payload', broken]] as const) {
      expect(r.code, `${name}: ${r.stderr}`).toBe(2);
      expect(r.stderr, name).toMatch(/^STOP \/ CONTROL\n[\s\S]*Reason: GUARD_UNAVAILABLE \(C\)/);
      expect(JSON.parse(r.stdout), name).toMatchObject({ decision: 'block', reasonCode: 'GUARD_UNAVAILABLE' });
    }
    expect(broken.stderr).toContain(c.brokenSays);
    expect(dialect.code).toBe(1);
    expect(dialect.stdout).toBe('');
    expect(dialect.stderr).toContain('did you mean "codex"?');
  });

  it('the same file under bun and deno: block, allow, input error', { timeout: 600_000 }, () => {
    const bin = join(REPO, 'node_modules', '.bin');
    const runtimes: [string, string[]][] = [
      ['bun', [join(bin, 'bun')]],
      ['deno', [join(bin, 'deno'), 'run', '-A', '--no-config', '--no-lock', '--quiet']],
    ];
    const c = cases.native!;
    for (const [name, argv] of runtimes) {
      const run = (stdin: string) => spawnSync(argv[0]!, [...argv.slice(1), DIST_CLI, 'guard'], { input: stdin, env, cwd: project, encoding: 'utf8', timeout: SPAWN_TIMEOUT_MS });
      const session = `runtime-${name}`;
      expect(run(JSON.stringify(c.prompt(session, '$stopline review -- look'))).status, name).toBe(0);
      const write = run(JSON.stringify(c.write(session)));
      expect(write.status, `${name}: ${write.stderr}`).toBe(2);
      expect(write.stderr, name).toContain('Reason: MODE_FORBIDS_MUTATION (I)');
      expect(run(JSON.stringify(c.read(session))).status, name).toBe(0);
      expect(run('not json').status, name).toBe(1);
      const closed = spawnSync(argv[0]!, [...argv.slice(1), DIST_CLI, 'guard'], { input: 'not json', env: { ...env, STOPLINE_FAIL_OPEN: '0' }, cwd: project, encoding: 'utf8', timeout: SPAWN_TIMEOUT_MS });
      expect(closed.status, `${name} closed: ${closed.stderr}`).toBe(2);
      expect(closed.stderr, name).toContain('Reason: GUARD_UNAVAILABLE (C)');
    }
  });
});
