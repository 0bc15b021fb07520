/**
 * Hermes adapter, in process: every kwargs fixture (test/fixtures/hermes, copied from the verified
 * v0.19.0 captures) maps to a valid ControlEvent or is declared ignored in the registry; the
 * registry's event table agrees with what the shim registers; every answer renders as the exact
 * value a Hermes callback returns; the shell-hook stdin becomes the same keyword arguments.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ControlEvent } from '../../../core/protocol';
import { hermesRegistry } from '../../../core/registry/hermes';
import {
  HAS_HUMAN_FIELD,
  hermesAdapter,
  hermesShellHookAdapter,
  isShellHookPayload,
  kwargsFromShellHook,
  PATH_BASE_FIELD,
} from '../../../hosts/hermes/adapter';
import { listenCanonical } from '../../../hosts/hermes/doors';
import { HookInputError } from '../../../hosts/shared/payload';
import { FIXTURES, REPO } from './helpers';
import { expectMappedAsRowSays, rowEvent } from '../shared/row-event';

// the dialect as the runner reaches it: through the adapter
const { canAsk, render, renderUnidentifiedDeny, toControlEvent } = hermesAdapter;

/** The hooks stopline's plugin registers: the registry rows marked registered. */
const REGISTERED_HOOKS = hermesRegistry.events.filter((e) => e.registered).map((e) => e.native);

const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).sort();
const hookOf = (f: string) => f.replace(/\.json$/, '').split('-')[0]!;
const CWD = '/home/dev/acme-app';
const ENV = { HOME: '/home/dev', HERMES_HOME: '/home/dev/.hermes' };

function kwargs(f: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')), hook_event_name: hookOf(f), cwd: CWD, ...extra };
}

function event(payload: Record<string, unknown>, env: Record<string, string | undefined> = ENV): ControlEvent {
  const m = toControlEvent(payload, env);
  if (m.kind !== 'event') throw new Error(`${String(payload.hook_event_name)} was ${m.kind}: ${m.why}`);
  return m.event;
}

/** The 23 hook names of Hermes v0.19.0 (VALID_HOOKS). */
const V019_HOOKS = [
  'pre_tool_call', 'post_tool_call', 'transform_terminal_output', 'transform_tool_result', 'transform_llm_output',
  'pre_llm_call', 'post_llm_call', 'pre_verify', 'pre_api_request', 'post_api_request', 'api_request_error',
  'on_session_start', 'on_session_end', 'on_session_finalize', 'on_session_reset', 'subagent_start', 'subagent_stop',
  'pre_gateway_dispatch', 'pre_approval_request', 'post_approval_response', 'kanban_task_claimed',
  'kanban_task_completed', 'kanban_task_blocked',
];

