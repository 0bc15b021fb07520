/**
 * An alias the same command line defines stands for its words where it is used (bash expands it
 * with `expand_aliases`, or from the next line on; the line shows what it means either way), so
 * the floor judges those words. An alias of a harmless command stays free.
 */
import { describe, expect, it } from 'vitest';
import { reviewVerdictOf, verdictOf } from './helpers';

const STOPPED: readonly [string, string][] = [
  [`alias x='rm -rf'; x ~`, 'deny FLOOR_WHOLESALE_DELETE'],
  [`shopt -s expand_aliases\nalias gr='git reset --hard'\ngr`, 'deny FLOOR_GIT_DISCARD'],
  ['alias c=cat; c .env', 'deny FLOOR_SECRET_READ'],
  ['alias g=git; g clean -fdx', 'deny FLOOR_GIT_DISCARD'],
];

const FREE: readonly string[] = [`alias ls='ls -la'; ls`, 'alias g=git; g status', `alias ll='ls -l'\nll src`];

describe('aliases defined in the command line', () => {
  it.each(STOPPED)('%s → %s', (command, want) => expect(verdictOf(command)).toBe(want));
  it.each(FREE)('%s stays free', (command) => expect(verdictOf(command)).toBe('allow CONTROL_INACTIVE'));
  it('the same under review', () => {
    for (const [command, want] of STOPPED) expect(reviewVerdictOf(command), command).toBe(want);
  });
});
