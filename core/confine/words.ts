/**
 * The pure part of confinement's answer: whether it is switched on, what the contract lets a
 * confined command write, and the words the model reads. Shared by the door that builds the
 * sandbox now (./confine.ts) and the one that defers it to run time (the Claude Code mod,
 * hosts/claude/mod/confine.ts), which cannot carry the rest.
 */
import type { Contract } from '../contract/types';
import { NON_MUTATING_MODES } from '../contract/types';
import type { Scope } from './plan';

type Env = Readonly<Record<string, string | undefined>>;

/** Whether confinement may be used: the person's directive, the person's config, the environment. */
export function confinementSwitch(contract: Pick<Contract, 'confine'>, configOn: boolean, env: Env): { on: true } | { on: false; why: string } {
  if (env.STOPLINE_CONFINE === '0') return { on: false, why: 'STOPLINE_CONFINE=0' };
  if (!configOn) return { on: false, why: '"confine": false in the user config' };
  if (contract.confine === false) return { on: false, why: 'confine=off in the directive' };
  return { on: true };
}

/** What the contract lets a confined command change in the project. */
export function scopeOf(contract: Pick<Contract, 'mode' | 'files'>): Scope {
  if (NON_MUTATING_MODES.includes(contract.mode)) return { kind: 'none' };
  if (contract.files === null) return { kind: 'all' };
  return contract.files.length ? { kind: 'files', entries: contract.files } : { kind: 'none' };
}

/** The contract in the words of a note: what the command could write. */
export function scopeWords(contract: Pick<Contract, 'mode' | 'files'>): string {
  const scope = scopeOf(contract);
  if (scope.kind === 'all') return `mode ${contract.mode}: everything but stopline's own files`;
  if (scope.kind === 'files') return `files=${scope.entries.join('|')}`;
  return NON_MUTATING_MODES.includes(contract.mode) ? `mode ${contract.mode}: nothing in the project` : 'files= is empty: nothing in the project';
}

/** The line the wrapper prints on stderr when the confined command fails. */
export function failureNote(contract: Pick<Contract, 'mode' | 'files'>, absent: readonly string[]): string {
  const more = absent.length ? ` files= entries not on disk yet cannot be created here (make them with an edit tool first): ${absent.slice(0, 5).join(', ')}${absent.length > 5 ? ', ...' : ''}.` : '';
  return `stopline: this command ran confined to the contract (${scopeWords(contract)} writable, plus build, cache and temp folders); a write anywhere else fails with "Read-only file system" and was not made. If the command needs such a write, ask the person (widen files=, or approve it) instead of trying another way.${more}`;
}

/** What the model is told when the command is handed back confined. */
export function confinedMessage(contract: Pick<Contract, 'mode' | 'files'>): string {
  return `stopline: this command runs confined to the contract (${scopeWords(contract)} writable, plus build, cache and temp folders); any other write fails with "Read-only file system" and is not made.`;
}
