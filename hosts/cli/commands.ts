/**
 * The command registry: name -> { summary, usage, options, run }. A command is added by
 * appending one entry here; `stopline --help`, `stopline help <command>`, option checking
 * and "did you mean" all come from this table.
 *
 * Keep `run` a thin lazy import (`(await import('./guard')).run(args, io)`) so the code of
 * one command never weighs on the start-up of another. Multi-word names ('hooks validate')
 * are matched before single words.
 */
import type { CommandSpec } from './command-spec';
import { INSTALL_DESCRIPTION, INSTALL_OPTIONS, INSTALL_TARGETS, INSTALL_USAGE, UNINSTALL_DESCRIPTION, UNINSTALL_OPTIONS, UNINSTALL_USAGE } from './install/spec';
import { CANONICAL_HOST, HOST_NAMES } from '../../core/registry/host-specs';
import { DASHBOARD_DESCRIPTION, DASHBOARD_OPTIONS, DASHBOARD_USAGE } from './dashboard/spec';
import { TOOL_COMMANDS } from './tool-commands';

// the types live in the leaf module; importers of this table take them from here
/**
 * @keep CliIO the CLI's stdin, stdout and stderr port: the tests run commands on fakes of it
 * @keep CommandSpec a command table row: the tests run the CLI on a small table of their own
 */
export type { CliIO, CommandSpec } from './command-spec';

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'help',
    summary: 'list the commands, or show one command with its options',
    usage: 'stopline help [command]',
    options: [],
    run: async (args, io) => (await import('./help')).runHelp(args, io, COMMANDS),
  },
  {
    name: 'version',
    summary: 'print the version',
    usage: 'stopline version',
    options: [],
    run: async (args, io) => (await import('./help')).runVersion(args, io),
  },
  {
    name: 'install',
    summary: `put stopline where a host loads it and register it (${INSTALL_TARGETS.join(', ')})`,
    usage: INSTALL_USAGE,
    description: INSTALL_DESCRIPTION,
    options: INSTALL_OPTIONS,
    run: async (args, io) => (await import('./install/command')).runInstall(args, io),
  },
  {
    name: 'uninstall',
    summary: 'remove exactly what install added',
    usage: UNINSTALL_USAGE,
    description: UNINSTALL_DESCRIPTION,
    options: UNINSTALL_OPTIONS,
    run: async (args, io) => (await import('./install/command')).runUninstall(args, io),
  },
  ...TOOL_COMMANDS,
  {
    name: 'check',
    summary: 'what the guard would answer to one command or tool call, and why (nothing is recorded)',
    usage: 'stopline check [--contract "<directive>"] [--host <host>] [--cwd <dir>] [--json] -- \'<command>\' | \'<tool call JSON>\'',
    description:
      'Answers what the guard would do with one shell command (after `--`) or one tool call given as JSON ({"tool_name":"Read","tool_input":{"file_path":".env"}}), ' +
      'and why: the verdict, the rule, the stamp the agent would read, and what the analysis found (segments, the floor\'s hazards). Nothing is recorded and no session is touched. ' +
      '--contract takes a directive without `$stopline` ("review", "change files=src/**"); without it the call is checked as in a fresh session (no contract: only the floor). ' +
      'Your config (stopline.json: floor preset and exceptions) counts as in a session. Exit 0: it would run (as it is, or confined in a sandbox built from the contract where the host and this machine allow it); 2: it would be stopped (denied or asked); 1: usage error.',
    options: [
      { flag: '--contract', value: 'directive', summary: 'check under this contract, e.g. "review" or "change files=src/**" (default: a fresh session, no contract)' },
      { flag: '--host', value: 'host', summary: `read the call with this host's tool names and answer forms (default ${CANONICAL_HOST}): ${HOST_NAMES.join(', ')}` },
      { flag: '--cwd', value: 'dir', summary: 'the folder the call runs in (default: the current folder)' },
      { flag: '--json', summary: 'print one JSON document instead of text' },
    ],
    run: async (args, io) => (await import('./check')).runCheck(args, io),
  },
  {
    name: 'dashboard',
    summary: 'a local page (127.0.0.1) showing what the guard checked and denied, with labels',
    usage: DASHBOARD_USAGE,
    description: DASHBOARD_DESCRIPTION,
    options: DASHBOARD_OPTIONS,
    run: async (args, io) => (await import('./dashboard/command')).runDashboard(args, io),
  },
];
