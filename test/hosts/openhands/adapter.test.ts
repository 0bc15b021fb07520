/**
 * OpenHands adapter, offline: every captured 1.16.0 payload (its own shape: event_type,
 * working_dir, message) maps to a valid ControlEvent; a deny is the top-level decision OpenHands
 * reads, with the stamp on stderr and exit 2 (Claude's hookSpecificOutput deny lets the tool run
 * there); nothing else is ever printed, since no other answer reaches the model.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseControlEvent } from '../../../core/protocol';
import { openhandsRegistry } from '../../../core/registry/openhands';
import { openhandsAdapter } from '../../../hosts/openhands/adapter';
import { answerHook } from '../../../hosts/shared/runner';
import { sandbox } from '../../scenarios/drivers';
import { rowEvent } from '../shared/row-event';

// the dialect as the runner reaches it: through the adapter
const { render, renderUnidentifiedDeny, toControlEvent } = openhandsAdapter;

const at = (name: string) => rowEvent(openhandsRegistry, name);

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'openhands');
const payloadFiles = readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && !f.startsWith('_'));
const load = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
const ENV = { HOME: '/home/dev', OPENHANDS_PROJECT_DIR: '/home/dev/project' };

function event(f: string) {
  const m = toControlEvent(load(f), ENV);
  if (m.kind !== 'event') throw new Error(`${f} was ${m.kind}: ${m.why}`);
  return m.event;
}

describe('every captured OpenHands payload', () => {
  it('covers every event stopline registers', () => {
    const seen = new Set(payloadFiles.map((f) => String(load(f).event_type)));
    for (const row of openhandsRegistry.events.filter((e) => e.registered)) expect(seen.has(row.native), row.native).toBe(true);
  });

  it.each(payloadFiles)('%s maps to a valid ControlEvent', (f) => {
    const payload = load(f);
    const m = toControlEvent(payload, ENV);
    const entry = openhandsRegistry.events.find((e) => e.native === payload.event_type);
    expect(m.kind).toBe('event');
    if (m.kind !== 'event') return;
    expect(m.event.kind).toBe(entry!.control);
    expect(m.event.cwd).toBe('/home/dev/project');
    const parsed = parseControlEvent(m.event);
    expect(parsed.ok ? 'ok' : parsed.error).toBe('ok');
  });
});

describe('toControlEvent', () => {
  it('the person’s task is the prompt; no ask is ever possible', () => {
    expect(event('UserPromptSubmit.json')).toMatchObject({ kind: 'prompt.submit', sessionId: 'aeb359eb-6cd6-4449-9888-adafa196fc8b', prompt: { text: 'LAB-MAIN do the thing', source: 'user' }, host: { family: 'openhands', hasHuman: false } });
  });

  it('file_editor create is a write of its path, view a read; terminal is a shell command read in working_dir', () => {
    expect(event('PreToolUse-file_editor-create.json').action).toMatchObject({ name: 'file_editor', canonicalName: 'Edit', mutability: 'write', affectedPaths: ['w.txt'] });
    expect(event('PreToolUse-file_editor-view.json').action).toMatchObject({ name: 'file_editor', mutability: 'read' });
    expect(event('PreToolUse-terminal-denied.json').action).toMatchObject({ name: 'terminal', canonicalName: 'Bash', mutability: 'write', affectedPaths: ['a.txt'] });
  });

  it('an event OpenHands may add later is unknown (nothing printed); a payload without event_type too', () => {
    expect(toControlEvent({ event_type: 'PreCompact', session_id: 's' }, ENV).kind).toBe('unknown');
    expect(toControlEvent({ session_id: 's' }, ENV).kind).toBe('unknown');
  });
});

describe('render', () => {
  const stamp = 'STOP / INTENT\nstopline denied this action';

  it('a deny (and an ask) before a tool: the top-level decision deny, the stamp on stderr, exit 2', () => {
    for (const kind of ['deny', 'ask'] as const) {
      expect(render({ kind, message: stamp }, at('PreToolUse'))).toEqual({ stdout: JSON.stringify({ decision: 'deny', reason: stamp }), stderr: `${stamp}\n`, exitCode: 2 });
    }
  });

  it('context is never printed: OpenHands hands no hook context to the model', () => {
    for (const name of ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd']) {
      expect(render({ kind: 'context', message: 'ctx' }, at(name)).stdout, name).toBe('');
    }
  });

  it("a person's hook that refuses a prompt: the top-level decision deny", () => {
    expect(JSON.parse(render({ kind: 'deny', message: stamp }, at('UserPromptSubmit')).stdout)).toEqual({ decision: 'deny', reason: stamp });
  });

  it('fail closed before the event is known: exit 2 with the stamp on stderr', () => {
    expect(renderUnidentifiedDeny('x')).toEqual({ stdout: '', stderr: 'x\n', exitCode: 2 });
  });
});

describe('through the runner', () => {
  const base = (box: { project: string; session: string }) => ({ session_id: box.session, working_dir: box.project, tool_response: null, metadata: {} });

  it('review: a file_editor create is denied in the form OpenHands reads; a view runs', async () => {
    const box = sandbox('openhands-review');
    try {
      const send = (p: Record<string, unknown>) => answerHook(openhandsAdapter, JSON.stringify({ ...base(box), ...p }), { env: box.env, cwd: box.project });
      const armed = await send({ event_type: 'UserPromptSubmit', tool_name: null, tool_input: null, message: '$stopline review -- look at a.txt' });
      expect(armed).toMatchObject({ stdout: '', exitCode: 0 });
      const view = await send({ event_type: 'PreToolUse', tool_name: 'file_editor', tool_input: { command: 'view', path: join(box.project, 'a.txt'), kind: 'FileEditorAction' } });
      expect(view).toMatchObject({ stdout: '', exitCode: 0 });
      const r = await send({ event_type: 'PreToolUse', tool_name: 'file_editor', tool_input: { command: 'create', path: join(box.project, 'b.txt'), file_text: 'x', kind: 'FileEditorAction' } });
      expect(r.exitCode).toBe(2);
      expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'deny' });
      expect(JSON.parse(r.stdout).reason).toContain('MODE_FORBIDS_MUTATION');
      expect(r.stderr).toContain('MODE_FORBIDS_MUTATION');
    } finally {
      box.cleanup();
    }
  });

  it('a task call, whose subagent no hook sees, is refused under files= and under agents=0, and runs with no contract', async () => {
    const box = sandbox('openhands-task');
    try {
      const send = (p: Record<string, unknown>) => answerHook(openhandsAdapter, JSON.stringify({ ...base(box), ...p }), { env: box.env, cwd: box.project });
      const task = { event_type: 'PreToolUse', tool_name: 'task', tool_input: { description: 'd', prompt: 'rm -f a.txt', subagent_type: 'general-purpose', resume: null, kind: 'TaskAction' }, message: null };
      expect(await send(task)).toMatchObject({ stdout: '', exitCode: 0 });
      await send({ event_type: 'UserPromptSubmit', tool_name: null, tool_input: null, message: '$stopline change files=src/a.ts -- fix a' });
      const r = await send(task);
      expect(r.exitCode).toBe(2);
      expect(JSON.parse(r.stdout).reason).toContain('WRITE_PATH_UNPROVEN');
      await send({ event_type: 'UserPromptSubmit', tool_name: null, tool_input: null, message: '$stopline change deps=allow hash=allow agents=0 -- fix a' });
      const none = await send(task);
      expect(JSON.parse(none.stdout).reason).toContain('AGENT_BUDGET_EXHAUSTED');
      await send({ event_type: 'UserPromptSubmit', tool_name: null, tool_input: null, message: '$stopline change deps=allow hash=allow agents=1 -- fix a' });
      expect(await send(task)).toMatchObject({ stdout: '', exitCode: 0 });
      // the one unit is used: a second launch is over the budget
      expect(JSON.parse((await send(task)).stdout).reason).toContain('AGENT_BUDGET_EXHAUSTED');
    } finally {
      box.cleanup();
    }
  });
});
