/**
 * `stopline status | runtime | explain | label`: the evidence views for a person at a terminal.
 * They show the same data the in-chat `$stopline status|runtime|explain|label` answers show
 * (core/messages/render.ts), read from every data folder a host may have written to
 * (folders.ts). A terminal has no "current session", so `runtime` shows the most recently
 * active session unless `--session <id>` or `--all` says otherwise.
 */
import { loadConfig } from '../../../core/config/config';
import { EVENT_ID_PATTERN, LABELS } from '../../../core/contract/grammar';
import type { Label } from '../../../core/contract/grammar';
import { appendLabel, findEvent, readLabels } from '../../../core/evidence/log';
import type { LabelRecord, Read, RuntimeSummary } from '../../../core/evidence/log';
import type { RuntimeEventV1 } from '../../../core/evidence/runtime-event';
import { contractLine, renderExplain, renderRuntime } from '../../../core/messages/render';
import { sessionKey } from '../../../core/state/session';
import type { ParsedArgs } from '../args';
import type { CliIO } from '../command-spec';
import { plural, printJson, usageError } from '../output';
import { styleFor } from '../style';
import { evidenceFolders } from './folders';
import type { DataFolder } from './folders';
import { listSessions, stateWords } from './sessions';
import type { SessionView } from './sessions';
import { eventIdsIn, summarizeTallies } from './tally';
import { anyUnseen, checkLines, checkSession } from './seen-check';

/** How many sessions `status` lists without `--all`. */
export const STATUS_LIMIT = 10;

function iso(ms: number): string {
  return ms > 0 ? new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z') : 'never';
}

function folderList(folders: readonly DataFolder[]): string {
  return folders.map((f) => f.path).join(', ') || '(no data folder: set STOPLINE_HOME or HOME)';
}

/** `--session <id>` names a raw session or guard task id; its files carry only the hashed key. */
function sessionFilter(args: ParsedArgs): string | undefined {
  const raw = args.options.session;
  return typeof raw === 'string' ? sessionKey(raw) : undefined;
}

function sessionJson(s: SessionView) {
  return {
    key: s.key,
    dataFolder: s.folder.path,
    state: stateWords(s),
    contract: s.contract,
    hosts: s.hosts,
    checks: s.checks,
    denied: s.denies,
    damagedLines: s.evidence.damaged,
    lastActivity: s.lastActivity > 0 ? new Date(s.lastActivity).toISOString() : null,
  };
}

// ------------------------------------------------------------------------------------ status

export async function runStatus(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 0) return usageError(io, 'status', `unexpected argument "${args.positionals[0]}"`);
  const out = styleFor(io.stdout, io.env);
  const env = { ...io.env };
  const { config, diagnostics } = loadConfig(env, io.cwd);
  const folders = evidenceFolders(io.env, io.cwd);
  const key = sessionFilter(args);
  let sessions = listSessions(folders);
  if (key) sessions = sessions.filter((s) => s.key === key);
  const shown = args.options.all === true || key ? sessions : sessions.slice(0, STATUS_LIMIT);
  // one session: the host's own record of its tool calls against the guard's checks
  const check = typeof args.options.session === 'string' ? checkSession(args.options.session, folders, io.env, io.cwd) : undefined;
  const known = !key || sessions.length > 0 || (check?.records.length ?? 0) > 0;
  const exit = !known || (check && anyUnseen(check)) ? 1 : 0;

  if (args.options.json === true) {
    printJson(io, {
      config: {
        user: config.sources.user ?? null,
        project: config.sources.project ?? null,
        failMode: config.failMode,
        defaultMode: config.defaultMode,
        defaultLevel: config.defaultLevel,
        diagnostics,
      },
      dataFolders: folders,
      sessions: shown.map(sessionJson),
      sessionCount: sessions.length,
      ...(check ? { toolCalls: check } : {}),
    });
    return exit;
  }

  const lines = [out.bold('stopline status')];
  lines.push(`Config: user ${config.sources.user ?? 'none'}; project ${config.sources.project ?? 'none'}; fail mode ${config.failMode}; new sessions start ${config.defaultMode} (${config.defaultLevel})`);
  for (const d of diagnostics) lines.push(out.yellow(`Config problem: ${d}`));
  for (const f of folders) {
    const n = sessions.filter((s) => s.folder.path === f.path).length;
    lines.push(`Data folder: ${f.path} (${f.why}): ${plural(n, 'session')}`);
  }
  if (key && sessions.length === 0) {
    if (check && known) lines.push('stopline has no evidence of this session: its hooks never ran with these data folders.', ...checkLines(check));
    io.stdout.write(lines.join('\n') + '\n');
    if (!known) io.stderr.write(`stopline status: no session with that id in ${folderList(folders)}\n`);
    return exit;
  }
  if (sessions.length === 0) lines.push('No sessions yet: stopline has not seen a hook event with these folders.');
  for (const s of shown) {
    const hosts = s.hosts.length ? s.hosts.join(',') : '-';
    lines.push(`  ${out.bold(s.key.slice(0, 12))}  ${stateWords(s)}  ${hosts}  checks ${s.checks} (denied ${s.denies})  last ${iso(s.lastActivity)}`);
    if (s.contract) lines.push(out.dim(`    ${contractLine(s.contract)} (revision ${s.contract.revision}, set by ${s.contract.source})`));
  }
  if (shown.length < sessions.length) lines.push(out.dim(`  … ${sessions.length - shown.length} older; --all lists every session`));
  if (check) lines.push(...checkLines(check).map((l) => (anyUnseen(check) && /ran without stopline/.test(l) ? out.yellow(l) : l)));
  lines.push('Host effect is unobserved: stopline records what it answered, not what the host then did.');
  io.stdout.write(lines.join('\n') + '\n');
  return exit;
}

