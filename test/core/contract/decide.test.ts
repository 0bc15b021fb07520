import { describe, expect, it } from 'vitest';
import { decide } from '../../../core/contract/decide';
import type { DecideContext, DecisionOutcome } from '../../../core/contract/decide';
import { freshContract } from '../../../core/contract/types';
import type { Contract } from '../../../core/contract/types';
import type { Action } from '../../../core/protocol';
import { DECISION_PRECEDENCE, REASONS } from '../../../core/registry/reasons';
import type { DecisionReason } from '../../../core/registry/reasons';

const ARMED_CHANGE: Contract = { ...freshContract(), mode: 'change', level: 'guard', source: 'directive', revision: 1 };
const ctx: DecideContext = { selfPaths: ['/home/u/.config/stopline', '/home/u/.codex/hooks.json', '/w/p/.stopline'], home: '/home/u', cwd: '/w/p' };

function C(o: Partial<Contract> = {}): Contract {
  return { ...ARMED_CHANGE, ...o };
}
function A(o: Partial<Action> = {}): Action {
  return { name: 'Edit', mutability: 'write', affectedPaths: ['src/a.ts'], cwd: '/w/p', dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false, ...o };
}
const READ: Partial<Action> = { name: 'Read', mutability: 'read', affectedPaths: [] };
const UNKNOWN: Partial<Action> = { name: 'mcp__x__run', mutability: 'unknown', affectedPaths: null };
const DELEGATE: Partial<Action> = { name: 'Agent', mutability: 'delegate', affectedPaths: [], delegationCount: 1 };
const UNPLACED: Partial<Action> = { name: 'Bash', mutability: 'unknown', affectedPaths: null, command: 'python3 -c "..."' };
const STRICT_UNCONFINED: Partial<DecideContext> = { unconfined: true, floor: { settings: { preset: 'strict', exceptions: [], secrets: [] } } };
const UNSEEN: Partial<Action> = { name: 'task', mutability: 'unknown', affectedPaths: null, delegationCount: 1, dependencyIntent: true, hashIntent: true };

type Row = [string, Partial<Contract>, Partial<Action>, DecisionOutcome, DecisionReason, Partial<DecideContext>?];

