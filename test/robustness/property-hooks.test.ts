/**
 * Property tests on the command-hook entry points, in process: the same calls the built
 * artifacts make (stdin through the pull reader of hook-entry.ts and process.ts -> the decision
 * part's answer: parse -> adapter -> core -> render), for
 * Claude Code, Codex, the Hermes plugin door and shell-hook door, and the guard's native form.
 * 10,000 generated inputs per entry (NUMBER_OF_CASES): it never throws, stdout is empty or one
 * JSON object, the exit code is 0 or 2, no stack trace reaches stderr, and input that cannot
 * even be identified follows the fail mode (open: nothing on stdout, exit 0, one stderr line;
 * closed: the host's deny).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { claudeAdapter } from '../../hosts/claude/adapter';
import { codexAdapter } from '../../hosts/codex/adapter';
import { nativeAdapter } from '../../hosts/cli/guard/adapters';
import { pluginDoor, shellHookDoor } from '../../hosts/hermes/doors';
import type { CommandHookAdapter, Rendered } from '../../hosts/shared/adapter';
import { decisionPart } from '../../hosts/shared/evaluator/decision-part';
import { readBoundedChunks } from '../../hosts/shared/stdin';
import { sandbox, type Sandbox } from '../scenarios/drivers';
import { answerProblems, isDeny } from './answers';
import { capturedPayloads, hookBytes, hookStdin, type Json } from './arbitraries';

const NUMBER_OF_CASES = 10_000;

const ENTRIES: [string, CommandHookAdapter, Json[]][] = [
  ['claude', claudeAdapter, capturedPayloads('claude')],
  ['codex', codexAdapter, capturedPayloads('codex')],
  ['hermes plugin door', pluginDoor, capturedPayloads('hermes')],
  ['hermes shell-hook door', shellHookDoor, capturedPayloads('hermes').map((p) => ({ ...p, tool_input: p.args }))],
  ['guard (native)', nativeAdapter, capturedPayloads('claude').map((p) => ({ ...p, hook_event_name: p.hook_event_name === 'PreToolUse' ? 'tool:before' : p.hook_event_name === 'UserPromptSubmit' ? 'prompt:submit' : p.hook_event_name }))],
];

const counts: Record<string, number> = {};
afterAll(() => {
  process.stderr.write(`property cases (in process): ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}\n`);
});

function identified(text: string): boolean {
  try {
    const v = JSON.parse(text) as unknown;
    return !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as Json).hook_event_name === 'string' && (v as Json).hook_event_name !== '';
  } catch {
    return false;
  }
}

async function run(adapter: CommandHookAdapter, input: string | Uint8Array, box: Sandbox, failMode: 'open' | 'closed'): Promise<Rendered> {
  const env = { ...box.env, STOPLINE_FAIL_OPEN: failMode === 'open' ? '1' : '0' };
  // stdin as the runtime's pull door hands it over: the bytes, then the end
  const chunks: (Uint8Array | null)[] = [Buffer.from(input), null];
  const stdin = await readBoundedChunks(() => Promise.resolve(chunks.shift() ?? null));
  return decisionPart(adapter).answer(stdin, { env, cwd: box.project });
}

describe.each(ENTRIES)('%s entry (in process)', (name, adapter, payloads) => {
  it(`${NUMBER_OF_CASES} generated inputs: valid host output only, and the fail mode when the input cannot be identified`, async () => {
    const box = sandbox(`prop-${name.replace(/\W+/g, '-')}`);
    let n = 0;
    try {
      await fc.assert(
        fc.asyncProperty(hookStdin(payloads), fc.constantFrom<'open' | 'closed'>('open', 'closed'), async (text, mode) => {
          n += 1;
          const r = await run(adapter, text, box, mode);
          expect(answerProblems(adapter.label, r)).toEqual([]);
          if (!identified(text)) {
            if (mode === 'open') {
              expect(r.stdout).toBe('');
              expect(r.exitCode).toBe(0);
              expect(r.stderr).not.toBe('');
            } else {
              expect(isDeny(r)).toBe(true);
            }
          }
        }),
        { numRuns: NUMBER_OF_CASES - 500, seed: 0x5709 },
      );
      await fc.assert(
        fc.asyncProperty(hookBytes(payloads), fc.constantFrom<'open' | 'closed'>('open', 'closed'), async (bytes, mode) => {
          n += 1;
          expect(answerProblems(adapter.label, await run(adapter, bytes, box, mode))).toEqual([]);
        }),
        { numRuns: 500, seed: 0x1e },
      );
    } finally {
      counts[name] = n;
      box.cleanup();
    }
  }, 900_000);
});
