/**
 * OpenCode: `stopline.js` into the global plugin folder (`$XDG_CONFIG_HOME/opencode/plugin/`)
 * or the project's `.opencode/plugin/`. OpenCode 1.x and 2.x both load every `*.js`/`*.ts`
 * there, and the one file carries both entries. When OpenCode v2 is on this machine
 * (`opencode2` on PATH) the file is also listed under v2's config key `plugins` in the
 * opencode.json of that folder, so v2's own plugin list names it; 1.x reads `plugin` and
 * passes over `plugins` with a log line.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { hostSpec } from '../../core/registry/host-specs';
import { xdgConfigHome, type Env, type Host, type Scope } from '../cli/install/locations';
import { appendArrayItem, nodeAt, nodeValue, parseJsonDocument, removeArrayItem, removeProperty } from '../cli/install/json-edit';
import { editingJson, placeFile, requireDist, type HostPlanner, type InstallContext, type PlanContext } from '../cli/install/plan-context';
import { findOnPath } from '../cli/install/runtime';

export function opencodePluginDir(env: Env, scope: Scope, project: string): string {
  return join(opencodeConfigDir(env, scope, project), 'plugin');
}

/** OpenCode's plugin file placed in a host's plugin folder (the artifact its spec names); a copy in the sibling `plugins/` folder the host also scans would run twice. */
export function placePluginFile(ctx: InstallContext, host: Host, dir: string, label: string): string {
  const dest = placeFile(ctx, requireDist(ctx.distDir, join(hostSpec(host).artifact ?? host, 'stopline.js'), host), join(dir, 'stopline.js'));
  const twin = join(dir, '..', 'plugins', 'stopline.js');
  if (existsSync(twin)) ctx.warnings.push(`${twin} also exists; ${label} would load stopline twice, remove that copy`);
  return dest;
}

export const opencodePlanner: HostPlanner = {
  host: 'opencode',
  usesRuntime: false,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const dest = placePluginFile(ctx, 'opencode', opencodePluginDir(ctx.env, ctx.scope, ctx.project), 'OpenCode');
    ctx.notes.push(`plugin: OpenCode loads ${dest} on its next start`);
    const v2 = findOpenCode2(ctx.env);
    if (!v2) return { artifacts: [dest], configs: [] };
    const file = opencodeConfigFile(ctx.env, ctx.scope, ctx.project);
    const before = ctx.ws.readText(file);
    if (configPluginTargets(before, OPENCODE2_CONFIG_KEY).includes(OPENCODE2_ENTRY)) {
      ctx.notes.push(`OpenCode v2 (${v2}): "${OPENCODE2_CONFIG_KEY}" in ${file} already lists ${OPENCODE2_ENTRY}`);
    } else {
      ctx.ws.write(file, editingJson(file, () => appendArrayItem(before ?? '{}\n', [OPENCODE2_CONFIG_KEY], OPENCODE2_ENTRY)), 'config');
      ctx.notes.push(`OpenCode v2 (${v2}): ${OPENCODE2_ENTRY} added to "${OPENCODE2_CONFIG_KEY}" in ${file}`);
    }
    return { artifacts: [dest], configs: [file] };
  },

  uninstall(ctx: PlanContext) {
    // the v2 entry, wherever an install wrote it (the record keeps the file; the entry is ours)
    const file = opencodeConfigFile(ctx.env, ctx.scope, ctx.project);
    const text = ctx.ws.readText(file);
    if (text === null) return;
    const index = configPluginItems(text, OPENCODE2_CONFIG_KEY).indexOf(OPENCODE2_ENTRY);
    if (index < 0) return;
    let after = editingJson(file, () => removeArrayItem(text, [OPENCODE2_CONFIG_KEY], index));
    const left = editingJson(file, () => nodeAt(parseJsonDocument(after), [OPENCODE2_CONFIG_KEY]));
    if (left?.type === 'array' && left.items.length === 0) after = editingJson(file, () => removeProperty(after, [OPENCODE2_CONFIG_KEY]));
    ctx.ws.write(file, after, 'config');
    ctx.notes.push(`OpenCode v2: ${OPENCODE2_ENTRY} removed from "${OPENCODE2_CONFIG_KEY}" in ${file}`);
  },

  knownArtifacts: (ctx) => [join(opencodePluginDir(ctx.env, ctx.scope, ctx.project), 'stopline.js')],
};

/*
 * OpenCode v2 on this machine, as install and doctor find it (docs/hosts/opencode.md, "OpenCode
 * v2"): the official package installs the `opencode2` command (the same binary as its
 * `opencode`); v2 reads the same config folders as 1.x (`$XDG_CONFIG_HOME/opencode`, a project's
 * `.opencode/`), discovers `plugin/` and `plugins/` there like 1.x, and lists plugins under the
 * config key `plugins` (1.x: `plugin`, which v2 does not read). A `./` entry is resolved from the
 * folder of the config file that names it.
 */

const OPENCODE2_COMMAND = 'opencode2';
export const OPENCODE2_CONFIG_KEY = 'plugins';
/** The `plugins` entry install writes: the placed file, from the config folder it sits in. */
export const OPENCODE2_ENTRY = './plugin/stopline.js';

/** The `opencode2` command on PATH, if any. */
export function findOpenCode2(env: Env): string | undefined {
  return findOnPath(OPENCODE2_COMMAND, env.env.PATH);
}

/** The config folder of a scope: the global one, or the project's `.opencode/`. */
export function opencodeConfigDir(env: Env, scope: Scope, project: string): string {
  return scope === 'user' ? join(xdgConfigHome(env), 'opencode') : join(project, '.opencode');
}

/** The config file install edits there: an existing opencode.jsonc when there is no opencode.json. */
export function opencodeConfigFile(env: Env, scope: Scope, project: string): string {
  const dir = opencodeConfigDir(env, scope, project);
  const json = join(dir, 'opencode.json');
  const jsonc = join(dir, 'opencode.jsonc');
  return !existsSync(json) && existsSync(jsonc) ? jsonc : json;
}

/**
 * The targets a config lists under a key (`plugins` for v2, `plugin` for 1.x), one per item in
 * order: a string, a `{package}` object or a `[spec, options]` pair; undefined for anything else.
 */
function configPluginItems(text: string | null, key: string): (string | undefined)[] {
  if (text === null || text.trim() === '') return [];
  let value: unknown;
  try {
    const node = nodeAt(parseJsonDocument(text), [key]);
    value = node ? nodeValue(node) : undefined;
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown) => {
    const target = typeof item === 'string' ? item : Array.isArray(item) ? item[0] : item && typeof item === 'object' ? (item as { package?: unknown }).package : undefined;
    return typeof target === 'string' ? target : undefined;
  });
}

export function configPluginTargets(text: string | null, key: string): string[] {
  return configPluginItems(text, key).filter((t): t is string => t !== undefined);
}

/** The major version in a `--version` line ("2.3.0", "opencode v2.3.0"), if it has one. */
export function majorVersion(line: string | undefined): number | undefined {
  const m = line ? /\bv?(\d+)\.(\d+)(?:\.(\d+))?/.exec(line) : null;
  return m ? Number(m[1]) : undefined;
}
