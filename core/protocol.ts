/**
 * ControlEvent v1: the one normalized event every host adapter hands to the core.
 *
 * The types are plain interfaces and the check is written by hand: a command hook is a new
 * process per event, so whatever a module builds at load is paid on every tool call (a schema
 * library's objects cost more to build than the whole check costs to run). The check keeps
 * what a schema would: every field's type, no unknown key carried over (the result is a fresh
 * object), and an error that names the first bad field (`action.delegationCount: expected int`).
 * test/unit/protocol.test.ts compares it with a zod schema of the same shape on generated
 * values. Nothing in here knows a host's event names or payload shapes; adapters translate
 * into this and render the Outcome (core/answer/outcome.ts) back into their host's format.
 */
import { HOST_FAMILIES, type HostFamily } from './registry/host-specs';
import { BadField, bool, enumOf, int, isRecord, listOf, nonEmpty, optional, str, strArray } from './check';

const PROTOCOL_VERSION = 1 as const;

/**
 * @keep CONTROL_EVENT_KINDS the protocol test builds an independent schema from these tables and holds
 *   parseControlEvent to it
 */
export const CONTROL_EVENT_KINDS = [
  'session.start',
  'prompt.submit',
  'action.before',
  'action.after',
  'subagent.start',
  'subagent.stop',
  'turn.stop',
  'session.end',
] as const;
export type ControlEventKind = (typeof CONTROL_EVENT_KINDS)[number];

// the host specs are the one list of hosts (core/registry/host-specs.ts)
/** @keep HOST_FAMILIES the protocol test builds its independent schema from it */
export { HOST_FAMILIES, type HostFamily } from './registry/host-specs';

/**
 * Only `user` prompts can arm, change or disarm a contract.
 * @keep PROMPT_SOURCES the protocol test builds its independent schema from it
 */
export const PROMPT_SOURCES = ['user', 'synthetic', 'extension', 'subagent'] as const;
export type PromptSource = (typeof PROMPT_SOURCES)[number];

/** @keep MUTABILITIES the protocol test builds its independent schema from it */
export const MUTABILITIES = ['read', 'write', 'delegate', 'control', 'unknown'] as const;
export type Mutability = (typeof MUTABILITIES)[number];

/** @keep HOST_STATUSES the protocol test builds its independent schema from it */
export const HOST_STATUSES = ['ok', 'error', 'blocked'] as const;
export type HostStatus = (typeof HOST_STATUSES)[number];

export interface HostInfo {
  family: HostFamily;
  version?: string;
  permissionMode?: string;
  agentId?: string;
  agentType?: string;
  /** true when a person can answer an `ask` right now (Pi with UI, Claude interactive). */
  hasHuman?: boolean;
  /** the host's own data folder for stopline, when the host gives one (e.g. CLAUDE_PLUGIN_DATA). */
  dataDir?: string;
}

interface Prompt {
  text: string;
  source: PromptSource;
  /**
   * the host's id of this prompt, on `ControlEvent.prompts` or a `prompt.submit`'s prompt: the core
   * does not take again the key it took last
   */
  key?: string;
}

/**
 * What the always-on floor (core/floor/) judges: a fact the analysis found about what an action
 * would destroy or expose, whatever the task contract says. Each kind is one floor family.
 * @keep HAZARD_KINDS the protocol test builds its independent schema from it
 */
export const HAZARD_KINDS = ['git-discard', 'delete', 'truncate', 'permissions', 'device', 'secret', 'download-exec', 'unseen-code'] as const;
export type HazardKind = (typeof HAZARD_KINDS)[number];

