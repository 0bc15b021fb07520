/**
 * OpenCode's artifact: the plugin file `stopline install opencode` places (its forks load it
 * unchanged), the calls the runtime matrix makes of it and the demo's steps (build/artifacts.mjs
 * collects it from here).
 */
import { join } from 'node:path';
import { OPENCODE_LOADER } from './artifact-check.mjs';

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */

/** The root session of the captured OpenCode deny run (its tool calls are in test/fixtures/opencode). */
const OPENCODE_SESSION = 'ses_dd75840a0ffeTojbtDvL9bLB3S';

/**
 * A captured OpenCode `event` hook argument ({event}).
 * @param {ArtifactKit} kit
 * @param {string} name
 */
function opencodeEventArg(kit, name) {
  return JSON.parse(kit.fixtureText('opencode', name)).arg;
}

/**
 * The fake host (build/demo/plugin-host.mjs) answers every SDK call with no data, so the person's
 * message cannot be read back there: these calls show the plugin loading under Bun and answering
 * without a contract (the real OpenCode runs in test/hosts/opencode/scenarios.test.ts arm it).
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').PluginCall[]}
 */
const opencodeCalls = (kit) => [
  { name: 'event session.created: returns at once, never throws', hook: 'event', input: opencodeEventArg(kit, 'event-session.created.json'), expect: { returned: null } },
  { name: 'event message.part.updated (a user text part): returns at once', hook: 'event', input: opencodeEventArg(kit, 'event-message.part.updated-text.json'), expect: { returned: null } },
  { name: 'read: runs', hook: 'tool.execute.before', input: { tool: 'read', sessionID: OPENCODE_SESSION, callID: 'call_r' }, output: { args: { filePath: 'a.txt' } }, expect: { returned: null } },
  { name: 'write with no contract armed: runs (recorded)', hook: 'tool.execute.before', input: { tool: 'write', sessionID: OPENCODE_SESSION, callID: 'call_w' }, output: { args: { filePath: 'new.txt', content: 'x\n' } }, expect: { returned: null } },
  { name: 'a broken call (no sessionID), fail open: runs', hook: 'tool.execute.before', input: { tool: 'write' }, output: { args: {} }, expect: { returned: null } },
  { name: 'tool.execute.after: nothing to append', hook: 'tool.execute.after', input: { tool: 'read', sessionID: OPENCODE_SESSION, callID: 'call_r', args: { filePath: 'a.txt' } }, output: { title: 'a.txt', output: 'alpha', metadata: {} }, expect: { returned: null } },
];

/** The lines a demo step shows for an OpenCode hook's answer. */
function opencodeAnswerLines(r) {
  if (r.threw !== undefined) return ['blocked: OpenCode hands the model this as the tool result', ...String(r.threw).split('\n').map((l) => `  ${l}`)];
  return ['(returned): OpenCode runs the tool'];
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').DemoSpec}
 */
function opencodeDemo(kit) {
  return {
      // the fake host (build/demo/plugin-host.mjs) loads the plugin as OpenCode does
      driver: 'opencode',
      pathMap: { '/home/dev/project': '{{project}}' },
      // the fake host cannot answer the SDK read-back of the person's message, so this session's
      // contract comes from stopline.json (defaultMode review); the person's `$stopline review`
      // arms the same contract on the real OpenCode (test/hosts/opencode/scenarios.test.ts)
      env: { STOPLINE_CONFIG: join(kit.REPO_ROOT, 'test', 'fixtures', 'opencode', 'demo-stopline.json') },
      steps: [
        { say: 'OpenCode creates the session (event hook); stopline.json says every session starts in review', hook: 'event', payload: { input: opencodeEventArg(kit, 'event-session.created.json') }, render: () => ['(the event hook returns at once; OpenCode does not wait for it)'] },
        { say: 'the model calls write allowed.txt (captured tool.execute.before)', payloadFile: 'test/fixtures/opencode/tool.execute.before-write.json', render: opencodeAnswerLines },
        { say: 'the model runs `echo shell-ok > bash-allowed.txt` (captured)', payloadFile: 'test/fixtures/opencode/tool.execute.before-bash.json', render: opencodeAnswerLines },
        { say: 'the model reads allowed.txt', payload: { input: { tool: 'read', sessionID: OPENCODE_SESSION, callID: 'call_9_0' }, output: { args: { filePath: 'allowed.txt' } } }, render: opencodeAnswerLines },
      ],
    };
  }

  /**
   * @param {ArtifactKit} kit
   * @returns {import('../../build/types').Artifact}
   */
  export function artifact(kit) {
    return {
    id: 'opencode',
    title: 'OpenCode plugin (one file for 1.x and 2.x: one default export {id, server, setup})',
    entry: 'hosts/opencode/plugin.ts',
    output: 'opencode/stopline.js',
    format: 'es',
    kind: 'opencode-plugin',
    shebang: false,
    // the shell analysis (unbash + core/analysis) and the hooks engine are most of it; loaded
    // once per host process (in-process plugin), so the size costs one start, not every call.
    // It carries two doors (OpenCode 1.x and 2.x), hence the room above the hook scripts' budget
    sizeBudget: kit.HOOK_SCRIPT_BUDGET + 30 * 1024,
    files: [],
    install: 'stopline install opencode',
    cases: [],
    calls: opencodeCalls(kit),
    loader: OPENCODE_LOADER,
    demo: opencodeDemo(kit),
  };
}
