/**
 * State and evidence under stress with the mix of doors a person really has, all on ONE data
 * folder at once:
 * - a shared Claude Code session armed with agents=8, reached by the built Claude hook and by
 *   the CLI guard bridge with Claude payloads (`stopline guard --host claude`) on the same
 *   session id: subagent launches and writes inside and outside files=;
 * - at the same time the built Codex hook and the Hermes bundle as a one-shot shell hook, each
 *   on its own session under review, writing.
 * After the burst: every log holds whole JSON lines only, the state files read back, every
 * process that decided has exactly one check record (matched by the event id its answer names,
 * or for a silent Claude allow by elimination), and the budget granted exactly 8 launches by
 * decision, one reservation each (1..8). A process that could not decide in time (starved past
 * the stdin bound, a busy lock) answers by the fail mode and writes no check: counted apart.
 * The same round runs fail closed, where nothing may be allowed by failing.
 *
 * Two rounds of 64 processes (2-core CI). Timings go to stderr only.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sessionKey, sessionStore } from '../../core/state/session';
import { fixture, PAYLOADS, sandbox, type Sandbox } from '../scenarios/drivers';
import type { SpawnResult } from '../scenarios/spawn';
import { hermesShellStdin, readAnswer, readLogs, runDoor, type Answer, type Door } from './mixed-doors';

/** Processes on the shared Claude session per round; the other 16 of the 64 are Codex and Hermes. */
const SHARED = Number(process.env.STRESS_MIXED_SHARED ?? 48);
const PER_OTHER_HOST = 8;
const BUDGET = 8;

const CLAUDE_SESSION = 'mixed-claude-0001';
const CODEX_SESSION = 'mixed-codex-0001';
const HERMES_SESSION = 'mixed-hermes-0001';

type Kind = 'launch' | 'write-inside' | 'write-outside' | 'write-under-review';

interface Call {
  door: Door;
  kind: Kind;
  session: string;
  stdin: string;
}

const as = (box: Sandbox, session: string): Sandbox => ({ ...box, session });

/**
 * The shared session's calls: hook and bridge alternate; two of three calls launch a subagent
 * (so that, even when most processes are starved, enough launches are decided to reach the
 * budget), the third writes inside or outside files=.
 */
function sharedCall(box: Sandbox, i: number): Call {
  const door: Door = i % 2 === 0 ? 'claudeHook' : 'claudeGuard';
  const s = as(box, CLAUDE_SESSION);
  if (Math.floor(i / 2) % 3 !== 2) {
    const tool = { name: 'Agent', input: { description: `part ${i}`, prompt: 'do a part', subagent_type: 'general-purpose' } };
    return { door, kind: 'launch', session: CLAUDE_SESSION, stdin: JSON.stringify(PAYLOADS.claude.tool(s, tool)) };
  }
  const inside = Math.floor(i / 6) % 2 === 0;
  const tool = { name: 'Write', input: { file_path: join(box.project, inside ? `src/f${i}.ts` : `out${i}.txt`), content: 'x' } };
  return { door, kind: inside ? 'write-inside' : 'write-outside', session: CLAUDE_SESSION, stdin: JSON.stringify(PAYLOADS.claude.tool(s, tool)) };
}

function codexCall(box: Sandbox, i: number): Call {
  const tool =
    i % 2 === 0
      ? { name: 'apply_patch', input: { command: `*** Begin Patch\n*** Add File: notes${i}.txt\n+x\n*** End Patch\n` } }
      : { name: 'Bash', input: { command: `echo x > notes${i}.txt` } };
  return { door: 'codexHook', kind: 'write-under-review', session: CODEX_SESSION, stdin: JSON.stringify(PAYLOADS.codex.tool(as(box, CODEX_SESSION), tool)) };
}

