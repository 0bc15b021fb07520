/**
 * Where each host loads stopline from, resolved from the environment exactly the way the
 * host does it (see docs/hosts/<host>.md). Every path is absolute.
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { HOST_NAMES, hostSpec, type HostName } from '../../../core/registry/host-specs';

export const HOSTS: readonly HostName[] = HOST_NAMES;
export type Host = HostName;
export type Scope = 'user' | 'project';

export interface Env {
  env: NodeJS.ProcessEnv;
  /** the project folder for `--scope project` */
  cwd: string;
}

export class LocationError extends Error {}

export function homeDir({ env }: Env): string {
  const home = env.HOME || homedir();
  if (!home || !isAbsolute(home)) throw new LocationError('cannot tell the home folder: set HOME to an absolute path');
  return home;
}

/** An environment override must be absolute; a relative one would depend on the cwd of every hook. */
export function dirFromEnv(e: Env, name: string, fallback: () => string): string {
  const v = e.env[name];
  if (v === undefined || v === '') return fallback();
  if (!isAbsolute(v)) throw new LocationError(`${name}=${v} is not an absolute path`);
  return resolve(v);
}

export function xdgConfigHome(e: Env): string {
  return dirFromEnv(e, 'XDG_CONFIG_HOME', () => join(homeDir(e), '.config'));
}

/**
 * A host's user folder where its spec's layout puts it: the first of its variables that is set
 * (which must be absolute; `VAR/sub` places the folder at `sub` below the variable's), else its
 * place below HOME. core/paths/self-paths.ts protects the same folder from the same layout.
 */
export function hostHome(e: Env, host: HostName): string {
  const layout = hostSpec(host).layout;
  for (const v of layout.env ?? []) {
    const [name, ...sub] = v.split('/');
    const value = e.env[name!];
    if (value === undefined || value === '') continue;
    if (!isAbsolute(value)) throw new LocationError(`${name}=${value} is not an absolute path`);
    return join(resolve(value), ...sub);
  }
  return join(homeDir(e), ...layout.dir.split('/').filter((x) => x !== ''));
}

/** The user's stopline.json (failMode lives there). */
export function stoplineConfigFile(e: Env): string {
  return join(xdgConfigHome(e), 'stopline', 'stopline.json');
}

/** What the installer remembers between runs (see record.ts). */
export function installRecordFile(e: Env): string {
  return join(xdgConfigHome(e), 'stopline', 'installed.json');
}
