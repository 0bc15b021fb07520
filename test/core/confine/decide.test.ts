/**
 * decide()'s `confinable`: which decisions a sandbox may settle instead. Only a shell command
 * (one with command text); under an armed contract only rules that say "cannot be proven", and a
 * proven violation anywhere keeps its answer; with no contract armed, a command whose writes
 * cannot be placed (so that it cannot reach what stopline protects), and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../../core/contract/decide';
import type { DecideContext } from '../../../core/contract/decide';
import { freshContract } from '../../../core/contract/types';
import type { Contract } from '../../../core/contract/types';
import type { Action } from '../../../core/protocol';

const ctx: DecideContext = { selfPaths: ['/home/u/.config/stopline', '/w/p/.stopline'], home: '/home/u', cwd: '/w/p' };
const C = (o: Partial<Contract> = {}): Contract => ({ ...freshContract(), mode: 'change', level: 'guard', source: 'directive', revision: 1, ...o });
const SHELL: Action = { name: 'Bash', canonicalName: 'Bash', mutability: 'unknown', affectedPaths: null, cwd: '/w/p', dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false, command: 'npm test' };
const A = (o: Partial<Action> = {}): Action => ({ ...SHELL, ...o });

type Row = [string, Partial<Contract>, Partial<Action>, string, string[] | null];

const ROWS: Row[] = [
  ['review + a command it cannot prove read-only', { mode: 'review' }, {}, 'ask MUTABILITY_UNPROVEN', ['MUTABILITY_UNPROVEN']],
  ['answer + unknown', { mode: 'answer' }, {}, 'ask MUTABILITY_UNPROVEN', ['MUTABILITY_UNPROVEN']],
  ['files= + unknown', { files: ['src/config.ts'] }, {}, 'ask WRITE_PATH_UNPROVEN', ['WRITE_PATH_UNPROVEN']],
  ['files= + a write whose target is unproven', { files: ['src/**'] }, { mutability: 'write' }, 'ask WRITE_PATH_UNPROVEN', ['WRITE_PATH_UNPROVEN']],
  ['an empty files= + unknown', { files: [] }, {}, 'ask WRITE_PATH_UNPROVEN', ['WRITE_PATH_UNPROVEN']],
  ['no files= + unknown: nothing broken, but its writes could reach stopline', {}, {}, 'allow WITHIN_CONTRACT', []],
  ['open + a write with no target', { mode: 'open' }, { mutability: 'write' }, 'allow WITHIN_CONTRACT', []],
  // proven answers stay
  ['no files= + a proven write', {}, { mutability: 'write', affectedPaths: ['src/a.ts'] }, 'allow WITHIN_CONTRACT', null],
  ['review + a proven write', { mode: 'review' }, { mutability: 'write', affectedPaths: ['x'] }, 'deny MODE_FORBIDS_MUTATION', null],
  ['review + a write it cannot place is still a write', { mode: 'review' }, { mutability: 'write' }, 'deny MODE_FORBIDS_MUTATION', null],
  ['files= + a proven target outside', { files: ['src/**'] }, { mutability: 'write', affectedPaths: ['lib/x.ts'] }, 'deny PATH_OUTSIDE_CONTRACT', null],
  ['an empty files= + a write', { files: [] }, { mutability: 'write' }, 'deny PATH_OUTSIDE_CONTRACT', null],
  ['a dependency on top of unproven paths', { files: ['src/**'] }, { dependencyIntent: true }, 'ask WRITE_PATH_UNPROVEN', null],
  ['hashing on top of unknown (hash=deny: the strictest stands)', { mode: 'review' }, { hashIntent: true }, 'deny MUTABILITY_UNPROVEN', null],
  ['a proven write into stopline', {}, { affectedPaths: ['.stopline/x'] }, 'deny GUARD_SELF_PROTECTION', null],
  ['a read', { mode: 'review' }, { mutability: 'read', affectedPaths: [] }, 'allow WITHIN_CONTRACT', null],
  ['not a shell command (an MCP tool)', { mode: 'review' }, { name: 'mcp__x__run', canonicalName: undefined, command: undefined }, 'ask MUTABILITY_UNPROVEN', null],
  // no contract armed: the floor is the only rule, and an unplaced write is held away from stopline only
  ['watch level: the contract is only watched, the unplaced write held', { mode: 'review', level: 'watch' }, {}, 'context MUTABILITY_UNPROVEN', []],
  ['no mode confirmed: an unplaced write is held', { mode: 'unconfirmed', level: 'watch' }, {}, 'allow CONTROL_INACTIVE', []],
  ['no mode confirmed: python -c building a path at run time', { mode: 'unconfirmed', level: 'watch' }, { command: 'python3 -c "open(p,\'w\')"' }, 'allow CONTROL_INACTIVE', []],
  ['level off: an unplaced write is held', { level: 'off' }, {}, 'allow CONTROL_INACTIVE', []],
  ['no mode confirmed: a proven read costs nothing', { mode: 'unconfirmed', level: 'watch' }, { mutability: 'read', affectedPaths: [] }, 'allow CONTROL_INACTIVE', null],
  ['no mode confirmed: a proven write in the project costs nothing', { mode: 'unconfirmed', level: 'watch' }, { mutability: 'write', affectedPaths: ['src/a.ts'] }, 'allow CONTROL_INACTIVE', null],
  ['no mode confirmed: not a shell command', { mode: 'unconfirmed', level: 'watch' }, { name: 'mcp__x__run', canonicalName: undefined, command: undefined }, 'allow CONTROL_INACTIVE', null],
  ['no mode confirmed: a proven write into stopline keeps its stamp', { mode: 'unconfirmed', level: 'watch' }, { mutability: 'write', affectedPaths: ['.stopline/x'] }, 'deny GUARD_SELF_PROTECTION', null],
];

describe('confinable', () => {
  it.each(ROWS)('%s', (_name, contract, action, seen, rules) => {
    const a = A(action);
    if (action.command === undefined && 'command' in action) delete a.command;
    const d = decide(C(contract), a, ctx);
    expect(`${d.outcome} ${d.reasonCode}`).toBe(seen);
    expect(d.confinable ? d.confinable.rules : null).toEqual(rules);
  });
});
