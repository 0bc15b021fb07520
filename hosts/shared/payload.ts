/**
 * The stdin contract shared by command-hook hosts (Claude Code, Codex): exactly one JSON
 * object. Anything else (empty input, several documents, a bare value, garbage) is an input
 * error that the runner turns into the fail mode. Reading fields is done through the small
 * typed helpers below so an adapter never trusts a field's type.
 */

import { isRecord } from '../../core/check';

/** A hook payload or a field in it was not what the host contract promises. */
export class HookInputError extends Error {
  override name = 'HookInputError';
}

export type HookPayload = Record<string, unknown>;

/**
 * Parse the whole stdin text as one JSON object. `JSON.parse` already refuses several
 * concatenated documents (`{}{}`) and trailing garbage; whitespace around one document is fine.
 */
export function parseHookPayload(text: string): HookPayload {
  if (text.trim() === '') throw new HookInputError('hook input is empty (expected one JSON object)');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new HookInputError(`hook input is not one JSON document: ${why}`);
  }
  if (!isRecord(value)) {
    const what = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    throw new HookInputError(`hook input is ${what}, expected one JSON object`);
  }
  return value;
}

/** A string field, or undefined when absent/null. A present field of another type is an error. */
export function optionalString(payload: HookPayload, key: string): string | undefined {
  const v = payload[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new HookInputError(`${key}: expected a string, got ${typeof v}`);
  return v;
}

/** A non-empty string field; missing, empty or mistyped is an error that names the field. */
export function requiredString(payload: HookPayload, key: string): string {
  const v = optionalString(payload, key);
  if (v === undefined || v.trim() === '') throw new HookInputError(`${key}: required, missing or empty`);
  return v;
}

/** An object field (tool_input), or an empty object when absent. */
export function objectField(payload: HookPayload, key: string): HookPayload {
  const v = payload[key];
  if (v === undefined || v === null) return {};
  if (!isRecord(v)) throw new HookInputError(`${key}: expected an object`);
  return v;
}

/** `optionalString` that also treats "" as absent (Claude sends `agent_type: ""` after compaction). */
export function nonEmptyString(payload: HookPayload, key: string): string | undefined {
  const v = optionalString(payload, key);
  return v === undefined || v === '' ? undefined : v;
}

/** An environment variable's value, or undefined when it is unset or only blanks. */
export function envValue(v: string | undefined): string | undefined {
  return v && v.trim() !== '' ? v : undefined;
}

/** The payload's tool input as it is, for a host whose tool inputs already use Claude's field names. */
export function toolInputAsIs(payload: HookPayload): Record<string, unknown> | undefined {
  return isRecord(payload.tool_input) ? payload.tool_input : undefined;
}
