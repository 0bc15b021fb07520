/**
 * Which data folders hold evidence a person at a terminal may want to see. A hook decides its
 * folder per event (STOPLINE_HOME, else `dataDir` from the user config, else the host's own data
 * folder, else the XDG default: core/state/datadir.ts), so the terminal views read every folder a
 * host may have written to: when STOPLINE_HOME or `dataDir` is set that is the only one, otherwise
 * the default folder plus the host data folders that exist (Hermes keeps its evidence in the
 * Hermes profile; a Claude Code plugin in CLAUDE_PLUGIN_DATA).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../../core/config/config';
import { resolveDataDir } from '../../../core/state/datadir';
import { homeFrom } from '../../../core/paths/self-paths';
import type { Env } from '../style';

export interface DataFolder {
  path: string;
  /** why this folder is read, for the person */
  why: string;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function absolute(env: Env, value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const home = homeFrom({ ...env });
  if (home && (v === '~' || v.startsWith('~/'))) return join(home, v.slice(1));
  return resolve(v);
}

/** The folders, most specific first; never empty unless neither STOPLINE_HOME nor HOME is set. */
export function evidenceFolders(env: Env, cwd: string): DataFolder[] {
  const plain = { ...env };
  const explicit = absolute(env, env.STOPLINE_HOME);
  if (explicit) return [{ path: explicit, why: 'STOPLINE_HOME' }];
  const { config } = loadConfig(plain, cwd);
  if (config.dataDir) return [{ path: resolveDataDir(plain, { configDataDir: config.dataDir }), why: `dataDir in ${config.sources.user ?? 'the user config'}` }];

  // the default folder is always listed (a first session writes there); host folders only when present
  const folders: (DataFolder & { always?: boolean })[] = [];
  try {
    folders.push({ path: resolveDataDir(plain), why: 'the default data folder', always: true });
  } catch {
    // no HOME and nothing set: only host folders named by their own variables remain
  }
  const home = homeFrom(plain);
  const hermesHome = absolute(env, env.HERMES_HOME) ?? (home ? join(home, '.hermes') : undefined);
  if (hermesHome) folders.push({ path: join(hermesHome, 'stopline'), why: 'Hermes Agent (the profile in HERMES_HOME)' });
  const claudeDir = absolute(env, env.CLAUDE_CONFIG_DIR) ?? (home ? join(home, '.claude') : undefined);
  if (claudeDir) {
    const pluginData = join(claudeDir, 'plugins', 'data');
    let names: string[] = [];
    try {
      names = readdirSync(pluginData).filter((n) => n === 'stopline' || n.startsWith('stopline-')).sort();
    } catch {
      // no plugin data at all
    }
    for (const n of names) folders.push({ path: join(pluginData, n), why: 'Claude Code plugin data (CLAUDE_PLUGIN_DATA)' });
  }
  return folders.filter((f) => f.always || isDir(f.path)).map(({ path, why }) => ({ path, why }));
}
