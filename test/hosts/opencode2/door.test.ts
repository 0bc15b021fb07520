/**
 * The OpenCode v2 door with the real core and an in-memory v2 host that runs hooks the way the
 * v2 source runs a Promise plugin (fake-v2.ts), fed the event shapes the source declares
 * (test/fixtures/opencode2). Each test is one thing a person on OpenCode v2 would notice: the
 * prompt arms the contract, a write is refused before it runs, a subagent session is held to
 * its root's contract, the contract is in every model request, a confined command is what runs,
 * an ask reaches the person through OpenCode's own permission prompt, and the fail mode.
 * (No OpenCode v2 ran here: docs/hosts/opencode.md, "OpenCode v2".)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { handleEvent, failOutcome } from '../../../core/answer/controller';
import { applyHostEditSwitch } from '../../../core/answer/host-mode';
import { InProcessHooks } from '../../../core/hooks/in-process';
import type { CoreApi } from '../../../core/answer/answer';
import type { ControlEvent } from '../../../core/protocol';
import { opencode2Registry } from '../../../core/registry/opencode2';
import { OpenCodeV2Door } from '../../../hosts/opencode/v2/door';
import { setupV2 } from '../../../hosts/opencode/v2/entry';
import type { V2Context } from '../../../hosts/opencode/v2/api';
import { isolatedPerson, readEvidence, stoplineDataDir, tempFoldersPerTest } from '../shared/real-host';
import { FakeV2, v2Event } from './fake-v2';

const ROOT = 'ses_v2root00000000000000001';
const CHILD = 'ses_v2child0000000000000001';
const tempFolder = tempFoldersPerTest('oc2-door');

type Core = Partial<CoreApi> & { handleEvent?: CoreApi['handleEvent'] };

async function setup(opts: { env?: Record<string, string>; core?: Core; without?: string[]; config?: unknown } = {}) {
  const { home, project, env } = isolatedPerson(tempFolder(), { ...(opts.env ? { env: opts.env } : {}), ...(opts.config ? { config: opts.config } : {}) });
  const fake = new FakeV2(project, opts.without ? { without: opts.without } : {});
  fake.addSession(ROOT);
  fake.addSession(CHILD, ROOT);
  const lines: string[] = [];
  const core: CoreApi = { handleEvent, failOutcome, applyHostEditSwitch, ...opts.core };
  const door = new OpenCodeV2Door(fake.context() as unknown as V2Context, { env, core, hooks: new InProcessHooks(env, 'opencode'), log: (l) => lines.push(l), callTimeoutMs: 300 });
  await door.register();
  let seq = 0;
  return {
    fake,
    door,
    lines,
    home,
    project,
    async prompt(sessionID: string, text: string) {
      const event = { ...v2Event('session.prompt.json', project), sessionID, prompt: { text } };
      await fake.trigger('session.prompt', event);
    },
    /** the host's execute.before: resolves with the event as the host then runs it, or rejects (the tool does not run) */
    tool(sessionID: string, tool: string, input: Record<string, unknown>, id = `call_${++seq}`) {
      return fake.trigger('tool.execute.before', { tool, sessionID, agent: 'build', messageID: `msg_${seq}`, id, input });
    },
    /** the system texts the next model request carries after the host's own */
    async system(sessionID: string): Promise<string[]> {
      const event = { ...v2Event('session.context.json', project), sessionID } as unknown as { system: { text: string }[] };
      await fake.trigger('session.context', event);
      return event.system.slice(1).map((p) => p.text);
    },
    evidence: () => readEvidence(stoplineDataDir(home)),
  };
}

const WRITE = { path: 'new.txt', content: 'x\n' };

