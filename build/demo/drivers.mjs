// Drivers that feed host payloads through built artifacts exactly as each host would:
// a spawned process with stdin/stdout for command hooks, the fake host in plugin-host.mjs
// for the in-process plugins and extensions (HostSpec.door 'plugin'), and shim-host.py
// (python3) for the Python plugin bundle of the shim door. Used by build/demo.mjs and test/build/.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIMES, runFile, spawnCollect } from '../runtimes.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const PLUGIN_HOST = join(HERE, 'plugin-host.mjs');
export const SHIM_HOST = join(HERE, 'shim-host.py');

/**
 * Load a plugin/extension in a runtime and run calls through it.
 * @param {'bun' | 'deno' | 'node'} runtime
 * @param {'opencode' | 'pi'} kind
 * @param {string} file absolute path of the artifact
 * @param {import('../types').PluginCall[]} calls
 * @param {{ project: string, env?: Record<string, string | undefined>, timeoutMs?: number }} opts
 */
export async function runPluginCalls(runtime, kind, file, calls, { project, env = process.env, timeoutMs = 30_000 }) {
  const request = JSON.stringify({ kind, file, project, calls });
  const r = await runFile(runtime, PLUGIN_HOST, { stdin: request, env, cwd: project, timeoutMs });
  return parseAnswer(r, `${runtime} plugin host`);
}

/**
 * Load a shim host's plugin folder with python3 as the host named `host` does (its name names
 * the package the folder is imported under), and call its hooks.
 * @param {string} pluginDir
 * @param {{ name: string, hook: string, kwargs?: Record<string, unknown> }[]} steps
 * @param {{ host: string, project: string, env?: Record<string, string | undefined>, timeoutMs?: number, python?: string }} opts
 */
export async function runShimSteps(pluginDir, steps, { host, project, env = process.env, timeoutMs = 60_000, python = 'python3' }) {
  const request = JSON.stringify({ host, plugin_dir: pluginDir, steps });
  const r = await spawnCollect(python, [SHIM_HOST], { stdin: request, env, cwd: project, timeoutMs });
  return parseAnswer(r, `${host} host`);
}

function parseAnswer(r, label) {
  if (r.timedOut) throw new Error(`${label} timed out`);
  try {
    return { ...JSON.parse(r.stdout), stderr: r.stderr };
  } catch {
    throw new Error(`${label} exited ${r.exitCode} without a JSON answer: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`);
  }
}

export { RUNTIMES, runFile };
