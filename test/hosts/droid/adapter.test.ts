/**
 * Droid adapter, offline: every captured 0.225.2 payload maps to a valid ControlEvent or is
 * declared ignored; a sub-agent's SessionStart (calling_session_id) is its start under the
 * caller; every outcome renders in the one form Droid reads (hookSpecificOutput; a top-level
 * permissionDecision or decision:block is ignored there and the tool runs).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseControlEvent } from '../../../core/protocol';
import { droidRegistry } from '../../../core/registry/droid';
import { droidAdapter } from '../../../hosts/droid/adapter';
import { answerHook } from '../../../hosts/shared/runner';
import { sandbox } from '../../scenarios/drivers';
import { rowEvent } from '../shared/row-event';

// the dialect as the runner reaches it: through the adapter
const { render, renderUnidentifiedDeny, toControlEvent } = droidAdapter;

const at = (name: string) => rowEvent(droidRegistry, name);

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'droid');
const payloadFiles = readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && !f.startsWith('_'));
const load = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
const ENV = { HOME: '/home/dev', FACTORY_PROJECT_DIR: '/home/dev/project' };

function event(f: string) {
  const m = toControlEvent(load(f), ENV);
  if (m.kind !== 'event') throw new Error(`${f} was ${m.kind}: ${m.why}`);
  return m.event;
}

describe('every captured Droid payload', () => {
  it('covers every event stopline registers', () => {
    const seen = new Set(payloadFiles.map((f) => String(load(f).hook_event_name)));
    for (const row of droidRegistry.events.filter((e) => e.registered)) expect(seen.has(row.native), row.native).toBe(true);
  });

  it.each(payloadFiles)('%s maps to a valid ControlEvent or is declared ignored', (f) => {
    const payload = load(f);
    const m = toControlEvent(payload, ENV);
    const entry = droidRegistry.events.find((e) => e.native === payload.hook_event_name);
    expect(entry).toBeDefined();
    if (m.kind === 'event') {
      const expected = payload.calling_session_id ? 'subagent.start' : entry!.control;
      expect(m.event.kind).toBe(expected);
      const parsed = parseControlEvent(m.event);
      expect(parsed.ok ? 'ok' : parsed.error).toBe('ok');
    } else {
      expect(m.kind).toBe('ignored');
      expect(entry!.control).toBeNull();
    }
  });
});

describe('toControlEvent', () => {
  it('Create is a write of its file_path relative to the project', () => {
    expect(event('PreToolUse-Create.json')).toMatchObject({
      kind: 'action.before',
      sessionId: '81963849-9f52-44d8-8913-b07de852c3ea',
      cwd: '/home/dev/project',
      host: { family: 'droid', permissionMode: 'auto-low', hasHuman: false },
      action: { name: 'Create', canonicalName: 'Write', mutability: 'write', affectedPaths: ['created.txt'] },
    });
  });

  it("a sub-agent's SessionStart is its start under the session that called it", () => {
    expect(event('SessionStart-startup-subagent.json')).toMatchObject({ kind: 'subagent.start', sessionId: 'a13f65e6-57ef-4258-bfe1-177d099b5256', rootSessionId: '81963849-9f52-44d8-8913-b07de852c3ea' });
    expect(event('SessionStart-startup.json')).toMatchObject({ kind: 'session.start' });
    expect(event('SessionStart-startup.json').rootSessionId).toBeUndefined();
  });

  it('SubagentStop is filed under the parent it fires on', () => {
    expect(event('SubagentStop.json')).toMatchObject({ kind: 'subagent.stop', sessionId: '81963849-9f52-44d8-8913-b07de852c3ea', rootSessionId: '81963849-9f52-44d8-8913-b07de852c3ea' });
  });

  it('Task is one delegation; Execute is a shell command', () => {
    expect(event('PreToolUse-Task.json').action).toMatchObject({ name: 'Task', mutability: 'delegate', delegationCount: 1 });
    expect(event('PreToolUse-Execute.json').action).toMatchObject({ name: 'Execute', canonicalName: 'Bash', affectedPaths: ['allowed.txt'] });
  });
});

describe('render', () => {
  const stamp = 'STOP / INTENT\nstopline denied this action';

  it('a deny (and an ask) before a tool: hookSpecificOutput permissionDecision "deny" and nothing else, exit 0', () => {
    for (const kind of ['deny', 'ask'] as const) {
      const r = render({ kind, message: stamp }, at('PreToolUse'));
      expect(r).toEqual({ stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: stamp } }), stderr: '', exitCode: 0 });
    }
  });

  it('context goes where Droid hands it to the model; never on PreToolUse, where it is dropped', () => {
    expect(JSON.parse(render({ kind: 'context', message: 'ctx' }, at('SessionStart')).stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'ctx' } });
    expect(render({ kind: 'context', message: 'ctx' }, at('PreToolUse')).stdout).toBe('');
    expect(render({ kind: 'context', message: 'ctx' }, at('Stop')).stdout).toBe('');
  });

  it("a person's hook that refuses a prompt: continue false with the stamp as stopReason", () => {
    expect(JSON.parse(render({ kind: 'deny', message: stamp }, at('UserPromptSubmit')).stdout)).toEqual({ continue: false, stopReason: stamp });
  });

  it("a person's turn:stop hook that keeps the turn going: decision block at Stop", () => {
    expect(JSON.parse(render({ kind: 'deny', message: 'more' }, at('Stop')).stdout)).toEqual({ decision: 'block', reason: 'more' });
  });

  it('fail closed before the event is known: exit 2 with the stamp on stderr', () => {
    expect(renderUnidentifiedDeny('x')).toEqual({ stdout: '', stderr: 'x\n', exitCode: 2 });
  });
});

describe('through the runner, with the recorded session tree', () => {
  it("a sub-agent's own session is held to the parent's review contract once its SessionStart named the caller", async () => {
    const box = sandbox('droid-parent-1');
    try {
      const send = (p: Record<string, unknown>) => answerHook(droidAdapter, JSON.stringify({ cwd: box.project, permission_mode: 'auto-low', ...p }), { env: box.env, cwd: box.project });
      await send({ hook_event_name: 'UserPromptSubmit', session_id: box.session, prompt: '$stopline review -- look', message_id: 'm1' });
      const start = await send({ hook_event_name: 'SessionStart', session_id: 'child-1', source: 'startup', calling_session_id: box.session });
      expect(JSON.parse(start.stdout).hookSpecificOutput.additionalContext).toContain('stopline contract (ARMED)');
      const r = await send({ hook_event_name: 'PreToolUse', session_id: 'child-1', tool_name: 'Execute', tool_input: { command: 'touch x' } });
      expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toContain('MODE_FORBIDS_MUTATION');
      // the child's task prompt can never change the contract
      await send({ hook_event_name: 'UserPromptSubmit', session_id: 'child-1', prompt: '$stopline open -- anything', message_id: 'm2' });
      const again = await send({ hook_event_name: 'PreToolUse', session_id: 'child-1', tool_name: 'Execute', tool_input: { command: 'touch y' } });
      expect(JSON.parse(again.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    } finally {
      box.cleanup();
    }
  });
});
