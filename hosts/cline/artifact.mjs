/**
 * Cline CLI's artifact: the hook script the hook files `stopline install cline` writes run, and
 * the cases the runtime matrix runs it with (build/artifacts.mjs collects it from here).
 */

import { hookScript } from '../shared/hook-artifact.mjs';

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */
/** @typedef {import('../../build/types').CommandCase} CommandCase */

/**
 * @param {ArtifactKit} kit
 * @returns {CommandCase[]}
 */
function clineCases(kit) {
  const call = (name, input) => JSON.stringify({ hookName: 'tool_call', tool_call: { id: 'call_1', name, input } });
  const stopCommand = `printf '%s\\n' '${kit.NO_SESSION_STAMP}'; exit 1`;
  return [
    { name: 'PreToolUse run_commands before any TaskStart, its session record unreadable, fail open: nothing printed, one stderr line', argv: ['PreToolUse'], stdin: kit.fixtureText('cline', 'PreToolUse-run_commands.json'), env: { HOME: '/nonexistent' }, exitCode: 0, stdout: '', stderrIncludes: ['session record could not be read', 'failing open'] },
    { name: 'the same, fail closed: its commands replaced by one that prints the stamp', argv: ['PreToolUse'], stdin: kit.fixtureText('cline', 'PreToolUse-run_commands.json'), env: { HOME: '/nonexistent', STOPLINE_FAIL_OPEN: '0' }, exitCode: 0, stdoutIncludes: ['"overrideInput"', 'GUARD_UNAVAILABLE'] },
    { name: "a child agent's PreToolUse reads no session record (a child cannot arm): nothing printed", argv: ['PreToolUse'], stdin: kit.fixtureText('cline', 'PreToolUse-run_commands-child.json'), env: { HOME: '/nonexistent' }, exitCode: 0, stdout: '' },
    { name: 'TaskStart whose session record cannot be read, fail open: nothing printed, one stderr line', argv: ['TaskStart'], stdin: kit.fixtureText('cline', 'TaskStart.json'), env: { CLINE_SESSION_DATA_DIR: '/nonexistent' }, exitCode: 0, stdout: '', stderrIncludes: ['session record could not be read'] },
    { name: 'a child agent\'s TaskStart: nothing printed', argv: ['TaskStart'], stdin: kit.fixtureText('cline', 'TaskStart-child.json'), exitCode: 0, stdout: '' },
    { name: 'no argument: the event comes from hookName', stdin: kit.fixtureText('cline', 'PreToolUse-read_files.json'), exitCode: 0, stdout: '' },
    { name: 'an event the registry does not know: nothing printed', argv: ['SomethingNew'], stdin: JSON.stringify({ hookName: 'x' }), exitCode: 0, stdout: '' },
    { name: 'bad JSON, fail open: nothing on stdout, one stderr line', argv: ['PreToolUse'], stdin: '{not json', exitCode: 0, stdout: '', stderrIncludes: ['failing open'] },
    { name: 'empty stdin, fail closed: the cancel JSON (any failed hook lets the tool run on Cline)', argv: ['PreToolUse'], stdin: '', env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 0, stdoutIncludes: ['"cancel":true', 'GUARD_UNAVAILABLE', 'hook input is empty'] },
    { name: 'run_commands without a session id, fail closed: its commands replaced by one that prints the stamp, the stamp as context', argv: ['PreToolUse'], stdin: call('run_commands', { commands: ['ls'] }), env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 0, stdout: JSON.stringify({ overrideInput: { commands: [stopCommand] }, contextModification: kit.NO_SESSION_STAMP }) },
    { name: 'editor without a session id, fail closed: cancel with the stamp', argv: ['PreToolUse'], stdin: call('editor', { path: '/p/a.txt', new_text: 'x' }), env: { STOPLINE_FAIL_OPEN: '0' }, exitCode: 0, stdout: JSON.stringify({ cancel: true, errorMessage: kit.NO_SESSION_STAMP }) },
  ];
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  return {
    ...hookScript(kit, 'cline', 'Cline CLI hook script (one hook file per event runs it)'),
    files: [],
    install: 'stopline install cline (writes ~/.cline/hooks/<Event> files that run the script)',
    cases: clineCases(kit),
  };
}
