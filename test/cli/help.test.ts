/** Help, option errors and colours of the guard, listen, doctor, evidence, matrix and hooks commands. */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TOOL_COMMANDS } from '../../hosts/cli/tool-commands';
import { INSTALL_OPTIONS, UNINSTALL_DESCRIPTION } from '../../hosts/cli/install/spec';
import { HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';
import { REGISTRIES } from '../../core/registry/index';
import { HOST_TOOLS } from '../../hosts/cli/host-tools';
import { cleanupTempDirs, cli, isolatedEnv, tempDir } from './helpers';

afterAll(cleanupTempDirs);

const ESC = '\u001b[';

describe('every command of this module', () => {
  for (const spec of TOOL_COMMANDS) {
    it(`${spec.name}: --help lists every option; a mistyped option is an error with a suggestion`, async () => {
      const words = spec.name.split(' ');
      const help = await cli([...words, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: ${spec.usage}`);
      for (const o of spec.options) expect(help.stdout).toContain(o.flag);
      const wrong = await cli([...words, '--hepl']);
      expect(wrong.code).toBe(1);
      expect(wrong.stdout).toBe('');
      expect(wrong.stderr).toContain('unknown option "--hepl"; did you mean "--help"?');
      const first = spec.options[0];
      if (first && first.flag.length > 4) {
        const typo = first.flag.slice(0, -1);
        const r = await cli([...words, typo, ...(first.value ? ['x'] : [])]);
        expect(r.code, typo).toBe(1);
        expect(r.stderr, typo).toContain(`did you mean "${first.flag}"?`);
      }
    });
  }
});

describe('the host facts in the help come from the registry', () => {
  const specs = HOST_SPECS as readonly HostSpec[];
  const described = (name: string): string => TOOL_COMMANDS.find((c) => c.name === name)!.description ?? '';

  it('status names every host whose own record of tool calls it compares, and no other', () => {
    const text = described('status');
    for (const s of specs) {
      const r = REGISTRIES[s.name as keyof typeof REGISTRIES].callRecord;
      const named = text.includes(`${s.hooks?.label ?? s.displayName}'s `);
      expect(named, s.name).toBe(r.status === 'compared');
      if (r.status === 'compared') expect(text).toContain(`'s ${r.record}`);
    }
  });

  it("listen's example dispatches the before-tool hook of the host whose plugin is a shim", () => {
    const shim = specs.find((s) => s.door === 'shim')!;
    const hook = REGISTRIES[shim.name as keyof typeof REGISTRIES].events.find((e) => e.control === 'action.before' && e.doors.includes('plugin'))!;
    expect(described('listen')).toContain(`{"op":"dispatch","host":"${shim.name}","event":"${hook.native}",`);
  });

  it("install --fail and uninstall say each host's own setting and item", () => {
    const fail = INSTALL_OPTIONS.find((o) => o.flag === '--fail')!.summary;
    for (const s of specs) {
      if (s.help?.failClosed) expect(fail).toContain(s.help.failClosed);
      if (s.help?.uninstalls) expect(UNINSTALL_DESCRIPTION).toContain(`, ${s.help.uninstalls}`);
    }
    expect(fail).toMatch(/, failMode "closed" in stopline\.json\)$/);
  });

  it('install --after-evidence names the hosts whose installer takes it, as their specs say', () => {
    const takes = specs.filter((s) => HOST_TOOLS[s.name as keyof typeof HOST_TOOLS].planner.afterEvidence === true);
    expect(takes.length).toBeGreaterThan(0);
    expect(specs.filter((s) => s.help?.afterEvidence).map((s) => s.name)).toEqual(takes.map((s) => s.name));
    const summary = INSTALL_OPTIONS.find((o) => o.flag === '--after-evidence')!.summary;
    expect(summary.startsWith(`${takes.map((s) => s.hooks?.label ?? s.displayName).join(', ')}: also register the after-tool event`)).toBe(true);
    expect(UNINSTALL_DESCRIPTION).toMatch(/^Removes exactly what install added: the files, the hook entries[,.]/);
  });

  it("doctor names what it reads of each host, from the host's spec, in registry order", () => {
    const text = described('doctor');
    const name = (s: HostSpec) => s.hooks?.short ?? s.hooks?.label ?? s.displayName;
    const runs = specs.filter((s) => s.help?.doctorRuns).map((s) => (s.help!.doctorRuns!.includes('{host}') ? s.help!.doctorRuns!.replace('{host}', name(s)) : `${name(s)} ${s.help!.doctorRuns}`));
    expect(runs.length).toBeGreaterThan(1);
    // each host's own check, in HOST_SPECS order
    const at = runs.map((r) => text.indexOf(r));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const s of specs.filter((x) => x.help?.doctorRegistered)) expect(text).toMatch(new RegExp(`registered \\([^)]*\\b${name(s)}\\b[^)]* ${s.help!.doctorRegistered!.replace('.', '\\.')}`));
  });
});

describe('colours', () => {
  const home = tempDir();
  const base = isolatedEnv(home, { STOPLINE_HOME: join(home, 'data') });
  delete (base as Record<string, string | undefined>).NO_COLOR;

  it('only on a terminal, and never with NO_COLOR or STOPLINE_NO_COLOR', async () => {
    expect((await cli(['status'], { env: base, tty: true })).stdout).toContain(ESC);
    expect((await cli(['status'], { env: base, tty: false })).stdout).not.toContain(ESC);
    expect((await cli(['status'], { env: { ...base, NO_COLOR: '1' }, tty: true })).stdout).not.toContain(ESC);
    expect((await cli(['status'], { env: { ...base, STOPLINE_NO_COLOR: '1' }, tty: true })).stdout).not.toContain(ESC);
    const err = await cli(['status', '--jsn'], { env: base, tty: true });
    expect(err.stderr).toContain(ESC);
    expect((await cli(['status', '--jsn'], { env: { ...base, NO_COLOR: 'yes' }, tty: true })).stderr).not.toContain(ESC);
  });
});