describe('the door registers through the v2 context domains', () => {
  it('each row of the v2 table is one hook on its domain, the bus rows one event subscription', async () => {
    const s = await setup();
    const registered = [...s.fake.hooks.keys()].sort();
    const rows = opencode2Registry.events.filter((e) => e.handler && !e.bus).map((e) => e.native).sort();
    expect(registered).toEqual(rows);
    expect(registered).toEqual(['permission.evaluate', 'session.compaction', 'session.context', 'session.prompt', 'tool.execute.after', 'tool.execute.before']);
    expect(s.fake.subscribed).toBe(true);
    await s.door.dispose();
  });

  it('a hook this OpenCode refuses is said and skipped; the decision before a tool is still registered once', async () => {
    const { project, env } = isolatedPerson(tempFolder());
    const fake = new FakeV2(project);
    const ctx = fake.context() as { session: { hook: (name: string, fn: unknown) => Promise<unknown> } };
    const hook = ctx.session.hook;
    ctx.session.hook = (name, fn) => (name === 'compaction' ? Promise.reject(new Error('unknown session hook: compaction')) : hook(name, fn));
    const lines: string[] = [];
    const door = new OpenCodeV2Door(ctx as unknown as V2Context, { env, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks: new InProcessHooks(env, 'opencode'), log: (l) => lines.push(l) });
    await door.register();
    expect(fake.has('session.compaction')).toBe(false);
    expect(fake.hooks.get('tool.execute.before')).toHaveLength(1);
    expect(lines).toContain('stopline (opencode v2): session.compaction not registered (unknown session hook: compaction)');
    await door.dispose();
  });

  it('an OpenCode without the permission domain: the rest registers, and that is said', async () => {
    const s = await setup({ without: ['permission'] });
    expect(s.fake.has('permission.evaluate')).toBe(false);
    expect(s.fake.has('tool.execute.before')).toBe(true);
    expect(s.lines).toContain('stopline (opencode v2): permission.evaluate not registered: this OpenCode has no permission hooks');
  });
});

describe('the person arms the contract from a root session', () => {
  it('$stopline review: a write is refused before it runs with MODE_FORBIDS_MUTATION, a read runs, the shell write is refused', async () => {
    const s = await setup();
    await s.prompt(ROOT, '$stopline review -- look at a.txt');
    const refused = await s.tool(ROOT, 'write', WRITE).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/^STOP \/ INTENT[\s\S]*MODE_FORBIDS_MUTATION/);
    // the failure v2 declares for execute.before is its tool error; the rejection carries that tag
    expect((refused as { _tag?: string })._tag).toBe('Tool.Error');
    await expect(s.tool(ROOT, 'shell', { command: 'touch x' })).rejects.toThrow('MODE_FORBIDS_MUTATION');
    await expect(s.tool(ROOT, 'read', { path: 'a.txt' })).resolves.toMatchObject({ input: { path: 'a.txt' } });
    // one evidence record per decision, metadata only: no path text or content
    const checks = s.evidence().filter((e) => e.type === 'check');
    expect(checks.length).toBe(3);
    expect(JSON.stringify(s.evidence())).not.toContain('new.txt');
  });

  it('the contract is in the system parts of every model request of the session, not only the next one', async () => {
    const s = await setup();
    await s.prompt(ROOT, '$stopline review -- look at a.txt');
    const first = await s.system(ROOT);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('stopline contract (ARMED): mode=review');
    expect(await s.system(ROOT)).toEqual(first);
    // a plain follow-up prompt does not drop it (the core says nothing new: the contract stands)
    await s.prompt(ROOT, 'and b.txt too');
    expect(await s.system(ROOT)).toEqual(first);
  });

  it('a change of contract replaces the standing text; without a contract nothing is added', async () => {
    const s = await setup();
    expect(await s.system(ROOT)).toEqual([]);
    await s.prompt(ROOT, '$stopline review -- look');
    await s.prompt(ROOT, '$stopline change files=new.txt -- write it');
    const now = await s.system(ROOT);
    expect(now).toHaveLength(1);
    expect(now[0]).toContain('mode=change');
    await expect(s.tool(ROOT, 'write', WRITE)).resolves.toBeDefined();
    await expect(s.tool(ROOT, 'write', { path: 'other.txt', content: 'y' })).rejects.toThrow('PATH_OUTSIDE_CONTRACT');
  });
});

