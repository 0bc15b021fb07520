/**
 * Throwaway homes, a placeholder dist folder, byte-exact tree snapshots and an in-process
 * CLI runner for the install tests.
 */
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, expect, onTestFinished } from 'vitest';
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../../hosts/cli/cli';
import { COMMANDS } from '../../../hosts/cli/commands';
import { ARTIFACTS } from '../../../build/artifacts.mjs';
import { HOST_NAMES } from '../../../core/registry/host-specs';
import { FOLDER_ROWS } from '../../hosts/harness/folder-rows';
import type { HostTestRows } from '../../hosts/harness/host-rows';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const BIN = join(REPO, 'node_modules', '.bin');

const made: string[] = [];

export function tempDir(prefix = 'stopline-install-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function cleanupTempDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

export interface Home {
  root: string;
  home: string;
  project: string;
  env: Record<string, string>;
  claude: string;
  codex: string;
  xdg: string;
  hermes: string;
  pi: string;
}

/**
 * Every location variable points into one temp folder; `PATH` has the repo's bun/deno
 * shims only when asked (the default resolves `node` from the system folders).
 */
export function makeHome(opts: { name?: string; path?: string } = {}): Home {
  const root = join(tempDir(), opts.name ?? 'root');
  const home = join(root, 'home');
  const h: Home = {
    root,
    home,
    project: join(root, 'project'),
    claude: join(home, '.claude'),
    codex: join(home, '.codex'),
    xdg: join(home, '.config'),
    hermes: join(home, '.hermes'),
    pi: join(home, '.pi', 'agent'),
    env: {},
  };
  mkdirSync(home, { recursive: true });
  mkdirSync(h.project, { recursive: true });
  h.env = {
    HOME: home,
    CLAUDE_CONFIG_DIR: h.claude,
    CODEX_HOME: h.codex,
    XDG_CONFIG_HOME: h.xdg,
    HERMES_HOME: h.hermes,
    PI_CODING_AGENT_DIR: h.pi,
    PATH: opts.path ?? '/usr/local/bin:/usr/bin:/bin',
    NO_COLOR: '1',
  };
  return h;
}

export function write(path: string, content: string | Buffer, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  if (mode !== undefined) chmodSync(path, mode);
}

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** Pre-existing user configs full of unrelated settings (see fixtures/). */
export function seedUserConfigs(h: Home): void {
  write(join(h.claude, 'settings.json'), fixture('claude-settings.json'));
  write(join(h.codex, 'config.toml'), fixture('codex-config.toml'), 0o600);
  write(join(h.codex, 'hooks.json'), fixture('codex-hooks.json'));
  write(join(h.hermes, 'config.yaml'), fixture('hermes-config.yaml'));
  write(join(h.xdg, 'opencode', 'plugin', 'other.js'), fixture('opencode-other-plugin.js'));
  write(join(h.pi, 'extensions', 'mine.ts'), fixture('pi-other-extension.ts'));
  write(join(h.home, '.gemini', 'settings.json'), fixture('gemini-settings.json'));
  write(join(h.home, '.qwen', 'settings.json'), fixture('qwen-settings.json'));
}

/**
 * A dist folder with small placeholder artifacts in the real layout. The installer's job is
 * placing and registering them; what they do when run is the adapters' business.
 */
export function makeDist(dir = join(tempDir('stopline-dist-'), 'dist')): string {
  const files: Record<string, string> = {
    // every host's hook script at the place the build puts it (<host>/stopline.mjs)
    ...Object.fromEntries(ARTIFACTS.filter((a) => a.kind === 'command' && (HOST_NAMES as readonly string[]).includes(a.id) && a.output === `${a.id}/stopline.mjs`).map((a) => [a.output, placeholderScript(a.id)])),
    'claude/.claude-plugin/plugin.json': '{"name":"stopline","version":"0.0.0-test"}\n',
    'claude/hooks/hooks.json': '{"hooks":{}}\n',
    'claude/skills/stopline/SKILL.md': '# stopline (placeholder)\n',
    // runs when a test executes the registered hook command: leaves a marker with its argv
    'codex/hooks.json': '{"hooks":{}}\n',
    'gemini/gemini-extension.json': '{"name":"stopline","version":"0.0.0-test"}\n',
    'gemini/hooks/hooks.json': '{"hooks":{}}\n',
    'qwen/qwen-extension.json': '{"name":"stopline","version":"0.0.0-test"}\n',
    'qwen/hooks/hooks.json': '{"hooks":{}}\n',
    // OpenCode 1.x runs `server`, 2.x `setup`; this one leaves a marker when loaded
    'opencode/stopline.js': [
      'const server = async () => {',
      "  if (process.env.STOPLINE_TEST_MARKER) (await import('node:fs')).writeFileSync(process.env.STOPLINE_TEST_MARKER, 'opencode');",
      '  return {};',
      '};',
      'export default { id: "stopline", server, setup: async () => {} };',
      '',
    ].join('\n'),
    'hermes/stopline/plugin.yaml': 'name: stopline\nkind: standalone\n',
    'hermes/stopline/__init__.py': 'def register(ctx):\n    pass\n',
    'hermes/stopline/stopline.mjs': placeholderScript('hermes'),
    'copilot/plugin.json': '{"name":"stopline","version":"0.0.0-test"}\n',
    'copilot/hooks.json': '{"version":1,"hooks":{}}\n',
    'kimi/hooks.toml': '',
    'droid/.factory-plugin/plugin.json': '{"name":"stopline","version":"0.0.0-test"}\n',
    'droid/hooks/hooks.json': '{"hooks":{}}\n',
    'pi/stopline.ts': [
      "import { writeFileSync } from 'node:fs';",
      'export default function (pi: unknown): void {',
      '  void pi;',
      "  if (process.env.STOPLINE_TEST_MARKER) writeFileSync(process.env.STOPLINE_TEST_MARKER, 'pi');",
      '}',
      '',
    ].join('\n'),
    // the hosts that keep their stand-ins in their test folder's rows
    ...Object.fromEntries(Object.entries<HostTestRows>(FOLDER_ROWS).flatMap(([host, rows]) => Object.entries(rows.placeholderDist ?? {}).map(([rel, text]) => [`${host}/${rel}`, text]))),
  };
  for (const [rel, text] of Object.entries(files)) write(join(dir, rel), text);
  return dir;
}

function placeholderScript(host: string): string {
  return [
    '#!/usr/bin/env node',
    `// placeholder ${host} artifact for the install tests`,
    "import { writeFileSync } from 'node:fs';",
    `if (process.env.STOPLINE_TEST_MARKER) writeFileSync(process.env.STOPLINE_TEST_MARKER, ${JSON.stringify(host)} + ' ' + process.argv.slice(2).join(' '));`,
    '',
  ].join('\n');
}

/** Bundles the current CLI source into `<dist>/stopline.mjs` (what the build will ship). */
export function bundleCli(dist: string): string {
  const out = join(dist, 'stopline.mjs');
  const r = spawnSync(join(BIN, 'bun'), ['build', join(REPO, 'hosts/cli/main.ts'), '--target=node', '--outfile', out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bun build failed: ${r.stderr}`);
  copyFileSync(join(REPO, 'hosts/cli/install.sh'), join(dist, 'install.sh'));
  return out;
}

export interface Entry {
  type: 'dir' | 'file' | 'link';
  mode: number;
  content?: string; // files: base64 of the bytes, so a comparison is byte-exact
  target?: string;
}

export const isBackup = (p: string): boolean => /\.stopline-backup-\d{8}T\d{6}(?:-\d+)?$/.test(p);

/** Every entry under `dir` with its mode and bytes. */
export function snapshot(dir: string, opts: { skipBackups?: boolean } = {}): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const rel = relative(dir, p);
      if (opts.skipBackups && isBackup(rel)) continue;
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out.set(rel, { type: 'link', mode: 0, target: readlinkSync(p) });
      else if (st.isDirectory()) {
        out.set(rel, { type: 'dir', mode: st.mode & 0o7777 });
        walk(p);
      } else out.set(rel, { type: 'file', mode: st.mode & 0o7777, content: readFileSync(p).toString('base64') });
    }
  };
  walk(dir);
  return out;
}

export function backupsUnder(dir: string): string[] {
  return [...snapshot(dir).keys()].filter(isBackup);
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `stopline <argv>` in-process, with the given environment and working folder. */
export async function stopline(argv: string[], h: Pick<Home, 'env' | 'project'>, extraEnv: Record<string, string> = {}, cwd = h.project): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    argv,
    {
      stdin: process.stdin,
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      env: { ...h.env, ...extraEnv },
      cwd,
    },
    COMMANDS,
  );
  return { code, stdout, stderr };
}

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Python's own parsers, when present, as an independent check that a file still parses. */
export function pythonParse(kind: 'toml' | 'yaml', path: string): unknown | undefined {
  const code =
    kind === 'toml'
      ? 'import sys, json, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], "rb"))))'
      : 'import sys, json, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))';
  const r = spawnSync('python3', ['-c', code, path], { encoding: 'utf8' });
  if (r.error || (r.status !== 0 && /ModuleNotFoundError|No module named/.test(r.stderr))) return undefined;
  if (r.status !== 0) throw new Error(`python could not parse ${path}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/**
 * One install test file's set-up: a placeholder dist, throwaway homes removed after the file, the
 * CLI bound to both, and the checks every hook-script host repeats.
 */
export function installFixture(opts: { runtime?: string } = {}) {
  const dist = makeDist();
  afterAll(cleanupTempDirs);
  const runtime = opts.runtime ? ['--runtime', opts.runtime] : [];
  const install = (h: Home, ...args: string[]) => stopline(['install', ...args, ...runtime, '--from', dist], h);
  const uninstall = (h: Home, ...args: string[]) => stopline(['uninstall', ...args], h);
  return {
    dist,
    install,
    uninstall,
    readJson: (path: string) => readJson(path) as Record<string, unknown>,
    /** a second install changes nothing, and uninstall gives back every byte of `before` */
    async reinstallThenUninstall(h: Home, before: Map<string, Entry>, ...args: string[]): Promise<void> {
      const once = snapshot(h.root);
      expect((await install(h, ...args)).stdout).toContain('nothing to change');
      expect(snapshot(h.root)).toEqual(once);
      expect((await uninstall(h, ...args)).code).toBe(0);
      expect(snapshot(h.root, { skipBackups: true })).toEqual(before);
    },
    /** runs a registered hook command as the host does (`sh -c`, the payload on stdin): what the placeholder script recorded */
    runHook(h: Home, command: string, shell = '/bin/sh'): string {
      const marker = join(h.root, 'marker');
      const r = spawnSync(shell, ['-c', command], { env: { ...h.env, STOPLINE_TEST_MARKER: marker }, input: '{}', encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return readFileSync(marker, 'utf8');
    },
  };
}

/** install.sh run by `shell` (async, so a test server in this process can answer while it runs). */
export function installSh(shell: string, args: string[], env: Record<string, string>, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(shell, [join(REPO, 'hosts', 'cli', 'install.sh'), ...args], { env, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Serves `root` on 127.0.0.1 (install.sh's download path) until the test ends, `tamper` in place of the files it names; records the paths asked for. */
export function serveDist(root: string, tamper: Record<string, string> = {}): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    requests.push(path);
    const rel = normalize(path).replace(/^\/+/, '');
    if (rel in tamper) {
      res.end(tamper[rel]);
      return;
    }
    const file = join(root, rel);
    if (!file.startsWith(root) || !existsSync(file)) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.end(readFileSync(file));
  });
  onTestFinished(() => void server.close());
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/dist`, requests })));
}
