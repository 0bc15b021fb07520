/**
 * The process shell around the runner: stdin within bounds, one write to stdout and stderr
 * each, then exit with the rendered code. The Hermes shell hook's entry runs through it (the
 * other hook scripts start in hook-entry.ts). Works the same under node, bun and deno through each runtime's cheapest
 * doors (hosts/shared/runtime-io.ts): no stream object is created for stdin, stdout or stderr.
 */
import { appendFileSync } from 'node:fs';
import type { CommandHookAdapter, HookEnv, Rendered } from './adapter';
import { answerInput } from './runner';
import { runtimeIO } from './runtime-io';
import type { RuntimeIO } from './runtime-io';
import { readBoundedChunks } from './stdin';

/**
 * Test instrument, off unless STOPLINE_TIMING_FILE is set: append one line with the time from
 * the runtime's start to the answer, so the real-host suites can report the hook latency seen
 * inside real runs. Metadata only (event-less, no payload); a failure to write is ignored.
 */
function recordTiming(env: HookEnv, label: string, rendered: Rendered): void {
  const file = env.STOPLINE_TIMING_FILE;
  if (!file) return;
  try {
    const line = JSON.stringify({ artifact: label, ms: Math.round(performance.now() * 10) / 10, exitCode: rendered.exitCode, answered: rendered.stdout !== '' || rendered.exitCode !== 0 });
    appendFileSync(file, line + '\n');
  } catch {
    // an instrument must never change the answer
  }
}

/** Write the answer and exit with its code. */
async function deliver(io: RuntimeIO, env: HookEnv, label: string, rendered: Rendered): Promise<never> {
  recordTiming(env, label, rendered);
  try {
    if (rendered.stdout) await io.write(1, rendered.stdout);
    if (rendered.stderr) await io.write(2, rendered.stderr);
  } catch {
    // a host that closed our pipes gets no answer either way; the exit code still tells
  }
  return io.exit(rendered.exitCode);
}

export async function runHookProcess(adapter: CommandHookAdapter): Promise<void> {
  const io = await runtimeIO();
  const env = io.env();
  let rendered: Rendered;
  try {
    rendered = await answerInput(adapter, await readBoundedChunks(io.readChunk, {}, io.later), { env, cwd: io.cwd() });
  } catch (err) {
    // the runner never throws; this is the last line of defence for the fail-open default
    rendered = { stdout: '', stderr: `${adapter.label}: ${err instanceof Error ? err.message : String(err)}; failing open\n`, exitCode: 0 };
  }
  await deliver(io, env, adapter.label, rendered);
}
