/**
 * Confinement, from a contract and a shell command to the command the host runs instead: the
 * switches, the sandbox probe, the plan and its text. The controller calls `confineCommand` for a
 * decision decide() marked `confinable` when the door says its host applies a rewritten command.
 * Every way this can fail is an answer (`ok: false` with why), and the caller keeps its answer
 * from before (ask, or deny where no one can approve).
 */
import type { Contract } from '../contract/types';
import type { SelfPathEntry } from '../paths/self-paths';
import { wrapCommand } from './bwrap';
import { launcherFor } from './launcher';
import type { Launcher } from './launcher';
import { machine } from './machine';
import { planConfinement } from './plan';
import type { ConfinePlan, DiskPort, PlanCounts } from './plan';
import { confinementSwitch, confinedMessage, failureNote, scopeOf } from './words';
import type { SandboxProbe } from './probe';
import type { ConfineContract } from './words';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * @keep failureNote the note a person reads when a confined command fails: the tests read its text
 * @keep scopeOf which folders a contract lets a confined command write: the tests ask it per mode
 */
export { confinementSwitch, failureNote, scopeOf, scopeWords } from './words';

export interface ConfineRequest {
  command: string;
  /** with no contract armed (its level and mode say), only what stopline protects is held */
  contract: ConfineContract & Pick<Contract, 'confine'>;
  /** the project folder (files= base), absolute */
  project: string;
  env: Env;
  home?: string;
  /** the user id (for the user's runtime folder); default: this process's */
  uid?: number | null;
  /** stopline's own paths (core/paths/self-paths.ts selfPathTable) */
  protectedPaths: readonly Pick<SelfPathEntry, 'path'>[];
  now: number;
  /** the person's config switch */
  configOn: boolean;
  /** the rules the command left unproven (a deferred run names them when it cannot confine) */
  rules?: readonly string[];
  /** stopline's data folder as this door resolved it (a deferred run protects it too) */
  dataDir?: string;
  /**
   * Plan only: every check the real run makes, but no private folder is made (what-if tools ask
   * "would this run confined?" without writing anything).
   */
  dryRun?: boolean;
  /** tests: another disk, another sandbox */
  disk?: DiskPort;
  sandbox?: SandboxProbe;
}

/**
 * `deferred`: the sandbox is built when the command runs (a door that cannot start a process, the
 * Claude Code mod): no plan yet, and the counts are zero.
 */
/**
 * `command` is the inline form (the whole wrapper); `launcher`, when the request named a data
 * folder, the short form: the script to write there and the command line that runs it
 * (core/confine/launcher.ts). The caller hands the host the short one once the script is written.
 */
export type ConfineResult =
  | { ok: true; command: string; launcher?: Launcher; message: string; counts: PlanCounts & { unguarded: number }; plan?: ConfinePlan; deferred?: true }
  | { ok: false; why: string };

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
  if (!req.dryRun && !machine.prepare(plan.prepare)) return { ok: false, why: "a private folder of stopline's could not be made" };
  const note = failureNote(req.contract, plan.absent);
  return {
    ok: true,
    command: wrapCommand(plan, req.command, sandbox.tools, note),
    ...(req.dataDir ? { launcher: launcherFor(req.dataDir, plan, sandbox.tools, note, req.command) } : {}),
    message: confinedMessage(req.contract),
    counts: { ...plan.counts, unguarded: plan.unguarded.length },
    plan,
  };
}
