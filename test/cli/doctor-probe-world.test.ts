/** Doctor's probe world: a throwaway home for the probe, without the person's variables that would change what it measures. */
import { describe, expect, it } from 'vitest';
import { dropProbeWorld, makeProbeWorld } from '../../hosts/cli/doctor/probes';
import { HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';

describe('makeProbeWorld', () => {
  it("drops stopline's task and fail-mode variables and each host's probeDrops, keeps the rest", () => {
    const drops = (HOST_SPECS as readonly HostSpec[]).flatMap((s) => s.probeDrops ?? []);
    expect(drops.length).toBeGreaterThan(0);
    const base = { PATH: '/usr/bin', STOPLINE_TASK_ID: 't', STOPLINE_FAIL_MODE: 'closed', STOPLINE_HOST_DATA_DIR: '/d', ...Object.fromEntries(drops.map((v) => [v, '1'])) };
    const w = makeProbeWorld(base, 1000);
    try {
      expect(Object.keys(w.env).sort()).toEqual(['PATH', 'STOPLINE_CONFIG', 'STOPLINE_FAIL_OPEN', 'STOPLINE_HOME']);
    } finally {
      dropProbeWorld(w);
    }
  });
});
