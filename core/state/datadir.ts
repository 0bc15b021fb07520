/**
 * Where stopline keeps session state, evidence and labels:
 * STOPLINE_HOME, else `dataDir` from the user config, else the host's own data folder
 * (adapters pass it as `host.dataDir`), else `$XDG_DATA_HOME/stopline`, else
 * `~/.local/share/stopline`.
 */
import { join, resolve } from 'node:path';
import { homeFrom } from '../paths/self-paths';
import type { Env } from '../paths/self-paths';

interface DataDirInputs {
  configDataDir?: string;
  hostDataDir?: string;
}

function expand(p: string, env: Env): string {
  const home = homeFrom(env);
  if (home && (p === '~' || p.startsWith('~/'))) return join(home, p.slice(1));
  return resolve(p);
}

export function resolveDataDir(env: Env, inp: DataDirInputs = {}): string {
  const pick = [env.STOPLINE_HOME, inp.configDataDir, inp.hostDataDir].find((v) => v !== undefined && v.trim() !== '');
  if (pick) return expand(pick.trim(), env);
  const xdg = env.XDG_DATA_HOME?.trim();
  if (xdg) return join(expand(xdg, env), 'stopline');
  const home = homeFrom(env);
  if (home) return join(home, '.local', 'share', 'stopline');
  throw new Error('no data folder: set STOPLINE_HOME (HOME is not set)');
}

/** The folders stopline makes inside the data folder (`confined`: core/confine/launcher.ts). */
export const DATA_SUBDIRS = ['sessions', 'runtime', 'lineage', 'confined'] as const;
