/**
 * Turn one dialect's `hooks` value into HookGroups. Total: every problem becomes a
 * diagnostic with the file and line:col, and the broken group or hook is skipped; nothing
 * here throws on bad input.
 */
import { CANONICAL, type CanonicalEvent } from '../canonical';
import { DIALECT_LABEL, defaultTimeoutSec, isAliasSpelling, listDialect, lookupSpelling, rulesOf, spellingsOf, suggestCanonical, timeoutBoundsSec } from './dialects';
import { locate, type JsonPath, type LocatedDocument } from './jsonc';
import { MATCH_ALL, compileMatcher } from './matcher';
import type { CommandHandler, Diagnostic, Dialect, HookGroup, HookHandler, HttpHandler, OnError } from './types';
import { isRecord } from '../check';

export interface ParseContext {
  dialect: Dialect;
  /** file path for diagnostics */
  file: string;
  /** id prefix, e.g. `claude.project` */
  scope: string;
  doc: LocatedDocument;
  diagnostics: Diagnostic[];
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

export function report(ctx: ParseContext, level: Diagnostic['level'], path: JsonPath, message: string): void {
  const pos = locate(ctx.doc, path);
  ctx.diagnostics.push({ level, file: ctx.file, ...(pos ? { position: `${pos.line}:${pos.col}` } : {}), message });
}

const NATIVE_HOOK_KEYS = new Set(['type', 'command', 'url', 'headers', 'allowedEnvVars', 'timeout', 'onError', 'env']);
const NATIVE_GROUP_KEYS = new Set(['matcher', 'hooks']);

/**
 * Parse the value of a `hooks` key (`{ <event>: [ ... ] }`) written in `ctx.dialect`.
 * `path` is where that value sits in the document (for positions).
 */
export function parseHooksSection(ctx: ParseContext, value: unknown, path: JsonPath): HookGroup[] {
  const groups: HookGroup[] = [];
  if (value === undefined || value === null) return groups;
  if (!isRecord(value)) {
    report(ctx, 'error', path, `"hooks" must be an object keyed by event name, found ${kindOf(value)}`);
    return groups;
  }
  for (const [spelling, list] of Object.entries(value)) {
    const evPath = [...path, spelling];
    if (spelling.startsWith('$')) continue; // Codex `$comment` and similar annotations
    if (rulesOf(ctx.dialect).fileKeys?.includes(spelling)) continue; // switches beside the events of a bare file
    const hit = lookupSpelling(ctx.dialect, spelling);
    if (hit.kind !== 'canonical') {
      if (ctx.dialect === 'native') {
        const canon = suggestCanonical(spelling);
        report(ctx, 'error', evPath, `unknown event "${spelling}"${canon ? `; stopline.json uses canonical names: did you mean "${canon}"?` : ''}; skipped`);
      } else if (hit.kind === 'host-only') {
        report(ctx, 'warning', evPath, `${DIALECT_LABEL[ctx.dialect]} event "${spelling}" has no canonical counterpart; its hooks only run inside ${DIALECT_LABEL[ctx.dialect]} itself`);
      } else {
        report(ctx, 'warning', evPath, `unknown ${DIALECT_LABEL[ctx.dialect]} event "${spelling}"; skipped`);
      }
      continue;
    }
    if (!Array.isArray(list)) {
      report(ctx, 'error', evPath, `event "${spelling}" must be a list, found ${kindOf(list)}; skipped`);
      continue;
    }
    const rules = rulesOf(ctx.dialect);
    const form = isAliasSpelling(ctx.dialect, spelling) ? rules.aliases!.entry : rules.entry;
    list.forEach((entry, gi) => {
      const group =
        form === 'flat-command'
          ? parseFlatCommand(ctx, hit.event, spelling, entry, [...evPath, gi], gi)
          : form === 'flat-handler'
            ? parseFlatHandler(ctx, hit.event, spelling, entry, [...evPath, gi], gi)
            : parseGroup(ctx, hit.event, spelling, entry, [...evPath, gi], gi);
      if (group) groups.push(group);
    });
  }
  return groups;
}

/**
 * A hooks list of one-hook tables that name their own event (TOML `[[hooks]]`), read by the
 * dialect's `tableList` keys. Each table is one group of one command hook,
 * run by `sh -c`.
 */
export function parseHooksList(ctx: ParseContext, value: unknown, path: JsonPath): HookGroup[] {
  const rules = listDialect(ctx.dialect);
  const groups: HookGroup[] = [];
  if (value === undefined || value === null || !rules) return groups;
  const label = DIALECT_LABEL[ctx.dialect];
  if (!Array.isArray(value)) {
    report(ctx, 'error', path, `"hooks" must be a list of [[hooks]] tables, found ${kindOf(value)}`);
    return groups;
  }
  const known = new Set(['command', 'timeout', rules.eventKey, rules.matcherKey, ...(rules.failClosedKey ? [rules.failClosedKey] : []), ...(rules.ignoredKeys ?? [])]);
  value.forEach((entry, gi) => {
    const at = [...path, gi];
    if (!isRecord(entry)) {
      report(ctx, 'error', at, `a ${label} hook must be a table with "${rules.eventKey}" and "command", found ${kindOf(entry)}; skipped`);
      return;
    }
    for (const k of Object.keys(entry)) if (!known.has(k)) report(ctx, 'warning', [...at, k], `unknown key "${k}" in a ${label} hook (ignored)`);
    const spelling = entry[rules.eventKey];
    if (typeof spelling !== 'string' || spelling === '') {
      report(ctx, 'error', [...at, rules.eventKey], `a ${label} hook needs "${rules.eventKey}" naming its event, found ${JSON.stringify(spelling)}; skipped`);
      return;
    }
    const hit = lookupSpelling(ctx.dialect, spelling);
    if (hit.kind !== 'canonical') {
      report(ctx, 'warning', [...at, rules.eventKey], hit.kind === 'host-only' ? `${label} event "${spelling}" has no canonical counterpart; its hooks only run inside ${label} itself` : `unknown ${label} event "${spelling}"; skipped`);
      return;
    }
    const event = hit.event;
    const promptMatcher = rules.promptMatcher?.includes(event) === true;
    const rawMatcher = entry[rules.matcherKey];
    let matcher: HookGroup['matcher'] | undefined;
    if (promptMatcher && typeof rawMatcher === 'string') {
      // the host compares this matcher with the prompt text, which stopline has too
      const compiled = compileMatcher(ctx.dialect, rawMatcher);
      if (compiled.problem) report(ctx, compiled.problem.level, [...at, rules.matcherKey], compiled.problem.message);
      matcher = compiled.matcher;
    } else matcher = groupMatcher(ctx, event, rawMatcher, [...at, rules.matcherKey]);
    if (!matcher) return;
    const command = entry.command;
    if (typeof command !== 'string' || command.trim() === '') {
      report(ctx, 'error', [...at, 'command'], `a ${label} hook needs a non-empty "command", found ${JSON.stringify(command)}; skipped`);
      return;
    }
    const timeoutMs = parseTimeout(ctx, event, entry.timeout, [...at, 'timeout']);
    if (timeoutMs === null) return;
    const failClosed = rules.failClosedKey ? entry[rules.failClosedKey] : undefined;
    if (failClosed !== undefined && typeof failClosed !== 'boolean') {
      report(ctx, 'error', [...at, rules.failClosedKey!], `${rules.failClosedKey} must be true or false; hook skipped`);
      return;
    }
    const handler: CommandHandler = { id: `${ctx.scope}:${spelling}:${gi}:0`, type: 'command', command, shell: 'sh', timeoutMs, onError: failClosed === true ? 'block' : 'warn' };
    groups.push({ dialect: ctx.dialect, source: ctx.file, event, spelling, matcher, ...(promptMatcher && matcher.mode !== 'all' ? { subject: 'prompt' as const } : {}), hooks: [handler] });
  });
  return groups;
}

/** Compile a group's matcher, applying the subject rules; undefined = drop the group. */
function groupMatcher(ctx: ParseContext, event: CanonicalEvent, raw: unknown, path: JsonPath): HookGroup['matcher'] | undefined {
  if (raw === undefined || raw === null) return MATCH_ALL;
  if (typeof raw !== 'string') {
    report(ctx, 'error', path, `matcher must be a string, found ${kindOf(raw)}; group skipped`);
    return undefined;
  }
  const { matcher, problem } = compileMatcher(ctx.dialect, raw);
  if (matcher.mode === 'all') return matcher;
  const onTools = rulesOf(ctx.dialect).matcherOnTools;
  if (onTools === 'never-runs' && CANONICAL[event].subject !== 'tool') {
    report(ctx, 'warning', path, `${DIALECT_LABEL[ctx.dialect]} compares matchers only with a tool name: matcher "${raw}" on ${event} never matches there; this group never runs`);
    return { source: raw, mode: 'never', test: () => false };
  }
  if (CANONICAL[event].subject === null) {
    report(ctx, 'warning', path, `event ${event} has no matcher subject; matcher "${raw}" dropped (the group runs on every ${event})`);
    return MATCH_ALL;
  }
  if (onTools === 'dropped' && CANONICAL[event].subject !== 'tool') {
    const toolEvents = [...spellingsOf(ctx.dialect, 'tool:before'), ...spellingsOf(ctx.dialect, 'tool:after')].join(' / ');
    report(ctx, 'warning', path, `${DIALECT_LABEL[ctx.dialect]} applies matchers only to ${toolEvents}; matcher "${raw}" dropped`);
    return MATCH_ALL;
  }
  if (problem) report(ctx, problem.level, path, problem.message);
  return matcher;
}

function parseGroup(ctx: ParseContext, event: CanonicalEvent, spelling: string, entry: unknown, path: JsonPath, gi: number): HookGroup | null {
  if (!isRecord(entry)) {
    report(ctx, 'error', path, `a hook group must be an object with "hooks", found ${kindOf(entry)}; skipped`);
    return null;
  }
  if (ctx.dialect === 'native') {
    for (const k of Object.keys(entry)) if (!NATIVE_GROUP_KEYS.has(k)) report(ctx, 'warning', [...path, k], `unknown key "${k}" in hook group (ignored)`);
  }
  const matcher = groupMatcher(ctx, event, entry.matcher, [...path, 'matcher']);
  if (!matcher) return null;
  const filterKey = rulesOf(ctx.dialect).handler.commandFilter;
  const commandRegex = filterKey ? commandFilter(ctx, filterKey, entry[filterKey], [...path, filterKey]) : undefined;
  if (commandRegex === null) return null;
  const list = entry.hooks;
  if (!Array.isArray(list)) {
    report(ctx, 'error', [...path, 'hooks'], `"hooks" must be a list of handlers, found ${kindOf(list)}; group skipped`);
    return null;
  }
  const hooks: HookHandler[] = [];
  list.forEach((h, hi) => {
    const handler = parseHandler(ctx, event, h, [...path, 'hooks', hi], `${ctx.scope}:${spelling}:${gi}:${hi}`);
    if (handler) hooks.push(handler);
  });
  if (hooks.length === 0) {
    if (list.length === 0) report(ctx, 'warning', [...path, 'hooks'], 'hook group has no handlers');
    return null;
  }
  return { dialect: ctx.dialect, source: ctx.file, event, spelling, matcher, ...(commandRegex ? { commandRegex } : {}), hooks };
}

/** A group's filter on the shell command (the row's `commandFilter` key); undefined = none, null = drop the group. */
function commandFilter(ctx: ParseContext, key: string, raw: unknown, path: JsonPath): RegExp | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') {
    report(ctx, 'error', path, `${key} must be a string, found ${kindOf(raw)}; group skipped`);
    return null;
  }
  try {
    return new RegExp(raw);
  } catch (err) {
    report(ctx, 'error', path, `invalid ${key} "${raw}": ${err instanceof Error ? err.message : String(err)}; this group never runs`);
    return null;
  }
}

