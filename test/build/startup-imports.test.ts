/**
 * What a command hook imports at start-up. A hook is a new process per tool call, and two
 * built-ins cost far more to load than the guard uses of them: node:crypto (measured +17 ms
 * CPU in bun's import phase; hashes and ids come from core/digest.ts) and node:child_process
 * (node compiles net, dgram and streams under it; only a user hook or a dashboard start
 * spawns). Both load on first use through core/lazy-builtins.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitParts } from '../../build/two-part.mjs';
import { HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';
import { builtOfKind, distFile } from './helpers';

describe('command-hook artifacts', () => {
  const hooks = builtOfKind('command').filter((a) => a.id !== 'cli');

  it('are the artifacts of every host that starts stopline as a process (a hook per call, or the one process a shim keeps)', () => {
    const started = HOST_SPECS.filter((s: HostSpec) => s.door !== 'plugin').map((s: HostSpec) => s.artifact ?? s.name);
    expect(hooks.map((a) => a.id).sort()).toEqual([...new Set(started)].sort());
  });

  for (const artifact of hooks) {
    it(`${artifact.id}: imports neither node:crypto nor node:child_process at start-up`, () => {
      const file = readFileSync(distFile(artifact), 'utf8');
      // a two-part script (build/two-part.mjs) carries its decision code deflated: read both parts
      const parts = artifact.decisionEntry ? splitParts(file) : null;
      const text = parts ? `${parts.first}\n${parts.second}` : file;
      const imported = [...text.matchAll(/(?:from|import)\s*"(node:[a-z_/]+)"/g)].map((m) => m[1]);
      expect(imported.length).toBeGreaterThan(0);
      expect(imported).not.toContain('node:crypto');
      expect(imported).not.toContain('node:child_process');
    });
  }
});
