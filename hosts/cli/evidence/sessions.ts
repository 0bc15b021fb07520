/**
 * The sessions a data folder knows, for the terminal views: each session's state file
 * (`sessions/<key>.json`) and evidence log (`runtime/<key>.jsonl`), joined by the hashed key.
 * Everything here reads; nothing writes. A damaged file is counted, never fatal.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { controlState } from '../../../core/contract/types';
import type { Contract } from '../../../core/contract/types';
import { logFile, sessionKeysWithEvidence } from '../../../core/evidence/log';
import { parseState } from '../../../core/state/session';
import type { DataFolder } from './folders';
import { SessionCounter } from './tally';
import type { EvidenceTally } from './tally';

export interface SessionView {
  key: string;
  folder: DataFolder;
  /** the contract from the state file, when it is readable */
  contract: Contract | null;
  /** the state file exists but could not be read */
  stateDamaged: boolean;
  /** host families seen in this session's evidence */
  hosts: string[];
  /** the evidence, counted (records are streamed, never kept) */
  evidence: EvidenceTally;
  /** the session's log files, rotated first */
  logFiles: string[];
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

function readSessionView(folder: DataFolder, key: string, counter = new SessionCounter()): SessionView {
  const state = readState(folder.path, key);
  const logFiles = [logFile(folder.path, key, true), logFile(folder.path, key)];
  const evidence = counter.count(logFiles);
  return {
    key,
    folder,
    contract: state.contract,
    stateDamaged: state.damaged,
    // host values come from the records as written; a hand-edited one may not be a string
    hosts: ([...evidence.hosts] as string[]).sort(),
    evidence,
    logFiles,
    checks: evidence.checkRecords,
    denies: evidence.checkDenies,
    lastActivity: Math.max(state.mtime, evidence.lastMs),
  };
}

/** Every session of the folders, most recently active first. */
export function listSessions(folders: readonly DataFolder[]): SessionView[] {
  const all: SessionView[] = [];
  const counter = new SessionCounter();
  for (const folder of folders) {
    const keys = new Set([...stateKeys(folder.path), ...sessionKeysWithEvidence(folder.path)]);
    for (const key of keys) all.push(readSessionView(folder, key, counter));
  }
  return all.sort((a, b) => b.lastActivity - a.lastActivity || a.key.localeCompare(b.key));
}

/** The state words the chat status uses: `ARMED / review guard`, or what the evidence last said. */
export function stateWords(view: SessionView): string {
  if (view.contract) return `${controlState(view.contract)} / ${view.contract.mode} ${view.contract.level}`;
  const last = view.evidence.last;
  if (last) return `${String(last.controlState).toUpperCase()} / ${last.mode} ${last.level} (from the evidence)`;
  return view.stateDamaged ? 'UNKNOWN (state file damaged)' : 'UNKNOWN';
}
