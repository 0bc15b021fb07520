// Confinement: what a confined command costs against the same command run as it is, and what
// building its plan costs the hook. core/confine is bundled from source with rollup (as the
// analysis bench does), so the wrapper measured is the one the guard hands a host.
//
// - `true` through the wrapper against a plain `true`, both started by bash -c as a host starts a
//   command, interleaved ABBA so load that comes and goes lands on both sides (target: at most
//   15 ms more on Linux);
// - the plan: confineCommand() in this process for `npm test` under `review` in a small git
//   project (git ls-files and check-ignore, the disk, the wrapper text; the sandbox probe is kept
//   per process, as in a resident evaluator). Only an event the guard confines pays it;
// - the Claude Code mod's deferred run: `node dist/claude/stopline.mjs --stopline-confine <scope>
//   -- true` against a plain `true`, both by bash -c, interleaved: a new runtime, the decision
//   code, the probe, git and the plan on every confined command (when the dist is given).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { rollup } from 'rollup';
import typescript from '@rollup/plugin-typescript';
import nodeResolve from '@rollup/plugin-node-resolve';
import { REPO_ROOT } from './facts.mjs';
import { median, round, summarize } from './stats.mjs';

export const CONFINE_TARGET_MS = 15;

async function bundleConfine(work) {
  const entry = join(work, 'entry.ts');
  writeFileSync(entry, `export { confineCommand } from ${JSON.stringify(join(REPO_ROOT, 'core/confine/confine'))};\nexport { selfPathTable } from ${JSON.stringify(join(REPO_ROOT, 'core/paths/self-paths'))};\n`);
  const bundle = await rollup({
    input: entry,
    plugins: [nodeResolve(), typescript({ tsconfig: join(REPO_ROOT, 'tsconfig.json'), include: [join(REPO_ROOT, 'core/**/*.ts'), entry], noEmit: false, outDir: work, declaration: false, sourceMap: false })],
    onwarn: () => {},
  });
  const out = join(work, 'confine.mjs');
  await bundle.write({ file: out, format: 'es' });
  await bundle.close();
  return import(pathToFileURL(out).href);
}

