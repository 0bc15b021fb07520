// The single list of what `npm run build` produces. rollup.config.ts, build/finish.mjs,
// build/demo.mjs and the tests in test/build/ all read this list and nothing else, so an
// adapter lands by filling in its entry here (cases, demo) and writing hosts/<host>/.
//
// Plain ESM with JSDoc types: rollup's config loader, vitest and plain `node` all import it
// without a TypeScript runtime.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GENERATED } from './host-files.mjs';

/** @typedef {import('./types').Artifact} Artifact */
/** @typedef {import('./types').ExtraFile} ExtraFile */
/** @typedef {import('./types').CommandCase} CommandCase */
/** @typedef {import('./types').PackageMeta} PackageMeta */

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const KB = 1024;
const DEFAULT_BUDGET = 150 * KB;

/** @type {PackageMeta} */
export const PACKAGE = (() => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  return { name: pkg.name, version: pkg.version, description: pkg.description, license: pkg.license, repository: githubRepo(pkg.repository) };
})();

/**
 * `OWNER/NAME` of package.json's repository field when it names a GitHub repository
 * (`github:o/n`, `o/n`, `https://github.com/o/n(.git)`, `{url}`), else '' (install.sh then
 * asks for --repo).
 * @param {unknown} field
 */
export function githubRepo(field) {
  const text = typeof field === 'string' ? field : field && typeof field === 'object' && 'url' in field ? String(field.url) : '';
  const m = /^(?:github:|(?:git\+)?https:\/\/github\.com\/|git@github\.com:)?([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(text.trim());
  return m ? m[1] : '';
}

/** Where the build writes; `STOPLINE_DIST=<dir>` redirects it (the freshness test builds into a temp folder). */
export function distRoot(env = process.env) {
  const custom = env.STOPLINE_DIST;
  if (custom && custom.trim() !== '') return isAbsolute(custom) ? custom : resolve(process.cwd(), custom);
  return join(REPO_ROOT, 'dist');
}

/** The CLI's own cases; they double as the runtime matrix's baseline for every runtime. */
const CLI_CASES = [
  { name: '--version', argv: ['--version'], stdin: '', exitCode: 0, stdout: `stopline ${PACKAGE.version}\n` },
  { name: '--help', argv: ['--help'], stdin: '', exitCode: 0, stdoutIncludes: ['Usage: stopline <command>', 'help', 'version'] },
  { name: 'help help', argv: ['help', 'help'], stdin: '', exitCode: 0, stdoutIncludes: ['Usage: stopline help [command]'] },
  { name: 'unknown command', argv: ['hlep'], stdin: '', exitCode: 1, stdout: '', stderrIncludes: ['unknown command "hlep"', 'did you mean "help"?'] },
  { name: 'unknown option', argv: ['--verison'], stdin: '', exitCode: 1, stdout: '', stderrIncludes: ['unknown option "--verison"', 'did you mean "--version"?'] },
];

// ---- the hook scripts that answer with hookSpecificOutput (hookCases, hookDemo): runtime cases and the recorded demo session ----

/**
 * Every hook artifact carries the shell analysis (unbash ~290 KB and core/analysis ~295 KB
 * before minification, most of the latter the program tables) and the universal hooks engine,
 * which reads the event rows of every host registry for its dialects;
 * minified they are ~455-471 KB since the proven-read tables (every option of every read program
 * classified) and the host path resolvers landed, ~540-555 KB since every read decided by a
 * hand-written classifier (git forms, package managers, infrastructure CLIs, system tools, the
 * PowerShell cmdlets) needs an option table too (red-team sets A and B: 135 and 87 mutating
 * commands read before), plus ~15 KB of two more hook dialects and their tool tables; ~525-537
 * KB since each artifact carries only its own host's tool table (core/registry/<host>-events.ts
 * holds the rows the dialects read). A script with a `decisionEntry` keeps that decision code in the comment of a two-part file
 * (build/two-part.mjs): what an event parses is its ~11 KB first part. The 150 KB goal for the
 * file is not met (docs/performance.md says why, and what a lazily evaluated shell analysis did
 * and did not buy); the budget sits a little above today's size so growth fails the build.
 * ~587-597 KB since each package manager has a full option grammar (dependency intent read on
 * every reading of its options) and database clients, batch editors, archive listings, toolchain
 * queries and backup-writing programs have tables of their own (~60 KB, most of it option strings).
 * Minified, the largest command hook's decision code is (`node build/size-breakdown.mjs --all`): analysis tables
 * 170 KB (already one option string per program, compiled at first use; ~120 KB of it is string
 * literals), unbash 100 KB, the shell analysis's code 81 KB, the person's-hooks engine 51 KB,
 * registry 25 KB, PowerShell 17 KB, contract 15 KB, the rest of the core and the adapter ~64 KB.
 * Without any shell analysis (368 KB) a file would still be ~170 KB. Measured and not taken:
 * more terser passes or unsafe_arrows (under 1.5 KB), long strings written twice (2.5 KB), the
 * registry rows' notes that only the CLI's matrix reads (~8 KB). Confinement (core/confine: the
 * plan, the wrapper's text, the probe and the disk, git and scratch rules) adds ~8 KB; the
 * rewrite forms of every host, the per-session check (the hosts' record readers) and the
 * person's-hooks rewrite decoding bring the in-process files to ~627-637 KB. ~45 KB more since the floor
 * landed (core/analysis/hazards.ts 26 KB, the judge core/floor/ 8 KB, the secret table and the
 * candidates of run-time words ~7 KB): it runs on every shell and read call of every session.
 * ~5 KB more for the hosts' and stopline's own command lines (core/analysis/host-clis.ts: which
 * subcommands change stopline's protected files), the links made in a command and tool state.
 * ~21 KB more for three more dialects of the person's hooks, the TOML and JSON ones (a TOML
 * reader, their event rows, payloads, matchers and answers): the in-process files (a plugin or a
 * shim's resident process) reach ~714-743 KB. ~12 KB more since the hosts' hook-file facts are rows of
 * data (core/registry/*-events.ts: files, forms and per-event payload fields, in place of per-host
 * switches in core/hooks), the confinement launcher (core/confine/launcher.ts) and the shell
 * analysis's function scopes and values set once: the largest, ~741 KB; ~752 KB with the
 * sqlite3 statement reader (a database program's reads and placed writes) and the secrets' backups.
 */
const HOOK_SCRIPT_BUDGET = 800 * KB;

/** A prompt payload in the host's shape, in the session of the captured tool calls. */
function hookPrompt(h, prompt) {
  return { session_id: h.session, cwd: '/home/dev/project', hook_event_name: 'UserPromptSubmit', prompt, ...h.promptFields };
}

function fixtureText(host, name) {
  return readFileSync(join(REPO_ROOT, 'test', 'fixtures', host, name), 'utf8');
}

const OBSERVING_CONTEXT =
  'stopline (OBSERVING): no task mode is confirmed, so nothing is blocked; checks are recorded.\n' +
  'The person can set one: `$stopline answer|review|monitor|change|open [files=...] -- task`.\n' +
  'Before each step ask: Was it requested? Is it necessary? What reachable evidence supports it? Would leaving it out fail acceptance?';

/**
 * Cases run in order in one home per runtime, so a contract armed by one case holds for the
 * next. Every expected stdout is exact; a policy deny carries a random evidence event id, so
 * the deny case here is the fail-closed one (the demo and the real-host suites show the rest).
 * @param {import('./types').HookHost} h
 * @returns {CommandCase[]}
 */
function hookCases(h) {
  const start = fixtureText(h.host, h.startFixture);
  const read = h.read();
  const noSession = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: h.write.tool, tool_input: {} });
  const denyJson = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: NO_SESSION_STAMP } });
  const armed = 'stopline contract (ARMED): mode=review level=guard | files=unbounded | deps=ask | hash=deny | agents=0/allow';
  return [
    { name: 'SessionStart: the observing context', stdin: start, exitCode: 0, stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: OBSERVING_CONTEXT } }) },
    {
      name: `UserPromptSubmit ${h.skill} review: armed`,
      stdin: JSON.stringify(hookPrompt(h, `${h.skill} review -- look at a.txt`)),
      exitCode: 0,
      stdoutIncludes: ['"hookEventName":"UserPromptSubmit"', armed, '"systemMessage":"stopline: contract set: ARMED / review'],
    },
    { name: 'PreToolUse read under review: allowed, nothing printed', stdin: read, exitCode: 0, stdout: '' },
    { name: 'an event the registry does not know: nothing printed', stdin: JSON.stringify({ hook_event_name: 'SomethingNew', session_id: 's' }), exitCode: 0, stdout: '' },
    { name: 'bad JSON, fail open: nothing on stdout, one stderr line', stdin: '{not json', exitCode: 0, stdout: '', stderrIncludes: ['failing open'] },
    { name: 'bad JSON, fail closed: exit 2 with the stamp on stderr', stdin: '{not json', env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 2, stdout: '', stderrIncludes: ['GUARD_UNAVAILABLE'] },
    { name: 'PreToolUse without a session id, fail closed: GUARD_UNAVAILABLE deny', stdin: noSession, env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: h.failClosedExit, stdout: denyJson },
  ];
}

