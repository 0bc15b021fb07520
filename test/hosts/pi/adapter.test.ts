/**
 * The Pi adapter's pure half on the events Pi 1.6.0 and 0.73.1 really sent
 * (test/fixtures/pi, copied from the shared capture): tool calls become the right actions with
 * Pi's toolCallId, the session id comes from the session manager, input sources are kept
 * apart, and the block / context / appended-result shapes are the ones Pi accepts.
 */
import { describe, expect, it } from 'vitest';
import {
  appendedResult,
  blockResult,
  canonicalInput,
  contextMessage,
  hostInfo,
  inputOf,
  piVersion,
  promptEvent,
  sessionIdOf,
  toolCallOf,
  toolEvent,
  userBashAction,
} from '../../../hosts/pi/adapter';
import { parseControlEvent } from '../../../core/protocol';
import { FIXTURES_MZ, captured, fakeCtx } from './fake-pi';

describe('the Pi version, as Pi hands it to extensions', () => {
  it("reads VERSION from Pi's own package; anything else is not known", async () => {
    expect(await piVersion(async () => ({ VERSION: '1.6.0' }))).toBe('1.6.0');
    expect(await piVersion(async () => ({ VERSION: '0.73.1', other: 1 }))).toBe('0.73.1');
    for (const mod of [{}, { VERSION: 7 }, { VERSION: 'dev' }, null, 'x']) expect(await piVersion(async () => mod)).toBeUndefined();
    expect(await piVersion(async () => Promise.reject(new Error('Cannot find module')))).toBeUndefined();
    expect(await piVersion(() => { throw new Error('sync'); })).toBeUndefined();
  });

  it("picks that version's path reading: a file:// URL into src/ is src/ on 1.6.0, a `file:` folder on 0.73.1, both when not known", () => {
    const ctx = fakeCtx({ cwd: '/w/p' });
    const url = (v?: string) => toolEvent('action.before', { toolName: 'write', toolCallId: 'c', input: { path: 'file:///w/p/src/u.ts', content: 'x' } }, ctx, { env: { HOME: '/h' }, ...(v ? { hostVersion: v } : {}) }).action!.affectedPaths;
    expect(url('1.6.0')).toEqual(['src/u.ts']);
    expect(url('0.73.1')).toEqual(['file:/w/p/src/u.ts']);
    expect(url('1.7.2')).toEqual(['src/u.ts']);
    expect(url(undefined)).toEqual(['file:/w/p/src/u.ts', 'src/u.ts']);
  });
});

describe('tool calls (both Pi versions)', () => {
  for (const [label, dir] of [
    ['1.6.0', undefined],
    ['0.73.1', FIXTURES_MZ],
  ] as const) {
    it(`${label}: write, edit, bash and read become the actions the guard decides on`, () => {
      const expectations: Record<string, Record<string, unknown>> = {
        'tool_call-write.json': { name: 'write', canonicalName: 'Write', mutability: 'write' },
        'tool_call-edit.json': { name: 'edit', canonicalName: 'Edit', mutability: 'write', affectedPaths: ['target.txt'] },
        'tool_call-bash.json': { name: 'bash', canonicalName: 'Bash', mutability: 'write' },
        'tool_call-read.json': { name: 'read', canonicalName: 'Read', mutability: 'read', affectedPaths: [] },
      };
      for (const [name, expected] of Object.entries(expectations)) {
        const c = captured(name, dir);
        const ev = toolEvent('action.before', toolCallOf(c.event), fakeCtx(c.ctx), { env: { HOME: '/home/dev' } });
        expect(parseControlEvent(ev).ok, name).toBe(true);
        expect(ev.sessionId, name).toBe(c.ctx.sessionId);
        expect(ev.cwd, name).toBe('/home/dev/project');
        expect(ev.action, name).toMatchObject({ ...expected, id: c.event.toolCallId });
      }
    });
  }

  it('the write fixture names the file it would create', () => {
    const c = captured('tool_call-write.json');
    expect(toolEvent('action.before', toolCallOf(c.event), fakeCtx(c.ctx), { env: {} }).action?.affectedPaths).toEqual(['blocked.txt']);
  });

  it('tool_result carries the same call and maps to action.after', () => {
    const c = captured('tool_result-edit.json');
    const ev = toolEvent('action.after', toolCallOf(c.event), fakeCtx(c.ctx), { env: {} });
    expect(ev).toMatchObject({ kind: 'action.after', action: { id: 'call_2_0', mutability: 'write', affectedPaths: ['allowed.txt'] } });
  });

  it('subagent shapes: single = 1, tasks = their number, chain = 1, other shapes unbounded; other tools unknown', () => {
    const ctx = fakeCtx({});
    const act = (toolName: string, input: unknown) => toolEvent('action.before', { toolName, toolCallId: 'c', input }, ctx, { env: {} }).action!;
    expect(act('subagent', { agent: 'scout', task: 'look' })).toMatchObject({ mutability: 'delegate', delegationCount: 1, unboundedDelegation: false });
    expect(act('subagent', { tasks: [{ agent: 'a', task: '1' }, { agent: 'b', task: '2' }, { agent: 'c', task: '3' }] })).toMatchObject({ delegationCount: 3, unboundedDelegation: false });
    expect(act('subagent', { chain: [{ agent: 'a', task: '1' }, { agent: 'b', task: '{previous}' }] })).toMatchObject({ delegationCount: 1, unboundedDelegation: false });
    expect(act('subagent', { whatever: true })).toMatchObject({ mutability: 'delegate', unboundedDelegation: true });
    expect(act('some_extension_tool', { x: 1 })).toMatchObject({ mutability: 'unknown', affectedPaths: null });
  });

  it('a broken event is a clear error (the guard then applies the fail mode)', () => {
    expect(() => toolCallOf(null)).toThrow('not an object');
    expect(() => toolCallOf({ toolCallId: 'x' })).toThrow('toolName is missing');
    expect(() => sessionIdOf(fakeCtx({ sessionId: null }))).toThrow('no session id');
    expect(() => inputOf({ source: 'rpc' })).toThrow('text is missing');
  });
});