/**
 * A `flat-handler` entry: one flat handler `{type?, bash | command | exec + args, timeoutSec |
 * timeout, cwd?, env?, matcher?}` (http: url, headers, allowedEnvVars), read as the one-handler
 * group it is. `powershell` alone runs only on Windows.
 */
function parseFlatHandler(ctx: ParseContext, event: CanonicalEvent, spelling: string, entry: unknown, path: JsonPath, gi: number): HookGroup | null {
  if (!isRecord(entry)) {
    report(ctx, 'error', path, `a ${DIALECT_LABEL[ctx.dialect]} hook entry must be an object with "bash" or "command", found ${kindOf(entry)}; skipped`);
    return null;
  }
  const matcher = groupMatcher(ctx, event, entry.matcher, [...path, 'matcher']);
  if (!matcher) return null;
  const shellText = entry.bash ?? entry.command;
  if (shellText === undefined && entry.exec === undefined && typeof entry.powershell === 'string' && (entry.type ?? 'command') === 'command') {
    report(ctx, 'warning', [...path, 'powershell'], 'a "powershell" hook runs only on Windows; skipped');
    return null;
  }
  const normal: Record<string, unknown> = { ...entry, timeout: entry.timeoutSec ?? entry.timeout };
  if (entry.exec !== undefined && shellText === undefined) {
    normal.command = entry.exec;
    normal.args = entry.args ?? [];
  } else normal.command = shellText;
  const handler = parseHandler(ctx, event, normal, path, `${ctx.scope}:${spelling}:${gi}:0`);
  return handler ? { dialect: ctx.dialect, source: ctx.file, event, spelling, matcher, hooks: [handler] } : null;
}

