/**
 * find refuses an `-exec` (`-execdir`, `-ok`, `-okdir`) with no `;` or `+` to end it before it
 * acts, so such a find changes nothing as written; the floor judges what it shows (the next try,
 * `;` escaped, runs it), as a find that ends where the line does. A word that may expand to the
 * `;` keeps it judged as it is. A `printf` or `echo` of one plain word prints that word, which is
 * not a `;`. Judged through every host's shell tools, with no contract and under review.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRIES } from '../../../core/registry/index';
import { armed, shellTools, toolVerdict } from './helpers';

const TOOLS = shellTools(Object.values(REGISTRIES));

function each(name: string, cases: readonly string[], want: string, review: string = want): void {
  it(`${name} (every host's shell tools)`, () => {
    expect(TOOLS.length).toBeGreaterThan(10);
    for (const { registry, tool } of TOOLS) {
      for (const c of cases) {
        expect(`${c} -> ${toolVerdict(registry, tool, c)}`).toBe(`${c} -> ${want}`);
        expect(`${c} -> ${toolVerdict(registry, tool, c, { contract: armed('review') })}`).toBe(`${c} -> ${review}`);
      }
    }
  });
}

describe('find with an -exec it cannot end', () => {
  each('runs nothing as written, but is stopped for the delete it shows', ['find . -exec rm -rf {} ;', 'find ~ -ok rm {}', 'find . -exec rm -rf {} \\; -exec rm -rf ~ {}'], 'deny FLOOR_WHOLESALE_DELETE');
  each('runs nothing as written, and what it shows runs a printed name', ['find / -execdir $(printf rm) -f {} ;', 'find . -okdir `echo rm` -f {} ;'], 'ask FLOOR_UNSEEN_CODE');
  each('runs nothing as written, and what it shows only lists', ['find . -exec ls {} ;'], 'allow CONTROL_INACTIVE', 'allow WITHIN_CONTRACT');
  each('ended by `;` or by `+` after `{}`, it runs', ['find ~ -exec rm -rf {} \\;', 'find ~ -exec rm -rf {} +'], 'deny FLOOR_WHOLESALE_DELETE');
  it('an -fprint file is still emptied while find reads the expression (every host\'s shell tools)', () => {
    for (const { registry, tool } of TOOLS) {
      const c = 'find . -fprint out.txt -exec echo {} ;';
      expect(`${c} -> ${toolVerdict(registry, tool, c, { contract: armed('review') })}`).toBe(`${c} -> deny MODE_FORBIDS_MUTATION`);
    }
  });
  each('a run-time word may be the `;`', ['find ~ -exec rm -rf {} $END', 'find ~ -exec rm -rf {} "$(printf %s "$E")"'], 'deny FLOOR_WHOLESALE_DELETE');
  each('a command named by a printed word is still a run-time name when find can run it', ['find . -exec $(printf rm) -f {} \\;'], 'ask FLOOR_UNSEEN_CODE');
});