/** The lines a demo step shows for a hook script's answer. */
function hookAnswerLines(r) {
  if (r.exitCode === 0 && r.stdout.trim() === '') return ['(nothing printed, exit 0): the host runs the tool'];
  let out;
  try {
    out = JSON.parse(r.stdout);
  } catch {
    return [`exit ${r.exitCode}`, ...r.stdout.split('\n'), ...r.stderr.split('\n')];
  }
  const hso = out.hookSpecificOutput ?? {};
  const lines = [];
  if (out.systemMessage) lines.push(`shown to the person: ${out.systemMessage}`);
  if (hso.permissionDecision) {
    lines.push(`permissionDecision: ${hso.permissionDecision} (exit ${r.exitCode})`);
    for (const l of String(hso.permissionDecisionReason ?? '').split('\n')) lines.push(`  ${l}`);
  } else if (hso.additionalContext) {
    lines.push(`context for the model: ${String(hso.additionalContext).split('\n')[0]}`);
  }
  return lines;
}

/**
 * @param {import('./types').HookHost} h
 * @returns {import('./types').DemoSpec}
 */
function hookDemo(h) {
  const { fixture: write, target, tool } = h.write;
  return {
    pathMap: { '/home/dev/project': '{{project}}', '/home/dev': '{{home}}' },
    env: h.demoEnv,
    steps: [
      { say: 'the person arms the contract: $stopline review -- look at a.txt', payload: hookPrompt(h, '$stopline review -- look at a.txt'), render: hookAnswerLines },
      { say: `the model calls ${tool} on ${target}: blocked`, payloadFile: write, render: hookAnswerLines },
      { say: `the person allows it: $stopline change files=${target} -- write it`, payload: hookPrompt(h, `$stopline change files=${target} -- write it`), render: hookAnswerLines },
      { say: `the same ${tool} call now runs`, payloadFile: write, render: hookAnswerLines },
    ],
  };
}

