/**
 * analyzeToolCall: one host tool call -> a complete Action (minus id). Looks the tool up
 * in the host registry (exact names, then patterns), dispatches on its ToolKind, and never
 * throws: unreadable input is `unknown` mutability / unproven paths with the reason in
 * the segments. A tool the registry does not list is unknown.
 */
import { placeToolPath, resolversFor } from '../paths/path-resolve';
import { normalizeTarget } from '../paths/paths';
import type { Action, Hazard, Mutability } from '../protocol';
import { findToolEntry } from '../registry/lookup';
import type { HostRegistry, ToolEntry, ToolKind } from '../registry/types';
import { combineSegments, patchSegments, resolvePath, type Base as CollectBase } from './collect';
import { addedLines, changeFromContent, changeFromEdit, dependencyIntentFromChange, hashIntentFromLines, langOfPath, manifestKind, type Change } from './intents';
import { MAX_PATCH_CHARS, MAX_TOOL_NAME_CHARS } from './limits';
import { parsePatch } from './patch';
import { analyzePowerShell } from './powershell';
import { globNamesSecret, holdsHomeSecrets, secretKindOf } from './secrets';
import { analyzeShell } from './shell';
import type { AnalysisSegment, ShellAnalysis } from './types';
import { isRecord } from '../check';

export interface ToolCallOptions {
  cwd?: string;
  home?: string;
  /** known values of the variables that name protected folders, for `$CODEX_HOME/…` targets (self-paths.ts pathVars) */
  vars?: Readonly<Record<string, string>>;
  /** the host's version as the adapter saw it at run time; picks a versioned path resolver */
  hostVersion?: string;
  /**
   * the folder the host itself joins this call's relative paths with, when it names one (a
   * resolver whose base is `host`: Hermes after a `cd`); absolute. Paths still come out
   * relative to `cwd`, the contract's folder.
   */
  hostBase?: string;
}

type Analysed = Omit<Action, 'id'>;
type Obj = Record<string, unknown>;
type Base = CollectBase & { hostVersion?: string; hostBase?: string };

const OLD_TEXT_FIELDS = ['old_string', 'oldString', 'oldText', 'old_str', 'old_text'];
const NEW_TEXT_FIELDS = ['new_string', 'newString', 'newText', 'new_str', 'new_text', 'content'];
const EDIT_PATH_FIELDS = ['file_path', 'filePath', 'path'];

function str(o: Obj, field: string | undefined): string | undefined {
  if (!field) return undefined;
  const v = o[field];
  return typeof v === 'string' ? v : undefined;
}