/** A configured timeout in seconds, from the dialect's unit (`sec-or-ms`: 1000 or more is milliseconds). */
function timeoutSeconds(dialect: ParseContext['dialect'], raw: number): number {
  const unit = rulesOf(dialect).timeoutUnit;
  if (unit === 'ms' || (unit === 'sec-or-ms' && raw >= 1000)) return raw / 1000;
  return raw;
}

function parseTimeout(ctx: ParseContext, event: CanonicalEvent, raw: unknown, path: JsonPath): number | null {
  const def = defaultTimeoutSec(ctx.dialect, event);
  let sec: number;
  if (raw === undefined || raw === null) sec = def;
  else if (typeof raw !== 'number' || !Number.isFinite(raw) || raw <= 0) {
    report(ctx, 'error', path, `timeout must be a positive number of ${rulesOf(ctx.dialect).timeoutUnit === 'ms' ? 'milliseconds' : 'seconds'}, found ${JSON.stringify(raw)}; hook skipped`);
    return null;
  } else sec = timeoutSeconds(ctx.dialect, raw);
  const bounds = timeoutBoundsSec(ctx.dialect, event);
  if (bounds && raw !== undefined && raw !== null && (sec < bounds.min || sec > bounds.max)) {
    const clamped = Math.min(bounds.max, Math.max(bounds.min, sec));
    report(ctx, 'warning', path, `${DIALECT_LABEL[ctx.dialect]} clamps this timeout to ${bounds.min}..${bounds.max} s; using ${clamped}`);
    sec = clamped;
  }
  return Math.round(sec * 1000);
}