describe('the Hermes registry event table', () => {
  it('names every v0.19.0 hook once', () => {
    expect(hermesRegistry.events.map((e) => e.native).sort()).toEqual([...V019_HOOKS].sort());
  });

  it('registers exactly the hooks the shim registers and plugin.yaml lists', () => {
    const shim = readFileSync(join(REPO, 'hosts', 'hermes', '__init__.py'), 'utf8');
    const tuple = /^HOOKS = \(([\s\S]*?)\n\)/m.exec(shim)![1]!;
    const shimHooks = [...tuple.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]);
    const manifest = readFileSync(join(REPO, 'hosts', 'hermes', 'plugin.yaml'), 'utf8');
    const provided = [...manifest.split('provides_hooks:')[1]!.matchAll(/^\s+- ([a-z_]+)$/gm)].map((m) => m[1]);
    expect([...REGISTERED_HOOKS].sort()).toEqual([...shimHooks].sort());
    expect([...REGISTERED_HOOKS].sort()).toEqual([...provided].sort());
  });

  it('maps the guard events as the issue says; on_session_end is the per-turn marker, pre_verify the turn:stop your own hooks see', () => {
    const row = (n: string) => hermesRegistry.events.find((e) => e.native === n)!;
    expect(row('pre_llm_call')).toMatchObject({ canonical: 'prompt:submit', control: 'prompt.submit' });
    expect(row('pre_tool_call')).toMatchObject({ canonical: 'tool:before', control: 'action.before', blockable: true });
    expect(row('post_tool_call')).toMatchObject({ canonical: 'tool:after', control: 'action.after', blockable: false });
    expect(row('on_session_start')).toMatchObject({ canonical: 'session:start', control: 'session.start' });
    expect(row('on_session_finalize')).toMatchObject({ canonical: 'session:end', control: 'session.end' });
    expect(row('on_session_end')).toMatchObject({ canonical: null, control: 'turn.stop', blockable: false });
    expect(row('subagent_start')).toMatchObject({ canonical: 'subagent:start', control: 'subagent.start' });
    expect(row('subagent_stop')).toMatchObject({ canonical: 'subagent:end', control: 'subagent.stop' });
    expect(row('pre_verify')).toMatchObject({ canonical: 'turn:stop', control: 'turn.stop', blockable: true });
    // a hook Hermes lets stopline answer but nothing blocks: only pre_tool_call and pre_verify
    expect(hermesRegistry.events.filter((e) => e.blockable).map((e) => e.native).sort()).toEqual(['pre_tool_call', 'pre_verify']);
  });

  it('the listen loop accepts every registered hook (an ok:false would read as "guard unavailable" in Hermes)', () => {
    for (const hook of REGISTERED_HOOKS) expect(listenCanonical(hook), hook).not.toBeNull();
    expect(listenCanonical('on_session_end')).toBe('turn:stop');
    expect(listenCanonical('no_such_hook')).toBeNull();
  });
});

describe('every Hermes kwargs fixture', () => {
  it('covers the 23 v0.19.0 hooks', () => {
    expect([...new Set(files.map(hookOf))].sort()).toEqual([...V019_HOOKS].sort());
  });

  it.each(files)('%s maps to a valid ControlEvent or is declared ignored', (f) => {
    const m = toControlEvent(kwargs(f), ENV);
    expectMappedAsRowSays(hermesRegistry, hookOf(f), m);
    if (m.kind === 'event') expect(m.event.host).toMatchObject({ family: 'hermes', hasHuman: false, dataDir: '/home/dev/.hermes/stopline' });
  });
});

