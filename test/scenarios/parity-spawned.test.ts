/**
 * Cross-host parity through the built artifacts: a subset of the neutral corpus (one scenario
 * per rule, chosen below) is fed to dist/claude/stopline.mjs, dist/codex/stopline.mjs and
 * `dist/stopline.mjs guard` as the hosts run them (one process per event), with the same
 * expectations as the in-process run (and every other host whose spec's door is a command hook
 * the same way: Copilot's with the event as the argument, as its hook file passes it; a host with
 * no prompt event gets the prompt written to the session journal its hook reads). stdout must be
 * empty or the host's JSON.
 */
import { describe, expect, it } from 'vitest';
import { checks, EVENT_ARGS, PAYLOADS, seenFromRendered, testSandbox, type HostDriver, type Sandbox } from './drivers';
import { HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';
import { loadCorpus, runScenario } from './parity';
import { runArtifact, type SpawnedHost } from './spawn';

const SUBSET = [
  'inactive-write',
  'review-write',
  'review-shell-read',
  'review-mcp',
  'files-write-outside',
  'files-shell-inside',
  'files-shell-unproven',
  'change-install',
  'hash-deny-sha256sum',
  'agents-1',
  'query-status',
  'self-protect-shell',
];
const corpus = loadCorpus().filter((s) => SUBSET.includes(s.id));

function spawnedDriver(host: SpawnedHost, box: Sandbox, stdoutProblems: string[]): HostDriver {
  const send = async (payload: unknown, args: readonly string[] = []) => {
    const r = await runArtifact(host, JSON.stringify(payload), box.env, box.project, 60_000, args);
    if (r.stdout !== '') {
      try {
        JSON.parse(r.stdout);
      } catch {
        stdoutProblems.push(`stdout is not JSON: ${JSON.stringify(r.stdout.slice(0, 200))}`);
      }
    }
    if (r.exitCode !== 0 && r.exitCode !== 2) stdoutProblems.push(`exit ${r.exitCode}: ${r.stderr.slice(0, 200)}`);
    return r;
  };
  const p = PAYLOADS[host];
  return {
    host,
    async prompt(text) {
      // a host without a prompt event keeps the prompt where its hook reads it: nothing to send
      const payload = p.prompt(box, text);
      if (payload !== null) await send(payload, EVENT_ARGS[host]?.prompt);
    },
    async tool(t) {
      return seenFromRendered(host, await send(p.tool(box, t), EVENT_ARGS[host]?.tool), t.input);
    },
  };
}

/** Every host whose artifact runs as a process per event (its spec's door), and the guard bridge. */
const SPAWNED = [...HOST_SPECS.filter((s: HostSpec) => s.door === 'command-hook').map((s: HostSpec) => s.name), 'guard'] as SpawnedHost[];

describe.each(SPAWNED)('parity through the built %s artifact', (host) => {
  it('the subset names scenarios that exist', () => expect(corpus.map((s) => s.id).sort()).toEqual([...SUBSET].sort()));
  it.each(corpus.map((s) => [s.id, s] as const))('%s', async (_id, sc) => {
    const box = testSandbox();
    const stdoutProblems: string[] = [];
    const results = await runScenario(sc, spawnedDriver(host, box, stdoutProblems), box);
    expect(results.flatMap((r) => r.problems.map((p) => `step ${r.step}: ${p}`))).toEqual([]);
    expect(stdoutProblems).toEqual([]);
    expect(checks(box.home).length).toBe(results.filter((r) => r.got).length);
  });
});
