/**
 * A confinement deferred to run time: for a door that decides inside another program's process
 * and cannot start one there (the Claude Code mod), the launcher the host runs (./launcher.ts
 * deferredLauncherFor; this line itself where it cannot be written) does not hold the sandbox
 * but runs stopline's own hook script with `--stopline-confine`, which builds the
 * sandbox when the command runs, outside the host's process, exactly as a command-hook door
 * builds it when it answers (hosts/shared/confine-run.ts). Pure: the command line and reading it
 * back.
 *
 * The scope rides as one JSON word: the contract's mode and files= (mode null: no contract is
 * armed, and only what stopline protects is held), the project folder, the rules
 * the analysis left unproven (named when the command cannot be confined) and the door's data
 * folder. The runner never takes stopline's protected paths from it: it works them out itself
 * and only adds the data folder named here, so the word can narrow a run, never widen what it
 * protects. A model that wrote such a line itself runs stopline's protected hook script as a
 * program, which the analysis answers as self-protection.
 */
import { MODES } from '../contract/types';
import type { NamedMode } from '../contract/types';
import { shellQuote } from './bwrap';

/** The hook script's argument that runs a deferred confinement. */
export const CONFINE_FLAG = '--stopline-confine';

/** What the runner exits with when it did not run the command (a shell's "found but cannot run"). */
export const NOT_RUN_STATUS = 126;

export interface DeferredScope {
  /** null: no contract is armed (everything but what stopline protects is writable; files is null) */
  mode: NamedMode | null;
  /** null: no files= (everything but stopline's own files) */
  files: string[] | null;
  /** absolute: where files= entries resolve */
  project: string;
  rules: string[];
  dataDir?: string;
}

/** The command line the host runs: `launcher` is the runtime and the hook script, already shell words. */
export function deferredCommand(launcher: string, scope: DeferredScope, command: string): string {
  return `${launcher} ${CONFINE_FLAG} ${shellQuote(JSON.stringify(scope))} -- ${shellQuote(command)}`;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * The scope and the command from the arguments after the flag (`<scope> -- <command>`). Anything
 * else is refused with why; the rules are kept when the scope could be read that far.
 */
export function readDeferred(args: readonly string[]): { ok: true; scope: DeferredScope; command: string } | { ok: false; why: string; rules: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(args[0] ?? '');
  } catch {
    return { ok: false, why: 'its scope is not JSON', rules: [] };
  }
  const o = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const rules = isStrings(o.rules) ? o.rules.filter((r) => /^[A-Z_]{1,64}$/.test(r)) : [];
  const bad = (why: string) => ({ ok: false as const, why, rules });
  if (args.length !== 3 || args[1] !== '--') return bad(`it takes ${CONFINE_FLAG} <scope> -- <command>`);
  if (o.mode !== null && (typeof o.mode !== 'string' || !(MODES as readonly string[]).includes(o.mode))) return bad('its scope names no mode');
  if (o.files !== null && !isStrings(o.files)) return bad('its scope has no files list');
  if (o.mode === null && o.files !== null) return bad('its scope has a files list and no mode');
  if (typeof o.project !== 'string' || !o.project.startsWith('/')) return bad('its scope has no absolute project folder');
  if (o.dataDir !== undefined && (typeof o.dataDir !== 'string' || !o.dataDir.startsWith('/'))) return bad('its data folder is not absolute');
  const scope: DeferredScope = { mode: o.mode as NamedMode | null, files: o.files as string[] | null, project: o.project, rules };
  if (typeof o.dataDir === 'string') scope.dataDir = o.dataDir;
  return { ok: true, scope, command: args[2]! };
}
