/**
 * The start-up path of a command-hook artifact (Claude Code, Codex, Gemini CLI, Qwen Code,
 * GitHub Copilot CLI, Factory Droid): the first part of the
 * two-part file (evaluator/load.ts). It imports no runtime module statically and loads nothing
 * it does not use, because a hook is a new process on every event:
 *
 *   1. read stdin within its bounds (stdin.ts), through the runtime's own doors (runtime-io.ts);
 *   2. hand it to the resident evaluator of this artifact, build and runtime and write its
 *      answer (evaluator/client.ts): the usual path, one small process per event;
 *   3. otherwise load the decision code from the second part and decide here, exactly as the
 *      evaluator would (runner.ts); when no evaluator was running, start one for the next event.
 *
 * A check that another door answers this event (`silentWhen`) goes before 1, so that hook does no
 * work at all: the Claude entry passes the test that the Claude Code mod decides
 * (hosts/claude/mod-live.ts). It reads the environment through runtime-io.ts like everything
 * else here: on Deno the `process` global alone starts the Node compatibility layer, which cost
 * every Claude event ~+20 ms CPU on a ~23 ms floor when the test read `process.env` itself.
 *
 * `<script> --stopline-evaluator <socket>` runs the script as that evaluator.
 * `<script> --stopline-confine <scope> -- <command>` runs a command confined at run time (the
 * Claude Code mod's rewrite, hosts/shared/confine-run.ts); it is read before `silentWhen`, since
 * it runs inside the very session whose mod decides.
 * `STOPLINE_EVALUATOR=0` keeps every decision in the hook's own process.
 */
import { envFailMode } from '../../core/answer/fail-env';
import { renderUnavailable } from '../../core/messages/unavailable';
import type { Rendered } from './adapter';
import { askEvaluator, evaluatorWanted, type Asked } from './evaluator/client';
import type { DecisionPart } from './evaluator/decision-part';
import { EVALUATOR_BUILD, EVALUATOR_DIGEST } from './evaluator/build-id';
import { fileOfUrl, importSecondPart, type PartCache } from './evaluator/load';
import { EVALUATOR_FLAG, evaluatorDir, type EvaluatorSpec } from './evaluator/where';
import { CONFINE_FLAG, NOT_RUN_STATUS } from '../../core/confine/deferred';
import { runtimeIO, type RuntimeIO } from './runtime-io';
import { readBoundedChunks } from './stdin';
import { stoplineLabel } from './label';

interface HookEntry {
  /** prefix of every stderr line, e.g. `stopline (claude)` */
  label: string;
  spec: EvaluatorSpec;
  /** the script's own module URL (import.meta.url): where its second part is read from */
  self: string;
  /** true when another door decides this event: the hook then exits 0 at once, reading and writing nothing */
  silentWhen?: (env: Readonly<Record<string, string | undefined>>) => boolean;
}

/** Which path answered, for the timing instrument. */
type Via = 'evaluator' | 'in-process' | 'fail-mode';

/**
 * Test instrument, off unless STOPLINE_TIMING_FILE is set: one line per event with the time from
 * the runtime's start to the answer and which path gave it, so the real-host suites can report
 * the hook latency seen inside real runs. Metadata only; a failure to write is ignored.
 */
async function recordTiming(io: RuntimeIO, env: Readonly<Record<string, string | undefined>>, label: string, rendered: Rendered, via: Via): Promise<void> {
  const file = env.STOPLINE_TIMING_FILE;
  if (!file) return;
  try {
    const line = JSON.stringify({ artifact: label, ms: Math.round(performance.now() * 10) / 10, exitCode: rendered.exitCode, answered: rendered.stdout !== '' || rendered.exitCode !== 0, via });
    await io.appendFile(file, line + '\n');
  } catch {
    // an instrument must never change the answer
  }
}

async function write(io: RuntimeIO, rendered: Rendered): Promise<void> {
  try {
    if (rendered.stdout) await io.write(1, rendered.stdout);
    if (rendered.stderr) await io.write(2, rendered.stderr);
  } catch {
    // a host that closed our pipes gets no answer either way; the exit code still tells
  }
}

/** Where the second part's copy is kept: the user's private evaluator folder (evaluator/load.ts). */
function partCache(io: RuntimeIO, entry: HookEntry, env: Readonly<Record<string, string | undefined>>): PartCache | null {
  const dir = io.platform === 'win32' ? null : evaluatorDir(env, io.uid());
  return dir ? { dir, name: `${entry.spec.artifact}-${entry.spec.build}.mjs` } : null;
}

