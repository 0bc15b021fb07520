/**
 * `$stopline allow`: the person lets one command the floor stopped through for the rest of the
 * session. The session remembers the stop by a digest of the call (a hash of it, where it runs,
 * and what the floor found in it), never by its text, so the same command asked again matches and
 * any other command does not.
 */
import type { Action } from '../protocol';
import { hashText } from '../state/session';

/** A short digest of the call (its key, where it runs) and of what the analysis made of it. */
export function floorDigest(a: Action, cwd?: string): string {
  const shape = [a.name, a.callKey ?? '', a.cwd ?? cwd ?? '', a.mutability, a.affectedPaths, (a.segments ?? []).map((s) => [s.program, s.mutability, s.paths, s.why]), a.hazards ?? []];
  return hashText('stopline-floor\0' + JSON.stringify(shape)).slice(0, 24);
}

interface FloorStop {
  eventId: string;
  rule: string;
  digest: string;
}

export function stopEntry(s: FloorStop): string {
  return `${s.eventId} ${s.rule} ${s.digest}`;
}

export function parseStop(entry: string): FloorStop | null {
  const [eventId, rule, digest] = entry.split(' ');
  return eventId && rule && digest ? { eventId, rule, digest } : null;
}

export function grantEntry(rule: string, digest: string): string {
  return `${rule} ${digest}`;
}

/** Whether the session's grants let this action through for this rule. */
export function isGranted(grants: readonly string[] | undefined, rule: string, digest: string): boolean {
  return grants?.includes(grantEntry(rule, digest)) ?? false;
}
