/**
 * Damaged files in the data folder, each driven through the in-process Claude hook
 * (the code the built hook runs, minus the process) unless said otherwise:
 * - a session state file truncated, not JSON, JSON of the wrong shape, zero bytes or NUL bytes:
 *   the next hook answers by the fail mode (open: allowed with one stderr line; closed:
 *   GUARD_UNAVAILABLE), never by a silently fresh contract; the file is moved aside (0600, same
 *   bytes) and the call after starts clean;
 * - a garbage lineage record: its subagent is an orphan (cannot arm), never a root session;
 * - a garbage or empty lock: broken after the short stale bound, the call is decided;
 * - an evidence log with a truncated last line, a garbage line, NUL bytes: the next append starts
 *   on a fresh line, and every reader (in-chat status/runtime/explain, the terminal runtime and
 *   explain, the dashboard store) skips the bad lines and counts them;
 * - a real writer process killed with SIGKILL mid-append: the log stays readable.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { handleEvent } from '../../core/answer/controller';
import { readSessionEvents } from '../../core/evidence/log';
import { parseControlEvent } from '../../core/protocol';
import { lineageOf, recordChild } from '../../core/state/lineage';
import { sessionKey, sessionStore } from '../../core/state/session';
import { claudeAdapter } from '../../hosts/claude/adapter';
import { EvidenceStore } from '../../hosts/cli/dashboard/store';
import { UNKNOWN_PARENT_AGENT, placeInRecordedTree } from '../../core/answer/session-tree';
import { answerHook } from '../../hosts/shared/runner';
import { cli } from '../cli/helpers';
import { bundleController } from '../core/contract/bundle';
import { PAYLOADS, sandbox, type Sandbox } from '../scenarios/drivers';
import { runArtifact } from '../scenarios/spawn';
import { isDeny } from './answers';

const boxes: Sandbox[] = [];
afterEach(() => {
  for (const b of boxes.splice(0)) b.cleanup();
});

function box(failMode: 'open' | 'closed' = 'open'): Sandbox {
  const b = sandbox('corrupt-session-7e1f');
  b.env.STOPLINE_FAIL_OPEN = failMode === 'open' ? '1' : '0';
  boxes.push(b);
  return b;
}

const dataDir = (b: Sandbox) => join(b.home, '.local', 'share', 'stopline');
const store = (b: Sandbox) => sessionStore(dataDir(b), b.session);
const sessionsDir = (b: Sandbox) => join(dataDir(b), 'sessions');
const send = (b: Sandbox, payload: unknown) => answerHook(claudeAdapter, JSON.stringify(payload), { env: b.env, cwd: b.project });
const write = (b: Sandbox) => send(b, PAYLOADS.claude.tool(b, { name: 'Write', input: { file_path: join(b.project, 'a.txt'), content: 'x' } }));
const prompt = (b: Sandbox, text: string) => send(b, PAYLOADS.claude.prompt(b, text));
const movedAside = (b: Sandbox) => readdirSync(sessionsDir(b)).filter((n) => n.includes('.corrupt-'));
const stderrLines = (s: string) => s.split('\n').filter(Boolean);

/** Each kind of damage, made from the real state file of an armed session. */
const DAMAGE: [string, (good: string) => string][] = [
  ['truncated', (good) => good.slice(0, Math.floor(good.length / 2))],
  ['not JSON', () => 'this is not a state file\n'],
  ['JSON of the wrong shape', () => '{"schemaVersion":1,"contract":{"mode":"chaos"}}\n'],
  ['zero bytes', () => ''],
  ['NUL bytes', (good) => '\u0000'.repeat(good.length)],
];

