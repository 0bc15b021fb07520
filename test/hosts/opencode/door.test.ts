/**
 * The OpenCode plugin's behaviour with the real core and an in-memory OpenCode client: who can
 * arm a contract, what a tool call gets, what is injected where, the host agent switch, child
 * sessions, the fail mode, and the person's universal hooks. Each test is one thing a person
 * using OpenCode would notice.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { handleEvent, failOutcome } from '../../../core/answer/controller';
import { applyHostEditSwitch } from '../../../core/answer/host-mode';
import { InProcessHooks } from '../../../core/hooks/in-process';
import { OpenCodeDoor } from '../../../hosts/opencode/door';
import type { CoreApi } from '../../../hosts/opencode/door';
import { isolatedPerson, readEvidence, stoplineDataDir, tempFoldersPerTest, type EvidenceRecord } from '../shared/real-host';
import { FIXTURES, FakeOpenCode, fixture } from './fake-client';

const ROOT = 'ses_root000000000000000001';
const CHILD = 'ses_child00000000000000001';
const tempFolder = tempFoldersPerTest('oc-guard');

interface Setup {
  fake: FakeOpenCode;
  guard: OpenCodeDoor;
  hooks: ReturnType<OpenCodeDoor['hooks']>;
  lines: string[];
  home: string;
  project: string;
  env: Record<string, string>;
  /** the person (or OpenCode) sends a message; resolves when the plugin has processed it */
  say(sessionId: string, text: string, opts?: { agent?: string; synthetic?: boolean; role?: string }): Promise<void>;
  /** a tool call; resolves (allowed) or rejects with the stamp (denied) */
  tool(sessionId: string, tool: string, args: Record<string, unknown>, callID?: string): Promise<void>;
  evidence(): EvidenceRecord[];
}

let callSeq = 0;

function setup(opts: { env?: Record<string, string>; core?: Partial<CoreApi>; config?: unknown } = {}): Setup {
  const { home, project, env } = isolatedPerson(tempFolder(), opts);
  const fake = new FakeOpenCode();
  fake.addSession(ROOT);
  const lines: string[] = [];
  const core: CoreApi = { handleEvent, failOutcome, applyHostEditSwitch, ...opts.core };
  const guard = new OpenCodeDoor({ client: fake.client(), directory: project }, { env, core, hooks: new InProcessHooks(env, 'opencode'), log: (l) => lines.push(l), sdkTimeoutMs: 300 });
  const hooks = guard.hooks();
  return {
    fake,
    guard,
    hooks,
    lines,
    home,
    project,
    env,
    async say(sessionId, text, o = {}) {
      const m = fake.userMessage(sessionId, text, o);
      for (const e of m.events) await hooks.event({ event: e });
      await guard.drain();
    },
    tool(sessionId, tool, args, callID = `call_${++callSeq}`) {
      return hooks['tool.execute.before']({ tool, sessionID: sessionId, callID }, { args });
    },
    evidence: () => readEvidence(stoplineDataDir(home)),
  };
}

const WRITE = { filePath: 'new.txt', content: 'x\n' };

describe('the person arms the contract from a root session', () => {
  it('$stopline review: a write is stopped with MODE_FORBIDS_MUTATION, a read runs, and the contract is injected with the person\'s agent and model', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review -- look at a.txt', { agent: 'plan' });
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow(/^STOP \/ INTENT[\s\S]*MODE_FORBIDS_MUTATION/);
    await expect(s.tool(ROOT, 'bash', { command: 'touch x' })).rejects.toThrow('MODE_FORBIDS_MUTATION');
    await expect(s.tool(ROOT, 'read', { filePath: 'a.txt' })).resolves.toBeUndefined();
    expect(s.fake.injections).toHaveLength(1);
    const inj = s.fake.injections[0]!;
    expect(inj.sessionId).toBe(ROOT);
    expect(inj.body).toMatchObject({ noReply: true, agent: 'plan', model: { providerID: 'fake', modelID: 'scripted' } });
    expect(inj.body.parts).toEqual([{ type: 'text', synthetic: true, text: expect.stringContaining('stopline contract (ARMED): mode=review') }]);
    expect(s.lines.some((l) => l.includes('contract set: ARMED / review'))).toBe(true);
  });

  it('a tool call that arrives while the prompt is still being read waits for it (no race to an unarmed contract)', async () => {
    const s = setup();
    s.fake.messageDelayMs = 80;
    const m = s.fake.userMessage(ROOT, '$stopline review -- look');
    for (const e of m.events) await s.hooks.event({ event: e });
    // no drain: the SDK read is still in flight
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow('MODE_FORBIDS_MUTATION');
  });

  it('the same context is not injected twice in a row; a new contract is', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review -- look');
    await s.say(ROOT, 'and the other file?');
    expect(s.fake.injections).toHaveLength(1);
    await s.say(ROOT, '$stopline change files=a.txt -- edit it');
    expect(s.fake.injections).toHaveLength(2);
    expect(s.fake.injections[1]!.text).toContain('mode=change');
  });

  it('no directive: every tool runs and each check is recorded', async () => {
    const s = setup();
    await s.say(ROOT, 'tidy up a.txt');
    await s.tool(ROOT, 'write', WRITE);
    await s.tool(ROOT, 'bash', { command: 'touch x' });
    await s.tool(ROOT, 'read', { filePath: 'a.txt' });
    const checks = s.evidence().filter((e) => e.type === 'check');
    expect(checks).toHaveLength(3);
    expect(checks.every((e) => (e.decision as { reasonCode: string }).reasonCode === 'CONTROL_INACTIVE')).toBe(true);
    expect(checks.every((e) => (e.decision as { response: string }).response === 'none')).toBe(true);
  });

  it('the deny is recorded as the OpenCode throw', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review -- look');
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow();
    const check = s.evidence().find((e) => e.type === 'check')!;
    expect(check.decision).toMatchObject({ outcome: 'deny', response: 'execution_denial_returned', reasonCode: 'MODE_FORBIDS_MUTATION' });
  });
});