function firstStr(o: Obj, fields: readonly string[] | undefined): string | undefined {
  for (const f of fields ?? []) {
    const v = str(o, f);
    if (v !== undefined) return v;
  }
  return undefined;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

export function analyzeToolCall(registry: HostRegistry, toolName: string, input: unknown, opts: ToolCallOptions = {}): Analysed {
  const name = typeof toolName === 'string' && toolName.trim() !== '' ? toolName.slice(0, MAX_TOOL_NAME_CHARS) : '(unnamed tool)';
  const base: Base = { cwd: typeof opts.cwd === 'string' && opts.cwd !== '' ? opts.cwd : undefined, home: typeof opts.home === 'string' && opts.home !== '' ? opts.home : undefined, vars: opts.vars };
  if (typeof opts.hostVersion === 'string' && opts.hostVersion !== '') base.hostVersion = opts.hostVersion;
  if (typeof opts.hostBase === 'string' && opts.hostBase !== '') base.hostBase = opts.hostBase;
  let entry: ToolEntry | null = null;
  try {
    entry = findToolEntry(registry, name);
    if (!entry) return finish(name, undefined, base, unknownResult(name, `${registry.displayName} tool "${name}" is not in the registry`));
    return withKey(finish(name, entry.canonical, base, byKind(entry, input, base)), input);
  } catch (e) {
    return finish(name, entry?.canonical, base, unknownResult(name, `analysis failed: ${e instanceof Error ? e.message : String(e)}`));
  }
}

/**
 * The call's key: 64 bits of FNV-1a over the tool name and its input as JSON. Two calls that
 * differ in any word differ here (the same analysis may come from different words: `git push
 * --force origin main` and `… topic`), and the key says nothing of the input.
 */
function withKey(a: Analysed, input: unknown): Analysed {
  let text: string;
  try {
    text = a.name + '\0' + (JSON.stringify(input) ?? '');
  } catch {
    return a;
  }
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  a.callKey = h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
  return a;
}

interface Result {
  mutability: Mutability;
  affectedPaths: string[] | null;
  dependencyIntent: boolean;
  hashIntent: boolean;
  delegationCount: number;
  unboundedDelegation: boolean;
  segments: AnalysisSegment[];
  /** a POSIX shell tool's command text (what confinement wraps) */
  command?: string;
  hazards?: Hazard[];
  reads?: string[];
  codeNames?: string[];
  opens?: string[];
}

function finish(name: string, canonical: string | undefined, base: Base, r: Result): Analysed {
  const a: Analysed = {
    name,
    mutability: r.mutability,
    affectedPaths: r.affectedPaths,
    dependencyIntent: r.dependencyIntent,
    hashIntent: r.hashIntent,
    delegationCount: r.delegationCount,
    unboundedDelegation: r.unboundedDelegation,
    segments: r.segments.map(({ program, mutability, paths, why, pathsProven, newEntry }) => ({
      program,
      mutability,
      paths,
      why,
      ...(mutability === 'write' && pathsProven ? { pathsProven: true } : {}),
      ...(mutability === 'write' && newEntry ? { newEntry } : {}),
    })),
  };
  if (canonical) a.canonicalName = canonical;
  if (base.cwd) a.cwd = base.cwd;
  if (r.command !== undefined) a.command = r.command;
  if (r.hazards?.length) a.hazards = r.hazards;
  if (r.reads?.length) a.reads = r.reads.slice(0, 32);
  if (r.codeNames?.length) a.codeNames = r.codeNames.slice(0, 32);
  if (r.opens?.length) a.opens = r.opens;
  // a program that changes stopline's own files (host-clis.ts) names no target the rules could place
  if (r.segments.some((s) => s.selfTarget)) a.selfTarget = true;
  const runs = [...new Set(r.segments.flatMap((s) => s.runs ?? []))];
  if (runs.length) a.runs = runs.slice(0, 32);
  return a;
}

function simple(name: string, mutability: Mutability, why: string, extra: Partial<Result> = {}): Result {
  return {
    mutability,
    affectedPaths: mutability === 'write' || mutability === 'unknown' ? null : [],
    dependencyIntent: false,
    hashIntent: false,
    delegationCount: 0,
    unboundedDelegation: false,
    segments: [{ program: name, mutability, paths: [], pathsProven: mutability !== 'unknown' && mutability !== 'write', why }],
    ...extra,
  };
}

function unknownResult(name: string, why: string): Result {
  return simple(name, 'unknown', why);
}

function fromShell(s: ShellAnalysis): Result {
  return { ...s, delegationCount: 0, unboundedDelegation: false };
}

/** The kind for this call: `kindBy` lets one input field pick it. */
function kindFor(entry: ToolEntry, input: unknown): ToolKind {
  const by = entry.kindBy;
  if (!by || !isRecord(input)) return entry.kind;
  const v = input[by.field];
  if (v === undefined || v === null) return entry.kind;
  const key = typeof v === 'string' ? v : typeof v === 'boolean' ? String(v) : undefined;
  if (key !== undefined && Object.prototype.hasOwnProperty.call(by.cases, key)) return by.cases[key]!;
  return by.otherwise;
}

function byKind(entry: ToolEntry, input: unknown, base: Base): Result {
  const name = entry.name;
  const kind = kindFor(entry, input);
  switch (kind) {
    case 'read':
      return readTool(entry, input, base);
    case 'control':
      return simple(name, 'control', `${name} has no effect on the repository (plans, questions, bookkeeping)`);
    case 'unknown':
      return unknownResult(name, entry.note ? `${name}: ${entry.note}` : `${name} is not a tool this guard can classify`);
    case 'delegate':
      if (entry.unseenChildren) {
        // nothing the subagent does reaches a hook: every effect is possible, and it is still one subagent
        return simple(name, 'unknown', `${name} starts one subagent whose tool calls no hook sees`, { delegationCount: 1, dependencyIntent: true, hashIntent: true });
      }
      return simple(name, 'delegate', `${name} starts one subagent`, { delegationCount: 1 });
    case 'delegate-unbounded':
      return simple(name, 'delegate', `${name} starts subagents whose number is not in its input`, { delegationCount: 1, unboundedDelegation: true });
    case 'delegate-batch':
      return delegateBatch(name, input);
    case 'task-continuation': {
      const id = isRecord(input) ? input.task_id : undefined;
      if (typeof id === 'string' && id.trim() !== '') return simple(name, 'control', `${name} with task_id continues an existing subagent session`);
      return simple(name, 'delegate', `${name} starts one subagent`, { delegationCount: 1 });
    }
    case 'shell':
    case 'powershell':
    case 'monitor':
      return command(entry, kind, input, base);
    case 'write':
      return writeTool(entry, input, base);
    case 'multi-edit':
      return multiEdit(entry, input, base);
    case 'notebook-edit':
      return notebookEdit(entry, input, base);
    case 'apply-patch':
      return patchTool(entry, input, base);
    case 'v4a-patch': {
      if (isRecord(input) && input.mode === 'patch') return patchTool(entry, input, base);
      return writeTool(entry, input, base);
    }
  }
}

function command(entry: ToolEntry, kind: ToolKind, input: unknown, base: Base): Result {
  const name = entry.name;
  if (!isRecord(input)) return unknownResult(name, `${name} input is ${describe(input)}, not an object`);
  const cmd = str(input, entry.commandField ?? 'command');
  if (cmd === undefined) {
    if (kind === 'monitor' && (typeof input.ws === 'string' || typeof input.url === 'string' || typeof input.websocket === 'string')) {
      return simple(name, 'read', `${name} watches a WebSocket stream`);
    }
    const v = input[entry.commandField ?? 'command'];
    return unknownResult(name, `${name}: ${entry.commandField ?? 'command'} is ${v === undefined ? 'missing' : describe(v)}`);
  }
  const o = { cwd: base.cwd, home: base.home, vars: base.vars, workdir: startFolder(workdirOf(entry, input, base), entry, base) };
  if (kind === 'powershell') return fromShell(analyzePowerShell(cmd, o));
  const r = fromShell(analyzeShell(cmd, o));
  // only a POSIX shell command can be run again under bash inside a sandbox
  if (kind === 'shell') r.command = cmd;
  return r;
}

/**
 * The folder the tool's own working-directory field names, as the host places it: a path
 * (relative to the cwd, or absolute), undefined when the field is absent, null when the
 * host's folder cannot be proven (its relative targets are then unproven too).
 */
function workdirOf(entry: ToolEntry, input: Obj, base: Base): string | null | undefined {
  const raw = entry.workdirField ? str(input, entry.workdirField) : undefined;
  if (raw === undefined || raw.trim() === '' || !entry.pathResolver) return raw;
  const placed = placeArg(entry, raw, base);
  if ('unproven' in placed || placed.paths.length !== 1) return null;
  return placed.paths[0]!;
}

/**
 * The folder a command starts in: the tool's own workdir (null when it cannot be placed), else
 * the host's own folder for the call (Hermes's terminal after a `cd`) when the row's resolver
 * joins there, else the cwd (undefined).
 */
function startFolder(workdir: string | null | undefined, entry: ToolEntry, base: Base): string | null | undefined {
  if (workdir !== undefined) return workdir;
  const r = entry.pathResolver;
  if (!r || !base.hostBase || base.hostBase === base.cwd) return undefined;
  if (!resolversFor(r, base.hostVersion).some((x) => x.base === 'host')) return undefined;
  return asTarget(base.hostBase, base);
}

/** Intents of one file change; over-long content counts as intent for manifests / code. */
function changeIntents(path: string, change: Change | null): { dep: boolean; hash: boolean } {
  if (!change) return { dep: manifestKind(path) !== null, hash: langOfPath(path) !== null };
  return { dep: dependencyIntentFromChange(path, change), hash: hashIntentFromLines(path, addedLines(change)) };
}

function boundedChange(oldText: string | undefined, newText: string): Change | null {
  if (newText.length + (oldText?.length ?? 0) > MAX_PATCH_CHARS) return null;
  return oldText !== undefined ? changeFromEdit(oldText, newText) : changeFromContent(newText);
}

function pathsOf(input: Obj, fields: readonly string[] | undefined): { raws: string[]; bad: boolean } {
  const raws: string[] = [];
  let bad = false;
  for (const f of fields ?? []) {
    const v = input[f];
    if (v === undefined) continue;
    if (typeof v === 'string' && v.trim() !== '') raws.push(v);
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) raws.push(...(v as string[]));
    else bad = true;
  }
  return { raws, bad };
}

