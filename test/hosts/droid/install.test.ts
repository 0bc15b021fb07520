/**
 * `stopline install droid` against throwaway homes: what lands where, that the person's own
 * entries are left as they were, that a second install changes nothing and that uninstall gives
 * back every byte. Droid reads per folder the events of hooks.json over the same events of
 * settings.json, so each stopline event goes to the file Droid reads for it, never where it would
 * silence the person's hooks of that event.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installFixture, makeHome, snapshot, stopline, write, type Home } from '../../cli/install/helpers';

const { dist, install, uninstall, readJson, reinstallThenUninstall, runHook } = installFixture({ runtime: 'node' });

type Groups = Record<string, { matcher?: string; hooks: { type: string; command: string; timeout: number }[] }[]>;

describe('stopline install droid', () => {
  const factory = (h: Home) => join(h.home, '.factory');
  const script = (h: Home) => join(factory(h), 'stopline', 'stopline.mjs');
  const oursOf = (groups: Groups, s: string) => Object.entries(groups).filter(([, list]) => list.some((g) => g.hooks.every((x) => x.command.includes(s)))).map(([e]) => e);
  const EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'SubagentStop', 'Stop', 'SessionEnd'];

  it('an empty home: hooks.json as the bare event map, one group per event, no matcher; byte-exact uninstall', async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    const r = await install(h, 'droid');
    expect(r.code, r.stderr).toBe(0);
    const map = readJson(join(factory(h), 'hooks.json')) as Groups;
    expect(Object.keys(map)).toEqual(EVENTS);
    for (const list of Object.values(map)) expect(list).toEqual([{ hooks: [{ type: 'command', command: `'/usr/bin/node' '${script(h)}'`, timeout: 10 }] }]);
    expect(existsSync(join(factory(h), 'settings.json'))).toBe(false);
    const once = snapshot(h.root);
    expect((await install(h, 'droid')).stdout).toContain('nothing to change');
    expect(snapshot(h.root)).toEqual(once);
    expect((await uninstall(h, 'droid')).code).toBe(0);
    expect(snapshot(h.root)).toEqual(before);
  });

  it("each event goes where Droid reads it: the person's PreToolUse in hooks.json and Stop in settings.json both keep running", async () => {
    const h = makeHome();
    const settings = '{\n  "customModels": [{ "model": "m", "displayName": "Mine", "baseUrl": "http://127.0.0.1:9/v1", "apiKey": "x", "provider": "generic-chat-completion-api" }],\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]\n  }\n}\n';
    const hooks = '{\n  "PreToolUse": [{ "matcher": "Execute", "hooks": [{ "type": "command", "command": "./guard.sh" }] }]\n}\n';
    write(join(factory(h), 'settings.json'), settings);
    write(join(factory(h), 'hooks.json'), hooks);
    const before = snapshot(h.root);
    const r = await install(h, 'droid');
    expect(r.code, r.stderr).toBe(0);
    const map = readJson(join(factory(h), 'hooks.json')) as Groups;
    const inSettings = (readJson(join(factory(h), 'settings.json')) as { hooks: Groups }).hooks;
    // Stop lives in settings.json (hooks.json does not list it): stopline's Stop goes there too
    expect(oursOf(inSettings, script(h))).toEqual(['Stop']);
    expect(oursOf(map, script(h))).toEqual(EVENTS.filter((e) => e !== 'Stop').sort((a, b) => (a === 'PreToolUse' ? -1 : b === 'PreToolUse' ? 1 : 0)));
    expect(map.PreToolUse!.map((g) => g.hooks[0]!.command)).toEqual(['./guard.sh', `'/usr/bin/node' '${script(h)}'`]);
    expect(inSettings.Stop!.map((g) => g.hooks[0]!.command)).toEqual(['notify-send done', `'/usr/bin/node' '${script(h)}'`]);
    expect((readJson(join(factory(h), 'settings.json')) as { customModels: unknown[] }).customModels).toHaveLength(1);

    await reinstallThenUninstall(h, before, 'droid');
  });

  it('settings.json with hooks and no hooks.json: everything goes into settings.json (a new hooks.json would replace its events)', async () => {
    const h = makeHome();
    write(join(factory(h), 'settings.json'), '{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"./mine.sh"}]}]}}\n');
    const before = snapshot(h.root);
    expect((await install(h, 'droid')).code).toBe(0);
    expect(existsSync(join(factory(h), 'hooks.json'))).toBe(false);
    // PreToolUse was there already, the rest is appended after it
    expect(oursOf((readJson(join(factory(h), 'settings.json')) as { hooks: Groups }).hooks, script(h)).sort()).toEqual([...EVENTS].sort());
    expect((await uninstall(h, 'droid')).code).toBe(0);
    expect(snapshot(h.root, { skipBackups: true })).toEqual(before);
  });

  it('warns about hooksDisabled; project scope writes .factory/ in the project; FACTORY_HOME_OVERRIDE moves the user install', async () => {
    const h = makeHome();
    write(join(factory(h), 'hooks.json'), '{"hooksDisabled": true}\n');
    const r = await install(h, 'droid');
    expect(r.stderr).toContain('"hooksDisabled": true');

    const p = makeHome();
    expect((await install(p, 'droid', '--scope', 'project')).code).toBe(0);
    expect(Object.keys(readJson(join(p.project, '.factory', 'hooks.json')))).toEqual(EVENTS);
    expect(existsSync(join(p.project, '.factory', 'stopline', 'stopline.mjs'))).toBe(true);

    const o = makeHome();
    const override = join(o.root, 'factory-override');
    expect((await stopline(['install', 'droid', '--runtime', 'node', '--from', dist], o, { FACTORY_HOME_OVERRIDE: override })).code).toBe(0);
    expect(existsSync(join(override, '.factory', 'hooks.json'))).toBe(true);
    expect(existsSync(join(o.home, '.factory'))).toBe(false);
  });

  it('the registered command runs the installed script', async () => {
    const h = makeHome();
    expect((await install(h, 'droid')).code).toBe(0);
    const map = readJson(join(factory(h), 'hooks.json')) as Groups;
    expect(runHook(h, map.PreToolUse![0]!.hooks[0]!.command)).toBe('droid ');
  });

  it('a hooks.json that is not JSON: a clear message, exit 1, nothing written', async () => {
    const h = makeHome();
    write(join(factory(h), 'hooks.json'), '{ not json');
    const before = snapshot(h.root);
    const r = await install(h, 'droid');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('hooks.json');
    expect(snapshot(h.root)).toEqual(before);
  });
});