describe('words that are not the person\'s never arm or change the contract', () => {
  it('a synthetic part (what this plugin and OpenCode inject) is ignored', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review -- look', { synthetic: true });
    await expect(s.tool(ROOT, 'write', WRITE)).resolves.toBeUndefined();
    expect(s.fake.calls).not.toContain('session.message');
  });

  it('assistant text is known from message.updated and never read back', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review -- look', { role: 'assistant' });
    await expect(s.tool(ROOT, 'write', WRITE)).resolves.toBeUndefined();
    expect(s.fake.calls).not.toContain('session.message');
  });

  it('a child session (task) shares the root contract, cannot change it, and gets it injected with its own agent', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review -- look');
    await s.hooks.event({ event: { type: 'session.created', properties: { sessionID: CHILD, info: { id: CHILD, parentID: ROOT, version: '1.18.33' } } } });
    await s.say(CHILD, '$stopline open -- write child.txt', { agent: 'general' });
    await expect(s.tool(CHILD, 'write', { filePath: 'child.txt', content: 'c' })).rejects.toThrow('MODE_FORBIDS_MUTATION');
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow('MODE_FORBIDS_MUTATION');
    const childInjection = s.fake.injections.find((i) => i.sessionId === CHILD);
    expect(childInjection?.body).toMatchObject({ agent: 'general', noReply: true });
    expect(childInjection?.text).toContain('mode=review');
  });

  it('a child learnt only through client.session.get (no event seen) is still a child', async () => {
    const s = setup();
    s.fake.addSession(CHILD, ROOT);
    await s.say(ROOT, '$stopline review -- look');
    await s.say(CHILD, '$stopline open -- anything', { agent: 'general' });
    await expect(s.tool(CHILD, 'write', WRITE)).rejects.toThrow('MODE_FORBIDS_MUTATION');
    expect(s.fake.calls).toContain('session.get');
  });

  it('unknown ancestry: the prompt never arms, and the fail mode decides its tools (open: runs, one line; closed: GUARD_UNAVAILABLE)', async () => {
    const open = setup();
    open.fake.failing.set('session.get', 'error');
    await open.say('ses_orphan', '$stopline review -- look');
    await expect(open.tool('ses_orphan', 'write', WRITE)).resolves.toBeUndefined();
    expect(open.lines.some((l) => l.includes('ancestry not readable'))).toBe(true);
    expect(open.lines.some((l) => l.includes('failing open'))).toBe(true);
    expect(open.fake.injections).toHaveLength(0);

    const closed = setup({ env: { STOPLINE_FAIL_OPEN: '0' } });
    closed.fake.failing.set('session.get', 'hang');
    await expect(closed.tool('ses_orphan', 'write', WRITE)).rejects.toThrow(/GUARD_UNAVAILABLE/);
  });
});

