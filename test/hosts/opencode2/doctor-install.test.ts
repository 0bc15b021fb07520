/**
 * `stopline install opencode` and `stopline doctor opencode` on a machine with OpenCode v2, in a
 * throwaway HOME with a fake `opencode2` on PATH (no real v2 can be installed here). The fake
 * answers `--version` and `plugin list` the way the v2 CLI prints them: it lists each plugin file
 * of the global plugin folder, by id when the file carries a v2 entry (a default export with
 * setup), with `-` when it does not (v2 refuses it). Doctor is proven to ask that list, not to
 * guess from the files; the plugin file it probes is the built dist/opencode/stopline.js.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, cleanupTempDirs, cli, tempDir, writeFile, type Doc } from '../../cli/helpers';

const DIST = join(REPO, 'dist');
const SLOW = { timeout: 300_000 };

afterAll(cleanupTempDirs);

/** A shell script standing in for the v2 CLI; `mode` says what `plugin list` does. */
function fakeV2(bin: string, name: string, version: string): void {
  const file = join(bin, name);
  writeFile(
    file,
    [
      '#!/bin/sh',
      `if [ "$1" = "--version" ]; then echo "${version}"; exit 0; fi`,
      'if [ "$1" = "plugin" ] && [ "$2" = "list" ]; then',
      '  [ -n "$FAKE_V2_LIST_FAILS" ] && { echo "Error: server did not start" >&2; exit 1; }',
      '  dir="${XDG_CONFIG_HOME:-$HOME/.config}/opencode/plugin"',
      '  rows=""',
      '  for f in "$dir"/*.js; do',
      '    [ -f "$f" ] || continue',
      '    if grep -q "setup" "$f"; then rows="$rows\nstopline  local    $f"; else rows="$rows\n-         local    $f"; fi',
      '  done',
      '  if [ -z "$rows" ]; then echo "No plugins found"; else printf "ID        VERSION  SOURCE$rows\\n"; fi',
      '  exit 0',
      'fi',
      'echo "unexpected: $*" >&2; exit 2',
      '',
    ].join('\n'),
  );
  chmodSync(file, 0o755);
}

function world(opts: { opencode?: string; opencode2?: string } = {}) {
  const root = tempDir('stopline-oc2-');
  const home = join(root, 'home');
  const project = join(root, 'project');
  writeFile(join(project, 'README.md'), 'p\n');
  const bin = join(root, 'bin');
  if (opts.opencode) fakeV2(bin, 'opencode', opts.opencode);
  if (opts.opencode2) fakeV2(bin, 'opencode2', opts.opencode2);
  const env: Record<string, string> = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    // node from the system, bun from the repo (the doctor probe loads the plugin with one)
    PATH: `${bin}:${join(REPO, 'node_modules', '.bin')}:/usr/local/bin:/usr/bin:/bin`,
    NO_COLOR: '1',
  };
  const config = join(home, '.config', 'opencode', 'opencode.json');
  const plugin = join(home, '.config', 'opencode', 'plugin', 'stopline.js');
  const run = (argv: string[], extra: Record<string, string> = {}) => cli(argv, { env: { ...env, ...extra }, cwd: project });
  return {
    home,
    project,
    env,
    config,
    plugin,
    run,
    async install(...argv: string[]) {
      const r = await run(['install', 'opencode', ...argv, '--from', DIST]);
      expect(r.code, r.stderr).toBe(0);
      return r;
    },
    async doctor(extra: Record<string, string> = {}) {
      const r = await run(['doctor', 'opencode', '--json', '--from', DIST], extra);
      return { code: r.code, doc: JSON.parse(r.stdout) as Doc };
    },
  };
}

function checkOf(doc: Doc, id: string) {
  return doc.reports.flatMap((r) => r.checks).find((c) => c.id === id);
}

describe('stopline install opencode with OpenCode v2 on PATH', () => {
  it('places the one plugin file and lists it under v2\'s config key "plugins", keeping the person\'s config; uninstall takes the entry out again', SLOW, async () => {
    const w = world({ opencode2: '2.3.4' });
    writeFile(w.config, '{\n  // my provider\n  "model": "fake/scripted",\n  "plugins": ["my-plugin"]\n}\n');
    const r = await w.install();
    expect(r.stdout).toContain('./plugin/stopline.js added to "plugins"');
    expect(readFileSync(w.plugin, 'utf8')).toBe(readFileSync(join(DIST, 'opencode', 'stopline.js'), 'utf8'));
    const text = readFileSync(w.config, 'utf8');
    expect(text).toContain('// my provider');
    expect(text).toMatch(/"plugins": \[\s*"my-plugin",\s*"\.\/plugin\/stopline\.js"\s*\]/);
    // a second install adds nothing
    await w.install();
    expect(readFileSync(w.config, 'utf8').match(/stopline\.js/g)).toHaveLength(1);
    const un = await w.run(['uninstall', 'opencode']);
    expect(un.code, un.stderr).toBe(0);
    expect(existsSync(w.plugin)).toBe(false);
    expect(readFileSync(w.config, 'utf8')).not.toContain('stopline');
    expect(readFileSync(w.config, 'utf8')).toContain('"my-plugin"');
  });

  it('without OpenCode v2 the config is not touched (1.x needs no registration)', SLOW, async () => {
    const w = world({ opencode: '1.18.33' });
    await w.install();
    expect(existsSync(w.plugin)).toBe(true);
    expect(existsSync(w.config)).toBe(false);
  });
});

