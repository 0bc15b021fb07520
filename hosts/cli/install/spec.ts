/**
 * The install/uninstall command lines: options, usage and help text. Kept apart from the
 * install code so the command registry can list them without loading that code.
 */
import type { OptionSpec } from '../args';
import { HOST_NAMES, HOST_SPECS, type HostSpec } from '../../../core/registry/host-specs';

/** every host `stopline install` knows (core/registry/host-specs.ts), and `all` */
export const INSTALL_TARGETS: readonly string[] = [...HOST_NAMES, 'all'];

/** What the hosts' specs say of them in this help (HostSpec.help), in HOST_SPECS order. */
const helpOf = (field: 'failClosed' | 'uninstalls'): string[] => (HOST_SPECS as readonly HostSpec[]).flatMap((s) => s.help?.[field] ?? []);
/** The hosts whose install registers the after-tool event on request, as the help names them. */
const AFTER_EVIDENCE = (HOST_SPECS as readonly HostSpec[]).flatMap((s) => (s.help?.afterEvidence ? [s.hooks?.label ?? s.displayName] : []));

const SCOPE_OPTION: OptionSpec = { flag: '--scope', value: 'user|project', summary: 'install for this user (default) or for the project in the current folder' };
const DRY_RUN_OPTION: OptionSpec = { flag: '--dry-run', summary: 'print a unified diff of every file that would change; change nothing' };

export const INSTALL_OPTIONS: readonly OptionSpec[] = [
  SCOPE_OPTION,
  { flag: '--runtime', value: 'node|bun|deno', summary: 'runtime for hook commands (default: STOPLINE_RUNTIME, else the fastest found: bun, deno, node)' },
  { flag: '--fail', value: 'closed|open', summary: `closed: a failing guard blocks (${[...helpOf('failClosed'), 'failMode "closed" in stopline.json'].join(', ')})` },
  { flag: '--after-evidence', summary: `${AFTER_EVIDENCE.join(', ')}: also register the after-tool event (PostToolUse) to record what became of every tool call; by default it is registered only when your own hooks need it` },
  DRY_RUN_OPTION,
  { flag: '--from', value: 'dist dir', summary: 'take the artifacts from this dist folder (default: the folder of this stopline.mjs)' },
];

export const UNINSTALL_OPTIONS: readonly OptionSpec[] = [SCOPE_OPTION, DRY_RUN_OPTION];

export const INSTALL_USAGE = `stopline install <${INSTALL_TARGETS.join('|')}> [--scope user|project] [--runtime node|bun|deno] [--fail closed] [--after-evidence] [--dry-run] [--from <dist dir>]`;
export const UNINSTALL_USAGE = `stopline uninstall <${INSTALL_TARGETS.join('|')}> [--scope user|project] [--dry-run]`;

export const INSTALL_DESCRIPTION =
  'Puts the host artifact where the host loads it and registers it. Every edit of a host config file is a merge that keeps the rest of the file as it was, ' +
  'writes <file>.stopline-backup-<time> first, and changes nothing on a second run. See docs/install.md.';
export const UNINSTALL_DESCRIPTION =
  `Removes exactly what install added: ${['the files', 'the hook entries', ...helpOf('uninstalls')].join(', ')}. ` +
  'A config file that nothing else changed since gets its original bytes back.';
