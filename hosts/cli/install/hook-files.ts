/**
 * The hook registration files the artifacts ship, rendered from the registry: each host spec
 * with a `shipped` row (core/registry/host-specs.ts) names its file and its format, and one
 * renderer per format writes every host's file of that format from the host's event rows (with
 * what its folder adds, hook-file-parts.ts). `npm run build` writes dist/ from these functions
 * (build/artifacts.mjs); the copies committed under hosts/ are what the host suites load from the
 * source tree, and test/cli/install/hook-files.test.ts fails when one differs from what is
 * rendered here.
 */
import { REGISTRIES } from '../../../core/registry/index';
import { HOST_NAMES, HOST_SPECS, type HookDialect, type HostName, type HostSpec, type HookFileParts, type ShippedHookFile } from '../../../core/registry/host-specs';
import { rowsFor } from '../../../core/registry/rows';
import type { HostRegistry, InstallSpec } from '../../../core/registry/types';
import type { EventGroup, HookGroup } from './hook-groups';
import { HOOK_FILE_PARTS } from './hook-file-parts';
import { homeDir, type Env, type Scope } from './locations';
import { NO_NEEDS, personHookEvents, registrations, rowsToRegister, type InstallRow, type ObserveNeeds } from './observe-events';
import type { HostPlanner, InstallContext } from './plan-context';

/** Run the bundled script with the first runtime on PATH (node, else bun). */
const RUNTIME = '"$(command -v node || command -v bun || echo node)"';

/** The name stopline's handlers carry where the host reads one (a host may dedupe and disable hooks by name). */
export const HOOK_NAME = 'stopline';

/**
 * The one hook group a row's install column gives, the same in a shipped plugin file and in what
 * `stopline install` writes: the row's matcher (if any), one command handler with the row's
 * timeout, and with `--fail closed` `onFailure: "block"` where the row says failClosed.
 */
export function hookGroup(install: InstallSpec, command: string, failClosed = false): HookGroup {
  return {
    ...(install.matcher !== undefined ? { matcher: install.matcher } : {}),
    hooks: [{ type: 'command', command, timeout: install.timeoutSec, ...(failClosed && install.failClosed ? { onFailure: 'block' as const } : {}) }],
  };
}

/** A host's shipped hook file; throws for a host that ships none (a build step asked for a file no spec names). */
function shippedOf(host: HostName): ShippedHookFile {
  const shipped = (HOST_SPECS as readonly HostSpec[]).find((s) => s.name === host)?.shipped;
  if (!shipped) throw new Error(`${host}: its host spec names no shipped hook file`);
  return shipped;
}

const partsOf = (host: HostName): HookFileParts => (HOOK_FILE_PARTS as Readonly<Record<string, HookFileParts>>)[host] ?? {};

/** The rows a shipped file registers: every row with an install column but the observe-only ones. */
const shippedRows = (host: HostName): InstallRow[] => rowsToRegister(REGISTRIES[host], NO_NEEDS);

/** The shell text of a host's shipped handler for `event` (its folder's prefix, then the spec's command). */
export function shippedCommand(host: HostName, event = ''): string {
  const command = shippedOf(host).command;
  if (command === undefined) throw new Error(`${host}: its shipped hook file runs no command`);
  return `${partsOf(host).commandPrefix ?? ''}${command.replace('{runtime}', RUNTIME).replace('{event}', event)}`;
}

/**
 * A host's hook document in its shipped JSON format, every handler running `command` (for the
 * row's event): what the build ships, and what `stopline install` and the host suites write with
 * a command of their own.
 */
export function hookFileDoc(host: HostName, command: string | ((event: string) => string)): { hooks: Record<string, unknown[]> } & Record<string, unknown> {
  const run = typeof command === 'string' ? () => command : command;
  const rows = shippedRows(host);
  const byEvent = (handler: (row: InstallRow) => unknown) => Object.fromEntries(rows.map((e) => [e.native, [handler(e)]]));
  switch (shippedOf(host).format) {
    case 'groups':
      return { ...partsOf(host).fields, hooks: byEvent((e) => hookGroup(e.install, run(e.native))) };
    case 'named-groups':
      return { hooks: byEvent((e) => ({ hooks: [{ name: HOOK_NAME, type: 'command', command: run(e.native), timeout: e.install.timeoutSec * 1000 }] })) };
    case 'flat':
      return { version: 1, hooks: byEvent((e) => ({ type: 'command', bash: run(e.native), timeoutSec: e.install.timeoutSec })) };
    default:
      throw new Error(`${host}: its shipped hook file is not JSON`);
  }
}

/** A TOML basic string: JSON's escapes are a subset TOML reads the same way. */
const tomlString = (s: string): string => JSON.stringify(s);

/** `[[hooks]]` tables for `command`, one per row, with no matcher (every tool) and the row's timeout. */
export function tomlHookTables(command: string, rows: readonly InstallRow[]): string {
  return rows.map((e) => ['[[hooks]]', `event = ${tomlString(e.native)}`, `command = ${tomlString(command)}`, `timeout = ${e.install.timeoutSec}`, ''].join('\n')).join('\n');
}

