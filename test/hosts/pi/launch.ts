/**
 * How the Pi real-host suites start: both pinned Pi versions, the built extension loaded with
 * `-e`, one jiti cache shared by every run, the fake model server, and the run itself (exit code
 * checked). The scenario and path-form suites share it.
 */
import { beforeAll, expect } from 'vitest';
import { ensureHosts, HOSTS_FOR, runPi, startChatServer, type FakeModelServer, type PiRunResult, type PiVariant } from '../harness';
import { realHostRuns, requireArtifact, stopAssertions, type RealHostCase, type RealHostRuns } from '../shared/real-host';
import { piJitiCache } from './jiti-cache';

export const PI_VARIANTS: { variant: PiVariant; label: string; hosts: readonly ('pi-ew' | 'pi-mz' | 'node22')[] }[] = [
  { variant: 'ew', label: '@earendil-works/pi-coding-agent 1.6.0', hosts: HOSTS_FOR['pi-ew'] },
  { variant: 'mz', label: '@mariozechner/pi-coding-agent 0.73.1', hosts: HOSTS_FOR['pi-mz'] },
];

export interface PiSuite {
  status: Awaited<ReturnType<typeof ensureHosts>>;
  runs: RealHostRuns;
  expectStopped(s: FakeModelServer, callId: string, reason: string): void;
  expectRan(s: FakeModelServer, callId: string): void;
  /** one Pi run of `prompt` on the case with the built extension; fails the test unless Pi exits 0 */
  pi(variant: PiVariant, c: RealHostCase, s: FakeModelServer, prompt: string, env?: Record<string, string | undefined>): Promise<PiRunResult>;
}

/**
 * The suite's scaffolding (call at the top of a test file). `timings`: the line printed after
 * the suite about the decisions the extension timed (STOPLINE_TIMING_FILE is then passed to Pi).
 */
export async function piSuite(prefix: string, timings?: (file: string) => string | null): Promise<PiSuite> {
  let extension = '';
  let sharedTmp = '';
  const status = await ensureHosts([...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz']]);
  beforeAll(() => {
    extension = requireArtifact('pi', 'stopline.ts');
    sharedTmp = piJitiCache();
  });
  const runs = realHostRuns({ prefix, startServer: startChatServer, describeTimings: timings ?? (() => null) });
  // the extension blocks with the stamp as its reason, which Pi hands the model as the result
  const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: 'STOP /' } });
  const pi = async (variant: PiVariant, c: RealHostCase, s: FakeModelServer, prompt: string, env: Record<string, string | undefined> = {}): Promise<PiRunResult> => {
    const r = await runPi({
      variant,
      project: c.project,
      prompt,
      server: s,
      extensionFile: extension,
      runDir: c.runDir,
      env: { TMPDIR: sharedTmp, ...(timings ? { STOPLINE_TIMING_FILE: runs.timingFile } : {}), ...env },
      timeoutMs: 300_000,
    });
    expect(r.code, `pi exited ${r.code}\nstdout: ${r.stdout.slice(-1000)}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    return r;
  };
  return { status, runs, expectStopped, expectRan, pi };
}