/** A small project under git, outside the temp folders (they are writable inside a confined run). */
function fixture(work) {
  const root = join(work, 'world');
  const proj = join(root, 'proj');
  const home = join(root, 'home');
  mkdirSync(join(proj, 'src'), { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(proj, 'package.json'), '{"name":"b","private":true,"scripts":{"test":"node -e 0"}}\n');
  writeFileSync(join(proj, '.gitignore'), 'node_modules/\ndist/\n');
  writeFileSync(join(proj, 'src', 'a.ts'), 'export {};\n');
  spawnSync('git', ['init', '-q'], { cwd: proj });
  return { proj, home, env: { HOME: home, PATH: process.env.PATH, STOPLINE_HOME: join(root, 'data') } };
}

/** The deferred run's added cost per pair and its CPU, or why it was not measured. */
async function benchDeferred(timer, f, dist, runs, warmup) {
  const script = dist ? join(dist, 'claude', 'stopline.mjs') : null;
  if (!script || !existsSync(script)) return { skipped: 'no dist/claude/stopline.mjs' };
  const scope = JSON.stringify({ mode: 'review', files: [], project: f.proj, rules: ['MUTABILITY_UNPROVEN'] });
  const deferred = ['bash', '-c', `${JSON.stringify(process.execPath)} ${JSON.stringify(script)} --stopline-confine '${scope.replace(/'/g, `'\\''`)}' -- true`];
  const plainArgv = ['bash', '-c', 'true'];
  const plain = [];
  const boxed = [];
  const plainCpu = [];
  const boxedCpu = [];
  const one = async (argv, into, cpu) => {
    const r = await timer.run(argv, { cwd: f.proj, env: f.env });
    if (r.code !== 0) throw new Error(`deferred confine exit ${r.code}: ${r.stderr.slice(0, 200)}`);
    into?.push(r.wall_ms);
    cpu?.push(r.user_ms + r.sys_ms);
  };
  for (let i = 0; i < warmup; i++) await one(deferred);
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? [plainArgv, deferred] : [deferred, plainArgv];
    for (const argv of order) await (argv === plainArgv ? one(argv, plain, plainCpu) : one(argv, boxed, boxedCpu));
  }
  return { plain: summarize(plain), deferred: summarize(boxed), addedMs: median(plain.map((p, i) => boxed[i] - p)), addedCpuMs: median(boxedCpu) - median(plainCpu) };
}

export async function benchConfine(timer, { runs, warmup, log, dist }) {
  const base = join(REPO_ROOT, 'bench', '.work');
  mkdirSync(base, { recursive: true });
  const work = mkdtempSync(join(base, 'confine-'));
  try {
    const mod = await bundleConfine(work);
    const f = fixture(work);
    const contract = { mode: 'review', level: 'guard', files: null, deps: 'ask', hash: 'deny', agents: 'allow', agentsUsed: 0, source: 'directive', revision: 1 };
    const req = (command) => ({ command, contract, project: f.proj, env: f.env, home: f.home, protectedPaths: mod.selfPathTable({ env: f.env, dataDir: f.env.STOPLINE_HOME, projectDir: f.proj }), now: Date.now(), configOn: true });
    const first = mod.confineCommand(req('true'));
    if (!first.ok) return { skipped: `no sandbox here: ${first.why}` };

    // the plan, as a resident evaluator builds it (probe kept)
    const planMs = [];
    for (let i = 0; i < warmup + runs; i++) {
      const t = performance.now();
      const r = mod.confineCommand(req('npm test'));
      if (!r.ok) throw new Error(`confine: ${r.why}`);
      if (i >= warmup) planMs.push(performance.now() - t);
    }

    // a confined `true` against a plain one, ABBA
    const wrapped = first.command;
    const plain = [];
    const boxed = [];
    const plainCpu = [];
    const boxedCpu = [];
    const one = async (argv, into, cpu) => {
      const r = await timer.run(argv, { cwd: f.proj, env: f.env });
      if (r.code !== 0) throw new Error(`${argv.join(' ').slice(0, 80)} exit ${r.code}: ${r.stderr.slice(0, 200)}`);
      into?.push(r.wall_ms);
      cpu?.push(r.user_ms + r.sys_ms);
    };
    for (let i = 0; i < warmup; i++) {
      await one(['bash', '-c', 'true']);
      await one(['bash', '-c', wrapped]);
    }
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? [['bash', '-c', 'true'], ['bash', '-c', wrapped]] : [['bash', '-c', wrapped], ['bash', '-c', 'true']];
      for (const argv of order) await (argv[2] === 'true' ? one(argv, plain, plainCpu) : one(argv, boxed, boxedCpu));
    }
    const pairs = plain.map((p, i) => boxed[i] - p);
    const addedMs = median(pairs);
    const result = {
      plain: summarize(plain),
      confined: summarize(boxed),
      addedMs,
      // CPU of the whole process tree: what a loaded machine's waiting does not inflate
      addedCpuMs: median(boxedCpu) - median(plainCpu),
      target: CONFINE_TARGET_MS,
      pass: addedMs <= CONFINE_TARGET_MS,
      plan: summarize(planMs),
      mounts: (wrapped.match(/'--(bind|ro-bind|tmpfs)'/g) ?? []).length,
      deferred: await benchDeferred(timer, f, dist, runs, warmup),
    };
    log(`  confined true: median ${round(result.confined.median, 1)} ms against ${round(result.plain.median, 1)} ms plain (+${round(addedMs, 1)} ms per pair, +${round(result.addedCpuMs, 1)} ms cpu); plan ${round(result.plan.median, 1)} ms`);
    const d = result.deferred;
    log(d.skipped ? `  deferred run (Claude mod): not measured (${d.skipped})` : `  deferred run (Claude mod): median ${round(d.deferred.median, 1)} ms against ${round(d.plain.median, 1)} ms plain (+${round(d.addedMs, 1)} ms per pair, +${round(d.addedCpuMs, 1)} ms cpu)`);
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
