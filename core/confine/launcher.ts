/**
 * The short form of a confined command: the sandbox wrapper (core/confine/bwrap.ts) goes into a
 * launcher script in stopline's own data folder, and the host runs `'/bin/sh' <script> <command>`.
 * The wrapper's mount and path lists run to thousands of characters that depend on the machine;
 * a host shows the command line it runs to the person and the model, and some check it for
 * dangerous patterns (Hermes), so the line they see holds the model's command and a file name.
 *
 * The script names the sandbox and its folders, never the command (its one argument), and is
 * named by a hash of its text: one plan is one file, written once. It sits under the data
 * folder, which stopline's self-protection keeps the agent from writing (core/paths/self-paths.ts),
 * 0600 in a 0700 folder, replaced whole (write-then-rename). The retention pass removes scripts
 * nobody used for the retention window (core/state/retention.ts).
 *
 * The plan and its text are pure; `writeLauncher` does its I/O through the Store port, so every
 * door that answers with a rewrite (command hooks, in-process runtimes, Hermes) writes it the same
 * way. When it cannot be written the caller hands the host the inline wrapper instead.
 */
import { posix } from 'node:path';
import { sha256Hex } from '../digest';
import type { Store } from '../state/store';
import type { ConfinePlan } from './plan';
import { sandboxLine, shellQuote } from './bwrap';
import { CONFINE_FLAG } from './deferred';
import type { DeferredScope } from './deferred';
import type { SandboxTools } from './bwrap';

/** The folder under the data folder that holds the launcher scripts. */
export const LAUNCHER_DIR = 'confined';

/** A launcher script's file name: 40 hex digits of the SHA-256 of its text, then `.sh`. */
const LAUNCHER_NAME = /^[0-9a-f]{40}\.sh$/;

/** The shell that runs a launcher: the system's, not whichever `sh` comes first on the host's PATH. */
const LAUNCHER_SHELL = '/bin/sh';

/** What a launcher exits with when it is not given exactly one command (a shell's "cannot run"). */
const USAGE_STATUS = 126;

export interface Launcher {
  /** absolute path of the script */
  script: string;
  /** the script's text */
  text: string;
  /** what the host runs: the shell, the script and the model's command, each quoted for a POSIX shell */
  command: string;
}

/** A script's text: what it says it is, a refusal of any call but one argument, and the line that runs it. */
function launcherText(what: string, run: string): string {
  const usage = shellQuote('stopline: a confined launcher takes exactly one argument, the command to run');
  return ['#!/bin/sh', `# stopline: ${what}`, `[ "$#" -eq 1 ] || { printf '%s\\n' ${usage} >&2; exit ${USAGE_STATUS}; }`, run, ''].join('\n');
}

/** The launcher of a script's text, named by its hash, as it would sit in `dataDir`. */
function placed(dataDir: string, text: string, command: string): Launcher {
  const script = posix.join(dataDir, LAUNCHER_DIR, `${sha256Hex(text).slice(0, 40)}.sh`);
  return { script, text, command: [LAUNCHER_SHELL, script, command].map(shellQuote).join(' ') };
}

/** The launcher for `command` under the plan: the sandbox around its one argument. */
export function launcherFor(dataDir: string, plan: ConfinePlan, tools: SandboxTools, note: string, command: string): Launcher {
  const text = launcherText("runs its one argument, a shell command, in the sandbox of one contract's plan (folders only, no command)", sandboxLine(plan, tools, note, '"$1"'));
  return placed(dataDir, text, command);
}

/**
 * The launcher of a deferred confinement (./deferred.ts): its one argument goes to stopline's
 * runner (`runner`: the runtime and the hook script, already shell words), which builds the
 * sandbox of the scope when the command runs. For a door that cannot build the plan when it
 * answers; the host sees the same short form as from every other door.
 */
export function deferredLauncherFor(dataDir: string, runner: string, scope: DeferredScope, command: string): Launcher {
  const text = launcherText("runs its one argument, a shell command, in the sandbox of one contract's scope, built when it runs (folders only, no command)", `exec ${runner} ${CONFINE_FLAG} ${shellQuote(JSON.stringify(scope))} -- "$1"`);
  return placed(dataDir, text, command);
}

/** A script the same as the one to write is written again once older than this, so retention never takes one in use. */
const REFRESH_MS = 86_400_000;

/**
 * Put the script in place: its folder made 0700, the file written whole (0600) unless the same
 * text is there and recent. Throws when it cannot be (a link where the folder or the file should
 * be, a full disk, a read-only folder): the caller then hands the host the inline wrapper.
 */
export function writeLauncher(io: Pick<Store, 'ensureDir' | 'entry' | 'read' | 'write'>, launcher: Pick<Launcher, 'script' | 'text'>, now: number): void {
  const dir = posix.dirname(launcher.script);
  io.ensureDir(dir);
  const folder = io.entry(dir);
  // a link planted where the folder should be would put the script somewhere else
  if (!folder || folder.kind !== 'other') throw Object.assign(new Error(`${LAUNCHER_DIR} is not a folder of stopline's`), { code: 'STOPLINE_NOT_A_FOLDER' });
  const there = io.entry(launcher.script);
  // read() refuses a link or anything but a file at the name (NotAFileError)
  if (there && now - there.mtimeMs < REFRESH_MS && io.read(launcher.script) === launcher.text) return;
  io.write(launcher.script, launcher.text);
}
