/**
 * The OpenCode adapter's pure half, on the payloads OpenCode 1.18.33 really sent
 * (test/fixtures/opencode, copied from the shared capture): tool calls become the right
 * actions, only the person's text parts count, parent links and agents are read as captured,
 * and a deny is exactly the Error OpenCode hands to the model.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import {
  agentCanEdit,
  agentEditTable,
  appendToToolOutput,
  canonicalInput,
  denyError,
  messageInfo,
  personTextPart,
  promptEvent,
  sessionInfo,
  toolCallInput,
  toolEvent,
  userMessage,
} from '../../../hosts/opencode/adapter';
import type { Ancestry } from '../../../hosts/opencode/adapter';
import { parseControlEvent } from '../../../core/protocol';
import { FIXTURES, fixture } from './fake-client';

const ROOT: Ancestry = { sessionId: 'ses_dd75840a0ffeTojbtDvL9bLB3S', rootId: 'ses_dd75840a0ffeTojbtDvL9bLB3S', certain: true };
const CWD = '/home/dev/project';

function before(name: string) {
  const f = fixture(name) as { input: unknown; output: { args: unknown } };
  const call = toolCallInput(f.input);
  return toolEvent('action.before', call, f.output.args, { ancestry: { ...ROOT, sessionId: call.sessionID, rootId: call.sessionID }, cwd: CWD, env: { HOME: '/home/dev' }, version: '1.18.33' });
}

describe('tool calls from the captured tool.execute.before payloads', () => {
  it('write {filePath, content}: a write of that file, with the call id and session id', () => {
    const ev = before('tool.execute.before-write.json');
    expect(parseControlEvent(ev).ok).toBe(true);
    expect(ev).toMatchObject({ kind: 'action.before', sessionId: 'ses_dd75840a0ffeTojbtDvL9bLB3S', cwd: CWD, host: { family: 'opencode', version: '1.18.33', hasHuman: false } });
    expect(ev.action).toMatchObject({ id: 'call_1_0', name: 'write', canonicalName: 'Write', mutability: 'write', affectedPaths: ['allowed.txt'] });
    expect(ev.rootSessionId).toBeUndefined();
  });

  it('edit {filePath, oldString, newString}: a write of that file', () => {
    expect(before('tool.execute.before-edit-denied.json').action).toMatchObject({ name: 'edit', canonicalName: 'Edit', mutability: 'write', affectedPaths: ['allowed.txt'] });
  });

  it('bash with a redirect: the shell analysis finds the written file', () => {
    const a = before('tool.execute.before-bash.json').action!;
    expect(a).toMatchObject({ name: 'bash', canonicalName: 'Bash', mutability: 'write' });
    expect(a.affectedPaths).toEqual(['bash-allowed.txt']);
  });

  it('task: one subagent; the same call with task_id continues a child and is control', () => {
    const a = before('tool.execute.before-task.json').action!;
    expect(a).toMatchObject({ name: 'task', canonicalName: 'Task', mutability: 'delegate', delegationCount: 1, unboundedDelegation: false });
    const f = fixture('tool.execute.before-task.json') as { input: unknown; output: { args: Record<string, unknown> } };
    const cont = toolEvent('action.before', toolCallInput(f.input), { ...f.output.args, task_id: 'ses_dd7575588ffep8O5s8xsnYi1KA' }, { ancestry: ROOT, cwd: CWD, env: {} });
    expect(cont.action).toMatchObject({ mutability: 'control', delegationCount: 0 });
  });

  it('an MCP or plugin tool the table does not list is unknown', () => {
    const ev = toolEvent('action.before', { tool: 'github_create_issue', sessionID: 's', callID: 'c' }, { title: 'x' }, { ancestry: { sessionId: 's', rootId: 's', certain: true }, cwd: CWD, env: {} });
    expect(ev.action).toMatchObject({ mutability: 'unknown', affectedPaths: null });
  });

  it('tool.execute.after payloads carry the args in the input and map to action.after', () => {
    for (const name of ['tool.execute.after-write.json', 'tool.execute.after-bash.json', 'tool.execute.after-task.json']) {
      const f = fixture(name) as { input: { args: unknown } };
      const ev = toolEvent('action.after', toolCallInput(f.input), f.input.args, { ancestry: ROOT, cwd: CWD, env: {} });
      expect(parseControlEvent(ev).ok, name).toBe(true);
      expect(ev.kind).toBe('action.after');
    }
  });

  it('a child session shares its root: rootSessionId is set only when the ancestry is proven', () => {
    const call = { tool: 'write', sessionID: 'ses_child', callID: 'c1' };
    const child = toolEvent('action.before', call, { filePath: 'x', content: '' }, { ancestry: { sessionId: 'ses_child', rootId: 'ses_root', certain: true }, cwd: CWD, env: {} });
    expect(child.rootSessionId).toBe('ses_root');
    const unknown = toolEvent('action.before', call, { filePath: 'x', content: '' }, { ancestry: { sessionId: 'ses_child', rootId: 'ses_child', certain: false }, cwd: CWD, env: {} });
    expect(unknown.rootSessionId).toBeUndefined();
  });

  it('a broken hook input is a clear error, not a crash later', () => {
    expect(() => toolCallInput(null)).toThrow('not an object');
    expect(() => toolCallInput({ sessionID: 's' })).toThrow('tool is missing');
    expect(() => toolCallInput({ tool: 'write' })).toThrow('sessionID is missing');
  });
});

describe('whose words: message events', () => {
  it('the captured user text part is a candidate; tool, step and patch parts are not', () => {
    expect(personTextPart((fixture('event-message.part.updated-text.json').arg as { event: unknown }).event)).toEqual({
      sessionID: 'ses_dd75840a0ffeTojbtDvL9bLB3S',
      messageID: 'msg_228a7c00b001EqGNlWAYGjRVKj',
    });
    for (const f of readdirSync(FIXTURES).filter((n) => n.startsWith('event-message.part.updated-') && n !== 'event-message.part.updated-text.json')) {
      expect(personTextPart((fixture(f).arg as { event: unknown }).event), f).toBeNull();
    }
  });

  it('synthetic and ignored text parts never count (this plugin injects synthetic parts)', () => {
    const ev = (fixture('event-message.part.updated-text.json').arg as { event: { properties: { part: Record<string, unknown> } } }).event;
    const synthetic = structuredClone(ev);
    synthetic.properties.part.synthetic = true;
    const ignored = structuredClone(ev);
    ignored.properties.part.ignored = true;
    expect(personTextPart(synthetic)).toBeNull();
    expect(personTextPart(ignored)).toBeNull();
  });

  it('message.updated tells user from assistant before the parts arrive', () => {
    expect(messageInfo((fixture('event-message.updated-user.json').arg as { event: unknown }).event)).toEqual({ id: 'msg_228a7c00b001EqGNlWAYGjRVKj', role: 'user', agent: 'build' });
    expect(messageInfo((fixture('event-message.updated-assistant.json').arg as { event: unknown }).event)).toMatchObject({ role: 'assistant' });
  });

  it('a message read back: only a user message, only its own text parts, joined', () => {
    const cm = fixture('chat.message.json') as { output: { message: unknown; parts: Record<string, unknown>[] } };
    const data = { info: cm.output.message, parts: [...cm.output.parts, { type: 'text', text: 'INJECTED', synthetic: true }, { type: 'text', text: 'second line' }, { type: 'file', url: 'x' }] };
    expect(userMessage(data)).toEqual({ id: 'msg_228a7c00b001EqGNlWAYGjRVKj', text: 'lab scenario deny\nsecond line', agent: 'build', model: { providerID: 'fake', modelID: 'scripted' } });
    expect(userMessage({ ...data, info: { ...(cm.output.message as object), role: 'assistant' } })).toBeNull();
    expect(userMessage({ info: cm.output.message, parts: [{ type: 'text', text: 'x', synthetic: true }] })).toBeNull();
    expect(userMessage(undefined)).toBeNull();
  });

  it('a prompt from a proven root is the person; a child or unknown ancestry is not', () => {
    expect(promptEvent(ROOT, '$stopline review', { cwd: CWD }).prompt).toEqual({ text: '$stopline review', source: 'user' });
    expect(promptEvent({ sessionId: 'c', rootId: 'r', certain: true }, '$stopline open', { cwd: CWD }).prompt?.source).toBe('subagent');
    expect(promptEvent({ sessionId: 'c', rootId: 'c', certain: false }, '$stopline open', { cwd: CWD }).prompt?.source).toBe('subagent');
  });
});

describe('sessions and agents as captured', () => {
  it('session.created: a root has no parent; a task child names its parent', () => {
    expect(sessionInfo((fixture('event-session.created.json').arg as { event: unknown }).event)).toMatchObject({ parentID: null, version: '1.18.33' });
    expect(sessionInfo((fixture('event-session.created-child.json').arg as { event: unknown }).event)).toEqual({
      id: 'ses_dd7575588ffep8O5s8xsnYi1KA',
      parentID: 'ses_dd7575e5affeD8PRbKpnnjZBtW',
      version: '1.18.33',
    });
  });

  it('client.app.agents(): build and general edit; plan (edit * denied) and explore (* denied) do not', () => {
    const table = agentEditTable(fixture('client.app.agents-result.json').data);
    expect(Object.fromEntries(table)).toMatchObject({ build: true, general: true, plan: false, explore: false });
  });

  it('the older object shape of permission is read too; a shape we do not know is unknown', () => {
    expect(agentCanEdit({ name: 'x', permission: { edit: 'deny', bash: {} } })).toBe(false);
    expect(agentCanEdit({ name: 'x', permission: { edit: 'ask', bash: {} } })).toBe(true);
    expect(agentCanEdit({ name: 'x', permission: [{ permission: 'edit', pattern: 'docs/*', action: 'allow' }] })).toBeUndefined();
    expect(agentCanEdit({ name: 'x' })).toBeUndefined();
  });
});

describe('rendering', () => {
  it('a deny is an Error whose message is exactly the stamp (OpenCode gives the model the raw message)', () => {
    const e = denyError({ kind: 'deny', message: 'STOP / INTENT\nReason: MODE_FORBIDS_MUTATION (I)' });
    expect(e).toBeInstanceOf(Error);
    expect(e.message).toBe('STOP / INTENT\nReason: MODE_FORBIDS_MUTATION (I)');
    expect(denyError({ kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE' }).message).toBe('STOP / CONTROL\nReason: GUARD_UNAVAILABLE');
  });

  it('context after a tool is appended to the output the model reads, in place', () => {
    const output = structuredClone((fixture('tool.execute.after-write.json') as { output: Record<string, unknown> }).output);
    expect(appendToToolOutput(output, ['WATCH / SCOPE', ''])).toBe(true);
    expect(output.output).toBe('Wrote file successfully.\n\nWATCH / SCOPE');
    expect(appendToToolOutput(output, [])).toBe(false);
  });

  it("the person's hooks get Claude's field names next to the raw input", () => {
    expect(canonicalInput('write', { filePath: 'a.txt', content: 'x' })).toEqual({ file_path: 'a.txt', content: 'x' });
    expect(canonicalInput('edit', { filePath: 'a.txt', oldString: 'a', newString: 'b', replaceAll: true })).toEqual({ file_path: 'a.txt', old_string: 'a', new_string: 'b', replace_all: true });
    expect(canonicalInput('bash', { command: 'ls', workdir: '/x' })).toEqual({ command: 'ls' });
    expect(canonicalInput('task', { description: 'd', prompt: 'p', subagent_type: 'general' })).toEqual({ description: 'd', prompt: 'p', subagent_type: 'general' });
    expect(canonicalInput('nope', { a: 1 })).toBeUndefined();
  });
});
