/** The `[[hooks]]` tables `stopline install kimi` writes, with the test's node and the built dist/kimi script. */
import { kimiRegistry } from '../../../core/registry/kimi';
import { NO_NEEDS, rowsToRegister } from '../../../hosts/cli/install/observe-events';
import type { KimiHook } from './harness';
import { requireArtifact } from '../shared/real-host';

export function kimiHooks(): KimiHook[] {
  const command = `'${process.execPath}' '${requireArtifact('kimi', 'stopline.mjs')}'`;
  return rowsToRegister(kimiRegistry, NO_NEEDS).map((e) => ({ event: e.native, command, timeout: e.install.timeoutSec }));
}
