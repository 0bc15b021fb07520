/**
 * Mistral Vibe's artifact: the hook script `stopline install vibe` registers in hooks.toml, and
 * the cases the runtime matrix runs it with (build/artifacts.mjs collects it from here).
 */

import { hookScript } from '../shared/hook-artifact.mjs';
import { join } from 'node:path';

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */
/** @typedef {import('../../build/types').CommandCase} CommandCase */

const VIBE_SESSION = '5b1c2d3e-0000-4000-8000-00000000aaaa';

/**
 * A Vibe pre_tool payload whose session folder holds a journal with the person's `$stopline review` turn.
 * @param {ArtifactKit} kit
 */
function vibeReviewWrite(kit) {
  return JSON.stringify({
    session_id: VIBE_SESSION,
    transcript_path: join(kit.REPO_ROOT, 'test', 'fixtures', 'vibe', 'session'),
    cwd: '/home/dev/project',
    parent_session_id: null,
    hook_event_name: 'pre_tool',
    tool_name: 'file_system.write_file',
    tool_call_id: 'call_w',
    tool_input: { file_path: 'new.txt', content: 'x\n' },
  });
}

/**
 * @param {ArtifactKit} kit
 * @returns {CommandCase[]}
 */
function vibeCases(kit) {
  return [
    { name: 'pre_tool read_file with no contract: allowed, nothing printed', stdin: kit.fixtureText('vibe', 'pre_tool-read_file.json'), exitCode: 0, stdout: '' },
    { name: "pre_tool write_file after the person's `$stopline review` in the session journal: the top-level deny, exit 0", stdin: vibeReviewWrite(kit), exitCode: 0, stdoutIncludes: ['{"decision":"deny","reason":"STOP', 'MODE_FORBIDS_MUTATION'] },
    { name: 'post_agent: nothing printed', stdin: kit.fixtureText('vibe', 'post_agent.json'), exitCode: 0, stdout: '' },
    { name: 'an event the registry does not know: nothing printed', stdin: JSON.stringify({ hook_event_name: 'something_new', session_id: 's' }), exitCode: 0, stdout: '' },
    { name: 'bad JSON, fail open: nothing on stdout, one stderr line', stdin: '{not json', exitCode: 0, stdout: '', stderrIncludes: ['failing open'] },
    // empty stdin, not bad JSON: the stamp quotes the error, and JSON.parse words it differently on each runtime
    { name: 'empty stdin, fail closed: the top-level deny, exit 0 (Vibe lets a non-zero exit through)', stdin: '', env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 0, stdoutIncludes: ['{"decision":"deny","reason":"STOP', 'GUARD_UNAVAILABLE', 'hook input is empty'] },
    { name: 'pre_tool without a session id, fail closed: GUARD_UNAVAILABLE deny', stdin: JSON.stringify({ hook_event_name: 'pre_tool', tool_name: 'file_system.write_file', tool_input: {} }), env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 0, stdout: JSON.stringify({ decision: 'deny', reason: kit.NO_SESSION_STAMP }) },
  ];
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  return {
    ...hookScript(kit, 'vibe', 'Mistral Vibe hook script (registered in hooks.toml by stopline install vibe)'),
    files: [],
    install: 'stopline install vibe',
    cases: vibeCases(kit),
  };
}
