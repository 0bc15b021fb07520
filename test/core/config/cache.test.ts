/**
 * The config caches themselves (issue #11): an unchanged file is not parsed again, and each kind
 * of change a person can make is seen on the next call, including the ones a plain mtime check
 * would miss (same size, mtime put back) and project files appearing nearer than the cached one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forgetConfigCache, loadConfig } from '../../../core/config/config';
import { findProject } from '../../../core/config/project';
import { projectWalkPaths } from '../../../core/config/project';
import { RACY_WINDOW_MS, setRacyWindowForTests } from '../../../core/config/file-stamp';
import { forgetHooksConfigCache, loadHooksConfigFromSystem } from '../../../core/hooks/load';

let root = '';
let home = '';
let env: Record<string, string> = {};
let userFile = '';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'stopline-config-cache-'));
  home = join(root, 'home');
  mkdirSync(join(home, '.config', 'stopline'), { recursive: true });
  env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
  userFile = join(home, '.config', 'stopline', 'stopline.json');
  forgetConfigCache();
  forgetHooksConfigCache();
});

afterEach(() => {
  setRacyWindowForTests(RACY_WINDOW_MS);
  rmSync(root, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('loadConfig cache', () => {
  it('an unchanged file is parsed once (the same values object comes back); an edit gives the new values', () => {
    setRacyWindowForTests(-1);
    writeFileSync(userFile, JSON.stringify({ failMode: 'closed', dashboard: { port: 1 } }));
    const first = loadConfig(env, undefined).config;
    const second = loadConfig(env, undefined).config;
    expect(second.extras.user).toBe(first.extras.user);
    expect(second).not.toBe(first); // each caller gets its own merged config to use
    writeFileSync(userFile, JSON.stringify({ failMode: 'open', dashboard: { port: 22 } }));
    const third = loadConfig(env, undefined).config;
    expect(third.failMode).toBe('open');
    expect(third.extras.user).toEqual({ dashboard: { port: 22 } });
  });

  it('inside the racy window a same-size edit is still seen (the text is read again and compared)', () => {
    writeFileSync(userFile, '{"defaultLevel":"watch"}');
    expect(loadConfig(env, undefined).config.defaultLevel).toBe('watch');
    const { size } = statSync(userFile);
    writeFileSync(userFile, '{"defaultLevel":"guard"}');
    expect(statSync(userFile).size).toBe(size);
    expect(loadConfig(env, undefined).config.defaultLevel).toBe('guard');
  });

  it('a same-size edit with the old mtime put back (cp -p, touch -d) is seen through ctime', async () => {
    setRacyWindowForTests(-1);
    // whole seconds: utimes takes float seconds, so a sub-millisecond mtime cannot be put back
    // exactly; a whole-second one can (the edit below then matches it bit for bit)
    const PAST = 1_700_000_000;
    writeFileSync(userFile, '{"defaultLevel":"watch"}');
    utimesSync(userFile, PAST, PAST);
    const { mtimeMs, size } = statSync(userFile);
    expect(loadConfig(env, undefined).config.defaultLevel).toBe('watch');
    await sleep(30); // a ctime tick later
    writeFileSync(userFile, '{"defaultLevel":"guard"}');
    utimesSync(userFile, PAST, PAST);
    expect(statSync(userFile)).toMatchObject({ mtimeMs, size });
    expect(loadConfig(env, undefined).config.defaultLevel).toBe('guard');
  });

  it('bad JSON gives its diagnostic on every call until fixed, then none', () => {
    setRacyWindowForTests(-1);
    writeFileSync(userFile, '{ "failMode": ');
    expect(loadConfig(env, undefined).diagnostics).toEqual([expect.stringContaining('is not valid JSON')]);
    expect(loadConfig(env, undefined).diagnostics).toEqual([expect.stringContaining('is not valid JSON')]);
    writeFileSync(userFile, '{ "failMode": "closed" }');
    const fixed = loadConfig(env, undefined);
    expect(fixed.diagnostics).toEqual([]);
    expect(fixed.config.failMode).toBe('closed');
  });

  it('a folder where the file should be is reported, and a file put there later is read', () => {
    mkdirSync(userFile);
    expect(loadConfig(env, undefined).diagnostics).toEqual([expect.stringContaining('not a file')]);
    rmSync(userFile, { recursive: true });
    writeFileSync(userFile, '{ "defaultLevel": "watch" }');
    expect(loadConfig(env, undefined).config.defaultLevel).toBe('watch');
  });

  it('STOPLINE_CONFIG chooses another file on the next call (the env is part of the key)', () => {
    const other = join(root, 'other.json');
    writeFileSync(userFile, '{ "failMode": "open" }');
    writeFileSync(other, '{ "failMode": "closed" }');
    expect(loadConfig(env, undefined).config.failMode).toBe('open');
    expect(loadConfig({ ...env, STOPLINE_CONFIG: other }, undefined).config.failMode).toBe('closed');
    expect(loadConfig(env, undefined).config.failMode).toBe('open');
  });
});

describe('project walk cache', () => {
  function repo(): { top: string; deep: string; topFile: string; midFile: string } {
    const top = join(root, 'repo');
    const deep = join(top, 'src', 'lib');
    mkdirSync(join(top, '.git'), { recursive: true });
    mkdirSync(deep, { recursive: true });
    return { top, deep, topFile: join(top, '.stopline', 'stopline.json'), midFile: join(top, 'src', '.stopline', 'stopline.json') };
  }
  const put = (file: string, text: string) => {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  };

  it('a project file appearing nearer than the cached one wins; deleting it falls back to the one above; deleting that too leaves the repository root', () => {
    const r = repo();
    put(r.topFile, '{ "defaultLevel": "guard" }');
    expect(loadConfig(env, r.deep).config.sources.project).toBe(r.topFile);
    put(r.midFile, '{ "failMode": "closed" }');
    const nearer = loadConfig(env, r.deep).config;
    expect(nearer.sources.project).toBe(r.midFile);
    expect(nearer.projectRoot).toBe(join(r.top, 'src'));
    expect(nearer.failMode).toBe('closed');
    unlinkSync(r.midFile);
    const back = loadConfig(env, r.deep).config;
    expect(back.sources.project).toBe(r.topFile);
    expect(back.failMode).toBe('open');
    unlinkSync(r.topFile);
    const none = loadConfig(env, r.deep).config;
    expect(none.sources.project).toBeUndefined();
    expect(none.projectRoot).toBe(r.top);
    // the cached answers agree with a walk that uses no cache at all
    expect(findProject(r.deep)).toEqual({ root: r.top });
  });

  it('a project file created after a walk that found none is read on the next call', () => {
    const r = repo();
    expect(loadConfig(env, r.deep).config.sources.project).toBeUndefined();
    put(r.topFile, '{ "failMode": "closed" }');
    expect(loadConfig(env, r.deep).config.failMode).toBe('closed');
  });
});

describe('hooks config cache', () => {
  it('an unchanged set of files gives the same loaded config; a Claude settings file created in the project is imported on the next call', () => {
    setRacyWindowForTests(-1);
    const project = join(root, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(userFile, JSON.stringify({ import: ['claude'] }));
    const first = loadHooksConfigFromSystem(project, { env });
    expect(loadHooksConfigFromSystem(project, { env })).toBe(first);
    expect(first.groups).toHaveLength(0);
    mkdirSync(join(project, '.claude'));
    writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }));
    const second = loadHooksConfigFromSystem(project, { env });
    expect(second.groups).toHaveLength(1);
    expect(second.groups[0]?.dialect).toBe('claude');
  });

  it('a skipped dialect is part of the key: the Claude artifact never gets the config loaded for another host', () => {
    const project = join(root, 'project');
    mkdirSync(join(project, '.claude'), { recursive: true });
    writeFileSync(userFile, JSON.stringify({ import: ['claude'] }));
    writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }));
    expect(loadHooksConfigFromSystem(project, { env }).groups).toHaveLength(1);
    expect(loadHooksConfigFromSystem(project, { env, skipDialects: ['claude'] }).groups).toHaveLength(0);
  });
});

describe('the paths a project walk may look at', () => {
  it('the project file and .git of every folder from the working folder up to the root, nearest first', () => {
    const paths = projectWalkPaths('/home/u/proj/src');
    expect(paths.slice(0, 4)).toEqual(['/home/u/proj/src/.stopline/stopline.json', '/home/u/proj/src/.git', '/home/u/proj/.stopline/stopline.json', '/home/u/proj/.git']);
    expect(paths.slice(-2)).toEqual(['/.stopline/stopline.json', '/.git']);
    expect(paths).toHaveLength(10);
  });
});