export interface Hazard {
  kind: HazardKind;
  /** the command shape, program words only (`git reset --hard`, `rm -r`, `chmod -R`); never a path */
  form: string;
  /**
   * the paths it applies to, placed like affectedPaths (relative to cwd, or absolute outside);
   * null when a target exists only at run time. Empty for kinds without targets.
   */
  paths: string[] | null;
  /** delete / permissions: it removes or changes everything below its targets (rm -r, find -delete, chmod -R, a glob) */
  recursive?: boolean;
  /** secret: the action writes the secret file (replacing it) rather than reading it */
  write?: boolean;
  /** a target is written with `..`: it climbs out of where it starts (never taken for a temp folder) */
  climbs?: boolean;
  /**
   * delete / truncate / permissions: entries below its targets that a test picks, as many as
   * match (`find / -name x -exec chmod 777 {} +`): judged like a glob in the target, so free inside
   * the project or below a temp folder and stopped elsewhere
   */
  below?: boolean;
  /**
   * The command as written would fail before doing anything (the shell rejects its grammar, a
   * quoted line is one program name, find's -exec has no end): the hazard is what it shows it
   * means to do, stopped all the same, since the next try would do it. Says why it would fail.
   */
  fails?: string;
}

/** Per-segment detail of an analysed shell command (for explain and universal hooks). */
export interface Segment {
  program: string;
  mutability: Mutability;
  paths: string[];
  why: string;
  /** every target of this segment is in `paths` (`tee /tmp/a`, not `tee /tmp/a "$X"`); an action carries it on writes only */
  pathsProven?: boolean;
  /**
   * A target beyond `paths`: a new entry directly in `folder` (placed like `paths`) whose name
   * starts with `prefix` and goes on as the program picks when it runs (`mktemp -d`). Set only on
   * a write whose other targets are all in `paths`; `pathsProven` stays false, so a rule that reads
   * `paths` alone still sees a write it cannot place.
   */
  newEntry?: { folder: string; prefix: string };
}

export interface Action {
  id?: string;
  /** the host's real tool name (non-empty) */
  name: string;
  /** canonical tool name (Bash, Read, Write, Edit, Glob, Grep, WebFetch, Task, ...) when known */
  canonicalName?: string;
  mutability: Mutability;
  /**
   * Paths the action writes, relative to cwd where possible. `null` means "this writes,
   * but the target cannot be proven" (decide() treats it as unproven).
   */
  affectedPaths: string[] | null;
  cwd?: string;
  dependencyIntent: boolean;
  hashIntent: boolean;
  /** an integer >= 0 */
  delegationCount: number;
  unboundedDelegation: boolean;
  /** the action would write to stopline's own config, data or installed artifacts */
  selfTarget?: boolean;
  /**
   * A POSIX shell tool's command text, as the model wrote it: what a confined run wraps
   * (core/confine). Never recorded in evidence and never shown in a stamp.
   */
  command?: string;
  segments?: Segment[];
  /** what the floor judges (core/floor/): absent or empty when the analysis found nothing */
  hazards?: Hazard[];
  /**
   * a short hash of the tool call as the host sent it (name and input), never the input itself:
   * what `$stopline allow` matches a stopped call by (core/floor/allow.ts)
   */
  callKey?: string;
  /**
   * paths the action reads, placed like affectedPaths (at most 32; never stored): the floor checks
   * them against the secret paths the person or the project adds (`floor.secrets`)
   */
  reads?: string[];
  /**
   * paths spelled in the code of a one-liner (`python3 -c "open('…','w')"`), placed like
   * affectedPaths (at most 32; never stored): code that names stopline's own files may be what
   * changes them, so self-protection checks them when the action is not a proven read
   */
  codeNames?: string[];
  /**
   * affected paths written only when they are missing (a database client creates the file it opens
   * to read; never stored): decide() drops each one the disk shows present, with no journal or
   * write-ahead log beside it that opening would roll back or merge
   */
  opens?: string[];
  /**
   * program files the action runs (a script given to an interpreter or shell, a program named by
   * its path), placed like affectedPaths (at most 32; never stored): running stopline's own hook
   * script with a made-up event is a change of its state (GUARD_SELF_PROTECTION)
   */
  runs?: string[];
  /**
   * action.after only: what the host says became of the call (Hermes post_tool_call and other
   * after-events can report it was blocked). Recorded in the `after` evidence record; it never
   * changes a decision. Absent when the host does not say.
   */
  hostStatus?: HostStatus;
}

/** One tool call as the host's own record of the session holds it (metadata read at a turn end). */
export interface RecordedCall {
  /** the host's call id: the one its before-tool hook carries (non-empty) */
  id: string;
  /** the kind of the tool in the host's tool table ('unknown' when the table has no row for it) */
  kind: string;
  /** the host runs this tool without its before-tool hook (the tool row's `noHook`) */
  noHook?: boolean;
  /** when the host recorded the call, ms since the epoch, where the record says */
  at?: number;
}