describe('stopline doctor opencode with OpenCode v2 on PATH', () => {
  it('after install: v2 found, the file has the v2 entry and denies there, it is listed, and v2 itself lists stopline as loaded', SLOW, async () => {
    const w = world({ opencode: '1.18.33', opencode2: '2.3.4' });
    await w.install();
    const { code, doc } = await w.doctor();
    expect(doc.reports.flatMap((r) => r.checks.filter((c) => c.status === 'fail').map((c) => `${c.id}: ${c.detail}`))).toEqual([]);
    expect(code).toBe(0);
    expect(checkOf(doc, 'host-v2')).toMatchObject({ status: 'pass' });
    expect(checkOf(doc, 'host-v2')!.detail).toContain('OpenCode v2 2.3.4');
    expect(checkOf(doc, 'entry-v2')).toMatchObject({ status: 'pass' });
    expect(checkOf(doc, 'enforcement-v2')).toMatchObject({ status: 'pass' });
    expect(checkOf(doc, 'enforcement-v2')!.detail).toContain('MODE_FORBIDS_MUTATION');
    expect(checkOf(doc, 'registered-v2')!.detail).toContain('"plugins" in');
    expect(checkOf(doc, 'loaded-v2')).toMatchObject({ status: 'pass' });
    expect(checkOf(doc, 'loaded-v2')!.detail).toContain(`OpenCode v2 lists stopline as loaded (${w.plugin})`);
  });

  it('discovery is not activation: a file v2 lists without an id did not load, and doctor says so', SLOW, async () => {
    const w = world({ opencode2: '2.3.4' });
    await w.install();
    // a hand-edited copy without the v2 entry: the file is there, v2 refuses it
    writeFileSync(w.plugin, 'export const StoplinePlugin = async () => ({});\n');
    const { code, doc } = await w.doctor();
    expect(code).toBe(1);
    expect(checkOf(doc, 'loaded-v2')).toMatchObject({ status: 'fail', fix: 'stopline install opencode' });
    expect(checkOf(doc, 'loaded-v2')!.detail).toContain('found');
    expect(checkOf(doc, 'loaded-v2')!.detail).toContain('did not load it');
  });

  it('a 1.x install under an `opencode` that is now v2: told as an upgrade, with the 1.x config key named', SLOW, async () => {
    const w = world({ opencode: '2.3.4' });
    await w.install();
    writeFileSync(w.plugin, 'export const StoplinePlugin = async () => ({});\n');
    writeFile(w.config, JSON.stringify({ plugin: ['./plugin/stopline.js'] }, null, 2) + '\n');
    const { code, doc } = await w.doctor();
    expect(code).toBe(1);
    const entry = checkOf(doc, 'entry-v2')!;
    expect(entry.status).toBe('fail');
    expect(entry.detail).toMatch(/^OpenCode was upgraded: `opencode` is now 2\.3\.4, and .*stopline\.js is a plugin for OpenCode 1\.x only/);
    expect(checkOf(doc, 'config-v1')).toMatchObject({ status: 'warn' });
    expect(checkOf(doc, 'config-v1')!.detail).toContain('under the 1.x key "plugin", which OpenCode v2 does not read');
    // reinstalling puts the file v2 loads in place
    await w.install();
    expect(checkOf((await w.doctor()).doc, 'entry-v2')).toMatchObject({ status: 'pass' });
  });

  it('when v2 cannot be asked, doctor says it could not tell, and how to look', SLOW, async () => {
    const w = world({ opencode2: '2.3.4' });
    await w.install();
    const { doc } = await w.doctor({ FAKE_V2_LIST_FAILS: '1' });
    expect(checkOf(doc, 'loaded-v2')).toMatchObject({ status: 'warn', fix: expect.stringContaining('run `opencode2 plugin list`') });
    expect(checkOf(doc, 'loaded-v2')!.detail).toContain('exit 1: Error: server did not start');
  });

  it('`stopline doctor` without a host checks OpenCode when only `opencode2` is on PATH', SLOW, async () => {
    const w = world({ opencode2: '2.3.4' });
    const r = await w.run(['doctor', '--json', '--from', DIST]);
    const doc = JSON.parse(r.stdout) as Doc;
    const oc = doc.reports.filter((x) => x.host === 'opencode');
    expect(oc.flatMap((x) => x.checks.map((c) => c.id))).toContain('host-v2');
    expect(oc.flatMap((x) => x.checks).find((c) => c.id === 'install')).toBeUndefined();
  });
});
