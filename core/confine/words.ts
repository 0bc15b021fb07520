/**
 * The pure part of confinement's answer: whether it is switched on, what the contract lets a
 * confined command write, and the words the model reads. Shared by the door that builds the
 * sandbox now (./confine.ts) and the one that defers it to run time (the Claude Code mod,
 * hosts/claude/mod/confine.ts), which cannot carry the rest.
 *
 * With no contract armed (a fresh session, the watch level, the guard off) the floor is the only
 * rule: a command is confined only so that it cannot reach what stopline protects, and the
 * words say so rather than name a contract nobody set.
 */
import type { Contract } from '../contract/types';
import { NON_MUTATING_MODES, controlState } from '../contract/types';
import type { Scope } from './plan';

type Env = Readonly<Record<string, string | undefined>>;

/** The contract as confinement reads it; a contract given without its level is read as a guard-level one. */
export type ConfineContract = Pick<Contract, 'mode' | 'files'> & Partial<Pick<Contract, 'level'>>;

/** Whether confinement may be used: the person's directive, the person's config, the environment. */
export function confinementSwitch(contract: Pick<Contract, 'confine'>, configOn: boolean, env: Env): { on: true } | { on: false; why: string } {
  if (env.STOPLINE_CONFINE === '0') return { on: false, why: 'STOPLINE_CONFINE=0' };
  if (!configOn) return { on: false, why: '"confine": false in the user config' };
  if (contract.confine === false) return { on: false, why: 'confine=off in the directive' };
  return { on: true };
}

/** Whether a task contract is armed: otherwise only what stopline protects is held. */
export function armed(contract: ConfineContract): boolean {
  return controlState({ mode: contract.mode, level: contract.level ?? 'guard' }) === 'ARMED';
}

/** What the contract lets a confined command change in the project. */
export function scopeOf(contract: ConfineContract): Scope {
  if (!armed(contract)) return { kind: 'all' };
  if (NON_MUTATING_MODES.includes(contract.mode)) return { kind: 'none' };
  if (contract.files === null) return { kind: 'all' };
  return contract.files.length ? { kind: 'files', entries: contract.files } : { kind: 'none' };
}

/** The contract in the words of a note: what the command could write. */
export function scopeWords(contract: ConfineContract): string {
  if (!armed(contract)) return "no contract armed: everything but what stopline protects";
  const scope = scopeOf(contract);
  if (scope.kind === 'all') return `mode ${contract.mode}: everything but stopline's own files`;
  if (scope.kind === 'files') return `files=${scope.entries.join('|')}`;
  return NON_MUTATING_MODES.includes(contract.mode) ? `mode ${contract.mode}: nothing in the project` : 'files= is empty: nothing in the project';
}

/** What an unarmed confinement keeps out, in one clause. */
const KEPT = "stopline's own files and the coding agents' settings and install folders are read-only";

/** The line the wrapper prints on stderr when the confined command fails. */
export function failureNote(contract: ConfineContract, absent: readonly string[]): string {
  if (!armed(contract)) {
    return `stopline: this command's writes could not be placed, so it ran in a sandbox where ${KEPT} (no task contract is armed; every other place is writable as before); a write there fails with "Read-only file system" and was not made. Those files are the person's to change: do not try another way.`;
  }
  const more = absent.length ? ` files= entries not on disk yet cannot be created here (make them with an edit tool first): ${absent.slice(0, 5).join(', ')}${absent.length > 5 ? ', ...' : ''}.` : '';
  return `stopline: this command ran confined to the contract (${scopeWords(contract)} writable, plus build, cache and temp folders); a write anywhere else fails with "Read-only file system" and was not made. If the command needs such a write, ask the person (widen files=, or approve it) instead of trying another way.${more}`;
}

/** What the model is told when the command is handed back confined. */
export function confinedMessage(contract: ConfineContract): string {
  if (!armed(contract)) return `stopline: this command's writes cannot be placed, so it runs in a sandbox where ${KEPT}; everything else is writable as before.`;
  return `stopline: this command runs confined to the contract (${scopeWords(contract)} writable, plus build, cache and temp folders); any other write fails with "Read-only file system" and is not made.`;
}
