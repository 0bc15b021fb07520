/**
 * Path forms on the real Cline CLI 3.0.65 `editor`: relative, absolute, with `..`, as `~/…` and
 * with a leading `@`. Relative paths join the project folder, `..` collapses, and `~/x` and `@x`
 * are plain names there, never the HOME. A stopped editor call cancels the run, so each locked
 * case ends with its one stopped write.
 */
import { expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { clineHookFile, CLINE_EVENTS } from '../../../hosts/cline/install';
import { ensureHosts, HOSTS_FOR, startHostChatServer, type FakeModelServer } from '../harness';
import { runCline } from './harness';
import { describeRealHost, readEvidence, realHostRuns, requireArtifact, stoplineDataDir, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.cline);
const runs = realHostRuns({ prefix: 'cline-path-forms', startServer: startHostChatServer, describeTimings: () => null });

async function cline(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<string | undefined> {
  const command = `'${process.execPath}' '${requireArtifact('cline', 'stopline.mjs')}'`;
  const hooks = Object.fromEntries(CLINE_EVENTS.map((e) => [e, clineHookFile(command, e)]));
  const r = await runCline({ project: c.project, prompt, server: s, runDir: c.runDir, hooks, env: { STOPLINE_DASHBOARD: 'off' } });
  expect(r.code, `cline exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return (r.events.find((e) => (e as { type?: string }).type === 'run_result') as { finishReason?: string } | undefined)?.finishReason;
}

const write = (id: string, path: string) => ({ toolCalls: [{ id: `call_${id}`, name: 'editor', input: { path, new_text: `${id}\n` } }] });
const ran = (s: FakeModelServer, id: string) => expect(s.toolResultText(`call_${id}`) ?? '').toContain('File created successfully');

describeRealHost(status, 'path forms on Cline CLI 3.0.65 editor', HOSTS_FOR.cline, 300_000, () => {
  for (const [name, form, path, where] of [
    ['dotdot', '..', 'src/../../dotdot.txt', (c: RealHostCase) => join(dirname(c.project), 'dotdot.txt')],
    ['home', '~/', '~/home.txt', (c: RealHostCase) => join(c.project, '~')],
    ['at', '@', '@src/at.txt', (c: RealHostCase) => join(c.project, '@src')],
  ] as const) {
    it(`under files=src/** relative and absolute paths in src run; a \`${form}\` path outside it is stopped (the run ends)`, async () => {
      const c = runs.newCase(`locked-${name}`);
      mkdirSync(join(c.project, 'src'));
      const s = await runs.server({ threads: [{ name: 'main', turns: [write('rel', 'src/rel.txt'), write('abs', join(c.project, 'src', 'abs.txt')), write('out', path), { text: 'done' }] }] });
      expect(await cline(c, s, '$stopline change files=src/** -- edit the sources')).toBe('aborted');
      ran(s, 'rel');
      ran(s, 'abs');
      expect(readFileSync(join(c.project, 'src', 'rel.txt'), 'utf8')).toBe('rel\n');
      expect(readFileSync(join(c.project, 'src', 'abs.txt'), 'utf8')).toBe('abs\n');
      expect(s.requestAfterToolCall('call_out')).toBeUndefined();
      expect(existsSync(where(c)), where(c)).toBe(false);
      expect(readEvidence(stoplineDataDir(c.home)).some((e) => e.type === 'check' && e.decision?.reasonCode === 'PATH_OUTSIDE_CONTRACT')).toBe(true);
    });
  }

  it('without files= `~/x` and `@x` run and land in the project, where the guard placed them (never in the HOME)', async () => {
    const c = runs.newCase('open');
    const s = await runs.server({ threads: [{ name: 'main', turns: [write('home', '~/open-home.txt'), write('at', '@at.txt'), { text: 'done' }] }] });
    expect(await cline(c, s, '$stopline change -- edit anything')).toBe('completed');
    ran(s, 'home');
    ran(s, 'at');
    expect(readFileSync(join(c.project, '~', 'open-home.txt'), 'utf8')).toBe('home\n');
    expect(existsSync(join(c.home, 'open-home.txt'))).toBe(false);
    expect(readFileSync(join(c.project, '@at.txt'), 'utf8')).toBe('at\n');
  });
});
