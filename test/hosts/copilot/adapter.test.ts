/**
 * Copilot adapter, offline: every captured 1.0.102 camelCase payload (the spelling stopline
 * registers) maps to a valid ControlEvent or is declared ignored, with the event named the way
 * the hook file names it (as the argument); and every outcome renders in the form Copilot reads
 * under a camelCase key (the flat keys) and under Claude's keys (hookSpecificOutput) at once.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseControlEvent } from '../../../core/protocol';
import { copilotRegistry } from '../../../core/registry/copilot';
import { COPILOT_CLAUDE_SPELLINGS } from '../../../core/registry/copilot-events';
import { claudeView, copilotAdapter, namedBy } from '../../../hosts/copilot/adapter';
import { answerHook } from '../../../hosts/shared/runner';
import { HookInputError } from '../../../hosts/shared/payload';
import { sandbox } from '../../scenarios/drivers';
import { rowEvent } from '../shared/row-event';

// the dialect as the runner reaches it: through the adapter
const { render, renderUnidentifiedDeny, toControlEvent } = copilotAdapter;

const at = (name: string) => rowEvent(copilotRegistry, name);

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'copilot');
const load = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
/** the camelCase captures: `<event>-<variant>.json`, the event's name first */
const camelFiles = readdirSync(FIXTURES).filter((f) => /^[a-z]/.test(f) && f.endsWith('.json'));
const eventOf = (f: string) => f.replace(/\.json$/, '').split('-')[0]!;
const ENV = { HOME: '/home/dev', COPILOT_PROJECT_DIR: '/home/dev/project', COPILOT_CLI_BINARY_VERSION: '1.0.102' };

function mapped(f: string) {
  return toControlEvent(namedBy([eventOf(f)])(load(f)), ENV);
}

function event(f: string) {
  const m = mapped(f);
  if (m.kind !== 'event') throw new Error(`${f} was ${m.kind}: ${m.why}`);
  return m.event;
}

describe('every captured camelCase Copilot payload', () => {
  it('covers the events stopline registers, and every captured event is a registry row', () => {
    const seen = new Set(camelFiles.map(eventOf));
    for (const row of copilotRegistry.events.filter((e) => e.registered)) expect(seen.has(row.native), row.native).toBe(true);
    for (const e of seen) expect(copilotRegistry.events.map((r) => r.native)).toContain(e);
  });

  it.each(camelFiles)('%s maps to a valid ControlEvent or is declared ignored', (f) => {
    const m = mapped(f);
    const entry = copilotRegistry.events.find((e) => e.native === eventOf(f))!;
    if (m.kind === 'event') {
      // a sub-agent's start and stop are the registry's subagent kinds too
      expect(m.event.kind).toBe(entry.control);
      const parsed = parseControlEvent(m.event);
      expect(parsed.ok ? 'ok' : parsed.error).toBe('ok');
    } else {
      expect(m.kind).toBe('ignored');
      expect(entry.control).toBeNull();
    }
  });

  it("names the PascalCase keys Copilot also reads, each for a camelCase row", () => {
    for (const native of Object.values(COPILOT_CLAUDE_SPELLINGS)) expect(copilotRegistry.events.map((e) => e.native)).toContain(native);
  });
});

