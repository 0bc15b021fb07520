/**
 * Claude Code adapter, offline: every captured 2.1.332 payload maps to a valid ControlEvent or
 * is declared ignored in the registry, and every outcome renders byte-exact.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudeRegistry } from '../../../core/registry/claude';
import { claudeAdapter } from '../../../hosts/claude/adapter';
import { HookInputError } from '../../../hosts/shared/payload';
import { expectMappedAsRowSays, rowEvent } from '../shared/row-event';

// the dialect as the runner reaches it: through the adapter
const { canAsk, render, renderUnidentifiedDeny, toControlEvent } = claudeAdapter;

const at = (name: string) => rowEvent(claudeRegistry, name);

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'claude');
const payloadFiles = readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && !f.startsWith('_') && f !== 'index.json');
const load = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
const ENV = { HOME: '/home/dev', CLAUDE_PROJECT_DIR: '/home/dev/project', AI_AGENT: 'claude-code_2-1-332_harness', CLAUDE_CODE_SESSION_ATTENDED: '0' };

function mapped(f: string, env: Record<string, string | undefined> = ENV) {
  return toControlEvent(load(f), env);
}
function event(f: string, env: Record<string, string | undefined> = ENV) {
  const m = mapped(f, env);
  if (m.kind !== 'event') throw new Error(`${f} was ${m.kind}: ${m.why}`);
  return m.event;
}

describe('every captured Claude Code payload', () => {
  it('covers all 33 events that fired in the capture', () => {
    const fired = (load('index.json').fired as string[]).sort();
    const seen = [...new Set(payloadFiles.map((f) => String(load(f).hook_event_name)))].sort();
    expect(seen).toEqual(fired);
  });

  it.each(payloadFiles)('%s maps to a valid ControlEvent or is declared ignored', (f) => {
    const payload = load(f);
    // a UserPromptExpansion that is not a new stopline prompt is ignored although its row has a kind
    expectMappedAsRowSays(claudeRegistry, payload.hook_event_name, toControlEvent(payload, ENV), payload.hook_event_name === 'UserPromptExpansion');
  });

  it('registers exactly the nine issue-5 events in the registry', () => {
    expect(claudeRegistry.events.filter((e) => e.registered).map((e) => e.native).sort()).toEqual(
      ['PostToolUse', 'PreToolUse', 'SessionEnd', 'SessionStart', 'Stop', 'SubagentStart', 'SubagentStop', 'UserPromptExpansion', 'UserPromptSubmit'].sort(),
    );
  });
});

describe('toControlEvent', () => {
  it('maps a Write to a write action with its path relative to the project, keeping the call id and turn', () => {
    const ev = event('PreToolUse-Write.json');
    expect(ev).toMatchObject({
      protocolVersion: 1,
      kind: 'action.before',
      sessionId: 'b5a5bde6-34d6-4877-844a-a41ce38fb4f6',
      turnId: 'fb00605e-d85e-4f2e-a2f6-886954c8b680',
      cwd: '/home/dev/project',
      host: { family: 'claude', version: '2.1.332', permissionMode: 'default', hasHuman: false },
      action: { id: 'toolu_main_0_0', name: 'Write', mutability: 'write', affectedPaths: ['created.txt'] },
    });
  });

  it('maps the Agent tool to one delegation', () => {
    expect(event('PreToolUse-Agent.json').action).toMatchObject({ name: 'Agent', mutability: 'delegate', delegationCount: 1 });
  });

  it('maps Bash through the shell analysis (touch is a write)', () => {
    const ev = event('PreToolUse-Bash.json');
    expect(ev.action?.name).toBe('Bash');
    expect(['write', 'read', 'unknown']).toContain(ev.action?.mutability);
  });

  it('keeps a subagent on the root session and marks it as a child', () => {
    const ev = event('SubagentStart-general-purpose.json');
    expect(ev).toMatchObject({ kind: 'subagent.start', sessionId: 'b5a5bde6-34d6-4877-844a-a41ce38fb4f6', host: { agentId: 'a83fcd9c2a9caeb4c', agentType: 'general-purpose' } });
    // compaction fires SubagentStop with agent_type ""
    expect(event('SubagentStop.json').host.agentType).toBeUndefined();
  });

  it('reads the slash form as the person typed it (the core rewrites it)', () => {
    expect(event('UserPromptSubmit-stopline-slash.json').prompt).toEqual({ text: '/stopline:stopline review -- look at a.txt', source: 'user' });
  });

  it("does not apply a typed /stopline:stopline twice: its expansion repeats the UserPromptSubmit of the same prompt_id", () => {
    expect(mapped('UserPromptExpansion-stopline.json')).toMatchObject({ kind: 'ignored', why: expect.stringContaining('already handled') });
  });

  it("turns the plugin command's expansion into the directive when the prompt was not the typed command", () => {
    const expansion = { ...load('UserPromptExpansion-stopline.json'), prompt: 'please run the stopline command' };
    const m = toControlEvent(expansion, ENV);
    expect(m.kind === 'event' && m.event.prompt).toEqual({ text: '$stopline review -- look at a.txt', source: 'user' });
  });

  it("ignores other commands' expansions", () => {
    expect(mapped('UserPromptExpansion.json')).toMatchObject({ kind: 'ignored' });
  });

  it('never lets a subagent report delivered as a prompt act as the person', () => {
    expect(event('UserPromptSubmit-task-notification.json').prompt?.source).toBe('synthetic');
    expect(event('UserPromptSubmit.json').prompt?.source).toBe('user');
  });

  it('passes the plugin data folder and says whether a person attends the session', () => {
    const ev = event('PreToolUse-Write.json', { ...ENV, CLAUDE_PLUGIN_DATA: '/home/dev/.claude/plugins/data/stopline-inline', CLAUDE_CODE_SESSION_ATTENDED: '1' });
    expect(ev.host).toMatchObject({ dataDir: '/home/dev/.claude/plugins/data/stopline-inline', hasHuman: true });
    expect(canAsk(ev)).toBe(true);
    expect(canAsk(event('PreToolUse-Write.json'))).toBe(false);
  });

  it('answers unknown for an event name the registry does not list', () => {
    expect(toControlEvent({ hook_event_name: 'FutureEvent', session_id: 's' }, ENV)).toMatchObject({ kind: 'unknown' });
  });

  it.each([
    ['no session id', { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: {} }, 'session_id'],
    ['no tool name', { hook_event_name: 'PreToolUse', session_id: 's', tool_input: {} }, 'tool_name'],
    ['tool_input not an object', { hook_event_name: 'PreToolUse', session_id: 's', tool_name: 'Write', tool_input: 'x' }, 'tool_input'],
    ['no prompt', { hook_event_name: 'UserPromptSubmit', session_id: 's' }, 'prompt'],
  ])('refuses a payload with %s, naming the field', (_n, payload, field) => {
    expect(() => toControlEvent(payload, ENV)).toThrow(HookInputError);
    expect(() => toControlEvent(payload, ENV)).toThrow(field);
  });
});

describe('render (byte-exact)', () => {
  const stamp = 'STOP / INTENT\nReason: MODE_FORBIDS_MUTATION';
  it('none prints nothing', () => {
    expect(render({ kind: 'none' }, at('PreToolUse'))).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });
  it('deny before a tool is the hookSpecificOutput deny, exit 0', () => {
    expect(render({ kind: 'deny', message: stamp, reasonCode: 'MODE_FORBIDS_MUTATION' }, at('PreToolUse'))).toEqual({
      stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"STOP / INTENT\\nReason: MODE_FORBIDS_MUTATION"}}',
      stderr: '',
      exitCode: 0,
    });
  });
  it('ask before a tool is the hookSpecificOutput ask (the core only asks when a person attends)', () => {
    expect(render({ kind: 'ask', message: 'ASK' }, at('PreToolUse')).stdout).toBe(
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"ASK"}}',
    );
  });
  it.each(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion', 'PreToolUse', 'PostToolUse', 'SubagentStart', 'SubagentStop', 'Stop'])(
    'context on %s is additionalContext for that event',
    (name) => {
      expect(render({ kind: 'context', message: 'CTX' }, at(name))).toEqual({
        stdout: `{"hookSpecificOutput":{"hookEventName":"${name}","additionalContext":"CTX"}}`,
        stderr: '',
        exitCode: 0,
      });
    },
  );
  it('a directive notice reaches the person as systemMessage on prompt events', () => {
    expect(render({ kind: 'context', message: 'CTX', notice: 'NOTE' }, at('UserPromptSubmit')).stdout).toBe(
      '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"CTX"},"systemMessage":"NOTE"}',
    );
  });
  it('context on SessionEnd (no additionalContext there) prints nothing', () => {
    expect(render({ kind: 'context', message: 'CTX' }, at('SessionEnd'))).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });
  it('a deny on a prompt event (a user hook) blocks the prompt', () => {
    expect(render({ kind: 'deny', message: 'NO' }, at('UserPromptSubmit')).stdout).toBe('{"decision":"block","reason":"NO"}');
  });
  it("a deny on Stop (only a person's hook can give one) keeps the turn going; after a tool or at the end it prints nothing", () => {
    expect(render({ kind: 'deny', message: 'NO' }, at('Stop')).stdout).toBe('{"decision":"block","reason":"NO"}');
    for (const name of ['PostToolUse', 'SessionEnd', 'SessionStart']) expect(render({ kind: 'deny', message: 'NO' }, at(name)).stdout).toBe('');
  });
  it("renders the person's hooks folded in: allow, system messages, feedback after a tool, continue:false", () => {
    expect(render({ kind: 'none', allow: true }, at('PreToolUse')).stdout).toBe('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}');
    expect(render({ kind: 'context', message: 'CTX', messages: ['M1', 'M2'] }, at('SessionStart')).stdout).toBe(
      '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"CTX"},"systemMessage":"M1\\nM2"}',
    );
    expect(render({ kind: 'none', feedback: 'FIX IT' }, at('PostToolUse')).stdout).toBe('{"decision":"block","reason":"FIX IT"}');
    expect(render({ kind: 'none', stop: true, stopReason: 'enough' }, at('UserPromptSubmit')).stdout).toBe('{"continue":false,"stopReason":"enough"}');
  });
  it('an unidentified event under fail closed exits 2 with the stamp on stderr', () => {
    expect(renderUnidentifiedDeny('STOP / CONTROL')).toEqual({ stdout: '', stderr: 'STOP / CONTROL\n', exitCode: 2 });
  });
});
