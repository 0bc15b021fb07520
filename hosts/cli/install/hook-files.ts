/**
 * The registration files the artifacts ship, rendered from the registry: Claude Code's plugin
 * hooks.json, Codex's hooks.json, Hermes's plugin.yaml and the hook list of the Hermes shim,
 * the extension hooks.json of Gemini CLI and Qwen Code, and the plugin hook files of Copilot and Droid.
 * `npm run build` writes dist/ from these functions (build/artifacts.mjs); the copies committed
 * under hosts/ are what the host suites load from the source tree, and
 * test/cli/install/hook-files.test.ts fails when one differs from what is rendered here.
 */
import { claudeRegistry } from '../../../core/registry/claude';
import { codexRegistry } from '../../../core/registry/codex';
import { geminiRegistry } from '../../../core/registry/gemini';
import { hermesRegistry } from '../../../core/registry/hermes';
import { qwenRegistry } from '../../../core/registry/qwen';
import { copilotRegistry } from '../../../core/registry/copilot';
import { droidRegistry } from '../../../core/registry/droid';
import { kimiRegistry } from '../../../core/registry/kimi';
import { HOST_NAMES, HOST_SPECS, type HostSpec } from '../../../core/registry/host-specs';
import { installRows, rowsFor } from '../../../core/registry/rows';
import type { HostRegistry, InstallSpec } from '../../../core/registry/types';
import type { HookGroup } from './hook-groups';
import { CLAUDE_MOD_SHELL_GUARD } from '../../claude/mod-live';
import { NO_NEEDS, rowsToRegister } from './observe-events';

/** Run the bundled script with the first runtime on PATH (node, else bun). */
const RUNTIME = '"$(command -v node || command -v bun || echo node)"';

/**
 * Claude sets CLAUDE_PLUGIN_ROOT for a plugin's hooks. The guard in front keeps the command
 * silent, without starting a runtime, when the plugin's mod decides in this Claude Code process.
 */
export const CLAUDE_PLUGIN_COMMAND = `${CLAUDE_MOD_SHELL_GUARD}exec ${RUNTIME} "\${CLAUDE_PLUGIN_ROOT}/stopline.mjs"`;

/** The plugin's hooks module (the mod door), beside hooks.json; Claude Code loads it when mods are allowed. */
export const CLAUDE_MOD_MODULE = './stopline-mod.mjs';
/**
 * Copilot sets COPILOT_PLUGIN_ROOT for a plugin's hooks. Its camelCase payload does not name the
 * event, so every handler passes it as the script's argument.
 */
export const copilotPluginCommand = (event: string): string => `exec ${RUNTIME} "\${COPILOT_PLUGIN_ROOT}/stopline.mjs" ${event}`;
/** Droid replaces `${DROID_PLUGIN_ROOT}` in a plugin's command text with the plugin's installed folder. */
export const DROID_PLUGIN_COMMAND = `exec ${RUNTIME} "\${DROID_PLUGIN_ROOT}/stopline.mjs"`;
/** Codex sets PLUGIN_ROOT for a plugin's hooks; a hooks.json copied into CODEX_HOME has none. */
export const CODEX_PLUGIN_COMMAND = `exec ${RUNTIME} "\${PLUGIN_ROOT:-\${CODEX_HOME:-$HOME/.codex}}/stopline.mjs"`;

/**
 * Kimi runs a hook command with `sh -c` and expands nothing itself: the shell finds the script
 * where `stopline install kimi` puts it, beside the config file (`KIMI_SHARE_DIR` moves `~/.kimi`).
 */
export const KIMI_HOOKS_COMMAND = `exec ${RUNTIME} "\${KIMI_SHARE_DIR:-$HOME/.kimi}/stopline/stopline.mjs"`;

/** Gemini CLI puts the extension's folder in for `${extensionPath}` in an extension's hook command. */
export const GEMINI_EXTENSION_COMMAND = `exec ${RUNTIME} "\${extensionPath}/stopline.mjs"`;
/** Qwen Code puts the extension's folder in for `${CLAUDE_PLUGIN_ROOT}` in an extension's hook command. */
export const QWEN_EXTENSION_COMMAND = `exec ${RUNTIME} "\${CLAUDE_PLUGIN_ROOT}/stopline.mjs"`;

/** The name stopline's handlers carry where the host reads one (Gemini dedupes and disables hooks by name). */
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

/**
 * `{"hooks": {<event>: [group]}}` for every row with an install column but the observe-only ones,
 * in table order: a shipped file cannot know whether the person's hooks need those (`stopline
 * install` registers them when they do; doctor says when a plugin install lacks one).
 */
function pluginHooks(registry: HostRegistry, command: string): Record<string, unknown> {
  return Object.fromEntries(rowsToRegister(registry, NO_NEEDS).map((e) => [e.native, [hookGroup(e.install, command)]]));
}

