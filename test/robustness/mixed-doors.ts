/**
 * The four ways a person's machine reaches one stopline data folder at once, for the mixed-host
 * stress suite: the built Claude Code hook, the built Codex hook, the CLI guard bridge with a
 * Claude payload (`stopline guard --host claude`) and the Hermes bundle as a one-shot shell hook.
 * Each door is spawned as its host does (one process per call, payload on stdin) and its answer
 * is read back the way that host (or a harness, for the bridge) reads it, with the evidence event
 * id when the answer carries one.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SpawnResult } from '../scenarios/spawn';
import { REPO, spawnNode } from '../scenarios/spawn';

export const DOORS = {
  claudeHook: { file: join(REPO, 'dist', 'claude', 'stopline.mjs'), args: [] as string[] },
  claudeGuard: { file: join(REPO, 'dist', 'stopline.mjs'), args: ['guard', '--host=claude'] },
  codexHook: { file: join(REPO, 'dist', 'codex', 'stopline.mjs'), args: [] as string[] },
  hermesShell: { file: join(REPO, 'dist', 'hermes', 'stopline', 'stopline.mjs'), args: [] as string[] },
} as const;
export type Door = keyof typeof DOORS;

/**
 * Run one door under node with `input` on stdin. The safety timer only keeps a hung artifact from
 * hanging the suite; it is far above every bound and is not a speed assertion.
 */
export async function runDoor(door: Door, input: string, env: Record<string, string>, cwd: string, safetyMs = 300_000): Promise<SpawnResult & { ms: number }> {
  const d = DOORS[door];
  const started = performance.now();
  const r = await spawnNode([d.file, ...d.args], input, env, cwd, safetyMs);
  return { ...r, ms: performance.now() - started };
}

/** A Hermes v0.19 shell-hook stdin: the hook's keyword arguments other than these go in `extra`. */
export function hermesShellStdin(hook: string, f: { session: string; cwd: string; toolName?: string; toolInput?: Record<string, unknown>; extra?: Record<string, unknown> }): string {
  return JSON.stringify({
    hook_event_name: hook,
    tool_name: f.toolName ?? null,
    tool_input: f.toolInput ?? null,
    session_id: f.session,
    cwd: f.cwd,
    extra: { telemetry_schema_version: 'hermes.observer.v1', task_id: f.session, ...(f.extra ?? {}) },
  });
}

/** How one process's call ended, as its host (or the bridge's harness) acts on it. */
export interface Answer {
  /** the host runs the tool (allow) or does not (deny) */
  verdict: 'allow' | 'deny';
  /** the evidence event id the answer names (deny stamps, and every bridge verdict) */
  eventId?: string;
  /** the reason code the answer names */
  reasonCode?: string;
  /**
   * The process answered without deciding: `open`/`closed` = the fail mode (a starved stdin,
   * a busy session lock); `input-error` = the guard bridge's exit 1 (its harness decides).
   */
  undecided?: 'open' | 'closed' | 'input-error';
  /** what was wrong with the answer's form, if anything (empty = the host can read it) */
  problems: string[];
}

