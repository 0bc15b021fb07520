/**
 * The REAL bundle under node, bun and deno: the shim drives the resident child under each runtime
 * (chosen with STOPLINE_RUNTIME) through the same Hermes session and gets the same decisions, and
 * the shell-hook door (`stopline.mjs` with Hermes shell-hook JSON on stdin) answers the same way
 * under each of them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, realBundle, Sandbox, unavailableLines } from './helpers';
import { sandboxesPerTest } from './shim-kit';

const BUNDLE = realBundle();
if (!BUNDLE) throw new Error('dist/hermes/stopline/stopline.mjs is missing: run `npm run build` first');

const RUNTIMES = {
  node: process.execPath,
  bun: path.join(REPO, 'node_modules', '.bin', 'bun'),
  deno: path.join(REPO, 'node_modules', '.bin', 'deno'),
} as const;
type Runtime = keyof typeof RUNTIMES;

const SID = '20261129_141503_7c2e9a';
const CHILD = '20261129_141530_0b9e44';
const TURN = `${SID}:${SID}:5d41a0b2`;
const ROOT = { session_id: SID, task_id: SID, turn_id: TURN };

const { sandbox, serve } = sandboxesPerTest(BUNDLE);

/** the command line of a running process */
function cmdline(pid: number): string {
  return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
}

const call = (tool: string, args: Record<string, unknown>, id: string, session = ROOT) => ({ ...session, tool_name: tool, args, tool_call_id: id, api_request_id: `${TURN}:api:1`, middleware_trace: [] });

/** One session: arm review agents=1, then a write, a read, a delegation, a child's write, a second delegation. */
async function session(runtime: Runtime) {
  const b = sandbox();
  const s = serve(b, { env: { STOPLINE_RUNTIME: RUNTIMES[runtime], DENO_DIR: path.join(b.root, 'deno-cache'), STOPLINE_HERMES_TIMEOUT_MS: '20000' } });
  const prompt = await s.fire('pre_llm_call', { ...ROOT, user_message: '$stopline review agents=1 -- look around', conversation_history: [], is_first_turn: true, model: 'm', platform: 'cli', sender_id: '' });
  const pids = s.evaluatorPids();
  const write = await s.fire('pre_tool_call', call('write_file', { path: 'a.txt', content: 'x' }, 'c1'));
  const read = await s.fire('pre_tool_call', call('read_file', { path: 'a.txt' }, 'c2'));
  const delegate = await s.fire('pre_tool_call', call('delegate_task', { goal: 'look at b.txt' }, 'c3'));
  await s.fire('subagent_start', { parent_session_id: SID, parent_turn_id: TURN, parent_subagent_id: null, child_session_id: CHILD, child_subagent_id: 'sa_1', child_role: 'leaf', child_goal: 'look at b.txt' });
  const childWrite = await s.fire('pre_tool_call', call('terminal', { command: 'touch b.txt' }, 'c4', { session_id: CHILD, task_id: CHILD, turn_id: `${CHILD}:${CHILD}:1` }));
  const second = await s.fire('pre_tool_call', call('delegate_task', { tasks: [{ goal: 'x' }] }, 'c5'));
  const reason = (r: { error: string | null }) => (r.error ? /Reason: ([A-Z_]+)/.exec(r.error)?.[1] ?? r.error : null);
  return {
    pids: pids.map(cmdline),
    unavailable: unavailableLines(s.stderr),
    decisions: {
      contextHasContract: String(prompt.context).includes('mode=review'),
      write: reason(write),
      read: reason(read),
      delegate: reason(delegate),
      childWrite: reason(childWrite),
      second: reason(second),
    },
  };
}

describe('the shim drives the real bundle under node, bun and deno', () => {
  const results: Partial<Record<Runtime, Awaited<ReturnType<typeof session>>>> = {};
  for (const runtime of Object.keys(RUNTIMES) as Runtime[]) {
    it(`${runtime}: one resident child of that runtime decides the whole session`, async () => {
      const r = await session(runtime);
      results[runtime] = r;
      expect(r.pids).toHaveLength(1);
      expect(r.pids[0]).toContain(RUNTIMES[runtime]);
      expect(r.pids[0]).toMatch(/stopline\.mjs listen$/);
      if (runtime === 'deno') expect(r.pids[0]).toContain(' run -A ');
      expect(r.unavailable).toEqual([]);
      expect(r.decisions).toEqual({
        contextHasContract: true,
        write: 'MODE_FORBIDS_MUTATION',
        read: null,
        delegate: null,
        childWrite: 'MODE_FORBIDS_MUTATION',
        second: 'AGENT_BUDGET_EXHAUSTED',
      });
    }, 180_000);
  }
});

/** Hermes v0.19 shell-hook stdin for a hook call. */
function shellStdin(hook: string, fields: { tool_name?: string; tool_input?: Record<string, unknown>; session_id: string; cwd: string; extra?: Record<string, unknown> }) {
  return JSON.stringify({
    hook_event_name: hook,
    tool_name: fields.tool_name ?? null,
    tool_input: fields.tool_input ?? null,
    session_id: fields.session_id,
    cwd: fields.cwd,
    extra: { telemetry_schema_version: 'hermes.observer.v1', ...(fields.extra ?? {}) },
  });
}