describe('a damaged session state file', () => {
  for (const [kind, damage] of DAMAGE) {
    for (const mode of ['open', 'closed'] as const) {
      it(`${kind}, fail ${mode}: the next hook answers by the fail mode, the file is moved aside, the calls after ${mode === 'open' ? 'start clean' : 'stay stopped until the person re-arms'}`, async () => {
        const b = box(mode);
        await prompt(b, '$stopline review -- look only');
        const armed = await write(b);
        expect(isDeny(armed)).toBe(true);
        expect(armed.stdout).toContain('MODE_FORBIDS_MUTATION');

        const damaged = damage(readFileSync(store(b).file, 'utf8'));
        writeFileSync(store(b).file, damaged);
        const next = await write(b);
        const lines = stderrLines(next.stderr);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain('session state file');
        expect(lines[0]).toContain(`failing ${mode}`);
        expect(lines[0]).toMatch(/moved aside to [0-9a-f]{32}\.json\.corrupt-\d{8}T\d{9}Z/);
        // the message names hashed files only: no session id, no project path
        expect(next.stderr).not.toContain(b.session);
        expect(next.stderr).not.toContain(b.project);
        if (mode === 'open') {
          expect(next.exitCode).toBe(0);
          expect(next.stdout).toBe('');
        } else {
          expect(isDeny(next)).toBe(true);
          expect(next.stdout).toContain('GUARD_UNAVAILABLE');
        }

        // moved aside: same bytes, private; the state file itself is gone
        const aside = movedAside(b);
        expect(aside).toHaveLength(1);
        expect(aside[0]!.startsWith(`${sessionKey(b.session)}.json.corrupt-`)).toBe(true);
        const asidePath = join(sessionsDir(b), aside[0]!);
        expect(readFileSync(asidePath, 'utf8')).toBe(damaged);
        expect((statSync(asidePath).mode & 0o777).toString(8)).toBe('600');
        // in its place, a fresh state that says it replaced a damaged one
        const marked = JSON.parse(readFileSync(store(b).file, 'utf8')) as { damaged?: { why: string }; contract: { source: string } };
        expect(marked.damaged?.why).toBeTruthy();
        expect(marked.contract.source).toBe('default');

        const after = await write(b);
        expect(after.stderr).toBe('');
        if (mode === 'open') {
          // fail open: the call after starts from an explicit fresh contract (observing), without a diagnostic
          expect(after.exitCode).toBe(0);
          expect(isDeny(after)).toBe(false);
        } else {
          // fail closed stays closed: every call is stopped, with a stamp that says how to re-arm
          expect(isDeny(after)).toBe(true);
          expect(after.stdout).toContain('STATE_DAMAGED');
          expect(after.stdout).toContain('$stopline');
          expect(isDeny(await write(b))).toBe(true);
        }
        // and the person re-arms and is obeyed
        await prompt(b, '$stopline review -- look again');
        const rearmed = await write(b);
        expect(isDeny(rearmed)).toBe(true);
        expect(rearmed.stdout).toContain('MODE_FORBIDS_MUTATION');
        expect(movedAside(b)).toHaveLength(1);
        expect((JSON.parse(readFileSync(store(b).file, 'utf8')) as { damaged?: unknown }).damaged).toBeUndefined();
      });
    }
  }

  it('a directive that meets a damaged file is not applied to a fresh contract: the fail mode answers, the next directive arms', async () => {
    const b = box('open');
    await prompt(b, '$stopline change files=src/** -- fix');
    writeFileSync(store(b).file, '{"schemaVersion":1,"contr');
    const lost = await prompt(b, '$stopline review -- look');
    // the person is told the directive was not recorded (not only on stderr)
    expect(lost.stdout).toContain('NOT recorded');
    expect(stderrLines(lost.stderr)).toHaveLength(1);
    expect(lost.stderr).toContain('failing open');
    const armed = await prompt(b, '$stopline review -- look');
    expect(armed.stdout).toContain('mode=review');
    expect(isDeny(await write(b))).toBe(true);
  });

  it('every hook kind (start, prompt, before, after) follows the fail mode on a damaged file', () => {
    const b = box('closed');
    const base = { protocolVersion: 1, sessionId: b.session, host: { family: 'claude' }, cwd: b.project };
    const act = { name: 'Write', canonicalName: 'Write', mutability: 'write', affectedPaths: ['a.txt'], dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false };
    const events = [
      { ...base, kind: 'session.start' },
      { ...base, kind: 'prompt.submit', prompt: { text: 'go on', source: 'user' } },
      { ...base, kind: 'action.before', action: act },
      { ...base, kind: 'action.after', action: act },
    ];
    handleEvent({ ...base, kind: 'prompt.submit', prompt: { text: '$stopline review -- x', source: 'user' } }, { env: b.env });
    for (const ev of events) {
      writeFileSync(store(b).file, 'garbage');
      const o = handleEvent(ev, { env: b.env });
      expect(o.reasonCode, ev.kind).toBe('GUARD_UNAVAILABLE');
      expect(o.diagnostics?.join('\n'), ev.kind).toContain('failing closed');
    }
    // four damaged files, four moved aside (a second one in the same millisecond gets a suffix)
    expect(movedAside(b)).toHaveLength(4);
  });
});