/**
 * The paths the host writes for one raw path argument of this tool, relative to the cwd (or
 * absolute outside it): through the row's path resolver when it has one, else placed as
 * written. `unproven` says why the host's path cannot be known.
 */
function placeArg(entry: ToolEntry, raw: string, base: Base): { paths: string[] } | { unproven: string } {
  if (!entry.pathResolver) {
    const p = resolvePath(raw, '', base);
    return p === null ? { unproven: 'the target cannot be placed' } : { paths: [p] };
  }
  const placed = placeToolPath(raw, entry.pathResolver, { base: base.cwd, hostBase: base.hostBase, home: base.home, hostVersion: base.hostVersion });
  if ('unproven' in placed) return placed;
  return { paths: placed.paths.map((p) => asTarget(p, base)) };
}

/**
 * A placed path as an affected path: relative to the cwd, or absolute outside it. A folder
 * really named `~` inside the cwd stays absolute, so nobody downstream reads it as the home.
 */
function asTarget(p: string, base: Base): string {
  const n = normalizeTarget(p, base.cwd, { home: base.home });
  return n.rel.startsWith('~') && n.abs ? n.abs : n.rel;
}

function fileSegment(entry: ToolEntry, raws: string[], bad: boolean, base: Base, why: string, dep: boolean, hash: boolean): AnalysisSegment {
  const name = entry.name;
  const paths: string[] = [];
  let proven = !bad && raws.length > 0;
  let unplaced: string | undefined;
  for (const r of raws) {
    const placed = placeArg(entry, r, base);
    if ('unproven' in placed) {
      proven = false;
      unplaced ??= placed.unproven;
    } else for (const p of placed.paths) if (!paths.includes(p)) paths.push(p);
  }
  const reason = proven
    ? why
    : raws.length === 0 && !bad
      ? `${why}; the target is not in the input`
      : unplaced && !bad
        ? `${why}; the host's path is unproven: ${unplaced}`
        : `${why}; a target is missing or unreadable`;
  return { program: name, mutability: 'write', paths, pathsProven: proven, why: reason, dependencyIntent: dep || undefined, hashIntent: hash || undefined };
}

