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
import { copyFileSync, lstatSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runCodex, startResponsesServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { linkLayout, pathFormCase, usualPathForms, type PathFormHost } from '../shared/path-forms';

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

const host: PathFormHost = { runs, write: add, launch: codex, expectRan, expectStopped };

describeRealHost(status, 'path forms on Codex 0.171.0 apply_patch', HOSTS_FOR.codex, 300_000, () => {
  // 0.171.0 does not expand `~` in patch headers: the file is in a folder named `~`
  usualPathForms(host, { who: 'Codex', linkOut: true, openHome: 'project', openWords: '`~/x` is the folder `~` in the project, `@x` a file named `@x`' });

  it('without files= Codex writes through a link where it leads; a link into stopline\'s config folder is stopped', () =>
    pathFormCase(host, 'links', (c) => {
      const { target, link, config } = linkLayout(c, 'codex');
      return {
        prompt: '$stopline change -- edit anything',
        before: [{ toolCalls: [{ id: 'link_final', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: src/final.txt\n@@\n-before\n+after\n*** End Patch\n' }] }],
        writes: [['link_self', 'src/cfg/stopline.json']],
        ran: ['link_final'],
        stopped: { GUARD_SELF_PROTECTION: ['link_self'] },
        absent: [join(config, 'stopline.json')],
        check() {
          // what Codex 0.171.0 does with a link as the file itself: recorded in docs/hosts/codex.md
          const kept = lstatSync(link).isSymbolicLink();
          expect({ linkKept: kept, target: readFileSync(target, 'utf8'), atLink: kept ? null : readFileSync(link, 'utf8') }).toEqual({ linkKept: true, target: 'after\n', atLink: null });
        },
      };
    }));
});
