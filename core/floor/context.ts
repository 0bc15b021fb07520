/**
 * The floor's part of decide()'s context, built the same way by the controller and by
 * `stopline check`: the person's floor settings, the project root, the temp folders the hook's
 * environment names, and the session's `$stopline allow` grants.
 */
import type { FloorContext } from '../contract/decide';
import type { Action } from '../protocol';
import type { StoplineConfig } from '../config/types';
import { floorDigest, isGranted } from './allow';

/** The temp folders the environment names ($TMPDIR, %TEMP%), beyond the system's. */
function tempRoots(env: Readonly<Record<string, string | undefined>>): string[] {
  return [env.TMPDIR, env.TEMP, env.TMP].filter((t): t is string => typeof t === 'string' && /^(\/|[A-Za-z]:[\\/])/.test(t) && t.replace(/[\\/]+$/, '').length > 3);
}

export function floorContext(config: StoplineConfig, cwd: string | undefined, env: Readonly<Record<string, string | undefined>>, action: Action, grants?: readonly string[]): FloorContext {
  // the digest is computed only when there is a grant to compare it with
  let digest: string | undefined;
  const allowed = (rule: string) => grants !== undefined && grants.length > 0 && isGranted(grants, rule, (digest ??= floorDigest(action, cwd)));
  const floor: FloorContext = { settings: config.floor, tempRoots: tempRoots(env), allowed };
  const root = config.projectRoot ?? cwd;
  if (root) floor.projectRoot = root;
  return floor;
}
