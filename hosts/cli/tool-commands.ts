/**
 * The command lines of guard, listen, doctor, the evidence views, matrix and hooks validate:
 * options, usage and help text. commands.ts appends this list to the registry; each `run`
 * loads its module only when that command runs.
 */
import type { OptionSpec } from './args';
import type { CommandSpec } from './command-spec';
import { HOST_NAMES, HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';
import { REGISTRIES } from '../../core/registry/index';

/** the bridge's payload dialects: stopline's own form and every host's (as hosts/cli/guard/adapters.ts DIALECTS) */
const GUARD_DIALECTS = ['native', ...HOST_NAMES];

/** A host as the help names it: its hook label, else its display name. */
const label = (s: HostSpec): string => s.hooks?.label ?? s.displayName;
/** The host whose plugin door is a shim that dispatches to `stopline listen`, and its before-tool hook, for the listen example. */
const SHIM = (HOST_SPECS as readonly HostSpec[]).find((s) => s.door === 'shim')!;
const SHIM_BEFORE_TOOL = REGISTRIES[SHIM.name as keyof typeof REGISTRIES].events.find((e) => e.control === 'action.before' && e.doors.includes('plugin'))!.native;
/** The hosts' own records of tool calls that `status --session` compares (callRecord `compared`), in HOST_SPECS order. */
const COMPARED_RECORDS = (HOST_SPECS as readonly HostSpec[]).flatMap((s) => {
  const r = REGISTRIES[s.name as keyof typeof REGISTRIES].callRecord;
  return r.status === 'compared' ? [`${label(s)}'s ${r.record}`] : [];
});

/** A host as doctor's help names it: its short hook label, else as the other help does. */
const shortName = (s: HostSpec): string => s.hooks?.short ?? label(s);
/** What doctor reads to see each host's artifact registered, hosts that share it named together: `Claude/Codex hooks`. */
const DOCTOR_REGISTERED = [...new Set((HOST_SPECS as readonly HostSpec[]).flatMap((s) => (s.help?.doctorRegistered ? [s.help.doctorRegistered] : [])))]
  .map((what) => `${(HOST_SPECS as readonly HostSpec[]).filter((s) => s.help?.doctorRegistered === what).map(shortName).join('/')} ${what}`)
  .join(', ');
/** What doctor checks that each host would run its artifact. */
const DOCTOR_RUNS = (HOST_SPECS as readonly HostSpec[])
  .flatMap((s) => (s.help?.doctorRuns ? [s.help.doctorRuns.includes('{host}') ? s.help.doctorRuns.replace('{host}', shortName(s)) : `${shortName(s)} ${s.help.doctorRuns}`] : []))
  .join(', ');

const JSON_OPTION: OptionSpec = { flag: '--json', summary: 'print one JSON document instead of text' };
const SESSION_OPTION: OptionSpec = { flag: '--session', value: 'id', summary: 'one session: its raw session id, or the task id given to `stopline guard --task`' };

export const TOOL_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'guard',
    summary: 'the guard for any other harness: one event on stdin; exit 0 allow, 2 block (reason on stderr), 1 usage error (or unreadable input under fail open)',
    usage: `stopline guard [--host <${GUARD_DIALECTS.join('|')}>] [--task <id>] [--can-rewrite] < event.json`,
    description:
      'Reads one event on stdin (stopline\'s native canonical form, a ControlEvent v1, or a payload in a named host dialect) and decides it with the same core ' +
      'as every host artifact, the person\'s universal hooks included. Exit 0 = allow (stdout: one JSON verdict line, with context for the model if any); ' +
      'exit 2 = block (stderr: the STOP stamp, to hand to the model verbatim); input the guard cannot read follows the fail mode: exit 2 with a GUARD_UNAVAILABLE stamp under fail closed, exit 1 under fail open; exit 1 = usage error (stderr lists the accepted forms). ' +
      'With --can-rewrite the caller runs a command given in place of the model\'s: an allow may then be a rewrite (verdict "kind":"rewrite" with "rewrite":{"command","input"}), which the caller must run instead of the original. ' +
      'Treat every other outcome (crash, timeout, spawn failure) as a block unless STOPLINE_FAIL_OPEN=1, and bound each call with STOPLINE_GUARD_TIMEOUT_MS ' +
      '(default 15000). See docs/wire-your-own-harness.md.',
    options: [
      { flag: '--host', value: 'dialect', summary: `the payload is in this host's dialect: ${HOST_NAMES.join(', ')} (default: native)` },
      { flag: '--task', value: 'id', summary: 'check against the contract of this task (default: STOPLINE_TASK_ID, else the payload\'s session id)' },
      { flag: '--can-rewrite', summary: 'you run the verdict\'s rewritten command in place of the model\'s (else a command stopline would only run rewritten is answered as without it)' },
    ],
    run: async (args, io) => (await import('./guard/command')).runGuard(args, io),
  },
  {
    name: 'listen',
    summary: 'a resident evaluator: one JSON request per stdin line, one answer per stdout line (guard + your hooks)',
    usage: 'stopline listen',
    description:
      'Serves the listen protocol (docs/universal-hooks.md §9) until {"op":"bye"} or the end of stdin. ' +
      `{"op":"dispatch","host":"${SHIM.name}","event":"${SHIM_BEFORE_TOOL}","payload":{…}} answers {"ok":true,"output":<the ${label(SHIM)} return value or null>}; ` +
      'any other host\'s event, or a native one (no host), answers the verdict `stopline guard` prints, as fields of {"ok":true,…}; add "canRewrite":true to a dispatch when you run a rewritten command (as `guard --can-rewrite`). ' +
      'Also {"op":"ping"} and {"op":"reload"}. stdout carries nothing but answer lines.',
    options: [],
    run: async (args, io) => (await import('./listen')).runListen(args, io),
  },
  {
    name: 'doctor',
    summary: 'is stopline really enforcing? per host: installed, current, registered, would run, runtime, and a probe that must be denied',
    usage: `stopline doctor [${[...HOST_NAMES, 'all'].join('|')}] [--json] [--from <dist dir>]`,
    description:
      'Checks every host stopline is installed for (or the one named): the host on PATH and its version; the artifact in place and identical to the dist this CLI ' +
      `ships; registered (${DOCTOR_REGISTERED}); would the host run it (${DOCTOR_RUNS}); the runtime; and a probe: the installed artifact gets a ` +
      'synthetic review-mode write in the host\'s payload format (throwaway STOPLINE_HOME and config, your evidence is untouched) and must deny it. ' +
      'One line per check with the fix; exit 1 when a check failed. Probes are bounded by STOPLINE_GUARD_TIMEOUT_MS (default 60000 here).',
    options: [JSON_OPTION, { flag: '--from', value: 'dist dir', summary: 'compare the installed artifacts with this dist folder (default: the folder of this stopline.mjs)' }],
    run: async (args, io) => (await import('./doctor/command')).runDoctor(args, io),
  },
  {
    name: 'status',
    summary: 'what stopline knows right now: config, data folders, the contract of recent sessions',
    usage: 'stopline status [--all] [--session <id>] [--json]',
    description:
      'Shows the config files and fail mode, every data folder a host may have written to, and the contract and checks of the ' +
      `most recently active sessions (the in-chat \`$stopline status\` shows the same for one session). Reads only. ` +
      `With --session, also the per-session check: the tool calls the host recorded for that session (${COMPARED_RECORDS.join(', ')}, found by the id) ` +
      'against the calls the guard checked; exit 1 when a call ran that the guard never checked, or when nothing is known of the session.',
    options: [{ flag: '--all', summary: 'list every session, not only the 10 most recent' }, SESSION_OPTION, JSON_OPTION],
    run: async (args, io) => (await import('./evidence/views')).runStatus(args, io),
  },
  {
    name: 'runtime',
    summary: 'the evidence summary: checks, allowed, denied, by reason, labels',
    usage: 'stopline runtime [--all] [--session <id>] [--json]',
    description: 'Summarises the evidence of the most recently active session, one session (--session) or all sessions (--all): the in-chat `$stopline runtime` for a terminal.',
    options: [{ flag: '--all', summary: 'every session in every data folder' }, SESSION_OPTION, JSON_OPTION],
    run: async (args, io) => (await import('./evidence/views')).runRuntime(args, io),
  },
  {
    name: 'explain',
    summary: 'what one evidence event recorded (the Event: id of a STOP stamp)',
    usage: 'stopline explain <event-id> [--json]',
    options: [JSON_OPTION],
    run: async (args, io) => (await import('./evidence/views')).runExplain(args, io),
  },
  {
    name: 'label',
    summary: 'label an evidence event correct, incorrect or inconclusive',
    usage: 'stopline label <event-id> <correct|incorrect|inconclusive> [--json]',
    description: 'Appends a label to labels.jsonl in the data folder that holds the event; the latest label of an event counts in `stopline runtime`.',
    options: [JSON_OPTION],
    run: async (args, io) => (await import('./evidence/views')).runLabel(args, io),
  },
  {
    name: 'matrix',
    summary: 'the support matrix from the registry: hosts x canonical events x tool classes x what enforcement means',
    usage: 'stopline matrix [--json] [--write <file> | --check <file>]',
    description:
      'Prints the support matrix as Markdown, generated from the per-host registries. --write stores it (the repository keeps it in docs/support-matrix.md); ' +
      '--check exits 1 when a file differs from what the registry says now.',
    options: [
      JSON_OPTION,
      { flag: '--write', value: 'file', summary: 'write the Markdown to this file' },
      { flag: '--check', value: 'file', summary: 'exit 1 when this file is not what --write would write' },
    ],
    run: async (args, io) => (await import('./matrix')).runMatrix(args, io),
  },
  {
    name: 'hooks validate',
    summary: 'check every hook config (stopline.json and the host files it imports) without running a hook',
    usage: 'stopline hooks validate [--project <dir>] [--strict] [--json]',
    description:
      'Loads stopline.json (user, then the project found from --project or the current folder) and every host config it imports, the way a host does, and ' +
      'prints one `file:line:col: level: message` line per problem, then a summary. Exit 1 on an error (on a warning too with --strict). See docs/universal-hooks.md.',
    options: [
      { flag: '--project', value: 'dir', summary: 'the project folder (default: the current folder)' },
      { flag: '--strict', summary: 'warnings fail too' },
      JSON_OPTION,
    ],
    run: async (args, io) => (await import('./hooks-validate')).runHooksValidate(args, io),
  },
];
