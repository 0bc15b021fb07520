/**
 * The trash programs take a folder whole, with no option asking for it, as rimraf does: trashing
 * HOME or a folder outside the project is the recursive delete `rm -r` of it would be. Inside the
 * project they stay free.
 */
import { describe, expect, it } from 'vitest';
import { verdictOf } from './helpers';

describe('trash and trash-put', () => {
  it.each(['trash ~', 'trash-put /home/u', 'trash /etc/nginx'])('%s is a recursive delete outside the project', (command) => {
    expect(verdictOf(command)).toBe('deny FLOOR_WHOLESALE_DELETE');
  });
  it.each(['trash build/', 'trash-put old.log', 'trash /tmp/scratch'])('%s stays free', (command) => {
    expect(verdictOf(command)).toBe('allow CONTROL_INACTIVE');
  });
});
