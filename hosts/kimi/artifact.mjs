/**
 * Kimi Code's artifact: the hook script `stopline install kimi` registers in config.toml, the
 * `[[hooks]]` tables beside it to paste by hand, and the cases the runtime matrix runs the script
 * with (build/artifacts.mjs collects it from here).
 */

import { hookScript } from '../shared/hook-artifact.mjs';

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */
/** @typedef {import('../../build/types').CommandCase} CommandCase */

/**
 * @param {ArtifactKit} kit
 * @returns {CommandCase[]}
 */
function kimiCases(kit) {
  const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: kit.NO_SESSION_STAMP } };
  const prompt = JSON.parse(kit.fixtureText('kimi', 'UserPromptSubmit.json'));
  return [
    // Kimi reads no context: the contract and its acknowledgement have no channel to the model
    { name: 'SessionStart: nothing printed (Kimi reads no context)', stdin: kit.fixtureText('kimi', 'SessionStart-startup.json'), exitCode: 0, stdout: '' },
    { name: 'UserPromptSubmit $stopline review: armed, nothing printed', stdin: JSON.stringify({ ...prompt, prompt: '$stopline review -- look at a.txt' }), exitCode: 0, stdout: '' },
    { name: 'PreToolUse ReadFile: allowed, nothing printed', stdin: kit.fixtureText('kimi', 'PreToolUse-ReadFile.json'), exitCode: 0, stdout: '' },
    { name: 'an event the registry does not know: nothing printed', stdin: JSON.stringify({ hook_event_name: 'SomethingNew', session_id: 's' }), exitCode: 0, stdout: '' },
    { name: 'bad JSON, fail open: nothing on stdout, one stderr line', stdin: '{not json', exitCode: 0, stdout: '', stderrIncludes: ['failing open'] },
    { name: 'bad JSON, fail closed: exit 2 with the stamp on stderr', stdin: '{not json', env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 2, stdout: '', stderrIncludes: ['GUARD_UNAVAILABLE'] },
    { name: 'PreToolUse without a session id, fail closed: GUARD_UNAVAILABLE deny (an explicit deny: Kimi lets every failed hook through)', stdin: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'WriteFile', tool_input: {} }), env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 0, stdout: JSON.stringify(deny) },
  ];
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  return {
    ...hookScript(kit, 'kimi', 'Kimi Code hook script (+ hooks.toml, the [[hooks]] tables for ~/.kimi/config.toml)'),
    files: [
      // Kimi has no plugin folder: hooks live only in its config file, which the tables are appended to
      { to: 'hooks.toml', generate: () => kit.generated('hosts/kimi/hooks.toml') },
    ],
    install: 'stopline install kimi (or append dist/kimi/hooks.toml to ~/.kimi/config.toml and copy stopline.mjs to ~/.kimi/stopline/)',
    cases: kimiCases(kit),
  };
}