describe('the host agent switch', () => {
  it('review, then an explicit switch to an editing agent (build): the contract moves to change, keeping files=', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review files=a.txt -- look at a.txt', { agent: 'plan' });
    await expect(s.tool(ROOT, 'write', { filePath: 'a.txt', content: 'x' })).rejects.toThrow('MODE_FORBIDS_MUTATION');
    await s.say(ROOT, 'looks right, carry on', { agent: 'build' });
    await expect(s.tool(ROOT, 'write', { filePath: 'a.txt', content: 'x' })).resolves.toBeUndefined();
    await expect(s.tool(ROOT, 'write', { filePath: 'b.txt', content: 'x' })).rejects.toThrow('PATH_OUTSIDE_CONTRACT');
    expect(s.evidence().some((e) => e.type === 'contract' && (e.change as { via: string }).via === 'host')).toBe(true);
    expect(s.fake.injections.at(-1)?.text).toContain('mode=change');
    expect(s.fake.injections.at(-1)?.body.agent).toBe('build');
  });

  it('no switch (same agent), a read-only agent, or an unknown agent never advances review', async () => {
    for (const [first, second] of [
      ['build', 'build'],
      ['build', 'plan'],
      ['plan', 'explore'],
      ['plan', 'someone-elses-agent'],
    ] as const) {
      const s = setup();
      await s.say(ROOT, '$stopline review -- look', { agent: first });
      await s.say(ROOT, 'carry on', { agent: second });
      await expect(s.tool(ROOT, 'write', WRITE), `${first} -> ${second}`).rejects.toThrow('MODE_FORBIDS_MUTATION');
    }
  });

  it('an unreadable agent list does not advance; a directive in the switching message wins', async () => {
    const s = setup();
    s.fake.failing.set('app.agents', 'error');
    await s.say(ROOT, '$stopline review -- look', { agent: 'plan' });
    await s.say(ROOT, 'carry on', { agent: 'build' });
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow('MODE_FORBIDS_MUTATION');
    expect(s.lines.some((l) => l.includes('agent list not readable'))).toBe(true);

    const d = setup();
    await d.say(ROOT, '$stopline review -- look', { agent: 'plan' });
    await d.say(ROOT, '$stopline review files=a.txt -- still only look', { agent: 'build' });
    await expect(d.tool(ROOT, 'write', { filePath: 'a.txt', content: 'x' })).rejects.toThrow('MODE_FORBIDS_MUTATION');
  });

  it('a new OpenCode process on the same session (run --session, a restarted TUI) sees the switch from the history', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review -- look', { agent: 'plan' });
    // a second plugin instance: same client data and data folder, no memory of the first
    const again = new OpenCodeDoor({ client: s.fake.client(), directory: s.project }, { env: s.env, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks: new InProcessHooks(s.env, 'opencode'), log: (l) => s.lines.push(l) });
    const hooks = again.hooks();
    const m = s.fake.userMessage(ROOT, 'carry on', { agent: 'build' });
    for (const e of m.events) await hooks.event({ event: e });
    await again.drain();
    await expect(hooks['tool.execute.before']({ tool: 'write', sessionID: ROOT, callID: 'c9' }, { args: WRITE })).resolves.toBeUndefined();
    expect(s.fake.calls).toContain('session.messages');
  });

  it('a switch in a child session never advances the root', async () => {
    const s = setup();
    s.fake.addSession(CHILD, ROOT);
    await s.say(ROOT, '$stopline review -- look', { agent: 'plan' });
    await s.say(CHILD, 'task one', { agent: 'explore' });
    await s.say(CHILD, 'task two', { agent: 'general' });
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow('MODE_FORBIDS_MUTATION');
  });
});

describe('subagents', () => {
  it('agents=1: the first task runs, a task_id continuation is control, the second new task is stopped', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline change agents=1 -- delegate');
    const task = { description: 'd', prompt: 'p', subagent_type: 'general' };
    await expect(s.tool(ROOT, 'task', task)).resolves.toBeUndefined();
    await expect(s.tool(ROOT, 'task', { ...task, task_id: CHILD })).resolves.toBeUndefined();
    await expect(s.tool(ROOT, 'task', task)).rejects.toThrow('AGENT_BUDGET_EXHAUSTED');
  });
});

describe('after a tool ran', () => {
  it('watch level: the write runs and the WATCH note is appended to what the model reads', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review watch -- look');
    await expect(s.tool(ROOT, 'write', WRITE, 'call_w')).resolves.toBeUndefined();
    const output = { title: 'new.txt', output: 'Wrote file successfully.', metadata: {} };
    await s.hooks['tool.execute.after']({ tool: 'write', sessionID: ROOT, callID: 'call_w', args: WRITE }, output);
    expect(output.output).toMatch(/^Wrote file successfully\.\n\nWATCH \/ INTENT/);
    expect(output.output.match(/WATCH \//g)).toHaveLength(1);
  });

  it('an allowed tool under an armed contract gets nothing appended', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review -- look');
    const output = { title: 'a.txt', output: 'alpha', metadata: {} };
    await s.hooks['tool.execute.after']({ tool: 'read', sessionID: ROOT, callID: 'c', args: { filePath: 'a.txt' } }, output);
    expect(output.output).toBe('alpha');
  });
});