describe('a damaged state file met by 8 built hook processes at once (dist/claude/stopline.mjs)', () => {
  it('exactly one moves it aside; each answers by the fail mode or, after the move, STATE_DAMAGED (fail closed stays closed), none by a crash', async () => {
    const b = box('closed');
    await prompt(b, '$stopline review -- look only');
    writeFileSync(store(b).file, '{"schemaVersion":1,"contract":{"mo');
    const payload = JSON.stringify(PAYLOADS.claude.tool(b, { name: 'Write', input: { file_path: join(b.project, 'a.txt'), content: 'x' } }));
    const results = await Promise.all(Array.from({ length: 8 }, () => runArtifact('claude', payload, b.env, b.project, 300_000)));
    let failedClosed = 0;
    for (const r of results) {
      expect(r.killed).toBe(false);
      expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
      if (r.stdout.includes('GUARD_UNAVAILABLE')) {
        expect(isDeny(r)).toBe(true);
        expect(r.stderr).toContain('failing closed');
        // a process starved past the stdin bound also fails closed (docs/residual-risks.md); only
        // the ones that met the damage count here
        if (/session state file /.test(r.stderr)) failedClosed++;
      } else {
        // read after the move: the contract is lost and the fail mode is closed, so it stays stopped
        expect(isDeny(r), r.stdout + r.stderr).toBe(true);
        expect(r.stdout).toContain('STATE_DAMAGED');
      }
    }
    // at least the process that moved it saw the damage; the file was moved once
    expect(failedClosed).toBeGreaterThanOrEqual(1);
    expect(movedAside(b)).toHaveLength(1);
    expect(readFileSync(join(sessionsDir(b), movedAside(b)[0]!), 'utf8')).toBe('{"schemaVersion":1,"contract":{"mo');
    process.stderr.write(`8 hook processes on a damaged state file: ${failedClosed} answered by the fail mode, ${8 - failedClosed} STATE_DAMAGED, 1 file moved aside\n`);
  }, 600_000);
});

describe('a garbage lineage record', () => {
  it('its subagent is judged as an orphan (it cannot arm), never as a root session', () => {
    const b = box();
    const data = dataDir(b);
    recordChild(data, 'child-1', b.session);
    expect(lineageOf(data, 'child-1')).toEqual({ kind: 'child', rootSessionId: b.session });
    const dir = join(data, 'lineage');
    for (const n of readdirSync(dir)) writeFileSync(join(dir, n), '{"v":1,"root":{"iv":"zz"');
    expect(lineageOf(data, 'child-1')).toEqual({ kind: 'orphan' });
    // the step the controller takes on every Hermes child event: a subagent, and its prompt is not the person's
    const parsed = parseControlEvent({ protocolVersion: 1, kind: 'prompt.submit', sessionId: 'child-1', host: { family: 'hermes', dataDir: data }, prompt: { text: '$stopline off', source: 'user' } });
    if (!parsed.ok) throw new Error(parsed.error);
    const placed = placeInRecordedTree(parsed.event, data);
    expect(placed.host.agentId).toBe(UNKNOWN_PARENT_AGENT);
    expect(placed.prompt?.source).toBe('subagent');
    expect(placed.rootSessionId).toBeUndefined();
  });
});

describe('a garbage or empty session lock', () => {
  for (const [kind, content, ageMs] of [
    ['garbage of two words (once waited for 10 s: longer than the lock wait)', 'hello world', 0],
    ['empty', '', 0],
    ['garbage, old', '\u0000\u0000\u0000', 60_000],
  ] as const) {
    it(`${kind}: broken, and the call is decided by the contract (fail closed never needed)`, async () => {
      const b = box('closed');
      await prompt(b, '$stopline change agents=1 -- split');
      writeFileSync(store(b).lockFile, content);
      if (ageMs) utimesSync(store(b).lockFile, new Date(Date.now() - ageMs), new Date(Date.now() - ageMs));
      const r = await send(b, PAYLOADS.claude.tool(b, { name: 'Agent', input: { description: 'part', prompt: 'do it', subagent_type: 'general-purpose' } }));
      expect(r.stdout).not.toContain('GUARD_UNAVAILABLE');
      expect(isDeny(r)).toBe(false);
      expect(r.stderr).toBe('');
      expect(existsSync(store(b).lockFile)).toBe(false);
      // the reservation was counted: the budget of one is now spent
      const second = await send(b, PAYLOADS.claude.tool(b, { name: 'Agent', input: { description: 'part 2', prompt: 'do it', subagent_type: 'general-purpose' } }));
      expect(isDeny(second)).toBe(true);
    });
  }
});

