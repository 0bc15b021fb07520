/**
 * What the dashboard store reads from an evidence record, split the way the evidence scanner
 * (../evidence/scan.ts) reads a log: the fields every line of one shape shares are taken once
 * per shape (`shapeOf`, the scanner's derive), and the two strings that belong to each line
 * (eventId, occurredAt) are checked per line (`eventIdInto`, `lineTime`). Together they accept
 * exactly the records the store accepted with JSON.parse per line: schemaVersion 1, an
 * `evt_` + 20 lowercase hex id, a string type and sessionKey, an object contract and an
 * occurredAt string Date.parse can read.
 */
import type { RuntimeContractSummary } from '../../../core/evidence/runtime-event';
import type { EvidenceObject, Line } from '../evidence/scan';
import { isRecord } from '../../../core/check';

export const EVENT_ID = /^evt_[0-9a-f]{20}$/;
/** Outcome codes of a row; 0 = the record carries no decision (after, contract, recovery). */
export const OUTCOMES = ['', 'allow', 'context', 'ask', 'deny'] as const;
export const DENY = 4;
const EVENT_ID_BYTES = 24;

/** The store's dictionary ids for a shape, found on its first accepted line. */
export interface ShapeIds {
  host: number;
  type: number;
  reason: number;
  tool: number;
  toolClass: number;
  session: number;
}

/** Everything a row takes from its record apart from its id and time. */
export interface RecordShape {
  type: string;
  /** '?' when the record has no string host */
  host: string;
  /** index into OUTCOMES */
  outcome: number;
  reason: string;
  tool: string;
  mutability: string;
  child: boolean;
  sessionKey: string;
  contract: RuntimeContractSummary;
  controlState: string;
  /** filled in by the store on the first line it accepts (a shape whose lines are all damaged names nothing) */
  ids: ShapeIds | null;
}

/** The scanner's derive: the shared fields, or null when no line of this shape is a record. */
export function shapeOf(rec: EvidenceObject): RecordShape | null {
  if (rec.schemaVersion !== 1 || typeof rec.type !== 'string' || typeof rec.sessionKey !== 'string' || !isRecord(rec.contract)) return null;
  const d = isRecord(rec.decision) ? rec.decision : null;
  const known = d ? OUTCOMES.indexOf(d.outcome as (typeof OUTCOMES)[number]) : 0;
  const a = isRecord(rec.action) ? rec.action : null;
  return {
    type: rec.type,
    host: typeof rec.host === 'string' ? rec.host : '?',
    // an unknown outcome counts as deny, as summarize() does
    outcome: d && known > 0 ? known : d ? DENY : 0,
    reason: d && typeof d.reasonCode === 'string' ? d.reasonCode : '',
    tool: !a ? '' : typeof a.tool === 'string' ? a.tool : typeof a.toolKey === 'string' ? `tool#${a.toolKey}` : '?',
    mutability: a && typeof a.mutability === 'string' ? a.mutability : '',
    child: rec.child === true,
    sessionKey: rec.sessionKey,
    contract: rec.contract as unknown as RuntimeContractSummary,
    controlState: typeof rec.controlState === 'string' ? rec.controlState : '',
    ids: null,
  };
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  return -1;
}

/**
 * The line's event id as 10 bytes at `out[at]`; false when it is not `evt_` + 20 lowercase hex
 * digits. Reads the id's bytes straight from the line when the scanner has them.
 */
export function eventIdInto(line: Line, out: Uint8Array, at: number): boolean {
  const raw = line.raw();
  if (!raw) {
    const id = line.eventId();
    if (typeof id !== 'string' || !EVENT_ID.test(id)) return false;
    for (let i = 0; i < 10; i++) out[at + i] = parseInt(id.slice(4 + i * 2, 6 + i * 2), 16);
    return true;
  }
  const b = raw.buf;
  const s = raw.idStart;
  // a plain string's bytes are its value, so the pattern is a check of 24 ASCII bytes
  if (raw.idEnd - s !== EVENT_ID_BYTES || b[s] !== 0x65 /* e */ || b[s + 1] !== 0x76 /* v */ || b[s + 2] !== 0x74 /* t */ || b[s + 3] !== 0x5f /* _ */) return false;
  for (let i = 0; i < 10; i++) {
    const hi = hexDigit(b[s + 4 + i * 2]!);
    const lo = hexDigit(b[s + 5 + i * 2]!);
    if (hi < 0 || lo < 0) return false;
    out[at + i] = (hi << 4) | lo;
  }
  return true;
}

/** Date.parse of the line's occurredAt; NaN when it is not a string or does not parse. */
export function lineTime(line: Line): number {
  if (line.raw()) return line.occurredMs();
  const at = line.occurredAt();
  return typeof at === 'string' ? Date.parse(at) : NaN;
}
