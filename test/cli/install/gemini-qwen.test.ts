/**
 * `stopline install gemini` / `qwen` against throwaway homes: the script under the host's own
 * folder, one named handler per registered event appended to settings.json (Gemini: timeouts in
 * milliseconds; Qwen: seconds, after the person's own hooks), both scopes, a second run changes
 * nothing, uninstall gives every byte back, and the registered command really runs the script.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geminiRegistry } from '../../../core/registry/gemini';
import { qwenRegistry } from '../../../core/registry/qwen';
import { installRows } from '../../../core/registry/rows';
import { backupsUnder, fixture, installFixture, makeHome, readJson, seedUserConfigs, snapshot, stopline, write, type Home } from './helpers';

const { dist, install, uninstall, reinstallThenUninstall, runHook } = installFixture({ runtime: 'node' });

interface Handler {
  name?: string;
  type: string;
  command: string;
  timeout?: number;
}
type Settings = { hooks: Record<string, { matcher?: string; hooks: Handler[] }[]> } & Record<string, unknown>;

/** The settings.json text without comments, as Gemini reads it. */
const jsonc = (path: string): Settings => JSON.parse(readFileSync(path, 'utf8').replace(/^\s*\/\/.*$/gm, '')) as Settings;

const HOSTS = [
  { host: 'gemini', registry: geminiRegistry, dir: (h: Home) => join(h.home, '.gemini'), projectDir: (h: Home) => join(h.project, '.gemini'), unit: 1000, tool: 'BeforeTool' },
  { host: 'qwen', registry: qwenRegistry, dir: (h: Home) => join(h.home, '.qwen'), projectDir: (h: Home) => join(h.project, '.qwen'), unit: 1, tool: 'PreToolUse' },
] as const;

describe.each(HOSTS)('stopline install $host', ({ host, registry, dir, projectDir, unit, tool }) => {
  const events = installRows(registry).map((e) => e.native);

  it("registers every install row after the person's own hooks; a second run changes nothing; uninstall gives every byte back", async () => {
    const h = makeHome();
    seedUserConfigs(h);
    const before = snapshot(h.root);
    const r = await install(h, host);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const script = join(dir(h), 'stopline', 'stopline.mjs');
    expect(readFileSync(script, 'utf8')).toBe(readFileSync(join(dist, host, 'stopline.mjs'), 'utf8'));
    expect(statSync(script).mode & 0o777).toBe(0o755);
    const settings = jsonc(join(dir(h), 'settings.json'));
    for (const event of events) {
      const groups = settings.hooks[event]!;
      const ours = groups[groups.length - 1]!;
      expect(ours.matcher, event).toBeUndefined();
      expect(ours.hooks).toEqual([{ ...(host === 'gemini' ? { name: 'stopline' } : {}), type: 'command', command: `'/usr/bin/node' '${script}'`, timeout: 10 * unit }]);
    }
    // the person's own tool hook stays first, untouched
    expect(settings.hooks[tool]!.length).toBe(2);
    expect(settings.hooks[tool]![0]!.hooks[0]!.command).toMatch(/^\/usr\/local\/bin\//);
    expect(r.stdout).toContain(`hooks: ${events.length} events registered in ${join(dir(h), 'settings.json')}`);
    // one backup: the settings file, holding its original bytes
    const backups = backupsUnder(h.root);
    expect(backups.map((b) => b.replace(/\.stopline-backup-.*$/, ''))).toEqual([`home/.${host}/settings.json`]);
    expect(readFileSync(join(h.root, backups[0]!), 'utf8')).toBe(fixture(`${host}-settings.json`));
    await reinstallThenUninstall(h, before, host);
  });

  it('the registered command runs the installed script with the payload on stdin, as the host runs it (bash -c)', async () => {
    const h = makeHome({ name: "a home with 'quotes' and spaces" });
    expect((await install(h, host)).code).toBe(0);
    const command = jsonc(join(dir(h), 'settings.json')).hooks[tool]![0]!.hooks[0]!.command;
    expect(runHook(h, command, '/bin/bash')).toBe(`${host} `);
  });

  it('project scope writes into <project>/.' + host + ', says what the host needs, and leaves the user folder alone', async () => {
    const h = makeHome();
    const r = await install(h, host, '--scope', 'project');
    expect(r.code).toBe(0);
    expect(existsSync(join(projectDir(h), 'stopline', 'stopline.mjs'))).toBe(true);
    expect(Object.keys(jsonc(join(projectDir(h), 'settings.json')).hooks)).toEqual(events);
    expect(existsSync(dir(h))).toBe(false);
    expect(r.stderr).toMatch(host === 'gemini' ? /trusted folder/ : /project hooks before user hooks/);
    expect((await uninstall(h, host, '--scope', 'project')).code).toBe(0);
    expect(existsSync(join(projectDir(h)))).toBe(false);
  });

  it('an edit of the settings after the install stays; uninstall takes out only stopline', async () => {
    const h = makeHome();
    write(join(dir(h), 'settings.json'), '{}\n');
    expect((await install(h, host)).code).toBe(0);
    const path = join(dir(h), 'settings.json');
    const edited = readFileSync(path, 'utf8').replace(/^\{/, '{\n  "mine": 1,');
    write(path, edited);
    expect((await uninstall(h, host)).code).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ mine: 1 });
  });
});

describe('locations', () => {
  it('GEMINI_CLI_HOME stands for the home of .gemini; QWEN_HOME is the .qwen folder itself', async () => {
    const h = makeHome();
    const env = { GEMINI_CLI_HOME: join(h.root, 'ghome'), QWEN_HOME: join(h.root, 'qhome') };
    expect((await stopline(['install', 'gemini', '--runtime', 'node', '--from', dist], h, env)).code).toBe(0);
    expect((await stopline(['install', 'qwen', '--runtime', 'node', '--from', dist], h, env)).code).toBe(0);
    expect(existsSync(join(h.root, 'ghome', '.gemini', 'settings.json'))).toBe(true);
    expect(existsSync(join(h.root, 'qhome', 'settings.json'))).toBe(true);
    expect(existsSync(join(h.home, '.gemini'))).toBe(false);
    const relative = await stopline(['install', 'qwen', '--runtime', 'node', '--from', dist], h, { QWEN_HOME: 'rel/q' });
    expect(relative.code).toBe(1);
    expect(relative.stderr).toContain('QWEN_HOME=rel/q is not an absolute path');
  });

  it('a settings.json that is not JSON: a clear message, exit 1, nothing written', async () => {
    const h = makeHome();
    write(join(h.home, '.qwen', 'settings.json'), '{ "hooks": ');
    const before = snapshot(h.root);
    const r = await install(h, 'qwen');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/settings\.json: .*stopline edits only valid JSON/);
    expect(snapshot(h.root)).toEqual(before);
  });
});

it('the Gemini hooks the installer writes are the shipped extension hooks, with the absolute command', async () => {
  const h = makeHome();
  expect((await install(h, 'gemini')).code).toBe(0);
  const shipped = (readJson(join(__dirname, '..', '..', '..', 'hosts', 'gemini', 'hooks.json')) as Settings).hooks;
  const installed = jsonc(join(h.home, '.gemini', 'settings.json')).hooks;
  const script = join(h.home, '.gemini', 'stopline', 'stopline.mjs');
  expect(installed).toEqual(JSON.parse(JSON.stringify(shipped).replaceAll(JSON.stringify(shipped.BeforeTool![0]!.hooks[0]!.command).slice(1, -1), `'/usr/bin/node' '${script}'`)));
});
