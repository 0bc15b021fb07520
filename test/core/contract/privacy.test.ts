import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { handleEvent } from '../../../core/answer/controller';
import type { HandleOptions } from '../../../core/answer/controller';
import { sessionStore } from '../../../core/state/session';
import { allFiles, sandbox } from './helpers';

// distinct per field so a leak names the field it came from
const S = (field: string) => `PLANT_${field}_7f3a9c`;

describe('privacy: evidence is metadata only', () => {
  it('a secret planted in every input field never reaches the data folder', () => {
    const sb = sandbox();
    const opts: HandleOptions = { env: sb.env, denyResponse: 'permission_deny_returned' };
    const host = { family: 'claude', version: S('hostVersion'), permissionMode: S('permissionMode') };
    const base = { protocolVersion: 1, sessionId: S('sessionId'), turnId: S('turnId'), cwd: `/w/${S('cwd')}`, host };
    const child = { ...base, sessionId: S('childSessionId'), rootSessionId: S('sessionId'), host: { ...host, agentId: S('agentId'), agentType: S('agentType') } };
    const act = (o: object = {}) => ({
      id: S('actionId'),
      name: S('toolName'),
      canonicalName: S('canonicalName'),
      mutability: 'write',
      affectedPaths: [`src/${S('path')}.ts`, `/abs/${S('absPath')}`],
      cwd: `/w/${S('actionCwd')}`,
      dependencyIntent: true,
      hashIntent: false,
      delegationCount: 0,
      unboundedDelegation: false,
      segments: [{ program: S('program'), mutability: 'write', paths: [S('segmentPath')], why: `writes ${S('content')}` }],
      runs: [`/h/${S('runs')}.mjs`],
      ...o,
    });
    const prompt = (text: string, ev: object = base) => handleEvent({ ...ev, kind: 'prompt.submit', prompt: { text, source: 'user' } }, opts);
    const action = (kind: string, o: object = {}, ev: object = base) => handleEvent({ ...ev, kind, action: act(o) }, opts);

    const outcomes = [
      handleEvent({ ...base, kind: 'session.start' }, opts),
      prompt(`hello ${S('plainPrompt')}`),
      action('action.before'),
      prompt(`$stopline change files=src/**|${S('filesEntry')}/** agents=3 -- ${S('taskText')}`),
      prompt(`$stopline review ${S('badToken')}`),
      prompt(`$stopline change agents=${S('badAgents')}`),
      prompt(`review only, and ${S('correctionText')}`),
      prompt(`fix it ${S('fixText')}`),
      action('action.before'),
      action('action.before', { affectedPaths: null }),
      action('action.before', { mutability: 'unknown', affectedPaths: null }),
      action('action.before', { mutability: 'delegate', delegationCount: 2, affectedPaths: [] }),
      action('action.before', { mutability: 'delegate', unboundedDelegation: true, affectedPaths: [] }),
      action('action.before', { mutability: 'read', hashIntent: true }),
      action('action.after'),
      handleEvent({ ...child, kind: 'subagent.start' }, opts),
      action('action.before', {}, child),
      prompt(`$stopline change -- ${S('childPrompt')}`, child),
      handleEvent({ ...child, kind: 'subagent.stop' }, opts),
      handleEvent({ ...base, kind: 'turn.stop' }, opts),
      prompt('$stopline status'),
      prompt('$stopline runtime all'),
    ];
    const denied = outcomes.find((o) => o.eventId && o.kind === 'deny')!;
    expect(denied).toBeTruthy();
    outcomes.push(prompt(`$stopline explain ${denied.eventId}`));
    outcomes.push(prompt(`$stopline label ${denied.eventId} correct`));
    // a damaged state file is replaced and recorded without copying its content anywhere
    const store = sessionStore(sb.data, S('sessionId'));
    writeFileSync(store.file, `{"broken": "${S('damagedState')}"`);
    outcomes.push(action('action.before'));
    outcomes.push(handleEvent({ ...base, kind: 'session.end' }, opts));

    // the outcomes themselves went to the host; some of them rightly name paths and tokens
    expect(outcomes.some((o) => o.message?.includes(S('badToken')))).toBe(true);

    const files = allFiles(sb.data);
    expect(files.map((f) => relative(sb.data, f).split('/')[0]).sort()).toEqual(expect.arrayContaining(['labels.jsonl', 'runtime', 'sessions']));
    const leaks: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'latin1');
      for (const m of text.matchAll(/PLANT_([A-Za-z]+)_7f3a9c/g)) leaks.push(`${relative(sb.data, f)}: ${m[1]}`);
    }
    // the one exception, by design: the contract's own files= entries must be stored to be
    // enforced by the next hook process; they live only in the session state file
    const stateRel = relative(sb.data, store.file);
    // and the damaged state file a hook moved aside holds what it held (it never leaves sessions/)
    expect(leaks.filter((l) => l !== `${stateRel}: filesEntry` && !/^sessions\/[0-9a-f]{32}\.json\.corrupt-[0-9TZ]+: damagedState$/.test(l))).toEqual([]);
    // and never in evidence or labels
    expect(leaks.every((l) => l.startsWith('sessions/'))).toBe(true);
    expect(files.some((f) => f.includes('7f3a9c'))).toBe(false);
    expect(join(sb.data)).not.toContain('PLANT');
  });
});