describe('subagent sessions are held to their root\'s contract', () => {
  it('a write in the child is refused, the child\'s requests carry the root\'s contract, and its prompt cannot open the contract', async () => {
    const s = await setup();
    await s.prompt(ROOT, '$stopline review -- look');
    // the subagent tool prompts the child with the parent's task text
    await s.prompt(CHILD, '$stopline open -- write everything');
    await expect(s.tool(CHILD, 'write', WRITE)).rejects.toThrow('MODE_FORBIDS_MUTATION');
    const child = await s.system(CHILD);
    expect(child.join('\n')).toContain('stopline contract (ARMED): mode=review');
    // the root's contract did not move
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow('MODE_FORBIDS_MUTATION');
    expect(s.fake.calls).toContain('session.get');
  });

  it('agents=1: the first subagent call runs, the second is refused; continuing a child (sessionID) is not a new subagent', async () => {
    const s = await setup();
    await s.prompt(ROOT, '$stopline change agents=1 -- split the work');
    const sub = (extra: Record<string, unknown> = {}) => ({ agent: 'explore', description: 'look around', prompt: 'list files', ...extra });
    await expect(s.tool(ROOT, 'subagent', sub())).resolves.toBeDefined();
    await expect(s.tool(ROOT, 'subagent', sub())).rejects.toThrow('AGENT_BUDGET_EXHAUSTED');
    await expect(s.tool(ROOT, 'subagent', sub({ sessionID: CHILD }))).resolves.toBeDefined();
  });

  it('a session whose parent chain cannot be read never speaks for the person, and its tool calls get the fail mode', async () => {
    const s = await setup({ env: { STOPLINE_FAIL_OPEN: '0' } });
    await s.prompt('ses_v2unknown00000000000001', '$stopline open -- anything');
    await expect(s.tool('ses_v2unknown00000000000001', 'write', WRITE)).rejects.toThrow('GUARD_UNAVAILABLE');
  });
});

describe('the confinement rewrite: the command the host runs is the confined one', () => {
  const confining = (command: string): Core => ({
    handleEvent: (ev: unknown, o: Parameters<typeof handleEvent>[1]) => {
      const e = ev as ControlEvent;
      if (e.kind === 'action.before' && e.action?.name === 'shell') return { kind: 'rewrite', rewrite: { command }, reasonCode: 'CONTRACT_CONTEXT' };
      return handleEvent(ev, o);
    },
  });

  it('a rewrite answer puts the confined command into event.input and keeps every other field', async () => {
    const s = await setup({ core: confining('stopline-confine -- touch x') });
    const ran = (await s.tool(ROOT, 'shell', { command: 'touch x', workdir: s.project, timeout: 5000 })) as { input: Record<string, unknown> };
    expect(ran.input).toEqual({ command: 'stopline-confine -- touch x', workdir: s.project, timeout: 5000 });
  });

  it('a rewrite for a tool that has no command field cannot be confined: the call is refused', async () => {
    const s = await setup({
      core: { handleEvent: (ev: unknown, o: Parameters<typeof handleEvent>[1]) => ((ev as ControlEvent).kind === 'action.before' ? { kind: 'rewrite', rewrite: { command: 'x' }, message: 'STOP / CONTROL\nReason: CONFINED', reasonCode: 'CONTRACT_CONTEXT' } : handleEvent(ev, o)) },
    });
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow('STOP / CONTROL');
  });

  it('a person\'s hook that denies wins over the rewrite', async () => {
    const s = await setup({ core: confining('stopline-confine -- touch x'), config: { hooks: { 'tool:before': [{ matcher: 'Bash', hooks: [{ command: 'echo "no shell today" >&2; exit 2' }] }] } } });
    await expect(s.tool(ROOT, 'shell', { command: 'touch x' })).rejects.toThrow('no shell today');
  });
});

