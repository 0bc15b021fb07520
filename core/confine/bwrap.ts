/**
 * The confined command as text: the model's command run by bash inside bubblewrap, built from a
 * plan (core/confine/plan.ts). Pure. The host's shell runs this text in place of the model's.
 *
 * What stays as it was: the network (no network namespace), the environment (bubblewrap passes
 * it on), stdin, the working folder (bubblewrap starts the command where it was called), stdout,
 * stderr and the exit status. What bubblewrap adds and why:
 * - `--unshare-pid` with a fresh `/proc`: the host's /proc would let a confined process reach
 *   the file system of any process outside through /proc/<pid>/root; a process the command
 *   leaves running ends with it;
 * - `--new-session`: a confined process cannot push keystrokes into the terminal (TIOCSTI);
 * - `--die-with-parent`: when the host kills the command (a timeout), the sandbox goes too;
 * - a minimal /dev (null, zero, random, tty, pts, shm): a disk's device node would let root write
 *   under every mount;
 * - as root (no user namespace then), every capability dropped but those a file and network
 *   tool needs: with CAP_SYS_ADMIN a command could simply remount `/` writable.
 * When the command fails, one line on stderr says it ran confined and what that means, so the
 * model asks the person rather than trying another way round.
 */
import type { ConfinePlan, Mount } from './plan';

export interface SandboxTools {
  /** absolute path of bwrap */
  bwrap: string;
  /** absolute path of the bash that runs the model's command inside */
  bash: string;
  /** the command runs as root: bubblewrap keeps root's capabilities unless told otherwise */
  root: boolean;
}

/** What root keeps inside: reading and writing files it may by permission, users, signals, low ports. */
const ROOT_KEEPS = ['CAP_CHOWN', 'CAP_DAC_OVERRIDE', 'CAP_DAC_READ_SEARCH', 'CAP_FOWNER', 'CAP_FSETID', 'CAP_KILL', 'CAP_SETGID', 'CAP_SETUID', 'CAP_NET_BIND_SERVICE', 'CAP_NET_RAW'];

/** Single-quote a word for a POSIX shell. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function mountArgs(m: Mount): string[] {
  switch (m.kind) {
    case 'rw':
      return ['--bind', m.path, m.path];
    case 'ro':
      return ['--ro-bind', m.path, m.path];
    case 'hide':
      return ['--tmpfs', m.path];
    case 'block':
      return ['--ro-bind', '/dev/null', m.path];
  }
}

/** bubblewrap's arguments for a plan, up to and including the `--` before the command. */
export function bwrapArgs(plan: ConfinePlan, root: boolean): string[] {
  const args = ['--new-session', '--die-with-parent', '--unshare-pid'];
  if (root) args.push('--cap-drop', 'ALL', ...ROOT_KEEPS.flatMap((c) => ['--cap-add', c]));
  args.push(plan.root === 'rw' ? '--bind' : '--ro-bind', '/', '/');
  args.push('--dev', '/dev', '--proc', '/proc');
  for (const m of plan.mounts) args.push(...mountArgs(m));
  args.push('--');
  return args;
}

/** The variable that carries the command's exit status past the note (the host's own shell runs this). */
const STATUS = 'stopline_status';

/**
 * The text the host runs instead of `command`. `note` is printed on stderr when the command
 * fails; each unguarded path that exists afterwards is named on stderr.
 */
export function wrapCommand(plan: ConfinePlan, command: string, tools: SandboxTools, note: string): string {
  return sandboxLine(plan, tools, note, shellQuote(command));
}

/**
 * The same text with the command left to the shell that runs it: `commandWord` is shell text that
 * expands to the command (`"$1"` in a launcher script, core/confine/launcher.ts).
 */
export function sandboxLine(plan: ConfinePlan, tools: SandboxTools, note: string, commandWord: string): string {
  const run = `${[tools.bwrap, ...bwrapArgs(plan, tools.root), tools.bash, '-c'].map(shellQuote).join(' ')} ${commandWord}`;
  const after: string[] = [`${STATUS}=$?`, `[ "$${STATUS}" -eq 0 ] || printf '%s\\n' ${shellQuote(note)} >&2`];
  if (plan.unguarded.length) {
    const line = shellQuote("stopline: this confined command created %s, one of stopline's protected paths; tell the person.\\n");
    after.push(`for stopline_p in ${plan.unguarded.map(shellQuote).join(' ')}; do { [ -e "$stopline_p" ] || [ -L "$stopline_p" ]; } && printf ${line} "$stopline_p" >&2; done`);
  }
  // a subshell sets the status without ending the host's shell, which may run more after it
  after.push(`(exit "$${STATUS}")`);
  return `${run}; ${after.join('; ')}`;
}
