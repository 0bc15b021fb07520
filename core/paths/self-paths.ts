/**
 * The one table of every path whose change can switch the guard off, loosen it or go around it:
 * stopline's data and config, the resident evaluator's folder (its socket and the decision code
 * it caches), every place an installer puts a hook or plugin (stopline's own installer and the
 * hosts' plugin systems: plugin folders, caches, marketplaces, the host's plugin indexes), the
 * hosts' settings files (user, project, managed), and the person's shell start-up files, which
 * set the environment of the next session (`export STOPLINE_FAIL_OPEN=1`). An armed contract
 * denies writes into any of them (GUARD_SELF_PROTECTION), so an agent cannot switch its own
 * guard off; the installer reads the same table to know what it owns, and a test runs every
 * install plan of every host and fails when a path it writes is not covered here.
 */
import { posix, win32 } from 'node:path';
import { HOST_SPECS, expandLayoutPath, type HostLayout } from '../registry/host-specs';
import { isWindowsAbsolute } from './paths';

export type Env = Record<string, string | undefined>;

export interface SelfPathEntry {
  /** absolute path, as the platform spells it */
  path: string;
  /** which env var (if any) moved it from its default */
  from?: string;
}

interface SelfPathInputs {
  env: Env;
  /** resolved data folder (core/state/datadir.ts) */
  dataDir?: string;
  /** project root (where `.stopline/` is or would be) */
  projectDir?: string;
  /** the user id, which names the evaluator folder under TMPDIR; null or absent where there is none */
  uid?: number | null;
}

export function homeFrom(env: Env): string | undefined {
  return nonEmpty(env.HOME) ?? nonEmpty(env.USERPROFILE);
}

function nonEmpty(v: string | undefined): string | undefined {
  return v && v.trim() !== '' ? v : undefined;
}

function join(base: string, ...parts: string[]): string {
  return isWindowsAbsolute(base) ? win32.join(base, ...parts) : posix.join(base, ...parts);
}

/** An env folder if it is absolute (or `~`-relative with a known home); else the default. */
function envDir(env: Env, name: string, home: string | undefined, ...fallback: string[]): { dir: string; from?: string } | null {
  return envValue(env, name, home) ?? (home ? { dir: join(home, ...fallback) } : null);
}

/** An env folder if it is absolute (or `~`-relative with a known home); else null. */
function envValue(env: Env, name: string, home: string | undefined): { dir: string; from: string } | null {
  const raw = nonEmpty(env[name]);
  if (raw) {
    if (raw === '~' || raw.startsWith('~/')) {
      if (home) return { dir: join(home, raw.slice(1)), from: name };
    } else if (raw.startsWith('/') || isWindowsAbsolute(raw)) {
      return { dir: raw, from: name };
    }
  }
  return null;
}

/**
 * A host's user folder: the first of its variables set to an absolute (or `~`) path, else its
 * place below HOME; null when neither is known.
 */
function hostFolder(env: Env, home: string | undefined, lay: HostLayout): { dir: string; from?: string } | null {
  for (const v of lay.env ?? []) {
    const slash = v.indexOf('/');
    const name = slash < 0 ? v : v.slice(0, slash);
    const base = envValue(env, name, home);
    if (base) return { dir: slash < 0 ? base.dir : join(base.dir, ...v.slice(slash + 1).split('/')), from: name };
  }
  return home ? { dir: join(home, ...lay.dir.split('/').filter((x) => x !== '')) } : null;
}

