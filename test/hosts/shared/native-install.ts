/**
 * Shared pieces of the native-install suites (test/hosts/<host>/native-install*.test.ts): a
 * checkout of the repository as a person would have it (the root manifests plus the committed
 * dist/), and a way to run a host's own management commands (`claude plugin …`, `codex plugin
 * …`, `pi install …`) in the same throwaway HOME the sessions use.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, type FakeModelScript, type FakeModelServer } from '../harness';
import { runProcess, withOverrides, type ProcessResult } from '../harness/process';
import { DIST, type RealHostCase, type RealHostRuns } from './real-host';

/** The files at the repository root that make it installable by a host's own command. */
export const ROOT_MANIFESTS = ['.claude-plugin/marketplace.json', '.agents/plugins/marketplace.json', 'package.json', 'README.md', '.github/plugin/marketplace.json', '.factory-plugin/marketplace.json'] as const;

/**
 * A copy of the repository as a clone has it, for what the hosts read: the root manifests and
 * dist/ (taken from DIST, so STOPLINE_TEST_DIST points the suites at another build).
 */
export function makeCheckout(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const file of ROOT_MANIFESTS) {
    const from = join(repoRoot, file);
    if (!existsSync(from)) throw new Error(`${file} is missing from the repository root`);
    mkdirSync(join(dir, file, '..'), { recursive: true });
    cpSync(from, join(dir, file));
  }
  cpSync(DIST, join(dir, 'dist'), { recursive: true });
  return dir;
}

/** Run a host binary with `args` in `env` (no shell); fails the test with its output when the exit code is not 0. */
export async function hostCommand(command: string, args: string[], env: Record<string, string>, cwd: string, opts: { allowFail?: boolean; prefix?: string[] } = {}): Promise<ProcessResult> {
  const r = await runProcess({ command, args: [...(opts.prefix ?? []), ...args], cwd, env, timeoutMs: 120_000 });
  if (!opts.allowFail && r.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
  return r;
}

export { withOverrides };

/**
 * The person of a suite of a host with extension folders: a checkout of the repository, a
 * HOME holding the host's settings file `settingsFile` with `settings`, and an idle server for
 * the host's own commands.
 */
export async function extensionPerson(runs: RealHostRuns, settingsFile: string, settings: string): Promise<{ checkout: string; person: string; server: FakeModelServer }> {
  const root = runs.newCase('install').runDir;
  const person = join(root, 'person');
  mkdirSync(join(person, 'home', settingsFile, '..'), { recursive: true });
  writeFileSync(join(person, 'home', settingsFile), settings);
  return { checkout: makeCheckout(join(root, 'checkout')), person, server: await runs.server({ threads: [] }) };
}

/** Every file under `dir` whose text mentions `needle` (relative paths), for "nothing of stopline is left". */
export function filesMentioning(dir: string, needle: string, skip: (rel: string) => boolean = () => false): string[] {
  const hits: string[] = [];
  const walk = (d: string, rel: string) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      const r = rel ? `${rel}/${name}` : name;
      if (skip(r)) continue;
      const st = statSync(full);
      if (st.isDirectory()) walk(full, r);
      else if (st.size < 4 * 1024 * 1024 && readFileSync(full, 'utf8').includes(needle)) hits.push(r);
    }
  };
  walk(dir, '');
  return hits;
}

/**
 * `npm pack` of a checkout, unpacked the way npm installs it: returns the tarball and the
 * package folder (what `opencode plugin <path>` and `pi install <path>` are given). Offline:
 * packing a local folder reads no registry.
 */
export async function packCheckout(checkout: string, outDir: string): Promise<{ tarball: string; packageDir: string }> {
  mkdirSync(outDir, { recursive: true });
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: outDir, npm_config_cache: join(outDir, 'npm-cache'), npm_config_offline: 'true', npm_config_update_notifier: 'false', npm_config_fund: 'false' };
  const r = await hostCommand('npm', ['pack', '--silent', '--pack-destination', outDir], env, checkout);
  const tarball = join(outDir, r.stdout.trim().split('\n').pop() ?? '');
  const unpacked = join(outDir, 'unpacked');
  mkdirSync(unpacked, { recursive: true });
  await hostCommand('tar', ['-xzf', tarball, '-C', unpacked], env, outDir);
  return { tarball, packageDir: join(unpacked, 'package') };
}

export interface DoctorCheck {
  id: string;
  status: 'pass' | 'warn' | 'fail' | 'skip';
  detail: string;
  fix?: string;
}

export interface DoctorReport {
  host: string;
  scope: string;
  checks: DoctorCheck[];
}

/** `stopline doctor <host> --json` (the built CLI) in the person's environment. */
export async function doctor(host: string, env: Record<string, string>, cwd: string): Promise<{ code: number | null; ok: boolean; reports: DoctorReport[] }> {
  const r = await runProcess({ command: process.execPath, args: [join(DIST, 'stopline.mjs'), 'doctor', host, '--json'], cwd, env, timeoutMs: 120_000 });
  const out = JSON.parse(r.stdout) as { ok: boolean; reports: DoctorReport[] };
  return { code: r.code, ...out };
}

/** The status of each check of one report, by check id. */
export function statuses(report: DoctorReport | undefined): Record<string, string> {
  return Object.fromEntries((report?.checks ?? []).map((c) => [c.id, c.status]));
}

/**
 * The session the in-process native-install suites (OpenCode, Pi) run: the model writes new.txt
 * in the project (absolute, in the host's `write` path field) and runs `touch x`.
 */
export function writeAndTouch(c: RealHostCase, pathField: 'filePath' | 'path'): FakeModelScript {
  return {
    threads: [
      {
        name: 'main',
        turns: [
          { toolCalls: [{ id: 'call_write', name: 'write', input: { [pathField]: join(c.project, 'new.txt'), content: 'new\n' } }] },
          { toolCalls: [{ id: 'call_bash', name: 'bash', input: { command: 'touch x' } }] },
          { text: 'done' },
        ],
      },
    ],
  };
}
