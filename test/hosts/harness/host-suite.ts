import { describe, it } from 'vitest';
import { missingHosts, type HostsStatus } from './ensure-hosts';
import type { InstalledHost } from './hosts';

/**
 * `describe` for tests that need real hosts: runs `body` when every host in `needed` is
 * installed; otherwise skips it (naming the missing hosts), except when `status.required`
 * (CI=true), where the suite holds one failing test with the installer's output instead.
 */
export function describeWithHosts(status: HostsStatus, title: string, needed: readonly InstalledHost[], body: () => void): void {
  const missing = missingHosts(status, needed);
  if (missing.length === 0) {
    describe(title, body);
    return;
  }
  if (!status.required) {
    describe.skip(`${title} (not installed: ${missing.join(', ')})`, body);
    return;
  }
  describe(title, () => {
    it('has its pinned hosts installed', () => {
      throw new Error(`CI=true and ${missing.join(', ')} could not be installed:\n${status.log}`);
    });
  });
}