/** The full table, resolved from the environment. Entries whose base cannot be known are left out. */
export function selfPathTable(inp: SelfPathInputs): SelfPathEntry[] {
  const { env } = inp;
  const home = homeFrom(env);
  const windows = home !== undefined && isWindowsAbsolute(home);
  const out: SelfPathEntry[] = [];
  // what each path holds is said beside it: the strings would ride in every artifact and nothing reads them
  const add = (path: string | undefined, from?: string): void => {
    if (!path) return;
    const e: SelfPathEntry = { path };
    if (from) e.from = from;
    if (!out.some((x) => x.path === e.path)) out.push(e);
  };

  // stopline's own data and config
  add(inp.dataDir); // stopline data folder (session state, evidence, labels)
  const sh = nonEmpty(env.STOPLINE_HOME);
  if (sh) add(sh, 'STOPLINE_HOME'); // stopline data folder
  const xdgData = envDir(env, 'XDG_DATA_HOME', home, '.local', 'share');
  if (xdgData) add(join(xdgData.dir, 'stopline'), xdgData.from); // stopline default data folder
  const xdgConfig = envDir(env, 'XDG_CONFIG_HOME', home, '.config');
  if (xdgConfig) add(join(xdgConfig.dir, 'stopline'), xdgConfig.from); // stopline user config folder
  const cfg = nonEmpty(env.STOPLINE_CONFIG);
  if (cfg) add(cfg, 'STOPLINE_CONFIG'); // stopline user config file
  if (inp.projectDir) add(join(inp.projectDir, '.stopline')); // stopline project config folder

  // the resident evaluator's folder: its sockets and the copy of the decision code it imports
  // (hosts/shared/evaluator/where.ts decides which one a hook uses; every candidate is here, as
  // the shell that runs a tool may see another TMPDIR than the hook)
  if (!windows) {
    const runtimeDir = nonEmpty(env.XDG_RUNTIME_DIR);
    if (runtimeDir?.startsWith('/')) add(join(runtimeDir.replace(/\/+$/, ''), 'stopline'), 'XDG_RUNTIME_DIR'); // resident evaluator folder (sockets, cached decision code)
    if (typeof inp.uid === 'number') {
      const tmp = nonEmpty(env.TMPDIR);
      if (tmp?.startsWith('/')) add(join(tmp.replace(/\/+$/, '') || '/', `stopline-${inp.uid}`), 'TMPDIR'); // resident evaluator folder (sockets, cached decision code)
      // where.ts's default, when TMPDIR is not an absolute path
      add(join('/tmp', `stopline-${inp.uid}`)); // resident evaluator folder (sockets, cached decision code)
    }
  }

  // installed artifacts, per host: stopline's own install, the host's plugin system, its settings
  const under = (base: string, rels: readonly string[] | undefined, from?: string): void => {
    for (const rel of rels ?? []) for (const p of expandLayoutPath(rel)) add(join(base, ...p.split('/')), from);
  };
  for (const spec of HOST_SPECS) {
    const lay: HostLayout = spec.layout;
    if (inp.projectDir) under(inp.projectDir, lay.project);
    const folder = hostFolder(env, home, lay);
    if (folder) under(folder.dir, lay.user, folder.from);
    if (folder?.from && lay.keepDefault && home) under(join(home, ...lay.dir.split('/')), lay.user);
    if (home) under(home, lay.home);
    for (const entry of lay.system ?? []) {
      const eq = entry.indexOf('=');
      const name = eq > 0 ? entry.slice(0, eq) : undefined;
      const set = name ? nonEmpty(env[name]) : undefined;
      if (set) add(set, name);
      else for (const p of expandLayoutPath(entry.slice(eq + 1))) if (p && isWindowsAbsolute(p) === windows) add(p);
    }
  }

  // the person's shell start-up files: what they export (STOPLINE_*, a host's settings) is the
  // environment of every later session, and what they run runs outside any tool call
  if (home) {
    for (const name of SHELL_STARTUP) add(join(home, name)); // shell start-up file
    for (const rel of WINDOWS_PROFILES) add(join(home, ...rel.split('/'))); // PowerShell profiles
  }
  const zdot = envDir(env, 'ZDOTDIR', home);
  if (zdot?.from) for (const name of ZSH_FILES) add(join(zdot.dir, name), zdot.from); // shell start-up file
  if (xdgConfig) {
    // fish keeps its universal variables (`set -Ux`) beside its start-up files
    for (const name of ['fish', 'nushell', 'powershell', 'environment.d']) add(join(xdgConfig.dir, name), xdgConfig.from); // shell start-up files
  }
  // read by a non-interactive bash (BASH_ENV: the `bash -c` a host runs) or an interactive sh (ENV)
  for (const [name, v] of [['BASH_ENV', env.BASH_ENV], ['ENV', env.ENV]] as const) {
    if (v && (v.startsWith('/') || isWindowsAbsolute(v))) add(v, name); // shell start-up file
  }
  return out;
}

const ZSH_FILES = ['.zshenv', '.zprofile', '.zshrc', '.zlogin', '.zlogout'] as const;

/**
 * The start-up files of the shells a person may use, under their home: bash (login and
 * interactive, and .bash_logout, which runs code when a login shell ends), zsh (.zshenv is read
 * by every zsh, `zsh -c` included), POSIX sh and ksh (.profile, .kshrc, .mkshrc), csh and tcsh,
 * PAM's .pam_environment, and the PowerShell profile folders of a Windows home. The XDG ones
 * (fish, nushell, PowerShell, environment.d) follow XDG_CONFIG_HOME in selfPathTable.
 */
const SHELL_STARTUP = ['.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', ...ZSH_FILES, '.kshrc', '.mkshrc', '.cshrc', '.tcshrc', '.login', '.logout', '.pam_environment'] as const;
/** The PowerShell profile folders of a Windows home. */
const WINDOWS_PROFILES = ['Documents/PowerShell', 'Documents/WindowsPowerShell'] as const;

