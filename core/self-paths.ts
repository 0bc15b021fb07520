/**
 * The one table of stopline's own files: its data, its config and every place an installer
 * puts a hook or plugin. An armed contract denies writes into any of them
 * (GUARD_SELF_PROTECTION), so an agent cannot switch its own guard off; the installer reads
 * the same table to know what it owns.
 */
import { posix, win32 } from 'node:path';
import { isWindowsAbsolute } from './paths';

export type Env = Record<string, string | undefined>;

export interface SelfPathEntry {
  /** absolute path, as the platform spells it */
  path: string;
  kind: 'dir' | 'file';
  /** what lives there, for docs and the installer */
  what: string;
  /** which env var (if any) moved it from its default */
  from?: string;
}

export interface SelfPathInputs {
  env: Env;
  /** resolved data folder (core/state/datadir.ts) */
  dataDir?: string;
  /** project root (where `.stopline/` is or would be) */
  projectDir?: string;
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
  const out: SelfPathEntry[] = [];
  const add = (path: string | undefined, kind: 'dir' | 'file', what: string, from?: string) => {
    if (!path) return;
    const e: SelfPathEntry = { path, kind, what };
    if (from) e.from = from;
    if (!out.some((x) => x.path === e.path)) out.push(e);
  };

  // stopline's own data and config
  add(inp.dataDir, 'dir', 'stopline data folder (session state, evidence, labels)');
  const sh = nonEmpty(env.STOPLINE_HOME);
  if (sh) add(sh, 'dir', 'stopline data folder', 'STOPLINE_HOME');
  const xdgData = envDir(env, 'XDG_DATA_HOME', home, '.local', 'share');
  if (xdgData) add(join(xdgData.dir, 'stopline'), 'dir', 'stopline default data folder', xdgData.from);
  const xdgConfig = envDir(env, 'XDG_CONFIG_HOME', home, '.config');
  if (xdgConfig) add(join(xdgConfig.dir, 'stopline'), 'dir', 'stopline user config folder', xdgConfig.from);
  const cfg = nonEmpty(env.STOPLINE_CONFIG);
  if (cfg) add(cfg, 'file', 'stopline user config file', 'STOPLINE_CONFIG');
  if (inp.projectDir) {
    add(join(inp.projectDir, '.stopline'), 'dir', 'stopline project config folder');
    add(join(inp.projectDir, '.opencode', 'plugin', 'stopline.js'), 'file', 'OpenCode project plugin');
    // a project settings file can switch every Claude hook off (disableAllHooks)
    add(join(inp.projectDir, '.claude', 'settings.json'), 'file', 'Claude Code project settings (hooks)');
    add(join(inp.projectDir, '.claude', 'settings.local.json'), 'file', 'Claude Code local project settings (hooks)');
    // Gemini CLI and Qwen Code read hooks (and hooksConfig / disableAllHooks) from a project's settings
    add(join(inp.projectDir, '.gemini', 'settings.json'), 'file', 'Gemini CLI project settings (hooks)');
    add(join(inp.projectDir, '.gemini', 'stopline'), 'dir', 'Gemini CLI project hook script');
    add(join(inp.projectDir, '.qwen', 'settings.json'), 'file', 'Qwen Code project settings (hooks)');
    add(join(inp.projectDir, '.qwen', 'stopline'), 'dir', 'Qwen Code project hook script');
    add(join(inp.projectDir, '.github', 'hooks', 'stopline.json'), 'file', 'Copilot project hook file');
    add(join(inp.projectDir, '.github', 'hooks', 'stopline'), 'dir', 'Copilot project hook script');
    add(join(inp.projectDir, '.factory', 'hooks.json'), 'file', 'Droid project hooks');
    add(join(inp.projectDir, '.factory', 'settings.json'), 'file', 'Droid project settings (hooks)');
    add(join(inp.projectDir, '.factory', 'stopline'), 'dir', 'Droid project hook script');
  }

