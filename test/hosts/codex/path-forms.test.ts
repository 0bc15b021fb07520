/**
 * Path forms on the real Codex 0.171.0 apply_patch: headers written relative, absolute, with
 * `..`, as `~/…` and with a leading `@`, first under files=src/**, then without files=, and
 * the file system shows each allowed patch where the guard placed it (`~/x` is the folder `~`
 * in the project, not the HOME: seen here first; `@x` a file named `@x`) and nothing left by a
 * stopped one. Symbolic links: a header through a link folder in src/ that leads out of the
 * project is stopped under files=src/**, one through a link to stopline's config folder always,
 * and without a lock Codex writes through a link where it leads.
 */
import { expect, it } from 'vitest';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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
            add('link_out', 'src/out/linked.txt'),
            { text: 'done' },
          ],
        },
      ],
    });
    const away = join(outside, 'codex-away');
    mkdirSync(away, { recursive: true });
    mkdirSync(join(c.project, 'src'), { recursive: true });
    symlinkSync(away, join(c.project, 'src', 'out'));
    await codex(c, s, '$stopline change files=src/** -- edit the sources');
    expectStopped(s, 'link_out', 'PATH_OUTSIDE_CONTRACT');
    expect(existsSync(join(away, 'linked.txt'))).toBe(false);
    expectRan(s, 'rel');
    expectRan(s, 'abs');
    expect(readFileSync(join(c.project, 'src', 'rel.txt'), 'utf8')).toBe('rel\n');
    expect(readFileSync(join(c.project, 'src', 'abs.txt'), 'utf8')).toBe('abs\n');
    for (const id of ['dotdot', 'home', 'at']) expectStopped(s, id, 'PATH_OUTSIDE_CONTRACT');
    for (const p of [join(outside, 'dotdot.txt'), join(c.home, 'home.txt'), join(c.project, '~'), join(c.project, '@src')]) expect(existsSync(p), p).toBe(false);
  });

  it('without files= Codex writes through a link where it leads; a link into stopline\'s config folder is stopped', async () => {
    const c = runs.newCase('links');
    const outside = dirname(c.project);
    const target = join(outside, 'codex-final-target.txt');
    writeFileSync(target, 'before\n');
    mkdirSync(join(c.project, 'src'), { recursive: true });
    symlinkSync(target, join(c.project, 'src', 'final.txt'));
    const config = join(c.home, '.config', 'stopline');
    mkdirSync(config, { recursive: true });
    symlinkSync(config, join(c.project, 'src', 'cfg'));
    const update = { toolCalls: [{ id: 'link_final', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: src/final.txt\n@@\n-before\n+after\n*** End Patch\n' }] };
    const s = await runs.server({ threads: [{ name: 'main', turns: [update, add('link_self', 'src/cfg/stopline.json'), { text: 'done' }] }] });
    await codex(c, s, '$stopline change -- edit anything');
    expectRan(s, 'link_final');
    expectStopped(s, 'link_self', 'GUARD_SELF_PROTECTION');
    expect(existsSync(join(config, 'stopline.json'))).toBe(false);
    // what Codex 0.171.0 does with a link as the file itself: recorded in docs/hosts/codex.md
    const link = join(c.project, 'src', 'final.txt');
    const kept = lstatSync(link).isSymbolicLink();
    expect({ linkKept: kept, target: readFileSync(target, 'utf8'), atLink: kept ? null : readFileSync(link, 'utf8') }).toEqual({ linkKept: true, target: 'after\n', atLink: null });
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
