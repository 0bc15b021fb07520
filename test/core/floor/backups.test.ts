/**
 * A secret under the name a backup, a copy or an editor's swap file gives it holds the same key,
 * and a packet capture holds what crossed the wire: stopped on every host's read and search tools
 * and through the shell, with no contract. Their metadata, and a backup of a file that is not a
 * secret, stay free.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRIES } from '../../../core/registry/index';
import { actingAs, CWD, HOME, judge, toolAction } from './helpers';

const out = (r: { outcome: string; reasonCode: string }) => `${r.outcome} ${r.reasonCode}`;

/** Backups and copies of files the secret table names, by each usual suffix. */
const COPIES = [
  '.env.bak',
  '.env~',
  '.env.orig',
  '.env.save',
  '.npmrc.swp',
  '.npmrc.backup',
  '~/.ssh/id_rsa.old',
  'keys/id_rsa~',
  'keys/.id_rsa.swp',
  'keys/id_ed25519.backup',
  '~/.kimi/config.json.bak',
  '~/.kimi/.config.json.swp',
  '~/.codex/config.toml.save',
  '~/.codex/auth.json.orig',
  '~/.aws/credentials.old',
  '.credentials.swp',
  '.mcp.json.bak',
  '~/.claude.json~',
  'service-account.json.bak',
];

const CAPTURES = ['dump.pcap', 'net/session.pcapng', '/tmp/run.PCAP', 'dump.pcap.bak'];

/** Backups of files that are no secret, and templates meant to be read. */
const FREE = ['config.json.bak', 'src/app.ts~', '.app.ts.swp', 'notes.orig', '.claude/settings.json.bak', '.env.example.bak', 'pcap/README.md', 'src/pcap.ts'];

const placed = (p: string) => (p.startsWith('~') ? HOME + p.slice(1) : p.startsWith('/') ? p : `${CWD}/${p}`);

for (const registry of Object.values(REGISTRIES)) {
  describe(registry.displayName, () => {
    for (const t of registry.tools.filter((x) => actingAs(x, 'read') !== null)) {
      const as = actingAs(t, 'read')!;
      for (const f of [...(t.pathFields ?? []), ...(t.readFields ?? [])]) {
        it(`${t.name}.${f}: a secret's backup and a packet capture are stopped, a plain backup is not`, () => {
          const v = (p: string) => out(judge(toolAction(registry, t.name, { ...as, [f]: placed(p) })));
          for (const p of [...COPIES, ...CAPTURES]) expect(v(p), p).toBe('deny FLOOR_SECRET_READ');
          for (const p of FREE) expect(v(p), p).toBe('allow CONTROL_INACTIVE');
        });
      }
      for (const f of t.nameFields ?? []) {
        it(`${t.name}.${f}: a pattern for captures or a secret's backups is stopped`, () => {
          const v = (p: string) => out(judge(toolAction(registry, t.name, { ...as, [f]: p })));
          for (const p of ['**/*.pcap', '*.pcapng', '**/.env.bak', '**/id_rsa~']) expect(v(p), p).toBe('deny FLOOR_SECRET_READ');
          expect(v('**/*.bak')).toBe('allow CONTROL_INACTIVE');
        });
      }
    }
    for (const t of registry.tools.filter((x) => actingAs(x, 'shell') !== null && x.commandField)) {
      const as = actingAs(t, 'shell')!;
      it(`${t.name}: reading them from the shell is stopped, their metadata is not`, () => {
        const v = (c: string) => out(judge(toolAction(registry, t.name, { ...as, [t.commandField!]: c })));
        for (const p of [...COPIES, ...CAPTURES]) {
          const w = p.startsWith('~') ? p : `'${p}'`;
          expect(v(`cat ${w}`), p).toBe('deny FLOOR_SECRET_READ');
          expect(v(`grep -a token ${w}`), p).toBe('deny FLOOR_SECRET_READ');
          for (const m of ['ls -l', 'stat', 'test -f']) expect(v(`${m} ${w}`), `${m} ${p}`).toBe('allow CONTROL_INACTIVE');
        }
        for (const p of FREE) expect(v(`cat '${p}'`), p).toBe('allow CONTROL_INACTIVE');
        expect(v('cp .env .env.bak')).toBe('deny FLOOR_SECRET_READ');
        expect(v('cp config.json config.json.bak')).toBe('allow CONTROL_INACTIVE');
      });
    }
  });
}
