/**
 * `stopline install kimi` against throwaway homes: the script beside Kimi's config and one
 * `[[hooks]]` table per event appended to `~/.kimi/config.toml`, the person's tables, comments and
 * keys left as written; a second install changes nothing; uninstall gives back every byte; a
 * project install and an inline `hooks = [...]` are refused with a line that says why. Where the
 * pinned Kimi is installed, its own config loader reads the written file and finds the hooks.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kimiHookTablesIn } from '../../../hosts/kimi/install';
import { repoRoot } from '../../hosts/harness';
import { installFixture, makeHome, snapshot, stopline, write, type Home } from './helpers';

const { dist, install, reinstallThenUninstall, runHook } = installFixture({ runtime: 'node' });
const config = (h: Home) => join(h.home, '.kimi', 'config.toml');
const PERSON = ['# my Kimi', 'default_model = ""', '', '[[hooks]]', 'event = "PreToolUse"', 'command = "./audit.sh"', '', '[providers.lab]', 'type = "openai_legacy"', 'base_url = "http://127.0.0.1:9/v1"', 'api_key = "k"', ''].join('\n');
const EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'SubagentStart', 'SubagentStop', 'SessionEnd'];

describe('stopline install kimi', () => {
  it("user scope: the script and six [[hooks]] tables appended to config.toml; the person's table and keys untouched; idempotent; byte-exact uninstall", async () => {
    const h = makeHome();
    write(config(h), PERSON);
    const before = snapshot(h.root);

    const r = await install(h, 'kimi');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`hooks: 6 events`);
    const script = join(h.home, '.kimi', 'stopline', 'stopline.mjs');
    expect(statSync(script).mode & 0o777).toBe(0o755);
    const text = readFileSync(config(h), 'utf8');
    expect(text.startsWith(PERSON)).toBe(true);
    const tables = kimiHookTablesIn(text, config(h));
    expect(tables.map((t) => t.event)).toEqual(['PreToolUse', ...EVENTS]);
    expect(tables[0]!.command).toBe('./audit.sh');
    for (const t of tables.slice(1)) expect(t.command).toBe(`'/usr/bin/node' '${script}'`);
    expect(text).toContain('timeout = 10');
    await reinstallThenUninstall(h, before, 'kimi');
  });

  it('the registered command runs the installed script', async () => {
    const h = makeHome();
    expect((await install(h, 'kimi')).code).toBe(0);
    const command = kimiHookTablesIn(readFileSync(config(h), 'utf8'), config(h)).find((t) => t.event === 'PreToolUse')!.command!;
    expect(runHook(h, command).trim()).toBe('kimi');
  });

  it('$KIMI_SHARE_DIR moves the whole install', async () => {
    const h = makeHome();
    const share = join(h.root, 'kimi-share');
    const env = { KIMI_SHARE_DIR: share };
    expect((await stopline(['install', 'kimi', '--runtime', 'node', '--from', dist], h, env)).code).toBe(0);
    expect(existsSync(join(share, 'stopline', 'stopline.mjs'))).toBe(true);
    expect(readFileSync(join(share, 'config.toml'), 'utf8')).toContain('event = "PreToolUse"');
    expect(existsSync(join(h.home, '.kimi'))).toBe(false);
    expect((await stopline(['uninstall', 'kimi'], h, env)).code).toBe(0);
    expect(existsSync(join(share, 'stopline'))).toBe(false);
  });

  it('project scope is refused: Kimi reads hooks only from its user config', async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    const r = await install(h, 'kimi', '--scope', 'project');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Kimi Code reads hooks only from its user config file');
    expect(snapshot(h.root)).toEqual(before);
  });

  it('hooks written as an inline array are refused, and the file stays as it was', async () => {
    const h = makeHome();
    write(config(h), 'hooks = [{ event = "Stop", command = "x" }]\n');
    const before = snapshot(h.root);
    const r = await install(h, 'kimi');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('inline array');
    expect(snapshot(h.root)).toEqual(before);
  });

  const python = join(repoRoot, '.hosts', 'kimi', 'venv', 'bin', 'python3');
  it.skipIf(!existsSync(python))("Kimi's own config loader reads the installed file: the person's hook and stopline's six", async () => {
    const h = makeHome();
    write(config(h), PERSON);
    expect((await install(h, 'kimi')).code).toBe(0);
    const loader = 'import json,sys\nfrom pathlib import Path\nfrom kimi_cli.config import load_config\nc=load_config(Path(sys.argv[1]))\nprint(json.dumps([h.event for h in c.hooks]))';
    const out = execFileSync(python, ['-c', loader, config(h)], { env: { ...h.env, KIMI_DISABLE_TELEMETRY: '1' }, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual(['PreToolUse', ...EVENTS]);
  });
});
