/**
 * OpenClaw: the plugin folder (openclaw.plugin.json, package.json, index.js) into
 * `<state folder>/stopline/`, and two entries in OpenClaw's config file (`~/.openclaw/openclaw.json`):
 * the folder in `plugins.load.paths`, and `plugins.entries.stopline` enabled with
 * `hooks.allowConversationAccess: true`, without which OpenClaw never calls the prompt hook that
 * arms the contract. The config is per user: there is no project scope.
 */
import { join } from 'node:path';
import { nodeAt, parseJsonDocument, appendArrayItem, removeArrayItem, removeProperty, setProperty } from '../cli/install/json-edit';
import { dirFromEnv, hostHome, type Env } from '../cli/install/locations';
import { editingJson, placeFile, requireDist, type HostPlanner, type InstallContext, type PlanContext } from '../cli/install/plan-context';

/** The plugin's id: its manifest's, and its key under plugins.entries. */
export const OPENCLAW_PLUGIN_ID = 'stopline';
/** The files of dist/openclaw, as the folder OpenClaw loads holds them. */
const OPENCLAW_PLUGIN_FILES: readonly string[] = ['index.js', 'openclaw.plugin.json', 'package.json'];

/** The state folder (`$OPENCLAW_STATE_DIR`, else `.openclaw` in `$OPENCLAW_HOME` or the home folder) holds the plugin. */
export function openclawPluginDir(env: Env): string {
  return join(hostHome(env, 'openclaw'), OPENCLAW_PLUGIN_ID);
}

/** OpenClaw's config file: `$OPENCLAW_CONFIG_PATH`, else `openclaw.json` in its state folder. */
export function openclawConfigFile(e: Env): string {
  return dirFromEnv(e, 'OPENCLAW_CONFIG_PATH', () => join(hostHome(e, 'openclaw'), 'openclaw.json'));
}

/** The strings in the config's plugins.load.paths (none when the file or the key is absent). */
export function openclawLoadPaths(text: string | null): string[] {
  if (text === null) return [];
  const node = nodeAt(parseJsonDocument(text), ['plugins', 'load', 'paths']);
  if (node?.type !== 'array') return [];
  return node.items.flatMap((i) => (i.type === 'scalar' && typeof i.value === 'string' ? [i.value] : []));
}

export const openclawPlanner: HostPlanner = {
  host: 'openclaw',
  usesRuntime: false,
  unsupportedScope: (scope) => (scope === 'project' ? 'OpenClaw loads plugins from its user config (~/.openclaw/openclaw.json), not from a project folder: install with --scope user' : null),

  install(ctx: InstallContext) {
    const dir = openclawPluginDir(ctx.env);
    const artifacts = OPENCLAW_PLUGIN_FILES.map((f) => placeFile(ctx, requireDist(ctx.distDir, join('openclaw', f), 'openclaw'), join(dir, f)));
    const file = openclawConfigFile(ctx.env);
    let text = ctx.ws.readText(file) ?? '{}\n';
    if (!editingJson(file, () => openclawLoadPaths(text)).includes(dir)) text = editingJson(file, () => appendArrayItem(text, ['plugins', 'load', 'paths'], dir));
    text = editingJson(file, () => setProperty(text, ['plugins', 'entries', OPENCLAW_PLUGIN_ID], { enabled: true, hooks: { allowConversationAccess: true } }));
    ctx.ws.write(file, text, 'config');
    const allow = editingJson(file, () => nodeAt(parseJsonDocument(text), ['plugins', 'allow']));
    if (allow?.type === 'array' && !allow.items.some((i) => i.type === 'scalar' && i.value === OPENCLAW_PLUGIN_ID)) {
      ctx.warnings.push(`${file} has a plugins.allow list without "${OPENCLAW_PLUGIN_ID}": OpenClaw will not load the guard until it is added`);
    }
    ctx.notes.push(`plugin: OpenClaw loads ${dir} on its next start (plugins.load.paths and plugins.entries.${OPENCLAW_PLUGIN_ID} in ${file}); \`openclaw agent exec\` runs no plugin hooks, use \`openclaw agent --local\``);
    return { artifacts, configs: [file] };
  },

  uninstall(ctx: PlanContext) {
    const file = openclawConfigFile(ctx.env);
    const before = ctx.ws.readText(file);
    if (before === null) return;
    let text = before;
    const index = editingJson(file, () => openclawLoadPaths(text)).indexOf(openclawPluginDir(ctx.env));
    if (index >= 0) text = editingJson(file, () => removeArrayItem(text, ['plugins', 'load', 'paths'], index));
    if (editingJson(file, () => nodeAt(parseJsonDocument(text), ['plugins', 'entries', OPENCLAW_PLUGIN_ID]))) text = editingJson(file, () => removeProperty(text, ['plugins', 'entries', OPENCLAW_PLUGIN_ID]));
    if (text === before) return;
    ctx.ws.write(file, text, 'config');
    ctx.notes.push(`OpenClaw: the stopline plugin entries removed from ${file}`);
  },

  knownArtifacts: (ctx) => OPENCLAW_PLUGIN_FILES.map((f) => join(openclawPluginDir(ctx.env), f)),
};
