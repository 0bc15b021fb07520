/**
 * Pi's artifact: the extension file `stopline install pi` (or `pi install`) places, with the skill
 * it offers Pi's resource discovery, the calls the runtime matrix makes of it and the demo's steps
 * (build/artifacts.mjs collects it from here).
 */

import { PI_LOADER } from './artifact-check.mjs';

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */

/**
 * Pi's answers are compared across Bun and Deno, so these avoid anything with an evidence event
 * id (every block carries one); blocks are in the demo and in test/hosts/pi/.
 * @type {import('../../build/types').PluginCall[]}
 */
const PI_CALLS = [
  { name: 'input: the person types $stopline review (goes on to the model)', hook: 'input', input: { type: 'input', text: '$stopline review -- look at a.txt', source: 'interactive' }, expect: { returned: null } },
  { name: 'before_agent_start: the contract as a hidden message', hook: 'before_agent_start', input: { type: 'before_agent_start', prompt: '$stopline review -- look at a.txt' } },
  { name: 'tool_call read: runs', hook: 'tool_call', input: { type: 'tool_call', toolName: 'read', toolCallId: 'call_r', input: { path: 'a.txt' } }, expect: { returned: null } },
  { name: 'input while the agent works (steer): the change is not applied', hook: 'input', input: { type: 'input', text: '$stopline change -- go', source: 'rpc', streamingBehavior: 'steer' }, expect: { returned: { action: 'handled' } } },
  { name: 'input from an extension: never the person', hook: 'input', input: { type: 'input', text: '$stopline open', source: 'extension' }, expect: { returned: null } },
  { name: 'a broken tool_call (no toolName), fail open: runs', hook: 'tool_call', input: { type: 'tool_call' }, expect: { returned: null } },
];

/** The lines a demo step shows for a Pi handler's answer. */
function piAnswerLines(r) {
  const v = r.returned;
  if (v && v.block === true) return ['blocked: Pi hands the model this reason as the tool result', ...String(v.reason).split('\n').map((l) => `  ${l}`)];
  if (v && v.message) return [`hidden message for the model: ${String(v.message.content).split('\n')[0]}`];
  if (v && v.action) return [`input answered: ${v.action}`];
  return ['(nothing returned): Pi goes on as usual'];
}

function piToolLines(r) {
  return r.returned && r.returned.block === true ? piAnswerLines(r) : ['allowed: Pi runs the tool'];
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').DemoSpec}
 */
function piDemo(kit) {
  const event = (name) => JSON.parse(kit.fixtureText('pi', name)).event;
  const write = event('tool_call-write.json');
  return {
    // the fake host (build/demo/plugin-host.mjs) loads the extension as Pi does
    driver: 'pi',
    pathMap: { '/home/dev/project': '{{project}}' },
    steps: [
      { say: 'the person types: $stopline review -- look at a.txt', hook: 'input', payload: { type: 'input', text: '$stopline review -- look at a.txt', source: 'interactive' }, render: piAnswerLines },
      { say: 'agent start (captured before_agent_start)', hook: 'before_agent_start', payload: event('before_agent_start.json'), render: piAnswerLines },
      { say: 'the model calls write blocked.txt (captured tool_call)', hook: 'tool_call', payload: write, render: piToolLines },
      { say: 'the person allows it: $stopline change files=blocked.txt -- write it', hook: 'input', payload: { type: 'input', text: '$stopline change files=blocked.txt -- write it', source: 'interactive' }, render: piAnswerLines },
      { say: 'the same write now runs', hook: 'tool_call', payload: write, render: piToolLines },
    ],
  };
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  return {
    id: 'pi',
    title: 'Pi extension (one self-contained .ts file)',
    entry: 'hosts/pi/extension.ts',
    output: 'pi/stopline.ts',
    format: 'es',
    kind: 'pi-extension',
    shebang: false,
    // loaded once per Pi process (in-process), so the size costs one start, not every call
    sizeBudget: kit.HOOK_SCRIPT_BUDGET,
    // the extension hands this folder to Pi's resource discovery: /skill:stopline
    files: [{ to: 'skills/stopline/SKILL.md', from: 'skills/stopline/SKILL.md' }],
    // Pi's loader maps its own package for extensions (1.6.0 and 0.73.1 both answer this name):
    // its VERSION picks the version's path resolver (hosts/pi/extension.ts)
    hostModules: ['@mariozechner/pi-coding-agent'],
    install: 'stopline install pi',
    cases: [],
    calls: PI_CALLS,
    loader: PI_LOADER,
    demo: piDemo(kit),
  };
}
