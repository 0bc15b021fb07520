/**
 * Managed settings for a real Claude Code run without touching the machine's /etc: Claude Code
 * 2.1.332 reads policy only from /etc/claude-code (its path override does nothing in this
 * build), so the run is started in a private mount namespace (`unshare -m`, root only) where an
 * overlay puts `claude-code/managed-settings.json` into /etc. Outside that namespace /etc is
 * unchanged, so other runs on the machine never see the policy.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Mods limited to the organization's: the option of Claude Code's built-in policy plugin. */
export const MANAGED_MODS_ONLY = { pluginConfigs: { 'cc-plugin-sec-default@builtin': { options: { allowManagedModsOnly: true } } } };

/**
 * The argv to start a command under `settings` as managed policy, or why it cannot be done here
 * (not root, no unshare, no overlay mounts).
 */
export function managedPolicyWrapper(dir: string, settings: unknown): { wrapper: string[] } | { unavailable: string } {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return { unavailable: 'needs root for a private mount namespace' };
  const upper = join(dir, 'upper');
  const work = join(dir, 'work');
  mkdirSync(join(upper, 'claude-code'), { recursive: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(join(upper, 'claude-code', 'managed-settings.json'), JSON.stringify(settings));
  const mount = `mount -t overlay overlay -o lowerdir=/etc,upperdir=${upper},workdir=${work} /etc`;
  const probe = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', `${mount} && cat /etc/claude-code/managed-settings.json`], { encoding: 'utf8' });
  if (probe.status !== 0 || !probe.stdout.includes('allowManagedModsOnly')) return { unavailable: `unshare/overlay not usable here (${(probe.stderr || probe.error?.message || '').trim().split('\n')[0]})` };
  return { wrapper: ['unshare', '-m', '--propagation', 'private', 'sh', '-c', `${mount} && exec "$0" "$@"`] };
}
