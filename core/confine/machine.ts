/**
 * The machine confinement runs on: its disk, git, the folders made before a run, and whether a
 * sandbox starts here, in one place (a door inside another program's process, the Claude Code
 * mod, carries none of it: its build puts hosts/claude/mod/confine.ts in confine.ts's place, which
 * hands the sandbox to the hook script at run time).
 */
import { realDisk } from './disk';
import { gather, prepareFolders } from './gather';
import type { GatherInput } from './gather';
import type { DiskPort, PlanInput } from './plan';
import { sandboxHere } from './probe';
import type { SandboxProbe } from './probe';

type Env = Readonly<Record<string, string | undefined>>;

/** @keep ConfineMachine the machine port's type: the failure tests put a fake machine in its place */
export interface ConfineMachine {
  sandbox(env: Env, now: number): SandboxProbe;
  disk(): DiskPort;
  gather(g: GatherInput): Omit<PlanInput, 'disk'>;
  prepare(paths: readonly string[]): boolean;
  uid(): number | null;
}

export const machine: ConfineMachine = {
  sandbox: sandboxHere,
  disk: realDisk,
  gather,
  prepare: prepareFolders,
  uid: () => process.getuid?.() ?? null,
};
