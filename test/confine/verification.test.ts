/**
 * The verification set a confined agent must still be able to run, each in a small project of
 * its kind, confined under `review` (the strictest contract: nothing of the project writable):
 * npm test, npx vitest run, node --test, pytest (its cache written), python -m unittest,
 * go test, cargo test, make, tsc --noEmit, git status/diff/log. Each runs once as it is and once
 * confined: the same exit status, the same result lines. A toolchain that is not installed is
 * skipped with its name (CI installs bubblewrap, python3-pytest and make; Go and Rust where present).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { confineCommand } from '../../core/confine/confine';
import { freshContract } from '../../core/contract/types';
import { selfPathTable } from '../../core/paths/self-paths';
import { REPO } from './world';

type Env = Record<string, string | undefined>;

interface Fixture {
  proj: string;
  env: Env;
}

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function fixture(files: Record<string, string>, ignore = ''): Fixture {
  mkdirSync(join(REPO, '.tmp'), { recursive: true });
  // not in /tmp: temp folders are writable inside a confined run
  const root = mkdtempSync(join(REPO, '.tmp', 'confine-verify-'));
  roots.push(root);
  const proj = join(root, 'proj');
  const home = join(root, 'home');
  mkdirSync(home, { recursive: true });
  for (const [p, text] of Object.entries({ ...files, '.gitignore': ignore })) {
    mkdirSync(join(proj, p, '..'), { recursive: true });
    writeFileSync(join(proj, p), text);
  }
  git(proj, ['init', '-q']);
  git(proj, ['add', '-A']);
  git(proj, ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'first']);
  const env: Env = { HOME: home, PATH: process.env.PATH, LANG: 'C', STOPLINE_HOME: join(root, 'data'), npm_config_update_notifier: 'false', GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod', NO_COLOR: '1' };
  if (process.env.RUSTUP_HOME || existsSync('/root/.rustup')) env.RUSTUP_HOME = process.env.RUSTUP_HOME ?? '/root/.rustup';
  return { proj, env };
}

function git(cwd: string, args: string[]): void {
  spawnSync('git', args, { cwd, stdio: 'ignore' });
}

function have(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** A python that has pytest (the Debian one on CI, else whichever is first on PATH). */
function pythonWithPytest(): string | null {
  for (const py of ['/usr/bin/python3', 'python3']) {
    if (spawnSync(py, ['-m', 'pytest', '--version'], { stdio: 'ignore' }).status === 0) {
      const exe = spawnSync(py, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim();
      return exe || py;
    }
  }
  return null;
}

function run(f: Fixture, text: string) {
  const r = spawnSync('bash', ['-c', text], { cwd: f.proj, env: f.env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** The command confined under `review`, as the controller would hand it to the host. */
function confined(f: Fixture, command: string): string {
  const contract = { ...freshContract(), mode: 'review' as const, level: 'guard' as const, source: 'directive' as const, revision: 1 };
  const r = confineCommand({ command, contract, project: f.proj, env: f.env, home: f.env.HOME!, protectedPaths: selfPathTable({ env: f.env, dataDir: f.env.STOPLINE_HOME!, projectDir: f.proj }), now: Date.now(), configOn: true });
  if (!r.ok) throw new Error(r.why);
  return r.command;
}

/** Plain, then confined: the same status; `expectLine` in both outputs. */
function same(f: Fixture, command: string, expectLine: RegExp, status = 0) {
  const plain = run(f, command);
  expect(plain.status, plain.out).toBe(status);
  expect(plain.out).toMatch(expectLine);
  const boxed = run(f, confined(f, command));
  expect(boxed.status, boxed.out).toBe(status);
  expect(boxed.out).toMatch(expectLine);
  return boxed;
}

const NODE_TEST = { 'test/a.test.mjs': "import test from 'node:test';\nimport assert from 'node:assert';\ntest('adds', () => assert.equal(1 + 1, 2));\n" };
const PY = pythonWithPytest();

describe('the verification set runs confined under review', () => {
  it('npm test', () => {
    const f = fixture({ 'package.json': JSON.stringify({ name: 'v', private: true, scripts: { test: 'node --test' } }), ...NODE_TEST });
    same(f, 'npm test', /# pass 1/);
  });

  it('node --test', () => {
    const f = fixture(NODE_TEST);
    same(f, 'node --test', /# pass 1/);
  });

  it('npx vitest run (its cache in the ignored node_modules)', () => {
    const f = fixture({ 'package.json': JSON.stringify({ name: 'v', private: true, type: 'module' }), 'vitest.config.mjs': "export default { test: { include: ['*.test.ts'] } };\n", 'a.test.ts': "import { expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\n" }, 'node_modules/\n');
    // a project's own node_modules: its packages linked from this repository's
    mkdirSync(join(f.proj, 'node_modules', '.bin'), { recursive: true });
    for (const name of ['vitest', '@vitest', 'vite', 'tinyrainbow', 'chai', 'tinypool', 'pathe']) if (existsSync(join(REPO, 'node_modules', name))) symlinkSync(join(REPO, 'node_modules', name), join(f.proj, 'node_modules', name));
    symlinkSync(join(REPO, 'node_modules', 'vitest', 'vitest.mjs'), join(f.proj, 'node_modules', '.bin', 'vitest'));
    const r = same(f, 'npx vitest run', /1 passed/);
    expect(r.out).not.toMatch(/EROFS|read-only/i);
  });

  it('tsc --noEmit, passing and failing', () => {
    const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
    const f = fixture({ 'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ['*.ts'] }), 'a.ts': 'export const n: number = 1;\n' });
    same(f, `node ${tsc} --noEmit && echo typed`, /typed/);
    writeFileSync(join(f.proj, 'a.ts'), "export const n: number = 'x';\n");
    const failing = run(f, confined(f, `node ${tsc} --noEmit`));
    expect(failing.status).toBe(2);
    expect(failing.out).toMatch(/TS2322/);
  }, 300_000);

  it.skipIf(PY === null)('pytest, with its cache written', () => {
    const f = fixture({ 'test_a.py': 'def test_adds():\n    assert 1 + 1 == 2\n' }, '.pytest_cache/\n__pycache__/\n');
    same(f, `${PY} -m pytest -q`, /1 passed/);
    expect(readdirSync(join(f.proj, '.pytest_cache'))).toContain('v');
  });

  it('python -m unittest', () => {
    const f = fixture({ 'test_a.py': 'import unittest\nclass T(unittest.TestCase):\n    def test_adds(self):\n        self.assertEqual(1 + 1, 2)\n' });
    same(f, '/usr/bin/python3 -m unittest -v', /^OK$/m);
  });

  it.skipIf(!have('make'))('make', () => {
    const f = fixture({ Makefile: 'test:\n\tmkdir -p build && echo built > build/out && cat build/out\n' }, 'build/\n');
    same(f, 'make test', /^built$/m);
  });

  it.skipIf(!have('go'))('go test', () => {
    const f = fixture({ 'go.mod': 'module example.com/v\n\ngo 1.21\n', 'a.go': 'package v\n\nfunc Add(a, b int) int { return a + b }\n', 'a_test.go': 'package v\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 1) != 2 {\n\t\tt.Fatal("no")\n\t}\n}\n' });
    same(f, 'go test ./...', /^ok\s+example\.com\/v/m);
    // the first build of the standard library for tests is slow on a busy machine
  }, 600_000);

  it.skipIf(!have('cargo'))('cargo test (target/ is ignored scratch)', () => {
    const f = fixture({ 'Cargo.toml': '[package]\nname = "v"\nversion = "0.1.0"\nedition = "2021"\n', 'src/lib.rs': 'pub fn add(a: i32, b: i32) -> i32 { a + b }\n#[cfg(test)]\nmod t { #[test] fn adds() { assert_eq!(super::add(1, 1), 2); } }\n' }, '/target\n');
    f.env.CARGO_HOME = join(f.env.HOME!, '.cargo');
    f.env.PATH = `${process.env.HOME}/.cargo/bin:${f.env.PATH}`;
    same(f, 'cargo test --offline 2>&1', /test result: ok\. 1 passed/);
  });

  it('git status, diff and log, with a change in the work tree', () => {
    const f = fixture({ 'a.txt': 'one\n' });
    writeFileSync(join(f.proj, 'a.txt'), 'two\n');
    const r = same(f, 'git status --short && git diff && git log --oneline', /^ M a\.txt$/m);
    expect(r.out).toMatch(/^\+two$/m);
    expect(r.out).toMatch(/first$/m);
  });
});