function parseStringMap(ctx: ParseContext, raw: unknown, path: JsonPath, what: string): Record<string, string> | null | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isRecord(raw) || !Object.values(raw).every((v) => typeof v === 'string')) {
    report(ctx, 'error', path, `${what} must be an object of string values; hook skipped`);
    return null;
  }
  return raw as Record<string, string>;
}

function parseOnError(ctx: ParseContext, h: Record<string, unknown>, path: JsonPath): OnError | null {
  const key = rulesOf(ctx.dialect).handler.failure;
  if (key === 'onFailure') {
    const v = h.onFailure;
    if (v === undefined || v === null || v === 'continue') return 'warn';
    if (v === 'block') return 'block';
    report(ctx, 'error', [...path, 'onFailure'], `onFailure must be "continue" or "block", found ${JSON.stringify(v)}; hook skipped`);
    return null;
  }
  // a host without such a field lets the tool run when one of its hooks fails (a host's own
  // failure rules, such as denying before a tool, are its answer form's: decode.ts)
  if (key === undefined) return 'warn';
  const v = h.onError;
  if (v === undefined || v === null) return 'warn';
  if (v === 'warn' || v === 'block' || v === 'ignore') return v;
  report(ctx, 'error', [...path, 'onError'], `onError must be "warn", "block" or "ignore", found ${JSON.stringify(v)}; hook skipped`);
  return null;
}

