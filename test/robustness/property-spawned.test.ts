/**
 * The built artifacts as their hosts spawn them (committed dist/): the hook script of every host
 * whose spec's door is a command hook (Copilot's with the event as its argument, as its hook file
 * passes it) and `dist/stopline.mjs guard`. Generated inputs (a few hundred in
 * all: SPAWNED_CASES per artifact) plus the stdin edge cases: empty, larger than the 8 MiB
 * bound, exactly at the bound, never closed, several documents, invalid UTF-8, NUL bytes.
 * The artifact exits on its own (no kill), prints only valid host output, follows the fail mode.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';
import { MAX_HOOK_INPUT_BYTES } from '../../hosts/shared/stdin';
import { fixture, sandbox, testSandbox } from '../scenarios/drivers';
import { runArtifact, type SpawnedHost } from '../scenarios/spawn';
import { FOLDER_ROWS } from '../hosts/harness/folder-rows';
import type { HostTestRows } from '../hosts/harness/host-rows';
import { capturedPayloads, hookStdin } from './arbitraries';
import { answerProblems, isDeny } from './answers';

const SPAWNED_CASES = 80;
/** Every host whose artifact runs as a process per event (its spec's door), and the guard bridge. */
const HOSTS = [...HOST_SPECS.filter((s: HostSpec) => s.door === 'command-hook').map((s: HostSpec) => s.name), 'guard'] as SpawnedHost[];
const LABELS = Object.fromEntries(HOSTS.map((h) => [h, h === 'guard' ? 'stopline guard' : `stopline (${h})`])) as Record<SpawnedHost, string>;
/** The bridge is fed Claude's captures (the native form takes Claude's field names). */
const capturesOf = (h: SpawnedHost) => capturedPayloads(h === 'guard' ? 'claude' : h);
const PAYLOADS = Object.fromEntries(HOSTS.map((h) => [h, capturesOf(h)])) as Record<SpawnedHost, Record<string, unknown>[]>;
/** A hook file that names the event as the script's argument (its host's test rows say so); the others read it from the payload. */
const ARGS: Partial<Record<SpawnedHost, string[]>> = Object.fromEntries(
  Object.entries<HostTestRows>(FOLDER_ROWS).flatMap(([host, rows]) => (rows.commandHook?.eventArgs ? [[host, [...rows.commandHook.eventArgs.tool]]] : [])),
);
const counts: Record<string, number> = {};
afterAll(() => {
  process.stderr.write(`property cases (spawned): ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}\n`);
});

/** The tool event and a write tool of each host, for the payload at the bound (Copilot's event is its argument). */
const WRITE_EVENT: Record<SpawnedHost, { event: string; tool: string }> = {
  claude: { event: 'PreToolUse', tool: 'Write' },
  guard: { event: 'tool:before', tool: 'Write' },
  // the hosts that keep their rows in their own test folder (test/hosts/<host>/rows.ts)
  ...(Object.fromEntries(Object.entries<HostTestRows>(FOLDER_ROWS).map(([host, rows]) => [host, rows.writeEvent])) as Record<keyof typeof FOLDER_ROWS, { event: string; tool: string }>),
};
/**
 * The guard bridge answers input it cannot read by the fail mode: open is exit 1 with its
 * accepted forms (an input error), closed is a block (exit 2, GUARD_UNAVAILABLE), so under fail
 * closed an exit 1 is a problem like any other. The hook artifacts never exit 1.
 */
const inputErrorFor = (host: SpawnedHost, mode: 'open' | 'closed'): { inputErrorExit?: number } => (host === 'guard' && mode === 'open' ? { inputErrorExit: 1 } : {});

