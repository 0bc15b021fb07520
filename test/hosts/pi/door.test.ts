/**
 * The Pi extension's behaviour with the real core and a fake ExtensionContext: the person's
 * input arms the contract (also /skill:stopline), an extension's input never does, a change
 * typed while the agent works is refused, tool calls are blocked or asked, results get watch
 * notes, the person's `!` commands are recorded, errors follow the fail mode, and the person's
 * universal hooks run. Every captured event of both versions goes through without a throw.
 */
import { describe, expect, it } from 'vitest';
import { recordBypass } from '../../../core/answer/bypass';
import { handleEvent, failOutcome } from '../../../core/answer/controller';
import { InProcessHooks } from '../../../core/hooks/in-process';
import { BUSY_NOTICE, PiDoor } from '../../../hosts/pi/door';
import type { CoreApi, PiHandlers } from '../../../hosts/pi/door';
import type { PiContext } from '../../../hosts/pi/adapter';
import { isolatedPerson, readEvidence, stoplineDataDir, tempFoldersPerTest, type EvidenceRecord } from '../shared/real-host';
import { FIXTURES, FIXTURES_MZ, captured, capturedNames, fakeCtx, newUi } from './fake-pi';
import type { FakeUi } from './fake-pi';

const tempFolder = tempFoldersPerTest('pi-guard');

interface Setup {
  h: PiHandlers;
  lines: string[];
  home: string;
  project: string;
  ui: FakeUi;
  ctx(over?: { hasUI?: boolean; isIdle?: boolean; mode?: string; sessionId?: string | null }): PiContext;
  prompt(text: string, extra?: Record<string, unknown>, ctx?: PiContext): Promise<unknown>;
  tool(toolName: string, input: unknown, ctx?: PiContext, toolCallId?: string): Promise<unknown>;
  evidence(): EvidenceRecord[];
}

function setup(opts: { env?: Record<string, string>; core?: Partial<CoreApi>; config?: unknown; answer?: boolean | 'throw' } = {}): Setup {
  const { home, project, env } = isolatedPerson(tempFolder(), opts);
  const lines: string[] = [];
  const core: CoreApi = { handleEvent, failOutcome, recordBypass, ...opts.core };
  const h = new PiDoor({ env, core, hooks: new InProcessHooks(env, 'pi'), log: (l) => lines.push(l), askTimeoutMs: 500 }).handlers();
  const ui = newUi(opts.answer ?? false);
  let n = 0;
  const ctx = (over: { hasUI?: boolean; isIdle?: boolean; mode?: string; sessionId?: string | null } = {}) => fakeCtx({ cwd: project, sessionId: 'pi-session-1', ...over }, ui);
  return {
    h,
    lines,
    home,
    project,
    ui,
    ctx,
    prompt: (text, extra = {}, c = ctx()) => h.input!({ type: 'input', text, source: 'interactive', ...extra }, c),
    tool: (toolName, input, c = ctx({ isIdle: false }), toolCallId = `call_${++n}`) => h.tool_call!({ type: 'tool_call', toolName, toolCallId, input }, c),
    evidence: () => readEvidence(stoplineDataDir(home)),
  };
}

const WRITE = { path: 'new.txt', content: 'x\n' };

describe('the person arms the contract', () => {
  for (const text of ['$stopline review -- look at a.txt', '/skill:stopline review -- look at a.txt']) {
    it(`${text.split(' ')[0]}: the context reaches the next agent start, a write is blocked, a read runs`, async () => {
      const s = setup();
      expect(await s.prompt(text)).toBeUndefined();
      const started = (await s.h.before_agent_start!({ type: 'before_agent_start', prompt: text }, s.ctx({ isIdle: false }))) as { message: Record<string, unknown> };
      expect(started.message).toEqual({ customType: 'stopline-context', display: false, content: expect.stringContaining('stopline contract (ARMED): mode=review') });
      // once delivered, not again
      expect(await s.h.before_agent_start!({ type: 'before_agent_start', prompt: 'next' }, s.ctx({ isIdle: false }))).toBeUndefined();
      const blocked = (await s.tool('write', WRITE)) as { block: boolean; reason: string };
      expect(blocked.block).toBe(true);
      expect(blocked.reason).toMatch(/^STOP \/ INTENT[\s\S]*MODE_FORBIDS_MUTATION/);
      expect(Object.keys(blocked).sort()).toEqual(['block', 'reason']);
      expect(await s.tool('read', { path: 'a.txt' })).toBeUndefined();
      expect(s.evidence().find((e) => e.type === 'check')?.decision).toMatchObject({ response: 'tool_call_block_returned' });
    });
  }

  it('with a UI the person sees the confirmation', async () => {
    const s = setup();
    await s.prompt('$stopline review -- look', {}, s.ctx({ hasUI: true, mode: 'rpc' }));
    expect(s.ui.notes[0]?.message).toContain('contract set: ARMED / review');
  });

  it('files=: the named file may be written, another is blocked with PATH_OUTSIDE_CONTRACT', async () => {
    const s = setup();
    await s.prompt('$stopline change files=a.txt -- update a.txt');
    expect(await s.tool('write', { path: 'a.txt', content: 'x' })).toBeUndefined();
    expect(((await s.tool('write', { path: 'b.txt', content: 'x' })) as { reason: string }).reason).toContain('PATH_OUTSIDE_CONTRACT');
  });
});