describe('fail mode: the adapter catches its own errors', () => {
  const broken: Partial<CoreApi> = {
    handleEvent: () => {
      throw new Error('disk on fire');
    },
  };

  it('open (default): the tool runs and one line says why', async () => {
    const s = setup({ core: broken });
    await expect(s.tool(ROOT, 'write', WRITE)).resolves.toBeUndefined();
    expect(s.lines).toEqual([expect.stringMatching(/^stopline \(opencode\): Error: disk on fire; failing open$/)]);
  });

  it('closed (STOPLINE_FAIL_OPEN=0 or failMode closed): the tool is stopped with GUARD_UNAVAILABLE', async () => {
    for (const s of [setup({ core: broken, env: { STOPLINE_FAIL_OPEN: '0' } }), setup({ core: broken, config: { failMode: 'closed' } })]) {
      await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow(/^STOP \/ CONTROL[\s\S]*GUARD_UNAVAILABLE/);
    }
  });

  it('closed with an unusable data folder (the core answers GUARD_UNAVAILABLE itself): the reason is injected, the write is stopped', async () => {
    const s = setup({ config: { failMode: 'closed', dataDir: '/dev/null/not-a-folder' } });
    await s.say(ROOT, '$stopline change -- write new.txt');
    expect(s.fake.injections[0]?.text).toMatch(/^STOP \/ CONTROL[\s\S]*GUARD_UNAVAILABLE/);
    expect(s.fake.injections[0]?.text).not.toContain('hook');
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow('GUARD_UNAVAILABLE');
  });

  it('a broken hook input follows the fail mode too', async () => {
    const s = setup({ env: { STOPLINE_FAIL_OPEN: '0' } });
    await expect(s.hooks['tool.execute.before']({ sessionID: ROOT }, { args: {} })).rejects.toThrow('GUARD_UNAVAILABLE');
    const o = setup();
    await expect(o.hooks['tool.execute.before'](null, null)).resolves.toBeUndefined();
  });

  it('the event hook never throws and returns at once, whatever arrives (every captured event, and garbage)', async () => {
    const s = setup();
    const events = readdirSync(FIXTURES)
      .filter((f) => f.startsWith('event-'))
      .map((f) => (fixture(f).arg as { event: unknown }).event);
    for (const e of [...events, null, 5, 'x', { type: 'message.part.updated', properties: null }, { type: 'session.created', properties: { info: 7 } }]) {
      await expect(s.hooks.event({ event: e })).resolves.toBeUndefined();
    }
    await expect(s.hooks.event(undefined as unknown as { event: unknown })).resolves.toBeUndefined();
    await s.guard.drain();
  });
});

describe("the person's universal hooks", () => {
  it('a tool:before hook written for Claude\'s "Write" blocks OpenCode\'s write, with its reason', async () => {
    const s = setup({ config: { hooks: { 'tool:before': [{ matcher: 'Write', hooks: [{ command: 'echo "no writes on fridays" >&2; exit 2' }] }] } } });
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow('no writes on fridays');
    await expect(s.tool(ROOT, 'read', { filePath: 'a.txt' })).resolves.toBeUndefined();
  });

  it('prompt:submit hook context goes in with the contract context', async () => {
    const s = setup({ config: { hooks: { 'prompt:submit': [{ hooks: [{ command: 'echo "ticket ABC-1 is frozen"' }] }] } } });
    await s.say(ROOT, '$stopline review -- look');
    expect(s.fake.injections).toHaveLength(1);
    expect(s.fake.injections[0]!.text).toMatch(/stopline contract \(ARMED\)[\s\S]*ticket ABC-1 is frozen/);
  });

  it('session:start hook context waits for the first prompt, then goes in with its agent', async () => {
    const s = setup({ config: { hooks: { 'session:start': [{ hooks: [{ command: 'echo "branch: main"' }] }] } } });
    await s.hooks.event({ event: { type: 'session.created', properties: { sessionID: ROOT, info: { id: ROOT, version: '1.18.33' } } } });
    await s.guard.drain();
    expect(s.fake.injections).toHaveLength(0);
    await s.say(ROOT, 'hello', { agent: 'plan' });
    expect(s.fake.injections[0]?.text).toContain('branch: main');
    expect(s.fake.injections[0]?.body.agent).toBe('plan');
  });
});

describe('session end', () => {
  it('session.deleted of a root runs the end of the session without error', async () => {
    const s = setup();
    await s.say(ROOT, '$stopline review -- look');
    await s.hooks.event({ event: (fixture('event-session.deleted.json').arg as { event: unknown }).event });
    await s.hooks.event({ event: { type: 'session.deleted', properties: { sessionID: ROOT, info: { id: ROOT } } } });
    await s.guard.drain();
    expect(s.lines.filter((l) => /not processed|failing/.test(l))).toEqual([]);
  });
});