// ---- hook scripts shipped in an extension folder (the host folder's artifact.mjs gives its facts) ----

/**
 * The runtime cases of an extension folder's hook script: the same walk as hookCases (context at
 * start, arming, a read, an unknown event, bad input both ways, a fail-closed deny in the host's
 * own form).
 * @param {import('./types').ExtensionHookFacts} h
 * @returns {CommandCase[]}
 */
function extensionHookCases(h) {
  const start = fixtureText(h.host, 'SessionStart-startup.json');
  const arm = h.prompt('$stopline review -- look at a.txt');
  const read = h.read();
  const { toolEvent, promptEvent } = h;
  const noSession = JSON.stringify({ hook_event_name: toolEvent, tool_name: 'write_file', tool_input: {} });
  const armed = 'stopline contract (ARMED): mode=review level=guard | files=unbounded | deps=ask | hash=deny | agents=0/allow';
  return [
    { name: 'SessionStart: the observing context', stdin: start, exitCode: 0, stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: OBSERVING_CONTEXT } }) },
    { name: `${promptEvent} $stopline review: armed`, stdin: JSON.stringify(arm), exitCode: 0, stdoutIncludes: [`"hookEventName":"${promptEvent}"`, armed, '"systemMessage":"stopline: contract set: ARMED / review'] },
    { name: `${toolEvent} read under review: allowed, nothing printed`, stdin: JSON.stringify(read), exitCode: 0, stdout: '' },
    { name: 'an event the registry does not know: nothing printed', stdin: JSON.stringify({ hook_event_name: 'SomethingNew', session_id: 's' }), exitCode: 0, stdout: '' },
    { name: 'bad JSON, fail open: nothing on stdout, one stderr line', stdin: '{not json', exitCode: 0, stdout: '', stderrIncludes: ['failing open'] },
    { name: 'bad JSON, fail closed: exit 2 with the stamp on stderr', stdin: '{not json', env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 2, stdout: '', stderrIncludes: ['GUARD_UNAVAILABLE'] },
    { name: `${toolEvent} without a session id, fail closed: the host's deny form`, stdin: noSession, env: { STOPLINE_FAIL_OPEN: '0' }, ...h.deny(NO_SESSION_STAMP) },
  ];
}