async function serve(io: RuntimeIO, entry: HookEntry, socket: string | undefined): Promise<never> {
  if (!socket) {
    await io.write(2, `${entry.label}: ${EVALUATOR_FLAG} needs the socket path\n`);
    return io.exit(2);
  }
  const dir = socket.slice(0, socket.lastIndexOf('/'));
  const part = await importSecondPart<DecisionPart>(io, entry.self, { dir, name: `${entry.spec.artifact}-${entry.spec.build}.mjs` }, EVALUATOR_DIGEST);
  await part.serve(socket, entry.spec.build, io.env(), EVALUATOR_DIGEST);
  return io.exit(0);
}

/**
 * The answer when even the decision code cannot run (its part missing or damaged). The config
 * is read by that code, so only the environment can say the person asked for fail closed: then
 * the GUARD_UNAVAILABLE stamp on stderr with exit 2, which stops a tool call and a prompt on
 * Claude Code and Codex whatever the event was; otherwise the open default, one stderr line.
 */
function lastResort(label: string, err: unknown, env: Readonly<Record<string, string | undefined>>): Rendered {
  const why = err instanceof Error ? err.message : String(err);
  if (envFailMode(env) === 'closed') return { stdout: '', stderr: `${renderUnavailable(why)}\n${label}: ${why}; failing closed\n`, exitCode: 2 };
  return { stdout: '', stderr: `${label}: ${why}; failing open\n`, exitCode: 0 };
}

/** Run a deferred confinement; anything that keeps it from starting does not run the command. */
async function confine(io: RuntimeIO, entry: HookEntry, env: Readonly<Record<string, string | undefined>>, rest: string[]): Promise<never> {
  const stderr = (text: string): Promise<void> => io.write(2, text).catch(() => undefined);
  let status = NOT_RUN_STATUS;
  try {
    const part = await importSecondPart<DecisionPart>(io, entry.self, partCache(io, entry, env), EVALUATOR_DIGEST);
    if (part.confine) status = await part.confine(rest, { env, cwd: io.cwd(), uid: io.uid(), stderr });
    else await stderr(`stopline: not run: ${entry.label} runs no confined command\n`);
  } catch (err) {
    await stderr(`stopline: not run: the decision code did not load (${err instanceof Error ? err.message : String(err)})\n`);
  }
  return io.exit(status);
}

/**
 * A host's hook script: `artifact` names it (its stderr lines say `stopline (<artifact>)`, its
 * evaluator is that artifact's at this build), `self` and `silentWhen` as in HookEntry.
 */
export async function runHookEntry({ artifact, ...rest }: Omit<HookEntry, 'label' | 'spec'> & { artifact: string }): Promise<void> {
  const entry: HookEntry = { ...rest, label: stoplineLabel(artifact), spec: { artifact, build: EVALUATOR_BUILD } };
  const io = await runtimeIO();
  const env = io.env();
  const args = io.args();
  if (args[0] === CONFINE_FLAG) return confine(io, entry, env, args.slice(1));
  if (entry.silentWhen?.(env)) return io.exit(0);
  if (args[0] === EVALUATOR_FLAG) return serve(io, entry, args[1]);
  const cwd = io.cwd();
  let rendered: Rendered;
  let via: Via = 'in-process';
  let asked: Asked | null = null;
  let part: DecisionPart | null = null;
  try {
    const input = await readBoundedChunks(io.readChunk, {}, io.later);
    // no payload at all (a person running the script by hand, `--version`, a host that closed
    // stdin at once) is no event: it is answered here and leaves no resident process behind
    if (input.ok && input.text.trim() !== '' && evaluatorWanted(io, env)) asked = await askEvaluator(io, entry.spec, env, cwd, input.text, args);
    if (asked?.kind === 'answered') {
      rendered = asked.rendered;
      via = 'evaluator';
    } else {
      part = await importSecondPart<DecisionPart>(io, entry.self, partCache(io, entry, env), EVALUATOR_DIGEST);
      if (asked?.kind === 'no-answer' && input.ok) {
        rendered = part.failAnswer(input.text, asked.why, { env, cwd, args });
        via = 'fail-mode';
      } else {
        rendered = await part.answer(input, { env, cwd, args });
      }
    }
  } catch (err) {
    // the runner never throws: this is the decision code itself failing to load or run
    rendered = lastResort(entry.label, err, env);
  }
  await recordTiming(io, env, entry.label, rendered, via);
  await write(io, rendered);
  // the answer is out; now leave an evaluator behind for the next event
  if (part && asked?.kind === 'absent' && asked.start && asked.socket) {
    part.start({ socket: asked.socket, script: fileOfUrl(entry.self), runtime: io.runtime, env });
  }
  io.exit(rendered.exitCode);
}