function json(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return null;
  const v = JSON.parse(text) as unknown;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function fromStamp(stamp: string): { eventId?: string; reasonCode?: string } {
  const out: { eventId?: string; reasonCode?: string } = {};
  const e = /^Event: (evt_[0-9a-f]+)$/m.exec(stamp);
  const r = /^Reason: ([A-Z_]+)/m.exec(stamp);
  if (e?.[1]) out.eventId = e[1];
  if (r?.[1]) out.reasonCode = r[1];
  return out;
}

/** The fail mode named by a stderr diagnostic line, if any. */
function failLine(stderr: string): 'open' | 'closed' | undefined {
  const m = /; failing (open|closed)$/m.exec(stderr);
  return m ? (m[1] as 'open' | 'closed') : undefined;
}

/** Read one process's answer the way its host does. Never throws: a malformed answer is a problem. */
export function readAnswer(door: Door, r: SpawnResult): Answer {
  const problems: string[] = [];
  if (r.killed) problems.push('killed by the safety timer');
  let verdict: Answer['verdict'] = 'allow';
  let stamp = '';
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = json(r.stdout);
    if (r.stdout.trim() !== '' && !parsed) problems.push('stdout is JSON but not an object');
  } catch {
    problems.push(`stdout is not JSON: ${JSON.stringify(r.stdout.slice(0, 120))}`);
  }
  const answer = (extra: Partial<Answer>): Answer => {
    const a: Answer = { verdict, problems, ...fromStamp(stamp), ...extra };
    if (a.undecided === undefined) {
      const fail = failLine(r.stderr) ?? (a.reasonCode === 'GUARD_UNAVAILABLE' ? 'closed' : undefined);
      if (fail) a.undecided = fail;
    }
    return a;
  };
  switch (door) {
    case 'claudeHook': {
      if (r.exitCode === 2) {
        // the deny before the event is known (a starved stdin under fail closed): the stamp is stderr
        verdict = 'deny';
        stamp = r.stderr;
        return answer({});
      }
      if (r.exitCode !== 0) problems.push(`exit ${r.exitCode}`);
      const hso = (parsed?.hookSpecificOutput ?? {}) as Record<string, unknown>;
      if (hso.permissionDecision === 'deny') verdict = 'deny';
      stamp = String(hso.permissionDecisionReason ?? hso.additionalContext ?? '');
      return answer({});
    }
    case 'codexHook': {
      if (r.exitCode === 2) {
        verdict = 'deny';
        stamp = r.stderr;
      } else if (r.exitCode !== 0) problems.push(`exit ${r.exitCode}`);
      return answer({});
    }
    case 'hermesShell': {
      if (r.exitCode !== 0) problems.push(`exit ${r.exitCode}`);
      if (parsed?.action === 'block') {
        verdict = 'deny';
        stamp = String(parsed.message ?? '');
        if (stamp.trim() === '') problems.push('a block without a message (Hermes ignores it)');
      }
      return answer({});
    }
    case 'claudeGuard': {
      if (r.exitCode === 1) {
        // the bridge's input error (under fail open only; fail closed blocks with exit 2): its
        // harness decides what exit 1 means, so it is counted as undecided, never as an allow
        if (r.stdout !== '') problems.push('stdout on an input error');
        return { verdict: 'deny', problems, undecided: 'input-error' };
      }
      if (r.exitCode === 2) verdict = 'deny';
      else if (r.exitCode !== 0) problems.push(`exit ${r.exitCode}`);
      if (verdict === 'deny') stamp = r.stderr;
      const v = parsed ?? {};
      if ((v.decision === 'block') !== (verdict === 'deny')) problems.push(`verdict line says ${String(v.decision)} with exit ${r.exitCode}`);
      const extra: Partial<Answer> = {};
      if (typeof v.eventId === 'string') extra.eventId = v.eventId;
      if (typeof v.reasonCode === 'string') extra.reasonCode = v.reasonCode;
      return answer(extra);
    }
  }
}

/** One evidence file as written: whole lines only, each one JSON. */
export interface LogFile {
  path: string;
  records: Record<string, unknown>[];
  /** lines that are not JSON, and a last line without its newline (a torn append) */
  torn: string[];
}

/** Every `.jsonl` file under the data folder, read raw so a partial last line is seen. */
export function readLogs(dataDir: string): LogFile[] {
  const files: LogFile[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.jsonl')) {
        const text = readFileSync(p, 'utf8');
        const lines = text.split('\n');
        const last = lines.pop() ?? '';
        const file: LogFile = { path: p, records: [], torn: last === '' ? [] : [last] };
        for (const l of lines) {
          try {
            file.records.push(JSON.parse(l) as Record<string, unknown>);
          } catch {
            file.torn.push(l);
          }
        }
        files.push(file);
      }
    }
  };
  walk(dataDir);
  return files;
}
