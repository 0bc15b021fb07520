#!/usr/bin/env node
// `npm run demo` (after `npm run build`): replays recorded host sessions through the built
// artifacts, exactly as each host would feed them, with no host installed. For each built
// artifact that has a `demo` spec in build/artifacts.mjs it prints the contract being armed,
// the tool call that is blocked with its STOP stamp, then an allowed change. It builds
// nothing itself and says which hosts are not built yet.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ARTIFACTS, REPO_ROOT, distRoot } from './artifacts.mjs';
import { runFile } from './runtimes.mjs';
import { runPluginCalls, runShimSteps } from './demo/drivers.mjs';

/** @typedef {import('./types').Artifact} Artifact */
/** @typedef {import('./types').DemoSpec} DemoSpec */
/** @typedef {import('./types').DemoStep} DemoStep */

/**
 * The driver a demo spec names (a plugin's host folder names its fake host, by the host's name:
 * the fake host imitates that host's loader), else the command driver.
 */
export function driverFor(artifact) {
  return artifact.demo?.driver ?? 'command';
}

/** Replace fixture paths and `{{project}}` / `{{home}}` in every string of a payload. */
export function substitute(value, { pathMap = {}, project, home }) {
  const mapped = Object.entries(pathMap).sort((a, b) => b[0].length - a[0].length);
  const fix = (s) => {
    let out = s;
    for (const [from, to] of mapped) out = out.split(from).join(to);
    return out.split('{{project}}').join(project).split('{{home}}').join(home);
  };
  const walk = (v) => {
    if (typeof v === 'string') return fix(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

function payloadOf(step, root) {
  if (step.payloadFile) return JSON.parse(readFileSync(join(root, step.payloadFile), 'utf8'));
  return step.payload;
}

function asLines(text) {
  return (Array.isArray(text) ? text : String(text).split('\n')).filter((l, i, all) => !(l === '' && i === all.length - 1));
}

/** A plugin's answer (OpenCode, Pi): what the handler returned or threw. */
function pluginRender(result) {
  if (result.unhandled) return ['(no handler for this hook)'];
  if (result.threw !== undefined) return ['threw (the host blocks the tool with this message):', ...asLines(result.threw).map((l) => `  ${l}`)];
  return [`returned: ${JSON.stringify(result.returned ?? null)}`];
}

/** A plugin driver: the steps as calls of its hooks, run under Bun by the fake host loading as `host` does. */
function pluginDriver(callOf) {
  return {
    async run({ host, spec, payloads, file, project, env }) {
      const calls = spec.steps.map((step, i) => callOf(step, /** @type {any} */ (payloads[i] ?? {})));
      const answer = await runPluginCalls('bun', host, file, calls, { project, env });
      if (answer.loadError) throw new Error(`the ${host} artifact failed to load: ${answer.loadError}`);
      return answer.results;
    },
    render: pluginRender,
  };
}

/**
 * How each driver feeds an artifact its steps, and shows an answer when a step has no `render`
 * (enough to see the decision). `run` is handed the driver's name as `host`: a fake host's driver
 * is named after the host it imitates.
 */
const DRIVERS = {
  command: {
    async run({ spec, payloads, file, project, env }) {
      const results = [];
      for (const [i, step] of spec.steps.entries()) {
        const payload = payloads[i];
        const stdin = typeof payload === 'string' ? payload : JSON.stringify(payload ?? {});
        results.push(await runFile('node', file, { argv: step.argv ?? [], stdin, env, cwd: project }));
      }
      return results;
    },
    render(result) {
      const lines = [`exit ${result.exitCode}`];
      if (result.stdout.trim()) lines.push(...asLines(result.stdout.trim()).map((l) => `stdout: ${l}`));
      if (result.stderr.trim()) lines.push(...asLines(result.stderr.trim()).map((l) => `stderr: ${l}`));
      return lines;
    },
  },
  hermes: {
    async run({ host, spec, payloads, file, project, env }) {
      const steps = spec.steps.map((step, i) => ({ name: step.say, hook: step.hook ?? 'pre_tool_call', kwargs: payloads[i] ?? {} }));
      const answer = await runShimSteps(dirname(file), steps, { host, project, env });
      if (answer.load_error) throw new Error(`the plugin failed to load: ${answer.load_error}`);
      return answer.results;
    },
    render(result) {
      if (result.unhandled) return ['(no hook registered for this event)'];
      const lines = (result.returned ?? []).map((r) => `returned: ${JSON.stringify(r)}`);
      if (result.error) lines.push(`raised: ${result.error}`);
      return lines;
    },
  },
  opencode: pluginDriver((step, p) => ({ name: step.say, hook: step.hook ?? 'tool.execute.before', input: p.input, output: p.output })),
  pi: pluginDriver((step, p) => ({ name: step.say, hook: step.hook ?? 'tool_call', input: p, ctx: step.ctx })),
};

/** Generic rendering when a step has no `render`: enough to see the decision. */
export function defaultRender(driver, result) {
  return DRIVERS[driver].render(result);
}

/**
 * Run one artifact's demo spec; returns the lines to print.
 * @param {Artifact} artifact
 * @param {string} file the built artifact
 * @param {{ root?: string }} [opts]
 */
export async function runArtifactDemo(artifact, file, { root = REPO_ROOT } = {}) {
  const spec = /** @type {DemoSpec} */ (artifact.demo);
  const driver = driverFor(artifact);
  const scratch = mkdtempSync(join(tmpdir(), `stopline-demo-${artifact.id}-`));
  const project = join(scratch, 'project');
  const home = join(scratch, 'home');
  mkdirSync(project, { recursive: true });
  mkdirSync(home, { recursive: true });
  // the demo must never touch the person's real home or config
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    ...substitute(spec.env ?? {}, { pathMap: {}, project, home }),
  };
  const ctx = { pathMap: spec.pathMap, project, home };
  const lines = [];
  try {
    const payloads = spec.steps.map((step) => substitute(payloadOf(step, root), ctx));
    /** @type {unknown[]} */
    const results = await DRIVERS[driver].run({ host: driver, spec, payloads, file, project, env });
    spec.steps.forEach((step, i) => {
      lines.push(`  ${i + 1}. ${step.say}`);
      const rendered = step.render ? step.render(results[i]) : defaultRender(driver, results[i]);
      for (const l of asLines(rendered)) lines.push(`       ${l}`);
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return lines;
}

/**
 * The whole demo. Returns the exit code.
 * @param {{ artifacts?: Artifact[], outRoot?: string, root?: string, log?: (line: string) => void }} [opts]
 */
export async function runDemo({ artifacts = ARTIFACTS, outRoot = distRoot(), root = REPO_ROOT, log = console.log } = {}) {
  const shownRoot = relative(process.cwd(), outRoot) || '.';
  const built = artifacts.filter((a) => existsSync(join(outRoot, a.output)));
  const notBuilt = artifacts.filter((a) => !built.includes(a));
  log('stopline demo: recorded host sessions replayed through the built artifacts (no host installed)');
  log('');
  const rows = artifacts.map((a) => {
    const file = join(outRoot, a.output);
    const size = built.includes(a) ? `${(statSync(file).size / 1024).toFixed(1)} KB` : 'not built';
    return [a.id, `${shownRoot}/${a.output}`, size, a.title];
  });
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) log(`  ${r[0].padEnd(widths[0])}  ${r[1].padEnd(widths[1])}  ${r[2].padStart(widths[2])}  ${r[3]}`);
  log('');

  let failed = 0;
  const cli = built.find((a) => a.id === 'cli');
  if (cli) {
    const r = await runFile('node', join(outRoot, cli.output), { argv: ['--version'] });
    log(`$ node ${shownRoot}/${cli.output} --version`);
    log(`  ${r.stdout.trim() || `(exit ${r.exitCode}) ${r.stderr.trim()}`}`);
    if (r.exitCode !== 0) failed++;
    log('');
  }

  for (const artifact of built.filter((a) => a.demo)) {
    const file = join(outRoot, artifact.output);
    log(`== ${artifact.title}: ${shownRoot}/${artifact.output}`);
    try {
      for (const line of await runArtifactDemo(artifact, file, { root })) log(line);
    } catch (error) {
      failed++;
      log(`  demo failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    log('');
  }

  // the CLI is shown above; a static file (the installer) has no host session to replay
  const withoutDemo = built.filter((a) => !a.demo && a.id !== 'cli' && a.kind !== 'static');
  if (withoutDemo.length > 0) log(`Built, no recorded session yet: ${withoutDemo.map((a) => a.id).join(', ')}`);
  if (notBuilt.length > 0) log(`Not built yet (their adapter has not landed): ${notBuilt.map((a) => `${a.id} (${a.entry})`).join(', ')}`);
  if (failed > 0) log(`\nstopline demo: ${failed} part${failed === 1 ? '' : 's'} failed`);
  return failed > 0 ? 1 : 0;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) process.exitCode = await runDemo();