describe('an evidence log with bad lines', () => {
  const logOf = (b: Sandbox) => join(dataDir(b), 'runtime', `${sessionKey(b.session)}.jsonl`);
  const chatNotice = async (b: Sandbox, text: string) => JSON.parse((await prompt(b, text)).stdout) as { systemMessage?: string; hookSpecificOutput?: { additionalContext?: string } };
  const contextOf = (j: { hookSpecificOutput?: { additionalContext?: string } }) => j.hookSpecificOutput?.additionalContext ?? '';

  for (const [kind, damage, bad] of [
    ['a truncated last line (a writer killed mid-append)', '{"schemaVersion":1,"eventId":"evt_0000000000000000000', 1],
    ['a garbage line', 'this is not evidence\n', 1],
    ['NUL bytes where a record was (a disk that lost a write)', '\u0000'.repeat(300), 1],
    ['NUL bytes in the middle, then a line of garbage', '\u0000\u0000\u0000\n\u0000{"half":\nnope\n', 3],
  ] as const) {
    it(`${kind}: the next append starts on a fresh line; every reader skips ${bad} and counts ${bad}`, async () => {
      const b = box();
      await prompt(b, '$stopline review -- look');
      expect(isDeny(await write(b))).toBe(true);
      appendFileSync(logOf(b), damage);
      const second = await write(b);
      const secondId = /evt_[0-9a-f]{20}/.exec(second.stdout)![0];

      // core reader
      const read = readSessionEvents(dataDir(b), sessionKey(b.session));
      expect(read.damaged).toBe(bad);
      expect(read.records.filter((e) => e.type === 'check')).toHaveLength(2);
      expect(readFileSync(logOf(b), 'utf8').endsWith('}\n')).toBe(true);

      // in-chat readers
      expect(contextOf(await chatNotice(b, '$stopline runtime'))).toContain(`damaged lines skipped: ${bad}`);
      expect(contextOf(await chatNotice(b, '$stopline status'))).toContain('2 checked actions this session');
      expect(contextOf(await chatNotice(b, `$stopline explain ${secondId}`))).toContain(secondId);

      // terminal readers
      const env = { ...b.env, STOPLINE_HOME: dataDir(b) };
      const runtime = await cli(['runtime', '--json'], { env, cwd: b.project });
      expect(runtime.code, runtime.stderr).toBe(0);
      expect(JSON.stringify(JSON.parse(runtime.stdout))).toContain(`"damaged":${bad}`);
      const explain = await cli(['explain', secondId], { env, cwd: b.project });
      expect(explain.code, explain.stderr).toBe(0);
      expect(explain.stdout).toContain(secondId);

      // the dashboard store (read only)
      const dash = new EvidenceStore([dataDir(b)]);
      await dash.refresh();
      expect(dash.summary().totals.damaged).toBe(bad);
      expect(dash.summary().totals.checks).toBe(2);
      expect(dash.detail(secondId).ok).toBe(true);
    });
  }

  it('the labels file: a label appended after a truncated line is read back', async () => {
    const b = box();
    await prompt(b, '$stopline review -- look');
    const id = /evt_[0-9a-f]{20}/.exec((await write(b)).stdout)![0];
    writeFileSync(join(dataDir(b), 'labels.jsonl'), '{"schemaVersion":1,"labelId":"lbl_');
    await prompt(b, `$stopline label ${id} correct`);
    const text = readFileSync(join(dataDir(b), 'labels.jsonl'), 'utf8');
    expect(text.split('\n').filter(Boolean)).toHaveLength(2);
    expect(contextOf(await chatNotice(b, '$stopline runtime'))).toContain('correct 1');
  });
});

