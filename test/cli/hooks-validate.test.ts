/** `stopline hooks validate`: the problems of real config files, located, with the right exit code. */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cli, isolatedEnv, tempDir, writeFile } from './helpers';

afterAll(cleanupTempDirs);

/** A project file's hooks run only when the user file opts in; `optIn` writes that user file. */
function setup(user: string | null, project: string | null, optIn = project !== null && user === null) {
  const home = tempDir();
  const proj = join(home, 'proj');
  if (user !== null) writeFile(join(home, '.config', 'stopline', 'stopline.json'), user);
  else if (optIn) writeFile(join(home, '.config', 'stopline', 'stopline.json'), '{ "projectHooks": true }\n');
  if (project !== null) writeFile(join(proj, '.stopline', 'stopline.json'), project);
  else writeFile(join(proj, 'README'), 'x');
  return { env: isolatedEnv(home), proj, userFile: join(home, '.config', 'stopline', 'stopline.json'), projectFile: join(proj, '.stopline', 'stopline.json') };
}

const GOOD_GROUP = '{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "true" }] }';

describe('stopline hooks validate', () => {
  it('a clean config: the summary line, exit 0', async () => {
    const s = setup(`{ "hooks": { "tool:before": [${GOOD_GROUP}] } }\n`, null);
    const r = await cli(['hooks', 'validate'], { env: s.env, cwd: s.proj });
    expect(r).toEqual({ code: 0, stdout: '1 file read, 1 hook group with 1 handler; 0 errors, 0 warnings\n', stderr: '' });
  });

  it('an error names the file, line and column, and exits 1', async () => {
    const s = setup(null, `{\n  "hooks": {\n    "PreToolUse": [${GOOD_GROUP}]\n  }\n}\n`);
    const r = await cli(['hooks', 'validate'], { env: s.env, cwd: s.proj });
    expect(r.code).toBe(1);
    const [first, summary] = r.stdout.trimEnd().split('\n');
    expect(first).toMatch(new RegExp(`^${s.projectFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+: error: unknown event "PreToolUse"`));
    expect(first).toContain('did you mean "tool:before"?');
    expect(summary).toBe('2 files read, 0 hook groups with 0 handlers; 1 error, 0 warnings');
  });

  it('a warning passes unless --strict', async () => {
    const s = setup(`{ "hooks": { "prompt:submit": [${GOOD_GROUP}] } }\n`, null);
    const plain = await cli(['hooks', 'validate'], { env: s.env, cwd: s.proj });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/: warning: /);
    expect((await cli(['hooks', 'validate', '--strict'], { env: s.env, cwd: s.proj })).code).toBe(1);
  });

  it('--json lists the groups and diagnostics; --project points elsewhere', async () => {
    const s = setup(null, `{ "hooks": { "tool:before": [${GOOD_GROUP}], "turn:stop": [{ "hooks": [{ "type": "command", "command": "true", "timeout": 5 }] }] } }\n`);
    const r = await cli(['hooks', 'validate', '--json', '--project', s.proj], { env: s.env, cwd: '/' });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.sources).toEqual([s.userFile, s.projectFile]);
    expect(doc.groups.map((g: { event: string; matcher: string | null }) => [g.event, g.matcher])).toEqual([
      ['tool:before', 'Bash'],
      ['turn:stop', null],
    ]);
    expect(doc.groups[1].handlers[0]).toMatchObject({ type: 'command', timeoutMs: 5000 });
    expect(doc).toMatchObject({ errors: 0, warnings: 0, ok: true });
  });

  it("a project file's hooks without the user's opt-in: a warning that says how to enable them", async () => {
    const s = setup(null, `{ "hooks": { "tool:before": [${GOOD_GROUP}] } }\n`, false);
    const r = await cli(['hooks', 'validate'], { env: s.env, cwd: s.proj });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"projectHooks": true');
    expect(r.stdout).toContain('0 hook groups');
    expect((await cli(['hooks', 'validate', '--strict'], { env: s.env, cwd: s.proj })).code).toBe(1);
  });

  it('no config at all: says where it looked, exit 0', async () => {
    const s = setup(null, null);
    const r = await cli(['hooks', 'validate'], { env: s.env, cwd: s.proj });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('0 files read');
    expect(r.stdout).toContain('No hook config found');
  });

  it('`stopline hooks` alone shows the group help; an unknown subcommand suggests validate', async () => {
    expect((await cli(['hooks'])).stdout).toContain('hooks validate');
    const r = await cli(['hooks', 'validat']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('did you mean "hooks validate"?');
  });
});
