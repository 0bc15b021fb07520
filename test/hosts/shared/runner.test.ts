import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../../core/answer/outcome';
import type { ControlEvent } from '../../../core/protocol';
import { eventRow } from '../../../core/registry/rows';
import type { HostRegistry } from '../../../core/registry/types';
import type { CommandHookAdapter, MappedEvent } from '../../../hosts/shared/adapter';
import { eventEntry } from '../../../hosts/shared/adapter';
import { answerHook, type CoreApi } from '../../../hosts/shared/runner';
import { decisionPart } from '../../../hosts/shared/evaluator/decision-part';
import { readBoundedChunks } from '../../../hosts/shared/stdin';
import { HookInputError } from '../../../hosts/shared/payload';

// A tiny adapter that renders every outcome visibly, so the runner's plumbing is what is tested.
const registry = { family: 'claude', displayName: 'Fake', verifiedVersion: '0', events: [
  eventRow('PreToolUse', 'tool:before', 'action.before', true, { plugin: true }),
  eventRow('UserPromptSubmit', 'prompt:submit', 'prompt.submit', true, { plugin: true }),
], tools: [], toolPatterns: [], deny: 'claude-hso-deny', ask: 'deny', context: '', unsupported: [], blindSpots: [], callRecord: { status: 'none', why: '' } } as HostRegistry;
function fakeAdapter(map: (p: Record<string, unknown>) => MappedEvent): CommandHookAdapter {
  return {
    registry,
    label: 'stopline (fake)',
    denyResponse: 'permission_deny_returned',
    toControlEvent: (p) => map(p),
    canAsk: () => false,
    render: (o: Outcome, native) => ({ stdout: o.kind === 'none' ? '' : JSON.stringify({ on: native.name, kind: o.kind, msg: o.message }), stderr: '', exitCode: 0 }),
    renderUnidentifiedDeny: (m) => ({ stdout: '', stderr: `${m}\n`, exitCode: 2 }),
  };
}
const event: ControlEvent = { protocolVersion: 1, kind: 'session.start', sessionId: 's', host: { family: 'claude' } };
const rowOf = (name: unknown) => eventEntry(registry, String(name))!;
const mapped = (p: Record<string, unknown>, ev: ControlEvent): MappedEvent => ({ kind: 'event', native: { name: String(p.hook_event_name) }, row: rowOf(p.hook_event_name), event: ev });
const asEvent = (p: Record<string, unknown>): MappedEvent => mapped(p, event);

function core(failMode: 'open' | 'closed', handle: () => Outcome = () => ({ kind: 'context', message: 'CTX' })): CoreApi & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    handleEvent: (ev, opts) => {
      calls.push({ ev, opts });
      return handle();
    },
    failOutcome: (err) =>
      failMode === 'open'
        ? { kind: 'none', diagnostics: [`${(err as Error).message}; failing open`] }
        : { kind: 'deny', message: 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE', reasonCode: 'GUARD_UNAVAILABLE', diagnostics: [`${(err as Error).message}; failing closed`] },
  };
}
const ctx = (c: CoreApi) => ({ env: {}, cwd: '/w', core: c });
const payload = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's' });