describe('an ask reaches the person through OpenCode\'s own permission prompt', () => {
  it('change with deps=ask: `npm install` goes on to the host, whose permission evaluation then asks the person with the stamp', async () => {
    const s = await setup();
    await s.prompt(ROOT, '$stopline change -- add left-pad');
    await expect(s.tool(ROOT, 'shell', { command: 'npm install left-pad' }, 'call_v2_npm')).resolves.toBeDefined();
    const evaluate = v2Event('permission.evaluate-shell.json') as { effect: string; message?: string };
    await s.fake.trigger('permission.evaluate', evaluate);
    expect(evaluate.effect).toBe('ask');
    expect(evaluate.message).toContain('DEPENDENCY_NOT_AUTHORIZED');
    // once: the host's next evaluation for the same call keeps its own answer
    const again = v2Event('permission.evaluate-shell.json') as { effect: string; message?: string };
    await s.fake.trigger('permission.evaluate', again);
    expect(again).toMatchObject({ effect: 'allow' });
    expect(again.message).toBeUndefined();
  });

  it('a permission for another call, or a configured deny, is left as the host evaluated it', async () => {
    const s = await setup();
    await s.prompt(ROOT, '$stopline change -- add left-pad');
    await s.tool(ROOT, 'shell', { command: 'npm install left-pad' }, 'call_v2_npm');
    const other = { ...v2Event('permission.evaluate-shell.json'), source: { type: 'tool', messageID: 'm', id: 'call_other' } } as unknown as { effect: string };
    await s.fake.trigger('permission.evaluate', other);
    expect(other.effect).toBe('allow');
    const denied = { ...v2Event('permission.evaluate-shell.json'), effect: 'deny' } as { effect: string; message?: string };
    await s.fake.trigger('permission.evaluate', denied);
    expect(denied).toMatchObject({ effect: 'deny' });
    expect(denied.message).toBeUndefined();
  });

  it('without the permission domain, or for a tool that asks the host nothing, an ask is a deny', async () => {
    const s = await setup({ without: ['permission'] });
    await s.prompt(ROOT, '$stopline change -- add left-pad');
    await expect(s.tool(ROOT, 'shell', { command: 'npm install left-pad' })).rejects.toThrow('DEPENDENCY_NOT_AUTHORIZED');
    const t = await setup();
    await t.prompt(ROOT, '$stopline review -- look');
    // code mode cannot be proven read-only: an ask, and `execute` asks the host for no permission
    await expect(t.tool(ROOT, 'execute', { code: 'await tools.read({path: "a"})' })).rejects.toThrow('STOP /');
  });
});

