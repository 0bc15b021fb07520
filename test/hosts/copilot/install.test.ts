/**
 * `stopline install copilot` against throwaway homes: what lands where, that the person's own hook
 * files are left as they were, that a second install changes nothing and that uninstall gives
 * back every byte.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installFixture, makeHome, snapshot, stopline, write, type Home } from '../../cli/install/helpers';

const { dist, install, uninstall, readJson, reinstallThenUninstall, runHook } = installFixture({ runtime: 'node' });

describe('stopline install copilot', () => {
  const copilotHome = (h: Home) => join(h.home, '.copilot');

  it("user scope: the script and stopline's own hook file (camelCase, the event as argument); other hook files untouched; idempotent; byte-exact uninstall", async () => {
    const h = makeHome();
    write(join(copilotHome(h), 'hooks', 'team.json'), '{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"./audit.sh"}]}}\n');
    write(join(copilotHome(h), 'config.json'), '{"trustedFolders":[]}\n');
    const before = snapshot(h.root);

    const r = await install(h, 'copilot');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('hooks: 8 events in');
    const script = join(copilotHome(h), 'stopline', 'stopline.mjs');
    const file = join(copilotHome(h), 'hooks', 'stopline.json');
    expect(statSync(script).mode & 0o777).toBe(0o755);
    expect(statSync(file).mode & 0o777).toBe(0o644);
    const doc = readJson(file) as { version: number; hooks: Record<string, { type: string; bash: string; timeoutSec: number }[]> };
    expect(doc.version).toBe(1);
    expect(Object.keys(doc.hooks)).toEqual(['sessionStart', 'userPromptSubmitted', 'preToolUse', 'postToolUse', 'subagentStart', 'subagentStop', 'agentStop', 'sessionEnd']);
    for (const [event, [entry]] of Object.entries(doc.hooks)) expect(entry).toEqual({ type: 'command', bash: `'/usr/bin/node' '${script}' ${event}`, timeoutSec: 10 });
    expect(readFileSync(join(copilotHome(h), 'hooks', 'team.json'), 'utf8')).toContain('./audit.sh');
    await reinstallThenUninstall(h, before, 'copilot');
  });

  it('the registered command runs the installed script with its event', async () => {
    const h = makeHome();
    expect((await install(h, 'copilot')).code).toBe(0);
    const doc = readJson(join(h.home, '.copilot', 'hooks', 'stopline.json')) as { hooks: Record<string, { bash: string }[]> };
    expect(runHook(h, doc.hooks.preToolUse![0]!.bash, '/bin/bash')).toBe('copilot preToolUse');
  });

  it('$COPILOT_HOME moves the whole install; a hook file of the same name the person had comes back on uninstall', async () => {
    const h = makeHome();
    const home = join(h.root, 'copilot-home');
    write(join(home, 'hooks', 'stopline.json'), '{"hooks":{}}\n');
    const env = { COPILOT_HOME: home };
    expect((await stopline(['install', 'copilot', '--runtime', 'node', '--from', dist], h, env)).code).toBe(0);
    expect(existsSync(join(home, 'stopline', 'stopline.mjs'))).toBe(true);
    expect(readFileSync(join(home, 'hooks', 'stopline.json'), 'utf8')).toContain('preToolUse');
    expect(existsSync(join(h.home, '.copilot'))).toBe(false);
    expect((await stopline(['uninstall', 'copilot'], h, env)).code).toBe(0);
    expect(readFileSync(join(home, 'hooks', 'stopline.json'), 'utf8')).toBe('{"hooks":{}}\n');
    expect(existsSync(join(home, 'stopline'))).toBe(false);
  });

  it("project scope: .github/hooks/stopline.json, with the warning that Copilot runs it only in a trusted folder", async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    const r = await install(h, 'copilot', '--scope', 'project');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('trusted');
    const doc = readJson(join(h.project, '.github', 'hooks', 'stopline.json')) as { hooks: Record<string, { bash: string }[]> };
    expect(doc.hooks.preToolUse![0]!.bash).toBe(`'/usr/bin/node' '${join(h.project, '.github', 'hooks', 'stopline', 'stopline.mjs')}' preToolUse`);
    expect((await uninstall(h, 'copilot', '--scope', 'project')).code).toBe(0);
    expect(snapshot(h.root, { skipBackups: true })).toEqual(before);
  });
});

