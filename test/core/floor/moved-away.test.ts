/**
 * HOME, or the root, moved away is gone from where everything expects it, as a delete of it
 * would be. A file moved out of HOME, or any other move, stays an everyday move.
 */
import { describe, expect, it } from 'vitest';
import { verdictOf } from './helpers';

describe('mv of HOME or the root itself', () => {
  it.each(['mv ~ /tmp/trash', 'mv /home/u /dev/null', 'mv ~/ /tmp/x', 'sudo mv /home /home.old', 'mv -t /tmp ~'])('%s is stopped', (command) => {
    expect(verdictOf(command)).toBe('deny FLOOR_WHOLESALE_DELETE');
  });
  it.each(['mv ~/Downloads/x.zip .', 'mv a.txt b.txt', 'mv build /tmp/old-build', 'mv ~/.bashrc ~/.bashrc.bak'])('%s stays free', (command) => {
    expect(verdictOf(command)).toBe('allow CONTROL_INACTIVE');
  });
});