function hermesCall(box: Sandbox, i: number): Call {
  const [toolName, toolInput] =
    i % 2 === 0 ? ['write_file', { path: `notes${i}.md`, content: 'x' }] : ['patch', { mode: 'replace', path: 'a.txt', old_string: 'alpha', new_string: `beta${i}` }];
  const stdin = hermesShellStdin('pre_tool_call', { session: HERMES_SESSION, cwd: box.project, toolName: toolName as string, toolInput: toolInput as Record<string, unknown>, extra: { tool_call_id: `call_h${i}` } });
  return { door: 'hermesShell', kind: 'write-under-review', session: HERMES_SESSION, stdin };
}

/** The round's calls, interleaved so every door is starting while the others run. */
function roundCalls(box: Sandbox): Call[] {
  const shared = Array.from({ length: SHARED }, (_, i) => sharedCall(box, i));
  const others = Array.from({ length: PER_OTHER_HOST * 2 }, (_, i) => (i % 2 === 0 ? codexCall(box, i) : hermesCall(box, i)));
  const calls: Call[] = [];
  while (shared.length || others.length) {
    for (let k = 0; k < 3 && shared.length; k++) calls.push(shared.shift()!);
    if (others.length) calls.push(others.shift()!);
  }
  return calls;
}

/** Arm the three sessions through the doors themselves, one after another. */
async function arm(box: Sandbox, env: Record<string, string>): Promise<void> {
  const claude = await runDoor('claudeHook', JSON.stringify(PAYLOADS.claude.prompt(as(box, CLAUDE_SESSION), `$stopline change files=src/** agents=${BUDGET} -- split the work`)), env, box.project);
  const codex = await runDoor('codexHook', JSON.stringify({ ...fixture('codex', 'UserPromptSubmit.json'), session_id: CODEX_SESSION, cwd: box.project, prompt: '$stopline review -- look only' }), env, box.project);
  const hermes = await runDoor(
    'hermesShell',
    hermesShellStdin('pre_llm_call', { session: HERMES_SESSION, cwd: box.project, extra: { user_message: '$stopline review -- look only', conversation_history: [], is_first_turn: true, model: 'm', platform: 'cli', sender_id: '' } }),
    env,
    box.project,
  );
  expect([claude, codex, hermes].map((r) => r.exitCode)).toEqual([0, 0, 0]);
  expect(claude.stdout).toContain(`agents=0/${BUDGET}`);
  expect(codex.stdout).toContain('mode=review');
  expect(hermes.stdout).toContain('mode=review');
}

interface Outcome {
  call: Call;
  result: SpawnResult & { ms: number };
  answer: Answer;
}

interface Round {
  outcomes: Outcome[];
  dataDir: string;
  ms: number;
}

async function runRound(label: string, failClosed: boolean, body: (r: Round) => void): Promise<void> {
  const box = sandbox(`mixed-${label}`);
  const dataDir = join(box.dir, 'data');
  // a machine of its own: the hooks' resident evaluator (TMPDIR/stopline-<uid>) serves this round
  // only, as on a person's machine, not the other suites running beside it
  const tmp = join(box.dir, 'tmp');
  mkdirSync(tmp);
  const env: Record<string, string> = { ...box.env, TMPDIR: tmp, STOPLINE_EVALUATOR_IDLE_MS: '5000', STOPLINE_HOME: dataDir, ...(failClosed ? { STOPLINE_FAIL_OPEN: '0' } : {}) };
  try {
    await arm(box, env);
    const calls = roundCalls(box);
    const started = performance.now();
    const results = await Promise.all(calls.map((c) => runDoor(c.door, c.stdin, env, box.project)));
    const ms = performance.now() - started;
    const outcomes = calls.map((call, i) => ({ call, result: results[i]!, answer: readAnswer(call.door, results[i]!) }));
    if (process.env.STRESS_DEBUG) for (const o of outcomes) process.stderr.write(`${o.call.door} ${o.call.kind} [${o.result.exitCode}] ${JSON.stringify(o.answer)} ${o.result.stderr.slice(0, 200)}\n`);
    body({ outcomes, dataDir, ms });
    report(label, { outcomes, dataDir, ms });
  } finally {
    box.cleanup();
  }
}