/** Just the paths, for decide()'s context. */
export function selfPaths(inp: SelfPathInputs): string[] {
  // A long-lived process (OpenCode, Pi, `listen`) asks for the same table on every tool call;
  // it is a pure function of these inputs, so the last answer is kept (about 25 path joins saved).
  const key = [inp.dataDir ?? '', inp.projectDir ?? '', String(inp.uid ?? ''), ...TABLE_ENV.map((name) => inp.env[name] ?? '')].join('\0');
  if (lastPaths && lastPaths.key === key) return lastPaths.paths;
  const paths = selfPathTable(inp).map((e) => e.path);
  lastPaths = { key, paths };
  return paths;
}

/** The variables that move a host's user folder, in HOST_SPECS order. */
const HOST_FOLDER_VARS: readonly string[] = [...new Set(HOST_SPECS.flatMap((s) => (s.layout as HostLayout).env ?? []).map((v) => v.split('/')[0]!))];
/** The variables that name a host's system settings file. */
const HOST_FILE_VARS: readonly string[] = HOST_SPECS.flatMap((s) => ((s.layout as HostLayout).system ?? []).flatMap((e) => (e.indexOf('=') > 0 ? [e.slice(0, e.indexOf('='))] : [])));

/** The variables that name one of a host's settings or credentials files (HostLayout.settingsVars, secretVars), in HOST_SPECS order. */
const HOST_FILE_PATH_VARS: readonly string[] = HOST_SPECS.flatMap((s) => [...((s.layout as HostLayout).settingsVars ?? []), ...((s.layout as HostLayout).secretVars ?? [])]);

/**
 * The variables of agents' other folders that keep credentials or key-bearing settings
 * (HostLayout.otherFolders with a rank, and Cursor's, which is no host), lowest rank first:
 * secrets.ts names a path by the first of these it lies below, so a folder with credentials comes
 * before one with settings only. Equal ranks keep their order, the hosts' in HOST_SPECS order first.
 */
const OTHER_FOLDER_VARS: readonly string[] = [
  ...HOST_SPECS.flatMap((s) => ((s.layout as HostLayout).otherFolders ?? []).flatMap((f) => (f.rank === undefined ? [] : [{ env: f.env, rank: f.rank }]))),
  { env: 'CURSOR_DATA_DIR', rank: 1 },
]
  .sort((a, b) => a.rank - b.rank)
  .map((f) => f.env);

/**
 * Every environment variable selfPathTable reads (a test keeps this list complete).
 * @keep TABLE_ENV the key of the remembered self-path table: the test holds it to every variable the table
 *   reads
 */
export const TABLE_ENV: readonly string[] = [
  ...new Set(['HOME', 'USERPROFILE', 'STOPLINE_HOME', 'XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'XDG_RUNTIME_DIR', 'TMPDIR', 'STOPLINE_CONFIG', ...HOST_FOLDER_VARS, ...HOST_FILE_VARS, 'ZDOTDIR', 'BASH_ENV', 'ENV']),
];
let lastPaths: { key: string; paths: string[] } | undefined;

/**
 * The variables a shell command may use to name stopline's or a host's folders, that the shell
 * analysis resolves from the hook's environment (`rm -rf "$CODEX_HOME"`). A value is used only
 * when expanding it is one plain word: no blanks (an unquoted expansion would split), no glob
 * characters, no leading `~` (the shell does not expand a tilde inside a value). Any other value,
 * or a variable the hook does not know, stays a run-time value: its targets are unproven.
 */
const PATH_VARS: readonly string[] = [
  ...new Set([
    'STOPLINE_HOME',
    'STOPLINE_CONFIG',
    ...HOST_FOLDER_VARS,
    // folders and files of agents that keep credentials or key-bearing settings (secrets.ts)
    ...OTHER_FOLDER_VARS,
    // files: secrets.ts matches one by equality, and only a credentials file (secretVars) is named other
    // than settings, so the hosts' files keep their place before Amp's settings file
    ...HOST_FILE_PATH_VARS,
    'AMP_SETTINGS_FILE',
    'XDG_CONFIG_HOME',
    'XDG_DATA_HOME',
    'XDG_STATE_HOME',
    'XDG_CACHE_HOME',
    'XDG_RUNTIME_DIR',
    // the floor leaves a temp folder free: `rm -rf "$TMPDIR/x"` is placed there only when the hook knows it
    'TMPDIR',
  ]),
];

export function pathVars(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PATH_VARS) {
    const v = env[name];
    if (v && !/[\s*?[\]]/.test(v) && !v.startsWith('~')) out[name] = v;
  }
  return out;
}
