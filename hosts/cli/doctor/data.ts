/**
 * Doctor's look at the data folders (the ones the terminal views read, hosts/cli/evidence/folders):
 * damaged session state files and the ones a hook already moved aside, lineage and lock files
 * that cannot be read, and evidence logs with lines readers skip. Read only: a folder that does
 * not exist is not created. Files are named by their hashed names only (never a session id or
 * a project path); the folder itself is printed, as the rest of doctor prints its own paths.
 */
import { closeSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isEvent, isLabel, labelsFile, runtimeDir } from '../../../core/evidence/log';
import { DataDirUnsafeError, checkDataDir, dataDirMode, tightenable } from '../../../core/state/datadir-check';
import { isLineageRecordText } from '../../../core/state/lineage';
import { parseLockContent } from '../../../core/state/lock';
import { CORRUPT_STATE_FILE, checkState } from '../../../core/state/session';
import { evidenceFolders } from '../evidence/folders';
import type { DataFolder } from '../evidence/folders';
import { plural } from '../output';
import type { Env } from '../style';
import { DATA_REPORT, check } from './report';
import type { Check, HostReport } from './report';

/** What one data folder holds that is damaged, by kind (file names only). */
interface DataScan {
  stateFiles: number;
  damagedState: { name: string; why: string }[];
  movedAside: string[];
  lineageFiles: number;
  badLineage: string[];
  badLocks: string[];
  logs: number;
  /** logs with lines readers skip: name and how many */
  badLines: { name: string; lines: number }[];
}

function names(dir: string): string[] | null {
  try {
    return readdirSync(dir).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw e;
  }
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Count the lines of a JSONL log that readers skip, in 1 MiB chunks so a large log never has to
 * fit in memory at once. A line is bad when it is not JSON or not a record of the log's kind:
 * the same rule the readers apply. Empty lines are not counted (an append after a partial line
 * may leave one).
 */
function countBadLines(file: string, valid: (v: unknown) => boolean): number {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return 0;
  }
  let bad = 0;
  const judge = (line: string) => {
    if (line.trim() === '') return;
    try {
      if (!valid(JSON.parse(line))) bad++;
    } catch {
      bad++;
    }
  };
  try {
    const buf = Buffer.alloc(1 << 20);
    let carry = Buffer.alloc(0);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      const chunk = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      let start = 0;
      for (let nl = chunk.indexOf(0x0a, start); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
        judge(chunk.toString('utf8', start, nl));
        start = nl + 1;
      }
      // the unfinished line waits for the next chunk (copied: buf is reused)
      carry = Buffer.from(chunk.subarray(start));
    }
    if (carry.length) judge(carry.toString('utf8'));
  } finally {
    closeSync(fd);
  }
  return bad;
}

const STATE = /^[0-9a-f]{32}\.json$/;
const LOCK = /^[0-9a-f]{32}\.lock$/;
const LOG = /^[0-9a-f]{32}(\.1)?\.jsonl$/;

/** Scan one data folder. Never writes; a folder that is missing scans as empty. */
function scanDataFolder(folder: string): DataScan {
  const scan: DataScan = { stateFiles: 0, damagedState: [], movedAside: [], lineageFiles: 0, badLineage: [], badLocks: [], logs: 0, badLines: [] };
  const sessions = join(folder, 'sessions');
  for (const name of names(sessions) ?? []) {
    const p = join(sessions, name);
    if (STATE.test(name)) {
      scan.stateFiles++;
      const text = readOrNull(p);
      // unreadable (permissions) is a state a hook cannot use either
      const c = text === null ? { state: null, why: 'cannot be read' } : checkState(text);
      if (!c.state) scan.damagedState.push({ name, why: c.why });
    } else if (CORRUPT_STATE_FILE.test(name)) {
      scan.movedAside.push(name);
    } else if (LOCK.test(name)) {
      // a lock held right now, or left by a killed hook, names its holder and is judged by the
      // next hook at once; only one whose holder cannot be told makes hooks wait
      const text = readOrNull(p);
      if (text !== null && !parseLockContent(text)) scan.badLocks.push(name);
    }
  }
  const lineage = join(folder, 'lineage');
  for (const name of names(lineage) ?? []) {
    if (!name.endsWith('.json')) continue;
    scan.lineageFiles++;
    const text = readOrNull(join(lineage, name));
    if (text === null || !isLineageRecordText(text)) scan.badLineage.push(name);
  }
  const runtime = runtimeDir(folder);
  for (const name of names(runtime) ?? []) {
    if (!LOG.test(name)) continue;
    scan.logs++;
    const bad = countBadLines(join(runtime, name), isEvent);
    if (bad) scan.badLines.push({ name, lines: bad });
  }
  const labels = labelsFile(folder);
  if (readOrNull(labels) !== null) {
    scan.logs++;
    const bad = countBadLines(labels, isLabel);
    if (bad) scan.badLines.push({ name: 'labels.jsonl', lines: bad });
  }
  return scan;
}

/** At most three names, then how many more: a doctor line stays one line. */
function few(list: readonly string[]): string {
  const shown = list.slice(0, 3).join(', ');
  return list.length > 3 ? `${shown} and ${list.length - 3} more` : shown;
}

/** One kind's check: red with the fix when something was `found`, else what is fine. */
function kindCheck(name: string, found: number, fail: string, fix: string, pass: string): Check {
  return found ? check(name, 'fail', fail, fix) : check(name, 'pass', pass);
}

