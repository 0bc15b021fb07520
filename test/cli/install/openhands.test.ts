/**
 * `stopline install openhands` against throwaway homes: the script under `.openhands/stopline/`,
 * one group per registered event in `.openhands/hooks.json` (the bare event map OpenHands reads,
 * or under `hooks` when the person's file wraps it so), both scopes with the warning about the
 * one hooks file OpenHands reads, a second run changes nothing, uninstall gives every byte back,
 * and the registered command really runs the script (OpenHands runs it with `sh -c`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openhandsRegistry } from '../../../core/registry/openhands';
import { installRows } from '../../../core/registry/rows';
import { installFixture, makeHome, snapshot, write } from './helpers';

const { dist, install, uninstall, readJson: read, reinstallThenUninstall, runHook } = installFixture({ runtime: 'node' });
const events = installRows(openhandsRegistry).map((e) => e.native);
type Groups = Record<string, { matcher?: string; hooks: { type: string; command: string; timeout?: number }[] }[]>;

describe('stopline install openhands', () => {
  it('user scope: the bare event map, one handler per registered event; a second run changes nothing; uninstall leaves nothing', async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    const r = await install(h, 'openhands');
    expect(r.code, r.stderr).toBe(0);
    const script = join(h.home, '.openhands', 'stopline', 'stopline.mjs');
    expect(readFileSync(script, 'utf8')).toBe(readFileSync(join(dist, 'openhands', 'stopline.mjs'), 'utf8'));
    const map = read(join(h.home, '.openhands', 'hooks.json')) as Groups;
    expect(Object.keys(map)).toEqual(events);
    for (const event of events) expect(map[event]).toEqual([{ hooks: [{ type: 'command', command: `'/usr/bin/node' '${script}'`, timeout: 10 }] }]);
    // no project hooks file here: nothing hides the user file
    expect(r.stderr).toBe('');
    await reinstallThenUninstall(h, before, 'openhands');
  });

  it("a file wrapped in `hooks` keeps its shape: stopline's groups go after the person's, and uninstall gives the bytes back", async () => {
    const h = makeHome();
    const mine = `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'terminal', hooks: [{ type: 'command', command: '/usr/local/bin/mine' }] }] } }, null, 2)}\n`;
    write(join(h.home, '.openhands', 'hooks.json'), mine);
    expect((await install(h, 'openhands')).code).toBe(0);
    const doc = read(join(h.home, '.openhands', 'hooks.json')) as { hooks: Groups };
    expect(Object.keys(doc)).toEqual(['hooks']);
    expect(doc.hooks.PreToolUse!.map((g) => g.hooks[0]!.command)).toEqual(['/usr/local/bin/mine', `'/usr/bin/node' '${join(h.home, '.openhands', 'stopline', 'stopline.mjs')}'`]);
    expect(Object.keys(doc.hooks).sort()).toEqual([...events].sort());
    expect((await uninstall(h, 'openhands')).code).toBe(0);
    expect(readFileSync(join(h.home, '.openhands', 'hooks.json'), 'utf8')).toBe(mine);
  });

  it('project scope writes <project>/.openhands, warns that it hides the user file there, and leaves the user folder alone', async () => {
    const h = makeHome();
    const mine = '{"PreToolUse": []}\n';
    write(join(h.home, '.openhands', 'hooks.json'), mine);
    const r = await install(h, 'openhands', '--scope', 'project');
    expect(r.code).toBe(0);
    expect(Object.keys(read(join(h.project, '.openhands', 'hooks.json')))).toEqual(events);
    expect(existsSync(join(h.project, '.openhands', 'stopline', 'stopline.mjs'))).toBe(true);
    expect(readFileSync(join(h.home, '.openhands', 'hooks.json'), 'utf8')).toBe(mine);
    expect(r.stderr).toContain(`hides ${join(h.home, '.openhands', 'hooks.json')} in this project`);
    expect((await uninstall(h, 'openhands', '--scope', 'project')).code).toBe(0);
    expect(existsSync(join(h.project, '.openhands'))).toBe(false);
  });

  it("user scope in a project with its own hooks file: the install warns that OpenHands will not read it there", async () => {
    const h = makeHome();
    write(join(h.project, '.openhands', 'hooks.json'), '{}\n');
    const r = await install(h, 'openhands');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`here ${join(h.project, '.openhands', 'hooks.json')} hides ${join(h.home, '.openhands', 'hooks.json')}`);
  });

  it('the registered command runs the installed script with the payload on stdin, as OpenHands runs it (sh -c)', async () => {
    const h = makeHome({ name: "a home with 'quotes' and spaces" });
    expect((await install(h, 'openhands')).code).toBe(0);
    const command = (read(join(h.home, '.openhands', 'hooks.json')) as Groups).PreToolUse![0]!.hooks[0]!.command;
    expect(runHook(h, command)).toBe('openhands ');
  });
});
