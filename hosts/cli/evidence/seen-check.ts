/**
 * `stopline status --session <id>`: the per-session check from a terminal. The host's own record
 * of the session (found by its id where the host keeps it) against the guard's checks in every
 * data folder, with the same comparison the turn end makes (core/evidence/seen.ts), over the
 * whole session and with every missed call counted (a turn end reports each one once). It also
 * answers what no turn end can: a session whose hooks never ran at all has no turn end either.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../core/config/config';
import { controlState } from '../../../core/contract/types';
import type { Contract } from '../../../core/contract/types';
import { compareCalls, guardView } from '../../../core/evidence/seen';
import type { GuardView } from '../../../core/evidence/seen';
import { logFile } from '../../../core/evidence/log';
import type { RuntimeSeenSummary } from '../../../core/evidence/runtime-event';
import { HOST_SPECS, type HostSpec } from '../../../core/registry/host-specs';
import { REGISTRIES } from '../../../core/registry/index';
import type { HostRegistry } from '../../../core/registry/types';
import { sessionKey } from '../../../core/state/session';
import { readCallRecord, recordedCalls } from '../../shared/call-record';
import type { CallRecordFormat, ReadLimits } from '../../shared/call-record';
import { HOST_TOOLS } from '../host-tools';
import type { DataFolder } from './folders';

/** A terminal may read a long session whole; the bounds only keep a damaged or endless file from hanging it. */
const STATUS_LIMITS: ReadLimits = { maxBytes: 512 * 1024 * 1024, maxMs: 60_000 };

interface RecordSource {
  registry: HostRegistry;
  /** the host as its diagnostics name it */
  label: string;
  format: CallRecordFormat;
  locate(sessionId: string, env: Record<string, string | undefined>): string | null;
}

/** The hosts whose record the check compares (the registry's `callRecord` column says `compared`), in spec order. */
const SOURCES: readonly RecordSource[] = HOST_SPECS.flatMap((spec) => {
  const described: HostSpec = spec;
  const registry = REGISTRIES[spec.name];
  const record = HOST_TOOLS[spec.name].callRecord;
  return registry.callRecord.status === 'compared' && record ? [{ registry, label: described.hooks?.label ?? spec.displayName, ...record }] : [];
});

