/**
 * Path forms on the real Codex 0.171.0 apply_patch: headers written relative, absolute, with
 * `..`, as `~/…` and with a leading `@`, first under files=src/**, then without files=, and
 * the file system shows each allowed patch where the guard placed it (`~/x` is the folder `~`
 * in the project, not the HOME: seen here first; `@x` a file named `@x`) and nothing left by a
 * stopped one.
 */
import { expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runCodex, startResponsesServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.codex);
const runs = realHostRuns({ prefix: 'codex-path-forms', startServer: startResponsesServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /(Command|Tool call) blocked by PreToolUse hook: STOP \//, ran: { never: /blocked by PreToolUse hook/ } });

async function codex(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const artifactDir = dirname(requireArtifact('codex', 'stopline.mjs'));
  const hooksJson = JSON.parse(readFileSync(requireArtifact('codex', 'hooks.json'), 'utf8')) as Record<string, unknown>;
  const codexHome = join(c.runDir, 'codex-home');
  mkdirSync(codexHome, { recursive: true });
  copyFileSync(join(artifactDir, 'stopline.mjs'), join(codexHome, 'stopline.mjs'));
  const r = await runCodex({ project: c.project, prompt, server: s, hooksJson, trust: 'persisted', runDir: c.runDir });
  expect(r.code, `codex exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const add = (id: string, path: string) => ({ toolCalls: [{ id, name: 'apply_patch', input: `*** Begin Patch\n*** Add File: ${path}\n+${id}\n*** End Patch\n` }] });

describeRealHost(status, 'path forms on Codex 0.171.0 apply_patch', HOSTS_FOR.codex, 300_000, () => {
  it('under files=src/** each header is judged where Codex writes it', async () => {
    const c = runs.newCase('locked');
    const outside = dirname(c.project);
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            add('rel', 'src/rel.txt'),
            add('abs', join(c.project, 'src', 'abs.txt')),
            add('dotdot', 'src/../../dotdot.txt'),
            add('home', '~/home.txt'),
            add('at', '@src/at.txt'),
            { text: 'done' },
          ],
        },
      ],
    });
    await codex(c, s, '$stopline change files=src/** -- edit the sources');
    expectRan(s, 'rel');
    expectRan(s, 'abs');
    expect(readFileSync(join(c.project, 'src', 'rel.txt'), 'utf8')).toBe('rel\n');
    expect(readFileSync(join(c.project, 'src', 'abs.txt'), 'utf8')).toBe('abs\n');
    for (const id of ['dotdot', 'home', 'at']) expectStopped(s, id, 'PATH_OUTSIDE_CONTRACT');
    for (const p of [join(outside, 'dotdot.txt'), join(c.home, 'home.txt'), join(c.project, '~'), join(c.project, '@src')]) expect(existsSync(p), p).toBe(false);
  });

  it('without files= the same headers run and land where the guard placed them', async () => {
    const c = runs.newCase('open');
    const s = await runs.server({ threads: [{ name: 'main', turns: [add('home', '~/open-home.txt'), add('at', '@at.txt'), { text: 'done' }] }] });
    await codex(c, s, '$stopline change -- edit anything');
    expectRan(s, 'home');
    expectRan(s, 'at');
    // 0.171.0 does not expand `~` in patch headers: the file is in a folder named `~`
    expect(readFileSync(join(c.project, '~', 'open-home.txt'), 'utf8')).toBe('home\n');
    expect(existsSync(join(c.home, 'open-home.txt'))).toBe(false);
    expect(readFileSync(join(c.project, '@at.txt'), 'utf8')).toBe('at\n');
  });
});