// ----------------------------------------------------------------------------------- runtime

function mergeReads<T>(parts: readonly Read<T>[]): Read<T> {
  return { records: parts.flatMap((p) => p.records), damaged: parts.reduce((n, p) => n + p.damaged, 0) };
}

export async function runRuntime(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 0) return usageError(io, 'runtime', `unexpected argument "${args.positionals[0]}"`);
  const all = args.options.all === true;
  const key = sessionFilter(args);
  if (all && key) return usageError(io, 'runtime', '--all and --session exclude each other');
  const folders = evidenceFolders(io.env, io.cwd);
  const sessions = listSessions(folders);
  const chosen = all ? sessions : key ? sessions.filter((s) => s.key === key) : sessions.slice(0, 1);
  if (key && chosen.length === 0) {
    io.stderr.write(`stopline runtime: no session with that id in ${folderList(folders)}\n`);
    return 1;
  }
  const labels = mergeReads(folders.map((f) => readLabels(f.path)));
  // one session's labels are those of its events: read its ids again, only when labels exist
  const ids = all ? undefined : labels.records.length === 0 ? new Set<string>() : eventIdsIn(chosen.flatMap((s) => s.logFiles));
  const summary: RuntimeSummary = summarizeTallies(chosen.map((s) => s.evidence), labels, ids);
  const scope = all ? 'all' : 'session';

  if (args.options.json === true) {
    printJson(io, { scope, sessions: chosen.map(sessionJson), dataFolders: folders, summary });
    return 0;
  }
  if (chosen.length === 0) {
    io.stdout.write(`stopline runtime: no evidence yet in ${folderList(folders)}\n`);
    return 0;
  }
  const body = renderRuntime(summary, all).split('\n');
  const one = chosen[0]!;
  body[0] = all
    ? `stopline runtime (all sessions: ${summary.sessions}, in ${plural(folders.length, 'data folder')}):`
    : `stopline runtime (${key ? 'session' : 'most recent session'} ${one.key.slice(0, 12)}, ${one.hosts.join(',') || 'no host yet'}, last ${iso(one.lastActivity)}):`;
  io.stdout.write(body.join('\n') + '\n');
  return 0;
}

// ----------------------------------------------------------------------------------- explain

interface Found {
  event: RuntimeEventV1;
  folder: DataFolder;
  label: LabelRecord | undefined;
}

function findAnywhere(folders: readonly DataFolder[], eventId: string): { found: Found | null; damaged: number } {
  let damaged = 0;
  for (const folder of folders) {
    const r = findEvent(folder.path, eventId);
    damaged += r.damaged;
    if (r.event) {
      const labels = readLabels(folder.path).records.filter((l) => l.eventId === eventId);
      return { found: { event: r.event, folder, label: labels[labels.length - 1] }, damaged };
    }
  }
  return { found: null, damaged };
}

function eventIdArg(io: CliIO, command: string, raw: string | undefined): string | number {
  if (raw === undefined) return usageError(io, command, 'name an event id (evt_ followed by 20 hex digits), as shown in a STOP stamp or by "stopline runtime"');
  const id = raw.toLowerCase();
  if (!EVENT_ID_PATTERN.test(id)) return usageError(io, command, `"${raw}" is not an event id (expected evt_ followed by 20 hex digits)`);
  return id;
}

export async function runExplain(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 1) return usageError(io, 'explain', `one event id at a time; unexpected "${args.positionals[1]}"`);
  const id = eventIdArg(io, 'explain', args.positionals[0]);
  if (typeof id === 'number') return id;
  const folders = evidenceFolders(io.env, io.cwd);
  const { found, damaged } = findAnywhere(folders, id);
  if (!found) {
    io.stderr.write(`stopline explain: no event ${id} in ${folderList(folders)} (damaged lines skipped: ${damaged})\n`);
    return 1;
  }
  if (args.options.json === true) {
    printJson(io, { event: found.event, label: found.label ?? null, dataFolder: found.folder.path });
    return 0;
  }
  io.stdout.write(`${renderExplain(found.event, found.label)}\nData folder: ${found.folder.path}\n`);
  return 0;
}

// ------------------------------------------------------------------------------------- label

export async function runLabel(args: ParsedArgs, io: CliIO): Promise<number> {
  const [rawId, rawLabel, ...extra] = args.positionals;
  if (extra.length > 0) return usageError(io, 'label', `unexpected argument "${extra[0]}"`);
  const id = eventIdArg(io, 'label', rawId);
  if (typeof id === 'number') return id;
  if (rawLabel === undefined || !(LABELS as readonly string[]).includes(rawLabel)) {
    return usageError(io, 'label', `${rawLabel === undefined ? 'name a label' : `"${rawLabel}" is not a label`}: ${LABELS.join(', ')}`);
  }
  const folders = evidenceFolders(io.env, io.cwd);
  const { found } = findAnywhere(folders, id);
  if (!found) {
    io.stderr.write(`stopline label: no event ${id} to label in ${folderList(folders)}\n`);
    return 1;
  }
  const record = appendLabel(found.folder.path, id, rawLabel as Label, Date.now());
  if (args.options.json === true) printJson(io, { label: record, dataFolder: found.folder.path });
  else io.stdout.write(`stopline: label "${rawLabel}" recorded for ${id} in ${found.folder.path}.\n`);
  return 0;
}
