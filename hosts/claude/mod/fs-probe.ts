/**
 * core/paths/fs-probe.ts for the Claude Code mod (the build points it here): the mod has no disk of its
 * own to ask where links lead. The door gives the core its own probe with every decision (the
 * controller's `probe` option, answered through `$.fs`: ./links.ts); should a decision ever be
 * made without it, every path is unproven rather than taken for "no link".
 */
import type { PathProbe } from '../../../core/paths/path-links';

export function fsProbe(): PathProbe {
  return () => 'unreadable';
}