/** The hosts of SOURCES as prose: `A`, `A or B`, `A, B or C`. */
const SOURCE_NAMES = ((names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`))(SOURCES.map((s) => s.label));

interface HostRecordCheck {
  host: string;
  /** the record file (shown to the person at the terminal, never written to evidence) */
  record: string;
  /** why it could not be read, when it could not */
  unreadable?: string;
  result?: Omit<RuntimeSeenSummary, 'unseenKeys'>;
}

interface TurnEndTally {
  /** turn ends that compared the record */
  compared: number;
  /** calls they reported unseen */
  reported: number;
  /** turn ends that could not read the record */
  unreadable: number;
}

interface SessionCheck {
  records: HostRecordCheck[];
  turnEnds: TurnEndTally;
}

/** Every data folder's evidence of the session, as one view (a session writes to one, usually). */
function mergedView(folders: readonly DataFolder[], key: string): GuardView {
  const view: GuardView = { checked: new Set(), reported: new Set(), changes: [] };
  for (const f of folders) {
    const v = guardView(f.path, key);
    for (const k of v.checked) view.checked.add(k);
    view.changes.push(...v.changes);
  }
  view.changes.sort((a, b) => a.at - b.at);
  return view;
}

/** What the turn ends of this session recorded (`seen` records), counted. */
function turnEnds(folders: readonly DataFolder[], key: string): TurnEndTally {
  const t: TurnEndTally = { compared: 0, reported: 0, unreadable: 0 };
  for (const f of folders) {
    for (const file of [logFile(f.path, key, true), logFile(f.path, key)]) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n')) {
        if (!line.includes('"type":"seen"')) continue;
        try {
          const seen = (JSON.parse(line) as { seen?: { read?: unknown; unseen?: unknown } }).seen;
          if (seen?.read === 'unreadable') t.unreadable++;
          else if (seen) {
            t.compared++;
            if (typeof seen.unseen === 'number') t.reported += seen.unseen;
          }
        } catch {
          // a damaged line: skipped, as every reader does
        }
      }
    }
  }
  return t;
}

/** The session's contract from the first folder whose state file reads. */
function stateContract(folders: readonly DataFolder[], key: string): Contract | null {
  for (const f of folders) {
    try {
      const state = JSON.parse(readFileSync(join(f.path, 'sessions', `${key}.json`), 'utf8')) as { contract?: Contract };
      if (state.contract) return state.contract;
    } catch {
      // none here
    }
  }
  return null;
}

/** Run the check for one raw session id. */
export function checkSession(sessionId: string, folders: readonly DataFolder[], env: Record<string, string | undefined>, cwd: string, limits: ReadLimits = STATUS_LIMITS): SessionCheck {
  const key = sessionKey(sessionId);
  const view = mergedView(folders, key);
  const offAtStart = loadConfig({ ...env }, cwd).config.defaultLevel === 'off';
  const contract = stateContract(folders, key);
  const offNow = contract ? controlState(contract) === 'OFF' : offAtStart;
  const records: HostRecordCheck[] = [];
  for (const source of SOURCES) {
    const path = source.locate(sessionId, env);
    if (!path) continue;
    const read = readCallRecord(path, source.format, limits);
    if (!read.ok) {
      records.push({ host: source.registry.displayName, record: path, unreadable: read.why });
      continue;
    }
    const { unseenKeys: _, ...counts } = compareCalls({ sessionId, calls: recordedCalls(source.registry, read.calls), view, offAtStart, offNow });
    records.push({ host: source.registry.displayName, record: path, result: { read: read.truncated ? 'tail' : 'whole', ...counts } });
  }
  return { records, turnEnds: turnEnds(folders, key) };
}

function kinds(k: Record<string, number>): string {
  return Object.entries(k)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
}

/** The lines `status --session` prints for the check. */
export function checkLines(c: SessionCheck): string[] {
  const lines = ['Tool calls (the host\'s own record against the guard\'s checks):'];
  if (c.records.length === 0) lines.push(`  no record of this session found where ${SOURCE_NAMES} keep one (the other hosts: docs/support-matrix.md)`);
  for (const r of c.records) {
    if (r.unreadable !== undefined || !r.result) {
      lines.push(`  ${r.host}: ${r.record} could not be read (${r.unreadable ?? 'unknown'})`);
      continue;
    }
    const s = r.result;
    const part = s.read === 'tail' ? ' (its newest part: the file is larger than the bound)' : '';
    lines.push(`  ${r.host} recorded ${s.hostCalls} in ${r.record}${part}; the guard checked ${s.checked}.`);
    if (s.unseen > 0) lines.push(`  ${s.unseen} ran without stopline checking them (${kinds(s.unseenKinds)}): its hook did not run for them. Run \`stopline doctor\` to see why.`);
    else lines.push('  Every call that ran while the guard was on was checked.');
    if (s.whileOff > 0) lines.push(`  ${s.whileOff} ran while the guard was off (not compared).`);
    if (s.noHook > 0) lines.push(`  ${s.noHook} used a tool the host runs without any hook (a blind spot, see docs/support-matrix.md).`);
  }
  const t = c.turnEnds;
  lines.push(`  Turn ends compared: ${t.compared}, calls they reported unchecked: ${t.reported}${t.unreadable ? `, record unreadable: ${t.unreadable}` : ''}.`);
  return lines;
}

/** Whether the check found a call that ran unchecked. */
export function anyUnseen(c: SessionCheck): boolean {
  return c.records.some((r) => (r.result?.unseen ?? 0) > 0);
}
