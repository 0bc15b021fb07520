/**
 * A `.pem` is a private key unless its name says it holds what a TLS setup shows every client: a
 * certificate, a chain of them, a CA bundle or a public key. Reading those (`openssl x509 -in
 * cert.pem -noout -text`, the Read tool on `fullchain.pem`) is everyday work and stays free; a
 * name that also says key or private stays stopped, whatever else it says.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRIES } from '../../../core/registry/index';
import { actingAs, judge, toolAction, verdictOf } from './helpers';

const PUBLIC = ['cert.pem', 'certs/fullchain.pem', '/etc/letsencrypt/live/x/chain.pem', 'ca.pem', 'ca-bundle.pem', 'server_cert.pem', 'test-public-cert.pem', 'rootCA.pem', 'pubkey.pem', 'id.pub.pem'];
const PRIVATE = ['key.pem', 'privkey.pem', 'cert-key.pem', 'server.key.pem', 'private-cert.pem', 'rootCA-key.pem', 'client.pem', 'secret_ca.pem'];

describe('certificates and keys written as .pem', () => {
  it('through the shell: a certificate is read freely, a key is stopped', () => {
    for (const p of PUBLIC) expect(`${p}: ${verdictOf(`openssl x509 -in ${p} -noout -text`)}`).toBe(`${p}: allow CONTROL_INACTIVE`);
    for (const p of PUBLIC) expect(`${p}: ${verdictOf(`cat ${p}`)}`).toBe(`${p}: allow CONTROL_INACTIVE`);
    for (const p of PRIVATE) expect(`${p}: ${verdictOf(`cat ${p}`)}`).toBe(`${p}: deny FLOOR_SECRET_READ`);
  });

  it("through every host's read tools", () => {
    for (const registry of Object.values(REGISTRIES)) {
      for (const t of registry.tools.filter((x) => actingAs(x, 'read') !== null && (x.pathFields?.length ?? 0) > 0)) {
        const as = actingAs(t, 'read')!;
        const f = t.pathFields![0]!;
        const outcome = (p: string) => judge(toolAction(registry, t.name, { ...as, [f]: p })).outcome;
        expect(`${registry.displayName} ${t.name}: ${outcome('certs/fullchain.pem')} ${outcome('certs/privkey.pem')}`).toBe(`${registry.displayName} ${t.name}: allow deny`);
      }
    }
  });
});
