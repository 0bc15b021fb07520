/**
 * The registration files the artifacts ship, rendered from the registry: Claude Code's plugin
 * hooks.json, Codex's hooks.json, Hermes's plugin.yaml and the hook list of the Hermes shim.
 * `npm run build` writes dist/ from these functions (build/artifacts.mjs); the copies committed
 * under hosts/ are what the host suites load from the source tree, and
 * test/cli/install/hook-files.test.ts fails when one differs from what is rendered here.
 */
import { claudeRegistry } from '../../../core/registry/claude';
import { codexRegistry } from '../../../core/registry/codex';
import { hermesRegistry } from '../../../core/registry/hermes';
import { rowsFor } from '../../../core/registry/rows';
import type { HostRegistry } from '../../../core/registry/types';
import { NO_NEEDS, rowsToRegister } from './observe-events';

/** Run the bundled script with the first runtime on PATH (node, else bun). */
const RUNTIME = '"$(command -v node || command -v bun || echo node)"';

/** Claude sets CLAUDE_PLUGIN_ROOT for a plugin's hooks. */
export const CLAUDE_PLUGIN_COMMAND = `exec ${RUNTIME} "\${CLAUDE_PLUGIN_ROOT}/stopline.mjs"`;
/** Codex sets PLUGIN_ROOT for a plugin's hooks; a hooks.json copied into CODEX_HOME has none. */
export const CODEX_PLUGIN_COMMAND = `exec ${RUNTIME} "\${PLUGIN_ROOT:-\${CODEX_HOME:-$HOME/.codex}}/stopline.mjs"`;

/**
 * `{"hooks": {<event>: [{"hooks": [{type, command, timeout}]}]}}` for every row with an install
 * column but the observe-only ones, in table order: a shipped file cannot know whether the
 * person's hooks need those (`stopline install` registers them when they do; doctor says when a
 * plugin install lacks one). The plugin file carries no matcher: an omitted one matches every tool.
 */
function pluginHooks(registry: HostRegistry, command: string): Record<string, unknown> {
  return Object.fromEntries(
    rowsToRegister(registry, NO_NEEDS).map((e) => [e.native, [{ hooks: [{ type: 'command', command, timeout: e.install.pluginTimeoutSec ?? e.install.timeoutSec }] }]]),
  );
}

export function claudePluginHooksJson(): string {
  const doc = { description: 'stopline: task-contract guard (see skills/stopline/SKILL.md)', hooks: pluginHooks(claudeRegistry, CLAUDE_PLUGIN_COMMAND) };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function codexHooksJson(): string {
  return `${JSON.stringify({ hooks: pluginHooks(codexRegistry, CODEX_PLUGIN_COMMAND) }, null, 2)}\n`;
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
