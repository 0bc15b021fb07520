/**
 * Doctor's view of OpenCode (1.x and 2.x): the plugin file install.ts placed and a `"plugin"` entry
 * naming the package; a fork that loads the same file shares these checks (pluginFileChecks).
 */
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRecord } from '../../core/check';
import { artifactCheck, installCommand, loadedProbeCheck, type DoctorContext, type HostBinary, type Placement } from '../cli/doctor/hosts';
import { PACKAGE, fileProbe, packageName, parseJson, type NativeDoor, type NativeInstall } from '../cli/doctor/native';
import { deniedText, describeRun, parseJson as parseAnswer, probeRuntime, type ProbeResult, type ProbeWorld } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText, runProgram } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { xdgConfigHome, type Env, type Host } from '../cli/install/locations';
import { opencode2Checks, type OpenCodeProbe } from './doctor-v2';
import { findOpenCode2, opencodePlanner, opencodePluginDir } from './install';

/**
 * The names a bundled ES module exports, read from its text (rollup writes `export{a as b};`,
 * minified on the last line). Only a fallback: with a runtime at hand the probe imports the
 * module and lists the real exports.
 * @keep exportedNames the names a plugin file exports, as doctor reads them: the tests check each export form
 */
export function exportedNames(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/(?:^|[;}\n])\s*export\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.push(name);
    }
  }
  for (const m of source.matchAll(/(?:^|[;}\n])\s*export\s+(?:default\b|(?:async\s+)?function\s*\*?\s*([\w$]+)|(?:const|let|var|class)\s+([\w$]+))/g)) names.push(m[1] ?? m[2] ?? 'default');
  return names;
}

/** The host that loads OpenCode's plugin file from a folder of its own: its name, the variables that turn plugins off, that folder. */
interface PluginHost {
  host: Host;
  label: string;
  pureVars: readonly string[];
  dir: string;
}

/**
 * The checks of OpenCode's plugin file in a host's plugin folder: the shipped file, nothing to
 * register, what the file exports (the real module's exports when the probe could import it,
 * else what its text says), the host's embedded Bun and the probe's write. `placed` is false when
 * there is no file to check further; the probe is handed on to the checks that follow.
 */
export async function pluginFileChecks(ctx: DoctorContext, p: Placement, h: PluginHost): Promise<{ checks: Check[]; file: string; placed: boolean; probe?: ProbeResult & OpenCodeProbe }> {
  const file = join(h.dir, 'stopline.js');
  const checks = [artifactCheck(h.host, p, join(ctx.distDir, 'opencode', 'stopline.js'), file)];
  const rt = existsSync(file) ? await probeRuntime(ctx.env.env, ['bun', 'deno', 'node'], false) : undefined;
  const probe = rt ? await probeOpenCode(ctx.world(), file, rt.argv) : undefined;
  if (checks[0]!.status === 'fail' && !existsSync(file)) return { checks, file, placed: false, probe };
  checks.push(check('registered', 'pass', `nothing to register: ${h.label} loads every .js/.ts file in ${h.dir}`));
  checks.push(exportsCheck(probe?.exports ?? exportedNames(readText(file) ?? ''), probe?.nonFunctions ?? [], ctx.env.env, p, h));
  checks.push(check('runtime', 'pass', `${h.label} runs the plugin in its own embedded Bun`));
  checks.push(loadedProbeCheck(probe, rt, h.host, p, 'neither bun, deno nor node is on PATH to load the plugin'));
  return { checks, file, placed: true, probe };
}

async function opencodeChecks(ctx: DoctorContext, p: Placement, _all: readonly Placement[], bin: HostBinary): Promise<Check[]> {
  const { checks, file, probe } = await pluginFileChecks(ctx, p, { host: 'opencode', label: 'OpenCode', pureVars: ['OPENCODE_PURE'], dir: opencodePluginDir(ctx.env, p.scope, p.project) });
  return [...checks, ...(await opencode2Checks(ctx, p, file, probe, bin))];
}