describe('toControlEvent', () => {
  it('pre_llm_call: the user message is the person speaking, with the turn id and cwd', () => {
    const ev = event(kwargs('pre_llm_call.json'));
    expect(ev).toMatchObject({
      kind: 'prompt.submit',
      sessionId: '20261129_141503_7c2e9a',
      turnId: '20261129_141503_7c2e9a:20261129_141503_7c2e9a:5d41a0b2',
      cwd: CWD,
      prompt: { text: 'Make retries configurable and add tests.', source: 'user' },
    });
    expect(ev.rootSessionId).toBeUndefined();
  });

  it('pre_tool_call write_file: a write of its path, keeping the tool call id', () => {
    const ev = event(kwargs('pre_tool_call-write_file.json'));
    expect(ev.action).toMatchObject({ name: 'write_file', canonicalName: 'Write', mutability: 'write', id: 'call_0_Qm9vYmFy' });
    expect(ev.action!.affectedPaths).toEqual(['src/config.ts']);
  });

  it('pre_tool_call patch (V4A): every Update/Add target', () => {
    const ev = event(kwargs('pre_tool_call-patch.json'));
    expect(ev.action!.mutability).toBe('write');
    expect([...ev.action!.affectedPaths!].sort()).toEqual(['src/config.ts', 'src/flags.ts']);
  });

  it('pre_tool_call delegate_task: a batch of two counts two agents', () => {
    const ev = event(kwargs('pre_tool_call-delegate_task.json'));
    expect(ev.action).toMatchObject({ mutability: 'delegate', delegationCount: 2, unboundedDelegation: false });
    const single = event({ ...kwargs('pre_tool_call-delegate_task.json'), args: { goal: 'write the tests' } });
    expect(single.action!.delegationCount).toBe(1);
  });

  it("pre_tool_call terminal: the shell command is analysed in the tool's own workdir when it has one", () => {
    const elsewhere = event({ ...kwargs('pre_tool_call-terminal.json'), args: { command: 'touch x', workdir: '/srv/other' } });
    expect(elsewhere.action).toMatchObject({ mutability: 'write', affectedPaths: ['/srv/other/x'] });
    const below = event({ ...kwargs('pre_tool_call-terminal.json'), args: { command: 'touch x', workdir: 'packages/api' } });
    expect(below.action).toMatchObject({ mutability: 'write', affectedPaths: ['packages/api/x'] });
    const plain = event({ ...kwargs('pre_tool_call-terminal.json'), args: { command: 'touch x' } });
    expect(plain.action).toMatchObject({ mutability: 'write', affectedPaths: ['x'], cwd: CWD });
    expect(event(kwargs('pre_tool_call-terminal.json')).action!.mutability).toBe('read');
  });

  it("relative paths join the folder the shim read from Hermes (stopline_path_base, the live folder after a `cd`); the event keeps its cwd", () => {
    const base = { [PATH_BASE_FIELD]: `${CWD}/packages/api` };
    const w = event({ ...kwargs('pre_tool_call-write_file.json'), args: { path: 'x.ts', content: 'x' }, ...base });
    expect(w.action).toMatchObject({ affectedPaths: ['packages/api/x.ts'], cwd: CWD });
    expect(w.cwd).toBe(CWD);
    const t = event({ ...kwargs('pre_tool_call-terminal.json'), args: { command: 'touch ../../y' }, ...base });
    expect(t.action!.affectedPaths).toEqual(['y']);
    // a relative or empty base is no base: the event's folder stands in
    for (const bad of ['packages/api', '', 7]) {
      const e = event({ ...kwargs('pre_tool_call-write_file.json'), args: { path: 'x.ts', content: 'x' }, [PATH_BASE_FIELD]: bad });
      expect(e.action!.affectedPaths).toEqual(['x.ts']);
    }
  });

  it('read tools are reads; execute_code, browser and MCP tools are unknown', () => {
    for (const f of ['pre_tool_call-read_file.json', 'pre_tool_call-search_files.json', 'pre_tool_call-web_search.json', 'pre_tool_call-web_extract.json', 'pre_tool_call-vision_analyze.json']) {
      expect(event(kwargs(f)).action!.mutability, f).toBe('read');
    }
    for (const f of ['pre_tool_call-execute_code.json', 'pre_tool_call-browser_navigate.json', 'pre_tool_call-mcp_github_create_issue.json']) {
      expect(event(kwargs(f)).action!.mutability, f).toBe('unknown');
    }
    expect(event(kwargs('pre_tool_call-todo.json')).action!.mutability).toBe('control');
  });

  it('post_tool_call, blocked or not, is evidence after the tool (action.after), never a new decision', () => {
    const ev = event(kwargs('post_tool_call-write_file.json'));
    expect(ev.kind).toBe('action.after');
    expect(ev.action!.name).toBe('write_file');
  });

  it('a tool call from inside execute_code (empty session_id) is filed under its task_id', () => {
    const ev = event({ ...kwargs('pre_tool_call-read_file.json'), session_id: '', tool_call_id: '', turn_id: '' });
    expect(ev.sessionId).toBe('20261129_141503_7c2e9a');
    expect(() => toControlEvent({ ...kwargs('pre_tool_call-read_file.json'), session_id: '', task_id: '' }, ENV)).toThrow(HookInputError);
  });

  it('a tool call without a tool name is an input error (the fail mode answers it)', () => {
    expect(() => toControlEvent({ ...kwargs('pre_tool_call-read_file.json'), tool_name: '' }, ENV)).toThrow(/tool_name/);
    expect(() => toControlEvent({ ...kwargs('pre_tool_call-read_file.json'), args: 'not an object' }, ENV)).toThrow(HookInputError);
  });

  it('subagent_start / subagent_stop: the child session, its parent as the root candidate, and the child marked as a subagent', () => {
    const start = event(kwargs('subagent_start.json'));
    expect(start).toMatchObject({
      kind: 'subagent.start',
      sessionId: '20261129_141530_0b9e44',
      rootSessionId: '20261129_141503_7c2e9a',
      host: { agentId: 'sa_0b9e44', agentType: 'leaf' },
    });
    const stop = event(kwargs('subagent_stop.json'));
    expect(stop).toMatchObject({ kind: 'subagent.stop', sessionId: '20261129_141530_0b9e44', rootSessionId: '20261129_141503_7c2e9a', host: { agentId: '20261129_141530_0b9e44' } });
    // no child id: filed under the parent, still marked as a subagent
    const bare = event({ ...kwargs('subagent_start.json'), child_session_id: null, child_subagent_id: null });
    expect(bare).toMatchObject({ sessionId: '20261129_141503_7c2e9a', rootSessionId: '20261129_141503_7c2e9a', host: { agentId: 'subagent' } });
  });

  it('a person can answer an approve only when the shim says so, and only before a tool runs', () => {
    const plain = event(kwargs('pre_tool_call-write_file.json'));
    expect(plain.host.hasHuman).toBe(false);
    expect(canAsk(plain)).toBe(false);
    const attended = event(kwargs('pre_tool_call-write_file.json', { [HAS_HUMAN_FIELD]: true }));
    expect(canAsk(attended)).toBe(true);
    expect(canAsk(event(kwargs('post_tool_call-write_file.json', { [HAS_HUMAN_FIELD]: true })))).toBe(false);
    // the env of the evaluator process says nothing: it is a snapshot of Hermes at child start
    expect(event(kwargs('pre_tool_call-write_file.json'), { ...ENV, HERMES_INTERACTIVE: '1' }).host.hasHuman).toBe(false);
    expect(hermesShellHookAdapter.canAsk(attended)).toBe(false);
  });

  it('the data folder is STOPLINE_HOST_DATA_DIR, else $HERMES_HOME/stopline, else ~/.hermes/stopline', () => {
    const k = kwargs('on_session_start.json');
    expect(event(k, { HOME: '/h', STOPLINE_HOST_DATA_DIR: '/data/x', HERMES_HOME: '/hh' }).host.dataDir).toBe('/data/x');
    expect(event(k, { HOME: '/h', HERMES_HOME: '/hh' }).host.dataDir).toBe('/hh/stopline');
    expect(event(k, { HOME: '/h' }).host.dataDir).toBe('/h/.hermes/stopline');
  });

  it('hooks the guard ignores, and names Hermes never had', () => {
    expect(toControlEvent(kwargs('pre_verify.json'), ENV).kind).toBe('event');
    expect(toControlEvent(kwargs('transform_tool_result-read_file.json'), ENV).kind).toBe('ignored');
    expect(toControlEvent({ hook_event_name: 'pre_everything', session_id: 's' }, ENV).kind).toBe('unknown');
  });
});

