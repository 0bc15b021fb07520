/**
 * The tool input as the person's universal hooks see it: Claude's field names (a hook written
 * against `file_path` / `command` works on every host), from the tool's registry row. The
 * host's raw input goes alongside, so nothing is lost by leaving a field out here.
 */
import { SUBAGENT_KINDS, type HostRegistry, type ToolEntry } from './types';
import { findToolEntry } from './lookup';
import { isRecord } from '../check';

/** Only plain values are renamed; an object under a known name is not the value Claude has there. */
function isPlain(v: unknown): boolean {
  return typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number';
}

/** `file_path`, `command`, the row's renames and its edit list; undefined when none applies. */
export function hookInput(entry: ToolEntry, input: unknown): Record<string, unknown> | undefined {
  if (!isRecord(input)) return undefined;
  const out: Record<string, unknown> = {};
  const path = entry.pathFields?.map((f) => input[f]).find((v) => typeof v === 'string');
  if (path !== undefined) out.file_path = path;
  for (const [claude, host] of Object.entries(entry.hookFields ?? {})) if (isPlain(input[host])) out[claude] = input[host];
  const listed = entry.hookEdits ? input[entry.hookEdits.field] : undefined;
  // one edit object is a list of one (Kimi's StrReplaceFile `edit`)
  const edits = isRecord(listed) ? [listed] : listed;
  if (entry.hookEdits && Array.isArray(edits)) {
    const { oldText, newText } = entry.hookEdits;
    out.edits = edits.map((e) => (isRecord(e) ? { old_string: e[oldText], new_string: e[newText] } : e));
    // one edit is Claude's Edit: its strings also at the top
    const only = edits.length === 1 && isRecord(edits[0]) ? edits[0] : undefined;
    if (only && typeof only[oldText] === 'string') out.old_string = only[oldText];
    if (only && typeof only[newText] === 'string') out.new_string = only[newText];
  }
  if (entry.commandField && typeof input[entry.commandField] === 'string') out.command = input[entry.commandField];
  return Object.keys(out).length ? out : undefined;
}

/**
 * The same for a call as a door reads it: the tool's name and input, looked up in the host's
 * table. Every door (command hook and in-process) calls this; undefined when the name is not
 * a string, the tool is not in the table, or no field applies: the raw input then reaches the
 * hooks as it is.
 */
export function toolHookInput(registry: HostRegistry, tool: unknown, input: unknown): Record<string, unknown> | undefined {
  if (typeof tool !== 'string') return undefined;
  const entry = findToolEntry(registry, tool);
  return entry ? hookInput(entry, input) : undefined;
}

/** Whether a call of this tool launches subagents (the guard counts them against agents=N). */
export function launchesSubagents(entry: ToolEntry | null | undefined): boolean {
  return entry !== null && entry !== undefined && (SUBAGENT_KINDS as readonly string[]).includes(entry.kind);
}
