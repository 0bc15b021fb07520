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
import { xdgConfigHome, type Env, type Scope } from './locations';
import { appendArrayItem, nodeAt, parseJsonDocument, removeArrayItem, removeProperty } from './json-edit';
import { OPENCODE2_CONFIG_KEY, OPENCODE2_ENTRY, configPluginItems, configPluginTargets, findOpenCode2, opencodeConfigFile } from './opencode2';
import { editingJson, placeFile, requireDist, type HostPlanner, type InstallContext, type PlanContext } from './plan-context';

export function opencodePluginDir(env: Env, scope: Scope, project: string): string {
  return scope === 'user' ? join(xdgConfigHome(env), 'opencode', 'plugin') : join(project, '.opencode', 'plugin');
}

export const opencodePlanner: HostPlanner = {
  host: 'opencode',
  usesRuntime: false,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const src = requireDist(ctx.distDir, join('opencode', 'stopline.js'), 'opencode');
    const dir = opencodePluginDir(ctx.env, ctx.scope, ctx.project);
    const dest = placeFile(ctx, src, join(dir, 'stopline.js'));
    // OpenCode also scans the sibling `plugins/` folder: a second copy would run twice
    const twin = join(dir, '..', 'plugins', 'stopline.js');
    if (existsSync(twin)) ctx.warnings.push(`${twin} also exists; OpenCode would load stopline twice, remove that copy`);
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