  // installed artifacts, per host
  const claude = envDir(env, 'CLAUDE_CONFIG_DIR', home, '.claude');
  if (claude) {
    add(join(claude.dir, 'plugins', 'stopline'), 'dir', 'Claude Code plugin', claude.from);
    add(join(claude.dir, 'settings.json'), 'file', 'Claude Code user settings (hooks)', claude.from);
  }
  if (home && claude?.from) {
    add(join(home, '.claude', 'plugins', 'stopline'), 'dir', 'Claude Code plugin');
    add(join(home, '.claude', 'settings.json'), 'file', 'Claude Code user settings (hooks)');
  }
  const codex = envDir(env, 'CODEX_HOME', home, '.codex');
  if (codex) {
    add(join(codex.dir, 'stopline.mjs'), 'file', 'Codex hook script', codex.from);
    add(join(codex.dir, 'hooks.json'), 'file', 'Codex hooks', codex.from);
    add(join(codex.dir, 'config.toml'), 'file', 'Codex config (hook trust)', codex.from);
  }
  if (xdgConfig) add(join(xdgConfig.dir, 'opencode', 'plugin', 'stopline.js'), 'file', 'OpenCode user plugin', xdgConfig.from);
  const hermes = envDir(env, 'HERMES_HOME', home, '.hermes');
  if (hermes) {
    add(join(hermes.dir, 'plugins', 'stopline'), 'dir', 'Hermes plugin', hermes.from);
    add(join(hermes.dir, 'config.yaml'), 'file', 'Hermes config (plugins.enabled)', hermes.from);
  }
  const pi = envDir(env, 'PI_CODING_AGENT_DIR', home, '.pi', 'agent');
  if (pi) add(join(pi.dir, 'extensions', 'stopline.ts'), 'file', 'Pi extension', pi.from);
  // GEMINI_CLI_HOME stands for the home folder that holds .gemini
  const gemini = envDir(env, 'GEMINI_CLI_HOME', home);
  if (gemini) {
    add(join(gemini.dir, '.gemini', 'stopline'), 'dir', 'Gemini CLI hook script', gemini.from);
    add(join(gemini.dir, '.gemini', 'settings.json'), 'file', 'Gemini CLI user settings (hooks)', gemini.from);
    add(join(gemini.dir, '.gemini', 'extensions', 'stopline'), 'dir', 'Gemini CLI extension', gemini.from);
  }
  const qwen = envDir(env, 'QWEN_HOME', home, '.qwen');
  if (qwen) {
    add(join(qwen.dir, 'stopline'), 'dir', 'Qwen Code hook script', qwen.from);
    add(join(qwen.dir, 'settings.json'), 'file', 'Qwen Code user settings (hooks)', qwen.from);
    add(join(qwen.dir, 'extensions', 'stopline'), 'dir', 'Qwen Code extension', qwen.from);
  }
  const copilot = envDir(env, 'COPILOT_HOME', home, '.copilot');
  if (copilot) {
    add(join(copilot.dir, 'stopline'), 'dir', 'Copilot hook script', copilot.from);
    add(join(copilot.dir, 'hooks', 'stopline.json'), 'file', 'Copilot hook file', copilot.from);
    // enabledPlugins (the plugin route) and hooks live here too
    add(join(copilot.dir, 'settings.json'), 'file', 'Copilot settings (plugins, hooks)', copilot.from);
  }
  const factoryBase = envDir(env, 'FACTORY_HOME_OVERRIDE', home);
  if (factoryBase) {
    const factory = join(factoryBase.dir, '.factory');
    add(join(factory, 'stopline'), 'dir', 'Droid hook script', factoryBase.from);
    add(join(factory, 'hooks.json'), 'file', 'Droid hooks', factoryBase.from);
    add(join(factory, 'settings.json'), 'file', 'Droid settings (hooks, plugins)', factoryBase.from);
  }
  return out;
}

/** Just the paths, for decide()'s context. */
export function selfPaths(inp: SelfPathInputs): string[] {
  // A long-lived process (OpenCode, Pi, `listen`) asks for the same table on every tool call;
  // it is a pure function of these inputs, so the last answer is kept (about 25 path joins saved).
  const key = [inp.dataDir ?? '', inp.projectDir ?? '', ...TABLE_ENV.map((name) => inp.env[name] ?? '')].join('\0');
  if (lastPaths && lastPaths.key === key) return lastPaths.paths;
  const paths = selfPathTable(inp).map((e) => e.path);
  lastPaths = { key, paths };
  return paths;
}

/** Every environment variable selfPathTable reads (a test keeps this list complete). */
export const TABLE_ENV = ['HOME', 'USERPROFILE', 'STOPLINE_HOME', 'XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'STOPLINE_CONFIG', 'CLAUDE_CONFIG_DIR', 'CODEX_HOME', 'HERMES_HOME', 'PI_CODING_AGENT_DIR', 'GEMINI_CLI_HOME', 'QWEN_HOME', 'COPILOT_HOME', 'FACTORY_HOME_OVERRIDE'] as const;
let lastPaths: { key: string; paths: string[] } | undefined;

/**
 * The variables a shell command may use to name stopline's or a host's folders, that the shell
 * analysis resolves from the hook's environment (`rm -rf "$CODEX_HOME"`). A value is used only
 * when expanding it is one plain word: no blanks (an unquoted expansion would split), no glob
 * characters, no leading `~` (the shell does not expand a tilde inside a value). Any other value,
 * or a variable the hook does not know, stays a run-time value: its targets are unproven.
 */
export const PATH_VARS = [
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