export function claudePluginHooksJson(): string {
  const doc = {
    description: 'stopline: task-contract guard (see skills/stopline/SKILL.md); the module decides inside Claude Code, the command hooks wherever it does not load',
    modules: [CLAUDE_MOD_MODULE],
    hooks: pluginHooks(claudeRegistry, CLAUDE_PLUGIN_COMMAND),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function codexHooksJson(): string {
  return `${JSON.stringify({ hooks: pluginHooks(codexRegistry, CODEX_PLUGIN_COMMAND) }, null, 2)}\n`;
}

/** Gemini's extension hooks/hooks.json: named handlers, timeouts in milliseconds. */
export function geminiExtensionHooksJson(): string {
  const hooks = Object.fromEntries(
    installRows(geminiRegistry).map((e) => [e.native, [{ hooks: [{ name: HOOK_NAME, type: 'command', command: GEMINI_EXTENSION_COMMAND, timeout: e.install.timeoutSec * 1000 }] }]]),
  );
  return `${JSON.stringify({ hooks }, null, 2)}\n`;
}

/** Qwen's extension hooks/hooks.json: the Claude shape, timeouts in seconds. */
export function qwenExtensionHooksJson(): string {
  return `${JSON.stringify({ hooks: pluginHooks(qwenRegistry, QWEN_EXTENSION_COMMAND) }, null, 2)}\n`;
}

/**
 * A Copilot hook file in its native camelCase form: `{"version": 1, "hooks": {<event>: [{type,
 * bash, timeoutSec}]}}`, one flat entry per row with an install column (no matcher: every tool).
 * `command(event)` is the shell text that runs the script for that event.
 */
export function copilotHooksDoc(command: (event: string) => string): { version: 1; hooks: Record<string, { type: 'command'; bash: string; timeoutSec: number }[]> } {
  return {
    version: 1,
    hooks: Object.fromEntries(installRows(copilotRegistry).map((e) => [e.native, [{ type: 'command' as const, bash: command(e.native), timeoutSec: e.install.timeoutSec }]])),
  };
}

export function copilotPluginHooksJson(): string {
  return `${JSON.stringify(copilotHooksDoc(copilotPluginCommand), null, 2)}\n`;
}

/** Droid's event map `{<Event>: [{"hooks": [{type, command, timeout}]}]}` for every row with an install column. */
export function droidHooksMap(command: string): Record<string, unknown> {
  return pluginHooks(droidRegistry, command);
}

/** A Droid plugin's hooks/hooks.json: Claude's nested groups under `hooks` (the wrapped form plugins read). */
export function droidPluginHooksJson(): string {
  return `${JSON.stringify({ hooks: droidHooksMap(DROID_PLUGIN_COMMAND) }, null, 2)}\n`;
}

/** The hooks the Hermes shim registers: the rows with the plugin door. */
export function hermesPluginHooks(): string[] {
  return rowsFor(hermesRegistry.events, 'plugin').map((e) => e.native);
}

export function hermesPluginYaml(): string {
  return [
    '# stopline for Hermes Agent. Hermes reads only the fields below; hooks exist only through',
    '# ctx.register_hook in __init__.py (provides_hooks is informational).',
    'name: stopline',
    'version: "0.1.0"',
    "description: Task-contract guard - every tool call, prompt and session event is decided by stopline's JS evaluator",
    'author: stopline',
    '# explicit, so Hermes never guesses the kind from the text of __init__.py',
    'kind: standalone',
    'manifest_version: 1',
    'provides_hooks:',
    ...hermesPluginHooks().map((h) => `  - ${h}`),
    '',
  ].join('\n');
}

/** The shim's hook list starts at this line and ends at the next line that is only `)`. */
export const HERMES_HOOKS_START = 'HOOKS = (';

/**
 * The shim source with its `HOOKS = (…)` tuple rendered from the registry (everything else as
 * written). Throws when the source has no such tuple: the build must not ship a shim that
 * registers nothing.
 */
export function hermesShimWithHooks(source: string): string {
  const start = source.indexOf(`\n${HERMES_HOOKS_START}\n`);
  const end = start < 0 ? -1 : source.indexOf('\n)\n', start + 1);
  if (start < 0 || end < 0) throw new Error(`hosts/hermes/__init__.py: no "${HERMES_HOOKS_START}" … ")" block to render the hook list into`);
  const tuple = [HERMES_HOOKS_START, ...hermesPluginHooks().map((h) => `    ${JSON.stringify(h)},`)].join('\n');
  return `${source.slice(0, start + 1)}${tuple}${source.slice(end)}`;
}

/** A TOML basic string: JSON's escapes are a subset TOML reads the same way. */
const tomlString = (s: string): string => JSON.stringify(s);

/**
 * Kimi's `[[hooks]]` tables for `command`: one per row with an install column (observe-only rows
 * only where `rows` asks for them), with no matcher (every tool) and the row's timeout.
 */
export function kimiHookTables(command: string, rows = rowsToRegister(kimiRegistry, NO_NEEDS)): string {
  return rows.map((e) => ['[[hooks]]', `event = ${tomlString(e.native)}`, `command = ${tomlString(command)}`, `timeout = ${e.install.timeoutSec}`, ''].join('\n')).join('\n');
}

/** dist/kimi/hooks.toml: the tables to append to `~/.kimi/config.toml` by hand (stopline install kimi writes them). */
export function kimiHooksToml(): string {
  return [
    '# stopline for Kimi Code: append these tables to ~/.kimi/config.toml (Kimi reads hooks only',
    '# there) and copy stopline.mjs to ~/.kimi/stopline/, or run `stopline install kimi`.',
    '',
    kimiHookTables(KIMI_HOOKS_COMMAND),
  ].join('\n');
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
