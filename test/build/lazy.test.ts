/**
 * Lazy modules (build/lazy.mjs): code an artifact carries as a string and evaluates on first
 * use, so a hook that never analyses a shell command does not parse the shell walkers.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rollup } from 'rollup';
import { afterAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, REPO_ROOT } from '../../build/artifacts.mjs';
import { LAZY_MODULES, lazyModules } from '../../build/lazy.mjs';
import { distFile, isolatedEnv, scratch } from './helpers';

const work = scratch('lazy');
afterAll(() => work.cleanup());
const FIXTURES = 'test/build/fixtures/lazy';

async function bundleWithLazy(entry: string, lazy: string): Promise<string> {
  const build = await rollup({
    input: join(REPO_ROOT, FIXTURES, entry),
    plugins: [lazyModules({ root: REPO_ROOT, plugins: () => [], modules: [`${FIXTURES}/${lazy}`], within: `${FIXTURES}/` })],
    onwarn() {},
  });
  try {
    const { output } = await build.generate({ format: 'es' });
    return output[0].code;
  } finally {
    await build.close();
  }
}

describe('the lazy stand-in', () => {
  it('evaluates the module once, on the first call, and forwards every export', async () => {
    const code = await bundleWithLazy('entry.mjs', 'heavy.mjs');
    // the module's own code is inside one string constant, not in the module text
    expect(code).toContain("new Function('require', 'module', 'exports', __lazyBody)");
    const file = join(work.dir, 'entry.mjs');
    writeFileSync(file, code);
    const probe = globalThis as { __stoplineLazyProbe?: number };
    delete probe.__stoplineLazyProbe;
    const mod = (await import(pathToFileURL(file).href)) as { run: () => [number, string] };
    expect(probe.__stoplineLazyProbe).toBeUndefined();
    expect(mod.run()).toEqual([42, 'a/b']);
    expect(probe.__stoplineLazyProbe).toBe(1);
    expect(mod.run()).toEqual([42, 'a/b']);
    expect(probe.__stoplineLazyProbe).toBe(1);
  }, 60_000);

  it('refuses a lazy module that exports a value (it could not be forwarded without evaluating it)', async () => {
    await expect(bundleWithLazy('entry-value.mjs', 'value-export.mjs')).rejects.toThrow('exports non-functions (LIMIT)');
  }, 60_000);

  it('refuses a lazy body that pulls in code from outside its folder', async () => {
    const build = rollup({
      input: join(REPO_ROOT, FIXTURES, 'entry.mjs'),
      plugins: [lazyModules({ root: REPO_ROOT, plugins: () => [], modules: [`${FIXTURES}/heavy.mjs`], within: 'core/' })],
      onwarn() {},
    });
    await expect(build).rejects.toThrow(`imports code outside core/ (${FIXTURES}/heavy.mjs)`);
  }, 60_000);
});

describe('the built Claude hook', () => {
  const claude = ARTIFACTS.find((a) => a.id === 'claude')!;
  const preload = join(REPO_ROOT, FIXTURES, 'count-lazy-bodies.mjs');

  function lazyEvaluations(payloadFile: string, userConfig?: object): { bodies: number; status: number | null } {
    const home = join(work.dir, `home-${payloadFile}-${userConfig ? 'hooks' : 'plain'}`);
    if (userConfig) {
      mkdirSync(join(home, '.config', 'stopline'), { recursive: true });
      writeFileSync(join(home, '.config', 'stopline', 'stopline.json'), JSON.stringify(userConfig));
    }
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(preload).href, distFile(claude)], {
      input: readFileSync(join(REPO_ROOT, 'test/fixtures/claude', payloadFile)),
      env: isolatedEnv(home),
      encoding: 'utf8',
      timeout: 30_000,
    });
    const m = /LAZY_BODIES_EVALUATED (\d+)/.exec(r.stderr);
    return { bodies: m ? Number(m[1]) : -1, status: r.status };
  }

  it('carries the shell walkers and the hook runner as lazy bodies', () => {
    expect(LAZY_MODULES).toEqual(['core/analysis/walk.ts', 'core/hooks/run.ts']);
    const text = readFileSync(distFile(claude), 'utf8');
    expect(text.split('new Function("require","module","exports"').length - 1).toBe(LAZY_MODULES.length);
  });

  it('evaluates neither for a Write without user hooks; the walkers for a Bash command; the runner when a hook matches', () => {
    expect(lazyEvaluations('PreToolUse-Write.json')).toEqual({ bodies: 0, status: 0 });
    expect(lazyEvaluations('PreToolUse-Bash.json')).toEqual({ bodies: 1, status: 0 });
    const hooks = { hooks: { 'tool:before': [{ matcher: 'Write', hooks: [{ type: 'command', command: 'true' }] }] } };
    expect(lazyEvaluations('PreToolUse-Write.json', hooks)).toEqual({ bodies: 1, status: 0 });
  }, 60_000);

  it('does not import node:crypto or node:child_process at start-up (they load on first use)', () => {
    const text = readFileSync(distFile(claude), 'utf8');
    const imported = [...text.matchAll(/from\s*"(node:[a-z_/]+)"/g)].map((m) => m[1]);
    expect(imported).not.toContain('node:crypto');
    expect(imported).not.toContain('node:child_process');
  });
});
