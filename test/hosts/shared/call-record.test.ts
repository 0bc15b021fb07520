/**
 * Reading a host's record of tool calls for the per-session check: ids and tools of the calls
 * that ran, in the host's format (Claude Code's transcript, Codex's rollout, small fixtures of
 * our own in their shape), and the bounds that keep a turn end from ever waiting on it.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claudeRegistry } from '../../../core/registry/claude';
import { codexRegistry } from '../../../core/registry/codex';
import { claudeTranscript, locateClaudeTranscript } from '../../../hosts/claude/transcript';
import { codexRollout, locateCodexRollout } from '../../../hosts/codex/rollout';
import { readCallRecord, recordedCalls, turnEndRecord } from '../../../hosts/shared/call-record';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');
const TRANSCRIPT = join(FIXTURES, 'claude', 'records', 'transcript.jsonl');
const ROLLOUT = join(FIXTURES, 'codex', 'records', 'rollout.jsonl');

const dirs: string[] = [];
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'stopline-record-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("Claude Code's transcript", () => {
  it('yields every tool_use of the model turns, and marks the one Claude refused before running it', () => {
    const r = readCallRecord(TRANSCRIPT, claudeTranscript);
    expect(r).toMatchObject({ ok: true, truncated: false });
    if (!r.ok) return;
    // the request blob that quotes a tool_use is not a model turn; two tool_use lines of one message both count
    expect(r.calls.map((c) => [c.id, c.tool, c.ran])).toEqual([
      ['toolu_01bash', 'Bash', true],
      ['toolu_02read', 'Read', true],
      ['toolu_03edit', 'Edit', true],
      ['toolu_04bad', 'Write', false],
      ['toolu_05bash', 'Bash', true],
    ]);
    expect(r.calls[0]!.at).toBe(Date.parse('2026-12-01T10:00:01.000Z'));
  });

  it('hands the core only the calls that ran, with their tool kinds and times, nothing of their input', () => {
    const rec = turnEndRecord(claudeRegistry, TRANSCRIPT, claudeTranscript);
    expect(rec.unreadable).toBeUndefined();
    expect(rec.calls.map((c) => [c.id, c.kind])).toEqual([
      ['toolu_01bash', 'shell'],
      ['toolu_02read', 'read'],
      ['toolu_03edit', 'write'],
      ['toolu_05bash', 'shell'],
    ]);
    const text = JSON.stringify(rec);
    for (const secret of ['npm test', 'a.test.ts', 'old_string', '1 failing']) expect(text).not.toContain(secret);
  });

  it('is found by its session id under the config folder (CLAUDE_CONFIG_DIR, else ~/.claude)', () => {
    const home = temp();
    const id = '5e1f0c2a-7d3b-4c11-9a0e-2b6f8d4c1e77';
    mkdirSync(join(home, '.claude', 'projects', '-home-dev-project'), { recursive: true });
    writeFileSync(join(home, '.claude', 'projects', '-home-dev-project', `${id}.jsonl`), '');
    expect(locateClaudeTranscript(id, { HOME: home })).toBe(join(home, '.claude', 'projects', '-home-dev-project', `${id}.jsonl`));
    expect(locateClaudeTranscript(id, { HOME: home, CLAUDE_CONFIG_DIR: join(home, 'elsewhere') })).toBeNull();
    expect(locateClaudeTranscript('../../etc/passwd', { HOME: home })).toBeNull();
  });
});

describe("Codex's rollout", () => {
  it('yields every function and custom tool call by call_id; a call Codex answered as unsupported did not run', () => {
    const r = readCallRecord(ROLLOUT, codexRollout);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.calls.map((c) => [c.id, c.tool, c.ran])).toEqual([
      ['call_shell_1', 'exec_command', true],
      ['call_patch_1', 'apply_patch', true],
      ['call_shell_2', 'exec_command', true],
      ['call_stdin_1', 'write_stdin', true],
      ['call_old_1', 'shell', false],
    ]);
  });

  it('write_stdin is marked as a tool Codex runs without a hook', () => {
    const r = readCallRecord(ROLLOUT, codexRollout);
    if (!r.ok) throw new Error(r.why);
    const calls = recordedCalls(codexRegistry, r.calls);
    expect(calls.map((c) => [c.id, c.kind, c.noHook ?? false])).toEqual([
      ['call_shell_1', 'shell', false],
      ['call_patch_1', 'apply-patch', false],
      ['call_shell_2', 'shell', false],
      ['call_stdin_1', 'unknown', true],
    ]);
  });

  it('is found by its session id in the dated folders under CODEX_HOME', () => {
    const home = temp();
    const id = '01a2289a-c971-7a20-a8d5-2f21938f3467';
    const day = join(home, 'sessions', '2026', '12', '01');
    mkdirSync(day, { recursive: true });
    writeFileSync(join(day, `rollout-2026-12-01T10-00-00-${id}.jsonl`), '');
    writeFileSync(join(day, 'rollout-2026-12-01T10-00-00-other.jsonl'), '');
    expect(locateCodexRollout(id, { CODEX_HOME: home })).toBe(join(day, `rollout-2026-12-01T10-00-00-${id}.jsonl`));
    expect(locateCodexRollout('nope', { CODEX_HOME: home })).toBeNull();
  });
});

describe('bounds: a turn end never waits on the record and never fails on it', () => {
  it('a record larger than the size bound is read from its end: the newest calls, marked truncated', () => {
    const dir = temp();
    const file = join(dir, 'big.jsonl');
    const filler = JSON.stringify({ type: 'attachment', attachment: { type: 'date', date: 'x'.repeat(900) } });
    const call = (id: string) => JSON.stringify({ type: 'assistant', timestamp: '2026-12-01T10:00:00.000Z', message: { content: [{ type: 'tool_use', id, name: 'Bash', input: {} }] } });
    writeFileSync(file, `${call('toolu_old')}\n`);
    for (let i = 0; i < 200; i++) appendFileSync(file, `${filler}\n`);
    appendFileSync(file, `${call('toolu_new')}\n`);
    const r = readCallRecord(file, claudeTranscript, { maxBytes: 64 * 1024, maxMs: 5000 });
    expect(r).toMatchObject({ ok: true, truncated: true });
    expect(r.ok && r.calls.map((c) => c.id)).toEqual(['toolu_new']);
    // within the bound: whole
    expect(readCallRecord(file, claudeTranscript, { maxBytes: 1024 * 1024, maxMs: 5000 })).toMatchObject({ ok: true, truncated: false });
  });

  it('missing, a folder, a FIFO (a read would block), or no path: unreadable with a short reason, at once', () => {
    const dir = temp();
    expect(readCallRecord(join(dir, 'none.jsonl'), claudeTranscript)).toEqual({ ok: false, why: 'ENOENT' });
    expect(readCallRecord(dir, claudeTranscript)).toEqual({ ok: false, why: 'not a regular file' });
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const t0 = Date.now();
    expect(readCallRecord(fifo, claudeTranscript)).toEqual({ ok: false, why: 'not a regular file' });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(turnEndRecord(claudeRegistry, undefined, claudeTranscript)).toEqual({ calls: [], truncated: false, unreadable: 'the host named no record' });
  });

  it('past the time bound the record counts as unreadable, whatever was parsed so far', () => {
    let t = 0;
    const lines = readFileSync(TRANSCRIPT, 'utf8');
    const dir = temp();
    const file = join(dir, 't.jsonl');
    writeFileSync(file, lines.repeat(50));
    const r = readCallRecord(file, claudeTranscript, { maxBytes: 1 << 24, maxMs: 30, now: () => (t += 10) });
    expect(r).toEqual({ ok: false, why: 'reading took over 30 ms' });
  });

  it('lines that are not JSON, or not objects, are skipped', () => {
    const dir = temp();
    const file = join(dir, 't.jsonl');
    writeFileSync(file, `{"type":"tool_use" broken\n["tool_use"]\n${readFileSync(TRANSCRIPT, 'utf8')}`);
    const r = readCallRecord(file, claudeTranscript);
    expect(r.ok && r.calls).toHaveLength(5);
  });
});
