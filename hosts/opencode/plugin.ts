/**
 * dist/opencode/stopline.js: the OpenCode plugin, one file for OpenCode 1.x and 2.x. Its only
 * export is the default object `{id, server, setup}`:
 *
 * - OpenCode 1.18.33 loads every export of a plugin file, and takes an object export with a
 *   `server` function (and an `id`) as a plugin; one other export, or one it cannot load, makes
 *   it skip the whole file without a word (the guard would silently be gone), and a second
 *   plugin export would register the guard twice. The build checks there is this one export.
 * - OpenCode 2.x loads only the default export and needs `id` with `setup` (v2/entry.ts); a 1.x
 *   function export fails there with a load error that only its log shows.
 *
 * A factory that throws is also skipped (logged only), so the factory catches its own errors:
 * if the guard cannot start, a minimal plugin still applies the fail mode before every tool.
 */
import { failAnswer, labelLines } from '../../core/answer/answer';
import { handleEvent, failOutcome } from '../../core/answer/controller';
import { applyHostEditSwitch } from '../../core/answer/host-mode';
import { InProcessHooks } from '../../core/hooks/in-process';
import { LABEL, denyError, labelFor } from './adapter';
import { OpenCodeDoor } from './door';
import type { OpenCodeHooks, PluginInput } from './door';
import { OPENCODE2_PLUGIN_ID } from '../../core/registry/opencode2';
import { loadingRegistry } from '../../core/registry/opencode-hosts';
import { setupV2 } from './v2/entry';

const StoplinePlugin = async (input: PluginInput): Promise<Partial<OpenCodeHooks>> => {
  const env = process.env;
  let label = LABEL;
  try {
    const registry = loadingRegistry(env, process.pid);
    label = labelFor(registry);
    const hooks = new InProcessHooks(env, registry.family);
    return new OpenCodeDoor(input, { env, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks, registry }).hooks();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${label}: the guard did not start (${why})\n`);
    return {
      'tool.execute.before': async () => {
        const out = failAnswer({ failOutcome }, new Error(`the guard did not start: ${why}`), { env, ...(input?.directory ? { cwd: input.directory } : {}) }, null);
        for (const l of labelLines(label, out.diagnostics)) process.stderr.write(`${l}\n`);
        if (out.kind === 'deny') throw denyError(out);
      },
    };
  }
};

/** The one export: OpenCode 1.x runs `server`, OpenCode 2.x runs `setup`. */
const plugin = { id: OPENCODE2_PLUGIN_ID, server: StoplinePlugin, setup: setupV2 };
export default plugin;
