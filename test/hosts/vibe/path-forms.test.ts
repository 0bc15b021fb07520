/**
 * Path forms on the real Mistral Vibe 3.0.2 `write_file` (the hook sees file_system.write_file
 * {file_path}): paths written relative, absolute, with `..`, as `~/…` and with a leading `@`,
 * first under files=src/**, then without files=. The file system shows each allowed call where
 * the guard placed it: `~/x` is the HOME's (Vibe expands it), `@x` and `file://…` are plain names
 * in the cwd, `..` collapses; `~name/x` is that user's home, which the guard cannot know.
 */
import { expect } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vibeHookTables } from '../../../hosts/vibe/install';
import { NO_NEEDS, rowsToRegister } from '../../../hosts/cli/install/observe-events';
import { vibeRegistry } from '../../../core/registry/vibe';
import { ensureHosts, HOSTS_FOR, startChatServer, type FakeModelServer } from '../harness';
import { runVibe } from './harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { usualPathForms, type PathFormHost } from '../shared/path-forms';

const status = await ensureHosts(HOSTS_FOR.vibe);
const runs = realHostRuns({ prefix: 'vibe-path-forms', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: /STOP \// } });

async function vibe(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const script = requireArtifact('vibe', 'stopline.mjs');
  mkdirSync(join(c.home, '.vibe'), { recursive: true });
  writeFileSync(join(c.home, '.vibe', 'hooks.toml'), `${vibeHookTables(rowsToRegister(vibeRegistry, NO_NEEDS), `'${process.execPath}' '${script}'`, false)}\n`);
  const r = await runVibe({ project: c.project, prompt, server: s, runDir: c.runDir, env: { STOPLINE_DASHBOARD: 'off' } });
  expect(r.code, `vibe exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const write = (id: string, path: string) => ({ toolCalls: [{ id, name: 'write_file', input: { path, content: `${id}\n` } }] });

const host: PathFormHost = { runs, write, launch: vibe, expectRan, expectStopped };

describeRealHost(status, 'path forms on Mistral Vibe 3.0.2 write_file', HOSTS_FOR.vibe, 300_000, () => {
  usualPathForms(host, {
    who: 'Vibe',
    openHome: 'home',
    openWords: '`~/` in the HOME, `@` and `file://` plain names in the cwd',
    more: {
      // another user's home: the guard cannot know where it is
      locked: () => ({ writes: [['call_tilde', '~nobody/src/t.txt']], stopped: { WRITE_PATH_UNPROVEN: ['call_tilde'] } }),
      open: (c) => ({
        writes: [
          ['call_dd', 'src/../dd.txt'],
          ['call_url', `file://${c.project}/url.txt`],
        ],
        landed: { call_dd: join(c.project, 'dd.txt'), call_url: join(c.project, 'file:', c.project, 'url.txt') },
      }),
    },
  });
});
