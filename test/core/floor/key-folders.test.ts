/**
 * The SSH and GnuPG folders of a home that is not the session's (another user's, one mounted or
 * copied elsewhere) hold keys and settings like the session's own: reading a file in them is
 * stopped, through the shell and through every host's read tools; their public halves and lists
 * (`*.pub`, `known_hosts`, `authorized_keys`), listing their names, and such a folder inside the
 * project (a test fixture, whose keys are still known by their names) stay free.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRIES } from '../../../core/registry/index';
import { actingAs, judge, reviewVerdictOf, toolAction, verdictOf } from './helpers';

const SECRET = ['/srv/home/ann/.ssh/config', '/mnt/backup/.ssh/id_ecdsa_sk', '/tmp/old-home/.gnupg/private-keys-v1.d/a.b', '../restore/.ssh/deploy', 'test/fixtures/.ssh/id_rsa'];
const FREE = ['/srv/home/ann/.ssh/known_hosts', '/srv/home/ann/.ssh/authorized_keys', '/mnt/backup/.ssh/deploy.pub', '/srv/home/ann/.sshrc-notes', 'test/fixtures/.ssh/config', '/w/p/.gnupg/notes'];

describe("another home's key folders", () => {
  it('through the shell: a read is stopped, a public half and a listing are not', () => {
    for (const p of SECRET) {
      expect(`${p}: ${verdictOf(`cat ${p}`)}`).toBe(`${p}: deny FLOOR_SECRET_READ`);
      expect(`${p}: ${reviewVerdictOf(`head -n 3 ${p}`)}`).toBe(`${p}: deny FLOOR_SECRET_READ`);
      expect(`${p}: ${verdictOf(`ls -l ${p}`)}`).toBe(`${p}: allow CONTROL_INACTIVE`);
    }
    for (const p of FREE) expect(`${p}: ${verdictOf(`cat ${p}`)}`).toBe(`${p}: allow CONTROL_INACTIVE`);
  });

  for (const registry of Object.values(REGISTRIES)) {
    const tools = registry.tools.filter((t) => actingAs(t, 'read') !== null && (t.pathFields?.length ?? 0) > 0);
    for (const t of tools) {
      it(`${registry.displayName} ${t.name}: reads of them are stopped, the public ones are not`, () => {
        const as = actingAs(t, 'read')!;
        const f = t.pathFields![0]!;
        for (const p of SECRET) expect(`${p}: ${(({ outcome, reasonCode }) => `${outcome} ${reasonCode}`)(judge(toolAction(registry, t.name, { ...as, [f]: p })))}`).toBe(`${p}: deny FLOOR_SECRET_READ`);
        for (const p of FREE) expect(`${p}: ${(({ outcome, reasonCode }) => `${outcome} ${reasonCode}`)(judge(toolAction(registry, t.name, { ...as, [f]: p })))}`).toBe(`${p}: allow CONTROL_INACTIVE`);
      });
    }
  }
});
