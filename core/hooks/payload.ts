/**
 * The stdin JSON a hook receives, in its dialect's shape: one table per dialect of the fields
 * every event carries and each event's own (the host's hook-file row, core/registry), filled here
 * from the dispatch input. Each value a field can name is read once, in VALUES.
 */
import { rulesOf, spellingsOf } from './dialects';
import type { Dialect, DispatchInput } from './types';
import type { JsonValue, PayloadField, PayloadFields, PayloadSource, PayloadTable } from '../registry/types';
import { isRecord } from '../check';

type Payload = Record<string, unknown>;

/** Tool input as the hook sees it: the raw fields, with the caller's Claude-shaped fields on top. */
function presentedToolInput(input: DispatchInput): Record<string, unknown> | null {
  const raw = isRecord(input.rawInput) ? input.rawInput : undefined;
  if (!raw && !input.canonicalInput) return input.rawInput === undefined ? null : { value: input.rawInput };
  return { ...(raw ?? {}), ...(input.canonicalInput ?? {}) };
}

function firstCanonicalName(input: DispatchInput): string | undefined {
  const c = input.canonicalToolName;
  return typeof c === 'string' ? c : c?.[0];
}

/** A tool result as text: the text itself, or its JSON. */
function resultText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}

interface Source {
  dialect: Dialect;
  spelling: string;
  input: DispatchInput;
}

const isTool = (input: DispatchInput): boolean => input.event === 'tool:before' || input.event === 'tool:after';
const failed = (input: DispatchInput): boolean => input.toolFailed === true;

/** Every value a payload field can carry; undefined or null: the field's `else` (or left out when optional). */
const VALUES: Readonly<Record<PayloadSource, (s: Source) => unknown>> = {
  sessionId: ({ input }) => input.sessionId,
  cwd: ({ input }) => input.cwd,
  projectDir: ({ input }) => input.projectDir ?? input.cwd,
  transcriptPath: ({ input }) => input.transcriptPath,
  permissionMode: ({ input }) => input.permissionMode,
  eventName: ({ spelling }) => spelling,
  // the host's own name of the event, whichever of its spellings the file used
  hostEventName: ({ dialect, input }) => spellingsOf(dialect, input.event)[0] ?? input.event,
  canonicalEvent: ({ input }) => input.event,
  hostFamily: ({ input }) => input.hostFamily,
  toolName: ({ input }) => input.toolName,
  canonicalToolName: ({ input }) => (isTool(input) ? firstCanonicalName(input) : undefined),
  toolInput: ({ input }) => presentedToolInput(input),
  rawToolInput: ({ input }) => (input.canonicalInput && input.rawInput !== undefined ? input.rawInput : undefined),
  toolUseId: ({ input }) => input.toolUseId,
  toolResponse: ({ input }) => input.toolResponse,
  toolResponseText: ({ input }) => resultText(input.toolResponse),
  // a result that is not an object is handed as `{value}`, as a tool input is
  toolResponseObject: ({ input }) => (input.toolResponse === undefined || input.toolResponse === null ? null : isRecord(input.toolResponse) ? input.toolResponse : { value: input.toolResponse }),
  // a failed call's status word was never seen: null, with the failure text in its own field
  okStatus: ({ input }) => (failed(input) ? null : 'success'),
  okResponse: ({ input }) => (failed(input) ? null : (input.toolResponse ?? null)),
  okResponseText: ({ input }) => (failed(input) ? '' : resultText(input.toolResponse)),
  failureText: ({ input }) => (failed(input) ? resultText(input.toolResponse) : null),
  prompt: ({ input }) => input.prompt,
  source: ({ input }) => input.source,
  reason: ({ input }) => input.reason,
  agentId: ({ input }) => input.agentId,
  agentType: ({ input }) => input.agentType,
  stopHookActive: ({ input }) => input.stopHookActive,
  message: ({ input }) => input.message,
  trigger: ({ input }) => input.trigger,
  nowMs: () => Date.now(),
  nowIso: () => new Date().toISOString(),
};

const OMIT = Symbol('omit');

/** A row's constant as a value of this payload alone: a hook's payload never shares an object with the registry. */
function fresh(v: JsonValue): unknown {
  return typeof v === 'object' && v !== null ? structuredClone(v) : v;
}

function fieldValue(field: PayloadField, s: Source): unknown {
  if (typeof field === 'string') return VALUES[field](s) ?? null;
  if ('value' in field) return fresh(field.value);
  if ('fields' in field) return fill(field.fields, s);
  let v = VALUES[field.from](s);
  if (v === undefined || v === null) {
    if (field.else !== undefined) return fresh(field.else);
    return field.optional ? OMIT : null;
  }
  if (field.max !== undefined && typeof v === 'string') v = v.slice(0, field.max);
  return v;
}

function fill(fields: PayloadFields, s: Source): Payload {
  const out: Payload = {};
  for (const [key, field] of Object.entries(fields)) {
    const v = fieldValue(field, s);
    if (v !== OMIT) out[key] = v;
  }
  return out;
}

/** The fields of one event: the common ones, then the event's (or the spelling's) in their place. */
function fieldsOf(table: PayloadTable, event: DispatchInput['event'], spelling: string): PayloadFields {
  const own = table.spelling?.[spelling] ?? table.events[event] ?? {};
  return { ...table.all, ...own };
}

/** The payload table a hook written under `spelling` gets: its dialect's, or its aliases' when the key is one. */
function tableFor(dialect: Dialect, spelling: string): PayloadTable {
  const rules = rulesOf(dialect);
  const alias = rules.aliases;
  return alias && Object.prototype.hasOwnProperty.call(alias.names, spelling) ? alias.payload : rules.payload;
}

export function buildPayload(dialect: Dialect, spelling: string, input: DispatchInput): Payload {
  return fill(fieldsOf(tableFor(dialect, spelling), input.event, spelling), { dialect, spelling, input });
}

/** Variables a host sets for its hooks beside the payload (its row's `vars`), by dialect; unset or empty values are left out. */
export function hostVars(dialect: Dialect, input: DispatchInput): Record<string, string> | undefined {
  const table = rulesOf(dialect).vars;
  if (!table) return undefined;
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(fill(fieldsOf(table, input.event, ''), { dialect, spelling: '', input }))) {
    if (v !== null && v !== undefined && v !== '') vars[k] = String(v);
  }
  return vars;
}

/**
 * JSON for a hook's stdin that cannot throw on what a host hands us: bigints become
 * strings and a repeated object (a cycle) becomes "[circular]".
 */
export function encodePayload(payload: Record<string, unknown>): string {
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(payload, (_key, value: unknown) => {
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'object' && value !== null) {
        if (seen.has(value)) return '[circular]';
        seen.add(value);
      }
      return value;
    });
  } catch {
    // a throwing toJSON: keep the event fields, drop the tool data
    const { tool_input: _a, raw_tool_input: _b, tool_response: _c, extra: _d, ...rest } = payload;
    return JSON.stringify(rest);
  }
}