function writeTool(entry: ToolEntry, input: unknown, base: Base): Result {
  const name = entry.name;
  if (!isRecord(input)) return simple(name, 'write', `${name} input is ${describe(input)}; the target is unproven`);
  const { raws, bad } = pathsOf(input, entry.pathFields && entry.pathFields.length ? entry.pathFields : EDIT_PATH_FIELDS);
  const newText = firstStr(input, entry.contentFields) ?? firstStr(input, NEW_TEXT_FIELDS);
  const oldText = firstStr(input, OLD_TEXT_FIELDS);
  let dep = false;
  let hash = false;
  if (newText !== undefined) {
    const change = boundedChange(oldText, newText);
    for (const r of raws) {
      const i = changeIntents(r, change);
      dep ||= i.dep;
      hash ||= i.hash;
    }
  }
  const what = raws.length ? `${name} writes ${raws.join(', ')}` : entry.note ? `${name}: ${entry.note}` : `${name} writes`;
  const seg = fileSegment(entry, raws, bad, base, what, dep, hash);
  // an edit shows the lines around its change; a write replaces what was there
  return withSecrets(fromShell(combineSegments([seg])), seg.paths, base, oldText === undefined, raws);
}

/** The floor's secret facts for the files a tool writes or edits (secrets.ts). */
function withSecrets(r: Result, paths: readonly string[], base: Base, replaces: boolean, raws: readonly string[] = []): Result {
  const hazards: Hazard[] = [];
  // a `file://` address or a path through an unset variable is not placed, but it still names its file
  const unplaced = raws.filter((raw) => /^(file:|\$)/i.test(raw));
  for (const p of [...paths, ...unplaced]) {
    const kind = secretKindOf(p, base);
    if (!kind) continue;
    const h: Hazard = { kind: 'secret', form: `${replaces ? 'writes' : 'edits'} ${kind}`, paths: [p] };
    if (replaces) h.write = true;
    hazards.push(h);
  }
  return hazards.length ? { ...r, hazards: [...(r.hazards ?? []), ...hazards] } : r;
}

