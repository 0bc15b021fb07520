/**
 * Path forms on the real Hermes Agent 0.19.0 (the venv in .hosts/hermes), headless against the fake
 * chat-completions server, with the plugin installed by `stopline install hermes`. write_file takes
 * the path as the model spells it: Hermes expands `~` to the HOME and joins `@x` with the working
 * folder as a plain name (docs/hosts/hermes.md). Under files=src/** the usual forms, a `file://` URL,
 * a link folder that leads out of the project and stopline's own config as `~/…`; then a terminal
 * `cd src`, after which Hermes joins relative paths with src/ (its live terminal folder, which the
 * shim reads from Hermes). The file system shows each allowed call where the guard placed it and
 * nothing left by a stopped one.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, startChatServer } from '../harness';
import { pathFormCase, usualPathForms, type PathFormHost } from '../shared/path-forms';
import { describeRealHost, realHostRuns } from '../shared/real-host';
import { expectRan, expectStopped, installPlugin, runHermes, writeHermesConfig } from './real-hermes';

const status = await ensureHosts(HOSTS_FOR.hermes);
const runs = realHostRuns({ prefix: 'hermes-path-forms', startServer: startChatServer, describeTimings: () => null });

const call = (id: string, name: string, input: Record<string, unknown>) => ({ toolCalls: [{ id, name, input }] });

const host: PathFormHost = {
  runs,
  write: (id, path) => call(id, 'write_file', { path, content: `${id}\n` }),
  async launch(c, s, prompt) {
    writeHermesConfig(c, s);
    installPlugin(c, 'stopline');
    await runHermes(c, s, prompt);
  },
  expectRan,
  expectStopped,
};

describeRealHost(status, 'path forms on the real Hermes Agent 0.19.0', HOSTS_FOR.hermes, 600_000, () => {
  usualPathForms(host, {
    who: 'Hermes',
    fileUrl: true,
    linkOut: true,
    openHome: 'home',
    openWords: '`~/` in the HOME, `@x` a plain name in the project',
    more: {
      locked: (c) => ({
        writes: [['call_self', '~/.config/stopline/stopline.json']],
        stopped: { GUARD_SELF_PROTECTION: ['call_self'] },
        absent: [join(c.home, '.config', 'stopline', 'stopline.json')],
      }),
    },
  });

  it('under files=src/**, after a terminal `cd src`, write_file, touch, a V4A header and a terminal\'s own relative workdir are judged from src/, where Hermes puts them', () =>
    pathFormCase(host, 'cd', (c) => {
      mkdirSync(join(c.project, 'src'), { recursive: true });
      return {
        prompt: '$stopline change files=src/** -- edit the sources',
        before: [
          call('call_cd', 'terminal', { command: 'cd src' }),
          call('call_touch', 'terminal', { command: 'touch touched.ts' }),
          call('call_touch_up', 'terminal', { command: 'touch ../touched.txt' }),
          call('call_v4a', 'patch', { mode: 'patch', patch: '*** Begin Patch\n*** Add File: v4a.ts\n+v4a\n*** End Patch' }),
          // a relative workdir starts from the live folder too: `..` is the project root
          call('call_workdir', 'terminal', { command: 'touch w.txt', workdir: '..' }),
        ],
        writes: [
          ['call_after_cd', 'after-cd.ts'],
          ['call_after_cd_up', '../root.txt'],
        ],
        landed: { call_after_cd: join(c.project, 'src', 'after-cd.ts') },
        ran: ['call_cd', 'call_touch', 'call_v4a'],
        stopped: { PATH_OUTSIDE_CONTRACT: ['call_touch_up', 'call_workdir', 'call_after_cd_up'] },
        absent: ['after-cd.ts', 'root.txt', 'touched.txt', 'touched.ts', 'w.txt', 'v4a.ts'].map((f) => join(c.project, f)),
        check() {
          expect(existsSync(join(c.project, 'src', 'touched.ts'))).toBe(true);
          expect(readFileSync(join(c.project, 'src', 'v4a.ts'), 'utf8').trim()).toBe('v4a');
        },
      };
    }));
});
