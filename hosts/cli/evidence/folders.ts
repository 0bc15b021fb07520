/**
 * Which data folders hold evidence a person at a terminal may want to see. A hook decides its
 * folder per event (STOPLINE_HOME, else `dataDir` from the user config, else the host's own data
 * folder, else the XDG default: core/state/datadir.ts), so the terminal views read every folder a
 * host may have written to: when STOPLINE_HOME or `dataDir` is set that is the only one, otherwise
 * the default folder plus the host data folders that exist (a host spec's `data`: below the host's
 * user folder, which its layout's variables may move).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../../core/config/config';
import { resolveDataDir } from '../../../core/state/datadir';
import { homeFrom } from '../../../core/paths/self-paths';
import { HOST_SPECS, type HostSpec } from '../../../core/registry/host-specs';
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

/** A host's user folder: the first variable of its layout set (`VAR/sub`: at `sub` below it), else its place below HOME. */
function userFolder(env: Env, home: string | undefined, spec: HostSpec): string | undefined {
  for (const v of spec.layout.env ?? []) {
    const [name, ...sub] = v.split('/');
    const dir = absolute(env, env[name!]);
    if (dir) return join(dir, ...sub);
  }
  return home ? join(home, spec.layout.dir) : undefined;
}

/** A path, or for a last segment ending in `*` the entries of its folder that start with the rest, sorted. */
function matching(path: string): string[] {
  const slash = path.lastIndexOf('/');
  const last = path.slice(slash + 1);
  if (!last.endsWith('*')) return [path];
  try {
    return readdirSync(path.slice(0, slash)).filter((n) => n.startsWith(last.slice(0, -1))).sort().map((n) => join(path.slice(0, slash), n));
  } catch {
    return [];
  }
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
  // the hosts that name one folder exactly first, then those whose folders a listing finds (a plugin's data per install)
  const specs = (HOST_SPECS as readonly HostSpec[]).filter((s) => s.data);
  const listed = (s: HostSpec) => s.data!.dirs.some((d) => d.endsWith('*'));
  for (const spec of [...specs.filter((s) => !listed(s)), ...specs.filter(listed)]) {
    const user = userFolder(env, home, spec);
    if (user) for (const path of spec.data!.dirs.flatMap((d) => matching(join(user, d)))) folders.push({ path, why: spec.data!.why });
  }
  return folders.filter((f) => f.always || isDir(f.path)).map(({ path, why }) => ({ path, why }));
}
