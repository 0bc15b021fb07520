/**
 * What a headless run of the real Hermes cannot show, through the REAL bundle (dist/hermes/stopline,
 * or STOPLINE_HERMES_CHILD) loaded by the Hermes emulator the way Hermes loads a plugin, under v0.19
 * and v0.21 semantics (0.21 runs only here: it needs Python 3.14). The seven scenarios themselves run
 * on the real Hermes 0.19.0 (real-scenarios.test.ts, on the shared suite) and the emulator's decisions
 * for their calls are held to the real host's by test/conformance/hermes-real-parity.test.ts. Left
 * here: a person answering Hermes's approval prompt (the real `chat -q` has no terminal, so its prompt
 * waits 60 s and denies), a batch of tasks against the budget, a delegate_task child's own calls (the
 * real 0.19.0 runs a top-level child in the background, past the end of a headless run), and a second
 * turn of the same session (a headless run has one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realBundle, Sandbox, unavailableLines } from './helpers';
import { sandboxesPerTest } from './shim-kit';

const BUNDLE = realBundle();
if (!BUNDLE) throw new Error('dist/hermes/stopline/stopline.mjs is missing: run `npm run build` first');

const SID = '20261129_141503_7c2e9a';
const CHILD = '20261129_141530_0b9e44';

const { sandbox, serve } = sandboxesPerTest(BUNDLE);

interface TurnRow {
  tool_name: string;
  tool_called: boolean;
  directive: string | null;
  error: string | null;
  model_sees: string | null;
}

interface TurnResult {
  user_message_sent: string;
  context: string | null;
  tool_calls: TurnRow[];
}

/** One interactive CLI turn of session SID; `first: false` gives it an earlier exchange. */
function turn(b: Sandbox, semantics: string, userMessage: string, calls: { tool_name: string; args: Record<string, unknown> }[], opts: { first?: boolean; env?: Record<string, string>; approver?: string } = {}): TurnResult {
  const scenario = {
    session_id: SID,
    user_message: userMessage,
    history: opts.first === false ? [{ role: 'user', content: 'earlier' }, { role: 'assistant', content: 'ok' }] : [],
    tool_calls: calls.map((c, i) => ({ tool_call_id: `call_${i}`, ...c })),
    final_response: 'done',
  };
  const file = b.writeJson(`turn-${Date.now()}-${Math.random().toString(16).slice(2)}.json`, scenario);
  const args = [file, '--semantics', semantics, ...(opts.approver ? ['--approver', opts.approver] : [])];
  // a generous bound: a cold start of the bundle on a loaded 2-core box must not read as a guard failure
  const out = b.run('turn', args, { env: { STOPLINE_HERMES_TIMEOUT_MS: '20000', ...opts.env } });
  expect(out.status, out.stderr).toBe(0);
  expect(out.stderr).not.toMatch(/raised/);
  return out.json as TurnResult;
}

/** Hermes gives the model json.dumps({"error": message}) in place of the tool's result. */
function modelReadsError(row: { error: string | null; model_sees: string | null }): void {
  expect(row.model_sees!.startsWith('{"error": "STOP / ')).toBe(true);
  expect(JSON.parse(row.model_sees!)).toEqual({ error: row.error });
}

/** The stamp the model reads for a blocked call, with Hermes's exact {"error": …} wrapping. */
function blockedWith(row: TurnRow, reason: string): void {
  expect(row.tool_called, `${row.tool_name} should not run`).toBe(false);
  expect(row.directive).toBe('block');
  expect(row.error).toMatch(/^STOP \/ [A-Z]+\n/);
  expect(row.error).toContain(`Reason: ${reason}`);
  modelReadsError(row);
}

function ran(row: TurnRow): void {
  expect(row.tool_called, `${row.tool_name} should run: ${row.error}`).toBe(true);
  expect(row.error).toBeNull();
}

interface Evidence {
  type: string;
  child: boolean;
  action?: { mutability: string; delegationCount: number };
  decision?: { outcome: string };
  contract: { mode: string };
}

function checks(b: Sandbox): Evidence[] {
  const dir = path.join(b.hermesHome, 'stopline', 'runtime');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Evidence))
    .filter((e) => e.type === 'check');
}

const npm = { tool_name: 'terminal', args: { command: 'npm install left-pad' } };