function parseHandler(ctx: ParseContext, event: CanonicalEvent, h: unknown, path: JsonPath, id: string): HookHandler | null {
  if (!isRecord(h)) {
    report(ctx, 'error', path, `a hook handler must be an object, found ${kindOf(h)}; skipped`);
    return null;
  }
  if (ctx.dialect === 'native') {
    for (const k of Object.keys(h)) if (!NATIVE_HOOK_KEYS.has(k)) report(ctx, 'warning', [...path, k], `unknown key "${k}" in hook (ignored)`);
  }
  const type = h.type === undefined ? 'command' : h.type;
  if (type === 'prompt' || type === 'agent') {
    report(ctx, 'warning', [...path, 'type'], `hook type "${type}" needs ${DIALECT_LABEL[ctx.dialect]}'s own model; stopline runs only "command" and "http" hooks; skipped`);
    return null;
  }
  const keys = rulesOf(ctx.dialect).handler;
  const label = DIALECT_LABEL[ctx.dialect];
  if (typeof type === 'string' && keys.hostOnlyTypes?.includes(type)) {
    report(ctx, 'warning', [...path, 'type'], `${label} hook type "${type}" runs inside ${label} only; stopline runs only its "command" hooks; skipped`);
    return null;
  }
  if (keys.noHttp && type === 'http') {
    report(ctx, 'error', [...path, 'type'], `${label} hooks are "command" hooks only (it has no "http" type); skipped`);
    return null;
  }
  if (type !== 'command' && type !== 'http') {
    report(ctx, 'error', [...path, 'type'], `unknown hook type ${JSON.stringify(type)} (expected "command" or "http"); skipped`);
    return null;
  }
  if (keys.notRun?.includes('if') && h.if !== undefined) report(ctx, 'warning', [...path, 'if'], `"if" filters are not evaluated; this hook runs whenever its matcher matches`);
  if (keys.notRun?.includes('async') && h.async === true) report(ctx, 'warning', [...path, 'async'], `"async" is not supported; this hook runs synchronously`);
  const timeoutMs = parseTimeout(ctx, event, h.timeout, [...path, 'timeout']);
  const onError = parseOnError(ctx, h, path);
  if (timeoutMs === null || onError === null) return null;

  if (type === 'http') {
    const url = h.url;
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url) || !URL.canParse(url)) {
      report(ctx, 'error', [...path, 'url'], `http hook needs "url" with an http(s) URL, found ${JSON.stringify(url)}; skipped`);
      return null;
    }
    const headers = parseStringMap(ctx, h.headers, [...path, 'headers'], 'headers');
    if (headers === null) return null;
    let allowedEnvVars: string[] | undefined;
    if (h.allowedEnvVars !== undefined) {
      if (!Array.isArray(h.allowedEnvVars) || !h.allowedEnvVars.every((v) => typeof v === 'string')) {
        report(ctx, 'error', [...path, 'allowedEnvVars'], 'allowedEnvVars must be a list of variable names; hook skipped');
        return null;
      }
      allowedEnvVars = h.allowedEnvVars as string[];
    } else if (keys.httpEnvListed) {
      // the host expands only the variables an http hook lists
      allowedEnvVars = [];
    }
    const handler: HttpHandler = { id, type: 'http', url, timeoutMs, onError };
    if (headers) handler.headers = headers;
    if (allowedEnvVars) handler.allowedEnvVars = allowedEnvVars;
    return handler;
  }

  const command = h.command;
  if (typeof command !== 'string' || command.trim() === '') {
    report(ctx, 'error', [...path, 'command'], `command hook needs a non-empty "command" string, found ${JSON.stringify(command)}; skipped`);
    return null;
  }
  let shell: CommandHandler['shell'] = keys.shell;
  if (keys.shellKey && h.shell !== undefined) {
    if (h.shell === 'bash') shell = 'bash';
    else {
      report(ctx, 'warning', [...path, 'shell'], `shell ${JSON.stringify(h.shell)} is not supported; skipped`);
      return null;
    }
  }
  const handler: CommandHandler = { id, type: 'command', command, shell, timeoutMs, onError };
  if (keys.args && h.args !== undefined) {
    if (!Array.isArray(h.args) || !h.args.every((a) => typeof a === 'string')) {
      report(ctx, 'error', [...path, 'args'], 'args must be a list of strings; hook skipped');
      return null;
    }
    handler.args = h.args as string[];
  }
  if (keys.env) {
    const env = parseStringMap(ctx, h.env, [...path, 'env'], 'env');
    if (env === null) return null;
    if (env) handler.env = env;
  }
  if (keys.cwd && h.cwd !== undefined) {
    if (typeof h.cwd !== 'string' || h.cwd === '') {
      report(ctx, 'error', [...path, 'cwd'], 'cwd must be a folder name relative to the project; hook skipped');
      return null;
    }
    handler.cwd = h.cwd;
  }
  return handler;
}

