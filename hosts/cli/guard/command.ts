/**
 * `stopline guard [--host <dialect>] [--task <id>]`: the bridge for any harness stopline has no
 * adapter for. One event on stdin, the same core as every host artifact, and an exit code the
 * harness acts on:
 *
 *   0  allow: run the tool (stdout: one JSON line, maybe with context for the model; with
 *      --can-rewrite, maybe the command to run in place of the model's)
 *   2  block: do not run it; stderr is the STOP stamp, to hand to the model verbatim. Also
 *      bad input (not JSON, too big, a missing field, an unknown event) under fail closed,
 *      with a GUARD_UNAVAILABLE stamp: the guard could not decide, and closed means block
 *   1  usage error (an unknown flag or dialect, an argument, a terminal on stdin) in either
 *      fail mode, and bad input under fail open: stderr says what is wrong and lists the
 *      accepted forms
 *
 * Anything else (a crash, a timeout, a failed spawn) is the harness's to treat as a block
 * unless STOPLINE_FAIL_OPEN=1 (docs/wire-your-own-harness.md).
 */
import { readBoundedChunks } from '../../shared/stdin';
import { streamReader } from '../../shared/runtime-io';
import { parseHookPayload, HookInputError } from '../../shared/payload';
import type { HookPayload } from '../../shared/payload';
import type { ParsedArgs } from '../args';
import type { CliIO } from '../command-spec';
import { usageError } from '../output';
import { suggest } from '../suggest';
import { isAbsolute } from 'node:path';
import { CANONICAL_EVENTS } from '../../../core/canonical';
import type { CanonicalEvent } from '../../../core/canonical';
import { DIALECTS, GUARD_DOORS, acceptedEvents, isGuardDialect } from './adapters';
import type { GuardDialect } from './adapters';
import { HOST_SPECS, type HostName, type HostSpec } from '../../../core/registry/host-specs';
import { answerBadInput, decideGuard } from './decide';
import type { GuardResult } from './decide';

/**
 * A host's `guardInput` text with its names filled in: `{oneOf}` the hook names the bridge
 * accepts (`"a"|"b"|"c"`), `{tool:before}` and the like the host's name of that canonical event.
 */
function guardInputText(dialect: HostName, text: string): string {
  const rows = GUARD_DOORS[dialect].adapter.registry.events;
  return text.replace(/\{(oneOf|[a-z]+:[a-z]+)\}/g, (_, name: string) =>
    name === 'oneOf' ? acceptedEvents(dialect).map((n) => JSON.stringify(n)).join('|') : (rows.find((e) => e.canonical === (name as CanonicalEvent))?.native ?? name),
  );
}

const SPECS: readonly HostSpec[] = HOST_SPECS;
/** the host whose field names the native form uses */
const CANONICAL_FIELDS = SPECS.find((s) => s.canonicalFields)!;
/** the hosts whose payload the usage text describes, in spec order */
const DESCRIBED = SPECS.filter((s): s is HostSpec & { name: HostName; guardInput: string } => s.guardInput !== undefined);
const NAME_WIDTH = Math.max(...DESCRIBED.map((s) => s.name.length));

export const ACCEPTED_FORMS = [
  'Accepted input: one JSON object on stdin, in one of these forms:',
  `  (default) native: {"hook_event_name":"tool:before","session_id":"s1","cwd":"/abs/project","tool_name":"Write","tool_input":{"file_path":"a.txt","content":"…"}}`,
  `      events: ${CANONICAL_EVENTS.join(', ')}; tools by their canonical names (Bash, Write, Edit, MultiEdit, Read, …) with ${CANONICAL_FIELDS.hooks?.short ?? CANONICAL_FIELDS.displayName}'s input fields`,
  '      prompt:submit carries "prompt"; subagent events "agent_id"/"agent_type"',
  '  (default) a ControlEvent v1: {"protocolVersion":1,"kind":"action.before","sessionId":"s1","host":{"family":"guard"},"action":{…}} (core/protocol.ts)',
  ...DESCRIBED.map((s) => `  --host ${s.name.padEnd(NAME_WIDTH)} ${guardInputText(s.name, s.guardInput)}`),
  '--task <id> (or STOPLINE_TASK_ID) names the contract the call is checked against (it replaces the session id).',
].join('\n');

/** A terminal on stdin: a person typed the command, no harness sent an event (a usage error). */
function noInput(io: CliIO): number {
  io.stderr.write(`stopline guard: no input: pipe one JSON event into stdin\n${ACCEPTED_FORMS}\n`);
  return 1;
}

/** The payload's project folder, when it names one, else the guard's own working folder. */
function projectOf(payload: HookPayload | undefined, fallback: string): string {
  const ctx = payload?.ctx;
  const candidates = [payload?.cwd, typeof ctx === 'object' && ctx !== null ? (ctx as Record<string, unknown>).cwd : undefined];
  for (const c of candidates) if (typeof c === 'string' && isAbsolute(c)) return c;
  return fallback;
}

/** Bad input goes to the fail mode: closed blocks (exit 2), open explains it (exit 1). */
function inputProblem(io: CliIO, message: string, payload?: HookPayload): number {
  const answer = answerBadInput(message, io.env, projectOf(payload, io.cwd));
  if (answer.kind === 'answer') return writeAnswer(io, answer);
  io.stderr.write(
    `stopline guard: ${message}\n` +
      'stopline guard: input error, exit 1 because the fail mode is open (under fail closed this input is a block, exit 2)\n' +
      `${ACCEPTED_FORMS}\n`,
  );
  return 1;
}

function writeAnswer(io: CliIO, result: Extract<GuardResult, { kind: 'answer' }>): number {
  io.stdout.write(JSON.stringify(result.verdict) + '\n');
  if (result.stderr) io.stderr.write(result.stderr);
  return result.exitCode;
}

export async function runGuard(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 0) return usageError(io, 'guard', `unexpected argument "${args.positionals[0]}"; the event goes on stdin`);
  const host = args.options.host;
  let dialect: GuardDialect = 'native';
  if (typeof host === 'string') {
    if (!isGuardDialect(host)) {
      const guess = suggest(host, DIALECTS);
      return usageError(io, 'guard', `unknown dialect "${host}"${guess ? `; did you mean "${guess}"?` : ''} (dialects: ${DIALECTS.join(', ')})`);
    }
    dialect = host;
  }
  const rawTask = typeof args.options.task === 'string' ? args.options.task : io.env.STOPLINE_TASK_ID;
  const task = rawTask !== undefined && rawTask.trim() !== '' ? rawTask.trim() : undefined;
  if (typeof args.options.task === 'string' && task === undefined) return usageError(io, 'guard', '--task needs a non-empty id');

  if (io.stdin.isTTY) return noInput(io);
  const read = await readBoundedChunks(streamReader(io.stdin));
  if (!read.ok) {
    // a refused input may still be open: let it go, or it keeps the process from ending
    (io.stdin as { destroy?: () => void }).destroy?.();
    return inputProblem(io, read.message);
  }
  let payload: HookPayload;
  try {
    payload = parseHookPayload(read.text);
  } catch (e) {
    return inputProblem(io, e instanceof HookInputError ? e.message.replace(/^hook input/, 'the input') : String(e));
  }

  const canRewrite = args.options['can-rewrite'] === true;
  const result = await decideGuard({ dialect, payload, ...(task ? { task } : {}), ...(canRewrite ? { canRewrite } : {}), env: io.env, cwd: io.cwd });
  if (result.kind === 'input-error') return inputProblem(io, result.message, payload);
  return writeAnswer(io, result);
}