function exportsCheck(names: readonly string[], nonFunctions: readonly string[], env: NodeJS.ProcessEnv, p: Placement, h: PluginHost): Check {
  const problems: string[] = [];
  if (names.length === 0) problems.push('the file exports nothing OpenCode could load');
  else if (nonFunctions.length) problems.push(`the file exports ${nonFunctions.join(', ')}, which ${nonFunctions.length === 1 ? 'is' : 'are'} not a plugin (a function, or an object with a server function); OpenCode then skips the whole file`);
  else if (names.length > 1) problems.push(`the file exports ${names.join(', ')}; OpenCode runs every export as a plugin`);
  for (const v of h.pureVars) if (env[v] === '1' || env[v] === 'true') problems.push(`${v}=${env[v]} turns every external plugin off`);
  const twin = join(h.dir, '..', 'plugins', 'stopline.js');
  const twinNote = existsSync(twin) ? `; ${twin} also exists and ${h.label} would load stopline twice` : '';
  if (problems.length) return check('would-run', 'fail', problems.join('; ') + twinNote, installCommand(h.host, p));
  return check('would-run', twinNote ? 'warn' : 'pass', `the file exports only the plugin (${names[0]})${twinNote}`, twinNote ? `remove ${twin}` : undefined);
}

const OPENCODE_DRIVER = (p: Record<string, string>) => `
const P = ${JSON.stringify(p)};
const out = (o) => process.stdout.write(JSON.stringify(o) + "\\n");
const respond = (data) => Promise.resolve({ data, error: undefined });
// an SDK client that answers every call with no data; a root session, no agents
function client(path) {
  return new Proxy(function () {}, {
    get(_t, key) {
      if (key === "then") return undefined;
      return client([...path, String(key)]);
    },
    apply(_t, _this, args) {
      const name = path.join(".");
      if (name === "session.get") return respond({ id: args?.[0]?.path?.id ?? P.session, parentID: undefined });
      if (name === "app.agents") return respond([]);
      return respond(undefined);
    },
  });
}
// an OpenCode 2.x context: each domain's hook() keeps the callback; a root session; no events
function v2context(hooks) {
  const domain = (name) => ({ hook: async (hook, fn) => { hooks[name + "." + hook] = fn; return { dispose() {} }; } });
  const none = { [Symbol.asyncIterator]() { return { next: async () => ({ done: true, value: undefined }), return: async () => ({ done: true, value: undefined }) }; } };
  return { tool: domain("tool"), session: { ...domain("session"), get: async ({ sessionID }) => ({ id: sessionID }) }, permission: domain("permission"), event: { subscribe: () => none }, location: { directory: P.project } };
}
try {
  const mod = await import(P.url);
  const exports = Object.keys(mod);
  // 1.x loads every export: a function is a plugin factory, an object its server function
  const factoryOf = (v) => (typeof v === "function" ? v : v && typeof v === "object" && typeof v.server === "function" ? v.server : undefined);
  const nonFunctions = exports.filter((k) => !factoryOf(mod[k]));
  const def = mod.default;
  const shape = def && typeof def === "object" ? Object.fromEntries(Object.entries(def).map(([k, v]) => [k, typeof v])) : null;
  const factory = exports.map((k) => factoryOf(mod[k])).find(Boolean);
  let denied = false;
  let message;
  if (factory) {
    const hooks = await factory({ client: client([]), project: { id: "global", worktree: P.project }, worktree: P.project, directory: P.project, serverUrl: new URL("http://localhost:4096/"), experimental_workspace: { register() {} } });
    try {
      await hooks["tool.execute.before"]({ tool: "write", sessionID: P.session, callID: "call_stopline_doctor" }, { args: { filePath: P.target, content: "probe\\n" } });
    } catch (e) {
      denied = true;
      message = String((e && e.message) || e);
    }
  }
  // 2.x loads only the default export and calls setup(ctx)
  let v2 = null;
  if (def && typeof def.setup === "function") {
    const hooks = {};
    const cleanup = await def.setup(v2context(hooks));
    const before = hooks["tool.execute.before"];
    if (typeof before !== "function") v2 = { denied: false, error: "setup registered no execute.before" };
    else {
      try {
        await before({ tool: "write", sessionID: P.session + "-v2", agent: "build", messageID: "msg_stopline_doctor", id: "call_stopline_doctor_v2", input: { path: P.target, content: "probe\\n" } });
        v2 = { denied: false };
      } catch (e) {
        v2 = { denied: true, message: String((e && e.message) || e) };
      }
    }
    if (typeof cleanup === "function") await cleanup();
  }
  out({ exports, nonFunctions, shape, denied, message, v2 });
} catch (e) {
  out({ error: String((e && e.message) || e) });
}
`;

