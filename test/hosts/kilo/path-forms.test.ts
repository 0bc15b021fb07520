/**
 * Path forms on the real Kilo Code 7.7.7 write tool (OpenCode's, whose path handling Kilo keeps):
 * relative, absolute, `..`, `~/`, `@` and `file://` spellings under files=src/**, and a link in
 * src/ that leads out of the project; then without files= the `~/` and `@` forms Kilo keeps as
 * plain names in the project. The file system shows each allowed write where the guard placed
 * it and nothing left by a stopped one.
 */
import { beforeAll, expect, it } from 'vitest';
import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runKilo, startChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { pathFormCase, type PathFormHost } from '../shared/path-forms';

let plugin = '';
const status = await ensureHosts(HOSTS_FOR.kilo);
beforeAll(() => {
  plugin = requireArtifact('opencode', 'stopline.js');
});
const runs = realHostRuns({ prefix: 'kilo-path-forms', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });

async function kilo(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runKilo({ project: c.project, prompt, server: s, pluginFile: plugin, runDir: c.runDir, args: ['--'], env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 300_000 });
  expect(r.code, `kilo exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  expect(r.stderr, 'the plugin failed to load').not.toMatch(/failed to load plugin/i);
}

const write = (id: string, filePath: string) => ({ toolCalls: [{ id, name: 'write', input: { filePath, content: `${id}\n` } }] });

const host: PathFormHost = { runs, write, launch: kilo, expectRan, expectStopped };

describeRealHost(status, 'path forms on Kilo Code 7.7.7 write', HOSTS_FOR.kilo, 600_000, () => {
  it('under files=src/** each form is judged where Kilo writes it', () =>
    pathFormCase(host, 'locked', (c) => {
      const outside = dirname(c.project);
      const away = join(outside, 'kilo-away');
      mkdirSync(away, { recursive: true });
      mkdirSync(join(c.project, 'src'), { recursive: true });
      symlinkSync(away, join(c.project, 'src', 'out'));
      return {
        prompt: '$stopline change files=src/** -- edit the sources',
        writes: [
          ['rel', 'src/rel.txt'],
          ['abs', join(c.project, 'src', 'abs.txt')],
          ['dotdot', 'src/../../dotdot.txt'],
          ['home', '~/home.txt'],
          ['at', '@src/at.txt'],
          ['url', `file://${outside}/url.txt`],
          ['link_out', 'src/out/linked.txt'],
        ],
        landed: { rel: join(c.project, 'src', 'rel.txt'), abs: join(c.project, 'src', 'abs.txt') },
        stopped: { PATH_OUTSIDE_CONTRACT: ['link_out', 'dotdot', 'home', 'at', 'url'] },
        absent: [join(away, 'linked.txt'), join(outside, 'dotdot.txt'), join(c.home, 'home.txt'), join(c.project, '~'), join(c.project, '@src'), join(outside, 'url.txt'), join(c.project, 'file:')],
      };
    }));

  it('without files= ~/ and @ are plain names in the project', () =>
    pathFormCase(host, 'open', (c) => ({
      prompt: '$stopline change -- edit anything',
      writes: [
        ['home', '~/o.txt'],
        ['at', '@at.txt'],
      ],
      landed: { home: join(c.project, '~', 'o.txt'), at: join(c.project, '@at.txt') },
      absent: [join(c.home, 'o.txt')],
    })));
});
