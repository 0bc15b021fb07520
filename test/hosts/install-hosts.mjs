#!/usr/bin/env node
// Installs the pinned real agent CLIs used by the host-in-the-loop tests into git-ignored
// `.hosts/<name>/` folders (each its own package.json + `npm install`; a `python-venv` pin
// gets a virtual environment filled from a hashed requirements file instead), and makes sure
// a ripgrep binary is available offline for OpenCode. An install whose versions already
// match the pins is reused without touching the network.
//
//   node test/hosts/install-hosts.mjs [--only claude,codex,...] [--serial]
//
// Prints one line per host; exits 1 when any host could not be installed.
// Pins live in test/hosts/harness/pins.json (shared) and test/hosts/<host>/pins.json, joined by
// test/hosts/harness/pins.mjs (the harness reads the same).

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, copyFileSync, readdirSync, chmodSync, statSync, statfsSync, rmSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPins } from './harness/pins.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..');
const hostsRoot = join(repoRoot, '.hosts');
const pins = loadPins();

function parseArgs(argv) {
  const out = { only: null, serial: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--serial') out.serial = true;
    else if (a === '--only') {
      const list = argv[++i];
      if (!list) throw new Error('--only needs a comma-separated list of host names');
      out.only = list.split(',').map((s) => s.trim()).filter(Boolean);
    } else throw new Error(`unknown argument ${a} (use --only a,b or --serial)`);
  }
  for (const name of out.only ?? []) {
    if (!(name in pins)) throw new Error(`unknown host "${name}"; known: ${Object.keys(pins).join(', ')}`);
  }
  return out;
}

function installedVersion(dir, pkg) {
  try {
    return JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version ?? null;
  } catch {
    return null;
  }
}

/** True when every pinned package is installed at its pinned version and the entry file exists. */
function isCurrent(dir, pin) {
  for (const [pkg, version] of Object.entries(pin.packages)) {
    if (installedVersion(dir, pkg) !== version) return false;
  }
  const entry = join(dir, pin.entry);
  if (!existsSync(entry)) return false;
  // some entries are placeholders until a postinstall links the real binary over them
  return statSync(entry).size >= (pin.minEntryBytes ?? 0);
}

function runLogged(cmd, args, options, logFile) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (err) => chunks.push(Buffer.from(String(err))));
    child.on('close', (code) => {
      const text = Buffer.concat(chunks).toString('utf8');
      // a log that cannot be written (a full disk) must not end the whole run with a stack trace:
      // the install's own result stands, and the reason joins its text
      const unlogged = logFile ? writeLog(logFile, text) : '';
      resolve({ code: code ?? 1, text: unlogged ? `${text}\n${unlogged}` : text });
    });
  });
}

function writeLog(file, text) {
  try {
    writeFileSync(file, text);
    return '';
  } catch (err) {
    return `install-hosts: could not write ${relative(repoRoot, file)}: ${err.code ?? err.message}`;
  }
}

/** The pinned hosts take about 6.5 GB once installed; say so before a full disk fails halfway. */
const NEEDED_BYTES = 8 * 1024 ** 3;

function freeSpaceLine(dir) {
  try {
    const fs = statfsSync(dir);
    const free = fs.bavail * fs.bsize;
    if (free >= NEEDED_BYTES) return null;
    return `install-hosts: only ${(free / 1024 ** 3).toFixed(1)} GB free under ${dir}; the pinned hosts need about ${NEEDED_BYTES / 1024 ** 3} GB (installs that do not fit fail with ENOSPC)`;
  } catch {
    return null;
  }
}

// ---- python-venv pins (Hermes Agent): python3 -m venv + pip install --require-hashes ----

/** The stamp that says which requirements file filled the venv (its sha256), next to the venv. */
const VENV_STAMP = 'requirements.sha256';

function sha256File(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** What filled a venv: the requirements file's sha256 (and the build tools' file's, when the pin has one). */
function venvStamp(pin) {
  const files = [pin.requirements, ...(pin.buildRequirements ? [pin.buildRequirements] : [])];
  return files.map((f) => sha256File(join(repoRoot, f))).join(' ');
}

/** "3.11" -> [3, 11] */
function versionPair(text) {
  const [major = 0, minor = 0] = String(text).split('.').map(Number);
  return [major, minor];
}

function pairAtLeast(a, b) {
  return a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);
}