/** What a turn-end event (`turn.stop`) carries for the per-session check (core/evidence/seen.ts). */
export interface TurnEnd {
  /** the host is already going on with this turn because of a turn-end answer (Claude Code and Codex `stop_hook_active`) */
  continued: boolean;
  /**
   * The tool calls in the host's own record of the session, read within bounds; `truncated` when
   * only its newest part was read. `unreadable` says why it could not be read (the calls are then
   * empty). Absent: the host keeps no record stopline reads.
   */
  record?: { calls: RecordedCall[]; truncated: boolean; unreadable?: string };
}

export interface ControlEvent {
  protocolVersion: typeof PROTOCOL_VERSION;
  kind: ControlEventKind;
  /** non-empty */
  sessionId: string;
  /** a subagent or child session shares its root's contract and can never change it (non-empty) */
  rootSessionId?: string;
  turnId?: string;
  cwd?: string;
  host: HostInfo;
  prompt?: Prompt;
  /**
   * A host with no prompt event (its registry says so): the person's prompts read from the host's own
   * record with a tool call, oldest first, each with its key. The core takes, in order, those
   * after the last key it took, before it judges the call.
   */
  prompts?: Prompt[];
  action?: Action;
  turnEnd?: TurnEnd;
}

type ParseResult = { ok: true; event: ControlEvent } | { ok: false; error: string };

function hostInfo(v: unknown, at: string): HostInfo {
  if (!isRecord(v)) throw new BadField(at, 'expected object');
  const h: HostInfo = { family: enumOf(v.family, HOST_FAMILIES, `${at}.family`) };
  for (const k of ['version', 'permissionMode', 'agentId', 'agentType']) optional(v, k, str, h, at);
  optional(v, 'hasHuman', bool, h, at);
  optional(v, 'dataDir', str, h, at);
  return h;
}

function prompt(v: unknown, at: string): Prompt {
  if (!isRecord(v)) throw new BadField(at, 'expected object');
  const p: Prompt = { text: str(v.text, `${at}.text`), source: enumOf(v.source, PROMPT_SOURCES, `${at}.source`) };
  optional(v, 'key', str, p, at);
  return p;
}

function newEntry(v: unknown, at: string): NonNullable<Segment['newEntry']> {
  if (!isRecord(v)) throw new BadField(at, 'expected object');
  return { folder: str(v.folder, `${at}.folder`), prefix: str(v.prefix, `${at}.prefix`) };
}

function segment(v: unknown, at: string): Segment {
  if (!isRecord(v)) throw new BadField(at, 'expected object');
  const s: Segment = { program: str(v.program, `${at}.program`), mutability: enumOf(v.mutability, MUTABILITIES, `${at}.mutability`), paths: strArray(v.paths, `${at}.paths`), why: str(v.why, `${at}.why`) };
  // what the scratch rule reads of a write (core/contract/scratch.ts): kept through the event
  optional(v, 'pathsProven', bool, s, at);
  optional(v, 'newEntry', newEntry, s, at);
  return s;
}

function hazard(v: unknown, at: string): Hazard {
  if (!isRecord(v)) throw new BadField(at, 'expected object');
  const h: Hazard = { kind: enumOf(v.kind, HAZARD_KINDS, `${at}.kind`), form: str(v.form, `${at}.form`), paths: v.paths === null ? null : strArray(v.paths, `${at}.paths`) };
  for (const k of ['recursive', 'write', 'climbs', 'below']) optional(v, k, bool, h, at);
  return h;
}