describe('toControlEvent', () => {
  it('create is a write of its path, relative to the project; the version comes from the hook environment', () => {
    expect(event('preToolUse-create.json')).toMatchObject({
      kind: 'action.before',
      sessionId: '529b80b7-32f6-4b4d-a670-cb240be88a44',
      cwd: '/home/dev/project',
      host: { family: 'copilot', version: '1.0.102', hasHuman: false },
      action: { name: 'create', canonicalName: 'Write', mutability: 'write', affectedPaths: ['created.txt'] },
    });
  });

  it('a sub-agent tool call carries its own sessionId and its parent as the root', () => {
    const e = event('preToolUse-bash-subagent.json');
    expect(e.sessionId).toBe('80c29180-28c6-4b50-81a3-a781e9e2b147');
    expect(e.rootSessionId).toBe('529b80b7-32f6-4b4d-a670-cb240be88a44');
    expect(e.host.agentId).toBe('80c29180-28c6-4b50-81a3-a781e9e2b147');
  });

  it("subagentStart (filed under the spawner with the child's agentId) becomes the child's start under the spawner", () => {
    const e = event('subagentStart-subagent.json');
    expect(e).toMatchObject({ kind: 'subagent.start', sessionId: '80c29180-28c6-4b50-81a3-a781e9e2b147', rootSessionId: '529b80b7-32f6-4b4d-a670-cb240be88a44' });
  });

  it("the person's prompt is the user's; a sub-agent's prompt (its task) never is", () => {
    expect(event('userPromptSubmitted.json').prompt).toEqual({ text: 'LAB-MAIN run the scripted steps', source: 'user' });
    expect(event('userPromptSubmitted-subagent.json').prompt?.source).toBe('subagent');
  });

  it('task is one delegation', () => {
    expect(event('preToolUse-task.json').action).toMatchObject({ name: 'task', mutability: 'delegate', delegationCount: 1 });
  });

  it('a payload without a sessionId is an input error (the runner answers it with the fail mode)', () => {
    expect(() => toControlEvent({ hook_event_name: 'preToolUse', toolName: 'bash', toolArgs: { command: 'ls' } }, ENV)).toThrow(HookInputError);
  });

  it('the event comes from the argument (it wins over a name in the payload); without one a payload that names its own keeps it', () => {
    expect(namedBy(['preToolUse'])({ sessionId: 's' }).hook_event_name).toBe('preToolUse');
    expect(namedBy(['notification'])(load('notification-permission_prompt.json')).hook_event_name).toBe('notification');
    expect(namedBy([])({ sessionId: 's', hookName: 'permissionRequest' }).hook_event_name).toBe('permissionRequest');
    expect(namedBy([])({ hook_event_name: 'PreToolUse' }).hook_event_name).toBe('PreToolUse');
    expect(namedBy([])({ sessionId: 's' }).hook_event_name).toBeUndefined();
  });

  it('claudeView gives the person\'s hooks Claude\'s field names beside Copilot\'s', () => {
    const v = claudeView(load('postToolUse-create.json'));
    expect(v).toMatchObject({ session_id: '529b80b7-32f6-4b4d-a670-cb240be88a44', tool_name: 'create', tool_input: { path: '/home/dev/project/created.txt' } });
    expect(v.tool_response).toBeDefined();
    expect(claudeView({ toolName: 'apply_patch', toolArgs: '*** Begin Patch' }).tool_input).toEqual({ input: '*** Begin Patch' });
  });
});

describe('render', () => {
  const stamp = 'STOP / INTENT\nstopline denied this action';

  it('a deny (and an ask, which Copilot cannot show) before a tool: the flat keys and hookSpecificOutput in one object, exit 0', () => {
    for (const kind of ['deny', 'ask'] as const) {
      const r = render({ kind, message: stamp }, at('preToolUse'));
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual({
        permissionDecision: 'deny',
        permissionDecisionReason: stamp,
        hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: stamp },
      });
    }
  });

  it('context is the top-level additionalContext, only where Copilot hands it to the model', () => {
    expect(JSON.parse(render({ kind: 'context', message: 'ctx' }, at('sessionStart')).stdout)).toEqual({ additionalContext: 'ctx' });
    expect(JSON.parse(render({ kind: 'context', message: 'ctx' }, at('userPromptSubmitted')).stdout)).toEqual({ additionalContext: 'ctx' });
    expect(JSON.parse(render({ kind: 'context', message: 'ctx' }, at('subagentStart')).stdout)).toEqual({ additionalContext: 'ctx' });
    expect(render({ kind: 'context', message: 'ctx' }, at('agentStop')).stdout).toBe('');
    expect(render({ kind: 'none' }, at('preToolUse')).stdout).toBe('');
  });

  it("a person's turn:stop hook that keeps the turn going: decision block at agentStop", () => {
    expect(JSON.parse(render({ kind: 'deny', message: 'more' }, at('agentStop')).stdout)).toEqual({ decision: 'block', reason: 'more' });
  });

  it("a hook's deny after a tool goes back to the model as context appended to the result", () => {
    expect(JSON.parse(render({ kind: 'none', feedback: 'no' } as never, at('postToolUse')).stdout)).toEqual({ additionalContext: 'no' });
  });

  it('the fail-closed answer before the event is known is the same deny JSON (exit 2 would drop the stamp)', () => {
    const r = renderUnidentifiedDeny('GUARD_UNAVAILABLE stamp');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).permissionDecision).toBe('deny');
  });
});

describe('through the runner', () => {
  it('the event given as the argument names a camelCase payload; review denies a create', async () => {
    const box = sandbox('copilot-runner-1');
    try {
      const adapter = { ...copilotAdapter, nameEvent: namedBy(['userPromptSubmitted']) };
      const armed = await answerHook(adapter, JSON.stringify({ sessionId: box.session, cwd: box.project, prompt: '$stopline review -- look' }), { env: box.env, cwd: box.project });
      expect(JSON.parse(armed.stdout).additionalContext).toContain('stopline contract (ARMED)');
      const pre = { ...copilotAdapter, nameEvent: namedBy(['preToolUse']) };
      const r = await answerHook(pre, JSON.stringify({ sessionId: box.session, cwd: box.project, toolName: 'create', toolArgs: { path: join(box.project, 'x.txt'), file_text: 'x' } }), { env: box.env, cwd: box.project });
      expect(JSON.parse(r.stdout).permissionDecisionReason).toContain('MODE_FORBIDS_MUTATION');
    } finally {
      box.cleanup();
    }
  });
});
