/**
 * The hosts stopline supports, one spec each: the one list every other host list is derived
 * from (the protocol's host families, the hook dialects, `stopline install` targets, doctor's
 * binaries, the support matrix's columns, the guard bridge's dialects). The order here is the
 * order people see them in (matrix columns, usage lines).
 *
 * This file imports nothing: core/protocol.ts takes HOST_FAMILIES from it, and every artifact
 * carries it, so it holds short data only (a host's tables live in core/registry/<host>.ts, its
 * install code in hosts/cli/install/host-<host>.ts).
 */

export interface HostSpec {
  /** the host family: the `--host`, `stopline install <name>` and matrix name */
  readonly name: string;
  /** the name people know the host by (the matrix heading, HostRegistry.displayName) */
  readonly displayName: string;
  /** the CLI program doctor looks for on PATH and asks for `--version` */
  readonly binary: string;
  /**
   * The artifact the host loads: an id in build/artifacts.mjs. Absent: the host's own, named after
   * it; a fork that loads its parent's plugin unchanged names the parent's.
   */
  readonly artifact?: string;
  /**
   * How a plugin tells that this host loaded it, for a host that loads another host's artifact
   * (`artifact`) in its own process: an environment variable the host sets to its own process id
   * (a copy inherited by a child process never matches that child's pid), and the one holding the
   * host's version.
   */
  readonly loadedBy?: { readonly pidVar: string; readonly versionVar: string };
  /**
   * The host's own hook files, which stopline can import and run (the person's hooks): the
   * dialect of those files, named after the host. Absent for hosts whose extensions are code
   * (OpenCode, Pi): their hooks are not files stopline reads.
   */
  readonly hooks?: {
    /** the host as the hook diagnostics name it */
    readonly label: string;
    /** seconds the host gives a hook handler that sets none, on an event without its own row value */
    readonly defaultTimeoutSec: number;
  };
}

export const HOST_SPECS = [
  { name: 'claude', displayName: 'Claude Code', binary: 'claude', hooks: { label: 'Claude Code', defaultTimeoutSec: 600} },
  { name: 'codex', displayName: 'Codex CLI', binary: 'codex', hooks: { label: 'Codex', defaultTimeoutSec: 600} },
  { name: 'opencode', displayName: 'OpenCode', binary: 'opencode' },
  { name: 'hermes', displayName: 'Hermes Agent', binary: 'hermes', hooks: { label: 'Hermes', defaultTimeoutSec: 60} },
  { name: 'pi', displayName: 'Pi', binary: 'pi' },
  { name: 'gemini', displayName: 'Gemini CLI', binary: 'gemini', hooks: { label: 'Gemini CLI', defaultTimeoutSec: 60} },
  { name: 'qwen', displayName: 'Qwen Code', binary: 'qwen', hooks: { label: 'Qwen Code', defaultTimeoutSec: 60} },
  { name: 'copilot', displayName: 'GitHub Copilot CLI', binary: 'copilot', hooks: { label: 'Copilot', defaultTimeoutSec: 30 } },
  { name: 'droid', displayName: 'Factory Droid', binary: 'droid', hooks: { label: 'Droid', defaultTimeoutSec: 60 } },
  { name: 'cline', displayName: 'Cline CLI', binary: 'cline' },
  { name: 'kimi', displayName: 'Kimi Code', binary: 'kimi', hooks: { label: 'Kimi Code', defaultTimeoutSec: 30 } },
  { name: 'kilo', displayName: 'Kilo Code', binary: 'kilo', artifact: 'opencode', loadedBy: { pidVar: 'KILO_PID', versionVar: 'KILOCODE_VERSION' } },
  { name: 'openhands', displayName: 'OpenHands', binary: 'openhands', hooks: { label: 'OpenHands', defaultTimeoutSec: 60 } },
  { name: 'openclaw', displayName: 'OpenClaw', binary: 'openclaw' },
  { name: 'vibe', displayName: 'Mistral Vibe', binary: 'vibe', hooks: { label: 'Mistral Vibe', defaultTimeoutSec: 60 } },
] as const satisfies readonly HostSpec[];

type Spec = (typeof HOST_SPECS)[number];

/** A supported host's family name. */
export type HostName = Spec['name'];
/** The hosts whose own hook files are a dialect of the person's hooks. */
export type HookDialect = Extract<Spec, { hooks: object }>['name'];

export const HOST_NAMES: readonly HostName[] = HOST_SPECS.map((s) => s.name);

/** The host families of ControlEvent: every host, and `guard` (the bridge a harness calls). */
export const HOST_FAMILIES: readonly (HostName | 'guard')[] = [...HOST_NAMES, 'guard'];
export type HostFamily = HostName | 'guard';

/** The hosts with a hook-file dialect, in HOST_SPECS order. */
export const HOOK_DIALECTS: readonly HookDialect[] = HOST_SPECS.flatMap((s: HostSpec) => (s.hooks ? [s.name as HookDialect] : []));

/** One host's spec by name. */
export function hostSpec(name: HostName): HostSpec {
  return HOST_SPECS.find((s) => s.name === name)!;
}