describe('what never changes the contract', () => {
  it("an extension's input (source extension)", async () => {
    const s = setup();
    expect(await s.prompt('$stopline review -- look', { source: 'extension' })).toBeUndefined();
    expect(await s.tool('write', WRITE)).toBeUndefined();
    expect(await s.h.before_agent_start!({}, s.ctx())).toBeUndefined();
  });

  it('a change typed while the agent works: not applied, not sent to the model, the person told to resend', async () => {
    for (const [extra, ctx] of [
      [{ streamingBehavior: 'steer' }, { hasUI: true }],
      [{ streamingBehavior: 'followUp' }, { hasUI: true }],
      [{}, { hasUI: true, isIdle: false }], // 0.73.1 has no streamingBehavior: isIdle() says it
    ] as const) {
      const s = setup();
      await s.prompt('$stopline change -- go');
      expect(await s.prompt('$stopline review -- stop changing things', extra, s.ctx(ctx))).toEqual({ action: 'handled' });
      expect(await s.prompt('review only', extra, s.ctx(ctx))).toEqual({ action: 'handled' });
      expect(s.ui.notes.filter((n) => n.message === BUSY_NOTICE)).toHaveLength(2);
      expect(await s.tool('write', WRITE)).toBeUndefined(); // still change
      // plain words while working go on to the model untouched
      expect(await s.prompt('also check the tests', extra, s.ctx(ctx))).toBeUndefined();
    }
  });
});

describe('ask', () => {
  const npm = { command: 'npm install left-pad' };

  it('without a UI an ask is a block (deps=ask by default)', async () => {
    const s = setup();
    await s.prompt('$stopline change -- add left-pad');
    const r = (await s.tool('bash', npm)) as { reason: string };
    expect(r.reason).toContain('DEPENDENCY_NOT_AUTHORIZED');
    expect(s.ui.asked).toHaveLength(0);
  });

  it('with a UI the person is asked: yes runs it, no blocks it, a broken dialog blocks it', async () => {
    const yes = setup({ answer: true });
    await yes.prompt('$stopline change -- add left-pad');
    expect(await yes.tool('bash', npm, yes.ctx({ hasUI: true, isIdle: false }))).toBeUndefined();
    expect(yes.ui.asked[0]?.message).toContain('DEPENDENCY_NOT_AUTHORIZED');

    const no = setup({ answer: false });
    await no.prompt('$stopline change -- add left-pad');
    expect(((await no.tool('bash', npm, no.ctx({ hasUI: true, isIdle: false }))) as { block: boolean }).block).toBe(true);

    const broken = setup({ answer: 'throw' });
    await broken.prompt('$stopline change -- add left-pad');
    expect(((await broken.tool('bash', npm, broken.ctx({ hasUI: true, isIdle: false }))) as { block: boolean }).block).toBe(true);
    expect(broken.lines.some((l) => l.includes('approval dialog failed'))).toBe(true);
  });
});

describe('after a tool ran', () => {
  it('watch level: the write runs and the WATCH note is appended to its result once', async () => {
    const s = setup();
    await s.prompt('$stopline review watch -- look');
    expect(await s.tool('write', WRITE, s.ctx({ isIdle: false }), 'call_w')).toBeUndefined();
    const r = (await s.h.tool_result!({ type: 'tool_result', toolName: 'write', toolCallId: 'call_w', input: WRITE, content: [{ type: 'text', text: 'Wrote new.txt' }], isError: false }, s.ctx({ isIdle: false }))) as { content: { text: string }[] };
    expect(r.content[0]).toEqual({ type: 'text', text: 'Wrote new.txt' });
    expect(r.content[1]?.text).toMatch(/^WATCH \/ INTENT/);
    expect(r.content).toHaveLength(2);
  });

  it('nothing to add: no answer (Pi keeps the result as it is)', async () => {
    const s = setup();
    await s.prompt('$stopline review -- look');
    expect(await s.h.tool_result!(captured('tool_result-read.json').event, s.ctx())).toBeUndefined();
  });
});

describe("the person's own ! commands", () => {
  it('user_bash is recorded as a bypass, with no command text in the evidence, and nothing is blocked', async () => {
    const s = setup();
    const c = captured('user_bash.json');
    expect(await s.h.user_bash!(c.event, s.ctx({ hasUI: true }))).toBeUndefined();
    const rec = s.evidence().find((e) => e.type === 'bypass');
    expect(rec).toMatchObject({ type: 'bypass', host: 'pi', action: { tool: 'Bash', mutability: 'write', pathCount: 1 } });
    expect(JSON.stringify(rec)).not.toContain('user-bash');
  });
});

