/**
 * Hermes Agent's artifact: the plugin bundle (the Python shim, plugin.yaml and the script it
 * starts), the cases the runtime matrix runs the script with and the demo's steps
 * (build/artifacts.mjs collects it from here).
 */

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */
/** @typedef {import('../../build/types').CommandCase} CommandCase */

/**
 * The Hermes bundle's two doors, under every runtime: `listen` (the line protocol the Python shim
 * speaks) and no argument (a Hermes shell hook: JSON on stdin). Outputs that hold a random
 * evidence id (a policy STOP stamp) are left to test/hosts/hermes/, which checks them by content.
 */
const HERMES_LISTEN_LINES = [
  { op: 'ping', id: 1 },
  { op: 'dispatch', id: 2, host: 'hermes', event: 'pre_llm_call', payload: { session_id: 'matrix-listen', user_message: '$stopline review files=a.txt -- look at a.txt' } },
  { op: 'dispatch', id: 3, host: 'hermes', event: 'pre_tool_call', payload: { session_id: 'matrix-listen', tool_name: 'read_file', args: { path: 'a.txt' } } },
  { op: 'dispatch', id: 4, host: 'hermes', event: 'on_session_end', payload: { session_id: 'matrix-listen', completed: true } },
  { op: 'shout', id: 5 },
  { op: 'bye', id: 6 },
];

/** A Hermes v0.19 shell-hook stdin. */
function hermesShellHook(hook, sessionId, extra) {
  // no cwd: the case runs in its own home folder, which then serves as the working folder
  return JSON.stringify({ hook_event_name: hook, tool_name: null, tool_input: null, session_id: sessionId, extra: { telemetry_schema_version: 'hermes.observer.v1', ...extra } });
}

/** @type {CommandCase[]} */
const CASES = [
  {
    name: 'listen: ping, arm review, an allowed read, a per-turn hook, an unknown op, bye',
    argv: ['listen'],
    stdin: HERMES_LISTEN_LINES.map((l) => JSON.stringify(l)).join('\n') + '\n',
    exitCode: 0,
    stdoutIncludes: ['{"ok":true,"pong":true,"id":1}', '"context":"stopline contract (ARMED): mode=review', '{"ok":true,"output":null,"id":3}', '{"ok":true,"output":null,"id":4}', '{"ok":false,"error":"unknown op \\"shout\\"","id":5}', '{"ok":true,"id":6}'],
  },
  {
    name: 'shell hook: pre_llm_call with a directive returns the contract context',
    stdin: hermesShellHook('pre_llm_call', 'matrix-shell', { user_message: '$stopline review -- look around' }),
    exitCode: 0,
    stdoutIncludes: ['{"context":"stopline contract (ARMED): mode=review'],
  },
  { name: 'shell hook: empty stdin fails open (nothing on stdout)', stdin: '', exitCode: 0, stdout: '', stderrIncludes: ['hook input is empty', 'failing open'] },
  {
    name: 'shell hook: empty stdin fails closed with a GUARD_UNAVAILABLE block',
    stdin: '',
    env: { STOPLINE_FAIL_OPEN: '0' },
    exitCode: 0,
    stdoutIncludes: ['{"action":"block","message":"STOP / CONTROL\\n', 'Reason: GUARD_UNAVAILABLE (C)'],
  },
  { name: 'shell hook: a hook the guard ignores prints nothing', stdin: hermesShellHook('transform_llm_output', 'matrix-shell', { response_text: 'hi' }), exitCode: 0, stdout: '' },
  { name: 'unknown argument', argv: ['lisen'], stdin: '', exitCode: 2, stdout: '', stderrIncludes: ['unknown argument "lisen"'] },
];

/** Hermes kwargs for the demo (what a **kwargs callback receives; the shim adds cwd). */
const HERMES_SID = '20261129_141503_7c2e9a';
const HERMES_TURN = `${HERMES_SID}:${HERMES_SID}:5d41a0b2`;
function hermesPrompt(text) {
  return { session_id: HERMES_SID, task_id: HERMES_SID, turn_id: HERMES_TURN, user_message: text, conversation_history: [{ role: 'user', content: text }], is_first_turn: true, model: 'demo/model', platform: 'cli', sender_id: '' };
}
function hermesTool(name, args, n) {
  return { tool_name: name, args, task_id: HERMES_SID, session_id: HERMES_SID, tool_call_id: `call_${n}`, turn_id: HERMES_TURN, api_request_id: `${HERMES_TURN}:api:${n}`, middleware_trace: [] };
}

/** What Hermes does with the callback's return value. */
function hermesOutcome(result) {
  if (result.error) return [`raised: ${result.error}`];
  const r = (result.returned ?? [])[0];
  if (r && r.action === 'block') return ['blocked: the tool function is not called; the model reads {"error": <this>}:', ...String(r.message).split('\n').map((l) => `  ${l}`)];
  if (r && r.context) return ['context appended to the user message:', ...String(r.context).split('\n').map((l) => `  ${l}`)];
  return ['returned None: the tool runs'];
}

/** @type {import('../../build/types').DemoSpec} */
const DEMO = {
  driver: 'hermes',
  steps: [
    { say: 'the person types `$stopline review -- look at a.txt` (pre_llm_call)', hook: 'pre_llm_call', payload: hermesPrompt('$stopline review -- look at a.txt'), render: hermesOutcome },
    { say: 'the model calls write_file new.txt (pre_tool_call)', payload: hermesTool('write_file', { path: 'new.txt', content: 'new\n' }, 1), render: hermesOutcome },
    { say: 'the model calls terminal `touch x`', payload: hermesTool('terminal', { command: 'touch x' }, 2), render: hermesOutcome },
    { say: 'the model calls read_file a.txt', payload: hermesTool('read_file', { path: 'a.txt' }, 3), render: hermesOutcome },
    { say: 'the person types `$stopline change files=a.txt -- fix a.txt`', hook: 'pre_llm_call', payload: hermesPrompt('$stopline change files=a.txt -- fix a.txt'), render: hermesOutcome },
    { say: 'the model writes a.txt', payload: hermesTool('write_file', { path: 'a.txt', content: 'fixed\n' }, 4), render: hermesOutcome },
    { say: 'the model also writes b.txt', payload: hermesTool('write_file', { path: 'b.txt', content: 'stray\n' }, 5), render: hermesOutcome },
  ],
};

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  return {
    id: 'hermes',
    title: 'Hermes Agent plugin bundle (Python shim + script)',
    entry: 'hosts/hermes/main.ts',
    output: 'hermes/stopline/stopline.mjs',
    format: 'es',
    kind: 'command',
    shebang: true,
    // the shell analysis (unbash ~290 KB + core/analysis ~220 KB) is most of it; the plugin loads
    // it once per Hermes process (resident evaluator), so size costs one start, not every call
    sizeBudget: kit.HOOK_SCRIPT_BUDGET,
    files: [
      // rendered from core/registry (build/host-files.mjs); the committed copies are checked equal
      { to: 'plugin.yaml', generate: () => kit.generated('hosts/hermes/plugin.yaml') },
      { to: '__init__.py', generate: () => kit.generated('hosts/hermes/__init__.py') },
    ],
    install: 'stopline install hermes',
    cases: CASES,
    demo: DEMO,
  };
}