/** The lines a demo step shows for an extension folder's hook answer. */
function extensionAnswerLines(r) {
  if (r.exitCode === 0 && r.stdout.trim() === '') return ['(nothing printed, exit 0): the host runs the tool'];
  let out;
  try {
    out = JSON.parse(r.stdout);
  } catch {
    return [`exit ${r.exitCode}`, ...r.stdout.split('\n'), ...r.stderr.split('\n')];
  }
  const hso = out.hookSpecificOutput ?? {};
  const lines = [];
  if (out.systemMessage) lines.push(`shown to the person: ${out.systemMessage}`);
  const decision = out.decision ?? hso.permissionDecision;
  if (decision) {
    lines.push(`${out.decision ? 'decision' : 'permissionDecision'}: ${decision} (exit ${r.exitCode})`);
    for (const l of String(out.reason ?? hso.permissionDecisionReason ?? '').split('\n')) lines.push(`  ${l}`);
  } else if (hso.additionalContext) {
    lines.push(`context for the model: ${String(hso.additionalContext).split('\n')[0]}`);
  }
  return lines;
}

/**
 * @param {import('./types').ExtensionHookFacts} h
 * @returns {import('./types').DemoSpec}
 */
function extensionHookDemo(h) {
  const { write, prompt: say } = h;
  return {
    pathMap: { '/home/dev/project': '{{project}}', '/home/dev': '{{home}}' },
    steps: [
      { say: 'the person arms the contract: $stopline review -- look at a.txt', payload: say('$stopline review -- look at a.txt'), render: extensionAnswerLines },
      { say: 'the model calls write_file on made.txt: blocked', payloadFile: write, render: extensionAnswerLines },
      { say: 'the person allows it: $stopline change files=made.txt -- write it', payload: say('$stopline change files=made.txt -- write it'), render: extensionAnswerLines },
      { say: 'the same write_file call now runs', payloadFile: write, render: extensionAnswerLines },
    ],
  };
}


// ---- what the host folders' artifacts share ----

/** The GUARD_UNAVAILABLE stamp a command artifact answers for a tool payload without a session id. */
const NO_SESSION_STAMP =
  'STOP / CONTROL\nstopline could not check this action and is configured to fail closed: HookInputError: session_id: required, missing or empty\n' +
  'Reason: GUARD_UNAVAILABLE (C)\nState: UNKNOWN\n' +
  'Next: Tell the person stopline is unavailable; they can fix it (see `$stopline status`) or set STOPLINE_FAIL_OPEN=1 to let actions through.';

/**
 * The lines a demo step shows for a hook answer in the permissionDecision form: the decision at
 * the top level or under hookSpecificOutput, its reason, or the context handed to the model.
 */