// Each rule: it fires; the rule above it wins when both match; it wins over the rule below; a near miss.
const ROWS: Row[] = [
  // 0 CONTROL_INACTIVE
  ['off level allows a plain write', { level: 'off' }, {}, 'allow', 'CONTROL_INACTIVE'],
  ['unconfirmed mode allows a write', { mode: 'unconfirmed', level: 'watch' }, {}, 'allow', 'CONTROL_INACTIVE'],
  ['unconfirmed mode under guard still inactive', { mode: 'unconfirmed', level: 'guard' }, { hashIntent: true }, 'allow', 'CONTROL_INACTIVE'],
  ['off beats review write', { mode: 'review', level: 'off' }, {}, 'allow', 'CONTROL_INACTIVE'],
  // 1 GUARD_SELF_PROTECTION: the floor's first rule, so it holds with no contract and under off
  ['write into user config folder', {}, { affectedPaths: ['/home/u/.config/stopline/stopline.json'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['no directive yet: a self write is still denied', { mode: 'unconfirmed', level: 'watch' }, { affectedPaths: ['.stopline/stopline.json'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['off level: a self write is still denied', { level: 'off' }, { affectedPaths: ['/home/u/.config/stopline/stopline.json'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['self beats the floor rules below it', { mode: 'unconfirmed', level: 'watch' }, { affectedPaths: ['.stopline/stopline.json'], hazards: [{ kind: 'git-discard', form: 'git reset --hard', paths: [] }] }, 'deny', 'GUARD_SELF_PROTECTION'],
  // 2-8 the floor's families (core/floor/floor.ts): in every state, never softened by watch
  ['git discard with no directive', { mode: 'unconfirmed', level: 'watch' }, { hazards: [{ kind: 'git-discard', form: 'git reset --hard', paths: [] }] }, 'deny', 'FLOOR_GIT_DISCARD'],
  ['git discard under off', { level: 'off' }, { hazards: [{ kind: 'git-discard', form: 'git clean --force', paths: [] }] }, 'deny', 'FLOOR_GIT_DISCARD'],
  ['git discard whose words come from input: asked', { mode: 'open' }, { hazards: [{ kind: 'git-discard', form: 'git reset with words from its input', paths: null }] }, 'ask', 'FLOOR_GIT_DISCARD'],
  ['git discard beats a delete outside', { mode: 'open' }, { hazards: [{ kind: 'delete', form: 'rm -rf', paths: ['/etc'], recursive: true }, { kind: 'git-discard', form: 'git stash drop', paths: [] }] }, 'deny', 'FLOOR_GIT_DISCARD'],
  ['recursive delete of HOME', { mode: 'unconfirmed', level: 'watch' }, { hazards: [{ kind: 'delete', form: 'rm -rf', paths: ['~'], recursive: true }] }, 'deny', 'FLOOR_WHOLESALE_DELETE'],
  ['recursive delete outside the project', { mode: 'open' }, { hazards: [{ kind: 'delete', form: 'rm -rf', paths: ['/w/other'], recursive: true }] }, 'deny', 'FLOOR_WHOLESALE_DELETE'],
  ['recursive delete inside the project is free', { mode: 'unconfirmed', level: 'watch' }, { hazards: [{ kind: 'delete', form: 'rm -rf', paths: ['build'], recursive: true }] }, 'allow', 'CONTROL_INACTIVE'],
  ['recursive delete below a temp folder is free', { mode: 'open' }, { hazards: [{ kind: 'delete', form: 'rm -rf', paths: ['/tmp/x'], recursive: true }] }, 'allow', 'WITHIN_CONTRACT'],
  ['the floor beats the mode', { mode: 'review' }, { hazards: [{ kind: 'delete', form: 'rm -rf', paths: ['.'], recursive: true }] }, 'deny', 'FLOOR_WHOLESALE_DELETE'],
  ['device write', { mode: 'open' }, { hazards: [{ kind: 'device', form: 'dd of=/dev/…', paths: ['/dev/sda'] }] }, 'deny', 'FLOOR_DEVICE_WRITE'],
  ['secret read by a read tool, no directive', { mode: 'unconfirmed', level: 'watch' }, { ...READ, hazards: [{ kind: 'secret', form: 'Read reads environment file', paths: ['.env'] }] }, 'deny', 'FLOOR_SECRET_READ'],
  ['download run as code', { mode: 'open' }, { hazards: [{ kind: 'download-exec', form: 'curl … | sh', paths: [] }] }, 'deny', 'FLOOR_DOWNLOAD_EXEC'],
  ['recursive delete of a run-time target: asked', { mode: 'unconfirmed', level: 'watch' }, { hazards: [{ kind: 'delete', form: 'rm -rf', paths: null, recursive: true }] }, 'ask', 'FLOOR_DELETE_UNPROVEN'],
  ['an unproven delete beside a proven one outside: the deny wins', { mode: 'open' }, { hazards: [{ kind: 'delete', form: 'rm -rf', paths: null, recursive: true }, { kind: 'delete', form: 'rm -rf', paths: ['/'], recursive: true }] }, 'deny', 'FLOOR_WHOLESALE_DELETE'],
  ['a plain delete of a run-time target is free', { mode: 'open' }, { hazards: [{ kind: 'delete', form: 'rm', paths: null }] }, 'allow', 'WITHIN_CONTRACT'],
  ['code only known at run time: asked', { mode: 'unconfirmed', level: 'watch' }, { hazards: [{ kind: 'unseen-code', form: 'eval <code only known at run time>', paths: [] }] }, 'ask', 'FLOOR_UNSEEN_CODE'],
  // 9 GUARD_SELF_UNPROVEN: no contract armed, a command's writes unplaced, no sandbox to hold it, the strict floor
  ['unarmed, unplaced, unconfinable, strict: asked', { mode: 'unconfirmed', level: 'watch' }, { ...UNPLACED }, 'ask', 'GUARD_SELF_UNPROVEN', STRICT_UNCONFINED],
  ['the same under off', { level: 'off' }, { ...UNPLACED }, 'ask', 'GUARD_SELF_UNPROVEN', STRICT_UNCONFINED],
  ['the same under watch: the ask is not softened', { mode: 'review', level: 'watch' }, { ...UNPLACED }, 'ask', 'GUARD_SELF_UNPROVEN', STRICT_UNCONFINED],
  ['a floor rule above it wins', { mode: 'unconfirmed', level: 'watch' }, { ...UNPLACED, hazards: [{ kind: 'unseen-code', form: 'eval <code only known at run time>', paths: [] }] }, 'deny', 'FLOOR_UNSEEN_CODE', STRICT_UNCONFINED],
  ['under preset standard it runs', { mode: 'unconfirmed', level: 'watch' }, { ...UNPLACED }, 'allow', 'CONTROL_INACTIVE', { unconfined: true }],
  ['a sandbox may still hold it: not asked', { mode: 'unconfirmed', level: 'watch' }, { ...UNPLACED }, 'allow', 'CONTROL_INACTIVE', { floor: { settings: { preset: 'strict', exceptions: [], secrets: [] } } }],
  ['an armed contract: its own rules answer', { mode: 'open' }, { ...UNPLACED }, 'allow', 'WITHIN_CONTRACT', STRICT_UNCONFINED],
  ['a placed write: not asked', { mode: 'unconfirmed', level: 'watch' }, { ...UNPLACED, mutability: 'write', affectedPaths: ['src/a.ts'] }, 'allow', 'CONTROL_INACTIVE', STRICT_UNCONFINED],
  ['~ path into an installed hook file', {}, { affectedPaths: ['~/.codex/hooks.json'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['relative path into project .stopline', {}, { affectedPaths: ['.stopline/stopline.json'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['.. escape resolving into .stopline', {}, { cwd: '/w/p/src', affectedPaths: ['../.stopline/x.json'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['selfTarget flag from analysis', {}, { affectedPaths: null, selfTarget: true }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['self beats files= allowing it', { files: ['**', '/home/u/**'] }, { affectedPaths: ['/home/u/.config/stopline/a'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['self beats mode (review)', { mode: 'review' }, { affectedPaths: ['.stopline/stopline.json'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['self in open mode', { mode: 'open' }, { affectedPaths: ['.stopline/stopline.json'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['unknown with a proven self path', {}, { mutability: 'unknown', affectedPaths: ['.stopline/a'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['reading stopline files is fine', { mode: 'review' }, { ...READ, affectedPaths: ['.stopline/stopline.json'] }, 'allow', 'WITHIN_CONTRACT'],
  ['a sibling name is not self', {}, { affectedPaths: ['.stoplinex/a'] }, 'allow', 'WITHIN_CONTRACT'],
  // a folder that holds a protected path: moving, removing or overwriting it takes the path along
  ['a folder holding a protected file', { mode: 'open' }, { affectedPaths: ['/home/u/.codex'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['the home folder holds them all', { mode: 'open' }, { affectedPaths: ['~'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['the project folder holds .stopline', { mode: 'open' }, { affectedPaths: ['.'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['the parent of the project', { mode: 'open' }, { affectedPaths: ['..'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['a sibling folder of a protected one', { mode: 'open' }, { affectedPaths: ['/home/u/.config/other'] }, 'allow', 'WITHIN_CONTRACT'],
  ['a folder with a protected-looking prefix', { mode: 'open' }, { affectedPaths: ['/home/u/.cod'] }, 'allow', 'WITHIN_CONTRACT'],
  // 2 MODE_FORBIDS_MUTATION
  ['review + write', { mode: 'review' }, {}, 'deny', 'MODE_FORBIDS_MUTATION'],
  ['answer + write', { mode: 'answer' }, {}, 'deny', 'MODE_FORBIDS_MUTATION'],
  ['monitor + write', { mode: 'monitor' }, {}, 'deny', 'MODE_FORBIDS_MUTATION'],
  ['mode beats hash', { mode: 'review' }, { hashIntent: true }, 'deny', 'MODE_FORBIDS_MUTATION'],
  ['mode beats files=', { mode: 'review', files: ['lib/**'] }, {}, 'deny', 'MODE_FORBIDS_MUTATION'],
  ['review + read is fine', { mode: 'review' }, READ, 'allow', 'WITHIN_CONTRACT'],
  ['change + write is fine', {}, {}, 'allow', 'WITHIN_CONTRACT'],
  ['open + write is fine', { mode: 'open' }, {}, 'allow', 'WITHIN_CONTRACT'],
  // 3 MUTABILITY_UNPROVEN
  ['review + unknown', { mode: 'review' }, UNKNOWN, 'ask', 'MUTABILITY_UNPROVEN'],
  ['answer + unknown', { mode: 'answer' }, UNKNOWN, 'ask', 'MUTABILITY_UNPROVEN'],
  ['unproven beats deps', { mode: 'review' }, { ...UNKNOWN, dependencyIntent: true }, 'ask', 'MUTABILITY_UNPROVEN'],
  // the first rule names the reason; a later rule that denies makes the whole verdict deny (an approval must not let it through)
  ['unproven beats hash; hash=deny makes it a denial', { mode: 'review', hash: 'deny' }, { ...UNKNOWN, hashIntent: true }, 'deny', 'MUTABILITY_UNPROVEN'],
  ['unproven beats hash=ask, still an ask', { mode: 'review', hash: 'ask' }, { ...UNKNOWN, hashIntent: true }, 'ask', 'MUTABILITY_UNPROVEN'],
  ['change + unknown, no files=', {}, UNKNOWN, 'allow', 'WITHIN_CONTRACT'],
  ['review + control', { mode: 'review' }, { name: 'TodoWrite', mutability: 'control', affectedPaths: [] }, 'allow', 'WITHIN_CONTRACT'],
  // 4 HASH_NOT_AUTHORIZED
  ['hash=deny', { hash: 'deny' }, { hashIntent: true }, 'deny', 'HASH_NOT_AUTHORIZED'],
  ['hash=ask', { hash: 'ask' }, { hashIntent: true }, 'ask', 'HASH_NOT_AUTHORIZED'],
  ['hash=allow', { hash: 'allow' }, { hashIntent: true }, 'allow', 'WITHIN_CONTRACT'],
  ['hash on a read (sha256sum) in review', { mode: 'review', hash: 'deny' }, { ...READ, hashIntent: true }, 'deny', 'HASH_NOT_AUTHORIZED'],
  ['hash beats files=', { hash: 'deny', files: ['lib/**'] }, { hashIntent: true }, 'deny', 'HASH_NOT_AUTHORIZED'],
  ['hash beats deps; deps=deny makes it a denial', { hash: 'ask', deps: 'deny' }, { hashIntent: true, dependencyIntent: true }, 'deny', 'HASH_NOT_AUTHORIZED'],
  ['hash=ask beats deps=ask, an ask', { hash: 'ask', deps: 'ask' }, { hashIntent: true, dependencyIntent: true }, 'ask', 'HASH_NOT_AUTHORIZED'],
  // 5 WRITE_PATH_UNPROVEN
  ['files= + write with unproven target', { files: ['src/**'] }, { affectedPaths: null }, 'ask', 'WRITE_PATH_UNPROVEN'],
  ['files= + write with no targets', { files: ['src/**'] }, { affectedPaths: [] }, 'ask', 'WRITE_PATH_UNPROVEN'],
  ['files= + unknown tool', { files: ['src/**'] }, UNKNOWN, 'ask', 'WRITE_PATH_UNPROVEN'],
  ['unproven beats deps; deps=deny makes it a denial', { files: ['src/**'], deps: 'deny' }, { affectedPaths: null, dependencyIntent: true }, 'deny', 'WRITE_PATH_UNPROVEN'],
  ['unproven beats deps=ask, an ask', { files: ['src/**'], deps: 'ask' }, { affectedPaths: null, dependencyIntent: true }, 'ask', 'WRITE_PATH_UNPROVEN'],
  ['files=** still needs proof: an unplaced write may be outside the project', { files: ['**'] }, { affectedPaths: null }, 'ask', 'WRITE_PATH_UNPROVEN'],
  ['no files= does not need proof', { files: null }, { affectedPaths: null }, 'allow', 'WITHIN_CONTRACT'],
  ['files= + read needs no proof', { files: ['src/**'] }, { ...READ, affectedPaths: null }, 'allow', 'WITHIN_CONTRACT'],
  // 6 PATH_OUTSIDE_CONTRACT
  ['target outside files=', { files: ['src/**'] }, { affectedPaths: ['lib/a.ts'] }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['one of several outside', { files: ['src/**'] }, { affectedPaths: ['src/a.ts', 'lib/a.ts'] }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['.. escape above the root', { files: ['**'] }, { affectedPaths: ['../other/a.ts'] }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['src/../lib is outside src/**', { files: ['src/**'] }, { affectedPaths: ['src/../lib/a.ts'] }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['empty files= denies every write', { files: [] }, {}, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['empty files= denies an unproven write', { files: [] }, { affectedPaths: null }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['empty files= asks for an unknown tool', { files: [] }, UNKNOWN, 'ask', 'WRITE_PATH_UNPROVEN'],
  ['case matters on POSIX', { files: ['src/Config.ts'] }, { affectedPaths: ['src/config.ts'] }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['outside beats deps', { files: ['src/**'], deps: 'deny' }, { affectedPaths: ['lib/a'], dependencyIntent: true }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['unknown with a proven outside target', { files: ['src/**'] }, { mutability: 'unknown', affectedPaths: ['lib/a'] }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['inside files=', { files: ['src/**'] }, {}, 'allow', 'WITHIN_CONTRACT'],
  ['single * glob', { files: ['src/*.ts'] }, { affectedPaths: ['src/a.ts'] }, 'allow', 'WITHIN_CONTRACT'],
  ['{a,b} braces: each alternative is inside', { files: ['src/{a,b}.ts'] }, { affectedPaths: ['src/b.ts'] }, 'allow', 'WITHIN_CONTRACT'],
  ['{a,b} braces: anything else is outside', { files: ['src/{a,b}.ts'] }, { affectedPaths: ['src/c.ts'] }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['single * does not cross folders', { files: ['src/*.ts'] }, { affectedPaths: ['src/x/a.ts'] }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['absolute allow-list entry', { files: ['/w/p/src/**'] }, { affectedPaths: ['src/a.ts'] }, 'allow', 'WITHIN_CONTRACT'],
  ['absolute target inside files=', { files: ['src/**'] }, { affectedPaths: ['/w/p/src/a.ts'] }, 'allow', 'WITHIN_CONTRACT'],
  ['Windows target, case-insensitive', { files: ['src/**'] }, { cwd: 'C:\\Repo', affectedPaths: ['C:\\repo\\SRC\\a.ts'] }, 'allow', 'WITHIN_CONTRACT'],
  ['Windows backslash target outside', { files: ['src/**'] }, { cwd: 'C:\\Repo', affectedPaths: ['lib\\a.ts'] }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['UNC target on another share', { files: ['src/**'] }, { cwd: '\\\\srv\\share\\repo', affectedPaths: ['\\\\srv\\other\\a.ts'] }, 'deny', 'PATH_OUTSIDE_CONTRACT'],
  ['cwd falls back to the context', { files: ['src/**'] }, { cwd: undefined, affectedPaths: ['/w/p/src/a.ts'] }, 'allow', 'WITHIN_CONTRACT'],
  // 7 DEPENDENCY_NOT_AUTHORIZED
  ['deps=ask (default)', { deps: 'ask' }, { dependencyIntent: true }, 'ask', 'DEPENDENCY_NOT_AUTHORIZED'],
  ['deps=deny', { deps: 'deny' }, { dependencyIntent: true }, 'deny', 'DEPENDENCY_NOT_AUTHORIZED'],
  ['deps=allow', { deps: 'allow' }, { dependencyIntent: true }, 'allow', 'WITHIN_CONTRACT'],
  ['deps beats budget', { deps: 'deny', agents: 0 }, { ...DELEGATE, dependencyIntent: true }, 'deny', 'DEPENDENCY_NOT_AUTHORIZED'],
  ['deps inside files=', { files: ['src/**'], deps: 'ask' }, { affectedPaths: ['src/package.json'], dependencyIntent: true }, 'ask', 'DEPENDENCY_NOT_AUTHORIZED'],
  // 8 UNBOUNDED_DELEGATION
  ['unbounded fan-out under agents=N', { agents: 4 }, { ...DELEGATE, unboundedDelegation: true }, 'deny', 'UNBOUNDED_DELEGATION'],
  ['unbounded beats budget arithmetic', { agents: 0 }, { ...DELEGATE, unboundedDelegation: true }, 'deny', 'UNBOUNDED_DELEGATION'],
  ['unbounded with agents=allow', { agents: 'allow' }, { ...DELEGATE, unboundedDelegation: true }, 'allow', 'WITHIN_CONTRACT'],
  // 9 AGENT_BUDGET_EXHAUSTED
  ['agents=0 denies one launch', { agents: 0 }, DELEGATE, 'deny', 'AGENT_BUDGET_EXHAUSTED'],
  ['budget reached', { agents: 2, agentsUsed: 2 }, DELEGATE, 'deny', 'AGENT_BUDGET_EXHAUSTED'],
  ['last unit left', { agents: 2, agentsUsed: 1 }, DELEGATE, 'allow', 'WITHIN_CONTRACT'],
  ['a batch reserves all or nothing', { agents: 2, agentsUsed: 1 }, { ...DELEGATE, delegationCount: 2 }, 'deny', 'AGENT_BUDGET_EXHAUSTED'],
  ['a batch that fits', { agents: 3 }, { ...DELEGATE, delegationCount: 3 }, 'allow', 'WITHIN_CONTRACT'],
  ['count 0 still costs one', { agents: 0 }, { ...DELEGATE, delegationCount: 0 }, 'deny', 'AGENT_BUDGET_EXHAUSTED'],
  ['control (steer/list) costs nothing', { agents: 0 }, { name: 'Agent', mutability: 'control', affectedPaths: [] }, 'allow', 'WITHIN_CONTRACT'],
  ['review mode may delegate within budget', { mode: 'review', agents: 1 }, DELEGATE, 'allow', 'WITHIN_CONTRACT'],
  ['agents=allow has no budget', { agents: 'allow', agentsUsed: 99 }, DELEGATE, 'allow', 'WITHIN_CONTRACT'],
  // a subagent no hook sees (unknown effects, still one subagent): only a contract that allows everything lets it run
  ['an unseen subagent under review: unproven, and denied by the hashing it may add', { mode: 'review', agents: 'allow' }, { ...UNSEEN }, 'deny', 'MUTABILITY_UNPROVEN'],
  ['an unseen subagent under files=: unproven', { files: ['src/**'], deps: 'allow', hash: 'allow' }, { ...UNSEEN }, 'ask', 'WRITE_PATH_UNPROVEN'],
  ['an unseen subagent under hash=deny', { deps: 'allow' }, { ...UNSEEN }, 'deny', 'HASH_NOT_AUTHORIZED'],
  ['an unseen subagent counts against agents=0', { deps: 'allow', hash: 'allow', agents: 0 }, { ...UNSEEN }, 'deny', 'AGENT_BUDGET_EXHAUSTED'],
  ['an unseen subagent within an open change', { deps: 'allow', hash: 'allow', agents: 1 }, { ...UNSEEN }, 'allow', 'WITHIN_CONTRACT'],
  ['an unknown tool launches nothing', { deps: 'allow', hash: 'allow', agents: 0 }, UNKNOWN, 'allow', 'WITHIN_CONTRACT'],
  // watch level: every would-be denial becomes context
  ['watch: mode', { mode: 'review', level: 'watch' }, {}, 'context', 'MODE_FORBIDS_MUTATION'],
  ['watch: ask becomes context', { level: 'watch', deps: 'ask' }, { dependencyIntent: true }, 'context', 'DEPENDENCY_NOT_AUTHORIZED'],
  ['watch: self protection stands', { level: 'watch' }, { affectedPaths: ['.stopline/a'] }, 'deny', 'GUARD_SELF_PROTECTION'],
  ['watch: the floor stands', { level: 'watch' }, { hazards: [{ kind: 'git-discard', form: 'git reset --hard', paths: [] }] }, 'deny', 'FLOOR_GIT_DISCARD'],
  ['watch: budget', { level: 'watch', agents: 0 }, DELEGATE, 'context', 'AGENT_BUDGET_EXHAUSTED'],
  ['watch: allowed stays allow', { level: 'watch' }, {}, 'allow', 'WITHIN_CONTRACT'],
];

describe('decide: every rule and its precedence neighbours', () => {
  for (const [name, c, a, outcome, reason, more] of ROWS) {
    it(`${reason}: ${name}`, () => {
      const d = decide(C(c), A(a), { ...ctx, ...more });
      expect({ outcome: d.outcome, reason: d.reasonCode }).toEqual({ outcome, reason });
      expect(d.family).toBe(REASONS[reason]!.family);
      if (d.outcome !== 'allow') expect(d.nextStep, 'every non-allow carries a next step').toBeTruthy();
    });
  }

  it('covers every decision reason code', () => {
    const seen = new Set(ROWS.map((r) => r[4]));
    for (const code of DECISION_PRECEDENCE) expect(seen.has(code), code).toBe(true);
  });

  it('is pure: same input, same output, inputs untouched', () => {
    const c = C({ files: ['src/**'], agents: 1 });
    const a = A({ affectedPaths: ['lib/x'] });
    const before = JSON.stringify([c, a, ctx]);
    const d1 = decide(c, a, ctx);
    const d2 = decide(c, a, ctx);
    expect(d1).toEqual(d2);
    expect(JSON.stringify([c, a, ctx])).toBe(before);
  });

  it('reports the units to reserve only when allowed', () => {
    expect(decide(C({ agents: 3 }), A({ ...DELEGATE, delegationCount: 3 }), ctx).reserve).toBe(3);
    expect(decide(C({ agents: 2 }), A({ ...DELEGATE, delegationCount: 3 }), ctx).reserve).toBe(0);
  });

  it('does not count an already reserved delegation twice (action.after)', () => {
    const d = decide(C({ agents: 2, agentsUsed: 2 }), A({ ...DELEGATE, delegationCount: 2 }), { ...ctx, reserved: true });
    expect(d.reasonCode).toBe('WITHIN_CONTRACT');
  });

  it('names every other broken rule, one per concern, in precedence order', () => {
    // npm install x under files=src/** deps=deny: unproven writes AND a new dependency
    const d = decide(C({ files: ['src/**'], deps: 'deny' }), A({ name: 'Bash', affectedPaths: null, dependencyIntent: true }), ctx);
    expect(d.reasonCode).toBe('WRITE_PATH_UNPROVEN');
    expect(d.verdict).toBe('deny');
    expect(d.also?.map((b) => [b.reasonCode, b.verdict, b.family])).toEqual([['DEPENDENCY_NOT_AUTHORIZED', 'deny', 'S']]);
    expect(d.also?.[0]?.explanation).toContain('deps=deny');
    expect(d.also?.[0]?.nextStep).toBeTruthy();

    // review + hashing + a dependency: the mode names the reason, both other concerns follow
    const r = decide(C({ mode: 'review', hash: 'deny', deps: 'ask', files: ['src/**'] }), A({ affectedPaths: ['lib/x'], hashIntent: true, dependencyIntent: true }), ctx);
    expect(r.reasonCode).toBe('MODE_FORBIDS_MUTATION');
    // files= is the same concern as the mode (may this write happen?), so it is not repeated
    expect(r.also?.map((b) => b.reasonCode)).toEqual(['HASH_NOT_AUTHORIZED', 'DEPENDENCY_NOT_AUTHORIZED']);

    // self-protection and a dependency (npm install --prefix ~/.codex x)
    const s = decide(C(), A({ affectedPaths: ['/home/u/.codex/hooks.json'], dependencyIntent: true }), ctx);
    expect([s.reasonCode, s.also?.map((b) => b.reasonCode)]).toEqual(['GUARD_SELF_PROTECTION', ['DEPENDENCY_NOT_AUTHORIZED']]);
  });

  it('has no `also` when one rule is broken, and none on an allow', () => {
    expect(decide(C({ deps: 'deny' }), A({ dependencyIntent: true }), ctx).also).toBeUndefined();
    expect(decide(C({ files: ['src/**'] }), A({ affectedPaths: ['lib/a'] }), ctx).also).toBeUndefined();
    expect(decide(C(), A(), ctx).also).toBeUndefined();
  });

  it('watch level reports every broken rule as context', () => {
    const d = decide(C({ level: 'watch', files: ['src/**'], deps: 'deny' }), A({ affectedPaths: null, dependencyIntent: true }), ctx);
    expect([d.outcome, d.reasonCode, d.also?.map((b) => b.reasonCode)]).toEqual(['context', 'WRITE_PATH_UNPROVEN', ['DEPENDENCY_NOT_AUTHORIZED']]);
  });

  it('names the offending path in the explanation (messages only, never evidence)', () => {
    const d = decide(C({ files: ['src/**'] }), A({ affectedPaths: ['lib/secret.ts'] }), ctx);
    expect(d.explanation).toContain('lib/secret.ts');
  });
});
