/**
 * Pi's own install route for the repository as a Pi package (the `pi` key of package.json names
 * the extension and the skills folder), on the real Pi 1.6.0 and 0.73.1, offline, in a
 * throwaway HOME: `pi install <checkout>` (a local path: Pi loads it in place), then sessions
 * with no `-e`; `pi remove <checkout>` takes it out again.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, piRuntime, runPi, startChatServer, type PiVariant } from '../harness';
import { baseEnv } from '../harness/process';
import { doctor, hostCommand, makeCheckout, statuses, writeAndTouch } from '../shared/native-install';
import { describeRealHost, realHostRuns, requestText, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts([...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz']]);
requireArtifact('pi', 'stopline.ts');

const runs = realHostRuns({ prefix: 'pi-native', startServer: startChatServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });


const VERSIONS: Record<PiVariant, string> = { ew: '1.6.0', mz: '0.73.1' };

for (const variant of ['ew', 'mz'] as const) {
  describeRealHost(status, `Pi ${VERSIONS[variant]}: \`pi install <checkout>\``, HOSTS_FOR[`pi-${variant}`], 240_000, () => {
    let runDir = '';
    let checkout = '';
    const piEnv = () => {
      const rt = piRuntime(variant);
      const home = join(runDir, 'home');
      return { ...baseEnv(home, join(runDir, 'tmp'), rt.pathPrefix), PI_CODING_AGENT_DIR: join(home, '.pi', 'agent'), XDG_CONFIG_HOME: join(home, '.config'), PI_OFFLINE: '1', PI_TELEMETRY: '0', PI_SKIP_VERSION_CHECK: '1' };
    };
    const pi = (...args: string[]) => hostCommand(piRuntime(variant).node, [piRuntime(variant).cli, ...args], piEnv(), join(runDir, 'home'));
    const session = async (c: RealHostCase, prompt: string) => {
      const s = await runs.server(writeAndTouch(c, 'path'));
      const r = await runPi({ variant, project: c.project, prompt, server: s, runDir });
      expect(r.code, `pi exited ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(0);
      return s;
    };

    beforeAll(async () => {
      const root = runs.newCase(variant, 'install').runDir;
      checkout = makeCheckout(join(root, 'checkout'));
      runDir = join(root, 'person');
      for (const d of [join(runDir, 'home', '.pi', 'agent'), join(runDir, 'tmp')]) mkdirSync(d, { recursive: true });
      await pi('install', checkout);
    });

    it('`pi list` shows the package; `/skill:stopline review -- …` brings in the skill and stops the write and the shell', async () => {
      expect((await pi('list')).stdout + (await pi('list')).stderr).toContain(checkout);
      const c = runs.newCase(variant, 'skill');
      const s = await session(c, '/skill:stopline review -- look at a.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expect(existsSync(join(c.project, 'x'))).toBe(false);
      expectStopped(s, 'call_write', 'MODE_FORBIDS_MUTATION');
      expectStopped(s, 'call_bash', 'MODE_FORBIDS_MUTATION');
      expect(requestText(s.requests.find((r) => r.kind === 'turn')?.body)).toContain('<skill name=\\"stopline\\"');
    });

    it('`stopline doctor pi` recognises the package install and its probe is denied', async () => {
      const d = await doctor('pi', piEnv(), join(runDir, 'home'));
      // Pi records a local source relative to its settings file
      const report = d.reports.find((r) => r.host === 'pi' && r.scope.startsWith('native ') && r.scope.endsWith('checkout'));
      expect(statuses(report), JSON.stringify(d.reports, null, 1)).toMatchObject({ installed: 'pass', artifact: 'pass', 'would-run': 'pass', enforcement: 'pass' });
    });

    it('files=a.txt: the write of new.txt is stopped', async () => {
      const c = runs.newCase(variant, 'files');
      const s = await session(c, '$stopline change files=a.txt -- fix a.txt');
      expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
      expectStopped(s, 'call_write', 'PATH_OUTSIDE_CONTRACT');
    });

    it('`pi remove <checkout>` takes it out: settings name no package and a review session writes', async () => {
      await pi('remove', checkout);
      const settings = readFileSync(join(runDir, 'home', '.pi', 'agent', 'settings.json'), 'utf8');
      expect(settings).not.toContain(checkout);
      const c = runs.newCase(variant, 'removed');
      const s = await session(c, '$stopline review -- look at a.txt');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
      expectRan(s, 'call_write');
    });
  });
}
