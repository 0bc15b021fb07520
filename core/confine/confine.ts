/**
 * Confinement, from a contract and a shell command to the command the host runs instead: the
 * switches, the sandbox probe, the plan and its text. The controller calls `confineCommand` for a
 * decision decide() marked `confinable` when the door says its host applies a rewritten command.
 * Every way this can fail is an answer (`ok: false` with why), and the caller keeps its answer
 * from before (ask, or deny where no one can approve).
 */
import type { Contract } from '../contract/types';
import { NON_MUTATING_MODES } from '../contract/types';
import type { SelfPathEntry } from '../self-paths';
import { wrapCommand } from './bwrap';
import { machine } from './machine';
import { planConfinement } from './plan';
import type { ConfinePlan, DiskPort, PlanCounts, Scope } from './plan';
import type { SandboxProbe } from './probe';

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

export interface ConfineRequest {
  command: string;
  contract: Contract;
  /** the project folder (files= base), absolute */
  project: string;
  env: Env;
  home?: string;
  /** the user id (for the user's runtime folder); default: this process's */
  uid?: number | null;
  /** stopline's own paths (core/self-paths.ts selfPathTable) */
  protectedPaths: readonly Pick<SelfPathEntry, 'path'>[];
  now: number;
  /** the person's config switch */
  configOn: boolean;
  /** tests: another disk, another sandbox */
  disk?: DiskPort;
  sandbox?: SandboxProbe;
}

export type ConfineResult = { ok: true; command: string; message: string; counts: PlanCounts & { unguarded: number }; plan: ConfinePlan } | { ok: false; why: string };

export function confineCommand(req: ConfineRequest): ConfineResult {
  const sw = confinementSwitch(req.contract, req.configOn, req.env);
  if (!sw.on) return { ok: false, why: `confinement is off (${sw.why})` };
  const sandbox = req.sandbox ?? machine.sandbox(req.env, req.now);
  if (!sandbox.ok) return { ok: false, why: sandbox.why };
  if (!req.project.startsWith('/')) return { ok: false, why: 'the project folder is not an absolute path' };
  const scope = scopeOf(req.contract);
  const facts = machine.gather({ scope, project: req.project, env: req.env, ...(req.home ? { home: req.home } : {}), uid: req.uid !== undefined ? req.uid : machine.uid(), protectedPaths: req.protectedPaths });
  const planned = planConfinement({ ...facts, disk: req.disk ?? machine.disk() });
  if (!planned.ok) return { ok: false, why: planned.why };
  const plan = planned.plan;
  if (!machine.prepare(plan.prepare)) return { ok: false, why: "a private folder of stopline's could not be made" };
  return {
    ok: true,
    command: wrapCommand(plan, req.command, sandbox.tools, failureNote(req.contract, plan.absent)),
    message: confinedMessage(req.contract),
    counts: { ...plan.counts, unguarded: plan.unguarded.length },
    plan,
  };
}
