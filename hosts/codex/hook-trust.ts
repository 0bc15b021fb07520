/**
 * Codex CLI 0.171.0 runs a non-managed hook handler only when it is trusted, and skips an
 * untrusted one with no message at all. Trust is persisted per handler in the user
 * config.toml:
 *
 *   [hooks.state."<absolute hooks.json path>:<event_snake>:<group index>:<handler index>"]
 *   trusted_hash = "sha256:<hex>"
 *
 * where <hex> is the sha256 of the compact JSON, keys sorted, of the handler's identity:
 *   {"event_name": <event_snake>, "matcher": <only when set and kept for the event>,
 *    "hooks": [{"async": <bool>, "command": ..., "statusMessage": <only when set>,
 *               "timeout": <effective seconds>, "type": "command"}]}
 *
 * This module computes those entries from a parsed hooks.json, the same way Codex does (the
 * harness test checks the result against `codex app-server` hooks/list and against a real
 * run without --dangerously-bypass-hook-trust). Any edit of a handler changes its hash, so
 * the entries must be recomputed whenever hooks.json changes.
 */
import { createHash } from 'node:crypto';
import { codexRegistry } from '../../core/registry/codex';
import { isRecord } from '../../core/check';

/** The hook events Codex 0.171.0 accepts (every row of its registry); other keys in `hooks` are ignored by Codex. */
export const CODEX_HOOK_EVENTS: readonly string[] = codexRegistry.events.map((e) => e.native);
export type CodexHookEvent = string;

function rowOf(event: CodexHookEvent) {
  return codexRegistry.events.find((e) => e.native === event);
}

/** One `[hooks.state."<key>"]` table of config.toml as the installer records and edits it. */
export interface TrustEntry {
  key: string;
  trustedHash: string;
}

interface CodexHookTrustEntry {
  /** `<hooks file>:<event_snake>:<group>:<handler>`, the `[hooks.state."…"]` table name */
  key: string;
  /** `sha256:<64 hex>` */
  trustedHash: string;
  event: CodexHookEvent;
  groupIndex: number;
  handlerIndex: number;
}

/** Thrown for a hooks.json that Codex would not load the way the caller expects. */
export class CodexHooksFileError extends Error {
  override name = 'CodexHooksFileError';
}

/** `PreToolUse` -> `pre_tool_use`, the event label Codex uses in keys and hashes. */
export function codexEventLabel(event: CodexHookEvent): string {
  return event.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * The timeout Codex actually applies (and hashes) for a handler's configured `timeout`.
 * @keep codexEffectiveTimeout the timeout Codex applies to a hook: the tests check each default
 */
export function codexEffectiveTimeout(event: CodexHookEvent, configured: number | undefined): number {
  // the registry's hostTimeout: 600 s by default, SessionEnd and Interrupt 1 s clamped to at most 3 s
  const host = rowOf(event)?.hostTimeout ?? { defaultSec: 600 };
  if (configured === undefined) return host.defaultSec;
  // hooks/list shows `timeout: 0` as 1 s: the floor is one second for every event
  const floored = Math.max(1, configured);
  return host.maxSec !== undefined ? Math.min(host.maxSec, floored) : floored;
}

/** Compact JSON with object keys sorted at every level (what Codex hashes). */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function isCodexEvent(name: string): name is CodexHookEvent {
  return (CODEX_HOOK_EVENTS as readonly string[]).includes(name);
}

function readTimeout(where: string, raw: unknown): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) {
    throw new CodexHooksFileError(`${where}: "timeout" must be a whole number of seconds >= 0, got ${JSON.stringify(raw)}`);
  }
  return raw;
}

/**
 * Trust entries for every command handler of a parsed hooks.json (`{"hooks": {...}}`).
 * `hooksFilePath` must be the absolute path Codex will load the file from (it is part of the
 * key). Unknown event names and prompt / agent handlers get no entry (Codex skips them), but
 * they still occupy their group / handler index. Throws CodexHooksFileError for a file Codex
 * would reject as a whole (missing or unknown handler type, a timeout that is not a whole
 * number >= 0) or a handler it would silently skip (blank command).
 */