describe('answerHook', () => {
  it('renders the core outcome for a mapped event, passing the adapter answer for ask and deny labels', async () => {
    const c = core('open');
    const r = await answerHook(fakeAdapter(asEvent), payload, ctx(c));
    expect(r).toEqual({ stdout: '{"on":"PreToolUse","kind":"context","msg":"CTX"}', stderr: '', exitCode: 0 });
    expect(c.calls[0]).toMatchObject({ opts: { canAsk: false, denyResponse: 'permission_deny_returned', cwd: '/w' } });
  });

  it('prints nothing and exits 0 for an unknown or ignored event, without calling the core', async () => {
    const c = core('closed');
    for (const kind of ['unknown', 'ignored'] as const) {
      const r = await answerHook(fakeAdapter((p) => (kind === 'ignored' ? { kind, native: { name: String(p.hook_event_name) }, row: rowOf(p.hook_event_name), why: 'x' } : { kind, native: { name: String(p.hook_event_name) }, why: 'x' })), payload, ctx(c));
      expect(r).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    }
    expect(c.calls).toHaveLength(0);
  });

  it('writes core diagnostics to stderr only, labelled with the artifact', async () => {
    const c = core('open', () => ({ kind: 'none', diagnostics: ['evidence not written (EACCES); the decision stands'] }));
    const r = await answerHook(fakeAdapter(asEvent), payload, ctx(c));
    expect(r).toEqual({ stdout: '', stderr: 'stopline (fake): evidence not written (EACCES); the decision stands\n', exitCode: 0 });
  });

  it.each([
    ['bad JSON', '{"hook_event_name":'],
    ['two documents', `${payload}${payload}`],
    ['no event name', '{"session_id":"s"}'],
  ])('fails open on %s: nothing on stdout, one stderr line, exit 0', async (_n, text) => {
    const r = await answerHook(fakeAdapter(asEvent), text, ctx(core('open')));
    expect(r.stdout).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^stopline \(fake\): .*failing open\n$/);
  });

  it('fails closed on bad JSON with the unidentified-event deny (exit 2, stamp on stderr only)', async () => {
    const r = await answerHook(fakeAdapter(asEvent), 'garbage', ctx(core('closed')));
    expect(r).toEqual({ stdout: '', stderr: 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE\n', exitCode: 2 });
  });

  it('fails closed before a tool with the adapter deny for that event', async () => {
    const throwing = fakeAdapter(() => {
      throw new HookInputError('session_id: required, missing or empty');
    });
    const r = await answerHook(throwing, payload, ctx(core('closed')));
    expect(JSON.parse(r.stdout)).toEqual({ on: 'PreToolUse', kind: 'deny', msg: 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE' });
    expect(r.stderr).toBe('stopline (fake): session_id: required, missing or empty; failing closed\n');
  });

  it('fails closed on a prompt by delivering the stamp as context, never by blocking the prompt', async () => {
    const throwing = fakeAdapter(() => {
      throw new Error('EACCES: data folder');
    });
    const prompt = JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 's', prompt: 'hi' });
    const r = await answerHook(throwing, prompt, ctx(core('closed')));
    expect(JSON.parse(r.stdout)).toEqual({ on: 'UserPromptSubmit', kind: 'context', msg: 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE' });
    expect(r.exitCode).toBe(0);
  });

  it("turns the core's fail-closed deny on a non-tool event into context, and keeps it before a tool", async () => {
    const closed = () => ({ kind: 'deny' as const, message: 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE', reasonCode: 'GUARD_UNAVAILABLE' as const });
    const prompt: ControlEvent = { ...event, kind: 'prompt.submit', prompt: { text: 'hi', source: 'user' } };
    const onPrompt = await answerHook(fakeAdapter((p) => mapped(p, prompt)), payload, ctx(core('closed', closed)));
    expect(JSON.parse(onPrompt.stdout)).toMatchObject({ kind: 'context', msg: 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE' });
    const before: ControlEvent = { ...event, kind: 'action.before', action: { name: 'Write', mutability: 'write', affectedPaths: ['a'], dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false } };
    const onTool = await answerHook(fakeAdapter((p) => mapped(p, before)), payload, ctx(core('closed', closed)));
    expect(JSON.parse(onTool.stdout)).toMatchObject({ kind: 'deny' });
  });

  it('fails open when even the fail mode cannot be read', async () => {
    const broken: CoreApi = {
      handleEvent: () => {
        throw new Error('boom');
      },
      failOutcome: () => {
        throw new Error('config unreadable');
      },
    };
    const r = await answerHook(fakeAdapter(asEvent), payload, ctx(broken));
    expect(r).toEqual({ stdout: '', stderr: 'stopline (fake): boom; fail mode unknown (config unreadable), failing open\n', exitCode: 0 });
  });
});

// stdin as the hook scripts read it (hook-entry.ts: the runtime's pull door, bounded), answered
// by the decision part the built script loads
describe('the hook script path: bounded stdin, then the decision part', () => {
  const never = new Promise<null>(() => {});
  it('applies the fail mode to stdin that never closes, well within the bound', async () => {
    const chunks: Promise<Uint8Array | null>[] = [Promise.resolve(Buffer.from(payload))];
    const started = Date.now();
    const input = await readBoundedChunks(() => chunks.shift() ?? never, { timeoutMs: 200 });
    const r = await decisionPart(fakeAdapter(asEvent)).answer(input, ctx(core('closed')));
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('GUARD_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses oversized stdin with one stderr line under fail open', async () => {
    const chunks: Promise<Uint8Array | null>[] = [Promise.resolve(Buffer.from('x'.repeat(100)))];
    const input = await readBoundedChunks(() => chunks.shift() ?? never, { maxBytes: 64 });
    const r = await decisionPart(fakeAdapter(asEvent)).answer(input, ctx(core('open')));
    expect(r).toEqual({ stdout: '', stderr: expect.stringMatching(/^stopline \(fake\): hook input larger than .* refused; failing open\n$/), exitCode: 0 });
  });
});
