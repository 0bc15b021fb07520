/**
 * GitHub Copilot CLI's artifact: a plugin folder (the hook script, plugin.json and hooks.json,
 * whose commands find the script through COPILOT_PLUGIN_ROOT), the cases the runtime matrix runs
 * the script with and the demo's steps (build/artifacts.mjs collects it from here). Copilot's
 * camelCase payloads name no event: each case passes it as the argument, as the hook file does.
 */

import { hookScript } from '../shared/hook-artifact.mjs';

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */
/** @typedef {import('../../build/types').CommandCase} CommandCase */

const SESSION = '529b80b7-32f6-4b4d-a670-cb240be88a44';

/** A userPromptSubmitted payload as Copilot sends it. */
function prompt(text) {
  return { sessionId: SESSION, timestamp: 1796158964675, cwd: '/home/dev/project', prompt: text };
}

/**
 * @param {ArtifactKit} kit
 * @returns {CommandCase[]}
 */
function copilotCases(kit) {
  const armed = 'stopline contract (ARMED): mode=review level=guard | files=unbounded | deps=ask | hash=deny | agents=0/allow';
  const view = kit.fixtureText('copilot', 'preToolUse-view.json');
  const deny = { permissionDecision: 'deny', permissionDecisionReason: kit.NO_SESSION_STAMP, hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: kit.NO_SESSION_STAMP } };
  return [
    { name: 'sessionStart: the observing context', argv: ['sessionStart'], stdin: kit.fixtureText('copilot', 'sessionStart-new.json'), exitCode: 0, stdout: JSON.stringify({ additionalContext: kit.OBSERVING_CONTEXT }) },
    { name: 'userPromptSubmitted $stopline review: armed', argv: ['userPromptSubmitted'], stdin: JSON.stringify(prompt('$stopline review -- look at a.txt')), exitCode: 0, stdoutIncludes: [`{"additionalContext":"${armed}`] },
    { name: 'preToolUse view under review: allowed, nothing printed', argv: ['preToolUse'], stdin: view, exitCode: 0, stdout: '' },
    { name: 'an event the registry does not know: nothing printed', argv: ['somethingNew'], stdin: JSON.stringify({ sessionId: 's' }), exitCode: 0, stdout: '' },
    { name: 'no event argument and none in the payload, fail open: nothing printed', stdin: view, exitCode: 0, stdout: '', stderrIncludes: ['hook_event_name: required'] },
    { name: 'bad JSON, fail open: nothing on stdout, one stderr line', argv: ['preToolUse'], stdin: '{not json', exitCode: 0, stdout: '', stderrIncludes: ['failing open'] },
    // empty stdin, not bad JSON: the stamp quotes the error, and JSON.parse words it differently on each runtime
    { name: 'empty stdin, fail closed: the deny JSON, exit 0 (Copilot drops stderr on exit 2)', argv: ['preToolUse'], stdin: '', env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 0, stdoutIncludes: ['"permissionDecision":"deny"', 'GUARD_UNAVAILABLE', 'hook input is empty'] },
    { name: 'preToolUse without a sessionId, fail closed: GUARD_UNAVAILABLE deny', argv: ['preToolUse'], stdin: JSON.stringify({ toolName: 'create', toolArgs: {} }), env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 0, stdout: JSON.stringify(deny) },
  ];
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').DemoSpec}
 */
function copilotDemo(kit) {
  const write = 'test/fixtures/copilot/preToolUse-create.json';
  const render = kit.permissionAnswerLines;
  return {
    pathMap: { '/home/dev/project': '{{project}}', '/home/dev': '{{home}}' },
    env: { COPILOT_PROJECT_DIR: '{{project}}' },
    steps: [
      { say: 'the person arms the contract: $stopline review -- look at a.txt', argv: ['userPromptSubmitted'], payload: prompt('$stopline review -- look at a.txt'), render },
      { say: 'the model calls create on created.txt: blocked', argv: ['preToolUse'], payloadFile: write, render },
      { say: 'the person allows it: $stopline change files=created.txt -- write it', argv: ['userPromptSubmitted'], payload: prompt('$stopline change files=created.txt -- write it'), render },
      { say: 'the same create call now runs', argv: ['preToolUse'], payloadFile: write, render },
    ],
  };
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  return {
    ...hookScript(kit, 'copilot', 'GitHub Copilot CLI plugin folder (hook script + hooks.json)'),
    files: [
      // a Copilot plugin: plugin.json beside hooks.json; the commands find the script through COPILOT_PLUGIN_ROOT
      { to: 'plugin.json', generate: kit.pluginManifestJson },
      { to: 'hooks.json', generate: () => kit.generated('hosts/copilot/hooks.json') },
    ],
    install: 'copilot plugin marketplace add ./stopline, then copilot plugin install stopline@stopline (or stopline install copilot)',
    cases: copilotCases(kit),
    demo: copilotDemo(kit),
  };
}