/** A `flat-command` entry: `{ matcher?, command, timeout?, <failClosedKeys>? }`, one command hook. */
function parseFlatCommand(ctx: ParseContext, event: CanonicalEvent, spelling: string, entry: unknown, path: JsonPath, gi: number): HookGroup | null {
  const label = DIALECT_LABEL[ctx.dialect];
  if (!isRecord(entry)) {
    report(ctx, 'error', path, `a ${label} hook entry must be a mapping with "command", found ${kindOf(entry)}; skipped`);
    return null;
  }
  const matcher = groupMatcher(ctx, event, entry.matcher, [...path, 'matcher']);
  if (!matcher) return null;
  const command = entry.command;
  if (typeof command !== 'string' || command.trim() === '') {
    report(ctx, 'error', [...path, 'command'], `${label} hook needs a non-empty "command", found ${JSON.stringify(command)}; skipped`);
    return null;
  }
  const timeoutMs = parseTimeout(ctx, event, entry.timeout, [...path, 'timeout']);
  if (timeoutMs === null) return null;
  const failKey = (rulesOf(ctx.dialect).handler.failClosedKeys ?? []).find((k) => entry[k] !== undefined && entry[k] !== null);
  const failClosed = failKey !== undefined ? entry[failKey] : undefined;
  if (failClosed !== undefined && typeof failClosed !== 'boolean') {
    report(ctx, 'error', [...path, failKey!], `${failKey} must be true or false; hook skipped`);
    return null;
  }
  const handler: CommandHandler = {
    id: `${ctx.scope}:${spelling}:${gi}:0`,
    type: 'command',
    command,
    shell: 'sh',
    timeoutMs,
    onError: failClosed ? 'block' : 'warn',
  };
  return { dialect: ctx.dialect, source: ctx.file, event, spelling, matcher, hooks: [handler] };
}
