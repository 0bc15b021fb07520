/**
 * A real host (pinned, from .hosts/) running what `stopline install <host>` wrote from the built
 * dist/, its model a fake server on 127.0.0.1 whose one tool call writes `<project>/<id>.txt`:
 * a review stops the write and the file never appears, doctor passes what the host's rows name,
 * and after `stopline uninstall` the write runs and the person's settings file is as it was.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { hostSpec, type HostFamily } from '../../../core/registry/host-specs';
import { cleanupTempDirs, makeHome, stopline, write as writeFile, type Home } from '../../cli/install/helpers';
import { doctor, filesMentioning, statuses } from '../shared/native-install';
import { describeRealHost, requireArtifact } from '../shared/real-host';
import { HOSTS_FOR, ensureHosts, startHostChatServer, type FakeModelScript, type FakeModelServer } from './index';

interface HostRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface InstalledHostRows {
  /** the host's write of `path` with "x\n" */
  write(path: string): { name: string; input: Record<string, unknown> };
  /** the host's run of `prompt` in the person's home; `trusted`: with the host's step that trusts the project folder */
  run(o: { project: string; home: string; env: Record<string, string>; prompt: string; server: FakeModelServer }, trusted: boolean): Promise<HostRun>;
  /** what the model reads for the stopped write */
  denied: RegExp;
  /** the host runs a project's hooks only in a trusted folder (they are skipped before) */
  trusts?: boolean;
  /** the fake model server the host talks to (default: startHostChatServer) */
  startServer?: (script: FakeModelScript) => Promise<FakeModelServer>;
  /** the person's own settings file (under HOME) the install writes into: there before install, the same text after uninstall, naming no stopline script */
  settings?: { file: string; text: string };
  /** the statuses `stopline doctor <host>` gives the user-scope install */
  doctor?: Record<string, string>;
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
  async function write(h: Home, id: string, trusted = false): Promise<FakeModelServer> {
    const server = await (o.startServer ?? startHostChatServer)({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id, ...o.write(join(h.project, `${id}.txt`)) }] }, { text: 'done' }] as never }] });
    servers.push(server);
    const run = await o.run({ project: h.project, home: h.home, env: { ...h.env, STOPLINE_DASHBOARD: 'off' }, prompt: '$stopline review -- look around', server }, trusted);
    expect(run.code, `${run.stdout}\n${run.stderr}`.slice(-3000)).toBe(0);
    return server;
  }
  const stopped = (h: Home, id: string, server: FakeModelServer) => {
    expect(existsSync(join(h.project, `${id}.txt`))).toBe(false);
    expect(server.toolResultText(id)).toMatch(o.denied);
  };
  const ran = (h: Home, id: string) => expect(readFileSync(join(h.project, `${id}.txt`), 'utf8')).toBe('x\n');
  const person = (): Home => {
    const h = makeHome();
    if (o.settings) writeFile(join(h.home, o.settings.file), o.settings.text);
    return h;
  };

  describeRealHost(status, `the real ${hostSpec(host).displayName} runs what stopline install ${host} wrote`, HOSTS_FOR[host], 300_000, () => {
    it(`user scope: a review-mode write is denied${o.doctor ? ', doctor passes' : ''}; after uninstall it runs${o.settings ? ' and the settings are as they were' : ''}`, async () => {
      const h = person();
      await install(h);
      stopped(h, 'call_one', await write(h, 'call_one'));
      if (o.doctor) {
        const d = await doctor(host, h.env, h.home);
        expect(statuses(d.reports.find((r) => r.host === host && r.scope === 'user')), JSON.stringify(d.reports, null, 1)).toMatchObject(o.doctor);
      }
      expect((await stopline(['uninstall', host], h)).code).toBe(0);
      if (o.settings) {
        expect(readFileSync(join(h.home, o.settings.file), 'utf8')).toBe(o.settings.text);
        // the installer's backups stay as the safety net; nothing the host loads names the script
        expect(filesMentioning(join(h.home, o.settings.file, '..'), 'stopline.mjs', (rel) => rel.includes('.stopline-backup-'))).toEqual([]);
      }
      await write(h, 'call_two');
      ran(h, 'call_two');
    });

    it(`project scope: the project's hooks run${o.trusts ? ' once the folder is trusted, and are skipped without a word before' : ' with no trust step'}`, async () => {
      const h = person();
      await install(h, '--scope', 'project');
      if (o.trusts) {
        await write(h, 'call_untrusted');
        ran(h, 'call_untrusted');
      }
      stopped(h, 'call_project', await write(h, 'call_project', true));
    });
  });
}