export function codexHookTrustEntries(hooksFilePath: string, hooksFile: unknown): CodexHookTrustEntry[] {
  if (!hooksFilePath.startsWith('/')) {
    throw new CodexHooksFileError(`hooks file path must be absolute (it is part of the trust key), got "${hooksFilePath}"`);
  }
  if (!isRecord(hooksFile) || !isRecord(hooksFile.hooks)) {
    throw new CodexHooksFileError('hooks file must be an object with a "hooks" object');
  }
  const entries: CodexHookTrustEntry[] = [];
  for (const [event, groups] of Object.entries(hooksFile.hooks)) {
    if (!isCodexEvent(event)) continue;
    if (!Array.isArray(groups)) throw new CodexHooksFileError(`hooks.${event} must be an array of matcher groups`);
    const label = codexEventLabel(event);
    groups.forEach((group: unknown, groupIndex: number) => {
      const where = `hooks.${event}[${groupIndex}]`;
      if (!isRecord(group) || !Array.isArray(group.hooks)) {
        throw new CodexHooksFileError(`${where} must be an object with a "hooks" array`);
      }
      if (group.matcher !== undefined && group.matcher !== null && typeof group.matcher !== 'string') {
        throw new CodexHooksFileError(`${where}.matcher must be a string`);
      }
      // an event whose matcher Codex drops (hooks/list shows null): it is not part of the hash
      const matcher = rowOf(event)?.matcherIgnored ? undefined : (group.matcher ?? undefined);
      group.hooks.forEach((handler: unknown, handlerIndex: number) => {
        const at = `${where}.hooks[${handlerIndex}]`;
        if (!isRecord(handler)) throw new CodexHooksFileError(`${at} must be an object`);
        // Codex skips prompt / agent handlers (they keep their index); any other type, or none,
        // makes Codex reject the whole file, so no hook of it would run.
        if (handler.type === 'prompt' || handler.type === 'agent') return;
        if (handler.type !== 'command') {
          throw new CodexHooksFileError(`${at}.type must be "command" (or "prompt"/"agent", which Codex skips), got ${JSON.stringify(handler.type)}`);
        }
        // Codex skips a blank command with a warning; refuse it instead of trusting a hook that never runs
        if (typeof handler.command !== 'string' || handler.command.trim() === '') {
          throw new CodexHooksFileError(`${at}.command must be a non-empty string`);
        }
        if (handler.async !== undefined && typeof handler.async !== 'boolean') {
          throw new CodexHooksFileError(`${at}.async must be true or false`);
        }
        if (handler.statusMessage !== undefined && typeof handler.statusMessage !== 'string') {
          throw new CodexHooksFileError(`${at}.statusMessage must be a string`);
        }
        const identityHandler: Record<string, unknown> = {
          type: 'command',
          command: handler.command,
          timeout: codexEffectiveTimeout(event, readTimeout(at, handler.timeout)),
          async: handler.async ?? false,
        };
        if (handler.statusMessage !== undefined) identityHandler.statusMessage = handler.statusMessage;
        const identity: Record<string, unknown> = { event_name: label, hooks: [identityHandler] };
        if (matcher !== undefined) identity.matcher = matcher;
        const hex = createHash('sha256').update(sortedJson(identity)).digest('hex');
        entries.push({
          key: `${hooksFilePath}:${label}:${groupIndex}:${handlerIndex}`,
          trustedHash: `sha256:${hex}`,
          event,
          groupIndex,
          handlerIndex,
        });
      });
    });
  }
  return entries;
}

/** A TOML basic string (double quotes; backslash, quote and control characters escaped). */
function tomlString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** The `[hooks.state."…"]` tables for config.toml, one per entry, ending with a newline. */
export function renderCodexHookTrustToml(entries: readonly CodexHookTrustEntry[]): string {
  return entries
    .map((e) => `[hooks.state.${tomlString(e.key)}]\ntrusted_hash = ${tomlString(e.trustedHash)}\n`)
    .join('\n');
}
