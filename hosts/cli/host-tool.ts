/**
 * What the person's tooling needs of one host (its HOST_TOOLS row), in a module of its own so a
 * host folder can write its row (`tooling` in hosts/<host>/doctor.ts) without importing the table it joins.
 */
import { existsSync } from 'node:fs';
import type { DoctorContext, HostBinary, Placement } from './doctor/hosts';
import type { NativeDoor } from './doctor/native';
import type { CallRecordFormat } from '../shared/call-record';
import type { Check } from './doctor/report';
import type { Env } from './install/locations';
import type { HostPlanner } from './install/plan-context';

export interface HostTools {
  /** what `stopline install <host>` and `uninstall` plan */
  readonly planner: HostPlanner;
  /** whether anything of stopline sits at the host's default (user) place, installed without a record */
  installedAt(env: Env, cwd: string): boolean;
  /** doctor's checks of one placement (`all`: every placement doctor found, for hosts that load from several) */
  checks(ctx: DoctorContext, p: Placement, all: readonly Placement[], bin: HostBinary): Promise<Check[]>;
  /** another program of the host that counts as the host being on PATH (a next major version with its own binary) */
  alsoOnPath?(env: Env): boolean;
  /** a door of the host that confines by a deferred run, named in doctor's confinement line */
  readonly deferredConfinement?: string;
  /** stopline installed with the host's own command (its plugin manager, extension installer, package list); absent: the host has none */
  readonly native?: NativeDoor;
  /**
   * The host's own record of a session's tool calls, which `stopline status --session` finds by
   * the session's id and holds against the guard's checks (for a host whose registry row says the
   * record is `compared`); null from `locate` when there is none.
   */
  readonly callRecord?: { readonly format: CallRecordFormat; locate(sessionId: string, env: Record<string, string | undefined>): string | null };
}

/** A host's row whose stopline sits at the user place in `userFiles`: installed there when any of them exists. */
export function hostTools(row: Omit<HostTools, 'installedAt'>, userFiles: (env: Env, cwd: string) => string | readonly string[]): HostTools {
  return { ...row, installedAt: (env, cwd) => [userFiles(env, cwd)].flat().some((f) => existsSync(f)) };
}
