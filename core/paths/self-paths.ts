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
  const raw = nonEmpty(env[name]);
  if (raw) {
    if (raw === '~' || raw.startsWith('~/')) {
      if (home) return { dir: join(home, raw.slice(1)), from: name };
    } else if (raw.startsWith('/') || isWindowsAbsolute(raw)) {
      return { dir: raw, from: name };
    }
  }
  return home ? { dir: join(home, ...fallback) } : null;
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
  if (inp.projectDir) {
    const project = inp.projectDir;
    add(join(project, '.stopline')); // stopline project config folder
    add(join(project, '.opencode', 'plugin', 'stopline.js')); // OpenCode project plugin
    add(join(project, '.opencode', 'plugins', 'stopline.js')); // OpenCode project plugin (plural folder)
    for (const name of ['opencode.json', 'opencode.jsonc']) {
      add(join(project, name)); // OpenCode project config (plugins)
      add(join(project, '.opencode', name)); // OpenCode project config (plugins)
    }
    // `stopline install codex --scope project`: the hook script and hooks.json
    add(join(project, '.codex')); // Codex project hooks and config
    add(join(project, '.pi', 'extensions', 'stopline.ts')); // Pi project extension
    add(join(project, '.pi', 'extensions', 'skills', 'stopline')); // Pi project skill of the extension
    add(join(project, '.pi', 'settings.json')); // Pi project settings (packages)
    add(join(project, '.gemini', '.env')); // Gemini CLI project environment file
    add(join(project, '.gemini', 'extensions')); // Gemini CLI project extensions
    add(join(project, '.qwen', '.env')); // Qwen Code project environment file
    // a project settings file can switch every Claude hook off (disableAllHooks)
    add(join(project, '.claude', 'settings.json')); // Claude Code project settings (hooks)
    add(join(project, '.claude', 'settings.local.json')); // Claude Code local project settings (hooks)
    // Gemini CLI and Qwen Code read hooks (and hooksConfig / disableAllHooks) from a project's settings
    add(join(project, '.gemini', 'settings.json')); // Gemini CLI project settings (hooks)
    add(join(project, '.gemini', 'stopline')); // Gemini CLI project hook script
    add(join(project, '.qwen', 'settings.json')); // Qwen Code project settings (hooks)
    add(join(project, '.qwen', 'stopline')); // Qwen Code project hook script
    add(join(project, '.github', 'hooks', 'stopline.json')); // Copilot project hook file
    add(join(project, '.github', 'hooks', 'stopline')); // Copilot project hook script
    add(join(project, '.factory', 'hooks.json')); // Droid project hooks
    add(join(project, '.factory', 'settings.json')); // Droid project settings (hooks)
    add(join(project, '.factory', 'stopline')); // Droid project hook script
    add(join(project, '.clinerules', 'hooks')); // Cline project hook files (one per event)
    add(join(project, '.cline', 'hooks')); // Cline project hook files (the second folder it reads)
    add(join(project, '.cline', 'stopline')); // Cline project hook script
    // OpenHands reads only the first hooks file: a project one, even empty, hides the user's
    add(join(project, '.openhands', 'hooks.json')); // OpenHands project hooks
    add(join(project, '.openhands', 'stopline')); // OpenHands project hook script
    // a trusted project's table named like stopline's replaces it
    add(join(project, '.vibe', 'hooks.toml')); // Mistral Vibe project hooks
    add(join(project, '.vibe', 'stopline')); // Mistral Vibe project hook script
  }

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

  // installed artifacts, per host: stopline's own install and the host's plugin system
  const claude = envDir(env, 'CLAUDE_CONFIG_DIR', home, '.claude');
  for (const dir of [claude?.dir, claude?.from && home ? join(home, '.claude') : undefined]) {
    if (!dir) continue;
    const from = dir === claude?.dir ? claude?.from : undefined;
    // the stopline-local marketplace `stopline install claude` makes, Claude's own plugin cache,
    // marketplace copies and plugin data, installed_plugins.json and known_marketplaces.json
    add(join(dir, 'plugins'), from); // Claude Code plugins (marketplaces, cache, plugin indexes)
    add(join(dir, 'settings.json'), from); // Claude Code user settings (hooks, enabled plugins)
    // where CLAUDE_CONFIG_DIR is set, Claude keeps its global config file inside it
    if (from) add(join(dir, '.claude.json'), from); // Claude Code global config
  }
  if (home) add(join(home, '.claude.json')); // Claude Code global config (projects, MCP servers)
  for (const dir of claudeManagedSettingsDirs(windows)) add(dir); // Claude Code managed settings (managed-settings.json, managed-settings.d)
  const codex = envDir(env, 'CODEX_HOME', home, '.codex');
  if (codex) {
    add(join(codex.dir, 'stopline.mjs'), codex.from); // Codex hook script
    add(join(codex.dir, 'hooks.json'), codex.from); // Codex hooks
    add(join(codex.dir, 'config.toml'), codex.from); // Codex config (hook trust, plugins)
    add(join(codex.dir, 'plugins'), codex.from); // Codex plugins (cache, marketplaces)
  }
  if (xdgConfig) {
    add(join(xdgConfig.dir, 'opencode', 'plugin', 'stopline.js'), xdgConfig.from); // OpenCode user plugin
    add(join(xdgConfig.dir, 'opencode', 'plugins', 'stopline.js'), xdgConfig.from); // OpenCode user plugin (plural folder)
    // the "plugin" list: a native install is named there
    add(join(xdgConfig.dir, 'opencode', 'opencode.json'), xdgConfig.from); // OpenCode user config (plugins)
    add(join(xdgConfig.dir, 'opencode', 'opencode.jsonc'), xdgConfig.from); // OpenCode user config (plugins)
  }
  const hermes = envDir(env, 'HERMES_HOME', home, '.hermes');
  if (hermes) {
    add(join(hermes.dir, 'plugins', 'stopline'), hermes.from); // Hermes plugin
    add(join(hermes.dir, 'config.yaml'), hermes.from); // Hermes config (plugins.enabled, shell hooks)
    add(join(hermes.dir, '.env'), hermes.from); // Hermes environment file
  }
  const pi = envDir(env, 'PI_CODING_AGENT_DIR', home, '.pi', 'agent');
  if (pi) {
    add(join(pi.dir, 'extensions', 'stopline.ts'), pi.from); // Pi extension
    add(join(pi.dir, 'extensions', 'skills', 'stopline'), pi.from); // Pi skill of the extension
    // `packages` (a native install) and extension settings; npm/ holds the packages pi installs
    add(join(pi.dir, 'settings.json'), pi.from); // Pi settings (packages)
    add(join(pi.dir, 'npm'), pi.from); // Pi packages installed from npm
  }
  // GEMINI_CLI_HOME stands for the home folder that holds .gemini
  const gemini = envDir(env, 'GEMINI_CLI_HOME', home);
  if (gemini) {
    add(join(gemini.dir, '.gemini', 'stopline'), gemini.from); // Gemini CLI hook script
    add(join(gemini.dir, '.gemini', 'settings.json'), gemini.from); // Gemini CLI user settings (hooks)
    // the extension and extension-enablement.json, which turns it off per folder
    add(join(gemini.dir, '.gemini', 'extensions'), gemini.from); // Gemini CLI extensions (stopline, enablement)
    add(join(gemini.dir, '.gemini', '.env'), gemini.from); // Gemini CLI environment file
  }
  add(nonEmpty(env.GEMINI_CLI_SYSTEM_SETTINGS_PATH) ?? (windows ? undefined : '/etc/gemini-cli/settings.json'), env.GEMINI_CLI_SYSTEM_SETTINGS_PATH ? 'GEMINI_CLI_SYSTEM_SETTINGS_PATH' : undefined); // Gemini CLI system settings (hooks)
  const qwen = envDir(env, 'QWEN_HOME', home, '.qwen');
  if (qwen) {
    add(join(qwen.dir, 'stopline'), qwen.from); // Qwen Code hook script
    add(join(qwen.dir, 'settings.json'), qwen.from); // Qwen Code user settings (hooks)
    add(join(qwen.dir, 'extensions', 'stopline'), qwen.from); // Qwen Code extension
    // whether an installed extension is activated
    add(join(qwen.dir, 'extension-store'), qwen.from); // Qwen Code extension store (activation)
    add(join(qwen.dir, '.env'), qwen.from); // Qwen Code environment file
  }
  add(nonEmpty(env.QWEN_CODE_SYSTEM_SETTINGS_PATH) ?? (windows ? undefined : '/etc/qwen-code/settings.json'), env.QWEN_CODE_SYSTEM_SETTINGS_PATH ? 'QWEN_CODE_SYSTEM_SETTINGS_PATH' : undefined); // Qwen Code system settings (hooks)
  const copilot = envDir(env, 'COPILOT_HOME', home, '.copilot');
  if (copilot) {
    add(join(copilot.dir, 'stopline'), copilot.from); // Copilot hook script
    add(join(copilot.dir, 'hooks', 'stopline.json'), copilot.from); // Copilot hook file
    // enabledPlugins (the plugin route) and hooks live here too
    add(join(copilot.dir, 'settings.json'), copilot.from); // Copilot settings (plugins, hooks)
  }
  const factoryBase = envDir(env, 'FACTORY_HOME_OVERRIDE', home);
  if (factoryBase) {
    const factory = join(factoryBase.dir, '.factory');
    add(join(factory, 'stopline'), factoryBase.from); // Droid hook script
    add(join(factory, 'hooks.json'), factoryBase.from); // Droid hooks
    add(join(factory, 'settings.json'), factoryBase.from); // Droid settings (hooks, plugins)
    add(join(factory, 'plugins'), factoryBase.from); // Droid plugins (cache, marketplaces)
  }
  if (home) {
    add(join(home, '.cline', 'hooks')); // Cline user hook files (one per event)
    add(join(home, '.cline', 'stopline')); // Cline hook script
    add(join(home, 'Documents', 'Cline', 'Hooks')); // Cline's second user hooks folder
  }
  const kimi = envDir(env, 'KIMI_SHARE_DIR', home, '.kimi');
  if (kimi) {
    add(join(kimi.dir, 'stopline'), kimi.from); // Kimi Code hook script
    add(join(kimi.dir, 'config.toml'), kimi.from); // Kimi Code config (the only place it reads hooks)
  }
  // Kilo Code (an OpenCode fork): plugin folders and the config files that can list a plugin or
  // turn plugins off, in its global folder, the project's two folders and its managed folder
  const kiloDirs: { dir: string; from?: string | undefined }[] = [];
  if (xdgConfig) kiloDirs.push({ dir: join(xdgConfig.dir, 'kilo'), from: xdgConfig.from });
  if (inp.projectDir) for (const d of ['.kilo', '.kilocode']) kiloDirs.push({ dir: join(inp.projectDir, d) });
  if (!windows) kiloDirs.push({ dir: '/etc/kilo' }, { dir: '/Library/Application Support/kilo' });
  for (const { dir, from } of kiloDirs) {
    for (const sub of ['plugin', 'plugins']) add(join(dir, sub, 'stopline.js'), from); // Kilo Code plugin
    for (const name of ['kilo.json', 'kilo.jsonc', 'opencode.json', 'opencode.jsonc']) add(join(dir, name), from); // Kilo Code config (plugins)
  }
  if (home) {
    add(join(home, '.openhands', 'hooks.json')); // OpenHands user hooks
    add(join(home, '.openhands', 'stopline')); // OpenHands hook script
  }
  // OPENCLAW_HOME stands for the home folder that holds .openclaw; OPENCLAW_STATE_DIR for .openclaw itself
  const openclawHome = envDir(env, 'OPENCLAW_HOME', home);
  const openclaw = nonEmpty(env.OPENCLAW_STATE_DIR) ? envDir(env, 'OPENCLAW_STATE_DIR', home) : openclawHome && { dir: join(openclawHome.dir, '.openclaw'), ...(openclawHome.from ? { from: openclawHome.from } : {}) };
  if (openclaw) {
    add(join(openclaw.dir, 'stopline'), openclaw.from); // OpenClaw plugin
    add(join(openclaw.dir, 'openclaw.json'), openclaw.from); // OpenClaw config (plugins.load.paths, plugins.entries)
    add(join(openclaw.dir, 'extensions'), openclaw.from); // OpenClaw plugins installed by openclaw plugins install
    add(join(openclaw.dir, '.env'), openclaw.from); // OpenClaw environment file
  }
  add(nonEmpty(env.OPENCLAW_CONFIG_PATH), env.OPENCLAW_CONFIG_PATH ? 'OPENCLAW_CONFIG_PATH' : undefined); // OpenClaw config named by the environment
  const vibe = envDir(env, 'VIBE_HOME', home, '.vibe');
  if (vibe) {
    add(join(vibe.dir, 'stopline'), vibe.from); // Mistral Vibe hook script
    add(join(vibe.dir, 'hooks.toml'), vibe.from); // Mistral Vibe hooks
    add(join(vibe.dir, 'config.toml'), vibe.from); // Mistral Vibe settings (tools, agents)
    // a folder listed here loads its own .vibe/hooks.toml, whose stopline-named tables win
    add(join(vibe.dir, 'trusted_folders.toml'), vibe.from); // Mistral Vibe trusted folders
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

/**
 * Where Claude Code reads managed settings (`managed-settings.json` and the `managed-settings.d/`
 * drop-ins), which can turn hooks off for every session. Both POSIX places are listed on any
 * POSIX system: the table does not know which of the two this is, and a path that does not exist
 * protects nothing. hosts/cli/doctor reads the same places.
 */
export function claudeManagedSettingsDirs(windows: boolean): string[] {
  return windows ? ['C:\\Program Files\\ClaudeCode'] : ['/etc/claude-code', '/Library/Application Support/ClaudeCode'];
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

/** Every environment variable selfPathTable reads (a test keeps this list complete). */
export const TABLE_ENV = [
  'HOME',
  'USERPROFILE',
  'STOPLINE_HOME',
  'XDG_DATA_HOME',
  'XDG_CONFIG_HOME',
  'XDG_RUNTIME_DIR',
  'TMPDIR',
  'STOPLINE_CONFIG',
  'CLAUDE_CONFIG_DIR',
  'CODEX_HOME',
  'HERMES_HOME',
  'PI_CODING_AGENT_DIR',
  'GEMINI_CLI_HOME',
  'GEMINI_CLI_SYSTEM_SETTINGS_PATH',
  'QWEN_HOME',
  'QWEN_CODE_SYSTEM_SETTINGS_PATH',
  'COPILOT_HOME',
  'FACTORY_HOME_OVERRIDE',
  'KIMI_SHARE_DIR',
  'OPENCLAW_HOME',
  'OPENCLAW_STATE_DIR',
  'OPENCLAW_CONFIG_PATH',
  'VIBE_HOME',
  'ZDOTDIR',
  'BASH_ENV',
  'ENV',
] as const;
let lastPaths: { key: string; paths: string[] } | undefined;

/**
 * The variables a shell command may use to name stopline's or a host's folders, that the shell
 * analysis resolves from the hook's environment (`rm -rf "$CODEX_HOME"`). A value is used only
 * when expanding it is one plain word: no blanks (an unquoted expansion would split), no glob
 * characters, no leading `~` (the shell does not expand a tilde inside a value). Any other value,
 * or a variable the hook does not know, stays a run-time value: its targets are unproven.
 */
const PATH_VARS = [
  'STOPLINE_HOME',
  'STOPLINE_CONFIG',
  'CLAUDE_CONFIG_DIR',
  'CODEX_HOME',
  'HERMES_HOME',
  'PI_CODING_AGENT_DIR',
  'GEMINI_CLI_HOME',
  'QWEN_HOME',
  'COPILOT_HOME',
  'FACTORY_HOME_OVERRIDE',
  'KIMI_SHARE_DIR',
  'OPENCLAW_HOME',
  'OPENCLAW_STATE_DIR',
  'VIBE_HOME',
  // folders and files of agents that keep credentials or key-bearing settings (secrets.ts)
  'KIMI_CODE_HOME',
  'CURSOR_DATA_DIR',
  'OPENCODE_CONFIG_DIR',
  'OPENCODE_CONFIG',
  'OPENCODE_DB',
  'AMP_SETTINGS_FILE',
  'GEMINI_CLI_SYSTEM_SETTINGS_PATH',
  'QWEN_CODE_SYSTEM_SETTINGS_PATH',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_STATE_HOME',
  'XDG_CACHE_HOME',
  'XDG_RUNTIME_DIR',
  // the floor leaves a temp folder free: `rm -rf "$TMPDIR/x"` is placed there only when the hook knows it
  'TMPDIR',
] as const;

export function pathVars(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PATH_VARS) {
    const v = env[name];
    if (v && !/[\s*?[\]]/.test(v) && !v.startsWith('~')) out[name] = v;
  }
  return out;
}
