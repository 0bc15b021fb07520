/**
 * Kimi Code adapter, offline: every captured 1.51.0 payload maps to a valid ControlEvent; every
 * outcome renders in the one form Kimi reads (hookSpecificOutput permissionDecision "deny", on any
 * event) or as nothing; and an Agent child, which runs on its parent's session id, never speaks
 * for the person: its task and Kimi's follow-ups inside the SubagentStart … SubagentStop bracket
 * cannot change the contract, while the person's own prompt after it can.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseControlEvent } from '../../../core/protocol';
import { kimiRegistry } from '../../../core/registry/kimi';
import { kimiAdapter } from '../../../hosts/kimi/adapter';
import { answerHook } from '../../../hosts/shared/runner';
import { sandbox } from '../../scenarios/drivers';
import { rowEvent } from '../shared/row-event';

// the dialect as the runner reaches it: through the adapter
const { render, renderUnidentifiedDeny, toControlEvent } = kimiAdapter;

const at = (name: string) => rowEvent(kimiRegistry, name);

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'kimi');
const payloadFiles = readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && !f.startsWith('_'));
const load = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
const ENV = { HOME: '/home/dev' };

function event(f: string) {
  const m = toControlEvent(load(f), ENV);
  if (m.kind !== 'event') throw new Error(`${f} was ${m.kind}: ${m.why}`);
  return m.event;
}

describe('every captured Kimi payload', () => {
  it('covers every event stopline registers', () => {
    const seen = new Set(payloadFiles.map((f) => String(load(f).hook_event_name)));
    for (const row of kimiRegistry.events.filter((e) => e.registered)) expect(seen.has(row.native), row.native).toBe(true);
  });

  it.each(payloadFiles)('%s maps to a valid ControlEvent of its row', (f) => {
    const payload = load(f);
    const entry = kimiRegistry.events.find((e) => e.native === payload.hook_event_name);
    const e = event(f);
    expect(e.kind).toBe(entry!.control);
    const parsed = parseControlEvent(e);
    expect(parsed.ok ? 'ok' : parsed.error).toBe('ok');
  });
});

describe('toControlEvent', () => {
  it('WriteFile is a write of its path relative to the work dir, with the call id', () => {
    expect(event('PreToolUse-WriteFile.json')).toMatchObject({
      kind: 'action.before',
      cwd: '/home/dev/project',
      host: { family: 'kimi', hasHuman: false },
      action: { name: 'WriteFile', canonicalName: 'Write', mutability: 'write', affectedPaths: ['w.txt'] },
    });
  });

  it('Shell is a shell command; Agent is one delegation; StrReplaceFile writes its path', () => {
    expect(event('PreToolUse-Shell.json').action).toMatchObject({ name: 'Shell', canonicalName: 'Bash', affectedPaths: ['allowed.txt'] });
    expect(event('PreToolUse-Agent.json').action).toMatchObject({ name: 'Agent', mutability: 'delegate', delegationCount: 1 });
    expect(event('PreToolUse-StrReplaceFile.json').action).toMatchObject({ mutability: 'write', affectedPaths: ['w.txt'] });
  });
});

describe('render', () => {
  const stamp = 'STOP / INTENT\nstopline denied this action';
  const deny = (event: string) => ({ stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: stamp } }), stderr: '', exitCode: 0 });

  it('a deny (and an ask, which Kimi cannot put to a person) before a tool: hookSpecificOutput permissionDecision "deny", exit 0', () => {
    for (const kind of ['deny', 'ask'] as const) expect(render({ kind, message: stamp }, at('PreToolUse'))).toEqual(deny('PreToolUse'));
  });

  it('a prompt block and a turn kept going use the same deny form: the only one Kimi reads', () => {
    expect(render({ kind: 'deny', message: stamp }, at('UserPromptSubmit'))).toEqual(deny('UserPromptSubmit'));
    expect(render({ kind: 'deny', message: stamp }, at('Stop'))).toEqual(deny('Stop'));
  });

  it('context, notices, an allow and a rewrite print nothing: Kimi would ignore them', () => {
    for (const name of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'SubagentStart', 'PostToolUse']) {
      expect(render({ kind: 'context', message: 'ctx', notice: 'n' }, at(name)).stdout, name).toBe('');
    }
    expect(render({ kind: 'none', allow: true }, at('PreToolUse')).stdout).toBe('');
    expect(render({ kind: 'rewrite', message: 'm', rewrite: { command: 'x', input: { command: 'x' } } } as never, at('PreToolUse')).stdout).toBe('');
  });

  it('a deny where Kimi reads no answer prints nothing', () => {
    expect(render({ kind: 'deny', message: stamp }, at('SessionStart')).stdout).toBe('');
  });

  it('fail closed before the event is known: exit 2 with the stamp on stderr', () => {
    expect(renderUnidentifiedDeny('x')).toEqual({ stdout: '', stderr: 'x\n', exitCode: 2 });
  });
});

describe('through the runner: the subagent bracket', () => {
  it("an Agent child's task and Kimi's follow-ups cannot change the person's contract; the person's next prompt can", async () => {
    const box = sandbox('kimi-bracket-1');
    try {
      const send = (p: Record<string, unknown>) => answerHook(kimiAdapter, JSON.stringify({ session_id: box.session, cwd: box.project, ...p }), { env: box.env, cwd: box.project });
      const write = () => send({ hook_event_name: 'PreToolUse', tool_name: 'WriteFile', tool_input: { path: 'w.txt', content: 'x' }, tool_call_id: 'c1' });
      await send({ hook_event_name: 'SessionStart', source: 'startup' });
      await send({ hook_event_name: 'UserPromptSubmit', prompt: '$stopline review -- look' });
      expect(JSON.parse((await write()).stdout).hookSpecificOutput.permissionDecisionReason).toContain('MODE_FORBIDS_MUTATION');

      await send({ hook_event_name: 'SubagentStart', agent_name: 'coder', prompt: '$stopline open -- anything' });
      // the child's task, then Kimi's own follow-up: both on the parent's session
      await send({ hook_event_name: 'UserPromptSubmit', prompt: '$stopline open -- anything' });
      expect((await write()).stdout, 'a child prompt opened the contract').toContain('"permissionDecision":"deny"');
      await send({ hook_event_name: 'UserPromptSubmit', prompt: '$stopline change files=w.txt -- more' });
      expect((await write()).stdout).toContain('"permissionDecision":"deny"');
      await send({ hook_event_name: 'SubagentStop', agent_name: 'coder', response: 'done' });

      // the bracket is closed: the person speaks again
      await send({ hook_event_name: 'UserPromptSubmit', prompt: '$stopline change files=w.txt -- write it' });
      expect((await write()).stdout).toBe('');
    } finally {
      box.cleanup();
    }
  });

  it('two children started together keep the bracket open until both stop; a new session start closes a bracket a crash left open', async () => {
    const box = sandbox('kimi-bracket-2');
    try {
      const send = (p: Record<string, unknown>) => answerHook(kimiAdapter, JSON.stringify({ session_id: box.session, cwd: box.project, ...p }), { env: box.env, cwd: box.project });
      const write = () => send({ hook_event_name: 'PreToolUse', tool_name: 'WriteFile', tool_input: { path: 'w.txt', content: 'x' }, tool_call_id: 'c1' });
      await send({ hook_event_name: 'UserPromptSubmit', prompt: '$stopline review -- look' });
      await Promise.all([send({ hook_event_name: 'SubagentStart', agent_name: 'a' }), send({ hook_event_name: 'SubagentStart', agent_name: 'b' })]);
      await send({ hook_event_name: 'SubagentStop', agent_name: 'a' });
      await send({ hook_event_name: 'UserPromptSubmit', prompt: '$stopline open -- anything' });
      expect((await write()).stdout, 'one child still runs: its prompt is not the person').toContain('"permissionDecision":"deny"');

      // Kimi died with child b running; a resumed session starts clean
      await send({ hook_event_name: 'SessionStart', source: 'resume' });
      await send({ hook_event_name: 'UserPromptSubmit', prompt: '$stopline open -- anything' });
      expect((await write()).stdout).toBe('');
    } finally {
      box.cleanup();
    }
  });
});