describe('fail mode: the extension catches its own errors (Pi would block on a throw)', () => {
  const broken: Partial<CoreApi> = {
    handleEvent: () => {
      throw new Error('disk on fire');
    },
  };

  it('open (default): the tool runs and one line says why', async () => {
    const s = setup({ core: broken });
    expect(await s.tool('write', WRITE)).toBeUndefined();
    expect(s.lines).toEqual(['stopline (pi): Error: disk on fire; failing open']);
  });

  it('closed: blocked with GUARD_UNAVAILABLE; the input goes on, carrying the reason as context', async () => {
    const s = setup({ core: broken, env: { STOPLINE_FAIL_OPEN: '0' } });
    expect(((await s.tool('write', WRITE)) as { reason: string }).reason).toMatch(/^STOP \/ CONTROL[\s\S]*GUARD_UNAVAILABLE/);
    expect(await s.prompt('$stopline review -- look')).toBeUndefined();
    const started = (await s.h.before_agent_start!({}, s.ctx())) as { message: { content: string } };
    expect(started.message.content).toContain('GUARD_UNAVAILABLE');
  });

  it('closed with an unusable data folder (the core answers GUARD_UNAVAILABLE itself): the prompt still reaches the model with the reason, the write is blocked', async () => {
    const s = setup({ config: { failMode: 'closed', dataDir: '/dev/null/not-a-folder' } });
    expect(await s.prompt('$stopline change -- write new.txt')).toBeUndefined();
    const started = (await s.h.before_agent_start!({}, s.ctx())) as { message: { content: string } };
    expect(started.message.content).toMatch(/^STOP \/ CONTROL[\s\S]*GUARD_UNAVAILABLE/);
    expect(((await s.tool('write', WRITE)) as { reason: string }).reason).toContain('GUARD_UNAVAILABLE');
  });

  it('no session id from Pi: the fail mode decides (open: runs; closed: blocked)', async () => {
    const open = setup();
    expect(await open.tool('write', WRITE, open.ctx({ sessionId: null }))).toBeUndefined();
    const closed = setup({ env: { STOPLINE_FAIL_OPEN: '0' } });
    expect(((await closed.tool('write', WRITE, closed.ctx({ sessionId: null }))) as { block: boolean }).block).toBe(true);
  });

  it('every captured event of both versions, and garbage, goes through every handler without a throw', async () => {
    const s = setup();
    for (const dir of [FIXTURES, FIXTURES_MZ]) {
      for (const name of capturedNames(dir)) {
        const c = captured(name, dir);
        const type = String(c.event.type);
        const handler = s.h[type];
        if (!handler) continue;
        await expect(handler(c.event, fakeCtx({ ...c.ctx, cwd: s.project }, s.ui)), `${dir === FIXTURES ? '1.6.0' : '0.73.1'} ${name}`).resolves.not.toThrow();
      }
    }
    for (const handler of Object.values(s.h)) {
      for (const garbage of [null, 7, 'x', {}, { toolName: 5 }]) await expect(handler(garbage, s.ctx())).resolves.not.toThrow();
      await expect(handler({}, undefined as unknown as PiContext)).resolves.not.toThrow();
    }
  });
});

describe("the person's universal hooks", () => {
  it('tool:before written for "Bash" blocks Pi\'s bash with its reason', async () => {
    const s = setup({ config: { hooks: { 'tool:before': [{ matcher: 'Bash', hooks: [{ command: 'echo "no shell today" >&2; exit 2' }] }] } } });
    expect(((await s.tool('bash', { command: 'ls' })) as { reason: string }).reason).toContain('no shell today');
    expect(await s.tool('read', { path: 'a.txt' })).toBeUndefined();
  });

  it('prompt:submit deny keeps the prompt from the model ({action: "handled"}) and tells the person', async () => {
    const s = setup({ config: { hooks: { 'prompt:submit': [{ hooks: [{ command: 'echo "not during the freeze" >&2; exit 2' }] }] } } });
    expect(await s.prompt('deploy it', {}, s.ctx({ hasUI: true }))).toEqual({ action: 'handled' });
    expect(s.ui.notes.some((n) => n.message.includes('not during the freeze'))).toBe(true);
  });

  it('session:start context goes in at the first agent start', async () => {
    const s = setup({ config: { hooks: { 'session:start': [{ matcher: 'startup', hooks: [{ command: 'echo "branch: main"' }] }] } } });
    await s.h.session_start!({ type: 'session_start', reason: 'startup' }, s.ctx());
    const started = (await s.h.before_agent_start!({}, s.ctx())) as { message: { content: string } };
    expect(started.message.content).toContain('branch: main');
  });
});
