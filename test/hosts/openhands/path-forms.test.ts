/**
 * Path forms on the real OpenHands CLI 1.16.0 `file_editor create`: paths written absolute, with
 * `..`, outside the project, relative and as `~/…`, first under files=src/**, then without
 * files=. file_editor refuses a relative path before it writes anything; it lets `~/x` through
 * its absolute-path check but writes it as given, from the folder OpenHands runs in (the
 * project), never the HOME: where the guard places it. An absolute path is judged where it
 * points, `..` collapsed.
 */
import { expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openhandsHooksMap } from '../../../hosts/openhands/install';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { runOpenHands } from './harness';
import { pathFormCase, type PathFormHost } from '../shared/path-forms';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.openhands);
const runs = realHostRuns({ prefix: 'openhands-path-forms', startServer: (script) => startChatServer(script), describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /Action rejected: STOP \//, ran: { never: /STOP \// } });

async function launch(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const script = requireArtifact('openhands', 'stopline.mjs');
  const r = await runOpenHands({ project: c.project, prompt, server: s, runDir: c.runDir, hooksJson: openhandsHooksMap(`'${process.execPath}' '${script}'`), env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 300_000 });
  expect(r.code, `openhands exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const host: PathFormHost = {
  runs,
  write: (id, path) => ({ toolCalls: [{ id, name: 'file_editor', input: { command: 'create', path, file_text: `${id}\n`, security_risk: 'LOW' } }] }),
  launch,
  expectRan,
  expectStopped,
};

describeRealHost(status, 'path forms on OpenHands 1.16.0 file_editor', HOSTS_FOR.openhands, 400_000, () => {
  it('under files=src/** each path is judged where OpenHands would write it', async () => {
    await pathFormCase(host, 'locked', (c) => {
      mkdirSync(join(c.project, 'src'));
      const outside = dirname(c.project);
      return {
        prompt: '$stopline change files=src/** -- edit the sources',
        writes: [
          ['call_abs', join(c.project, 'src', 'abs.txt')],
          ['call_dotdot', `${c.project}/src/../../dotdot.txt`],
          ['call_out', join(outside, 'out.txt')],
          ['call_home', '~/home.txt'],
          ['call_rel', 'src/rel.txt'],
        ],
        landed: { call_abs: join(c.project, 'src', 'abs.txt') },
        // allowed by the guard (inside files=), refused by the tool: not absolute
        ran: ['call_rel'],
        stopped: { PATH_OUTSIDE_CONTRACT: ['call_dotdot', 'call_out', 'call_home'] },
        absent: [join(outside, 'dotdot.txt'), join(outside, 'out.txt'), join(c.home, 'home.txt'), join(c.project, '~'), join(c.project, 'src', 'rel.txt'), join(process.cwd(), 'src', 'rel.txt')],
        check: (s) => expect(s.toolResultText('call_rel')).toMatch(/absolute/i),
      };
    });
  });

  it('without files= a `~/` path runs and lands where the guard placed it: a folder named `~` in the project, never the HOME', async () => {
    await pathFormCase(host, 'open', (c) => {
      // file_editor takes `~/x` as absolute (its check expands it) but writes the path as given,
      // from the folder OpenHands runs in: the project
      mkdirSync(join(c.project, '~'));
      return {
        prompt: '$stopline change -- edit anything',
        writes: [['call_home', '~/open-home.txt']],
        landed: { call_home: join(c.project, '~', 'open-home.txt') },
        absent: [join(c.home, 'open-home.txt')],
      };
    });
  });
});
