/**
 * git subcommands that run a command written in their own words (`submodule foreach`, `rebase
 * --exec`, `bisect run`) run it as if typed bare, and the other ways of putting the work tree back
 * as it was before an operation (`cherry-pick --abort`, `read-tree -u --reset`, `checkout-index -f`)
 * lose uncommitted work as `merge --abort` does.
 */
import { describe, expect, it } from 'vitest';
import { reviewVerdictOf, verdictOf } from './helpers';

const STOPPED: readonly [string, string][] = [
  ['git submodule foreach --recursive git clean -fdx', 'deny FLOOR_GIT_DISCARD'],
  [`git submodule foreach 'git reset --hard'`, 'deny FLOOR_GIT_DISCARD'],
  [`git submodule --quiet foreach -- rm -rf ~`, 'deny FLOOR_WHOLESALE_DELETE'],
  [`git rebase --exec 'rm -rf ~' HEAD~1`, 'deny FLOOR_WHOLESALE_DELETE'],
  [`git rebase -x "git reset --hard" main`, 'deny FLOOR_GIT_DISCARD'],
  [`git rebase --exec='cat ~/.ssh/id_rsa' main`, 'deny FLOOR_SECRET_READ'],
  ['git bisect run rm -rf ~', 'deny FLOOR_WHOLESALE_DELETE'],
  [`git submodule foreach "$CMD"`, 'ask FLOOR_UNSEEN_CODE'],
  ['git cherry-pick --abort', 'deny FLOOR_GIT_DISCARD'],
  ['git revert --abort', 'deny FLOOR_GIT_DISCARD'],
  ['git am --abort', 'deny FLOOR_GIT_DISCARD'],
  ['git read-tree -u --reset HEAD', 'deny FLOOR_GIT_DISCARD'],
  ['git checkout-index -a -f', 'deny FLOOR_GIT_DISCARD'],
  ['git checkout-index --force --all', 'deny FLOOR_GIT_DISCARD'],
];

const FREE: readonly string[] = [
  'git submodule foreach git status',
  'git submodule update --init --recursive',
  `git rebase -x 'npm test' main`,
  'git rebase --exec=make main',
  'git bisect run npm test',
  'git cherry-pick --continue',
  'git am --continue',
  'git read-tree HEAD',
  'git checkout-index -a',
];

describe('git running commands from its words, and aborts that restore the work tree', () => {
  it.each(STOPPED)('%s → %s', (command, want) => expect(verdictOf(command)).toBe(want));
  it.each(FREE)('%s stays free', (command) => expect(verdictOf(command)).toBe('allow CONTROL_INACTIVE'));
  it('the same under review', () => {
    for (const [command, want] of STOPPED) expect(reviewVerdictOf(command), command).toBe(want);
  });
});
