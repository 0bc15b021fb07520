/**
 * Doctor's view of Pi: the extension install.ts placed (a project's folder waits for trust on Pi
 * 1.x) and the package Pi's own `pi install` recorded.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isRecord } from '../../core/check';
import { artifactCheck, loadedProbeCheck, type DoctorContext, type HostBinary, type Placement } from '../cli/doctor/hosts';
import { PACKAGE, fileProbe, packageName, parseJson, type NativeDoor, type NativeInstall } from '../cli/doctor/native';
import { probeHandlers, probeRuntime, type HandlerHost, type ProbeWorld } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { hostHome, type Env } from '../cli/install/locations';
import { piExtensionsDir, piPlanner } from './install';

async function piChecks(ctx: DoctorContext, p: Placement, allPlacements: readonly Placement[], bin: HostBinary): Promise<Check[]> {
  const env = ctx.env;
  const dir = piExtensionsDir(env, p.scope, p.project);
  const file = join(dir, 'stopline.ts');
  const checks = [artifactCheck('pi', p, join(ctx.distDir, 'pi', 'stopline.ts'), file)];
  if (checks[0]!.status === 'fail' && !existsSync(file)) return checks;
  checks.push(check('registered', 'pass', `nothing to register: Pi loads every extension in ${dir}`));
  if (p.scope === 'project' && !allPlacements.some((o) => o.scope === 'user' && o.recorded)) {
    const major = /(\d+)\.\d+/.exec(bin.version ?? '')?.[1];
    if (major === undefined) checks.push(check('would-run', 'warn', `installed only in ${dir}: Pi 1.x skips a project's .pi/extensions unless the project is trusted (the Pi version is unknown here)`, 'stopline install pi (user scope), or trust the project in Pi'));
    else if (Number(major) >= 1) checks.push(check('would-run', 'fail', `installed only in ${dir}, and Pi ${bin.version} skips a project's .pi/extensions unless the project is trusted`, 'stopline install pi (user scope), or trust the project in Pi (pi --approve)'));
    else checks.push(check('would-run', 'pass', `Pi ${bin.version} loads a project's .pi/extensions without a trust step`));
  } else {
    checks.push(check('would-run', 'pass', p.scope === 'user' ? 'the user extensions folder has no trust gate' : 'also installed for the user, which has no trust gate'));
  }
  checks.push(check('runtime', 'pass', "Pi loads the extension in its own Node (jiti)"));
  const rt = await probeRuntime(env.env, ['bun', 'deno', 'node'], true);
  checks.push(loadedProbeCheck(rt && (await probePi(ctx.world(), file, rt.argv)), rt, 'pi', p, 'loading a .ts extension needs bun, deno or node >= 22.6 on PATH'));
  return checks;
}

/** Pi calls the `tool_call` handlers the extension registered on start; `{block: true, reason}` is its deny. */
const PI_PROBE: HandlerHost = {
  label: 'Pi',
  event: 'tool_call',
  call: '{ type: "tool_call", toolName: "write", toolCallId: "call_stopline_doctor", input: { path: P.target, content: "probe\\n" } }',
  reasonKey: 'reason',
  noun: 'extension',
  copy: 'pi-extension.ts',
  setup: `  mod.default(new Proxy({ on }, { get: (t, k) => (k in t ? t[k] : () => undefined) }));
  const ctx = {
    cwd: P.project, hasUI: false, mode: "print", isIdle: () => true, isProjectTrusted: () => true,
    sessionManager: { getSessionId: () => P.session, getSessionFile: () => undefined, getCwd: () => P.project },
    ui: { notify() {}, confirm: async () => false, setStatus() {}, setWidget() {} },
  };
  for (const h of handlers.session_start ?? []) await h({ type: "session_start", reason: "startup" }, ctx);`,
};
const probePi = (w: ProbeWorld, file: string, runtime: string[]) => probeHandlers(w, file, runtime, PI_PROBE);

/** Pi: a `packages` entry in settings.json whose source is the stopline package. */
function piNative(env: Env): NativeInstall[] {
  const agent = hostHome(env, 'pi');
  const file = join(agent, 'settings.json');
  const settings = parseJson(readText(file));
  const list = isRecord(settings) && Array.isArray(settings.packages) ? settings.packages : [];
  const out: NativeInstall[] = [];
  for (const item of list) {
    const source = typeof item === 'string' ? item : isRecord(item) && typeof item.source === 'string' ? item.source : undefined;
    if (!source) continue;
    let dir: string | undefined;
    if (source.startsWith('npm:')) {
      if (!/^npm:stopline(@|$)/.test(source)) continue;
      dir = join(agent, 'npm', 'node_modules', PACKAGE);
    } else if (!/^(git:|https?:)/.test(source)) {
      dir = resolve(agent, source);
      if (packageName(dir) !== PACKAGE) continue;
    } else continue;
    out.push({ host: 'pi', id: source, via: 'pi install', dir, recordedIn: file, remove: `pi remove ${source}`, enabled: true });
  }
  return out;
}

const piNativeDoor: NativeDoor = {
  find: piNative,
  shipped: (n, distDir) => ({ src: join(distDir, 'pi'), dest: join(n.dir, 'dist', 'pi') }),
  probe: (n, ctx) => fileProbe(ctx, join(n.dir, 'dist', 'pi', 'stopline.ts'), true, probePi),
};

/** Pi's row of the person's tooling. */
export const tooling = hostTools({ planner: piPlanner, checks: piChecks, native: piNativeDoor }, (env, cwd) => join(piExtensionsDir(env, 'user', cwd), 'stopline.ts'));