describe('after a tool', () => {
  it('watch level: the note decided before the tool is added to the result the model reads', async () => {
    const s = await setup();
    await s.prompt(ROOT, '$stopline review watch -- look');
    await expect(s.tool(ROOT, 'write', WRITE, 'call_v2_write')).resolves.toBeDefined();
    const after = v2Event('tool.execute.after-write.json', s.project) as { result: { content: unknown } };
    await s.fake.trigger('tool.execute.after', after);
    expect(after.result.content).toMatch(/^Created file successfully: new\.txt\n\nWATCH \//);
  });

  it('a result whose content is a list gets the note as one more text part; a failed call keeps it for the next request', async () => {
    const s = await setup();
    await s.prompt(ROOT, '$stopline review watch -- look');
    await s.tool(ROOT, 'write', WRITE, 'call_v2_write');
    const after = { ...v2Event('tool.execute.after-write.json', s.project), result: { content: [{ type: 'text', text: 'ok' }] } } as { result: { content: { type: string; text: string }[] } };
    await s.fake.trigger('tool.execute.after', after);
    expect(after.result.content).toHaveLength(2);
    expect(after.result.content[1]!.text).toMatch(/^WATCH \//);
    await s.tool(ROOT, 'write', WRITE, 'call_v2_failed');
    const failed = { ...v2Event('tool.execute.after-write.json', s.project), id: 'call_v2_failed', status: 'error', error: { message: 'disk full' } };
    delete (failed as Record<string, unknown>).result;
    await s.fake.trigger('tool.execute.after', failed);
    expect((await s.system(ROOT)).some((t) => t.startsWith('WATCH /'))).toBe(true);
  });
});

describe('the fail mode', () => {
  it('fail closed with an unusable data folder: the write is refused with GUARD_UNAVAILABLE', async () => {
    const s = await setup({ env: { STOPLINE_FAIL_OPEN: '0', STOPLINE_HOME: '/dev/null/not-a-folder' } });
    await expect(s.tool(ROOT, 'write', WRITE)).rejects.toThrow(/^STOP \/ CONTROL[\s\S]*GUARD_UNAVAILABLE/);
  });

  it('a broken execute.before event (no sessionID) gets the fail mode: open by default, one line said', async () => {
    const s = await setup();
    await expect(s.fake.trigger('tool.execute.before', { tool: 'write', input: WRITE })).resolves.toBeDefined();
    expect(s.lines.some((l) => l.includes('execute.before: sessionID is missing'))).toBe(true);
  });

  it('the hooks that cannot refuse never reject, whatever they are given', async () => {
    const s = await setup();
    for (const key of ['session.prompt', 'session.context', 'session.compaction', 'permission.evaluate', 'tool.execute.after']) {
      await expect(s.fake.trigger(key, null)).resolves.toBeNull();
      await expect(s.fake.trigger(key, { sessionID: 42 })).resolves.toBeDefined();
    }
  });
});

describe('the v2 entry (setup)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  });

  it('when the guard cannot register, a minimal execute.before still applies the fail mode (closed: refused with GUARD_UNAVAILABLE)', async () => {
    const { project, home } = isolatedPerson(tempFolder());
    Object.assign(process.env, { HOME: home, STOPLINE_FAIL_OPEN: '0', STOPLINE_HOME: `${home}/data` });
    const fake = new FakeV2(project);
    const ctx = fake.context() as { tool: { hook: (name: string, fn: unknown) => Promise<unknown> } };
    const hook = ctx.tool.hook;
    let refused = false;
    ctx.tool.hook = (name, fn) => {
      if (!refused) {
        refused = true;
        return Promise.reject(new Error('hooks are not ready'));
      }
      return hook(name, fn);
    };
    const cleanup = await setupV2(ctx as unknown as V2Context);
    expect(cleanup).toBeUndefined();
    expect(fake.hooks.get('tool.execute.before')).toHaveLength(1);
    await expect(fake.trigger('tool.execute.before', { tool: 'read', sessionID: ROOT, id: 'c1', input: { path: 'a.txt' } })).rejects.toThrow(/the guard did not start: hooks are not ready[\s\S]*GUARD_UNAVAILABLE/);
  });

  it('setup registers the door and returns its cleanup, which stops reading the event stream', async () => {
    const { project, home } = isolatedPerson(tempFolder());
    Object.assign(process.env, { HOME: home, STOPLINE_HOME: `${home}/data` });
    const fake = new FakeV2(project);
    const cleanup = await setupV2(fake.context() as unknown as V2Context);
    expect(typeof cleanup).toBe('function');
    expect(fake.has('tool.execute.before')).toBe(true);
    await cleanup!();
  });
});

describe('session end', () => {
  it('a deleted root session (event stream) ends it: its contract no longer stands', async () => {
    const s = await setup();
    await s.prompt(ROOT, '$stopline review -- look');
    expect(await s.system(ROOT)).toHaveLength(1);
    s.fake.publish({ id: 'evt_1', type: 'session.deleted', data: { sessionID: ROOT } });
    await new Promise((r) => setTimeout(r, 20));
    await s.door.drain();
    expect(await s.system(ROOT)).toEqual([]);
    await s.door.dispose();
  });
});
