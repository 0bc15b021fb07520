import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, userConfigPath } from '../../../core/config/config';
import { findProject } from '../../../core/config/project';
import { sandbox, writeUserFile } from './helpers';

function setup(user?: unknown, project?: unknown, opts: { git?: boolean } = {}) {
  const sb = sandbox();
  const repo = join(sb.root, 'repo');
  const sub = join(repo, 'src', 'deep');
  mkdirSync(sub, { recursive: true });
  if (opts.git !== false) mkdirSync(join(repo, '.git'));
  if (user !== undefined) {
    writeUserFile(sb.home, user);
  }
  if (project !== undefined) {
    mkdirSync(join(repo, '.stopline'), { recursive: true });
    writeFileSync(join(repo, '.stopline', 'stopline.json'), typeof project === 'string' ? project : JSON.stringify(project));
  }
  return { sb, repo, sub };
}

describe('config files', () => {
  it('built-in defaults with no files', () => {
    const { sb, sub } = setup();
    const { config, diagnostics } = loadConfig(sb.env, sub);
    expect(diagnostics).toEqual([]);
    expect(config).toMatchObject({ defaultMode: 'unconfirmed', defaultLevel: 'guard', failMode: 'open', defaults: { deps: 'ask', hash: 'deny', agents: 'allow' } });
  });

  it('user file location: STOPLINE_CONFIG, then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(userConfigPath({ STOPLINE_CONFIG: '/etc/sl.json', XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/etc/sl.json');
    expect(userConfigPath({ XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/x/stopline/stopline.json');
    expect(userConfigPath({ HOME: '/h' })).toBe('/h/.config/stopline/stopline.json');
    expect(userConfigPath({})).toBe(null);
  });

  it('reads the user file and passes unknown top-level keys through', () => {
    const hooks = { 'tool:before': [{ command: 'echo hi' }] };
    const { sb, sub } = setup({ defaultMode: 'review', failMode: 'closed', defaults: { deps: 'deny', agents: 3 }, hooks, dashboard: { port: 1 } });
    const { config, diagnostics } = loadConfig(sb.env, sub);
    expect(diagnostics).toEqual([]);
    expect(config).toMatchObject({ defaultMode: 'review', failMode: 'closed', defaults: { deps: 'deny', hash: 'deny', agents: 3 } });
    expect(config.extras.user).toEqual({ hooks, dashboard: { port: 1 } });
  });

  it('finds the project file from a subfolder and keeps its extras apart', () => {
    const { sb, repo, sub } = setup({ projectHooks: true }, { import: ['x'], failMode: 'closed' });
    const { config } = loadConfig(sb.env, sub);
    expect(config.projectRoot).toBe(repo);
    expect(config.sources.project).toBe(join(repo, '.stopline', 'stopline.json'));
    expect(config.extras.project).toEqual({ import: ['x'] });
    expect(config.failMode).toBe('closed');
  });

  it('the project walk stops at the repository root', () => {
    const { sb, repo } = setup();
    mkdirSync(join(sb.root, '.stopline'), { recursive: true });
    writeFileSync(join(sb.root, '.stopline', 'stopline.json'), JSON.stringify({ failMode: 'closed' }));
    expect(findProject(join(repo, 'src'))).toEqual({ root: repo });
    expect(loadConfig(sb.env, join(repo, 'src')).config.failMode).toBe('open');
  });

  it('a project file may tighten', () => {
    const { sb, sub } = setup({ defaultLevel: 'watch', defaults: { deps: 'allow', agents: 4 } }, { defaultMode: 'review', defaultLevel: 'guard', failMode: 'closed', defaults: { deps: 'ask', hash: 'deny', agents: 2 } });
    const { config, diagnostics } = loadConfig(sb.env, sub);
    expect(diagnostics).toEqual([]);
    expect(config).toMatchObject({ defaultMode: 'review', defaultLevel: 'guard', failMode: 'closed', defaults: { deps: 'ask', hash: 'deny', agents: 2 } });
  });

  it('a project file may not loosen: one diagnostic per key, the user values stay', () => {
    const { sb, sub } = setup(
      { defaultMode: 'review', failMode: 'closed', defaults: { deps: 'deny', hash: 'deny', agents: 1 } },
      { defaultMode: 'change', defaultLevel: 'off', failMode: 'open', dataDir: '/tmp/elsewhere', retentionDays: 1, defaults: { deps: 'allow', hash: 'allow', agents: 'allow' } },
    );
    const { config, diagnostics } = loadConfig(sb.env, sub);
    expect(config).toMatchObject({ defaultMode: 'review', defaultLevel: 'guard', failMode: 'closed', defaults: { deps: 'deny', hash: 'deny', agents: 1 } });
    expect(config.dataDir).toBeUndefined();
    expect(config.retentionDays).toBe(30);
    // one line per key (test/core/config/tighten.test.ts checks no value text is printed)
    const keys = ['defaultMode', 'defaultLevel', 'failMode', 'dataDir', 'retentionDays', 'defaults.deps', 'defaults.hash', 'defaults.agents'];
    expect(diagnostics).toHaveLength(keys.length);
    for (const k of keys) expect(diagnostics.filter((d) => d.includes(`: ${k} ignored`))).toHaveLength(1);
  });

  const invalid: [string, unknown, string][] = [
    ['not JSON', '{ nope', 'not valid JSON'],
    ['an array', [1, 2], 'JSON object'],
    ['a bad mode', { defaultMode: 'yolo' }, 'defaultMode'],
    ['a bad level', { defaultLevel: 'lock' }, 'defaultLevel'],
    ['a bad fail mode', { failMode: 'sometimes' }, 'failMode'],
    ['a bad data dir', { dataDir: 7 }, 'dataDir'],
    ['a bad retention', { retentionDays: 0 }, 'retentionDays'],
    ['bad defaults', { defaults: { deps: 'maybe', agents: -1 } }, 'defaults.deps'],
    ['defaults not an object', { defaults: 'x' }, 'defaults must be an object'],
  ];
  it.each(invalid)('%s: one diagnostic, safe defaults', (_name, content, says) => {
    const { sb, sub } = setup(content);
    const { config, diagnostics } = loadConfig(sb.env, sub);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toContain(says);
    expect(config).toMatchObject({ defaultMode: 'unconfirmed', defaultLevel: 'guard', failMode: 'open' });
  });

  it('valid keys survive next to an invalid one', () => {
    const { sb, sub } = setup({ failMode: 'closed', defaultLevel: 'nope' });
    const { config, diagnostics } = loadConfig(sb.env, sub);
    expect(config.failMode).toBe('closed');
    expect(diagnostics).toHaveLength(1);
  });

  it('a config that is a folder is reported, not thrown', () => {
    const sb = sandbox();
    mkdirSync(join(sb.home, '.config', 'stopline', 'stopline.json'), { recursive: true });
    expect(loadConfig(sb.env, sb.root).diagnostics[0]).toContain('not a file');
  });
});
