/**
 * Mistral Vibe adapter, offline: the captured 3.0.2 payloads map to valid ControlEvents; the
 * person's `$stopline` directive reaches the guard through the session journal (Vibe has no
 * prompt event) and is taken once per turn; every answer renders in the one form Vibe reads
 * (a top-level decision with exit 0: exit 2 and Claude's hookSpecificOutput let the tool run).
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vibeRegistry } from '../../../core/registry/vibe';
import { toControlEvent, vibeAdapter } from '../../../hosts/vibe/adapter';
import { readTurnPrompts, turnStartOf } from '../../../hosts/vibe/journal';
import { answerHook } from '../../../hosts/shared/runner';
import { checks, evidenceLines, sandbox } from '../../scenarios/drivers';
import { vibeJournalTurn } from './rows';
import { rowEvent } from '../shared/row-event';

// the dialect as the runner reaches it: through the adapter (toControlEvent is imported on its own: the tests hand it the session's prompts)
const { render, renderUnidentifiedDeny } = vibeAdapter;

const at = (name: string) => rowEvent(vibeRegistry, name);
const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'vibe');
const load = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
const ENV = { HOME: '/home/dev' };
const none = () => [];

describe('toControlEvent', () => {
  it('file_system.write_file is a write of its file_path under the cwd, the call id from tool_call_id', () => {
    const m = toControlEvent(load('pre_tool-write_file.json'), ENV, none);
    expect(m.kind).toBe('event');
    if (m.kind !== 'event') return;
    expect(m.event).toMatchObject({ kind: 'action.before', cwd: '/home/dev/project', host: { family: 'vibe', hasHuman: false }, action: { name: 'file_system.write_file', canonicalName: 'Write', mutability: 'write', affectedPaths: ['w.txt'] } });
    expect(m.event.action?.id).toBe(load('pre_tool-write_file.json').tool_call_id);
  });

  it('the turn prompts read from the session folder go with a pre_tool, not with post_tool', () => {
    const turns = [{ key: 't1', text: '$stopline review -- x', person: true }, { key: 't2', text: 'retry', person: false }];
    const m = toControlEvent(load('pre_tool-bash.json'), ENV, () => turns);
    expect(m.kind === 'event' && m.event.prompts).toEqual([{ text: '$stopline review -- x', source: 'user', key: 't1' }, { text: 'retry', source: 'synthetic', key: 't2' }]);
    const after = toControlEvent(load('post_tool-bash.json'), ENV, () => turns);
    expect(after.kind === 'event' && after.event.prompts).toBeUndefined();
  });

  it("a subagent's call (parent_session_id) falls under the parent's session and hands no prompt", () => {
    const m = toControlEvent({ ...load('pre_tool-bash.json'), session_id: 'child', parent_session_id: 'parent' }, ENV, () => [{ key: 't', text: '$stopline open', person: true }]);
    expect(m.kind === 'event' && m.event.rootSessionId).toBe('parent');
    expect(m.kind === 'event' && m.event.prompts).toBeUndefined();
  });
});

describe('the session journal', () => {
  it("reads each turn/start record's text, key and whether the person wrote it", () => {
    const line = JSON.stringify({ payload: { client_command_id: 'turn-1', method: 'turn/start', params: { injected: false, message: [{ type: 'text', text: 'a' }, { type: 'image' }, { type: 'text', text: 'b' }] } }, type: 'command_reserved' });
    expect(turnStartOf(line)).toEqual({ key: 'turn-1', text: 'a\nb', person: true });
    expect(turnStartOf(line.replace('"injected":false', '"injected":true'))?.person).toBe(false);
    expect(turnStartOf(line.replace('turn/start', 'turn/stop'))).toBeNull();
    expect(turnStartOf('{"method":"turn/start"')).toBeNull();
  });

  it('a missing folder is no prompt; the turns come oldest first', () => {
    const box = sandbox();
    try {
      expect(readTurnPrompts(join(box.dir, 'nowhere'))).toEqual([]);
      const dir = join(box.dir, 'session');
      vibeJournalTurn(dir, 'first');
      vibeJournalTurn(dir, 'second');
      writeFileSync(join(dir, 'journal', '0000000000000001.jsonl'), '{"not":"a turn"}\n{broken\n', { flag: 'a' });
      expect(readTurnPrompts(dir).map((t) => t.text)).toEqual(['first', 'second']);
    } finally {
      box.cleanup();
    }
  });
});

describe('the answer path with the journal', () => {
  const write = (box: ReturnType<typeof sandbox>, dir: string, id: string) =>
    answerHook(vibeAdapter, JSON.stringify({ ...load('pre_tool-write_file.json'), session_id: box.session, transcript_path: dir, cwd: box.project, tool_call_id: id }), { env: box.env, cwd: box.project });

  it('a `$stopline review` turn stops the write; the next turn `$stopline change` lets it run; a turn is taken once', async () => {
    const box = sandbox();
    try {
      const dir = join(box.home, '.vibe', 'logs', 'session', 'unified', box.session);
      mkdirSync(dir, { recursive: true });
      expect((await write(box, dir, 'c0')).stdout).toBe('');
      vibeJournalTurn(dir, '$stopline review -- look');
      const denied = await write(box, dir, 'c1');
      expect(denied.exitCode).toBe(0);
      expect(JSON.parse(denied.stdout)).toMatchObject({ decision: 'deny' });
      expect(JSON.parse(denied.stdout).reason).toContain('MODE_FORBIDS_MUTATION');
      vibeJournalTurn(dir, '$stopline change agents=0 -- go');
      expect((await write(box, dir, 'c2')).stdout).toBe('');
      // the same turns again: nothing is applied twice (one contract record per directive)
      expect((await write(box, dir, 'c3')).stdout).toBe('');
      expect(checks(box.dir).map((c) => c.reasonCode)).toEqual(['CONTROL_INACTIVE', 'MODE_FORBIDS_MUTATION', 'WITHIN_CONTRACT', 'WITHIN_CONTRACT']);
      expect(evidenceLines(box.dir).filter((e) => e.type === 'contract')).toHaveLength(2);
    } finally {
      box.cleanup();
    }
  });
});

describe('render', () => {
  const deny = { kind: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION', family: 'I', message: 'STOP / INTENT\nno' } as const;

  it('a deny (and an ask) before a tool is the top-level decision with exit 0', () => {
    expect(render(deny, at('pre_tool'))).toEqual({ stdout: JSON.stringify({ decision: 'deny', reason: 'STOP / INTENT\nno' }), stderr: '', exitCode: 0 });
    expect(JSON.parse(render({ ...deny, kind: 'ask' }, at('pre_tool')).stdout).decision).toBe('deny');
  });

  it('a rewrite is the whole input in hook_specific_output.tool_input', () => {
    const out = render({ kind: 'rewrite', reasonCode: 'ALLOWED', family: 'C', rewrite: { command: 'x', input: { command: 'x' } } } as never, at('pre_tool'));
    expect(JSON.parse(out.stdout)).toEqual({ hook_specific_output: { tool_input: { command: 'x' } } });
  });

  it("after a tool, context and a hook's feedback are additional_context; nothing else prints nothing", () => {
    expect(JSON.parse(render({ kind: 'context', reasonCode: 'CONTRACT_CONTEXT', family: 'C', message: 'ctx', feedback: 'fb' } as never, at('post_tool')).stdout)).toEqual({ hook_specific_output: { additional_context: 'ctx\n\nfb' } });
    expect(render({ kind: 'none' } as never, at('post_tool')).stdout).toBe('');
    expect(render({ kind: 'none' } as never, at('post_agent')).stdout).toBe('');
  });

  it('fail closed before the event is known is the same top-level deny with exit 0', () => {
    expect(renderUnidentifiedDeny('STOP')).toEqual({ stdout: '{"decision":"deny","reason":"STOP"}', stderr: '', exitCode: 0 });
  });
});
