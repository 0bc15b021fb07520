/**
 * Path forms on the real OpenClaw 2026.9.6 `write`, under files=src/**: OpenClaw drops one leading
 * `@`, reads `~/` as the home folder and a `file://` URL as its path, and keeps Unicode spaces as
 * part of the name (docs/hosts/openclaw.md). The file system shows each allowed write where the
 * guard placed it, and nothing of a stopped one.
 */
import { expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, type FakeModelServer } from '../harness';
import { runOpenClaw, startOpenClawChatServer } from './harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.openclaw);
const runs = realHostRuns({ prefix: 'openclaw-path-forms', startServer: startOpenClawChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /STOP \//, ran: { never: /STOP \// } });

async function openclaw(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const dir = dirname(requireArtifact('openclaw', 'index.js'));
  const r = await runOpenClaw({ project: c.project, prompt, server: s, runDir: c.runDir, plugins: [{ dir, id: 'stopline', conversationAccess: true }], env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 270_000 });
  expect(r.code, `openclaw exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const write = (id: string, path: string) => ({ toolCalls: [{ id, name: 'write', input: { path, content: `${id}\n` } }] });

describeRealHost(status, 'path forms on OpenClaw 2026.9.6 write', HOSTS_FOR.openclaw, 300_000, () => {
  it('under files=src/** each path is judged where OpenClaw writes it', async () => {
    const c = runs.newCase('locked');
    const outside = dirname(c.project);
    mkdirSync(join(c.project, 'src'));
    const s = await runs.server({
      threads: [
        {
          name: 'main',
          turns: [
            write('rel', 'src/rel.txt'),
            write('at', '@src/at.txt'),
            write('url', `file://${c.project}/src/url.txt`),
            write('nbsp', 'src/n\u00A0b.txt'),
            write('dotdot', 'src/../../dotdot.txt'),
            write('home', '~/src/home.txt'),
            write('atout', '@out.txt'),
            { text: 'done' },
          ],
        },
      ],
    });
    await openclaw(c, s, '$stopline change files=src/** -- edit the sources');
    for (const id of ['rel', 'at', 'url', 'nbsp']) expectRan(s, id);
    expect(readFileSync(join(c.project, 'src', 'rel.txt'), 'utf8')).toBe('rel\n');
    expect(readFileSync(join(c.project, 'src', 'at.txt'), 'utf8')).toBe('at\n');
    expect(readFileSync(join(c.project, 'src', 'url.txt'), 'utf8')).toBe('url\n');
    expect(readFileSync(join(c.project, 'src', 'n\u00A0b.txt'), 'utf8')).toBe('nbsp\n');
    for (const id of ['dotdot', 'home', 'atout']) expectStopped(s, id, 'PATH_OUTSIDE_CONTRACT');
    for (const p of [join(outside, 'dotdot.txt'), join(c.home, 'src', 'home.txt'), join(c.project, 'out.txt'), join(c.project, '@out.txt'), join(c.project, '@src')]) expect(existsSync(p), p).toBe(false);
  });
});
