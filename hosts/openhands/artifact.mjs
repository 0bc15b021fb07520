/**
 * OpenHands CLI's artifact: the hook script `stopline install openhands` registers in
 * .openhands/hooks.json, and the cases the runtime matrix runs it with (build/artifacts.mjs
 * collects it from here).
 */

import { hookScript } from '../shared/hook-artifact.mjs';

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */
/** @typedef {import('../../build/types').CommandCase} CommandCase */

/**
 * The OpenHands hook script's runtime cases: its own payload (`event_type`, `working_dir`,
 * `message`); nothing a hook prints reaches the model except a deny, so arming prints nothing,
 * and a deny is the top-level decision JSON with the stamp on stderr and exit 2.
 * @param {ArtifactKit} kit
 * @returns {CommandCase[]}
 */
function openhandsCases(kit) {
  const prompt = { ...JSON.parse(kit.fixtureText('openhands', 'UserPromptSubmit.json')), message: '$stopline review -- look at a.txt' };
  const view = { ...JSON.parse(kit.fixtureText('openhands', 'PreToolUse-file_editor-view.json')) };
  const noSession = JSON.stringify({ event_type: 'PreToolUse', tool_name: 'file_editor', tool_input: { command: 'create', path: '/home/dev/project/x.txt', file_text: 'x' }, working_dir: '/home/dev/project' });
  return [
    { name: 'SessionStart: nothing printed (OpenHands shows no hook context)', stdin: kit.fixtureText('openhands', 'SessionStart.json'), exitCode: 0, stdout: '' },
    { name: 'UserPromptSubmit $stopline review: armed, nothing printed', stdin: JSON.stringify(prompt), exitCode: 0, stdout: '' },
    { name: 'PreToolUse file_editor view under review: allowed, nothing printed', stdin: JSON.stringify(view), exitCode: 0, stdout: '' },
    { name: 'PreToolUse file_editor create under review: the decision deny, the stamp on stderr, exit 2', stdin: kit.fixtureText('openhands', 'PreToolUse-file_editor-create.json'), exitCode: 2, stdoutIncludes: ['{"decision":"deny","reason":"STOP / ', 'MODE_FORBIDS_MUTATION'], stderrIncludes: ['MODE_FORBIDS_MUTATION'] },
    { name: 'an event the registry does not know: nothing printed', stdin: JSON.stringify({ event_type: 'SomethingNew', session_id: 's' }), exitCode: 0, stdout: '' },
    { name: 'bad JSON, fail open: nothing on stdout, one stderr line', stdin: '{not json', exitCode: 0, stdout: '', stderrIncludes: ['failing open'] },
    { name: 'bad JSON, fail closed: exit 2 with the stamp on stderr', stdin: '{not json', env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 2, stdout: '', stderrIncludes: ['GUARD_UNAVAILABLE'] },
    { name: 'PreToolUse without a session id, fail closed: the decision deny with the stamp, exit 2', stdin: noSession, env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 2, stdout: JSON.stringify({ decision: 'deny', reason: kit.NO_SESSION_STAMP }), stderrIncludes: ['GUARD_UNAVAILABLE'] },
  ];
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  return {
    ...hookScript(kit, 'openhands', 'OpenHands CLI hook script (registered in .openhands/hooks.json)'),
    // OpenHands has no plugin folder that carries hooks to the CLI: the install writes the hooks file
    files: [],
    install: 'stopline install openhands',
    cases: openhandsCases(kit),
  };
}