function action(v: unknown, at: string): Action {
  if (!isRecord(v)) throw new BadField(at, 'expected object');
  const a = {} as Action;
  optional(v, 'id', str, a, at);
  a.name = nonEmpty(v.name, `${at}.name`);
  optional(v, 'canonicalName', str, a, at);
  a.mutability = enumOf(v.mutability, MUTABILITIES, `${at}.mutability`);
  a.affectedPaths = v.affectedPaths === null ? null : strArray(v.affectedPaths, `${at}.affectedPaths`);
  optional(v, 'cwd', str, a, at);
  a.dependencyIntent = bool(v.dependencyIntent, `${at}.dependencyIntent`);
  a.hashIntent = bool(v.hashIntent, `${at}.hashIntent`);
  a.delegationCount = int(v.delegationCount, `${at}.delegationCount`, 0);
  a.unboundedDelegation = bool(v.unboundedDelegation, `${at}.unboundedDelegation`);
  optional(v, 'selfTarget', bool, a, at);
  optional(v, 'command', str, a, at);
  optional(v, 'segments', listOf(segment), a, at);
  optional(v, 'hazards', listOf(hazard), a, at);
  for (const k of ['reads', 'codeNames', 'opens', 'runs']) optional(v, k, strArray, a, at);
  optional(v, 'callKey', str, a, at);
  optional(v, 'hostStatus', (x, p) => enumOf(x, HOST_STATUSES, p), a, at);
  return a;
}

function recordedCall(v: unknown, at: string): RecordedCall {
  if (!isRecord(v)) throw new BadField(at, 'expected object');
  const c = { id: nonEmpty(v.id, `${at}.id`), kind: str(v.kind, `${at}.kind`) } as RecordedCall;
  optional(v, 'noHook', bool, c, at);
  optional(v, 'at', (x, p) => int(x, p, 0), c, at);
  return c;
}

function callRecord(v: unknown, at: string): NonNullable<TurnEnd['record']> {
  if (!isRecord(v)) throw new BadField(at, 'expected object');
  const r = { calls: listOf(recordedCall)(v.calls, `${at}.calls`), truncated: bool(v.truncated, `${at}.truncated`) } as NonNullable<TurnEnd['record']>;
  optional(v, 'unreadable', str, r, at);
  return r;
}

function turnEnd(v: unknown, at: string): TurnEnd {
  if (!isRecord(v)) throw new BadField(at, 'expected object');
  const t = { continued: bool(v.continued, `${at}.continued`) } as TurnEnd;
  optional(v, 'record', callRecord, t, at);
  return t;
}

function controlEvent(v: unknown): ControlEvent {
  if (!isRecord(v)) throw new BadField('(event)', 'expected object');
  if (v.protocolVersion !== PROTOCOL_VERSION) throw new BadField('protocolVersion', `expected ${PROTOCOL_VERSION}`);
  const ev = { protocolVersion: PROTOCOL_VERSION, kind: enumOf(v.kind, CONTROL_EVENT_KINDS, 'kind'), sessionId: nonEmpty(v.sessionId, 'sessionId') } as ControlEvent;
  optional(v, 'rootSessionId', nonEmpty, ev, '');
  optional(v, 'turnId', str, ev, '');
  optional(v, 'cwd', str, ev, '');
  ev.host = hostInfo(v.host, 'host');
  optional(v, 'prompt', prompt, ev, '');
  optional(v, 'prompts', listOf(prompt), ev, '');
  optional(v, 'action', action, ev, '');
  optional(v, 'turnEnd', turnEnd, ev, '');
  return ev;
}

/**
 * Validate an unknown value as a ControlEvent. Never throws; the error names the bad field
 * (e.g. `action.delegationCount: expected int`).
 */
export function parseControlEvent(value: unknown): ParseResult {
  let ev: ControlEvent;
  try {
    ev = controlEvent(value);
  } catch (err) {
    if (err instanceof BadField) return { ok: false, error: err.message };
    return { ok: false, error: `(event): ${err instanceof Error ? err.message : String(err)}` };
  }
  if ((ev.kind === 'action.before' || ev.kind === 'action.after') && !ev.action) {
    return { ok: false, error: `action: required for ${ev.kind}` };
  }
  if (ev.kind === 'prompt.submit' && !ev.prompt) {
    return { ok: false, error: 'prompt: required for prompt.submit' };
  }
  return { ok: true, event: ev };
}

/**
 * Whether a value is a valid Action (what the analysis hands the core).
 * @keep isAction the Action check: the analysis tests hold every action they build to it
 */
export function isAction(value: unknown): value is Action {
  try {
    action(value, 'action');
    return true;
  } catch {
    return false;
  }
}