describe('a writer killed with SIGKILL mid-append', () => {
  it('the log stays readable: at most one bad line per kill, and the record after each kill is whole', async () => {
    const b = box();
    const data = dataDir(b);
    mkdirSync(data, { recursive: true });
    const key = sessionKey(b.session);
    // a real process running the controller (bundled: Node 20 cannot import .ts) that decides
    // tool calls in a loop, one evidence append each, until it is killed
    const bundle = await bundleController(join(b.dir, 'controller.mjs'));
    const worker = join(b.dir, 'writer.mjs');
    writeFileSync(
      worker,
      [
        'const [bundle, sessionId, cwd] = process.argv.slice(2);',
        'const { handleEvent } = await import(bundle);',
        "const base = { protocolVersion: 1, sessionId, host: { family: 'claude' }, cwd };",
        "const action = { name: 'Write', canonicalName: 'Write', mutability: 'write', affectedPaths: ['a.txt'], dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false };",
        "handleEvent({ ...base, kind: 'prompt.submit', prompt: { text: '$stopline review -- look', source: 'user' } }, { env: process.env });",
        "process.stdout.write('ready\\n');",
        "for (;;) handleEvent({ ...base, kind: 'action.before', action }, { env: process.env });",
      ].join('\n'),
    );
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      const child = spawn(process.execPath, [worker, bundle, b.session, b.project], { env: b.env, stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve, reject) => {
        child.stdout.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`writer exited early (${code})`)));
      });
      await new Promise((r) => setTimeout(r, 20 + round * 10));
      const gone = new Promise((r) => child.once('exit', r));
      process.kill(child.pid!, 'SIGKILL');
      await gone;
      // the next hook after the kill records its decision as one whole line
      const after = await write(b);
      expect(isDeny(after), `round ${round}`).toBe(true);
      const id = /evt_[0-9a-f]{20}/.exec(after.stdout)![0];
      const r = readSessionEvents(data, key);
      expect(r.records.some((e) => e.eventId === id), `round ${round}`).toBe(true);
      expect(r.damaged, `round ${round}`).toBeLessThanOrEqual(round + 1);
    }
    const r = readSessionEvents(data, key);
    const lines = readFileSync(join(data, 'runtime', `${key}.jsonl`), 'utf8').split('\n').filter(Boolean).length;
    expect(r.records.length).toBeGreaterThan(rounds);
    process.stderr.write(`kill -9 writer: ${rounds} kills, ${r.records.length} records readable, ${r.damaged} damaged lines (${lines} lines in the current log)\n`);
  }, 120_000);

  it('a writer that writes a line in two pieces, killed between them: the torn line is one bad line, the next record is whole', async () => {
    const b = box();
    await prompt(b, '$stopline review -- look');
    const data = dataDir(b);
    const key = sessionKey(b.session);
    const log = join(data, 'runtime', `${key}.jsonl`);
    // not stopline's writer (which appends a line in one write): one that could be killed mid-line,
    // as another tool or a full disk can leave the log
    const worker = join(b.dir, 'torn-writer.mjs');
    writeFileSync(
      worker,
      [
        "import { openSync, writeSync } from 'node:fs';",
        'const fd = openSync(process.argv[2], "a");',
        "process.stdout.write('ready\\n');",
        'const half = Buffer.from(\'{"schemaVersion":1,"eventId":"evt_torn","type":"check","sessionKey":"\' + "0".repeat(32) + \'"\');',
        'for (;;) { writeSync(fd, half); const until = Date.now() + 2; while (Date.now() < until); writeSync(fd, \',"contract":{}}\\n\'); }',
      ].join('\n'),
    );
    const rounds = 4;
    let torn = 0;
    for (let round = 0; round < rounds; round++) {
      const child = spawn(process.execPath, [worker, log], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve, reject) => {
        child.stdout.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`writer exited early (${code})`)));
      });
      await new Promise((r) => setTimeout(r, 15));
      const gone = new Promise((r) => child.once('exit', r));
      process.kill(child.pid!, 'SIGKILL');
      await gone;
      if (!readFileSync(log, 'utf8').endsWith('\n')) torn++;
      const after = await write(b);
      const id = /evt_[0-9a-f]{20}/.exec(after.stdout)![0];
      const r = readSessionEvents(data, key);
      expect(r.records.some((e) => e.eventId === id), `round ${round}`).toBe(true);
      expect(r.damaged, `round ${round}`).toBe(torn);
    }
    process.stderr.write(`kill -9 torn writer: ${rounds} kills, ${torn} left a partial line, each followed by a whole record\n`);
  }, 120_000);
});
