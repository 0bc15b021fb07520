/**
 * Codex adapter, offline: every captured 0.171.0 payload maps to a valid ControlEvent or is
 * declared ignored in the registry, and every outcome renders byte-exact (Codex runs the tool
 * on any deviation from its deny form).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codexRegistry } from '../../../core/registry/codex';
import { codexAdapter } from '../../../hosts/codex/adapter';
import { CODEX_HOOK_EVENTS } from '../../../hosts/codex/hook-trust';
import { HookInputError } from '../../../hosts/shared/payload';
import { expectMappedAsRowSays, rowEvent } from '../shared/row-event';

// the dialect as the runner reaches it: through the adapter
const { canAsk, render, renderUnidentifiedDeny, toControlEvent } = codexAdapter;

const at = (name: string) => rowEvent(codexRegistry, name);

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'codex');
const payloadFiles = readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && !f.startsWith('_'));
const load = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
const ENV = { HOME: '/home/dev', CODEX_HOME: '/home/dev/.codex' };

function event(f: string) {
  const m = toControlEvent(load(f), ENV);
  if (m.kind !== 'event') throw new Error(`${f} was ${m.kind}: ${m.why}`);
  return m.event;
}

describe('every captured Codex payload', () => {
  it('covers all 12 events Codex 0.171.0 fires', () => {
    const seen = [...new Set(payloadFiles.map((f) => String(load(f).hook_event_name)))].sort();
    expect(seen).toEqual([...CODEX_HOOK_EVENTS].sort());
  });

  it('has every Codex event in the registry, and registers exactly the eight issue-5 events', () => {
    expect(codexRegistry.events.map((e) => e.native).sort()).toEqual([...CODEX_HOOK_EVENTS].sort());
    expect(codexRegistry.events.filter((e) => e.registered).map((e) => e.native).sort()).toEqual(
      ['PostToolUse', 'PreToolUse', 'SessionEnd', 'SessionStart', 'Stop', 'SubagentStart', 'SubagentStop', 'UserPromptSubmit'].sort(),
    );
  });

  it.each(payloadFiles)('%s maps to a valid ControlEvent or is declared ignored', (f) => {
    const payload = load(f);
    expectMappedAsRowSays(codexRegistry, payload.hook_event_name, toControlEvent(payload, ENV));
  });
});

describe('toControlEvent', () => {
  it('maps apply_patch to a write with the paths from the patch envelope', () => {
    expect(event('PreToolUse-apply_patch.json')).toMatchObject({
      kind: 'action.before',
      sessionId: '01a2289a-c971-7a20-a8d5-2f21938f3467',
      turnId: '01a2289a-c991-7821-bc2a-e4a2578fa48f',
      cwd: '/home/dev/project',
      host: { family: 'codex', permissionMode: 'bypassPermissions', hasHuman: false },
      action: { id: 'call_patch_1', name: 'apply_patch', mutability: 'write', affectedPaths: ['patch_made.txt'] },
    });
  });

  it('maps the shell tool through the shell analysis', () => {
    expect(event('PreToolUse-Bash.json').action).toMatchObject({ name: 'Bash', mutability: 'write', affectedPaths: ['shell_made.txt'] });
  });

  it('maps spawn_agent to one delegation and wait_agent to control', () => {
    expect(event('PreToolUse-spawn_agent.json').action).toMatchObject({ mutability: 'delegate', delegationCount: 1 });
    expect(event('PreToolUse-multi_agent_v1wait_agent.json').action).toMatchObject({ mutability: 'control', delegationCount: 0 });
  });

  it("keeps a child agent's calls on the parent's session, marked as a child", () => {
    const parent = event('PreToolUse-spawn_agent.json');
    const child = event('PreToolUse-Bash-subagent.json');
    expect(child.sessionId).toBe(parent.sessionId);
    expect(child.host).toMatchObject({ agentId: '01a2289a-e0b6-76c1-be5f-481341e4898f', agentType: 'default' });
  });

  it("treats a child's first prompt (the parent's spawn message) as a subagent prompt, never the person's", () => {
    expect(event('UserPromptSubmit-subagent.json').prompt).toEqual({ text: 'child task: touch child_made.txt', source: 'subagent' });
    expect(event('UserPromptSubmit.json').prompt?.source).toBe('user');
  });

  it('cannot ask', () => {
    expect(canAsk(event('PreToolUse-Bash.json'))).toBe(false);
  });

  it('refuses a payload without a session id', () => {
    expect(() => toControlEvent({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }, ENV)).toThrow(HookInputError);
  });
});

describe('render (byte-exact)', () => {
  const stamp = 'STOP / SCOPE\nReason: PATH_OUTSIDE_CONTRACT';
  const exactDeny =
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"STOP / SCOPE\\nReason: PATH_OUTSIDE_CONTRACT"}}';

  it('deny is the exact JSON with no extra field, the stamp on stderr and exit 2', () => {
    expect(render({ kind: 'deny', message: stamp, reasonCode: 'PATH_OUTSIDE_CONTRACT', eventId: 'evt_0', family: 'S' }, at('PreToolUse'))).toEqual({
      stdout: exactDeny,
      stderr: `${stamp}\n`,
      exitCode: 2,
    });
  });
  it('ask is a deny (Codex has no ask)', () => {
    expect(render({ kind: 'ask', message: stamp }, at('PreToolUse'))).toEqual({ stdout: exactDeny, stderr: `${stamp}\n`, exitCode: 2 });
  });
  it('none prints nothing', () => {
    expect(render({ kind: 'none' }, at('PreToolUse'))).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });
  it.each(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'SubagentStart'])('context on %s is additionalContext for that event', (name) => {
    expect(render({ kind: 'context', message: 'CTX' }, at(name))).toEqual({
      stdout: `{"hookSpecificOutput":{"hookEventName":"${name}","additionalContext":"CTX"}}`,
      stderr: '',
      exitCode: 0,
    });
  });
  it('context on events whose output schema has no additionalContext prints nothing', () => {
    for (const name of ['SubagentStop', 'SessionEnd']) expect(render({ kind: 'context', message: 'CTX' }, at(name)).stdout).toBe('');
    // Stop hands the model no context: what it must read there is the block reason (given once a stop, see core/evidence/seen.ts)
    expect(render({ kind: 'context', message: 'CTX', notice: 'NOTE' }, at('Stop')).stdout).toBe('{"decision":"block","reason":"CTX","systemMessage":"NOTE"}');
    expect(render({ kind: 'none', notice: 'NOTE' }, at('Stop')).stdout).toBe('{"systemMessage":"NOTE"}');
  });
  it('a directive notice is a systemMessage on UserPromptSubmit', () => {
    expect(render({ kind: 'context', message: 'CTX', notice: 'NOTE' }, at('UserPromptSubmit')).stdout).toBe(
      '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"CTX"},"systemMessage":"NOTE"}',
    );
  });
  it("a deny on UserPromptSubmit or Stop (only a person's hook can give one) is decision block; at session end nothing", () => {
    expect(render({ kind: 'deny', message: 'NO' }, at('UserPromptSubmit')).stdout).toBe('{"decision":"block","reason":"NO"}');
    expect(render({ kind: 'deny', message: 'NO' }, at('Stop')).stdout).toBe('{"decision":"block","reason":"NO"}');
    expect(render({ kind: 'deny', message: 'NO' }, at('SessionEnd')).stdout).toBe('');
  });
  it("a deny before a tool stays the exact form even when the person's hooks add messages or continue:false", () => {
    expect(render({ kind: 'deny', message: stamp, messages: ['M'], stop: true, stopReason: 'R' }, at('PreToolUse'))).toEqual({ stdout: exactDeny, stderr: `${stamp}\n`, exitCode: 2 });
  });
  it("renders the person's hooks folded in on other events: messages, feedback after a tool, continue:false", () => {
    expect(render({ kind: 'none', feedback: 'FIX IT' }, at('PostToolUse')).stdout).toBe('{"decision":"block","reason":"FIX IT"}');
    expect(render({ kind: 'context', message: 'CTX', messages: ['M'] }, at('SessionStart')).stdout).toBe(
      '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"CTX"},"systemMessage":"M"}',
    );
    expect(render({ kind: 'none', stop: true, stopReason: 'enough' }, at('Stop')).stdout).toBe('{"continue":false,"stopReason":"enough"}');
  });
  it('an unidentified event under fail closed exits 2 with the stamp on stderr', () => {
    expect(renderUnidentifiedDeny('STOP')).toEqual({ stdout: '', stderr: 'STOP\n', exitCode: 2 });
  });
});
