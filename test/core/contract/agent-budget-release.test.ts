/**
 * agents=N under fail closed when the evidence of a launch cannot be written: the launch is
 * denied (GUARD_UNAVAILABLE) and the unit it reserved goes back, so the session does not lose
 * budget for an agent that never ran. Fail open lets the launch run, and it keeps its unit.
 * The race guarantee still holds with the release in place: 32 processes, agents=2.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { logFile } from '../../../core/evidence/log';
import type { Action } from '../../../core/protocol';
import { parseState, sessionStore } from '../../../core/state/session';
import { useControllerBundle } from './bundle';
import { driver, sandbox, startWorker, until, writeUserFile, type Sandbox } from './helpers';

const DELEGATE: Partial<Action> = { name: 'Agent', canonicalName: 'Agent', mutability: 'delegate', affectedPaths: [], delegationCount: 1 };
const CLOSED = { STOPLINE_FAIL_OPEN: '0' };

function agentsUsed(sb: Sandbox, sessionId = 'session-1'): number {
  return parseState(readFileSync(sessionStore(sb.data, sessionId).file, 'utf8'))!.contract.agentsUsed;
}

/** The evidence folder replaced by a regular file: every evidence write fails (root included). */
function breakEvidenceFolder(sb: Sandbox): () => void {
  const dir = join(sb.data, 'runtime');
  rmSync(dir, { recursive: true, force: true });
  writeFileSync(dir, 'not a folder');
  return () => rmSync(dir, { force: true });
}

/** The session's log file replaced by a folder: appending to it fails (EISDIR). */
function breakLogFile(sb: Sandbox): () => void {
  const file = logFile(sb.data, sessionStore(sb.data, 'session-1').key);
  rmSync(file, { force: true });
  mkdirSync(file, { recursive: true });
  return () => rmSync(file, { recursive: true, force: true });
}