/**
 * Interpreters pyenv keeps beside the active one: its shims answer `python3.13` only for the
 * selected version, so a pin that needs a newer Python than the default finds it here.
 */
function pyenvPythons() {
  const root = process.env.PYENV_ROOT || join(process.env.HOME ?? '', '.pyenv');
  const versions = join(root, 'versions');
  if (!existsSync(versions)) return [];
  return readdirSync(versions)
    .filter((v) => /^3\.\d+\.\d+$/.test(v))
    .sort((a, b) => versionPair(b)[1] - versionPair(a)[1])
    .map((v) => join(versions, v, 'bin', 'python3'))
    .filter((exe) => existsSync(exe));
}

/** The first python3 on PATH (or python3.13 .. python3.11, then pyenv's) inside the pin's version range, as [path, "3.x.y"]. */
function findPython(pin) {
  const low = versionPair(pin.python?.atLeast ?? '3.0');
  const high = versionPair(pin.python?.below ?? '4.0');
  const tried = [];
  for (const cmd of ['python3', 'python3.13', 'python3.12', 'python3.11', ...pyenvPythons()]) {
    const r = spawnSync(cmd, ['-c', 'import sys; print(sys.executable); print("%d.%d.%d" % sys.version_info[:3])'], { encoding: 'utf8' });
    if (r.status !== 0) continue;
    const [exe, version] = r.stdout.trim().split('\n');
    tried.push(`${cmd} ${version}`);
    const v = versionPair(version);
    if (pairAtLeast(v, low) && !pairAtLeast(v, high)) return { exe, version, tried };
  }
  return { exe: null, version: null, tried };
}

function venvIsCurrent(dir, pin) {
  const entry = join(dir, pin.entry);
  if (!existsSync(entry)) return false;
  let stamp = '';
  try {
    stamp = readFileSync(join(dir, VENV_STAMP), 'utf8').trim();
  } catch {
    return false;
  }
  if (stamp !== venvStamp(pin)) return false;
  // the dist-info folder pip leaves for each installed distribution names its version
  const lib = join(dir, 'venv', 'lib');
  if (!existsSync(lib)) return false;
  return Object.entries(pin.packages).every(([pkg, version]) =>
    readdirSync(lib).some((py) => existsSync(join(lib, py, 'site-packages', `${pkg.replace(/-/g, '_')}-${version}.dist-info`))),
  );
}