describe('render: the value the Hermes callback returns', () => {
  const on = (name: string) => rowEvent(hermesRegistry, name);
  const out = (r: { stdout: string }) => (r.stdout === '' ? null : JSON.parse(r.stdout));

  it('pre_tool_call: deny blocks with the stamp, ask asks Hermes to approve, allow and watch context return None', () => {
    expect(out(render({ kind: 'deny', message: 'STOP / INTENT\nReason: X' }, on('pre_tool_call')))).toEqual({ action: 'block', message: 'STOP / INTENT\nReason: X' });
    expect(out(render({ kind: 'ask', message: 'STOP / DEPS\nasks' }, on('pre_tool_call')))).toEqual({ action: 'approve', message: 'STOP / DEPS\nasks' });
    expect(out(render({ kind: 'none' }, on('pre_tool_call')))).toBeNull();
    expect(out(render({ kind: 'context', message: 'WATCH / INTENT' }, on('pre_tool_call')))).toBeNull();
    // a deny without text still blocks: Hermes ignores a block without a message
    expect(out(render({ kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE' }, on('pre_tool_call'))).message).toMatch(/^STOP \/ CONTROL\n/);
  });

  it('pre_llm_call: context goes to the model; a directive notice goes to the person on stderr', () => {
    const r = render({ kind: 'context', message: 'stopline contract (ARMED)', notice: 'contract set\nmode=review' }, on('pre_llm_call'));
    expect(out(r)).toEqual({ context: 'stopline contract (ARMED)' });
    expect(r.stderr).toBe('stopline: contract set\nstopline: mode=review\n');
    expect(out(render({ kind: 'none' }, on('pre_llm_call')))).toBeNull();
    // a prompt cannot be refused: a fail-closed stamp is context the model reads
    expect(out(render({ kind: 'deny', message: 'STOP / CONTROL' }, on('pre_llm_call')))).toEqual({ context: 'STOP / CONTROL' });
  });

  it("pre_verify: a person's turn:stop hook that denies sends the agent back to work", () => {
    expect(out(render({ kind: 'deny', message: 'run the tests first' }, on('pre_verify')))).toEqual({ action: 'continue', message: 'run the tests first' });
    expect(out(render({ kind: 'none' }, on('pre_verify')))).toBeNull();
  });

  it('every other hook returns None, whatever the outcome', () => {
    for (const hook of ['post_tool_call', 'on_session_start', 'on_session_end', 'on_session_finalize', 'subagent_start', 'subagent_stop']) {
      expect(render({ kind: 'context', message: 'ctx' }, on(hook)).stdout, hook).toBe('');
      expect(render({ kind: 'deny', message: 'STOP' }, on(hook)).stdout, hook).toBe('');
    }
  });

  it("a person's hook systemMessage goes to the person", () => {
    expect(render({ kind: 'none', messages: ['lint ran'] } as never, on('post_tool_call')).stderr).toBe('stopline: lint ran\n');
  });

  it('fail closed before the hook is known: a block, which only pre_tool_call acts on', () => {
    expect(JSON.parse(renderUnidentifiedDeny('STOP / CONTROL\nReason: GUARD_UNAVAILABLE (C)').stdout)).toEqual({ action: 'block', message: 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE (C)' });
  });
});

describe('the shell-hook door', () => {
  it('turns Hermes shell-hook stdin into the keyword arguments the plugin door gets', () => {
    const stdin = {
      hook_event_name: 'pre_tool_call',
      tool_name: 'write_file',
      tool_input: { path: 'b.txt', content: 'x' },
      session_id: 'S1',
      cwd: CWD,
      extra: { task_id: 'S1', tool_call_id: 'c1', turn_id: 'T', telemetry_schema_version: 'hermes.observer.v1' },
    };
    expect(isShellHookPayload(stdin)).toBe(true);
    expect(isShellHookPayload(kwargs('pre_tool_call-write_file.json'))).toBe(false);
    const k = kwargsFromShellHook(stdin);
    expect(k).toEqual({ hook_event_name: 'pre_tool_call', tool_name: 'write_file', args: { path: 'b.txt', content: 'x' }, session_id: 'S1', cwd: CWD, task_id: 'S1', tool_call_id: 'c1', turn_id: 'T', telemetry_schema_version: 'hermes.observer.v1' });
    const m = hermesShellHookAdapter.toControlEvent(stdin, ENV);
    expect(m.kind === 'event' && m.event.action).toMatchObject({ name: 'write_file', mutability: 'write', affectedPaths: ['b.txt'], id: 'c1' });
  });

  it("on subagent hooks Hermes's session_id is the parent's", () => {
    const k = kwargsFromShellHook({ hook_event_name: 'subagent_start', tool_name: null, tool_input: null, session_id: 'P', cwd: CWD, extra: { child_session_id: 'C', child_role: 'leaf' } });
    expect(k).toMatchObject({ parent_session_id: 'P', child_session_id: 'C' });
    expect(k.session_id).toBeUndefined();
  });

  it('never throws on odd shapes: the mapping names what is missing', () => {
    const k = kwargsFromShellHook({ hook_event_name: 'pre_tool_call', extra: 'nope', tool_input: [1], session_id: 5 });
    expect(k).toEqual({ hook_event_name: 'pre_tool_call' });
    expect(() => hermesShellHookAdapter.toControlEvent({ hook_event_name: 'pre_tool_call', extra: 'nope' }, ENV)).toThrow(/session_id/);
  });
});