describe.each(HOSTS)('built %s artifact', (host) => {
  const envFor = (env: Record<string, string>, mode: 'open' | 'closed') => ({ ...env, STOPLINE_FAIL_OPEN: mode === 'open' ? '1' : '0' });

  it(`${SPAWNED_CASES} generated inputs: exits by itself with valid host output`, async () => {
    const box = sandbox();
    let n = 0;
    try {
      await fc.assert(
        fc.asyncProperty(hookStdin(PAYLOADS[host]), fc.constantFrom<'open' | 'closed'>('open', 'closed'), async (text, mode) => {
          n += 1;
          const r = await runArtifact(host, text, envFor(box.env, mode), box.project, 60_000, ARGS[host]);
          expect(r.killed).toBe(false);
          expect(answerProblems(LABELS[host], r, inputErrorFor(host, mode))).toEqual([]);
        }),
        { numRuns: SPAWNED_CASES, seed: 0x5a },
      );
    } finally {
      counts[host] = n;
      box.cleanup();
    }
  }, 900_000);

  const EDGE: [string, () => string | Uint8Array | null][] = [
    ['empty stdin', () => ''],
    ['stdin one byte over the bound', () => Buffer.alloc(MAX_HOOK_INPUT_BYTES + 1, 0x20)],
    ['stdin that never closes', () => null],
    ['two JSON documents', () => `${JSON.stringify(PAYLOADS[host][0])}\n${JSON.stringify(PAYLOADS[host][0])}`],
    ['invalid UTF-8 and NUL bytes', () => Buffer.from([0x7b, 0xff, 0x00, 0xc3, 0x28, 0x7d])],
  ];
  it.each(EDGE)('%s: fail open prints nothing and exits 0 with one stderr line (the guard bridge: exit 1, an input error); fail closed denies (the guard bridge: exit 2, GUARD_UNAVAILABLE)', async (_what, make) => {
    const box = testSandbox();
    for (const mode of ['open', 'closed'] as const) {
      const r = await runArtifact(host, make(), envFor(box.env, mode), box.project, 60_000, ARGS[host]);
      expect(r.killed).toBe(false);
      expect(answerProblems(LABELS[host], r, inputErrorFor(host, mode))).toEqual([]);
      if (host === 'guard' && mode === 'open') {
        expect(r.exitCode).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).toContain('input error');
      } else if (host === 'guard') {
        expect(r.exitCode).toBe(2);
        expect(r.stderr).toContain('GUARD_UNAVAILABLE');
        expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'block', reasonCode: 'GUARD_UNAVAILABLE' });
      } else if (mode === 'open') {
        expect(r.stdout).toBe('');
        expect(r.exitCode).toBe(0);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      } else {
        expect(isDeny(r, host)).toBe(true);
      }
    }
  }, 300_000);

  it('a payload at the bound (8 MiB of a Write) is read and decided', async () => {
    const box = testSandbox();
    const base = JSON.stringify({ ...PAYLOADS.claude.find((p) => p.tool_name === 'Write'), hook_event_name: WRITE_EVENT[host].event, session_id: 'big-1', cwd: box.project, tool_name: WRITE_EVENT[host].tool, tool_input: { file_path: `${box.project}/big.txt`, command: 'true', content: '' } });
    const text = base.replace('"content":""', `"content":"${'a'.repeat(MAX_HOOK_INPUT_BYTES - base.length - 16)}"`);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_HOOK_INPUT_BYTES);
    // a host that reads the person's prompt from its own record at a tool call has one: its prompt row places it
    FOLDER_ROWS[host as keyof typeof FOLDER_ROWS]?.commandHook?.prompt({ ...box, session: 'big-1' }, '', { fixture, nextId: (prefix) => `${prefix}1` });
    const r = await runArtifact(host, text, envFor(box.env, 'closed'), box.project, 60_000, ARGS[host]);
    expect(r.killed).toBe(false);
    // decided: not refused as too large (fail closed would have denied with GUARD_UNAVAILABLE)
    expect(r.stderr).not.toContain('larger than');
    expect(isDeny(r, host)).toBe(false);
  }, 300_000);
});
