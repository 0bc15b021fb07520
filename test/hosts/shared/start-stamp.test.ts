import { existsSync, mkdtempSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimStartStamp } from '../../../hosts/shared/start-stamp';

describe('claimStartStamp: one start of a helper process per window', () => {
  const WINDOW = 5_000;

  it('the first claim wins and leaves a private stamp; a second within the window loses', () => {
    const stamp = join(mkdtempSync(join(tmpdir(), 'stopline-stamp-')), 'start.stamp');
    const now = Date.now();
    expect(claimStartStamp(stamp, WINDOW, now)).toBe(true);
    expect(statSync(stamp).mode & 0o777).toBe(0o600);
    expect(claimStartStamp(stamp, WINDOW, now + 10)).toBe(false);
  });

  it('a stamp older than the window (a start that died) is replaced and the claim wins', () => {
    const stamp = join(mkdtempSync(join(tmpdir(), 'stopline-stamp-')), 'start.stamp');
    expect(claimStartStamp(stamp, WINDOW, Date.now())).toBe(true);
    const old = new Date(Date.now() - 2 * WINDOW);
    utimesSync(stamp, old, old);
    expect(claimStartStamp(stamp, WINDOW, Date.now())).toBe(true);
    expect(existsSync(stamp)).toBe(true);
  });

  it('a stamp dated in the future (the clock jumped back) is replaced too: otherwise no helper would ever start again', () => {
    const stamp = join(mkdtempSync(join(tmpdir(), 'stopline-stamp-')), 'start.stamp');
    expect(claimStartStamp(stamp, WINDOW, Date.now())).toBe(true);
    const ahead = new Date(Date.now() + 3_600_000);
    utimesSync(stamp, ahead, ahead);
    expect(claimStartStamp(stamp, WINDOW, Date.now())).toBe(true);
  });

  it('a folder that is not there is an error for the caller, not a lost race', () => {
    const stamp = join(mkdtempSync(join(tmpdir(), 'stopline-stamp-')), 'missing', 'start.stamp');
    expect(() => claimStartStamp(stamp, WINDOW, Date.now())).toThrow(/ENOENT/);
  });
});
