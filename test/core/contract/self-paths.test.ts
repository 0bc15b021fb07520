import { describe, expect, it } from 'vitest';
import { decide } from '../../../core/contract/decide';
import { freshContract } from '../../../core/contract/types';
import type { Action } from '../../../core/protocol';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_ENV, selfPathTable, selfPaths } from '../../../core/self-paths';

const HOME = '/home/u';

describe('self-paths table', () => {
  it('defaults resolve under HOME', () => {
    const p = selfPaths({ env: { HOME }, dataDir: '/data/sl', projectDir: '/w/p' });
    for (const want of [
      '/data/sl',
      '/home/u/.local/share/stopline',
      '/home/u/.config/stopline',
      '/w/p/.stopline',
      '/w/p/.opencode/plugin/stopline.js',
      '/w/p/.claude/settings.json',
      '/home/u/.claude/plugins/stopline',
      '/home/u/.claude/settings.json',
      '/home/u/.codex/stopline.mjs',
      '/home/u/.codex/hooks.json',
      '/home/u/.codex/config.toml',
      '/home/u/.config/opencode/plugin/stopline.js',
      '/home/u/.hermes/plugins/stopline',
      '/home/u/.hermes/config.yaml',
      '/home/u/.pi/agent/extensions/stopline.ts',
    ]) {
      expect(p, want).toContain(want);
    }
  });

  it('env vars move the entries', () => {
    const env = {
      HOME,
      STOPLINE_HOME: '/sl/home',
      STOPLINE_CONFIG: '/etc/stopline.json',
      XDG_CONFIG_HOME: '/cfg',
      XDG_DATA_HOME: '/xdata',
      CODEX_HOME: '/cx',
      HERMES_HOME: '/hm',
      PI_CODING_AGENT_DIR: '/pi',
      CLAUDE_CONFIG_DIR: '/cl',
    };
    const t = selfPathTable({ env });
    const p = t.map((e) => e.path);
    for (const want of ['/sl/home', '/etc/stopline.json', '/cfg/stopline', '/xdata/stopline', '/cx/hooks.json', '/cx/config.toml', '/cx/stopline.mjs', '/cfg/opencode/plugin/stopline.js', '/hm/plugins/stopline', '/hm/config.yaml', '/pi/extensions/stopline.ts', '/cl/settings.json', '/cl/plugins/stopline']) {
      expect(p, want).toContain(want);
    }
    expect(t.find((e) => e.path === '/cx/hooks.json')?.from).toBe('CODEX_HOME');
    // the default ~/.claude stays protected when CLAUDE_CONFIG_DIR moves it
    expect(p).toContain('/home/u/.claude/settings.json');
  });

  it('relative env values are ignored (a project cannot aim them), ~ expands', () => {
    const p = selfPaths({ env: { HOME, CODEX_HOME: 'rel/codex', HERMES_HOME: '~/hh' } });
    expect(p).toContain('/home/u/.codex/hooks.json');
    expect(p).toContain('/home/u/hh/config.yaml');
  });

  it('Windows homes', () => {
    const p = selfPaths({ env: { USERPROFILE: 'C:\\Users\\u' } });
    expect(p).toContain('C:\\Users\\u\\.codex\\hooks.json');
  });

  it('an armed contract denies writes into any entry, resolved with the action cwd and HOME', () => {
    const env = { HOME, CODEX_HOME: '/cx' };
    const ctx = { selfPaths: selfPaths({ env, dataDir: '/data/sl', projectDir: '/w/p' }), home: HOME, cwd: '/w/p' };
    const c = { ...freshContract(), mode: 'open' as const, level: 'guard' as const };
    const write = (p: string, cwd = '/w/p'): string => {
      const a: Action = { name: 'Write', mutability: 'write', affectedPaths: [p], cwd, dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false };
      return decide(c, a, ctx).reasonCode;
    };
    expect(write('/cx/hooks.json')).toBe('GUARD_SELF_PROTECTION');
    expect(write('../../cx/hooks.json')).toBe('GUARD_SELF_PROTECTION');
    expect(write('~/.claude/settings.json')).toBe('GUARD_SELF_PROTECTION');
    expect(write('.claude/settings.local.json')).toBe('GUARD_SELF_PROTECTION');
    expect(write('/data/sl/sessions/x.json')).toBe('GUARD_SELF_PROTECTION');
    expect(write('settings.json', '/home/u/.claude')).toBe('GUARD_SELF_PROTECTION');
    expect(write('/home/u/.config/opencode/plugin/stopline.js')).toBe('GUARD_SELF_PROTECTION');
    expect(write('/home/u/.config/opencode/plugin/other.js')).toBe('WITHIN_CONTRACT');
    expect(write('src/index.ts')).toBe('WITHIN_CONTRACT');
  });
});

describe('selfPaths remembers its last answer', () => {
  it('TABLE_ENV names every environment variable the table reads (a missing one would serve a stale table)', () => {
    const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../core/self-paths.ts'), 'utf8');
    const read = new Set([...source.matchAll(/env\.([A-Z_]+)/g), ...source.matchAll(/envDir\(env, '([A-Z_]+)'/g)].map((m) => m[1]!));
    expect([...read].sort()).toEqual([...TABLE_ENV].sort());
  });

  it('answers each change of environment, data folder or project with that input\'s table', () => {
    const a = selfPaths({ env: { HOME: '/home/a' }, dataDir: '/data/a', projectDir: '/p/a' });
    expect(selfPaths({ env: { HOME: '/home/a' }, dataDir: '/data/a', projectDir: '/p/a' })).toEqual(a);
    for (const name of TABLE_ENV) {
      const changed = selfPaths({ env: { HOME: '/home/a', [name]: '/elsewhere/x' }, dataDir: '/data/a', projectDir: '/p/a' });
      expect(changed).toEqual(selfPathTable({ env: { HOME: '/home/a', [name]: '/elsewhere/x' }, dataDir: '/data/a', projectDir: '/p/a' }).map((e) => e.path));
    }
    expect(selfPaths({ env: { HOME: '/home/a' }, dataDir: '/data/b', projectDir: '/p/a' })).toContain('/data/b');
    expect(selfPaths({ env: { HOME: '/home/a' }, dataDir: '/data/a', projectDir: '/p/b' })).toContain('/p/b/.stopline');
  });
});
