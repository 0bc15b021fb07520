/**
 * Factory Droid's artifact: a plugin folder (the hook script, `.factory-plugin/plugin.json` and
 * hooks/hooks.json, whose commands name `${DROID_PLUGIN_ROOT}`), the cases the runtime matrix runs
 * the script with and the demo's steps (build/artifacts.mjs collects it from here).
 */

import { hookScript } from '../shared/hook-artifact.mjs';

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */
/** @typedef {import('../../build/types').CommandCase} CommandCase */

const SESSION = '81963849-9f52-44d8-8913-b07de852c3ea';

/** A prompt payload as Droid sends it. */
function prompt(text) {
  return { session_id: SESSION, transcript_path: '/home/dev/.factory/sessions/-home-dev-project/s.jsonl', cwd: '/home/dev/project', permission_mode: 'auto-low', hook_event_name: 'UserPromptSubmit', message_id: 'm1', prompt: text, has_images: false };
}

/**
 * @param {ArtifactKit} kit
 * @returns {CommandCase[]}
 */
function droidCases(kit) {
  const armed = 'stopline contract (ARMED): mode=review level=guard | files=unbounded | deps=ask | hash=deny | agents=0/allow';
  const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: kit.NO_SESSION_STAMP } };
  return [
    { name: 'SessionStart: the observing context', stdin: kit.fixtureText('droid', 'SessionStart-startup.json'), exitCode: 0, stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: kit.OBSERVING_CONTEXT } }) },
    { name: 'UserPromptSubmit $stopline review: armed', stdin: JSON.stringify(prompt('$stopline review -- look at a.txt')), exitCode: 0, stdoutIncludes: ['"hookEventName":"UserPromptSubmit"', armed] },
    { name: 'PreToolUse Read under review: allowed, nothing printed', stdin: kit.fixtureText('droid', 'PreToolUse-Read.json'), exitCode: 0, stdout: '' },
    { name: 'an event the registry does not know: nothing printed', stdin: JSON.stringify({ hook_event_name: 'SomethingNew', session_id: 's' }), exitCode: 0, stdout: '' },
    { name: 'bad JSON, fail open: nothing on stdout, one stderr line', stdin: '{not json', exitCode: 0, stdout: '', stderrIncludes: ['failing open'] },
    { name: 'bad JSON, fail closed: exit 2 with the stamp on stderr', stdin: '{not json', env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 2, stdout: '', stderrIncludes: ['GUARD_UNAVAILABLE'] },
    { name: 'PreToolUse without a session id, fail closed: GUARD_UNAVAILABLE deny (an explicit deny: Droid lets every failed hook through)', stdin: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Create', tool_input: {} }), env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 0, stdout: JSON.stringify(deny) },
  ];
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').DemoSpec}
 */
function droidDemo(kit) {
  const write = 'test/fixtures/droid/PreToolUse-Create.json';
  const render = kit.permissionAnswerLines;
  return {
    pathMap: { '/home/dev/project': '{{project}}', '/home/dev': '{{home}}' },
    env: { FACTORY_PROJECT_DIR: '{{project}}' },
    steps: [
      { say: 'the person arms the contract: $stopline review -- look at a.txt', payload: prompt('$stopline review -- look at a.txt'), render },
      { say: 'the model calls Create on created.txt: blocked', payloadFile: write, render },
      { say: 'the person allows it: $stopline change files=created.txt -- write it', payload: prompt('$stopline change files=created.txt -- write it'), render },
      { say: 'the same Create call now runs', payloadFile: write, render },
    ],
  };
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  return {
    ...hookScript(kit, 'droid', 'Factory Droid plugin folder (hook script + hooks/hooks.json)'),
    files: [
      // a Droid plugin: .factory-plugin/plugin.json and hooks/hooks.json, whose commands name ${DROID_PLUGIN_ROOT}
      { to: '.factory-plugin/plugin.json', generate: kit.pluginManifestJson },
      { to: 'hooks/hooks.json', generate: () => kit.generated('hosts/droid/hooks.json') },
    ],
    install: 'droid plugin marketplace add ./stopline, then droid plugin install stopline@stopline (or stopline install droid)',
    cases: droidCases(kit),
    demo: droidDemo(kit),
  };
}