function permissionAnswerLines(r) {
  if (r.exitCode === 0 && r.stdout.trim() === '') return ['(nothing printed, exit 0): the host runs the tool'];
  let out;
  try {
    out = JSON.parse(r.stdout);
  } catch {
    return [`exit ${r.exitCode}`, ...r.stdout.split('\n'), ...r.stderr.split('\n')];
  }
  const hso = out.hookSpecificOutput ?? {};
  const decision = out.permissionDecision ?? hso.permissionDecision;
  const reason = out.permissionDecisionReason ?? hso.permissionDecisionReason;
  const context = out.additionalContext ?? hso.additionalContext;
  if (decision) return [`permissionDecision: ${decision} (exit ${r.exitCode})`, ...String(reason ?? '').split('\n').map((l) => `  ${l}`)];
  if (context) return [`context for the model: ${String(context).split('\n')[0]}`];
  return [JSON.stringify(out)];
}

/**
 * What a host folder's artifact.mjs is handed to describe its artifact: the build's shared
 * values, so the folder imports nothing of build/ (which imports it).
 * @type {import('./types').ArtifactKit}
 */
const ARTIFACT_KIT = { REPO_ROOT, HOOK_SCRIPT_BUDGET, NO_SESSION_STAMP, OBSERVING_CONTEXT, fixtureText, generated: (file) => GENERATED[file](), permissionAnswerLines, pluginManifestJson, hookCases, hookDemo, extensionArtifact };

/**
 * The artifacts described in the hosts' own folders: each hosts/<host>/artifact.mjs exports
 * `artifact(kit)` (one artifact, or a list when the host ships several), in folder order. A host
 * that needs nothing but its folder and its registry file adds its artifact there, not here.
 * @returns {Promise<Artifact[]>}
 */
async function folderArtifacts(root = REPO_ROOT) {
  const out = [];
  for (const name of readdirSync(join(root, 'hosts')).sort()) {
    const file = join(root, 'hosts', name, 'artifact.mjs');
    if (existsSync(file)) out.push(...[(await import(pathToFileURL(file).href)).artifact(ARTIFACT_KIT)].flat());
  }
  return out;
}

const FOLDER_ARTIFACTS = await folderArtifacts();

/** @type {Artifact[]} */
export const ARTIFACTS = [
  // the artifacts hosts describe in their own folders (hosts/<host>/artifact.mjs)
  ...FOLDER_ARTIFACTS,
  {
    id: 'cli',
    title: 'stopline CLI',
    entry: 'hosts/cli/main.ts',
    output: 'stopline.mjs',
    format: 'es',
    kind: 'command',
    shebang: true,
    // the CLI carries the whole guard (guard bridge, listen, doctor's probes: the same core,
    // shell analysis and adapters as a hook script, ~780 KB) plus install and the views; the
    // later hosts' tables, adapters, installers and doctor checks, doctor's check of which door
    // decides on a host with two (and why), the analysis's option tables, the
    // package grammars, the read-only forms and the floor (~45 KB, see HOOK_SCRIPT_BUDGET) grew it;
    // ~974 KB with the host command lines and the deferred confinement runner; each new host adds
    // its tool table, adapter (the guard bridge reads its payloads), installer and doctor checks
    // (~8-12 KB a host, as the last six hosts added measured). ~1,085 KB measured
    // (`node build/size-breakdown.mjs cli`): shell analysis code 207, analysis tables 177, unbash
    // 100, hooks engine 67, PowerShell 18 (the guard a hook script carries too), registry 118 (its
    // prose, ~55 KB, is printed by `matrix` and read in explanations), the CLI's own code 148 (the
    // dashboard's page, deflated by the build, ~6.5 KB less), the host adapters and doctors ~130,
    // the rest of the core ~120.
    // Measured and not taken: terser's unsafe_arrows (~3.7 KB) and a third pass (~0.3 KB).
    // 1,099 KB once the analysis placed the writes of formatters, converters and editor scripts
    // (~12 KB of option tables): no dead code is bundled, and ~73% is the guard itself. No hook
    // event parses this file (each hook script carries its own two-part copy of the guard); its
    // bytes are paid when a person runs a command or an integration calls `stopline guard`. Room
    // for precision and hosts to grow until the CLI, too, carries the guard deflated as a second part.
    sizeBudget: 1200 * KB,
    files: [],
    install: 'node dist/stopline.mjs --help',
    cases: CLI_CASES,
  },
  {
    id: 'installer',
    title: 'the curl | sh installer (POSIX sh)',
    entry: 'hosts/cli/install.sh',
    output: 'install.sh',
    format: 'es',
    kind: 'static',
    shebang: false,
    executable: true,
    sizeBudget: 32 * KB,
    files: [],
    install: 'sh dist/install.sh <host> --from dist/',
    cases: [],
  },
];

