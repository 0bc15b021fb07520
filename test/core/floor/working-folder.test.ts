/**
 * `$(pwd)`, `` `pwd` `` and `$PWD` name the folder the command runs in: the project folder the
 * hook reports, or the one a `cd` on the straight path moved to. A delete below it is placed
 * there like the same path written out; where the folder is not known (a `cd` to a run-time
 * name, a `pwd` this text redefines, an assignment to PWD) it stays a run-time target. Judged
 * through every host's shell tools, with no contract and under review.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRIES } from '../../../core/registry/index';
import { armed, shellTools, toolVerdict } from './helpers';

const TOOLS = shellTools(Object.values(REGISTRIES));

function each(name: string, cases: readonly string[], want: string): void {
  it(`${name} (every host's shell tools)`, () => {
    expect(TOOLS.length).toBeGreaterThan(10);
    for (const { registry, tool } of TOOLS) {
      for (const c of cases) {
        expect(`${c} -> ${toolVerdict(registry, tool, c)}`).toBe(`${c} -> ${want}`);
        // under review the floor answers first: the same stop, and no floor rule for what it frees
        const review = toolVerdict(registry, tool, c, { contract: armed('review') });
        if (want.startsWith('allow')) expect(`${c} -> ${review}`).not.toMatch(/FLOOR_/);
        else expect(`${c} -> ${review}`).toBe(`${c} -> ${want.replace('ask', review.startsWith('deny') ? 'deny' : 'ask')}`);
      }
    }
  });
}

describe('the working folder as a word', () => {
  each('a delete below the project folder it names is free', ['rm -rf `pwd`/build', 'rm -rf "$(pwd)/dist"', 'rm -rf $(pwd)/out', 'rm -rf "$PWD/build"', 'rm -rf ${PWD}/cache', 'cd src && rm -rf "$(pwd)/gen"'], 'allow CONTROL_INACTIVE');
  each('a path that climbs out of it, or the folder itself, is stopped', ['rm -rf `pwd`/../escape', 'rm -rf "$(pwd)"', 'rm -rf $PWD', 'cd /srv && rm -rf "$(pwd)/data"', 'cd ~ && rm -rf $(pwd)/x', 'PWD=/; rm -rf "$PWD/build"', 'cd .. && rm -rf "$(pwd)/p2"'], 'deny FLOOR_WHOLESALE_DELETE');
  each('a cd inside a subshell or a command substitution leaves the folder after it as it was', ['(cd /srv); rm -rf "$(pwd)/build"', '(cd /srv && make); rm -rf $PWD/build', 'echo $(cd /; pwd); rm -rf "$PWD/build"'], 'allow CONTROL_INACTIVE');
  each('inside it, or after a cd in this shell, the folder is the one moved to', ['(cd /srv && rm -rf "$(pwd)/data")', 'echo $(cd /srv; rm -rf $PWD/data)', 'cd /srv; (rm -rf $PWD/data)', '{ cd /srv; }; rm -rf $PWD/data'], 'deny FLOOR_WHOLESALE_DELETE');
  each('a folder only known at run time, or a pwd this text changes, stays unproven', ['cd "$X" && rm -rf "$(pwd)/build"', 'pwd() { echo /; }; rm -rf "$(pwd)/build"', 'export PWD; rm -rf "$PWD/build"', 'rm -rf "$(pwd -P)/build"', 'rm -rf "$(pwd; echo x)/build"'], 'ask FLOOR_DELETE_UNPROVEN');
});