for (const semantics of ['v0.19', 'v0.21']) {
  describe(`Hermes through the real bundle (${semantics}): what a headless run cannot show`, () => {
    it("3. deps with a person at the interactive CLI: the ask goes to Hermes's approval gate; the gateway has none, so stopline denies", () => {
      const b = sandbox();
      const env = { HERMES_INTERACTIVE: '1' };
      const approved = turn(b, semantics, '$stopline change -- add left-pad', [npm], { env, approver: 'approve' });
      expect(approved.tool_calls[0]).toMatchObject({ directive: 'approve', tool_called: true });
      const nobody = turn(b, semantics, 'go on', [npm], { env, first: false });
      expect(nobody.tool_calls[0]).toMatchObject({ directive: 'approve', tool_called: false });
      expect(nobody.tool_calls[0]!.error).toMatch(/^BLOCKED: Tool 'terminal' requires approval \(STOP \/ SCOPE/);
      const gateway = turn(b, semantics, 'go on', [npm], { env: { ...env, HERMES_GATEWAY_SESSION: '1' }, first: false });
      blockedWith(gateway.tool_calls[0]!, 'DEPENDENCY_NOT_AUTHORIZED (S)');
    });

    it('4. a batch reserves its whole count or nothing: 2 tasks under agents=1 are blocked and reserve nothing; under agents=2 they run', () => {
      const b = sandbox();
      const batch = { tool_name: 'delegate_task', args: { tasks: [{ goal: 'tests' }, { goal: 'docs' }] } };
      const over = turn(b, semantics, '$stopline change agents=1 -- split the work', [batch, { tool_name: 'delegate_task', args: { goal: 'tests only' } }]);
      blockedWith(over.tool_calls[0]!, 'AGENT_BUDGET_EXHAUSTED (S)');
      ran(over.tool_calls[1]!);
      const fits = turn(b, semantics, '$stopline change agents=2 -- split the work', [batch, { tool_name: 'delegate_task', args: { goal: 'one more' } }], { first: false });
      ran(fits.tool_calls[0]!);
      blockedWith(fits.tool_calls[1]!, 'AGENT_BUDGET_EXHAUSTED (S)');
      const reserved = checks(b).filter((e) => e.action?.mutability === 'delegate');
      expect(reserved.map((e) => [e.action!.delegationCount, e.decision!.outcome])).toEqual([
        [2, 'deny'],
        [1, 'allow'],
        [2, 'allow'],
        [1, 'deny'],
      ]);
    });

    it("4. inside a delegate_task child: a write under the root's review contract is blocked; the child's own directive changes nothing", async () => {
      const b = sandbox();
      const s = serve(b, { semantics, env: { STOPLINE_HERMES_TIMEOUT_MS: '20000' } });
      const turnId = `${SID}:${SID}:5d41a0b2`;
      const root = { session_id: SID, task_id: SID, turn_id: turnId };
      await s.fire('pre_llm_call', { ...root, user_message: '$stopline review agents=1 -- have a helper look around', conversation_history: [], is_first_turn: true, model: 'm', platform: 'cli', sender_id: '' });
      const delegate = await s.fire('pre_tool_call', { ...root, tool_name: 'delegate_task', args: { goal: 'look at a.txt' }, tool_call_id: 'call_d', api_request_id: `${turnId}:api:1`, middleware_trace: [] });
      expect(delegate.tool_called).toBe(true);
      await s.fire('subagent_start', { parent_session_id: SID, parent_turn_id: turnId, parent_subagent_id: null, child_session_id: CHILD, child_subagent_id: 'sa_1', child_role: 'leaf', child_goal: 'look at a.txt' });
      const child = { session_id: CHILD, task_id: CHILD, turn_id: `${CHILD}:${CHILD}:00000001` };
      // the child's first user message is the parent's goal: it is not the person
      const childPrompt = await s.fire('pre_llm_call', { ...child, user_message: '$stopline change files=** -- fix everything', conversation_history: [], is_first_turn: true, model: 'm', platform: 'cli', sender_id: '' });
      const childCall = (tool: string, args: Record<string, unknown>, id: string) =>
        s.fire('pre_tool_call', { ...child, tool_name: tool, args, tool_call_id: id, api_request_id: `${child.turn_id}:api:1`, middleware_trace: [] });
      const write = await childCall('write_file', { path: 'a.txt', content: 'changed' }, 'c1');
      expect(write.tool_called).toBe(false);
      expect(write.error).toContain('Reason: MODE_FORBIDS_MUTATION (I)');
      modelReadsError(write);
      const read = await childCall('read_file', { path: 'a.txt' }, 'c2');
      expect(read.tool_called).toBe(true);
      // a child cannot launch agents past the root's budget either
      const nested = await childCall('delegate_task', { goal: 'one more helper' }, 'c3');
      expect(nested.error).toContain('Reason: AGENT_BUDGET_EXHAUSTED (S)');
      await s.fire('subagent_stop', { parent_session_id: SID, parent_turn_id: turnId, child_session_id: CHILD, child_role: 'leaf', child_summary: 'done', child_status: 'completed', duration_ms: 5 });
      // the root contract is still review
      const after = await s.fire('pre_tool_call', { ...root, tool_name: 'write_file', args: { path: 'a.txt', content: 'x' }, tool_call_id: 'call_w', api_request_id: `${turnId}:api:2`, middleware_trace: [] });
      expect(after.error).toContain('Reason: MODE_FORBIDS_MUTATION (I)');
      expect(childPrompt.context === null || !String(childPrompt.context).includes('mode=change')).toBe(true);
      expect(checks(b).filter((e) => e.child).map((e) => e.contract.mode)).toEqual(['review', 'review', 'review']);
      expect(unavailableLines(s.stderr)).toEqual([]);
    });

    it('7. the contract context from pre_llm_call is appended to the user message Hermes sends, and not again on the next turn', () => {
      const b = sandbox();
      const message = '$stopline review files=a.txt -- look at a.txt';
      const t = turn(b, semantics, message, []);
      expect(t.context).toContain('stopline contract (ARMED)');
      expect(t.user_message_sent).toBe(`${message}\n\n${t.context}`);
      // an unchanged contract is already in the history
      const again = turn(b, semantics, 'and b.txt?', [], { first: false });
      expect(again.user_message_sent).toBe('and b.txt?');
    });
  });
}
