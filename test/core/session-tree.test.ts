/**
 * delegate_task children under their own session id: the subagent_start record (core/state/
 * lineage.ts) and the step that puts the root on a child's later events (core/answer/session-tree.ts,
 * which the controller takes when a door says the tree is recorded).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetChild, lineageOf, LINEAGE_MAX_AGE_MS, pruneLineage, recordChild } from '../../core/state/lineage';
import type { ControlEvent } from '../../core/protocol';
import { hermesAdapter } from '../../hosts/hermes/adapter';
import { UNKNOWN_PARENT_AGENT, placeInRecordedTree } from '../../core/answer/session-tree';

let roots: string[] = [];
afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
});
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stopline-lineage-'));
  roots.push(dir);
  return dir;
}

const ROOT = '20261129_141503_7c2e9a';
const CHILD = '20261129_141530_0b9e44';
const GRANDCHILD = '20261129_141601_aa11bb';

describe('core/state/lineage', () => {
  it('records a child under its parent, a grandchild under the same root, and forgets on request', () => {
    const data = scratch();
    expect(lineageOf(data, CHILD)).toEqual({ kind: 'unknown' });
    expect(recordChild(data, CHILD, ROOT)).toEqual({ kind: 'child', rootSessionId: ROOT });
    expect(lineageOf(data, CHILD)).toEqual({ kind: 'child', rootSessionId: ROOT });
    expect(recordChild(data, GRANDCHILD, CHILD)).toEqual({ kind: 'child', rootSessionId: ROOT });
    expect(lineageOf(data, ROOT)).toEqual({ kind: 'unknown' });
    forgetChild(data, CHILD);
    forgetChild(data, CHILD);
    expect(lineageOf(data, CHILD)).toEqual({ kind: 'unknown' });
    expect(lineageOf(data, GRANDCHILD)).toEqual({ kind: 'child', rootSessionId: ROOT });
  });

  it('a child with no named parent is an orphan, and so are its own children', () => {
    const data = scratch();
    expect(recordChild(data, CHILD, null)).toEqual({ kind: 'orphan' });
    expect(recordChild(data, GRANDCHILD, CHILD)).toEqual({ kind: 'orphan' });
    expect(lineageOf(data, GRANDCHILD)).toEqual({ kind: 'orphan' });
  });

  it('stores no raw session id: names are hashes and the root is sealed; files 0600, folder 0700', () => {
    const data = scratch();
    recordChild(data, CHILD, ROOT);
    const dir = join(data, 'lineage');
    const names = readdirSync(dir);
    expect(names).toHaveLength(1);
    const text = readFileSync(join(dir, names[0]!), 'utf8');
    for (const raw of [ROOT, CHILD, '7c2e9a', '0b9e44']) {
      expect(names[0]).not.toContain(raw);
      expect(text).not.toContain(raw);
      expect(text).not.toContain(Buffer.from(ROOT).toString('hex'));
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, names[0]!)).mode & 0o777).toBe(0o600);
  });

  it('a damaged or foreign record proves no root: the session counts as an orphan child', () => {
    const data = scratch();
    recordChild(data, CHILD, ROOT);
    const dir = join(data, 'lineage');
    const file = join(dir, readdirSync(dir)[0]!);
    writeFileSync(file, '{not json');
    expect(lineageOf(data, CHILD)).toEqual({ kind: 'orphan' });
    // a record sealed for another child cannot be moved over to claim this one's root
    recordChild(data, GRANDCHILD, 'someone-else');
    const other = readdirSync(dir).map((n) => join(dir, n)).find((p) => p !== file)!;
    writeFileSync(file, readFileSync(other));
    expect(lineageOf(data, CHILD)).toEqual({ kind: 'orphan' });
  });

  it('records a host never closed (no subagent stop) are removed after a week, the next time a child starts', () => {
    const data = scratch();
    recordChild(data, CHILD, ROOT);
    const dir = join(data, 'lineage');
    const old = join(dir, readdirSync(dir)[0]!);
    const weekAgo = (Date.now() - LINEAGE_MAX_AGE_MS - 60_000) / 1000;
    utimesSync(old, weekAgo, weekAgo);
    recordChild(data, GRANDCHILD, ROOT);
    expect(lineageOf(data, CHILD)).toEqual({ kind: 'unknown' });
    expect(lineageOf(data, GRANDCHILD)).toEqual({ kind: 'child', rootSessionId: ROOT });
    expect(pruneLineage(join(data, 'nowhere'))).toBe(0);
  });

  it('an unusable data folder is an error for the fail mode, not a silent root', () => {
    const data = scratch();
    writeFileSync(join(data, 'file'), 'x');
    expect(() => recordChild(join(data, 'file'), CHILD, ROOT)).toThrow();
    expect(() => lineageOf(join(data, 'file'), CHILD)).toThrow(/ENOTDIR/);
    expect(lineageOf(join(data, 'not-yet-created'), CHILD)).toEqual({ kind: 'unknown' });
  });
});

describe('the recorded session tree on Hermes events', () => {
  const env = (data: string) => ({ HOME: '/home/dev', STOPLINE_HOST_DATA_DIR: data, XDG_CONFIG_HOME: join(data, 'no-config') });
  function through(data: string, kwargs: Record<string, unknown>): ControlEvent {
    const m = hermesAdapter.toControlEvent({ cwd: '/home/dev/acme-app', ...kwargs }, env(data));
    if (m.kind !== 'event') throw new Error(m.why);
    // STOPLINE_HOST_DATA_DIR makes `data` the data folder the controller uses
    return placeInRecordedTree(m.event, data);
  }
  const start = { hook_event_name: 'subagent_start', parent_session_id: ROOT, child_session_id: CHILD, child_subagent_id: 'sa_1', child_role: 'leaf' };
  const childWrite = { hook_event_name: 'pre_tool_call', tool_name: 'write_file', args: { path: 'x.txt', content: '' }, session_id: CHILD, task_id: CHILD };
  const childPrompt = { hook_event_name: 'pre_llm_call', session_id: CHILD, user_message: '$stopline change files=** -- go wide' };

  it("after subagent_start, the child's tool calls and prompts carry the root; its prompt is not the person", () => {
    const data = scratch();
    expect(through(data, start)).toMatchObject({ sessionId: CHILD, rootSessionId: ROOT, host: { agentId: 'sa_1' } });
    expect(through(data, childWrite)).toMatchObject({ sessionId: CHILD, rootSessionId: ROOT });
    expect(through(data, childPrompt)).toMatchObject({ rootSessionId: ROOT, prompt: { source: 'subagent' } });
  });

  it("a grandchild (an orchestrator's child) is judged by the same root", () => {
    const data = scratch();
    through(data, start);
    through(data, { ...start, parent_session_id: CHILD, child_session_id: GRANDCHILD });
    expect(through(data, { ...childWrite, session_id: GRANDCHILD })).toMatchObject({ rootSessionId: ROOT });
  });

  it('subagent_stop keeps the root for its own event, then forgets the child', () => {
    const data = scratch();
    through(data, start);
    expect(through(data, { hook_event_name: 'subagent_stop', parent_session_id: ROOT, child_session_id: CHILD, child_status: 'completed' })).toMatchObject({ rootSessionId: ROOT });
    expect(through(data, childWrite).rootSessionId).toBeUndefined();
  });

  it('a child whose parent Hermes did not name can never act as the person', () => {
    const data = scratch();
    const orphan = through(data, { ...start, parent_session_id: null });
    expect(orphan.rootSessionId).toBeUndefined();
    expect(orphan.host.agentId).toBe('sa_1');
    const prompt = through(data, childPrompt);
    expect(prompt).toMatchObject({ sessionId: CHILD, prompt: { source: 'subagent' }, host: { agentId: UNKNOWN_PARENT_AGENT } });
    expect(prompt.rootSessionId).toBeUndefined();
  });

  it('a root session is left as it is', () => {
    const data = scratch();
    const ev = through(data, { hook_event_name: 'pre_llm_call', session_id: ROOT, user_message: '$stopline review' });
    expect(ev.rootSessionId).toBeUndefined();
    expect(ev.host.agentId).toBeUndefined();
    expect(ev.prompt!.source).toBe('user');
  });

  it('subagent events without a child id stay filed under the parent and record nothing', () => {
    const data = scratch();
    expect(through(data, { ...start, child_session_id: null })).toMatchObject({ sessionId: ROOT, rootSessionId: ROOT });
    expect(through(data, { hook_event_name: 'pre_llm_call', session_id: ROOT, user_message: 'hi' }).prompt!.source).toBe('user');
  });
});