/** The checks common to both fail modes. */
function assertRound({ outcomes, dataDir }: Round): void {
  // every answer is one the host can read
  expect(outcomes.filter((o) => o.answer.problems.length).map((o) => `${o.call.door}: ${o.answer.problems.join('; ')}`)).toEqual([]);

  // every log holds whole JSON lines only, and no hook ever read a torn state file
  const logs = readLogs(dataDir);
  expect(logs.flatMap((f) => f.torn.map((t) => `${f.path}: ${JSON.stringify(t.slice(0, 80))}`))).toEqual([]);
  const records = logs.flatMap((f) => f.records);
  expect(records.filter((r) => r.type === 'recovery')).toEqual([]);
  const sessions = join(dataDir, 'sessions');
  for (const f of readdirSync(sessions).filter((n) => n.endsWith('.json'))) expect(() => JSON.parse(readFileSync(join(sessions, f), 'utf8')), f).not.toThrow();

  // one check record per decided call, and every event id an answer names is its own record
  const checks = records.filter((r) => r.type === 'check');
  const byId = new Map<string, Record<string, unknown>[]>();
  for (const c of checks) byId.set(String(c.eventId), [...(byId.get(String(c.eventId)) ?? []), c]);
  expect([...byId.values()].filter((v) => v.length > 1)).toEqual([]);
  const claimed = new Set<string>();
  for (const o of outcomes) {
    const id = o.answer.eventId;
    if (o.answer.undecided) {
      expect(id, `${o.call.door} answered by the fail mode yet names an event`).toBeUndefined();
      continue;
    }
    if (!id) continue;
    const rec = byId.get(id)?.[0];
    expect(rec, `${o.call.door} ${o.call.kind}: event ${id} has no check record`).toBeDefined();
    expect(claimed.has(id), `event ${id} named by two answers`).toBe(false);
    claimed.add(id);
    const decision = (rec!.decision ?? {}) as Record<string, unknown>;
    expect({ session: rec!.sessionKey, denied: decision.outcome === 'deny', reason: decision.reasonCode }).toEqual({
      session: sessionKey(o.call.session),
      denied: o.answer.verdict === 'deny',
      reason: o.answer.reasonCode ?? decision.reasonCode,
    });
  }
  // a silent Claude hook allow names no event: those records are found by elimination
  const silent = outcomes.filter((o) => !o.answer.undecided && !o.answer.eventId);
  expect(silent.filter((o) => o.call.door !== 'claudeHook' || o.answer.verdict !== 'allow').map((o) => `${o.call.door} ${o.call.kind}`)).toEqual([]);
  const unclaimed = checks.filter((c) => !claimed.has(String(c.eventId)));
  // Claude's Agent tool is recorded under its canonical name; a launch is what delegates
  const kindOf = (c: Record<string, unknown>) => ((c.action as Record<string, unknown> | undefined)?.mutability === 'delegate' ? 'launch' : 'write');
  const kindsOf = (xs: string[]) => xs.sort().join(',');
  expect(unclaimed.every((c) => c.sessionKey === sessionKey(CLAUDE_SESSION) && (c.decision as Record<string, unknown>).outcome === 'allow')).toBe(true);
  expect(kindsOf(unclaimed.map(kindOf))).toBe(kindsOf(silent.map((o) => (o.call.kind === 'launch' ? 'launch' : 'write'))));
  const decided = outcomes.filter((o) => !o.answer.undecided);
  expect(checks).toHaveLength(decided.length);

  // what each decided call got
  for (const o of decided) {
    const want = o.call.kind === 'write-inside' ? 'allow' : o.call.kind === 'launch' ? o.answer.verdict : 'deny';
    expect(o.answer.verdict, `${o.call.door} ${o.call.kind}`).toBe(want);
    if (o.call.kind === 'write-under-review') expect(o.answer.reasonCode).toBe('MODE_FORBIDS_MUTATION');
  }

  // the budget: of the launches that were decided, exactly min(8, n) were granted, one
  // reservation each (the granted records carry agentsUsed 1..k), and the state says k
  const launches = decided.filter((o) => o.call.kind === 'launch');
  const granted = launches.filter((o) => o.answer.verdict === 'allow');
  const k = Math.min(BUDGET, launches.length);
  expect(granted).toHaveLength(k);
  for (const o of launches.filter((x) => x.answer.verdict === 'deny')) expect(o.answer.reasonCode).toBe('AGENT_BUDGET_EXHAUSTED');
  const grantRecords = checks.filter((c) => c.sessionKey === sessionKey(CLAUDE_SESSION) && kindOf(c) === 'launch' && (c.decision as Record<string, unknown>).outcome === 'allow');
  expect(grantRecords.map((c) => (c.contract as Record<string, unknown>).agentsUsed).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: k }, (_, i) => i + 1));
  const state = JSON.parse(readFileSync(sessionStore(dataDir, CLAUDE_SESSION).file, 'utf8')) as { contract: { agentsUsed: number } };
  expect(state.contract.agentsUsed).toBe(k);
}

