/**
 * `stopline doctor`'s confinement lines: whether commands the analysis cannot prove run confined
 * on this machine, and if not why and how to fix it; off when the person turned it off; per host,
 * whether the host runs a rewritten command. The sandbox side needs bubblewrap (CI installs it).
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { confinementCheck, confinementHere, hostConfinementCheck } from '../../hosts/cli/doctor/confine';
import { cleanupTempDirs, cli, tempDir, writeFile } from './helpers';

afterAll(() => cleanupTempDirs());

/** A folder holding only the named programs (links to the real ones) or fakes. */
function binWith(programs: Record<string, string>): string {
  const bin = tempDir('stopline-confine-bin-');
  for (const [name, body] of Object.entries(programs)) {
    writeFile(join(bin, name), body);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}

const home = () => {
  const h = tempDir('stopline-confine-home-');
  mkdirSync(h, { recursive: true });
  return h;
};

describe('the machine line', () => {
  it('bubblewrap here: commands are confined, with its version', () => {
    const c = confinementCheck(confinementHere({ HOME: home(), PATH: process.env.PATH }, '/'));
    expect(c).toMatchObject({ id: 'confine', status: 'pass' });
    expect(c.detail).toMatch(/run confined to the contract \(bubblewrap \d/);
  });

  it('no bubblewrap: asked or denied as before, and the fix says how to install it', () => {
    const c = confinementCheck(confinementHere({ HOME: home(), PATH: binWith({ bash: '#!/bin/sh\nexit 0\n' }) }, '/'));
    expect(c).toMatchObject({ status: 'warn' });
    expect(c.detail).toContain('bubblewrap (bwrap) is not installed');
    expect(c.fix).toContain('apt-get install bubblewrap');
  });

  it('a bubblewrap that cannot start a sandbox (user namespaces off): its own words, and the fix', () => {
    const bin = binWith({ bwrap: "#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n", bash: '#!/bin/sh\nexit 0\n' });
    const c = confinementCheck(confinementHere({ HOME: home(), PATH: bin }, '/'));
    expect(c.status).toBe('warn');
    expect(c.detail).toContain('setting up uid map: Permission denied');
    expect(c.fix).toContain('user namespaces');
  });

  it('macOS: not confined, and why', () => {
    const c = confinementCheck(confinementHere({ HOME: home(), PATH: process.env.PATH }, '/', 'darwin'));
    expect(c.status).toBe('warn');
    expect(c.detail).toContain('not yet verified on a Mac');
  });

  it('turned off by the person: says so, no warning', () => {
    expect(confinementCheck(confinementHere({ HOME: home(), PATH: process.env.PATH, STOPLINE_CONFINE: '0' }, '/'))).toMatchObject({ status: 'skip', detail: expect.stringContaining('STOPLINE_CONFINE=0') });
    const h = home();
    writeFile(join(h, '.config', 'stopline', 'stopline.json'), '{"confine": false}');
    expect(confinementCheck(confinementHere({ HOME: h, PATH: process.env.PATH }, '/')).detail).toContain('"confine": false');
  });
});

describe('with no contract armed', () => {
  it('says what a command whose writes cannot be placed gets: confined, run as it is, or asked under strict', () => {
    expect(confinementCheck(confinementHere({ HOME: home(), PATH: process.env.PATH }, '/')).detail).toContain('with no contract armed, a command whose writes cannot be placed runs confined away from what stopline protects');
    const off = { HOME: home(), PATH: process.env.PATH, STOPLINE_CONFINE: '0' };
    expect(confinementCheck(confinementHere(off, '/')).detail).toContain('with no contract armed, a command whose writes cannot be placed runs as it is');
    writeFile(join(off.HOME, '.config', 'stopline', 'stopline.json'), '{"floor": {"preset": "strict"}}');
    expect(confinementCheck(confinementHere(off, '/')).detail).toContain('with no contract armed, a command whose writes cannot be placed is asked (floor preset strict)');
    const ok = { sandbox: { ok: true as const, version: 'bubblewrap 0.8.0', tools: { bwrap: '/usr/bin/bwrap', bash: '/bin/bash', root: false } }, preset: 'standard' };
    expect(hostConfinementCheck('qwen', ok).detail).toContain('runs as it is');
  });
});

describe('the host line', () => {
  const here = confinementHere({ HOME: home(), PATH: process.env.PATH }, '/');
  it("says whether the host runs the confined command, from the registry's rewrite column", () => {
    const ok = { ...here, sandbox: { ok: true as const, version: 'bubblewrap 0.8.0', tools: { bwrap: '/usr/bin/bwrap' } } } as typeof here;
    for (const host of ['claude', 'codex', 'pi', 'opencode', 'hermes'] as const) expect(hostConfinementCheck(host, ok)).toMatchObject({ status: 'pass' });
    expect(hostConfinementCheck('qwen', ok)).toMatchObject({ status: 'skip', detail: expect.stringContaining('cannot run a rewritten command') });
    expect(hostConfinementCheck('claude', { ...here, off: 'x' }).status).toBe('skip');
    // bubblewrap is there but cannot start: a door that builds the sandbox when the command runs refuses it then, and says so
    const refused = { sandbox: { ok: false as const, why: 'bubblewrap cannot start a sandbox here (user namespaces are off)', fix: 'enable user namespaces' } };
    expect(hostConfinementCheck('claude', refused, true, "Claude Code's mod")).toMatchObject({ status: 'warn', detail: expect.stringContaining('runs nothing (exit 126') });
    expect(hostConfinementCheck('claude', { sandbox: { ok: false, why: 'bubblewrap (bwrap) is not installed', fix: 'install it' } }, true, "Claude Code's mod").status).toBe('skip');
    expect(hostConfinementCheck('codex', refused).status).toBe('skip');
  });
});

describe('stopline doctor', () => {
  it('prints the confinement line with the others', async () => {
    const h = home();
    const r = await cli(['doctor', '--json'], { env: { HOME: h, PATH: process.env.PATH, XDG_CONFIG_HOME: join(h, '.config'), XDG_DATA_HOME: join(h, '.local', 'share') }, cwd: h });
    const doc = JSON.parse(r.stdout) as { reports: { host: string; checks: { id: string; status: string }[] }[] };
    const line = doc.reports.find((x) => x.host === 'stopline')!.checks.find((c) => c.id === 'confine');
    expect(line?.status).toBe('pass');
  });
});