describe('a launch denied because its evidence cannot be written holds no agent unit', () => {
  for (const [what, breakIt] of [
    ['the evidence folder is a file', breakEvidenceFolder],
    ['the log file cannot be appended to', breakLogFile],
  ] as const) {
    it(`agents=1, fail closed, ${what}: denied; once the evidence is fixed, the next launch is granted`, () => {
      const sb = sandbox();
      const closed = driver(sb, { env: { ...sb.env, ...CLOSED } });
      closed.prompt('$stopline change agents=1 -- delegate one task');
      const fix = breakIt(sb);

      const denied = closed.act(DELEGATE);
      expect(denied).toMatchObject({ kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE' });
      expect(denied.message).toContain('evidence not written');
      expect(agentsUsed(sb)).toBe(0);

      fix();
      const granted = closed.act(DELEGATE);
      expect(granted).toMatchObject({ kind: 'none', reasonCode: 'WITHIN_CONTRACT' });
      expect(agentsUsed(sb)).toBe(1);
      // the budget is really spent now: the one unit went to the launch that ran
      expect(closed.act(DELEGATE)).toMatchObject({ kind: 'deny', reasonCode: 'AGENT_BUDGET_EXHAUSTED' });
    });
  }

  it('a batch launch (3 units of agents=3) gives all three back', () => {
    const sb = sandbox();
    const closed = driver(sb, { env: { ...sb.env, ...CLOSED } });
    closed.prompt('$stopline change agents=3 -- fan out');
    const fix = breakEvidenceFolder(sb);
    expect(closed.act({ ...DELEGATE, delegationCount: 3 }).reasonCode).toBe('GUARD_UNAVAILABLE');
    expect(agentsUsed(sb)).toBe(0);
    fix();
    expect(closed.act({ ...DELEGATE, delegationCount: 3 }).kind).toBe('none');
    expect(agentsUsed(sb)).toBe(3);
  });

  it('config failMode closed (no env) gives the unit back too', () => {
    const sb = sandbox();
    writeUserFile(sb.home, { failMode: 'closed' });
    const d = driver(sb);
    d.prompt('$stopline change agents=1 -- x');
    const fix = breakEvidenceFolder(sb);
    expect(d.act(DELEGATE).reasonCode).toBe('GUARD_UNAVAILABLE');
    fix();
    expect(d.act(DELEGATE).kind).toBe('none');
  });

  it('fail open: the launch runs without its evidence and keeps its unit', () => {
    const sb = sandbox();
    const open = driver(sb);
    open.prompt('$stopline change agents=1 -- x');
    const fix = breakEvidenceFolder(sb);
    const ran = open.act(DELEGATE);
    expect(ran).toMatchObject({ kind: 'none', reasonCode: 'WITHIN_CONTRACT' });
    expect(ran.diagnostics?.join('\n')).toContain('evidence not written');
    expect(agentsUsed(sb)).toBe(1);
    fix();
    expect(open.act(DELEGATE).reasonCode).toBe('AGENT_BUDGET_EXHAUSTED');
  });
});

describe('the release keeps the race guarantee across processes', () => {
  const HERE = dirname(fileURLToPath(import.meta.url));
  const controllerBundle = useControllerBundle();

  const WAIT_MS = 120_000;

  it('32 processes, agents=2: all denied while the evidence is broken and nothing stays taken; after the fix exactly 2 are granted', async () => {
    const sb = sandbox();
    driver(sb).prompt('$stopline change agents=2 -- race');
    // a long lock wait: on a loaded machine a timeout would show up as GUARD_UNAVAILABLE in race 2
    const env = { ...process.env, ...sb.env, ...CLOSED, STOPLINE_LOCK_TIMEOUT_MS: '30000' } as NodeJS.ProcessEnv;
    const tasks = [
      { sessionId: 'session-1', count: 1 },
      { sessionId: 'session-1', count: 1 },
    ];
    const barrier = mkdtempSync(join(tmpdir(), 'stopline-barrier-'));
    const fix = breakEvidenceFolder(sb);
    const workers = Array.from({ length: 32 }, () => startWorker([join(HERE, 'workers', 'race-worker.mjs'), controllerBundle(), JSON.stringify(tasks), barrier], env));
    try {
      for (let i = 0; i < tasks.length; i++) {
        await until(() => workers.every((w) => w.lines.length >= 2 + 2 * i || w.exit() !== null), `all 32 at barrier ${i}`, WAIT_MS);
        // between the two races the evidence folder is repaired
        if (i === 1) fix();
        writeFileSync(join(barrier, `go-${i}`), '');
        await until(() => workers.every((w) => w.lines.length >= 3 + 2 * i || w.exit() !== null), `race ${i}`, WAIT_MS);
        if (i === 0) expect(agentsUsed(sb)).toBe(0);
      }
      await until(() => workers.every((w) => w.exit() !== null), 'workers to exit', WAIT_MS);
    } finally {
      for (const w of workers) if (w.exit() === null) w.kill();
      rmSync(barrier, { recursive: true, force: true });
    }
    for (const w of workers) expect(w.exit(), w.stderr()).toBe(0);
    const results = workers.flatMap((w) => w.lines.slice(1).map((l) => JSON.parse(l) as { i?: number; at?: number; kind: string; reasonCode: string | null })).filter((r) => r.at === undefined);
    const race = (i: number) => results.filter((r) => r.i === i);
    expect(race(0)).toHaveLength(32);
    expect(race(0).every((r) => r.kind === 'deny' && r.reasonCode === 'GUARD_UNAVAILABLE')).toBe(true);
    expect(race(1).filter((r) => r.kind === 'none' && r.reasonCode === 'WITHIN_CONTRACT')).toHaveLength(2);
    expect(race(1).filter((r) => r.kind !== 'none').every((r) => r.reasonCode === 'AGENT_BUDGET_EXHAUSTED')).toBe(true);
    expect(agentsUsed(sb)).toBe(2);
  }, 300_000);
});