/** The hooks a host's plugin door registers (the rows with the plugin door), as a YAML file or a tuple lists them. */
export function pluginDoorHooks(host: HostName): string[] {
  return rowsFor(REGISTRIES[host].events, 'plugin').map((e) => e.native);
}

/** The text of a host's shipped hook file (hosts/<host>/<file>, and its artifact's copy). */
export function renderHookFile(host: HostName): string {
  const shipped = shippedOf(host);
  switch (shipped.format) {
    case 'toml':
      return [...(shipped.head ?? []), tomlHookTables(shippedCommand(host), shippedRows(host))].join('\n');
    case 'yaml':
      return [...(shipped.head ?? []), ...pluginDoorHooks(host).map((h) => `  - ${h}`), ''].join('\n');
    default:
      return `${JSON.stringify(hookFileDoc(host, (event) => shippedCommand(host, event)), null, 2)}\n`;
  }
}

/**
 * A source of the host's artifact with its hook tuple (`tuple.start` through the next line that
 * is only `)`) rendered from the registry, everything else as written. Throws when the source has
 * no such tuple: the build must not ship a plugin that registers nothing.
 */
export function withHookTuple(host: HostName, source: string): string {
  const tuple = shippedOf(host).tuple;
  if (!tuple) throw new Error(`${host}: its shipped hook file names no tuple`);
  const start = source.indexOf(`\n${tuple.start}\n`);
  const end = start < 0 ? -1 : source.indexOf('\n)\n', start + 1);
  if (start < 0 || end < 0) throw new Error(`hosts/${host}/${tuple.file}: no "${tuple.start}" … ")" block to render the hook list into`);
  const lines = [tuple.start, ...pluginDoorHooks(host).map((h) => `    ${JSON.stringify(h)},`)].join('\n');
  return `${source.slice(0, start + 1)}${lines}${source.slice(end)}`;
}

const INSTALL_SH_HOSTS_START = '# ---- hosts: written by `node build/host-files.mjs --write` from core/registry/host-specs.ts ----';
const INSTALL_SH_HOSTS_END = '# ---- end of hosts ----';

/**
 * hosts/cli/install.sh with its host lists rendered from HOST_SPECS: the names it accepts, the
 * dist/ folders it downloads for `all`, and the hosts that load another host's artifact (whose
 * files it fetches from that host's folder).
 */
export function installShWithHosts(source: string): string {
  const start = source.indexOf(`\n${INSTALL_SH_HOSTS_START}\n`);
  const end = start < 0 ? -1 : source.indexOf(`\n${INSTALL_SH_HOSTS_END}\n`, start + 1);
  if (start < 0 || end < 0) throw new Error(`hosts/cli/install.sh: no "${INSTALL_SH_HOSTS_START}" … "${INSTALL_SH_HOSTS_END}" block to render the hosts into`);
  const folders = [...new Set(HOST_SPECS.map((s: HostSpec) => s.artifact ?? s.name))];
  const moved = HOST_SPECS.flatMap((s: HostSpec) => (s.artifact && s.artifact !== s.name ? [`${s.name}=${s.artifact}`] : []));
  const lines = [
    INSTALL_SH_HOSTS_START,
    `HOSTS='${[...HOST_NAMES, 'all'].join(' ')}'`,
    '# the dist/ folder of every host\'s files, and each host whose files are in another host\'s folder',
    `HOST_FOLDERS='${folders.join(' ')}'`,
    `FOLDER_OF='${moved.join(' ')}'`,
  ];
  return `${source.slice(0, start + 1)}${lines.join('\n')}${source.slice(end)}`;
}

/**
 * What the installer and doctor share for a host whose hook file, written by the install,
 * registers the observe-only events only where the person's setup needs them (observe-events.ts).
 * `dialect` is the host's own, whose hooks the host runs itself.
 */
export function observingHooks(dialect: HookDialect, registry: HostRegistry) {
  const always = rowsToRegister(registry, NO_NEEDS);
  const needs = (env: Env, scope: Scope, project: string, afterEvidence: boolean): ObserveNeeds => ({
    // a user-wide install counts only the user's hooks, a project install the project's too
    hookEvents: personHookEvents(dialect, env.env, scope === 'project' ? project : homeDir(env)),
    afterEvidence,
  });
  return {
    /** the fields of the host's planner that are the same for both: a runtime, every scope, after-tool evidence on request */
    planner: { host: dialect, usesRuntime: true, afterEvidence: true, unsupportedScope: () => null } satisfies Partial<HostPlanner>,
    /** the events every install registers (the observe-only ones only where something needs them) */
    events: always.map((e) => e.native),
    /** the hook timeout of every event but those the registry clamps */
    timeoutSec: always[0]!.install.timeoutSec,
    needs,
    /** one install's registrations with their reasons, and the rows it registers */
    registered(ctx: InstallContext) {
      const regs = registrations(registry, needs(ctx.env, ctx.scope, ctx.project, ctx.afterEvidence));
      return { regs, rows: regs.flatMap((r) => (r.registered ? [r.row] : [])) };
    },
    /** the hook groups of `rows`, each running `command` */
    groups: (command: string, rows: readonly InstallRow[] = always, failClosed = false): EventGroup[] =>
      rows.map(({ native, install }) => ({ event: native, group: hookGroup(install, command, failClosed) })),
  };
}
