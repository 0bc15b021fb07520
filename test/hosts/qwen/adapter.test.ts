/**
 * Qwen Code adapter, offline: every captured 0.24.4 payload maps to a valid ControlEvent or is
 * declared ignored in the registry; only the request that carries `submitted_prompt` is the
 * person; a subagent's calls stay on the parent's session, marked as a child; the monitor tool
 * is a shell; every outcome renders in the form Qwen reads, and never as an allow.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { qwenRegistry } from '../../../core/registry/qwen';
import { qwenAdapter } from '../../../hosts/qwen/adapter';
import { expectMappedAsRowSays, rowEvent } from '../shared/row-event';

// the dialect as the runner reaches it: through the adapter
const { canAsk, render, renderUnidentifiedDeny, toControlEvent } = qwenAdapter;

const at = (name: string) => rowEvent(qwenRegistry, name);

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'qwen');
const payloadFiles = readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && !f.startsWith('_'));
const load = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
const ENV = { HOME: '/home/dev' };

function event(payload: Record<string, unknown>) {
  const m = toControlEvent(payload, ENV);
  if (m.kind !== 'event') throw new Error(`${String(payload.hook_event_name)} was ${m.kind}: ${m.why}`);
  return m.event;
}

describe('every captured Qwen payload', () => {
  it.each(payloadFiles)('%s maps to a valid ControlEvent or is declared ignored', (f) => {
    const payload = load(f);
    expectMappedAsRowSays(qwenRegistry, payload.hook_event_name, toControlEvent(payload, ENV));
  });
});

describe('toControlEvent', () => {
  it('the person is the UserPromptSubmit with submitted_prompt; the ones before later model requests are ignored', () => {
    expect(event(load('UserPromptSubmit.json'))).toMatchObject({ kind: 'prompt.submit', turnId: 'ca57e7c3-f203-4289-a4bb-59aedc150467########0', prompt: { text: 'LAB-MAIN capture deny', source: 'user' } });
    const { submitted_prompt: _s, ...later } = { ...load('UserPromptSubmit.json'), prompt: '' } as Record<string, unknown>;
    expect(toControlEvent(later, ENV)).toMatchObject({ kind: 'ignored' });
    // inside a subagent it would be the parent model's words
    expect(event({ ...load('UserPromptSubmit.json'), agent_id: 'general-purpose-call_1_0' }).prompt?.source).toBe('subagent');
  });

  it('maps the captured tools; monitor is a shell command, agent one delegation', () => {
    expect(event(load('PreToolUse-write_file.json')).action).toMatchObject({ id: 'toolu_1796158389108_1nmoac8do', canonicalName: 'Write', mutability: 'write', affectedPaths: ['made.txt'] });
    expect(event(load('PreToolUse-edit.json')).action).toMatchObject({ canonicalName: 'Edit', affectedPaths: ['edit_me.txt'] });
    expect(event(load('PreToolUse-monitor.json')).action).toMatchObject({ name: 'monitor', mutability: 'write', affectedPaths: ['mon_made.txt', 'victim.txt'] });
    expect(event(load('PreToolUse-agent-subagent.json')).action).toMatchObject({ mutability: 'delegate', delegationCount: 1 });
    expect(event(load('PreToolUse-tool_search.json')).action).toMatchObject({ mutability: 'control' });
  });

  it("keeps a subagent's calls on the parent's session, marked as a child", () => {
    const parent = event(load('PreToolUse-agent-subagent.json'));
    const child = event(load('PreToolUse-run_shell_command-subagent.json'));
    expect(child.sessionId).toBe(parent.sessionId);
    expect(child.host).toMatchObject({ family: 'qwen', agentId: 'general-purpose-call_1_0', permissionMode: 'yolo', hasHuman: false });
    expect(event(load('SubagentStart.json'))).toMatchObject({ kind: 'subagent.start', host: { agentId: 'general-purpose-call_1_0', agentType: 'general-purpose' } });
  });
});

describe('render', () => {
  const deny = { kind: 'deny' as const, message: 'STOP / INTENT\nno', reasonCode: 'MODE_FORBIDS_MUTATION' as const };

  it('PreToolUse: permissionDecision deny, exit 0 (an exit-2 deny carries no permissionDecision, and any allow of another hook beats it)', () => {
    const r = render(deny, at('PreToolUse'));
    expect(JSON.parse(r.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'STOP / INTENT\nno' } });
    expect(r).toMatchObject({ stderr: '', exitCode: 0 });
    expect(JSON.parse(render({ ...deny, kind: 'ask' }, at('PreToolUse')).stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(canAsk(event(load('PreToolUse-write_file.json')))).toBe(false);
  });

  it("never an allow: on Qwen the last permissionDecision wins, and stopline's allow would cancel a person's own deny", () => {
    expect(render({ kind: 'none', allow: true } as never, at('PreToolUse'))).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect(render({ kind: 'none', allow: true, messages: ['m'] } as never, at('PreToolUse')).stdout).not.toContain('permissionDecision');
  });

  it('context where the row takes it; none on PreToolUse (Qwen does not send it) or SessionEnd', () => {
    const ctx = { kind: 'context' as const, message: 'stopline contract (ARMED)' };
    for (const name of ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'SubagentStart']) expect(JSON.parse(render(ctx, at(name)).stdout)).toEqual({ hookSpecificOutput: { hookEventName: name, additionalContext: 'stopline contract (ARMED)' } });
    expect(render(ctx, at('PreToolUse')).stdout).toBe('');
    expect(render(ctx, at('SessionEnd')).stdout).toBe('');
  });

  it("a person's deny of the prompt is decision block; the notice a systemMessage; a stop is continue:false", () => {
    expect(JSON.parse(render({ kind: 'deny', message: 'hook says no' }, at('UserPromptSubmit')).stdout)).toEqual({ decision: 'block', reason: 'hook says no' });
    const r = JSON.parse(render({ kind: 'context', message: 'c', notice: 'stopline: contract set', stop: true, stopReason: 'S' } as never, at('UserPromptSubmit')).stdout);
    expect(r).toMatchObject({ systemMessage: 'stopline: contract set', continue: false, stopReason: 'S' });
    expect(renderUnidentifiedDeny('STOP / CONTROL')).toEqual({ stdout: '', stderr: 'STOP / CONTROL\n', exitCode: 2 });
  });
});