async function installVenvHost(name, pin) {
  const dir = join(hostsRoot, name);
  const label = Object.entries(pin.packages).map(([p, v]) => `${p}==${v}`).join(' + ');
  const rel = relative(repoRoot, dir);
  if (venvIsCurrent(dir, pin)) return { name, ok: true, line: `${name.padEnd(9)} ${label}  reused  ${rel}` };
  const started = Date.now();
  const elapsed = () => ((Date.now() - started) / 1000).toFixed(1);
  const python = findPython(pin);
  if (!python.exe) {
    const want = `python >= ${pin.python?.atLeast} and < ${pin.python?.below}`;
    return { name, ok: false, line: `${name.padEnd(9)} ${label}  FAILED: needs ${want}; found ${python.tried.join(', ') || 'no python3 on PATH'}` };
  }
  // a venv is rebuilt, never patched: a half-finished or older one goes first
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const log = join(dir, 'install.log');
  // the venv's scripts name their python by absolute path: use the real one, so a .hosts that is
  // a symlink (shared by several clones) keeps working from every clone
  const venv = await runLogged(python.exe, ['-m', 'venv', join(realpathSync(dir), 'venv')], { cwd: dir }, null);
  if (venv.code !== 0) {
    writeFileSync(log, venv.text);
    return { name, ok: false, line: `${name.padEnd(9)} ${label}  FAILED (python -m venv exited ${venv.code}) after ${elapsed()}s: ${venv.text.trim().split('\n').slice(-3).join(' | ')}` };
  }
  // --require-hashes: every file must match the committed hash; --no-deps: the file is the whole
  // set (pip resolves nothing); wheels only, so no sdist build can fetch unpinned build tools
  const pip = join(dir, 'venv', 'bin', 'pip');
  const env = { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INPUT: '1' };
  const base = ['install', '--require-hashes', '--no-deps', '--only-binary=:all:', '--no-warn-script-location'];
  // a dependency that ships no wheel (`sdists`) is built from its hashed sdist with the build
  // tools of `buildRequirements`, installed first from hashed wheels: still nothing unpinned
  let result = { code: 0, text: '' };
  if (pin.buildRequirements) result = await runLogged(pip, [...base, '-r', join(repoRoot, pin.buildRequirements)], { cwd: dir, env }, log);
  if (result.code === 0) {
    const sdists = pin.sdists?.length ? ['--no-build-isolation', `--no-binary=${pin.sdists.join(',')}`] : [];
    result = await runLogged(pip, [...base, ...sdists, '-r', join(repoRoot, pin.requirements)], { cwd: dir, env }, log);
  }
  if (result.code === 0) writeFileSync(join(dir, VENV_STAMP), `${venvStamp(pin)}\n`);
  if (result.code !== 0 || !venvIsCurrent(dir, pin)) {
    const why = result.code !== 0 ? `pip exited ${result.code}` : `${pin.entry} missing or wrong version after install`;
    const tail = result.text.trim().split('\n').slice(-5).join(' | ');
    return { name, ok: false, line: `${name.padEnd(9)} ${label}  FAILED (${why}) after ${elapsed()}s: ${tail}  (log: ${rel}/install.log)` };
  }
  return { name, ok: true, line: `${name.padEnd(9)} ${label}  installed in ${elapsed()}s (python ${python.version})  ${rel}` };
}

async function installHost(name, pin) {
  if (pin.kind === 'python-venv') return installVenvHost(name, pin);
  const dir = join(hostsRoot, name);
  const label = Object.entries(pin.packages).map(([p, v]) => `${p}@${v}`).join(' + ');
  const rel = relative(repoRoot, dir);
  if (isCurrent(dir, pin)) return { name, ok: true, line: `${name.padEnd(9)} ${label}  reused  ${rel}` };
  const started = Date.now();
  mkdirSync(dir, { recursive: true });
  // Exact pins as dependencies: `npm install` then converges the folder to them (also on a version change).
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `stopline-host-${name}`, private: true, dependencies: pin.packages }, null, 2) + '\n',
  );
  const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
  // a host that needs a newer Node than the system's (`node`: another pin) installs with that
  // Node first on PATH: its install scripts check the version they run on
  if (pin.node) env.PATH = `${dirname(join(hostsRoot, pin.node, pins[pin.node].entry))}:${env.PATH ?? ''}`;
  const result = await runLogged('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env }, join(dir, 'install.log'));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.code !== 0 || !isCurrent(dir, pin)) {
    const why = result.code !== 0 ? `npm exited ${result.code}` : `${pin.entry} missing or wrong version after install`;
    const tail = result.text.trim().split('\n').slice(-5).join(' | ');
    return { name, ok: false, line: `${name.padEnd(9)} ${label}  FAILED (${why}) after ${seconds}s: ${tail}  (log: ${rel}/install.log)` };
  }
  return { name, ok: true, line: `${name.padEnd(9)} ${label}  installed in ${seconds}s  ${rel}` };
}

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

