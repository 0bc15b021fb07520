/**
 * A confinement that breaks (the disk or git throws while the plan is built) gives the answer
 * from before, with one stderr line; it never becomes the fail mode's answer, which under fail
 * open would run the command unconfined.
 */
import { describe, expect, it, vi } from 'vitest';
import { driver, sandbox } from '../contract/helpers';

vi.mock('../../../core/confine/machine', async (load) => {
  const real = (await load()) as typeof import('../../../core/confine/machine');
  return {
    machine: {
      ...real.machine,
      sandbox: () => ({ ok: true, tools: { bwrap: '/usr/bin/bwrap', bash: '/bin/bash', root: false }, version: 'bubblewrap (stand-in)' }),
      gather: () => {
        const e = new Error('disk gone') as NodeJS.ErrnoException;
        e.code = 'EIO';
        throw e;
      },
    },
  };
});

describe('a plan that throws', () => {
  it('is asked or denied as before, with a diagnostic, under fail open', () => {
    const d = driver(sandbox(), { canRewrite: true });
    d.prompt('$stopline review -- x');
    const o = d.act({ name: 'Bash', canonicalName: 'Bash', mutability: 'unknown', affectedPaths: null, command: 'npm test' });
    expect(o).toMatchObject({ kind: 'deny', reasonCode: 'MUTABILITY_UNPROVEN' });
    expect(o.diagnostics).toContain('not confined (a plan failed (EIO)); answered as before');
  });
});
