/**
 * `stopline install` and `stopline uninstall`: plan every change in a Workspace (host
 * planners, failMode, the record), then either print it (`--dry-run`) or apply it with
 * backups. Nothing is written when any part of the plan fails.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParsedArgs } from '../args';
import type { CliIO } from '../command-spec';
import { unifiedDiff } from './diff';
import { HOST_TOOLS } from '../host-tools';
import { JsonEditError, findProp, parseJsonDocument, removeProperty, setProperty } from './json-edit';
import { HOSTS, LocationError, installRecordFile, stoplineConfigFile, type Env, type Host, type Scope } from './locations';
import { PlanError, type HostPlanner, type PlanContext } from './plan-context';
import { RecordError, emptyRecord, installKey, parseRecord, referencedFiles, serializeRecord, type InstallEntry, type InstallRecord } from './record';
import { RUNTIMES, RuntimeError, chooseRuntime, type RuntimeChoice } from './runtime';
import { suggest } from '../suggest';
import { INSTALL_TARGETS, INSTALL_USAGE, UNINSTALL_USAGE } from './spec';
import { FILE_MODE, Workspace, applyChange, createDirs, missingParents, removeEmptyDirs, sha256, type Change, type FileKind } from './workspace';

/** Each host's installer, from the one table of the hosts' tools. */
export const PLANNERS: Readonly<Record<Host, HostPlanner>> = Object.fromEntries(HOSTS.map((h) => [h, HOST_TOOLS[h].planner])) as Record<Host, HostPlanner>;

type Mode = 'install' | 'uninstall';

interface Options {
  mode: Mode;
  hosts: Host[];
  all: boolean;
  scope: Scope;
  runtime: string | undefined;
  failClosed: boolean;
  afterEvidence: boolean;
  dryRun: boolean;
  from: string | undefined;
}

class UsageError extends Error {}

function parseOptions(mode: Mode, args: ParsedArgs): Options {
  const targets: readonly string[] = INSTALL_TARGETS;
  const [target, ...extra] = args.positionals;
  if (target === undefined) throw new UsageError(`name a host: ${targets.join(', ')}`);
  if (extra.length) throw new UsageError(`one host at a time (or "all"); unexpected "${extra.join(' ')}"`);
  if (!targets.includes(target)) {
    const guess = suggest(target, targets);
    throw new UsageError(`unknown host "${target}"${guess ? `; did you mean "${guess}"?` : ''} (hosts: ${targets.join(', ')})`);
  }
  const value = (name: string): string | undefined => {
    const v = args.options[name];
    return v === undefined ? undefined : String(v);
  };
  const scope = value('scope') ?? 'user';
  if (scope !== 'user' && scope !== 'project') throw new UsageError(`--scope must be user or project, not "${scope}"`);
  const runtime = value('runtime');
  if (runtime !== undefined && !(RUNTIMES as readonly string[]).includes(runtime)) throw new UsageError(`--runtime must be one of ${RUNTIMES.join(', ')}, not "${runtime}"`);
  const fail = value('fail');
  if (fail !== undefined && fail !== 'closed' && fail !== 'open') throw new UsageError(`--fail must be closed or open, not "${fail}"`);
  return {
    mode,
    hosts: target === 'all' ? [...HOSTS] : [target as Host],
    all: target === 'all',
    scope,
    runtime,
    failClosed: fail === 'closed',
    afterEvidence: args.options['after-evidence'] === true,
    dryRun: args.options['dry-run'] === true,
    from: value('from'),
  };
}

/** The dist folder this CLI ships in (dist/stopline.mjs -> dist/). */
function defaultDistDir(): string {
  return dirname(fileURLToPath(import.meta.url));
}

