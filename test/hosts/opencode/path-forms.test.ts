/**
 * Path forms on the real OpenCode 1.18.33 write tool: relative, absolute, `..`, `~/`, `@` and
 * `file://` spellings under files=src/**, then without files= the forms OpenCode keeps as plain
 * names (it expands nothing: `~/x` is the folder `~` in the project). The file system shows
 * each allowed write where the guard placed it and nothing left by a stopped one. Symbolic
 * links: a write through a link folder in src/ that leads out of the project is stopped under
 * files=src/**, one through a link to stopline's config folder always, and without a lock
 * OpenCode writes through a link where it leads.
 */
import { beforeAll, expect, it } from 'vitest';
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runOpenCode, startChatServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { linkLayout, pathFormCase, usualPathForms, type PathFormHost } from '../shared/path-forms';

let plugin = '';
const status = await ensureHosts(HOSTS_FOR.opencode);
beforeAll(() => {
  plugin = requireArtifact('opencode', 'stopline.js');
});
const runs = realHostRuns({ prefix: 'opencode-path-forms', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });

async function opencode(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runOpenCode({ project: c.project, prompt, server: s, pluginFile: plugin, runDir: c.runDir, args: ['--'], timeoutMs: 300_000 });
  expect(r.code, `opencode exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  expect(r.stderr, 'the plugin failed to load').not.toMatch(/failed to load plugin/i);
}

const write = (id: string, filePath: string) => ({ toolCalls: [{ id, name: 'write', input: { filePath, content: `${id}\n` } }] });

const host: PathFormHost = { runs, write, launch: opencode, expectRan, expectStopped };

describeRealHost(status, 'path forms on OpenCode 1.18.33 write', HOSTS_FOR.opencode, 600_000, () => {
  usualPathForms(host, { who: 'OpenCode', fileUrl: true, linkOut: true, openHome: 'project', openWords: 'it expands nothing: `~/x` is the folder `~` in the project' });

  it('without files= OpenCode writes through a link where it leads; a link into stopline\'s config folder is stopped', () =>
    pathFormCase(host, 'links', (c) => {
      const { target, link, config } = linkLayout(c, 'opencode');
      return {
        prompt: '$stopline change -- edit anything',
        // OpenCode overwrites an existing file only after reading it
        before: [{ toolCalls: [{ id: 'read', name: 'read', input: { filePath: link } }] }],
        writes: [
          ['link_final', link],
          ['link_self', join(c.project, 'src', 'cfg', 'stopline.json')],
        ],
        ran: ['link_final'],
        stopped: { GUARD_SELF_PROTECTION: ['link_self'] },
        absent: [join(config, 'stopline.json')],
        check() {
          // what OpenCode 1.18.33 does with a link as the file itself: recorded in docs/hosts/opencode.md
          const kept = lstatSync(link).isSymbolicLink();
          expect({ linkKept: kept, target: readFileSync(target, 'utf8'), atLink: kept ? null : readFileSync(link, 'utf8') }).toEqual({ linkKept: true, target: 'link_final\n', atLink: null });
        },
      };
    }));
});
