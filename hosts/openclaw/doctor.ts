/**
 * Doctor's view of OpenClaw: the plugin folder and config entries install.ts wrote, and whether
 * OpenClaw itself loads the plugin.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openclawRegistry } from '../../core/registry/openclaw';
import { artifactCheck, installCommand, loadedProbeCheck, type DoctorContext, type HostBinary, type Placement } from '../cli/doctor/hosts';
import { probeHandlers, probeRuntime, type HandlerHost } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText, runProgram } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { JsonEditError, nodeAt, nodeValue, parseJsonDocument } from '../cli/install/json-edit';
import { OPENCLAW_PLUGIN_ID, openclawConfigFile, openclawLoadPaths, openclawPlanner, openclawPluginDir } from './install';

/** What OpenClaw's config says of the plugin: loaded from the folder, enabled, with the prompt hooks allowed. */
function openclawRegistered(file: string, dir: string, p: Placement): Check {
  const fix = installCommand('openclaw', p);
  const text = readText(file);
  if (text === null) return check('registered', 'fail', `${file} does not exist: OpenClaw does not load the plugin`, fix);
  try {
    if (!openclawLoadPaths(text).includes(dir)) return check('registered', 'fail', `plugins.load.paths in ${file} does not name ${dir}: OpenClaw does not load the plugin`, fix);
    const entry = nodeValue(nodeAt(parseJsonDocument(text), ['plugins', 'entries', OPENCLAW_PLUGIN_ID]) ?? { type: 'scalar', start: 0, end: 0, value: null }) as { enabled?: unknown; hooks?: { allowConversationAccess?: unknown } } | null;
    if (entry?.enabled !== true) return check('registered', 'fail', `plugins.entries.${OPENCLAW_PLUGIN_ID}.enabled is not true in ${file}: OpenClaw does not run the plugin`, fix);
    if (entry.hooks?.allowConversationAccess !== true) return check('registered', 'fail', `plugins.entries.${OPENCLAW_PLUGIN_ID}.hooks.allowConversationAccess is not true in ${file}: OpenClaw never calls the prompt hook, so no contract can arm`, fix);
    return check('registered', 'pass', `${file} loads ${dir} and enables it with the prompt hooks allowed`);
  } catch (e) {
    if (e instanceof JsonEditError) return check('registered', 'warn', `${file} is not JSON stopline can read (${e.message}); OpenClaw reads JSON5, check plugins.load.paths and plugins.entries.${OPENCLAW_PLUGIN_ID} by hand`, `openclaw plugins inspect ${OPENCLAW_PLUGIN_ID} --runtime --json`);
    throw e;
  }
}

/**
 * Whether OpenClaw itself loads the plugin with its guard hooks: `openclaw plugins inspect
 * stopline --runtime --json` imports it the way a run does (~20 s) and names its typed hooks.
 */
async function openclawLoaded(ctx: DoctorContext, bin: HostBinary): Promise<Check> {
  if (!bin.path) return check('loaded', 'warn', 'not asked: openclaw is not on PATH, so whether it loads the plugin is unknown');
  const r = await runProgram([bin.path, 'plugins', 'inspect', OPENCLAW_PLUGIN_ID, '--runtime', '--json'], { env: ctx.env.env, timeoutMs: Math.max(ctx.timeoutMs, 60_000) });
  type Inspect = { plugin?: { status?: unknown }; typedHooks?: { name?: unknown }[] };
  const doc = ((): Inspect | null => {
    try {
      const v: unknown = JSON.parse(r.stdout);
      return v !== null && typeof v === 'object' ? (v as Inspect) : null;
    } catch {
      return null;
    }
  })();
  const fix = `openclaw plugins inspect ${OPENCLAW_PLUGIN_ID} --runtime --json`;
  if (!doc) return check('loaded', 'warn', `openclaw plugins inspect gave no answer stopline can read${r.timedOut ? ' in time' : ''} (OpenClaw needs Node >= 24.16)`, fix);
  const hooks = (doc.typedHooks ?? []).map((h) => h.name);
  // the hooks the guard cannot do without: the prompt (arms the contract) and the tool gate
  const missing = openclawRegistry.events.filter((e) => e.control === 'prompt.submit' || e.blockable).map((e) => e.native).filter((h) => !hooks.includes(h));
  if (doc.plugin?.status !== 'loaded') return check('loaded', 'fail', `OpenClaw does not load the plugin (status ${JSON.stringify(doc.plugin?.status ?? null)})`, fix);
  if (missing.length) return check('loaded', 'fail', `OpenClaw loads the plugin without its ${missing.join(' and ')} hook${missing.length === 1 ? '' : 's'}`, fix);
  return check('loaded', 'pass', `OpenClaw loads the plugin with its hooks (${hooks.join(', ')})`);
}

async function openclawChecks(ctx: DoctorContext, p: Placement, _all: readonly Placement[], bin: HostBinary): Promise<Check[]> {
  const env = ctx.env;
  const dir = openclawPluginDir(env);
  const file = join(dir, 'index.js');
  const checks = [artifactCheck('openclaw', p, join(ctx.distDir, 'openclaw'), dir)];
  if (checks[0]!.status === 'fail' && !existsSync(file)) return checks;
  checks.push(openclawRegistered(openclawConfigFile(env), dir, p));
  checks.push(await openclawLoaded(ctx, bin));
  checks.push(check('runtime', 'pass', 'OpenClaw loads the plugin in its own Node (>= 24.16)'));
  const rt = await probeRuntime(env.env, ['node', 'bun', 'deno'], false);
  checks.push(loadedProbeCheck(rt && (await probeHandlers(ctx.world(), file, rt.argv, OPENCLAW_PROBE)), rt, 'openclaw', p, 'neither node, bun nor deno is on PATH to load the plugin'));
  return checks;
}

/** OpenClaw calls `before_tool_call` handlers with its plugin api and tool-call context, as `openclaw agent --local` hands them over; `{block: true, blockReason}` is its deny. */
const OPENCLAW_PROBE: HandlerHost = {
  label: 'OpenClaw',
  event: 'before_tool_call',
  call: '{ toolName: "write", toolCallId: "call_stopline_doctor", params: { path: P.target, content: "probe\\n" } }',
  reasonKey: 'blockReason',
  noun: 'plugin',
  // an .mjs name: the folder's package.json says "module", a lone copy has none
  copy: 'openclaw-plugin.mjs',
  setup: `  mod.default.register({ id: "stopline", config: { agents: { defaults: { workspace: P.project } } }, on });
  const ctx = { agentId: "main", sessionKey: "agent:main:main", sessionId: P.session, toolName: "write", toolCallId: "call_stopline_doctor" };`,
};

/** OpenClaw's row of the person's tooling. */
export const tooling = hostTools({ planner: openclawPlanner, checks: openclawChecks }, (env) => join(openclawPluginDir(env), 'index.js'));