function readBytes(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/**
 * `failMode: "closed"` stays in the user's stopline.json while any install asked for it;
 * when the last one goes, the value that was there before comes back.
 */
function planFailMode(ws: Workspace, record: InstallRecord, env: Env, notes: string[]): void {
  const file = stoplineConfigFile(env);
  const owners = Object.values(record.installs).filter((i) => i.failClosed);
  const text = ws.readText(file);
  const parse = (t: string) => {
    try {
      const root = parseJsonDocument(t);
      if (root.type !== 'object') throw new PlanError(`${file} is not a JSON object; fix it and run the install again`);
      return root;
    } catch (e) {
      if (e instanceof JsonEditError) throw new PlanError(`${file}: ${e.message}; fix it and run the install again`);
      throw e;
    }
  };
  if (owners.length) {
    const base = text === null || text.trim() === '' ? '{}\n' : text;
    const prop = findProp(parse(base), 'failMode');
    if (!record.failMode) record.failMode = { before: prop ? base.slice(prop.value.start, prop.value.end) : null };
    if (!(prop && prop.value.type === 'scalar' && prop.value.value === 'closed')) {
      ws.write(file, setProperty(base, ['failMode'], 'closed'), 'config');
      notes.push(`failMode: "closed" set in ${file}`);
    }
    return;
  }
  if (!record.failMode) return;
  const before = record.failMode.before;
  delete record.failMode;
  if (text === null) return;
  const prop = findProp(parse(text), 'failMode');
  // someone chose another value since: theirs stands
  if (!prop || prop.value.type !== 'scalar' || prop.value.value !== 'closed') return;
  const restored = before === null ? removeProperty(text, ['failMode']) : text.slice(0, prop.value.start) + before + text.slice(prop.value.end);
  ws.write(file, restored, 'config');
  notes.push(`failMode: ${before === null ? 'removed from' : `set back to ${before} in`} ${file}`);
}

/**
 * A file no install needs any more: an artifact goes (or the file it replaced comes back);
 * a config file gets its original bytes back when it still holds exactly what stopline
 * last wrote, otherwise it keeps the planner's edit (stopline's entries taken out).
 */
function retireFile(ws: Workspace, record: InstallRecord, path: string, kind: FileKind): 'restored' | 'removed' | 'edited' {
  const entry = record.files[path];
  const backup = entry?.existedBefore && entry.backup ? readBytes(entry.backup) : null;
  const backupIsOriginal = backup !== null && sha256(backup) === entry?.originalSha256;
  if (kind === 'artifact') {
    if (!backupIsOriginal) {
      ws.write(path, null, 'artifact');
      return 'removed';
    }
    ws.write(path, backup, 'artifact', statSync(entry!.backup!).mode & 0o7777);
    return 'restored';
  }
  const current = ws.original(path);
  if (!entry || !entry.restorable || current === null || sha256(current) !== entry.writtenSha256) return 'edited';
  if (!entry.existedBefore) {
    ws.write(path, null, 'config');
    return 'removed';
  }
  if (!backupIsOriginal) return 'edited';
  ws.write(path, backup, 'config');
  return 'restored';
}

/** Backups: every user config before it changes, except deleting bytes stopline itself wrote; a foreign file stopline overwrites. */
function backupRule(recordBefore: InstallRecord) {
  return (path: string, kind: FileKind, before: Buffer, after: Buffer | null): boolean => {
    const known = recordBefore.files[path];
    if (kind === 'config') return !(after === null && known && sha256(before) === known.writtenSha256);
    if (kind === 'artifact') return !known;
    return false;
  };
}

function updateFileRecords(record: InstallRecord, changes: readonly Change[], retired: ReadonlySet<string>): void {
  for (const c of changes) {
    if (c.kind === 'record') continue;
    if (retired.has(c.path) || c.after === null) {
      delete record.files[c.path];
      continue;
    }
    const entry = record.files[c.path];
    if (!entry) {
      record.files[c.path] = {
        existedBefore: c.before !== null,
        ...(c.before !== null ? { originalSha256: sha256(c.before), ...(c.backup ? { backup: c.backup } : {}) } : {}),
        restorable: true,
        writtenSha256: sha256(c.after),
      };
      continue;
    }
    // changed by someone else since stopline wrote it: the original may no longer be put back
    if (c.before === null || sha256(c.before) !== entry.writtenSha256) entry.restorable = false;
    entry.writtenSha256 = sha256(c.after);
  }
  for (const path of retired) delete record.files[path];
}

interface HostReport {
  host: Host;
  skipped?: string;
  notes: string[];
  warnings: string[];
  wasInstalled: boolean;
}

function describe(c: Change, restored: ReadonlySet<string>): string {
  if (c.after === null) return 'removed ';
  if (c.before === null) return 'created ';
  return restored.has(c.path) ? 'restored' : 'updated ';
}

export async function runInstall(args: ParsedArgs, io: CliIO): Promise<number> {
  return run('install', args, io);
}

export async function runUninstall(args: ParsedArgs, io: CliIO): Promise<number> {
  return run('uninstall', args, io);
}

async function run(mode: Mode, args: ParsedArgs, io: CliIO): Promise<number> {
  const out = (s: string) => void io.stdout.write(s);
  const fail = (message: string): number => {
    io.stderr.write(`stopline ${mode}: ${message}\n`);
    return 1;
  };
  let opts: Options;
  try {
    opts = parseOptions(mode, args);
  } catch (e) {
    if (e instanceof UsageError) return fail(`${e.message}\nUsage: ${mode === 'install' ? INSTALL_USAGE : UNINSTALL_USAGE}`);
    throw e;
  }
  try {
    return execute(opts, io, out);
  } catch (e) {
    if (e instanceof PlanError || e instanceof RuntimeError || e instanceof LocationError || e instanceof RecordError || e instanceof UsageError) return fail(e.message);
    const err = e as NodeJS.ErrnoException;
    if (err && typeof err.code === 'string' && err.path) return fail(`cannot ${opts.dryRun ? 'read' : 'write'} ${err.path} (${err.code}); nothing after this point was changed, backups of the files already changed sit next to them`);
    throw e;
  }
}

function execute(opts: Options, io: CliIO, out: (s: string) => void): number {
  const env: Env = { env: io.env as NodeJS.ProcessEnv, cwd: io.cwd };
  const project = resolve(io.cwd);
  const ws = new Workspace(new Date());
  const recordPath = installRecordFile(env);
  const recordText = ws.readText(recordPath);
  const record = recordText === null ? emptyRecord() : parseRecord(recordText, recordPath);
  const recordBefore = structuredClone(record);

  let runtime: RuntimeChoice | undefined;
  let distDir = '';
  if (opts.mode === 'install') {
    if (opts.hosts.some((h) => PLANNERS[h].usesRuntime && !PLANNERS[h].unsupportedScope(opts.scope))) runtime = chooseRuntime(opts.runtime, env.env);
    distDir = opts.from !== undefined ? resolve(io.cwd, opts.from) : defaultDistDir();
    if (!existsSync(distDir) || !statSync(distDir).isDirectory()) throw new PlanError(`${distDir} is not a folder; point --from at a dist folder (the output of \`npm run build\`)`);
  }

  const reports: HostReport[] = [];
  const candidates = new Map<string, FileKind>();
  const stoplineJson = stoplineConfigFile(env);
  for (const host of opts.hosts) {
    const planner = PLANNERS[host];
    const report: HostReport = { host, notes: [], warnings: [], wasInstalled: false };
    reports.push(report);
    const unsupported = planner.unsupportedScope(opts.scope);
    if (unsupported) {
      if (!opts.all) throw new PlanError(unsupported);
      report.skipped = unsupported;
      continue;
    }
    const key = installKey(host, opts.scope, opts.scope === 'project' ? project : undefined);
    const previous = record.installs[key];
    report.wasInstalled = previous !== undefined;
    const ctx: PlanContext = { ws, record, env, scope: opts.scope, project, previous, notes: report.notes, warnings: report.warnings };
    if (opts.mode === 'install') {
      const result = planner.install({ ...ctx, distDir, runtime: runtime!, failClosed: opts.failClosed, afterEvidence: opts.afterEvidence });
      const entry: InstallEntry = {
        host,
        scope: opts.scope,
        ...(opts.scope === 'project' ? { project } : {}),
        failClosed: opts.failClosed,
        ...(opts.afterEvidence && planner.afterEvidence ? { afterEvidence: true as const } : {}),
        ...result,
      };
      if (opts.failClosed) entry.configs = [...entry.configs, stoplineJson];
      record.installs[key] = entry;
      for (const old of previous?.artifacts ?? []) if (!entry.artifacts.includes(old)) candidates.set(old, 'artifact');
      for (const old of previous?.configs ?? []) if (!entry.configs.includes(old)) candidates.set(old, 'config');
    } else {
      planner.uninstall(ctx);
      delete record.installs[key];
      for (const a of previous?.artifacts ?? planner.knownArtifacts(ctx)) candidates.set(a, 'artifact');
      for (const c of previous?.configs ?? []) candidates.set(c, 'config');
    }
  }
  const globalNotes: string[] = [];
  planFailMode(ws, record, env, globalNotes);

  const refs = referencedFiles(record);
  const retired = new Set<string>();
  const restored = new Set<string>();
  for (const [path, kind] of candidates) {
    if (refs.has(path)) continue;
    if (retireFile(ws, record, path, kind) === 'restored') restored.add(path);
    retired.add(path);
  }

  const changes = ws.changes(backupRule(recordBefore));
  updateFileRecords(record, changes, retired);
  const newDirs = [...new Set(changes.filter((c) => c.after !== null).flatMap((c) => missingParents(c.path)))];
  const recordEmpty = Object.keys(record.installs).length === 0;
  if (!recordEmpty) newDirs.push(...missingParents(recordPath).filter((d) => !newDirs.includes(d)));
  record.dirs = [...new Set([...record.dirs, ...newDirs])];
  const recordAfter = recordEmpty ? null : serializeRecord(record);
  const recordChange: Change | null =
    (recordText ?? null) === recordAfter ? null : { path: recordPath, kind: 'record', before: recordText === null ? null : Buffer.from(recordText), after: recordAfter === null ? null : Buffer.from(recordAfter), mode: FILE_MODE, backup: null };

  // what the person reads first: per host, what it means
  const verb = opts.mode === 'install' ? 'install' : 'uninstall';
  if (runtime) out(`runtime for hook commands: ${runtime.runtime} (${runtime.path}), ${runtime.reason}\n`);
  for (const r of reports) {
    out(`stopline ${verb} ${r.host} (${opts.scope} scope)${r.skipped ? ': skipped' : ''}\n`);
    if (r.skipped) out(`  ${r.skipped}\n`);
    if (opts.mode === 'uninstall' && !r.skipped && !r.wasInstalled && r.notes.filter((n) => !n.startsWith('restart')).length === 0) out('  not installed by stopline here; nothing of its own found to remove\n');
    for (const n of r.notes) out(`  ${n}\n`);
    for (const w of r.warnings) io.stderr.write(`stopline: warning (${r.host}): ${w}\n`);
  }
  for (const n of globalNotes) out(`${n}\n`);

  const all = recordChange ? [...changes, recordChange] : changes;
  if (opts.dryRun) {
    for (const c of all) out(renderDryRun(c));
    out(all.length ? `dry run: ${all.length} file${all.length === 1 ? '' : 's'} would change; nothing was written\n` : 'dry run: nothing would change\n');
    return 0;
  }
  if (all.length === 0) {
    out(opts.mode === 'install' ? 'nothing to change: already installed exactly like this\n' : 'nothing to change\n');
    return 0;
  }

  createDirs(newDirs);
  for (const c of changes) applyChange(c);
  // folders stopline created and no longer needs (the record's own folder comes back below if needed)
  const standing = removeEmptyDirs(record.dirs);
  if (recordEmpty) {
    if (recordText !== null) applyChange({ path: recordPath, kind: 'record', before: Buffer.from(recordText), after: null, mode: FILE_MODE, backup: null });
    removeEmptyDirs(standing);
  } else {
    const recordDirs = missingParents(recordPath);
    createDirs(recordDirs);
    record.dirs = [...new Set([...standing, ...recordDirs])].sort();
    const bytes = serializeRecord(record);
    if (bytes !== recordText) applyChange({ path: recordPath, kind: 'record', before: recordText === null ? null : Buffer.from(recordText), after: Buffer.from(bytes), mode: FILE_MODE, backup: null });
  }
  for (const c of changes) out(`${describe(c, restored)} ${c.path}${c.backup ? `  (backup: ${c.backup})` : ''}\n`);
  return 0;
}

function renderDryRun(c: Change): string {
  if (c.kind === 'config') return unifiedDiff(c.path, c.before?.toString('utf8') ?? null, c.after?.toString('utf8') ?? null);
  const what = c.kind === 'record' ? "stopline's install record" : 'artifact';
  const action = c.after === null ? 'would be removed' : c.before === null ? 'would be created' : 'would be replaced';
  const size = c.after ? `, ${c.after.length} bytes, mode ${c.mode.toString(8).padStart(4, '0')}` : '';
  return `--- ${c.before === null ? '/dev/null' : c.path}\n+++ ${c.after === null ? '/dev/null' : c.path}\n(${what} ${action}${size})\n`;
}
