/**
 * The process shell around the runner: real stdin, one write to stdout and stderr each, then
 * exit with the rendered code. Shared by the Claude and Codex entries (and the CLI bridge).
 * Works the same under node, bun and deno (node: built-ins only).
 */
import process from 'node:process';
import { appendFileSync } from 'node:fs';
import type { CommandHookAdapter, Rendered } from './adapter';
import { runCommandHook } from './runner';

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  if (text === '') return Promise.resolve();
  return new Promise((resolve) => {
    try {
      stream.write(text, () => resolve());
    } catch {
      resolve();
    }
  });
}

/**
 * Test instrument, off unless STOPLINE_TIMING_FILE is set: append one line with the time from
 * the runtime's start to the answer, so the real-host suites can report the hook latency seen
 * inside real runs. Metadata only (event-less, no payload); a failure to write is ignored.
 */
function recordTiming(env: NodeJS.ProcessEnv, label: string, rendered: Rendered): void {
  const file = env.STOPLINE_TIMING_FILE;
  if (!file) return;
  try {
    const line = JSON.stringify({ artifact: label, ms: Math.round(performance.now() * 10) / 10, exitCode: rendered.exitCode, answered: rendered.stdout !== '' || rendered.exitCode !== 0 });
    appendFileSync(file, line + '\n');
  } catch {
    // an instrument must never change the answer
  }
}

export async function runHookProcess(adapter: CommandHookAdapter): Promise<void> {
  let rendered: Rendered;
  try {
    rendered = await runCommandHook(adapter, { stdin: process.stdin, env: process.env, cwd: process.cwd() });
  } catch (err) {
    // the runner never throws; this is the last line of defence for the fail-open default
    rendered = { stdout: '', stderr: `${adapter.label}: ${err instanceof Error ? err.message : String(err)}; failing open\n`, exitCode: 0 };
  }
  recordTiming(process.env, adapter.label, rendered);
  await write(process.stdout, rendered.stdout);
  await write(process.stderr, rendered.stderr);
  process.exit(rendered.exitCode);
}
