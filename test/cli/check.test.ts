/**
 * `stopline check`: what the guard would answer and why, for a command or a tool call, with a
 * contract or without, on a host's tool names, with the person's config; nothing recorded. The
 * last block runs the built dist/stopline.mjs as a person runs it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTempDirs, cli, DIST_CLI, isolatedEnv, spawnCli, tempDir, writeFile } from './helpers';
import { probeSandbox } from '../../core/confine/probe';

afterEach(() => cleanupTempDirs());

function place() {
  const root = tempDir('stopline-check-');
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  return { root, home, project, env: isolatedEnv(home, { STOPLINE_HOME: join(root, 'data') }) };
}

describe('stopline check', () => {
  it('a command with no contract: the floor, the stamp and the analysis; exit 2 when stopped', async () => {
    const p = place();
    const r = await cli(['check', '--', 'git reset --hard HEAD~1'], { env: p.env, cwd: p.project });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('verdict: deny on Claude Code');
    expect(r.stdout).toContain('rule: FLOOR_GIT_DISCARD (F)');
    expect(r.stdout).toContain('hazard git-discard: git reset --hard');
    expect(r.stdout).toContain('STOP / SAFETY');
    expect(r.stdout).toContain('contract: unconfirmed watch; floor preset: standard');
  });

  it('what is inside the project runs: exit 0, no stamp', async () => {
    const p = place();
    const r = await cli(['check', '--', 'rm -rf build/'], { env: p.env, cwd: p.project });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('verdict: allow');
    expect(r.stdout).toContain('hazard delete: rm -rf build');
    expect(r.stdout).not.toContain('STOP');
  });

  it('under a contract: the contract answers what the floor leaves', async () => {
    const p = place();
    const review = await cli(['check', '--contract', 'review files=src/**', '--', 'rm -rf build/'], { env: p.env, cwd: p.project });
    expect(review.code).toBe(2);
    expect(review.stdout).toContain('rule: MODE_FORBIDS_MUTATION');
    expect(review.stdout).toContain('contract: review guard files=src/**');
    const change = await cli(['check', '--contract', '$stopline change files=src/**', '--', 'echo x > src/a.ts'], { env: p.env, cwd: p.project });
    expect(change.code).toBe(0);
    expect(change.stdout).toContain('rule: WITHIN_CONTRACT');
  });

  it('a command the analysis cannot prove runs confined where the host rewrites and a sandbox starts; stopped where not', async () => {
    const p = place();
    const env = { ...p.env, PATH: process.env.PATH ?? '' };
    const claude = await cli(['check', '--contract', 'change files=src/a.ts', '--json', '--', 'npm test'], { env, cwd: p.project });
    const j = JSON.parse(claude.stdout) as { outcome: string; reasonCode: string; confined?: { writable: string }; notConfined?: string };
    expect(j.reasonCode).toBe('WRITE_PATH_UNPROVEN');
    if (probeSandbox(env).ok) {
      expect(claude.code).toBe(0);
      expect(j.outcome).toBe('confined');
      expect(j.confined?.writable).toBe('files=src/a.ts');
    } else {
      expect(claude.code).toBe(2);
      expect(j.notConfined).toMatch(/not confined here/);
    }
    // Qwen runs no rewritten command: the same call is stopped there, and the text says why
    const qwen = await cli(['check', '--host', 'qwen', '--contract', 'review', '--', 'npm test'], { env, cwd: p.project });
    expect(qwen.code).toBe(2);
    expect(qwen.stdout).toContain('not confined: Qwen Code does not run a rewritten command');
    // switched off by the person: stopped again
    const off = await cli(['check', '--contract', 'review', '--', 'npm test'], { env: { ...env, STOPLINE_CONFINE: '0' }, cwd: p.project });
    expect(off.code).toBe(2);
    expect(off.stdout).toContain('not confined: confinement is off (STOPLINE_CONFINE=0)');
    // a plan the guard could not make (more files than the sandbox mounts) is not confined either, and says why
    if (probeSandbox(env).ok) {
      mkdirSync(join(p.project, 'src'), { recursive: true });
      for (let i = 0; i < 600; i++) writeFileSync(join(p.project, 'src', `f${i}.txt`), '');
      const wide = await cli(['check', '--contract', 'change files=src/f*.txt', '--', 'npm test'], { env, cwd: p.project });
      expect(wide.code).toBe(2);
      expect(wide.stdout).toMatch(/not confined: not confined here: the contract would need \d+ mounts/);
    }
    // a proven violation is never confined: its stamp stands
    const floor = await cli(['check', '--contract', 'change files=src/a.ts', '--', 'git reset --hard'], { env, cwd: p.project });
    expect(floor.code).toBe(2);
    expect(floor.stdout).toContain('rule: FLOOR_GIT_DISCARD');
  });

  it('no contract armed: a command whose writes cannot be placed runs confined away from what stopline protects; asked under strict where it cannot be', async () => {
    const p = place();
    const env = { ...p.env, PATH: process.env.PATH ?? '' };
    const tamper = `python3 -c "import os; open(os.path.join(os.environ['HOME'], '.' + chr(99) + 'laude', 'settings.json'), 'w').write('{}')"`;
    const r = await cli(['check', '--json', '--', tamper], { env, cwd: p.project });
    const j = JSON.parse(r.stdout) as { verdict: string; outcome: string; reasonCode: string; confined?: { scope: string; armed: boolean; writable: string }; notConfined?: string };
    expect([j.verdict, j.reasonCode]).toEqual(['allow', 'CONTROL_INACTIVE']);
    expect(r.code).toBe(0);
    if (probeSandbox(env).ok) {
      expect(j.outcome).toBe('confined');
      expect(j.confined).toEqual({ scope: 'all', armed: false, writable: 'no contract armed: everything but what stopline protects' });
      const text = await cli(['check', '--', tamper], { env, cwd: p.project });
      expect(text.stdout).toContain('verdict: run confined (inside a sandbox that keeps what stopline protects read-only)');
    }
    // a proven read and a placed write cost nothing: no sandbox
    for (const plain of ['cat a.txt', 'echo x > out.txt']) {
      const proven = JSON.parse((await cli(['check', '--json', '--', plain], { env, cwd: p.project })).stdout) as { outcome: string; confined?: unknown };
      expect([plain, proven.outcome, proven.confined]).toEqual([plain, 'allow', undefined]);
    }
    // no sandbox to hold it: runs as it is under standard, and says so; asked under strict
    const off = await cli(['check', '--', tamper], { env: { ...env, STOPLINE_CONFINE: '0' }, cwd: p.project });
    expect(off.code).toBe(0);
    expect(off.stdout).toContain('not confined: confinement is off (STOPLINE_CONFINE=0); with no contract armed it runs as it is under floor preset standard');
    writeFile(join(p.home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ floor: { preset: 'strict' } }));
    const strict = await cli(['check', '--', tamper], { env: { ...env, STOPLINE_CONFINE: '0' }, cwd: p.project });
    expect(strict.code).toBe(2);
    expect(strict.stdout).toContain('rule: GUARD_SELF_UNPROVEN (C)');
    expect(strict.stdout).toContain('with no contract armed it is asked under floor preset strict');
  });

  it('a tool call given as JSON, on another host: its own tool names and answer forms', async () => {
    const p = place();
    const claude = await cli(['check', JSON.stringify({ tool_name: 'Read', tool_input: { file_path: join(p.home, '.ssh', 'id_rsa') } })], { env: p.env, cwd: p.project });
    expect(claude.code).toBe(2);
    expect(claude.stdout).toContain('rule: FLOOR_SECRET_READ');
    const opencode = await cli(['check', '--host', 'opencode', '--json', JSON.stringify({ tool_name: 'glob', tool_input: { pattern: '**/.env*' } })], { env: p.env, cwd: p.project });
    expect(opencode.code).toBe(2);
    const j = JSON.parse(opencode.stdout);
    expect(j).toMatchObject({ host: 'opencode', outcome: 'deny', reasonCode: 'FLOOR_SECRET_READ', family: 'F' });
    expect(j.analysis.hazards[0].kind).toBe('secret');
    expect(j.stamp).toContain('STOP / SAFETY');
  });

  it('an ask on a host that cannot ask is shown as the deny the agent would read', async () => {
    const p = place();
    const codex = await cli(['check', '--host', 'codex', '--', 'rm -rf "$OUT"'], { env: p.env, cwd: p.project });
    expect(codex.code).toBe(2);
    expect(codex.stdout).toContain('verdict: deny (the host cannot ask a person)');
    expect(codex.stdout).toContain('`$stopline allow`');
    const claude = await cli(['check', '--', 'rm -rf "$OUT"'], { env: p.env, cwd: p.project });
    expect(claude.stdout).toContain('verdict: ask the person');
  });

  it("the person's config counts: an exception lifts, the preset changes the answer", async () => {
    const p = place();
    writeFile(join(p.home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ floor: { preset: 'strict', exceptions: [{ rule: 'FLOOR_GIT_DISCARD', command: 'git stash drop' }] } }));
    expect((await cli(['check', '--', 'git stash drop'], { env: p.env, cwd: p.project })).code).toBe(0);
    const r = await cli(['check', '--', 'eval "$NEXT"'], { env: p.env, cwd: p.project });
    expect(r.stdout).toContain('verdict: deny');
    expect(r.stdout).toContain('floor preset: strict (1 exception)');
  });

  it('records nothing: no data folder appears', async () => {
    const p = place();
    await cli(['check', '--', 'git push --force'], { env: p.env, cwd: p.project });
    await cli(['check', '--', 'ls'], { env: p.env, cwd: p.project });
    expect(existsSync(join(p.root, 'data'))).toBe(false);
  });

  it('usage errors are exit 1 with one line', async () => {
    const p = place();
    expect((await cli(['check'], { env: p.env, cwd: p.project })).code).toBe(1);
    expect((await cli(['check', '--host', 'vim', '--', 'ls'], { env: p.env, cwd: p.project })).stderr).toContain('unknown host "vim"');
    expect((await cli(['check', '{not json'], { env: p.env, cwd: p.project })).stderr).toContain('not valid JSON');
    expect((await cli(['check', '{ "tool_name": "Read", }'], { env: p.env, cwd: p.project })).stderr).toContain('not valid JSON');
    expect((await cli(['check', '--contract', 'reviw', '--', 'ls'], { env: p.env, cwd: p.project })).code).toBe(1);
    expect((await cli(['check', '--host', 'hermes', '--', 'ls'], { env: p.env, cwd: p.project })).code).toBe(0);
  });

  it('a command that opens with a shell brace group is judged as a command, not read as a broken tool call', async () => {
    const p = place();
    const group = await cli(['check', '--json', '--', '{ export D=/srv; }; rm -rf "$D"/x'], { env: p.env, cwd: p.project });
    expect(group.stderr).toBe('');
    expect(JSON.parse(group.stdout)).toMatchObject({ verdict: 'deny', reasonCode: 'FLOOR_WHOLESALE_DELETE' });
  });
});

describe.skipIf(!existsSync(DIST_CLI))('stopline check, the built CLI', () => {
  it('answers as the in-process CLI does and writes nothing', () => {
    const p = place();
    const r = spawnCli(['check', '--', 'cat .env'], { env: p.env, cwd: p.project });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('rule: FLOOR_SECRET_READ');
    expect(r.stderr).toBe('');
    const ok = spawnCli(['check', '--', 'test -f .env && ls -l .env'], { env: p.env, cwd: p.project });
    expect(ok.code).toBe(0);
    expect(readdirSync(p.root).sort()).toEqual(['home', 'project']);
  });
});