function runShellHook(runtime: Runtime, b: Sandbox, stdin: string, env: Record<string, string> = {}) {
  const script = path.join(b.pluginDir, 'stopline.mjs');
  const argv = runtime === 'deno' ? ['run', '-A', script] : [script];
  const r = spawnSync(RUNTIMES[runtime], argv, { input: stdin, cwd: b.workDir, env: b.env({ DENO_DIR: path.join(b.root, 'deno-cache'), ...env }), encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, json: r.stdout.trim() ? JSON.parse(r.stdout) : null };
}

describe('the shell-hook door (stopline.mjs with Hermes shell-hook stdin)', () => {
  for (const runtime of Object.keys(RUNTIMES) as Runtime[]) {
    it(`${runtime}: arms from pre_llm_call, blocks a write, follows a child through subagent_start, one process per call`, () => {
      const b = sandbox();
      const cwd = b.workDir;
      const arm = runShellHook(runtime, b, shellStdin('pre_llm_call', { session_id: SID, cwd, extra: { task_id: SID, turn_id: TURN, user_message: '$stopline review -- look only', conversation_history: [], is_first_turn: true, model: 'm', platform: 'cli', sender_id: '' } }));
      expect(arm.status).toBe(0);
      expect(arm.json.context).toContain('mode=review');
      const write = runShellHook(runtime, b, shellStdin('pre_tool_call', { tool_name: 'write_file', tool_input: { path: 'a.txt', content: 'x' }, session_id: SID, cwd, extra: { task_id: SID, tool_call_id: 'c1', turn_id: TURN } }));
      expect(write.status).toBe(0);
      expect(write.json.action).toBe('block');
      expect(write.json.message).toContain('Reason: MODE_FORBIDS_MUTATION (I)');
      const read = runShellHook(runtime, b, shellStdin('pre_tool_call', { tool_name: 'read_file', tool_input: { path: 'a.txt' }, session_id: SID, cwd, extra: { task_id: SID } }));
      expect(read).toMatchObject({ status: 0, stdout: '' });
      // subagent hooks: Hermes puts the parent in session_id, the child in extra
      const start = runShellHook(runtime, b, shellStdin('subagent_start', { session_id: SID, cwd, extra: { parent_session_id: SID, child_session_id: CHILD, child_subagent_id: 'sa_1', child_role: 'leaf', child_goal: 'g', parent_turn_id: TURN, parent_subagent_id: null } }));
      expect(start).toMatchObject({ status: 0, stdout: '' });
      const childWrite = runShellHook(runtime, b, shellStdin('pre_tool_call', { tool_name: 'patch', tool_input: { mode: 'replace', path: 'a.txt', old_string: 'a', new_string: 'b' }, session_id: CHILD, cwd, extra: { task_id: CHILD } }));
      expect(childWrite.json.message).toContain('Reason: MODE_FORBIDS_MUTATION (I)');
      // a shell hook cannot reach the approval gate: the dependency ask is a block even with a person there
      runShellHook(runtime, b, shellStdin('pre_llm_call', { session_id: SID, cwd, extra: { user_message: '$stopline change -- add a dep' } }));
      const dep = runShellHook(runtime, b, shellStdin('pre_tool_call', { tool_name: 'terminal', tool_input: { command: 'npm install left-pad' }, session_id: SID, cwd, extra: {} }), { HERMES_INTERACTIVE: '1' });
      expect(dep.json).toMatchObject({ action: 'block' });
      expect(dep.json.message).toContain('Reason: DEPENDENCY_NOT_AUTHORIZED (S)');
    }, 180_000);
  }

  it('bad stdin follows the fail mode: nothing on stdout when open, a GUARD_UNAVAILABLE block when closed', () => {
    const b = sandbox();
    const open = runShellHook('node', b, '{"hook_event_name": "pre_tool_call", trunc');
    expect(open).toMatchObject({ status: 0, stdout: '' });
    expect(open.stderr).toMatch(/^stopline: .*failing open\n$/);
    const closed = runShellHook('node', b, '', { STOPLINE_FAIL_OPEN: '0' });
    expect(closed.status).toBe(0);
    expect(closed.json.action).toBe('block');
    expect(closed.json.message).toContain('Reason: GUARD_UNAVAILABLE (C)');
  });

  it('a hook the guard ignores, or one Hermes added later, prints nothing', () => {
    const b = sandbox();
    for (const hook of ['transform_tool_result', 'on_stream_delta']) {
      expect(runShellHook('node', b, shellStdin(hook, { session_id: SID, cwd: b.workDir }))).toMatchObject({ status: 0, stdout: '', stderr: '' });
    }
  });

  it('an unknown argument is refused with a clear line and exit 2', () => {
    const b = sandbox();
    const r = spawnSync(process.execPath, [path.join(b.pluginDir, 'stopline.mjs'), 'lisen'], { input: '', encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('unknown argument "lisen"');
  });
});
