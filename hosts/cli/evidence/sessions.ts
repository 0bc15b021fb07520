/**
 * The sessions a data folder knows, for the terminal views: each session's state file
 * (`sessions/<key>.json`) and evidence log (`runtime/<key>.jsonl`), joined by the hashed key.
 * Everything here reads; nothing writes. A damaged file is counted, never fatal.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { controlState } from '../../../core/contract/types';
import type { Contract } from '../../../core/contract/types';
import { readSessionEvents, sessionKeysWithEvidence } from '../../../core/evidence/log';
import type { Read } from '../../../core/evidence/log';
import type { RuntimeEventV1 } from '../../../core/evidence/runtime-event';
import { parseState } from '../../../core/state/session';
import type { DataFolder } from './folders';

export interface SessionView {
  key: string;
  folder: DataFolder;
  /** the contract from the state file, when it is readable */
  contract: Contract | null;
  /** the state file exists but could not be read */
  stateDamaged: boolean;
  /** host families seen in this session's evidence */
  hosts: string[];
  events: Read<RuntimeEventV1>;
  checks: number;
  denies: number;
  /** newest of the state file's mtime and the last evidence record, ms since the epoch */
  lastActivity: number;
}

const STATE_FILE = /^([0-9a-f]{32})\.json$/;

function stateKeys(folder: string): string[] {
  try {
    return readdirSync(join(folder, 'sessions'))
      .map((n) => STATE_FILE.exec(n)?.[1])
      .filter((k): k is string => k !== undefined);
  } catch {
    return [];
  }
}

function readState(folder: string, key: string): { contract: Contract | null; damaged: boolean; mtime: number } {
  const file = join(folder, 'sessions', `${key}.json`);
  try {
    const text = readFileSync(file, 'utf8');
    const state = parseState(text);
    return { contract: state?.contract ?? null, damaged: state === null, mtime: statSync(file).mtimeMs };
  } catch {
    return { contract: null, damaged: false, mtime: 0 };
  }
}

export function readSessionView(folder: DataFolder, key: string): SessionView {
  const state = readState(folder.path, key);
  const events = readSessionEvents(folder.path, key);
  const checks = events.records.filter((e) => e.type === 'check');
  const last = events.records.reduce((t, e) => Math.max(t, Date.parse(e.occurredAt) || 0), 0);
  return {
    key,
    folder,
    contract: state.contract,
    stateDamaged: state.damaged,
    hosts: [...new Set(events.records.map((e) => e.host))].sort(),
    events,
    checks: checks.length,
    denies: checks.filter((e) => e.decision && e.decision.outcome !== 'allow' && e.decision.outcome !== 'context').length,
    lastActivity: Math.max(state.mtime, last),
  };
}

/** Every session of the folders, most recently active first. */
export function listSessions(folders: readonly DataFolder[]): SessionView[] {
  const all: SessionView[] = [];
  for (const folder of folders) {
    const keys = new Set([...stateKeys(folder.path), ...sessionKeysWithEvidence(folder.path)]);
    for (const key of keys) all.push(readSessionView(folder, key));
  }
  return all.sort((a, b) => b.lastActivity - a.lastActivity || a.key.localeCompare(b.key));
}

/** The state words the chat status uses: `ARMED / review guard`, or what the evidence last said. */
export function stateWords(view: SessionView): string {
  if (view.contract) return `${controlState(view.contract)} / ${view.contract.mode} ${view.contract.level}`;
  const last = view.events.records[view.events.records.length - 1];
  if (last) return `${last.controlState.toUpperCase()} / ${last.contract.mode} ${last.contract.level} (from the evidence)`;
  return view.stateDamaged ? 'UNKNOWN (state file damaged)' : 'UNKNOWN';
}