/**
 * The artifact of a host whose dist folder is an extension its own installer copies: the hook
 * script, the manifest and hooks/hooks.json (rendered from the host's spec), the walk of cases
 * and the demo.
 * @param {import('./types').ExtensionHookFacts} h
 * @returns {Artifact}
 */
function extensionArtifact(h) {
  return {
    id: h.host,
    title: h.title,
    entry: `hosts/${h.host}/main.ts`,
    decisionEntry: `hosts/${h.host}/decide.ts`,
    output: `${h.host}/stopline.mjs`,
    format: 'es',
    kind: 'command',
    shebang: true,
    sizeBudget: HOOK_SCRIPT_BUDGET,
    files: [
      { to: h.manifest, generate: extensionManifestJson },
      { to: 'hooks/hooks.json', generate: () => GENERATED[`hosts/${h.host}/hooks.json`]() },
    ],
    install: h.install,
    cases: extensionHookCases(h),
    demo: extensionHookDemo(h),
  };
}

/**
 * An extension folder's manifest (name, version, description); the host reads hooks/hooks.json
 * beside it.
 * @param {PackageMeta} meta
 */
function extensionManifestJson(meta) {
  return JSON.stringify({ name: meta.name, version: meta.version, description: meta.description }, null, 2) + '\n';
}

/**
 * A plugin manifest in the form several plugin hosts read (a host folder's artifact.mjs names the
 * file): name, version, description, author and license; the hooks file beside it is found by name.
 * @param {PackageMeta} meta
 */
function pluginManifestJson(meta) {
  const manifest = { name: meta.name, version: meta.version, description: meta.description, author: { name: meta.name }, license: meta.license };
  return JSON.stringify(manifest, null, 2) + '\n';
}

/** @param {Artifact} artifact */
export function entryExists(artifact, root = REPO_ROOT) {
  return existsSync(join(root, artifact.entry));
}

/**
 * The artifacts the build can produce right now (their entry exists) and the ones it skips.
 * @param {Artifact[]} [list]
 * @param {string} [root]
 */
export function partitionArtifacts(list = ARTIFACTS, root = REPO_ROOT) {
  /** @type {Artifact[]} */ const present = [];
  /** @type {Artifact[]} */ const missing = [];
  for (const a of list) (entryExists(a, root) ? present : missing).push(a);
  return { present, missing };
}

/**
 * `STOPLINE_ONLY=cli,codex` limits a build to some artifacts (for working on one adapter
 * while another is half-written). Unknown ids are an error, not a silent empty build.
 * @param {Artifact[]} [list]
 */
export function selectArtifacts(list = ARTIFACTS, env = process.env) {
  const only = (env.STOPLINE_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (only.length === 0) return list;
  const unknown = only.filter((id) => !list.some((a) => a.id === id));
  if (unknown.length > 0) throw new Error(`STOPLINE_ONLY names unknown artifacts: ${unknown.join(', ')} (known: ${list.map((a) => a.id).join(', ')})`);
  return list.filter((a) => only.includes(a.id));
}

/** Artifacts rollup bundles (everything but copied static files). */
export function isBundled(artifact) {
  return artifact.kind !== 'static';
}

/** The one line the build prints for an artifact it cannot build yet. */
export function skipLine(artifact) {
  return `skip ${artifact.id}: ${artifact.entry} does not exist yet (dist/${artifact.output} not built)`;
}
