/**
 * Path forms on the real Claude Code 2.1.332 Write tool: relative, absolute, `..`, `~/`, `@` and
 * `file://` spellings under files=src/** (and stopline's own config as `~/…`), then the forms
 * Claude keeps as plain names without files=. Claude expands the path itself before the hook
 * (the hook input carries the absolute path), and the file system shows each allowed write
 * where the guard placed it and nothing left by a stopped one.
 */
import { expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { ensureHosts, HOSTS_FOR, runClaude, startAnthropicServer, type FakeModelServer } from '../harness';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { pathFormCase, type PathFormHost } from '../shared/path-forms';

const status = await ensureHosts(HOSTS_FOR.claude);
const runs = realHostRuns({ prefix: 'claude-path-forms', startServer: startAnthropicServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: 'STOP /', ran: { never: 'STOP /' }, marksError: true });

async function claude(c: RealHostCase, s: FakeModelServer, prompt: string): Promise<void> {
  const r = await runClaude({ project: c.project, prompt, server: s, pluginDir: requireArtifact('claude'), allowedTools: ['Write'], runDir: c.runDir });
  expect(r.code, `claude exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
}

const write = (id: string, file_path: string) => ({ toolCalls: [{ id, name: 'Write', input: { file_path, content: `${id}\n` } }] });

const host: PathFormHost = { runs, write, launch: claude, expectRan, expectStopped };

describeRealHost(status, 'path forms on Claude Code 2.1.332 Write', HOSTS_FOR.claude, 300_000, () => {
  it('under files=src/** each form is judged where Claude writes it; stopline\'s config as ~/ is never written', () =>
    pathFormCase(host, 'locked', (c) => {
      const outside = dirname(c.project);
      return {
        prompt: '$stopline change files=src/** -- edit the sources',
        writes: [
          ['toolu_rel', 'src/rel.txt'],
          ['toolu_abs', join(c.project, 'src', 'abs.txt')],
          ['toolu_dotdot', 'src/../../dotdot.txt'],
          ['toolu_home', '~/home.txt'],
          ['toolu_at', '@src/at.txt'],
          ['toolu_url', `file://${outside}/url.txt`],
          ['toolu_self', '~/.config/stopline/stopline.json'],
        ],
        landed: { toolu_rel: join(c.project, 'src', 'rel.txt'), toolu_abs: join(c.project, 'src', 'abs.txt') },
        stopped: { PATH_OUTSIDE_CONTRACT: ['toolu_dotdot', 'toolu_home', 'toolu_at', 'toolu_url'], GUARD_SELF_PROTECTION: ['toolu_self'] },
        absent: [join(outside, 'dotdot.txt'), join(c.home, 'home.txt'), join(c.project, '@src'), join(outside, 'url.txt'), join(c.project, 'file:'), join(c.home, '.config', 'stopline', 'stopline.json')],
      };
    }));

  it('without files= an @ name and a file:// URL are plain names in the project', () =>
    pathFormCase(host, 'open', (c) => ({
      prompt: '$stopline change -- edit anything',
      writes: [
        ['toolu_at', '@at.txt'],
        ['toolu_url', 'file:///u.txt'],
      ],
      landed: { toolu_at: join(c.project, '@at.txt'), toolu_url: join(c.project, 'file:', 'u.txt') },
      absent: ['/u.txt'],
    })));
});