// OpenCode's grep/glob tools look for `rg` on PATH, then in its cache dir; without either it
// downloads ripgrep from GitHub. Stage Debian's binary under .hosts/tools (no system change).
async function ensureRipgrep() {
  const onPath = which('rg');
  if (onPath) return { name: 'ripgrep', ok: true, line: `ripgrep   on PATH  ${onPath}` };
  const toolsDir = join(hostsRoot, 'tools');
  const staged = join(toolsDir, 'rg');
  if (existsSync(staged)) return { name: 'ripgrep', ok: true, line: `ripgrep   reused  ${relative(repoRoot, staged)}` };
  if (!which('apt-get') || !which('dpkg')) {
    return { name: 'ripgrep', ok: false, line: 'ripgrep   FAILED: no rg on PATH and no apt-get/dpkg to stage it' };
  }
  const debDir = join(toolsDir, 'deb');
  mkdirSync(debDir, { recursive: true });
  let dl = await runLogged('apt-get', ['download', 'ripgrep'], { cwd: debDir }, join(debDir, 'download.log'));
  if (dl.code !== 0 && process.getuid?.() === 0) {
    // a fresh container may have no package lists yet
    await runLogged('apt-get', ['update'], { cwd: debDir }, join(debDir, 'update.log'));
    dl = await runLogged('apt-get', ['download', 'ripgrep'], { cwd: debDir }, join(debDir, 'download.log'));
  }
  const deb = readdirSync(debDir).find((f) => /^ripgrep_.*\.deb$/.test(f));
  if (dl.code !== 0 || !deb) {
    return { name: 'ripgrep', ok: false, line: `ripgrep   FAILED: apt-get download ripgrep: ${dl.text.trim().split('\n').pop()}` };
  }
  const x = await runLogged('dpkg', ['-x', deb, 'x'], { cwd: debDir }, null);
  const extracted = join(debDir, 'x', 'usr', 'bin', 'rg');
  if (x.code !== 0 || !existsSync(extracted)) {
    return { name: 'ripgrep', ok: false, line: `ripgrep   FAILED: dpkg -x ${deb}: ${x.text.trim()}` };
  }
  copyFileSync(extracted, staged);
  chmodSync(staged, 0o755);
  return { name: 'ripgrep', ok: true, line: `ripgrep   staged from ${deb}  ${relative(repoRoot, staged)} (${statSync(staged).size} bytes)` };
}

// Two test workers (or a developer and a test run) must not npm-install into one folder at
// once: take a lock folder; a lock whose owner process is gone, or older than 20 min, is stale.
const lockDir = join(hostsRoot, '.install-lock');
const LOCK_STALE_MS = 20 * 60 * 1000;

function lockOwnerAlive() {
  try {
    const pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return Date.now() - statSync(lockDir).mtimeMs < LOCK_STALE_MS;
  } catch {
    return false;
  }
}

async function acquireLock() {
  mkdirSync(hostsRoot, { recursive: true });
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      return;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    if (!lockOwnerAlive()) {
      rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (waited === 0) console.log('install-hosts: another install is running, waiting for it');
    if (waited > LOCK_STALE_MS) throw new Error(`lock ${lockDir} held for over 20 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function releaseLock() {
  rmSync(lockDir, { recursive: true, force: true });
}

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`install-hosts: ${err.message}`);
    process.exit(2);
  }
  const asked = args.only ?? Object.keys(pins);
  // the Node a host installs with comes first (installed once, before the hosts that use it)
  const nodes = [...new Set(asked.map((n) => pins[n].node).filter(Boolean))];
  const names = asked.filter((n) => !nodes.includes(n));
  const started = Date.now();
  const lowSpace = freeSpaceLine(existsSync(hostsRoot) ? hostsRoot : repoRoot);
  if (lowSpace) console.error(lowSpace);
  await acquireLock();
  const results = [];
  try {
    for (const name of nodes) {
      const r = await installHost(name, pins[name]);
      console.log(r.line);
      results.push(r);
    }
    const jobs = names.map((name) => () => installHost(name, pins[name]));
    if (names.includes('opencode')) jobs.push(() => ensureRipgrep());
    // npm installs are mostly download + unpack; three at a time keeps a 2-core box responsive.
    const width = args.serial ? 1 : 3;
    let next = 0;
    async function worker() {
      while (next < jobs.length) {
        const job = jobs[next++];
        const r = await job();
        console.log(r.line);
        results.push(r);
      }
    }
    await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  } finally {
    releaseLock();
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`install-hosts: ${results.length - failed.length}/${results.length} ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  process.exit(failed.length ? 1 : 0);
}

await main();