describe('input and the person', () => {
  it('-p / json input says "interactive", rpc says "rpc": both are the person; an extension never is', () => {
    for (const [name, dir, source] of [
      ['input-interactive.json', undefined, 'interactive'],
      ['input-rpc.json', undefined, 'rpc'],
      ['input-interactive.json', FIXTURES_MZ, 'interactive'],
      ['input-rpc-skill.json', FIXTURES_MZ, 'rpc'],
    ] as const) {
      const c = captured(name, dir);
      const input = inputOf(c.event);
      expect(input.source).toBe(source);
      expect(input.streaming).toBe(false);
      expect(promptEvent(input.text, input.source, fakeCtx(c.ctx)).prompt?.source).toBe('user');
    }
    expect(promptEvent('$stopline open', 'extension', fakeCtx({})).prompt).toEqual({ text: '$stopline open', source: 'extension' });
  });

  it('/skill:stopline arrives raw at input (Pi expands the skill only later)', () => {
    const c = captured('input-interactive-skill.json');
    expect(inputOf(c.event).text).toMatch(/^\/skill:/);
  });

  it('1.6.0 marks input typed while the agent works (streamingBehavior)', () => {
    expect(inputOf({ type: 'input', text: 'x', source: 'rpc', streamingBehavior: 'steer' }).streaming).toBe(true);
    expect(inputOf({ type: 'input', text: 'x', source: 'rpc', streamingBehavior: 'followUp' }).streaming).toBe(true);
  });

  it('host info: hasUI is whether a person can answer; 1.6.0 mode is kept, 0.73.1 has none', () => {
    expect(hostInfo(fakeCtx({ ...captured('input-rpc.json').ctx }))).toEqual({ family: 'pi', hasHuman: true, permissionMode: 'rpc' });
    expect(hostInfo(fakeCtx({ ...captured('input-interactive.json', FIXTURES_MZ).ctx }))).toEqual({ family: 'pi', hasHuman: false });
  });
});

describe("Pi's answer shapes", () => {
  it('block: {block: true, reason} and never terminate (the agent recovers in scope)', () => {
    const r = blockResult({ kind: 'deny', message: 'STOP / SCOPE\nReason: PATH_OUTSIDE_CONTRACT (S)' });
    expect(r).toEqual({ block: true, reason: 'STOP / SCOPE\nReason: PATH_OUTSIDE_CONTRACT (S)' });
    expect('terminate' in r).toBe(false);
  });

  it('context for before_agent_start: a hidden custom message', () => {
    expect(contextMessage('stopline contract (ARMED): …')).toEqual({ customType: 'stopline-context', content: 'stopline contract (ARMED): …', display: false });
  });

  it('tool_result: text is appended after what the tool returned; nothing to add is no answer', () => {
    const c = captured('tool_result-edit.json');
    expect(appendedResult(c.event, ['WATCH / SCOPE'])).toEqual({ content: [...(c.event.content as unknown[]), { type: 'text', text: 'WATCH / SCOPE' }] });
    expect(appendedResult(c.event, ['', ' '])).toBeUndefined();
  });

  it("Claude's field names for the person's hooks", () => {
    expect(canonicalInput('write', { path: 'a.txt', content: 'x' })).toEqual({ file_path: 'a.txt', content: 'x' });
    expect(canonicalInput('edit', { path: 'a.txt', edits: [{ oldText: 'a', newText: 'b' }] })).toEqual({ file_path: 'a.txt', edits: [{ old_string: 'a', new_string: 'b' }], old_string: 'a', new_string: 'b' });
    expect(canonicalInput('bash', { command: 'ls' })).toEqual({ command: 'ls' });
  });

  it('user_bash (the person\'s own ! command) is analysed like the bash tool', () => {
    const c = captured('user_bash.json');
    expect(userBashAction(c.event, fakeCtx(c.ctx), { env: { HOME: '/home/dev' } })).toMatchObject({ name: 'bash', mutability: 'write', affectedPaths: ['user-bash.txt'] });
  });
});
