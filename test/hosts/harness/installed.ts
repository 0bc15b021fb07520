/**
 * A real host (pinned, from .hosts/) running what `stopline install <host>` wrote from the built
 * dist/, its model a fake server on 127.0.0.1 whose one tool call writes `<project>/<id>.txt`:
 * a review stops the write and the file never appears, and after `stopline uninstall` it runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { hostSpec, type HostFamily } from '../../../core/registry/host-specs';
import { cleanupTempDirs, makeHome, stopline, type Home } from '../../cli/install/helpers';
import { describeRealHost, requireArtifact } from '../shared/real-host';
import { HOSTS_FOR, ensureHosts, startHostChatServer, type FakeModelServer } from './index';

interface HostRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface InstalledHostRows {
  /** the host's write of `path` with "x\n" */
  write(path: string): { name: string; input: Record<string, unknown> };
  /** the host's run of `prompt` in the person's home, with extra host arguments */
  run(o: { project: string; home: string; env: Record<string, string>; prompt: string; server: FakeModelServer }, args: string[]): Promise<HostRun>;
  /** what the model reads for the stopped write */
  denied: RegExp;
  /** the arguments that trust the project, for a host that runs a project's hooks only when trusted (they are skipped before) */
  trust?: string[];
}

export async function describeInstalledHost(host: HostFamily & keyof typeof HOSTS_FOR, o: InstalledHostRows): Promise<void> {
  const status = await ensureHosts(HOSTS_FOR[host]);
  const dist = join(requireArtifact(host, 'stopline.mjs'), '..', '..');
  const servers: FakeModelServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    cleanupTempDirs();
  });
  const install = async (h: Home, ...args: string[]) => expect((await stopline(['install', host, ...args, '--runtime', 'node', '--from', dist], h)).code).toBe(0);
  /** runs the host on a model that makes the write once; the server, to read what the model got */
  async function write(h: Home, id: string, args: string[] = []): Promise<FakeModelServer> {
    const server = await startHostChatServer({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id, ...o.write(join(h.project, `${id}.txt`)) }] }, { text: 'done' }] as never }] });
    servers.push(server);
    const run = await o.run({ project: h.project, home: h.home, env: { ...h.env, STOPLINE_DASHBOARD: 'off' }, prompt: '$stopline review -- look around', server }, args);
    expect(run.code, `${run.stdout}\n${run.stderr}`.slice(-3000)).toBe(0);
    return server;
  }
  const stopped = (h: Home, id: string, server: FakeModelServer) => {
    expect(existsSync(join(h.project, `${id}.txt`))).toBe(false);
    expect(server.toolResultText(id)).toMatch(o.denied);
  };
  const ran = (h: Home, id: string) => expect(readFileSync(join(h.project, `${id}.txt`), 'utf8')).toBe('x\n');

  describeRealHost(status, `the real ${hostSpec(host).displayName} runs what stopline install ${host} wrote`, HOSTS_FOR[host], 300_000, () => {
    it('user scope: a review-mode write is denied; after uninstall it runs', async () => {
      const h = makeHome();
      await install(h);
      stopped(h, 'call_one', await write(h, 'call_one'));
      expect((await stopline(['uninstall', host], h)).code).toBe(0);
      await write(h, 'call_two');
      ran(h, 'call_two');
    });

    it(`project scope: the project's hooks run${o.trust ? ' once the folder is trusted, and are skipped without a word before' : ' with no trust step'}`, async () => {
      const h = makeHome();
      await install(h, '--scope', 'project');
      if (o.trust) {
        await write(h, 'call_untrusted');
        ran(h, 'call_untrusted');
      }
      stopped(h, 'call_project', await write(h, 'call_project', o.trust));
    });
  });
}