/** OpenCode 1.x calls `tool.execute.before`, 2.x the callback setup registered; a thrown Error is the deny on both. */
async function probeOpenCode(w: ProbeWorld, pluginFile: string, runtime: string[]): Promise<ProbeResult & OpenCodeProbe> {
  // a copy with an .mjs name: a .js file under a package.json without "type" is CommonJS to node
  const copy = join(w.dir, 'opencode-plugin.mjs');
  copyFileSync(pluginFile, copy);
  const driver = join(w.dir, 'opencode-probe.mjs');
  writeFileSync(driver, OPENCODE_DRIVER({ url: pathToFileURL(copy).href, project: w.project, session: `ses_${w.sessionId}`, target: w.target }));
  const r = await runProgram([...runtime, driver], { env: w.env, cwd: w.project, timeoutMs: w.timeoutMs });
  const doc = parseAnswer(r.stdout);
  const extra: OpenCodeProbe = Array.isArray(doc?.exports) && Array.isArray(doc?.nonFunctions) ? { exports: doc!.exports as string[], nonFunctions: doc!.nonFunctions as string[], shape: (doc!.shape as Record<string, string> | null) ?? null } : {};
  const v2 = doc?.v2 as { denied?: boolean; message?: string; error?: string } | null | undefined;
  if (v2) extra.v2 = v2.denied === true && deniedText(v2.message) ? { denied: true, ms: r.ms, via: 'the execute.before callback rejected with the stamp' } : { denied: false, ms: r.ms, why: v2.error ?? `a review-mode write was not denied by the 2.x entry${v2.message ? `: ${v2.message.slice(0, 160)}` : ''}` };
  if (doc?.denied === true && deniedText(doc.message as string)) return { denied: true, ms: r.ms, via: 'tool.execute.before threw the stamp', ...extra };
  if (doc?.error) return { denied: false, ms: r.ms, why: `the plugin did not load: ${String(doc.error).slice(0, 200)}`, ...extra };
  return { denied: false, ms: r.ms, why: `a review-mode write was not denied: ${describeRun(r)}`, ...extra };
}

/** A `"plugin"` entry naming the stopline package (a path to it, or the npm name) in any of `files`. */
export function configPluginNative(host: Host, files: readonly string[]): NativeInstall[] {
  const out: NativeInstall[] = [];
  for (const file of files) {
    const config = parseJson(readText(file));
    const list = isRecord(config) && Array.isArray(config.plugin) ? config.plugin : [];
    for (const item of list) {
      const spec = Array.isArray(item) ? item[0] : item;
      if (typeof spec !== 'string') continue;
      const path = spec.startsWith('file://') ? spec.slice('file://'.length) : spec;
      const dir = isAbsolute(path) || path.startsWith('.') ? resolve(join(file, '..'), path) : undefined;
      const ours = dir ? packageName(dir) === PACKAGE : spec === PACKAGE || spec.startsWith(`${PACKAGE}@`);
      if (!ours) continue;
      // an npm name: the host installs it into a cache of its own, which doctor does not look into
      out.push({ host, id: spec, via: `a "plugin" entry in ${basename(file)}`, dir: dir ?? '', recordedIn: file, remove: `take "${spec}" out of "plugin" in ${file}`, enabled: true });
    }
  }
  return out;
}

/** The OpenCode plugin inside the stopline package a `"plugin"` entry names (OpenCode and its forks). */
export const opencodePackageDoor = (find: (env: Env) => NativeInstall[]): NativeDoor => ({
  find,
  shipped: (n, distDir) => ({ src: join(distDir, 'opencode', 'stopline.js'), dest: join(n.dir, 'dist', 'opencode', 'stopline.js') }),
  probe: (n, ctx) => fileProbe(ctx, join(n.dir, 'dist', 'opencode', 'stopline.js'), false, probeOpenCode),
});

/** OpenCode: a `"plugin"` entry in its config files. */
const opencodeNativeDoor = opencodePackageDoor((env) =>
  configPluginNative('opencode', [join(xdgConfigHome(env), 'opencode', 'opencode.json'), join(xdgConfigHome(env), 'opencode', 'opencode.jsonc'), join(env.cwd, '.opencode', 'opencode.json'), join(env.cwd, 'opencode.json')]),
);

/** OpenCode's row of the person's tooling. */
export const tooling = hostTools({ planner: opencodePlanner, checks: opencodeChecks, native: opencodeNativeDoor, alsoOnPath: (env) => findOpenCode2(env) !== undefined }, (env, cwd) => join(opencodePluginDir(env, 'user', cwd), 'stopline.js'));
