/**
 * A generated evidence folder for the dashboard tests, with the counts it must show worked out
 * here independently of the dashboard's own code. Records have the RuntimeEventV1 shape the
 * core writes; the pattern (host per session, outcome and reason per record index) is fixed so
 * every expected number is known.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeEventV1 } from '../../core/evidence/runtime-event';

export const HOSTS = ['claude', 'codex', 'opencode', 'hermes', 'pi'] as const;
const CLASSES = ['read', 'write', 'delegate', 'control', 'unknown'] as const;
const DENY_REASONS = ['PATH_OUTSIDE_CONTRACT', 'MODE_FORBIDS_MUTATION'] as const;

export interface SeedOptions {
  sessions: number;
  perSession: number;
  /** time of the first record (ms) */
  start: number;
  /** time between two consecutive records across all sessions */
  stepMs: number;
}

export interface Expected {
  records: number;
  checks: number;
  allowed: number;
  contexts: number;
  asks: number;
  denies: number;
  after: number;
  contractChanges: number;
  sessions: number;
  byHost: Record<string, { checks: number; denies: number }>;
  byReason: Record<string, { checks: number; denies: number }>;
  byToolClass: Record<string, { checks: number; denies: number }>;
  /** the newest record (what the first table row shows) */
  newest: RuntimeEventV1;
}

/** The record an id generated here names. */
export function recordById(id: string, opts: SeedOptions): RuntimeEventV1 {
  const n = parseInt(id.slice(4), 16);
  return recordOf(Math.floor(n / 1_000_000), n % 1_000_000, opts);
}

/** The id of the j-th newest record (records are spaced evenly: session-minor, index-major). */
export function idAtNewest(j: number, opts: SeedOptions): string {
  const p = opts.sessions * opts.perSession - 1 - j;
  return eventIdOf(p % opts.sessions, Math.floor(p / opts.sessions));
}

/** A 32-hex session key like the core's hashed ones (distinct in its first characters, as shown). */
export function sessionKeyOf(s: number): string {
  return createHash('sha256').update(`session ${s}`).digest('hex').slice(0, 32);
}

export function eventIdOf(s: number, k: number): string {
  return 'evt_' + (s * 1_000_000 + k).toString(16).padStart(20, '0');
}

/** The record at position k of session s. */
export function recordOf(s: number, k: number, opts: SeedOptions): RuntimeEventV1 {
  const type = k % 50 === 0 ? 'contract' : k % 10 === 9 ? 'after' : 'check';
  const host = HOSTS[s % HOSTS.length]!;
  const rec: RuntimeEventV1 = {
    schemaVersion: 1,
    eventId: eventIdOf(s, k),
    occurredAt: new Date(opts.start + (k * opts.sessions + s) * opts.stepMs).toISOString(),
    type,
    sessionKey: sessionKeyOf(s),
    child: k % 13 === 0,
    versions: { stopline: '0.1.0', protocol: 1, host: '1.0.0' },
    host,
    controlState: 'armed',
    contract: { mode: s % 2 ? 'review' : 'change', level: 'guard', deps: 'ask', hash: 'deny', agentBudget: 2, agentsUsed: k % 3, allowedPathCount: s % 3 === 0 ? null : s % 3, revision: 1 + Math.floor(k / 50), source: 'directive' },
  };
  if (type === 'contract') {
    rec.change = { via: 'directive' };
    return rec;
  }
  const mutability = CLASSES[k % CLASSES.length]!;
  rec.action = { tool: k % 4 === 0 ? 'Bash' : k % 4 === 1 ? 'Write' : k % 4 === 2 ? 'Read' : null, toolKey: 'abcdef012345', mutability, pathCount: k % 4 === 0 ? null : 1, delegationCount: 0, hashIntent: false, dependencyIntent: false, unboundedDelegation: false };
  if (type === 'check') {
    const o = k % 7 === 0 ? 'deny' : k % 7 === 1 ? 'ask' : k % 7 === 2 ? 'context' : 'allow';
    const reasonCode = o === 'deny' ? DENY_REASONS[k % 2]! : o === 'ask' ? 'WRITE_PATH_UNPROVEN' : 'WITHIN_CONTRACT';
    rec.decision = { verdict: o === 'context' ? 'allow' : o, outcome: o, family: o === 'deny' ? 'S' : null, reasonCode, response: o === 'deny' ? 'permission_deny_returned' : 'none', hostEffect: 'unobserved' };
  }
  return rec;
}

/** Write the folder: runtime/<key>.jsonl per session. Returns what the dashboard must show. */
export function seedEvidence(dataDir: string, opts: SeedOptions): Expected {
  const runtime = join(dataDir, 'runtime');
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  const e: Expected = { records: 0, checks: 0, allowed: 0, contexts: 0, asks: 0, denies: 0, after: 0, contractChanges: 0, sessions: opts.sessions, byHost: {}, byReason: {}, byToolClass: {}, newest: recordOf(0, 0, opts) };
  const add = (m: Record<string, { checks: number; denies: number }>, key: string, deny: boolean) => {
    const b = (m[key] ??= { checks: 0, denies: 0 });
    b.checks++;
    if (deny) b.denies++;
  };
  for (let s = 0; s < opts.sessions; s++) {
    const lines: string[] = [];
    for (let k = 0; k < opts.perSession; k++) {
      const rec = recordOf(s, k, opts);
      lines.push(JSON.stringify(rec));
      e.records++;
      if (rec.type === 'contract') e.contractChanges++;
      else if (rec.type === 'after') e.after++;
      else if (rec.decision) {
        const o = rec.decision.outcome;
        e.checks++;
        if (o === 'allow') e.allowed++;
        else if (o === 'context') e.contexts++;
        else if (o === 'ask') e.asks++;
        else e.denies++;
        add(e.byHost, rec.host, o === 'deny');
        add(e.byReason, rec.decision.reasonCode, o === 'deny');
        add(e.byToolClass, rec.action!.mutability, o === 'deny');
      }
    }
    writeFileSync(join(runtime, `${sessionKeyOf(s)}.jsonl`), lines.join('\n') + '\n', { mode: 0o600 });
  }
  e.newest = recordOf(opts.sessions - 1, opts.perSession - 1, opts);
  return e;
}