/** The slowest and median process time (spawn to exit) of a group, for the stderr report. */
function spread(xs: Outcome[]): string {
  if (!xs.length) return '-';
  const ms = xs.map((o) => o.result.ms).sort((a, b) => a - b);
  return `median ${Math.round(ms[Math.floor(ms.length / 2)]!)} ms, max ${Math.round(ms[ms.length - 1]!)} ms`;
}

function report(label: string, { outcomes, ms }: Round): void {
  const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
  process.stderr.write(`stress-mixed ${label}: process time decided ${spread(outcomes.filter((o) => !o.answer.undecided))}; undecided ${spread(outcomes.filter((o) => !!o.answer.undecided))}\n`);
  const failOpenGrants = count((o) => o.call.kind === 'launch' && !!o.answer.undecided && o.answer.verdict === 'allow');
  process.stderr.write(
    `stress-mixed ${label}: ${outcomes.length} processes in ${Math.round(ms)} ms; decided ${count((o) => !o.answer.undecided)}; ` +
      `fail mode open ${count((o) => o.answer.undecided === 'open')}, closed ${count((o) => o.answer.undecided === 'closed')}, bridge input error ${count((o) => o.answer.undecided === 'input-error')}; ` +
      `launches granted by decision ${count((o) => o.call.kind === 'launch' && !o.answer.undecided && o.answer.verdict === 'allow')}, by failing open ${failOpenGrants}, ` +
      `bridge launches answered exit 1 ${count((o) => o.call.kind === 'launch' && o.answer.undecided === 'input-error')} (run by a harness that reads exit 1 as allow)\n`,
  );
}

describe('64 concurrent processes from four doors on one data folder', () => {
  it('fail open (the default): whole lines, readable state, one check per decided call, 8 launches granted by the budget', async () => {
    await runRound('open', false, (round) => {
      assertRound(round);
      for (const o of round.outcomes) {
        if (o.answer.undecided === 'open') {
          // the tool runs, nothing on stdout, one stderr line saying why
          expect({ verdict: o.answer.verdict, stdout: o.result.stdout, lines: o.result.stderr.trim().split('\n').length }).toEqual({ verdict: 'allow', stdout: '', lines: 1 });
        } else if (o.answer.undecided === 'input-error') {
          expect(o.result.stderr).toMatch(/^stopline guard: hook input did not end within \d+ ms/);
        } else expect(o.answer.undecided, `${o.call.door}: ${o.result.stderr}`).toBeUndefined();
      }
    });
  }, 900_000);

  it('fail closed (STOPLINE_FAIL_OPEN=0): the same, and nothing is allowed by failing', async () => {
    await runRound('closed', true, (round) => {
      assertRound(round);
      for (const o of round.outcomes) {
        if (!o.answer.undecided) continue;
        // a process that could not decide in time denies with the GUARD_UNAVAILABLE stamp (the
        // bridge too: its unreadable input follows the fail mode, exit 2, never its exit 1)
        expect({ door: o.call.door, verdict: o.answer.verdict, undecided: o.answer.undecided, reason: o.answer.reasonCode }).toEqual({
          door: o.call.door,
          verdict: 'deny',
          undecided: 'closed',
          reason: 'GUARD_UNAVAILABLE',
        });
      }
    });
  }, 900_000);
});
