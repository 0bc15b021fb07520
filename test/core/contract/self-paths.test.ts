import { describe, expect, it } from 'vitest';
import { decide } from '../../../core/contract/decide';
import { freshContract } from '../../../core/contract/types';
import type { Contract } from '../../../core/contract/types';
import type { Action } from '../../../core/protocol';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_ENV, pathVars, selfPathTable, selfPaths } from '../../../core/paths/self-paths';
import { analyzeShell } from '../../../core/analysis/shell';
import { evaluatorDir } from '../../../hosts/shared/evaluator/where';
import { managedSettingsDir } from '../../../hosts/claude/doctor-door';
import { HOST_SPECS, expandLayoutPath, type HostSpec } from '../../../core/registry/host-specs';

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
      '/home/u/.claude/plugins',
      '/home/u/.claude/settings.json',
      '/home/u/.claude.json',
      '/home/u/.codex/stopline.mjs',
      '/home/u/.codex/hooks.json',
      '/home/u/.codex/config.toml',
      '/home/u/.config/opencode/plugin/stopline.js',
      '/home/u/.hermes/plugins/stopline',
      '/home/u/.hermes/config.yaml',
      '/home/u/.pi/agent/extensions/stopline.ts',
      '/home/u/.gemini/settings.json',
      '/home/u/.gemini/stopline',
      '/home/u/.gemini/extensions',
      '/w/p/.gemini/settings.json',
      '/home/u/.qwen/settings.json',
      '/home/u/.qwen/stopline',
      '/home/u/.qwen/extensions/stopline',
      '/w/p/.qwen/settings.json',
      '/home/u/.copilot/stopline',
      '/home/u/.copilot/hooks/stopline.json',
      '/home/u/.copilot/settings.json',
      '/w/p/.github/hooks/stopline.json',
      '/home/u/.factory/stopline',
      '/home/u/.factory/hooks.json',
      '/home/u/.factory/settings.json',
      '/w/p/.factory/hooks.json',
      '/home/u/.kimi/stopline',
      '/home/u/.kimi/config.toml',
      '/home/u/.openhands/hooks.json',
      '/home/u/.openhands/stopline',
      '/w/p/.openhands/hooks.json',
      '/w/p/.openhands/stopline',
      '/home/u/.vibe/stopline',
      '/home/u/.vibe/hooks.toml',
      '/home/u/.vibe/trusted_folders.toml',
      '/w/p/.vibe/hooks.toml',
    ]) {
      expect(p, want).toContain(want);
    }
  });

  it('KIMI_SHARE_DIR moves the Kimi Code entries', () => {
    const p = selfPaths({ env: { HOME, KIMI_SHARE_DIR: '/opt/kimi' } });
    for (const want of ['/opt/kimi/config.toml', '/opt/kimi/stopline']) expect(p, want).toContain(want);
    expect(p).not.toContain('/home/u/.kimi/config.toml');
  });

  it('COPILOT_HOME and FACTORY_HOME_OVERRIDE move the Copilot and Droid entries', () => {
    const p = selfPaths({ env: { HOME, COPILOT_HOME: '/opt/cp', FACTORY_HOME_OVERRIDE: '/opt/fh' } });
    for (const want of ['/opt/cp/hooks/stopline.json', '/opt/cp/stopline', '/opt/fh/.factory/hooks.json', '/opt/fh/.factory/stopline']) expect(p, want).toContain(want);
    expect(p).not.toContain('/home/u/.copilot/hooks/stopline.json');
  });

  it('VIBE_HOME moves the Mistral Vibe entries', () => {
    const p = selfPaths({ env: { HOME, VIBE_HOME: '/opt/vh' } });
    for (const want of ['/opt/vh/hooks.toml', '/opt/vh/stopline', '/opt/vh/trusted_folders.toml']) expect(p, want).toContain(want);
    expect(p).not.toContain('/home/u/.vibe/hooks.toml');
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
      GEMINI_CLI_HOME: '/gh',
      QWEN_HOME: '/qh',
    };
    const t = selfPathTable({ env });
    const p = t.map((e) => e.path);
    for (const want of ['/sl/home', '/etc/stopline.json', '/cfg/stopline', '/xdata/stopline', '/cx/hooks.json', '/cx/config.toml', '/cx/stopline.mjs', '/cfg/opencode/plugin/stopline.js', '/hm/plugins/stopline', '/hm/config.yaml', '/pi/extensions/stopline.ts', '/cl/settings.json', '/cl/plugins', '/cl/.claude.json', '/gh/.gemini/settings.json', '/gh/.gemini/stopline', '/qh/settings.json', '/qh/stopline']) {
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
    const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../core/paths/self-paths.ts'), 'utf8');
    const read = new Set([...source.matchAll(/env\.([A-Z_]+)/g), ...source.matchAll(/envDir\(env, '([A-Z_]+)'/g)].map((m) => m[1]!));
    // the hosts' variables are read through their layouts: a folder's movers and system-file names
    for (const { layout } of HOST_SPECS as readonly HostSpec[]) {
      for (const v of layout.env ?? []) read.add(v.split('/')[0]!);
      for (const e of layout.system ?? []) if (e.includes('=')) read.add(e.slice(0, e.indexOf('=')));
    }
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

/**
 * Self-protection of the folders that hold stopline's files, through the shell analysis as a
 * hook runs it: the command is analysed with the hook's HOME and protected-folder variables, then
 * judged by an armed `open` contract (which allows every other write).
 */
describe('a folder that contains a protected path is protected like the path itself', () => {
  const PROJECT = '/w/p';
  const MOVED = {
    HOME,
    CLAUDE_CONFIG_DIR: '/cfg/claude',
    CODEX_HOME: '/cfg/codex',
    XDG_CONFIG_HOME: '/cfg/xdg',
    XDG_DATA_HOME: '/cfg/data',
    HERMES_HOME: '/cfg/hermes',
    PI_CODING_AGENT_DIR: '/cfg/pi/agent',
    STOPLINE_HOME: '/cfg/sl',
  };
  const open = { ...freshContract(), mode: 'open' as const, level: 'guard' as const };
  const scoped = { ...open, mode: 'change' as const, files: ['src/**'] };

  function judge(command: string, env: Record<string, string>, contract: Contract = open): { reason: string; paths: string[] | null } {
    const home = env.HOME;
    const a = analyzeShell(command, { cwd: PROJECT, ...(home ? { home } : {}), vars: pathVars(env) });
    const action: Action = { name: 'Bash', mutability: a.mutability, affectedPaths: a.affectedPaths, cwd: PROJECT, dependencyIntent: a.dependencyIntent, hashIntent: a.hashIntent, delegationCount: 0, unboundedDelegation: false };
    const ctx = { selfPaths: selfPaths({ env, dataDir: env.STOPLINE_HOME ?? `${HOME}/.local/share/stopline`, projectDir: PROJECT }), ...(home ? { home } : {}), cwd: PROJECT };
    return { reason: decide(contract, action, ctx).reasonCode, paths: a.affectedPaths };
  }

  // every host's config folder and stopline's own, as written with literal paths, `~`, $HOME and the variable that moves it
  const DEFAULT_FOLDERS: [string, string[]][] = [
    ['Claude Code', ['~/.claude', '$HOME/.claude', '"${HOME}/.claude"', '/home/u/.claude', '~/.claude/', '~/.claude/plugins']],
    ['Codex', ['~/.codex', '$HOME/.codex', '/home/u/.codex/']],
    ['OpenCode', ['~/.config/opencode', '$HOME/.config/opencode/plugin', '~/.config']],
    ['Hermes', ['~/.hermes', '"$HOME/.hermes"', '~/.hermes/plugins']],
    ['Pi', ['~/.pi/agent', '~/.pi', '$HOME/.pi/agent/extensions']],
    ['stopline data and config', ['~/.local/share/stopline', '~/.local/share', '~/.local', '~/.config/stopline', '$HOME/.local']],
    ['home and above', ['~', '$HOME', '"$HOME"', '${HOME}/', '/home/u', '/home', '/']],
    ['project', ['.', '..', '.claude', '.opencode/plugin', '.stopline', '/w/p', '/w', './']],
  ];
  const MOVED_FOLDERS: [string, string[]][] = [
    ['Claude Code (CLAUDE_CONFIG_DIR)', ['$CLAUDE_CONFIG_DIR', '"${CLAUDE_CONFIG_DIR}"', '/cfg/claude', '$CLAUDE_CONFIG_DIR/plugins', '~/.claude']],
    ['Codex (CODEX_HOME)', ['$CODEX_HOME', '"$CODEX_HOME"/', '${CODEX_HOME}', '/cfg/codex']],
    ['OpenCode (XDG_CONFIG_HOME)', ['$XDG_CONFIG_HOME/opencode', '$XDG_CONFIG_HOME', '"$XDG_CONFIG_HOME/opencode/plugin"']],
    ['Hermes (HERMES_HOME)', ['$HERMES_HOME', '${HERMES_HOME}/plugins', '/cfg/hermes']],
    ['Pi (PI_CODING_AGENT_DIR)', ['$PI_CODING_AGENT_DIR', '"$PI_CODING_AGENT_DIR/extensions"', '/cfg/pi', '$PI_CODING_AGENT_DIR/..']],
    ['stopline (STOPLINE_HOME, XDG_DATA_HOME, XDG_CONFIG_HOME)', ['$STOPLINE_HOME', '"$STOPLINE_HOME"', '$XDG_DATA_HOME/stopline', '$XDG_DATA_HOME', '$XDG_CONFIG_HOME/stopline', '/cfg']],
  ];
  // a relative folder is placed from where the command runs, so it is also tried from a subfolder
  // (`cp -rT` copies onto the folder itself; a plain `cp -r empty <folder>/` adds <folder>/empty, see below)
  const OPS = (f: string) => [`mv ${f} /tmp/x`, `rm -rf ${f}`, `cp -rT empty ${f}`, `rsync -a --delete empty/ ${f}`, `rmdir ${f}`, f.startsWith('.') ? `cd src && rm -rf ../${f}` : `cd /tmp && rm -rf ${f}`];

  for (const [env, table] of [[{ HOME }, DEFAULT_FOLDERS], [MOVED, MOVED_FOLDERS]] as const) {
    for (const [host, folders] of table) {
      it(`${host}: moving, removing or overwriting ${folders.join(', ')} is GUARD_SELF_PROTECTION`, () => {
        const wrong: string[] = [];
        for (const f of folders) {
          for (const cmd of OPS(f)) {
            const r = judge(cmd, env);
            if (r.reason !== 'GUARD_SELF_PROTECTION') wrong.push(`${cmd}: ${r.reason} ${JSON.stringify(r.paths)}`);
          }
        }
        expect(wrong).toEqual([]);
      });
    }
  }

  it('the brief examples: mv ~/.claude, rm -rf ~, rm -rf $HOME/.config, mv .. x, cp -r empty ~/.pi', () => {
    for (const cmd of ['mv ~/.claude /tmp/x', 'rm -rf ~', 'rm -rf $HOME/.config', 'mv .. x', 'cp -r empty ~/.pi']) expect(judge(cmd, { HOME }).reason, cmd).toBe('GUARD_SELF_PROTECTION');
  });

  it('near misses are ordinary writes: siblings, other folders, files inside a parent', () => {
    for (const cmd of ['rm -rf ~/.claude-backup', 'rm -rf ~/.cache/tool', 'mv ~/.config/other /tmp/x', 'rm -rf src', 'mkdir -p ~/.config/newtool', 'touch ~/.pi/notes.txt', 'rm -rf ~/.codexx', 'rm -rf /tmp/x']) {
      expect(judge(cmd, { HOME }).reason, cmd).toBe('WITHIN_CONTRACT');
    }
    // once moved, the default folder of a host holds nothing of stopline's (except Claude's, kept on purpose)
    expect(judge('rm -rf ~/.codex', MOVED).reason).toBe('WITHIN_CONTRACT');
    expect(judge('rm -rf ~/.hermes', MOVED).reason).toBe('WITHIN_CONTRACT');
  });

  it('a variable the hook does not know is unproven, never outside', () => {
    for (const cmd of ['rm -rf $CODEX_HOME', 'mv "$HERMES_HOME" /tmp/x', 'rm -rf ${PI_CODING_AGENT_DIR}/..', 'rm -rf $XDG_STATE_HOME', 'rm -rf $CLAUDE_CONFIG_DIR/plugins']) {
      const r = judge(cmd, { HOME }, scoped);
      expect([cmd, r.paths, r.reason]).toEqual([cmd, null, 'WRITE_PATH_UNPROVEN']);
    }
  });

  it('a variable the command sets once before using it is the value it set, not the hook value', () => {
    for (const [cmd, set] of [['CODEX_HOME=/srv/x; rm -rf $CODEX_HOME', '/srv/x'], ['export CODEX_HOME=/srv/y && rm -rf "$CODEX_HOME"', '/srv/y']] as const) {
      const r = judge(cmd, MOVED, scoped);
      expect([cmd, r.paths, r.reason]).toEqual([cmd, [set], 'PATH_OUTSIDE_CONTRACT']);
    }
  });

  it('a variable the command sets where its value is not known for sure is not the hook value: unproven', () => {
    for (const cmd of ['read CODEX_HOME; rm -rf $CODEX_HOME', 'for HOME in /a; do rm -rf ~; done', 'HOME=/tmp/h rm -rf ~/.claude', 'unset CODEX_HOME; rm -rf "$CODEX_HOME"/x']) {
      const r = judge(cmd, MOVED, scoped);
      expect([cmd, r.paths, r.reason]).toEqual([cmd, null, 'WRITE_PATH_UNPROVEN']);
    }
  });

  it('an unknown home (`~` with no HOME, `~user`) is unproven, never outside', () => {
    for (const [cmd, env] of [['rm -rf ~/.claude', {}], ['rm -rf ~root/.claude', { HOME }], ['mv ~someone /tmp/x', { HOME }]] as const) {
      const r = judge(cmd, env, scoped);
      expect([cmd, r.paths, r.reason]).toEqual([cmd, null, 'WRITE_PATH_UNPROVEN']);
    }
  });

  it('Windows: a folder holding a protected path, compared without case', () => {
    const env = { USERPROFILE: 'C:\\Users\\u' };
    const ctx = { selfPaths: selfPaths({ env, projectDir: 'C:\\repo' }), home: 'C:\\Users\\u', cwd: 'C:\\repo' };
    const w = (p: string) => decide(open, { name: 'Bash', mutability: 'write', affectedPaths: [p], cwd: 'C:\\repo', dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false }, ctx).reasonCode;
    expect(w('C:\\Users\\U\\.CODEX')).toBe('GUARD_SELF_PROTECTION');
    expect(w('C:\\Users')).toBe('GUARD_SELF_PROTECTION');
    expect(w('..')).toBe('GUARD_SELF_PROTECTION');
    expect(w('C:\\Users\\u\\.cache')).toBe('WITHIN_CONTRACT');
    expect(w('D:\\Users\\u\\.codex')).toBe('WITHIN_CONTRACT');
  });

  it("an agent's other folder with credentials is resolved before one with settings only, which it would otherwise name with the weaker stamp", () => {
    const ranked = HOST_SPECS.flatMap((s: HostSpec) => (s.layout.otherFolders ?? []).filter((f) => f.rank !== undefined));
    expect(ranked.length).toBeGreaterThanOrEqual(2);
    for (const f of ranked) expect([f.env, f.rank]).toEqual([f.env, f.secrets?.length ? 1 : 2]);
    const env = Object.fromEntries([...ranked.map((f) => f.env), 'CURSOR_DATA_DIR'].map((v, i) => [v, `/srv/agents/${i}`]));
    const order = Object.keys(pathVars(env));
    const firstSettingsOnly = Math.min(...ranked.filter((f) => f.rank === 2).map((f) => order.indexOf(f.env)));
    for (const f of ranked.filter((f) => f.rank === 1)) expect(order.indexOf(f.env)).toBeLessThan(firstSettingsOnly);
    expect(order.indexOf('CURSOR_DATA_DIR')).toBeLessThan(firstSettingsOnly);
  });

  it('values that would split or glob, or start with ~, are not used', () => {
    expect(pathVars({ CODEX_HOME: '/a b', HERMES_HOME: '/x/*', PI_CODING_AGENT_DIR: '~/pi', STOPLINE_HOME: '/ok', HOME: '/h' })).toEqual({ STOPLINE_HOME: '/ok' });
    expect(judge('rm -rf $CODEX_HOME', { HOME, CODEX_HOME: '/a b' }, scoped).reason).toBe('WRITE_PATH_UNPROVEN');
  });
});

/**
 * What else can switch the guard off, loosen it or go around it, besides stopline's own files:
 * the evaluator's folder, every install layout of every host, the hosts' managed and environment
 * files, and the person's shell start-up files.
 */
describe('the paths around the guard', () => {
  const open = { ...freshContract(), mode: 'open' as const, level: 'guard' as const };
  const judge = (path: string, env: Record<string, string>, uid: number | null = 1000): string => {
    const ctx = { selfPaths: selfPaths({ env, dataDir: '/data/sl', projectDir: '/w/p', uid }), home: env.HOME, cwd: '/w/p' };
    const a: Action = { name: 'Write', mutability: 'write', affectedPaths: [path], cwd: '/w/p', dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false };
    return decide(open, a, ctx).reasonCode;
  };

  it('the evaluator folder a hook uses is in the table, for every TMPDIR and XDG_RUNTIME_DIR a hook may see', () => {
    const envs: Record<string, string>[] = [{ HOME }, { HOME, TMPDIR: '/var/tmp/' }, { HOME, TMPDIR: 'relative' }, { HOME, XDG_RUNTIME_DIR: '/run/user/1000' }, { HOME, TMPDIR: '/' }];
    for (const env of envs) {
      const dir = evaluatorDir(env, 1000)!;
      expect(selfPaths({ env, uid: 1000 }), JSON.stringify(env)).toContain(dir);
      for (const inside of [`${dir}/claude-0123456789abcdef.mjs`, `${dir}/claude-0123456789abcdef-node.sock`, `${dir}/node-compile-cache/x`]) expect(judge(inside, env), inside).toBe('GUARD_SELF_PROTECTION');
    }
    // the shell that runs a tool may see another TMPDIR than the hook: /tmp's folder stays protected
    expect(judge('/tmp/stopline-1000/claude-x.mjs', { HOME, TMPDIR: '/var/tmp' })).toBe('GUARD_SELF_PROTECTION');
    expect(judge('/tmp/stopline-1001/x', { HOME })).toBe('WITHIN_CONTRACT');
    // no user id (Windows): no evaluator, no entry
    expect(selfPaths({ env: { HOME }, uid: null }).some((p) => p.includes('stopline-'))).toBe(false);
  });

  it('every install layout of every host: stopline install, the hosts\' plugin systems and their indexes', () => {
    for (const p of [
      '/home/u/.claude/plugins/stopline-local/stopline/hooks/hooks.json',
      '/home/u/.claude/plugins/stopline-local/.claude-plugin/marketplace.json',
      '/home/u/.claude/plugins/installed_plugins.json',
      '/home/u/.claude/plugins/known_marketplaces.json',
      '/home/u/.claude/plugins/cache/market/stopline/1.0.0/stopline.mjs',
      '/home/u/.claude/plugins/marketplaces/market/.claude-plugin/marketplace.json',
      '/home/u/.claude.json',
      '/etc/claude-code/managed-settings.json',
      '/etc/claude-code/managed-settings.d/10-hooks.json',
      '/home/u/.codex/plugins/cache/market/stopline/1/hooks.json',
      '/w/p/.codex/hooks.json',
      '/w/p/.codex/stopline.mjs',
      '/home/u/.config/opencode/opencode.json',
      '/home/u/.config/opencode/plugins/stopline.js',
      '/w/p/opencode.json',
      '/w/p/.opencode/plugins/stopline.js',
      '/home/u/.pi/agent/settings.json',
      '/home/u/.pi/agent/extensions/skills/stopline/SKILL.md',
      '/home/u/.pi/agent/npm/node_modules/stopline/package.json',
      '/w/p/.pi/extensions/stopline.ts',
      '/home/u/.gemini/extensions/extension-enablement.json',
      '/etc/gemini-cli/settings.json',
      '/home/u/.qwen/extension-store/state.json',
      '/etc/qwen-code/settings.json',
      '/home/u/.factory/plugins/cache/m-1/stopline-2/abc/hooks/hooks.json',
      '/home/u/.kimi/config.toml',
      '/home/u/.kimi/stopline/stopline.mjs',
      '/home/u/.hermes/.env',
      '/home/u/.gemini/.env',
    ]) {
      expect(judge(p, { HOME }), p).toBe('GUARD_SELF_PROTECTION');
    }
    // the managed settings doctor reads on each platform
    const claudeSystem = (HOST_SPECS as readonly HostSpec[]).find((s) => s.name === 'claude')?.layout.system ?? [];
    for (const platform of ['linux', 'darwin', 'win32']) expect(claudeSystem).toContain(managedSettingsDir(platform));
    // the hosts' system settings move with their variables
    expect(judge('/opt/g.json', { HOME, GEMINI_CLI_SYSTEM_SETTINGS_PATH: '/opt/g.json' })).toBe('GUARD_SELF_PROTECTION');
    expect(judge('/opt/q.json', { HOME, QWEN_CODE_SYSTEM_SETTINGS_PATH: '/opt/q.json' })).toBe('GUARD_SELF_PROTECTION');
    // CLAUDE_CONFIG_DIR moves the plugins and the global config, and the default place stays
    for (const p of ['/cl/plugins/installed_plugins.json', '/cl/.claude.json', '/home/u/.claude/plugins/x', '/home/u/.claude.json']) expect(judge(p, { HOME, CLAUDE_CONFIG_DIR: '/cl' }), p).toBe('GUARD_SELF_PROTECTION');
    // a project's own code and other tools' folders are not
    for (const p of ['/w/p/src/index.ts', '/home/u/.config/opencode/themes/x.json', '/home/u/.claude/projects/x/notes.md', '/home/u/.cache/tool/x']) expect(judge(p, { HOME }), p).toBe('WITHIN_CONTRACT');
  });

  it("the person's shell start-up files, which set the next session's environment", () => {
    for (const p of ['.bashrc', '.bash_profile', '.bash_login', '.profile', '.zshenv', '.zshrc', '.zprofile', '.zlogin', '.kshrc', '.cshrc', '.tcshrc', '.pam_environment', '.config/fish/config.fish', '.config/fish/conf.d/x.fish', '.config/fish/fish_variables', '.config/nushell/env.nu', '.config/powershell/profile.ps1', '.config/environment.d/10-x.conf']) {
      expect(judge(`/home/u/${p}`, { HOME }), p).toBe('GUARD_SELF_PROTECTION');
    }
    expect(judge('/z/.zshrc', { HOME, ZDOTDIR: '/z' })).toBe('GUARD_SELF_PROTECTION');
    expect(judge('/e/bash_env.sh', { HOME, BASH_ENV: '/e/bash_env.sh' })).toBe('GUARD_SELF_PROTECTION');
    expect(judge('/cfg/fish/config.fish', { HOME, XDG_CONFIG_HOME: '/cfg' })).toBe('GUARD_SELF_PROTECTION');
    // an rc file of a project is the project's own code
    for (const p of ['/w/p/.bashrc', '/w/p/scripts/profile.sh', '/home/u/.bashrc.d.bak/x']) expect(judge(p, { HOME }), p).toBe('WITHIN_CONTRACT');
  });

  it('appending `export STOPLINE_…=` to a start-up file through the shell is denied', () => {
    for (const cmd of ['echo "export STOPLINE_FAIL_OPEN=1" >> ~/.bashrc', 'printf "export STOPLINE_EVALUATOR=0\\n" | tee -a ~/.profile', 'sed -i "1i export STOPLINE_FAIL_MODE=open" ~/.zshrc', 'cp /tmp/rc ~/.zshenv', 'ln -sf /tmp/rc ~/.bash_profile']) {
      const a = analyzeShell(cmd, { cwd: '/w/p', home: HOME, vars: {} });
      const action: Action = { name: 'Bash', mutability: a.mutability, affectedPaths: a.affectedPaths, cwd: '/w/p', dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false };
      const ctx = { selfPaths: selfPaths({ env: { HOME }, dataDir: '/data/sl', projectDir: '/w/p' }), home: HOME, cwd: '/w/p' };
      expect(decide({ ...freshContract(), mode: 'change' as const, level: 'guard' as const }, action, ctx).reasonCode, cmd).toBe('GUARD_SELF_PROTECTION');
    }
  });
});

describe('the hosts\' layouts in the table', () => {
  it('a layout path spells out its {a,b} choices in order, nested ones too', () => {
    expect(expandLayoutPath('a/b')).toEqual(['a/b']);
    expect(expandLayoutPath('plugin{,s}/x.js')).toEqual(['plugin/x.js', 'plugins/x.js']);
    expect(expandLayoutPath('.k{,code}/{p{,s}/x,{a,b}.json}')).toEqual(['.k/p/x', '.k/ps/x', '.k/a.json', '.k/b.json', '.kcode/p/x', '.kcode/ps/x', '.kcode/a.json', '.kcode/b.json']);
  });

  it('every host\'s user and project paths are protected, and its first variable moves the user ones', () => {
    for (const { name, layout } of HOST_SPECS as readonly HostSpec[]) {
      const userRels = (layout.user ?? []).flatMap(expandLayoutPath);
      const at = (base: string, rel: string) => join(base, rel);
      const p = selfPaths({ env: { HOME }, projectDir: '/w/p' });
      for (const rel of userRels) expect(p, name).toContain(at(join(HOME, layout.dir), rel));
      for (const rel of (layout.project ?? []).flatMap(expandLayoutPath)) expect(p, name).toContain(at('/w/p', rel));
      const mover = layout.env?.[0];
      if (!mover) continue;
      const [v, ...sub] = mover.split('/');
      const moved = selfPathTable({ env: { HOME, [v!]: `/moved/${name}` } });
      for (const rel of userRels) {
        const want = at(join(`/moved/${name}`, ...sub), rel);
        expect(moved.find((e) => e.path === want)?.from, `${name} ${want}`).toBe(v);
        if (!layout.keepDefault) expect(moved.map((e) => e.path), name).not.toContain(at(join(HOME, layout.dir), rel));
      }
    }
  });
});