/**
 * A read or search tool: never a change. The floor still reads where it looks: the files and
 * folders in its path fields, and the name globs it selects by (a search for `.env` or in
 * `~/.ssh` is aimed at a secret).
 */
function readTool(entry: ToolEntry, input: unknown, base: Base): Result {
  const r = simple(entry.name, 'read', `${entry.name} only reads`);
  if (!isRecord(input)) return r;
  const hazards: Hazard[] = [];
  const reads: string[] = [];
  const { raws } = pathsOf(input, [...(entry.pathFields ?? []), ...(entry.readFields ?? [])]);
  for (const raw of raws) {
    // a `file://` address or a path through an unset variable (`$CODEX_HOME/auth.json`) is not placed, but it still names its file
    if (/^(file:|\$)/i.test(raw)) {
      const kind = secretKindOf(raw, base);
      if (kind) hazards.push({ kind: 'secret', form: `${entry.name} reads ${kind}`, paths: [raw] });
    }
    const placed = placeArg(entry, raw, base);
    if ('unproven' in placed) continue;
    // a read tool handed a web address opens no file of this machine
    const remote = /^(?!file:)[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(raw);
    for (const p of placed.paths) {
      if (reads.length < 32) reads.push(p);
      if (remote) continue;
      const kind = secretKindOf(p, base) ?? (entry.pathFields?.length ? null : holdsHomeSecrets(p, base));
      if (kind) hazards.push({ kind: 'secret', form: `${entry.name} reads ${kind}`, paths: [p] });
    }
  }
  for (const glob of pathsOf(input, entry.nameFields).raws) {
    const kind = globNamesSecret(glob);
    if (kind) hazards.push({ kind: 'secret', form: `${entry.name} searches for ${kind}`, paths: [glob] });
  }
  return { ...r, ...(hazards.length ? { hazards } : {}), ...(reads.length ? { reads } : {}) };
}

function multiEdit(entry: ToolEntry, input: unknown, base: Base): Result {
  const name = entry.name;
  if (!isRecord(input)) return simple(name, 'write', `${name} input is ${describe(input)}; the target is unproven`);
  const top = pathsOf(input, entry.pathFields && entry.pathFields.length ? entry.pathFields : EDIT_PATH_FIELDS);
  // the row's edit list (hookEdits): its field and text names; one edit object where a list may stand is a list of one
  const listed = input[entry.hookEdits?.field ?? 'edits'];
  const edits = isRecord(listed) && entry.hookEdits ? [listed] : listed;
  const newFields = entry.hookEdits ? [entry.hookEdits.newText, ...NEW_TEXT_FIELDS] : NEW_TEXT_FIELDS;
  const oldFields = entry.hookEdits ? [entry.hookEdits.oldText, ...OLD_TEXT_FIELDS] : OLD_TEXT_FIELDS;
  const segs: AnalysisSegment[] = [];
  if (!Array.isArray(edits)) {
    segs.push(fileSegment(entry, top.raws, top.bad, base, `${name} edits ${top.raws.join(', ') || 'a file'} (edits is ${describe(edits)})`, top.raws.some((r) => manifestKind(r) !== null), false));
    return withSecrets(fromShell(combineSegments(segs)), segs.flatMap((x) => x.paths), base, false, top.raws);
  }
  // group edits by their own path (OpenCode multiedit) or the tool's path
  const perPath = new Map<string, { dep: boolean; hash: boolean }>();
  let bad = top.bad;
  for (const e of edits) {
    if (!isRecord(e)) {
      bad = true;
      continue;
    }
    const own = pathsOf(e, EDIT_PATH_FIELDS);
    if (own.bad) bad = true;
    const targets = own.raws.length ? own.raws : top.raws;
    const newText = firstStr(e, newFields);
    const oldText = firstStr(e, oldFields);
    const change = newText === undefined ? undefined : boundedChange(oldText, newText);
    for (const t of targets) {
      const cur = perPath.get(t) ?? { dep: false, hash: false };
      if (change !== undefined) {
        const i = changeIntents(t, change);
        cur.dep ||= i.dep;
        cur.hash ||= i.hash;
      }
      perPath.set(t, cur);
    }
  }
  if (perPath.size === 0) {
    segs.push(fileSegment(entry, top.raws, true, base, `${name} has no readable edits`, false, false));
  } else {
    for (const [p, i] of perPath) segs.push(fileSegment(entry, [p], bad, base, `${name} edits ${p}`, i.dep, i.hash));
  }
  return withSecrets(fromShell(combineSegments(segs)), segs.flatMap((x) => x.paths), base, false, [...top.raws, ...perPath.keys()]);
}

function notebookEdit(entry: ToolEntry, input: unknown, base: Base): Result {
  const name = entry.name;
  if (!isRecord(input)) return simple(name, 'write', `${name} input is ${describe(input)}; the target is unproven`);
  const { raws, bad } = pathsOf(input, entry.pathFields ?? ['notebook_path']);
  const source = firstStr(input, entry.contentFields ?? ['new_source']);
  let dep = false;
  let hash = false;
  if (source !== undefined && input.edit_mode !== 'delete') {
    const lines = source.split(/\r?\n/);
    hash = hashIntentFromLines(null, lines, 'py');
    // notebook shell magics: `!pip install x`, `%pip install x`, `%conda install x`
    for (const l of lines) {
      const m = /^\s*(?:!|%(?=pip\b|conda\b|mamba\b|npm\b|uv\b))(.*)$/.exec(l);
      if (m) {
        const s = analyzeShell(m[1]!, { cwd: base.cwd, home: base.home, vars: base.vars });
        dep ||= s.dependencyIntent;
        hash ||= s.hashIntent;
      }
    }
  }
  const seg = fileSegment(entry, raws, bad, base, `${name} edits ${raws.join(', ') || 'a notebook'}`, dep, hash);
  return withSecrets(fromShell(combineSegments([seg])), seg.paths, base, false, raws);
}

function patchTool(entry: ToolEntry, input: unknown, base: Base): Result {
  const name = entry.name;
  const field = entry.patchField ?? 'patch';
  let text: unknown = input;
  if (isRecord(input)) text = input[field];
  if (typeof text !== 'string') return simple(name, 'write', `${name}: ${field} is ${text === undefined ? 'missing' : describe(text)}; the targets are unproven`);
  const parsed = parsePatch(text);
  const place = entry.pathResolver
    ? (raw: string) => {
        const p = placeArg(entry, raw, base);
        return 'unproven' in p ? null : p.paths;
      }
    : undefined;
  const segs = patchSegments(name, parsed.files, parsed.problems, '', base, `${name} applies a ${parsed.format === 'unified' ? 'unified diff' : 'patch'}`, place);
  return withSecrets(fromShell(combineSegments(segs)), segs.flatMap((x) => x.paths), base, false);
}

function delegateBatch(name: string, input: unknown): Result {
  if (!isRecord(input)) return simple(name, 'delegate', `${name} input is ${describe(input)}; the number of subagents cannot be counted`, { delegationCount: 1, unboundedDelegation: true });
  const action = input.action;
  if (typeof action === 'string' && ['list', 'steer', 'stop', 'status', 'cancel'].includes(action)) {
    return simple(name, 'control', `${name} action ${action} manages existing subagents`);
  }
  let tasks = input.tasks;
  if (typeof tasks === 'string') {
    try {
      tasks = JSON.parse(tasks);
    } catch {
      /* stays a string: not countable */
    }
  }
  if (Array.isArray(tasks) && tasks.length > 0) return simple(name, 'delegate', `${name} starts ${tasks.length} subagent(s), one per task`, { delegationCount: tasks.length });
  if (Array.isArray(input.chain) && input.chain.length > 0) return simple(name, 'delegate', `${name} runs a chain: one subagent at a time`, { delegationCount: 1 });
  const single = [input.goal, input.task, input.prompt].find((v) => typeof v === 'string' && v.trim() !== '');
  if (single !== undefined && tasks === undefined) return simple(name, 'delegate', `${name} starts one subagent`, { delegationCount: 1 });
  return simple(name, 'delegate', `${name}: the input shape does not say how many subagents start`, { delegationCount: 1, unboundedDelegation: true });
}