/** The checks for one scanned folder: one per kind, red with the fix when something is found. */
function dataFolderChecks(scan: DataScan): Check[] {
  const lines = scan.badLines.reduce((n, b) => n + b.lines, 0);
  return [
    kindCheck(
      'state',
      scan.damagedState.length,
      `${plural(scan.damagedState.length, 'damaged session state file')} of ${scan.stateFiles} in sessions/: ${few(scan.damagedState.map((d) => `${d.name} ${d.why}`))}`,
      "the session's next hook moves it aside and answers by the fail mode; then re-arm with $stopline <mode> -- <task> if it was armed",
      `${plural(scan.stateFiles, 'session state file')}, all readable`,
    ),
    kindCheck(
      'moved-aside',
      scan.movedAside.length,
      `${plural(scan.movedAside.length, 'damaged state file')} moved aside in sessions/ (their contracts are lost: under fail closed those sessions stop every tool call, under fail open they go on from a fresh contract): ${few(scan.movedAside)}`,
      'if a contract was armed in that session, arm it again ($stopline <mode> -- <task>); then delete the sessions/*.corrupt-* files to clear this',
      'no damaged state file was moved aside',
    ),
    kindCheck(
      'lineage',
      scan.badLineage.length,
      `${plural(scan.badLineage.length, 'unreadable subagent lineage file')} of ${scan.lineageFiles} in lineage/ (their subagents are judged as orphans: they cannot arm or widen a contract, and no root contract applies): ${few(scan.badLineage)}`,
      'delete the named lineage/ files when no agent is running; a new subagent start records a fresh one',
      `${plural(scan.lineageFiles, 'subagent lineage file')}, all readable`,
    ),
    kindCheck(
      'locks',
      scan.badLocks.length,
      `${plural(scan.badLocks.length, 'unreadable session lock')} in sessions/ (a hook waits up to 2 s before breaking one): ${few(scan.badLocks)}`,
      'delete the named sessions/*.lock files when no agent is running',
      'no unreadable session lock',
    ),
    kindCheck(
      'evidence',
      lines,
      `${plural(lines, 'bad line')} in ${plural(scan.badLines.length, 'evidence log')} of ${scan.logs}, skipped and counted by every reader (a writer killed mid-append, a full disk, or an edit by hand): ${few(scan.badLines.map((b) => `${b.name} ${b.lines}`))}`,
      'nothing else was lost; to clear this, move the named logs out of the data folder (their good records go with them)',
      `${plural(scan.logs, 'evidence log')}, every line readable`,
    ),
  ];
}

function folderReport(folder: DataFolder): HostReport {
  const base = { host: DATA_REPORT, scope: `${folder.path}, ${folder.why}` };
  let kids: string[] | null;
  try {
    kids = names(folder.path);
  } catch (e) {
    return { ...base, checks: [check('data-folder', 'fail', `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, 'give the folder back to your user: chmod 700 on it')] };
  }
  if (kids === null) return { ...base, checks: [check('data-folder', 'fail', 'is a file, not a folder: hooks cannot keep state there', 'move the file away')] };
  const owner = ownerCheck(folder.path);
  if (kids.length === 0) return { ...base, checks: [check('data-folder', 'pass', 'nothing recorded here yet'), owner] };
  try {
    return { ...base, checks: [...dataFolderChecks(scanDataFolder(folder.path)), owner] };
  } catch (e) {
    return { ...base, checks: [check('data-folder', 'fail', `could not be scanned (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, 'check the permissions of the folder and its sessions/, lineage/ and runtime/ folders')] };
  }
}

/**
 * Who may change the folder: the check every hook makes (core/state/datadir.ts), which refuses
 * another owner, group or world write, and links where stopline's folders should be; and what
 * hooks do not refuse but the person should know: a folder others may read.
 */
function ownerCheck(dir: string): Check {
  try {
    checkDataDir(dir);
  } catch (e) {
    if (e instanceof DataDirUnsafeError && e.dir === dir && /written by others/.test(e.why) && safeToTighten(dir)) {
      return check('permissions', 'warn', `${e.why}, and holds only your files: the next hook closes it to 0700`, `chmod 700 ${dir}`);
    }
    if (e instanceof DataDirUnsafeError) return check('permissions', 'fail', `${e.dir} ${e.why}: every hook refuses it and answers by the fail mode`, e.fix);
    return check('permissions', 'fail', `cannot be checked (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, `chmod 700 ${dir}`);
  }
  const mode = dataDirMode(dir);
  if (mode !== null && (mode & 0o077) !== 0) return check('permissions', 'warn', `others may read it (mode ${mode.toString(8)}): the contracts and evidence of your sessions (metadata only)`, `chmod 700 ${dir}`);
  return check('permissions', 'pass', mode === null ? 'not made yet (stopline makes it 0700)' : `only you may enter it (mode ${mode.toString(8)})`);
}

function safeToTighten(dir: string): boolean {
  try {
    return tightenable(dir);
  } catch {
    return false;
  }
}

/** One report per data folder the terminal views read. */
export function dataReports(env: Env, cwd: string): HostReport[] {
  let folders: DataFolder[];
  try {
    folders = evidenceFolders(env, cwd);
  } catch (e) {
    return [{ host: DATA_REPORT, scope: '', checks: [check('data-folder', 'fail', (e as Error).message, 'set STOPLINE_HOME or HOME')] }];
  }
  if (!folders.length) return [{ host: DATA_REPORT, scope: '', checks: [check('data-folder', 'skip', 'no data folder: neither STOPLINE_HOME nor HOME is set')] }];
  return folders.map(folderReport);
}
