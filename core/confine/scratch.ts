/**
 * Scratch: places a confined command may write under every contract, because no person would
 * call a write there a change of their project. Pure: the rules and the candidate lists; the
 * disk is read by core/confine/gather.ts.
 *
 * - the project's own build and cache output: folders git ignores (reported by git itself), minus
 *   anything whose name looks like a secret or a configuration, and minus what stopline protects;
 * - per-user tool caches (package and build caches of npm, pip, cargo, go, gradle, maven, ...),
 *   never the tools' configuration or credential files beside them;
 * - temp folders.
 */
import { posix } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * A name that may hold a secret or a setting: such a folder stays read-only even when git
 * ignores it (`.env/`, `secrets/`, `.idea/`, `config/`, `.aws/` ...).
 */
const SECRET_OR_CONFIG = /^(\.?env(\..*)?|.*secret.*|.*credential.*|.*passw.*|.*token.*|.*private.*|keys?|\.ssh|\.gnupg|\.aws|\.azure|\.gcloud|\.kube|\.docker|\.netrc|.*config.*|.*settings.*|\.idea|\.vscode|\.git)$/i;

function looksSecretOrConfig(relPath: string): boolean {
  return relPath.split('/').some((seg) => seg !== '' && SECRET_OR_CONFIG.test(seg));
}

/** At most this many ignored folders are made writable (each is one mount); the shallowest first. */
const MAX_PROJECT_SCRATCH = 64;

/**
 * The ignored folders git reported (`git ls-files -o -i --directory`, paths relative to the
 * project, folders ending in `/`), turned into the project's scratch folders.
 */
export function projectScratch(project: string, ignored: readonly string[]): string[] {
  const dirs = ignored
    .filter((p) => p.endsWith('/'))
    .map((p) => p.slice(0, -1))
    .filter((p) => p !== '' && !p.startsWith('/') && !p.split('/').includes('..') && !looksSecretOrConfig(p));
  dirs.sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
  return dirs.slice(0, MAX_PROJECT_SCRATCH).map((p) => posix.join(project, p));
}

/**
 * Build and cache folders a test run makes at the project's top when they are missing. When git
 * ignores one, it is made (empty) before a confined run, so the run can write there: `cargo test`
 * needs `target/`, coverage tools `coverage/`, pytest its cache.
 */
export const BUILD_OUTPUT_NAMES = [
  'target',
  'dist',
  'build',
  'out',
  'coverage',
  'htmlcov',
  '.nyc_output',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.hypothesis',
  '.tox',
  '.nox',
  '.next',
  '.nuxt',
  '.turbo',
  '.parcel-cache',
  '.svelte-kit',
  '.angular',
  '.gradle',
  '_build',
  '.build',
] as const;

function abs(v: string | undefined): string | undefined {
  return v && v.startsWith('/') ? posix.normalize(v) : undefined;
}

/** Per-user tool caches (absolute; those that exist are made writable). */
export function toolCaches(env: Env, home: string | undefined): string[] {
  const h = (...p: string[]) => (home ? [posix.join(home, ...p)] : []);
  const cargoHome = abs(env.CARGO_HOME) ?? (home ? posix.join(home, '.cargo') : undefined);
  const goPath = abs(env.GOPATH?.split(':')[0]) ?? (home ? posix.join(home, 'go') : undefined);
  const gradle = abs(env.GRADLE_USER_HOME) ?? (home ? posix.join(home, '.gradle') : undefined);
  const list = [
    ...cacheHome(env, home),
    ...(abs(env.npm_config_cache) ? [abs(env.npm_config_cache)!] : h('.npm')),
    ...h('.yarn', 'berry', 'cache'),
    ...h('.pnpm-store'),
    ...h('.local', 'share', 'pnpm', 'store'),
    ...h('.bun', 'install', 'cache'),
    ...(cargoHome ? [posix.join(cargoHome, 'registry'), posix.join(cargoHome, 'git')] : []),
    ...(goPath ? [posix.join(goPath, 'pkg', 'mod')] : []),
    ...(gradle ? ['caches', 'wrapper', 'daemon', 'native'].map((d) => posix.join(gradle, d)) : []),
    ...h('.m2', 'repository'),
    ...h('.nuget', 'packages'),
    ...h('.deno'),
    ...h('.node-gyp'),
  ];
  for (const name of ['GOCACHE', 'GOMODCACHE', 'PIP_CACHE_DIR', 'YARN_CACHE_FOLDER', 'DENO_DIR', 'UV_CACHE_DIR', 'PNPM_STORE_DIR']) {
    const v = abs(env[name]);
    if (v) list.push(v);
  }
  return [...new Set(list)];
}

/** The user's cache folder (XDG_CACHE_HOME, else ~/.cache): made when missing, as most tools would. */
export function cacheHome(env: Env, home: string | undefined): string[] {
  const x = abs(env.XDG_CACHE_HOME);
  if (x) return [x];
  return home ? [posix.join(home, '.cache')] : [];
}

/** Temp folders: /tmp, $TMPDIR, /var/tmp. */
export function tempFolders(env: Env): string[] {
  return [...new Set(['/tmp', ...(abs(env.TMPDIR) ? [abs(env.TMPDIR)!] : []), '/var/tmp'])];
}

/**
 * Sockets of daemons outside the sandbox that run or write things on request (a user's systemd
 * and D-Bus can start a process outside; Docker and Podman can mount anything): blocked, so a
 * confined command cannot ask them to do what it may not.
 */
export function daemonSockets(env: Env, uid: number | null): string[] {
  const runtime = abs(env.XDG_RUNTIME_DIR) ?? (uid !== null ? `/run/user/${uid}` : undefined);
  const out = ['/run/docker.sock', '/var/run/docker.sock', '/run/podman/podman.sock'];
  if (runtime) out.push(posix.join(runtime, 'bus'), posix.join(runtime, 'systemd', 'private'), posix.join(runtime, 'docker.sock'), posix.join(runtime, 'podman', 'podman.sock'));
  const bus = env.DBUS_SESSION_BUS_ADDRESS?.match(/(?:^|;)unix:(?:[^;]*,)?path=([^,;]+)/);
  if (bus && bus[1]!.startsWith('/')) out.push(bus[1]!);
  const docker = env.DOCKER_HOST?.match(/^unix:\/\/(\/.+)$/);
  if (docker) out.push(docker[1]!);
  return [...new Set(out)];
}
