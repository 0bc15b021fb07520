/**
 * A project's `.stopline/stopline.json` can only tighten (issue #10). For every key: a looser
 * project value leaves the person's decision as their user file made it, the same value in
 * the user file does change it (so the row can fail), a tighter project value does tighten,
 * and each ignored key is one stderr line naming the key and never the value.
 * Decisions are real events through the controller (core/answer/controller.ts handleEvent).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../core/config/config';
import { TIGHTER_ORDER, agentsAtLeastAsTight, levelAtLeastAsTight, modeAtLeastAsTight, policyAtLeastAsTight } from '../../../core/config/tighten';
import { BUILTIN_DEFAULTS } from '../../../core/contract/types';
import { loadHooksConfigFromSystem } from '../../../core/hooks/load';
import type { Outcome } from '../../../core/answer/outcome';
import { allFiles, driver, writeUserFile } from '../contract/helpers';
import type { Driver, Sandbox } from '../contract/helpers';
import { configWorlds } from './world';

type Json = Record<string, unknown>;

interface World {
  sb: Sandbox;
  repo: string;
  /** a folder inside the repository: the project file is found by walking up */
  cwd: string;
  projectFile: string;
  env: Record<string, string | undefined>;
  drive(sessionId?: string): Driver;
}

const configWorld = configWorlds();

function world(user: Json | null, project: Json | null, envFor: (sb: Sandbox) => Record<string, string | undefined> = (sb) => sb.env): World {
  const { sb, repo, projectFile } = configWorld(user, project);
  const cwd = join(repo, 'src');
  mkdirSync(cwd, { recursive: true });
  const env = envFor(sb);
  return { sb, repo, cwd, projectFile, env, drive: (sessionId = 'session-1') => driver({ ...sb, env }, { canAsk: true }, { cwd, sessionId }) };
}

/** What a person notices about an outcome: its kind and reason. */
const seen = (o: Outcome): string => `${o.kind}${o.reasonCode ? ` ${o.reasonCode}` : ''}`;

/** The user file with the project's keys laid over it (the control: the user chose the looser value). */
function merged(user: Json, project: Json): Json {
  const out: Json = { ...user, ...project };
  if (user.defaults || project.defaults) out.defaults = { ...(user.defaults as Json | undefined), ...(project.defaults as Json | undefined) };
  return out;
}

/** Every leaf value of a JSON value, as text (what a warning must never echo). */
function leafTexts(v: unknown): string[] {
  if (v !== null && typeof v === 'object') return Object.values(v).flatMap(leafTexts);
  return [String(v)];
}

interface Observation {
  result: string;
  diagnostics: string[];
}

interface Row {
  name: string;
  /** the key the warning names */
  key: string;
  user: Json;
  project: Json;
  envFor?: (sb: Sandbox) => Record<string, string | undefined>;
  observe: (w: World) => Observation;
  /** with the looser project file: what the user file alone gives */
  held: string;
  /** with the looser value in the user file instead */
  loosened: string;
}

const write = (w: World, extra: object = {}): Observation => {
  const o = w.drive().act(extra);
  return { result: seen(o), diagnostics: o.diagnostics ?? [] };
};
const afterPrompts =
  (prompts: string[], act: object) =>
  (w: World): Observation => {
    const d = w.drive();
    for (const p of prompts) d.prompt(p);
    const o = d.act(act);
    return { result: seen(o), diagnostics: o.diagnostics ?? [] };
  };
const install = { mutability: 'write', affectedPaths: ['package.json'], dependencyIntent: true };
const checksum = { name: 'Bash', canonicalName: 'Bash', mutability: 'read', affectedPaths: [], hashIntent: true };
const twoAgents = { name: 'Agent', canonicalName: 'Agent', mutability: 'delegate', affectedPaths: [], delegationCount: 2 };
/** a shell command the analysis cannot prove, on a host that applies a rewritten command */
const unprovenShell = (w: World): Observation => {
  const o = driver({ ...w.sb, env: w.env }, { canAsk: true, canRewrite: true }, { cwd: w.cwd }).act({ name: 'Bash', canonicalName: 'Bash', mutability: 'unknown', affectedPaths: null, command: 'make test' });
  return { result: seen(o), diagnostics: o.diagnostics ?? [] };
};
/** STOPLINE_HOME is a regular file: the guard cannot read its state (an internal error) */
const brokenDataFolder = (sb: Sandbox) => {
  const file = join(sb.root, 'not-a-folder');
  writeFileSync(file, 'x');
  return { ...sb.env, STOPLINE_HOME: file };
};
/** no STOPLINE_HOME: the data folder comes from the config, else XDG_DATA_HOME */
const noStoplineHome = (sb: Sandbox) => ({ ...sb.env, STOPLINE_HOME: undefined, XDG_DATA_HOME: join(sb.root, 'xdg-data') });

const discard = { name: 'Bash', canonicalName: 'Bash', mutability: 'write', affectedPaths: null, hazards: [{ kind: 'git-discard', form: 'git reset --hard', paths: [] }] };
const unseen = { name: 'Bash', canonicalName: 'Bash', mutability: 'unknown', affectedPaths: null, hazards: [{ kind: 'unseen-code', form: 'eval <code only known at run time>', paths: [] }] };
const readsProdConfig = { name: 'Read', canonicalName: 'Read', mutability: 'read', affectedPaths: [], reads: ['config/prod/db.yml'] };

const LOOSER: Row[] = [
  { name: 'floor.preset off over standard', key: 'floor.preset', user: {}, project: { floor: { preset: 'off' } }, observe: (w) => write(w, discard), held: 'deny FLOOR_GIT_DISCARD', loosened: 'none CONTROL_INACTIVE' },
  { name: 'floor.preset standard over strict', key: 'floor.preset', user: { floor: { preset: 'strict' } }, project: { floor: { preset: 'standard' } }, observe: (w) => write(w, unseen), held: 'deny FLOOR_UNSEEN_CODE', loosened: 'ask FLOOR_UNSEEN_CODE' },
  {
    name: 'floor.exceptions: a project cannot lift a floor rule',
    key: 'floor.exceptions',
    user: {},
    project: { floor: { exceptions: [{ rule: 'FLOOR_GIT_DISCARD', command: 'git reset' }] } },
    observe: (w) => write(w, discard),
    held: 'deny FLOOR_GIT_DISCARD',
    loosened: 'none CONTROL_INACTIVE',
  },
  { name: 'defaultLevel off under a configured review mode', key: 'defaultLevel', user: { defaultMode: 'review' }, project: { defaultLevel: 'off' }, observe: write, held: 'deny MODE_FORBIDS_MUTATION', loosened: 'none' },
  { name: 'defaultLevel watch: a named review mode still arms at guard', key: 'defaultLevel', user: {}, project: { defaultLevel: 'watch' }, observe: afterPrompts(['$stopline review -- check it'], {}), held: 'deny MODE_FORBIDS_MUTATION', loosened: 'context MODE_FORBIDS_MUTATION' },
  { name: 'defaultLevel watch over off (not comparable: watch arms named modes at watch)', key: 'defaultLevel', user: { defaultLevel: 'off' }, project: { defaultLevel: 'watch' }, observe: afterPrompts(['$stopline review -- check it'], {}), held: 'deny MODE_FORBIDS_MUTATION', loosened: 'context MODE_FORBIDS_MUTATION' },
  { name: 'defaultMode change over review', key: 'defaultMode', user: { defaultMode: 'review' }, project: { defaultMode: 'change' }, observe: write, held: 'deny MODE_FORBIDS_MUTATION', loosened: 'none WITHIN_CONTRACT' },
  { name: 'defaultMode unconfirmed over change', key: 'defaultMode', user: { defaultMode: 'change' }, project: { defaultMode: 'unconfirmed' }, observe: (w) => write(w, install), held: 'ask DEPENDENCY_NOT_AUTHORIZED', loosened: 'none CONTROL_INACTIVE' },
  {
    name: 'defaultMode open over unconfirmed (open brings deps=allow, which corrections keep)',
    key: 'defaultMode',
    user: {},
    project: { defaultMode: 'open' },
    observe: afterPrompts(['review only', 'go ahead and fix it'], install),
    held: 'ask DEPENDENCY_NOT_AUTHORIZED',
    loosened: 'none WITHIN_CONTRACT',
  },
  {
    name: 'defaultMode change over open when the user allows hashing (open itself asks)',
    key: 'defaultMode',
    user: { defaultMode: 'open', defaults: { hash: 'allow' } },
    project: { defaultMode: 'change' },
    observe: (w) => write(w, checksum),
    held: 'ask HASH_NOT_AUTHORIZED',
    loosened: 'none WITHIN_CONTRACT',
  },
  { name: 'failMode open over closed', key: 'failMode', user: { failMode: 'closed' }, project: { failMode: 'open' }, envFor: brokenDataFolder, observe: write, held: 'deny GUARD_UNAVAILABLE', loosened: 'none' },
  { name: 'defaults.deps allow over deny', key: 'defaults.deps', user: { defaultMode: 'change', defaults: { deps: 'deny' } }, project: { defaults: { deps: 'allow' } }, observe: (w) => write(w, install), held: 'deny DEPENDENCY_NOT_AUTHORIZED', loosened: 'none WITHIN_CONTRACT' },
  { name: 'defaults.deps ask over deny', key: 'defaults.deps', user: { defaultMode: 'change', defaults: { deps: 'deny' } }, project: { defaults: { deps: 'ask' } }, observe: (w) => write(w, install), held: 'deny DEPENDENCY_NOT_AUTHORIZED', loosened: 'ask DEPENDENCY_NOT_AUTHORIZED' },
  { name: 'defaults.hash allow over deny', key: 'defaults.hash', user: { defaultMode: 'change' }, project: { defaults: { hash: 'allow' } }, observe: (w) => write(w, checksum), held: 'deny HASH_NOT_AUTHORIZED', loosened: 'none WITHIN_CONTRACT' },
  { name: 'defaults.agents allow over 1', key: 'defaults.agents', user: { defaultMode: 'change', defaults: { agents: 1 } }, project: { defaults: { agents: 'allow' } }, observe: (w) => write(w, twoAgents), held: 'deny AGENT_BUDGET_EXHAUSTED', loosened: 'none WITHIN_CONTRACT' },
  { name: 'defaults.agents 5 over 1', key: 'defaults.agents', user: { defaultMode: 'change', defaults: { agents: 1 } }, project: { defaults: { agents: 5 } }, observe: (w) => write(w, twoAgents), held: 'deny AGENT_BUDGET_EXHAUSTED', loosened: 'none WITHIN_CONTRACT' },
  {
    name: 'dataDir: evidence does not move where the project says',
    key: 'dataDir',
    user: { defaultMode: 'review' },
    project: { dataDir: '/tmp/stopline-planted-elsewhere' },
    envFor: noStoplineHome,
    observe: (w) => {
      const planted = join(w.sb.root, 'planted');
      // the row's dataDir text is the same in every world; point it into this sandbox
      rewriteDataDir(w, planted);
      const o = w.drive().act();
      const where = existsSync(planted) ? 'evidence in the project folder' : existsSync(join(w.sb.root, 'xdg-data', 'stopline')) ? 'evidence in the default folder' : 'no evidence';
      return { result: `${seen(o)}; ${where}`, diagnostics: o.diagnostics ?? [] };
    },
    held: 'deny MODE_FORBIDS_MUTATION; evidence in the default folder',
    loosened: 'deny MODE_FORBIDS_MUTATION; evidence in the project folder',
  },
  {
    name: 'retentionDays: an old session is not pruned early',
    key: 'retentionDays',
    user: {},
    project: { retentionDays: 1 },
    observe: (w) => {
      w.drive('old-session').act();
      const old = allFiles(w.sb.data);
      // another session starts three days later (the clock is the controller's `now`)
      const later = driver({ ...w.sb, env: w.env }, { now: () => Date.now() + 3 * 86_400_000 }, { cwd: w.cwd, sessionId: 'new-session' }).event('session.start');
      return { result: old.every((f) => existsSync(f)) ? 'old session kept' : 'old session pruned', diagnostics: later.diagnostics ?? [] };
    },
    held: 'old session kept',
    loosened: 'old session pruned',
  },
  {
    name: 'confine: a project cannot turn confinement off (needs bubblewrap)',
    key: 'confine',
    user: { defaultMode: 'review' },
    project: { confine: false },
    observe: unprovenShell,
    held: 'rewrite CONFINED',
    loosened: 'ask MUTABILITY_UNPROVEN',
  },
  {
    name: 'projectHooks: a project cannot opt its own hooks in',
    key: 'projectHooks',
    user: {},
    project: { projectHooks: true, hooks: { 'tool:before': [{ hooks: [{ command: './planted-hook.sh' }] }] } },
    observe: (w) => hookObservation(w),
    held: '0 hook groups',
    loosened: '1 hook groups',
  },
  {
    name: 'import: a project cannot import host hook files',
    key: 'import',
    user: {},
    project: { import: [{ path: 'planted-hooks.json', dialect: 'codex' }] },
    observe: (w) => {
      writeFileSync(join(w.repo, '.stopline', 'planted-hooks.json'), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: './planted.sh' }] }] } }));
      return hookObservation(w);
    },
    held: '0 hook groups',
    loosened: '1 hook groups',
  },
  {
    name: 'dashboard: a project cannot configure a program to start',
    key: 'dashboard',
    user: {},
    project: { dashboard: { autostart: true, cli: './planted-cli' } },
    observe: (w) => {
      const { config, diagnostics } = loadConfig(w.env, w.cwd);
      const settings = [config.extras.user.dashboard, config.extras.project.dashboard].filter((s) => s !== undefined);
      return { result: `${settings.length} dashboard settings`, diagnostics };
    },
    held: '0 dashboard settings',
    loosened: '1 dashboard settings',
  },
];

/** The project file's dataDir, pointed at a folder inside this test's sandbox. */
function rewriteDataDir(w: World, folder: string): void {
  for (const file of [w.projectFile, join(w.sb.home, '.config', 'stopline', 'stopline.json')]) {
    if (!existsSync(file)) continue;
    const j = JSON.parse(readFileSync(file, 'utf8')) as Json;
    if (j.dataDir !== undefined) writeFileSync(file, JSON.stringify({ ...j, dataDir: folder }));
  }
}

/** The hook groups that would run, and the guard's own diagnostics for the same folder. */
function hookObservation(w: World): Observation {
  const hooks = loadHooksConfigFromSystem(w.cwd, { env: w.env, home: w.sb.home });
  return { result: `${hooks.groups.length} hook groups`, diagnostics: loadConfig(w.env, w.cwd).diagnostics };
}

describe('a looser project value does not loosen', () => {
  it.each(LOOSER.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const w = world(row.user, row.project, row.envFor);
    const got = row.observe(w);
    expect(got.result).toBe(row.held);

    // the warning: exactly one line for this key, naming it and echoing no value
    const lines = got.diagnostics.filter((d) => d.includes(`: ${row.key} ignored`));
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).not.toContain('\n');
    expect(line.startsWith(`project config ${w.projectFile}: ${row.key} ignored (`)).toBe(true);
    const afterPath = line.slice(`project config ${w.projectFile}: `.length);
    for (const value of leafTexts(row.project)) expect(afterPath).not.toContain(value);
    // ...and recorded nowhere else: no file the guard wrote mentions it
    for (const dir of [w.sb.data, join(w.sb.root, 'xdg-data'), join(w.sb.root, 'planted')]) {
      for (const f of safeFiles(dir)) expect(readFileSync(f, 'utf8')).not.toContain(`${row.key} ignored`);
    }
  });

  it.each(LOOSER.map((r) => [r.name, r] as const))('control, the same value in the user file: %s', (_name, row) => {
    // hooks and imports stay in the project file; the control is the user's own opt-in
    const hookKeys = row.key === 'projectHooks' || row.key === 'import';
    const w = hookKeys ? world({ ...row.user, projectHooks: true }, row.project, row.envFor) : world(merged(row.user, row.project), null, row.envFor);
    expect(row.observe(w).result).toBe(row.loosened);
  });
});

/** Files under a folder, or none when it is not a folder (the broken-data-folder rows). */
function safeFiles(dir: string): string[] {
  try {
    return allFiles(dir);
  } catch {
    return [];
  }
}

interface TighterRow {
  name: string;
  user: Json;
  project: Json;
  envFor?: (sb: Sandbox) => Record<string, string | undefined>;
  observe: (w: World) => Observation;
  before: string;
  after: string;
}

const TIGHTER: TighterRow[] = [
  { name: 'defaultLevel guard over watch', user: { defaultMode: 'review', defaultLevel: 'watch' }, project: { defaultLevel: 'guard' }, observe: write, before: 'context MODE_FORBIDS_MUTATION', after: 'deny MODE_FORBIDS_MUTATION' },
  { name: 'defaultLevel guard over off', user: { defaultMode: 'review', defaultLevel: 'off' }, project: { defaultLevel: 'guard' }, observe: write, before: 'none', after: 'deny MODE_FORBIDS_MUTATION' },
  { name: 'defaultMode review over change', user: { defaultMode: 'change' }, project: { defaultMode: 'review' }, observe: write, before: 'none WITHIN_CONTRACT', after: 'deny MODE_FORBIDS_MUTATION' },
  { name: 'defaultMode change over open (built-in defaults)', user: { defaultMode: 'open' }, project: { defaultMode: 'change' }, observe: (w) => write(w, install), before: 'none WITHIN_CONTRACT', after: 'ask DEPENDENCY_NOT_AUTHORIZED' },
  { name: 'defaultMode review over unconfirmed', user: {}, project: { defaultMode: 'review' }, observe: write, before: 'none CONTROL_INACTIVE', after: 'deny MODE_FORBIDS_MUTATION' },
  { name: 'failMode closed over open', user: {}, project: { failMode: 'closed' }, envFor: brokenDataFolder, observe: write, before: 'none', after: 'deny GUARD_UNAVAILABLE' },
  { name: 'defaults.deps deny over ask', user: { defaultMode: 'change' }, project: { defaults: { deps: 'deny' } }, observe: (w) => write(w, install), before: 'ask DEPENDENCY_NOT_AUTHORIZED', after: 'deny DEPENDENCY_NOT_AUTHORIZED' },
  { name: 'defaults.hash ask over allow', user: { defaultMode: 'change', defaults: { hash: 'allow' } }, project: { defaults: { hash: 'ask' } }, observe: (w) => write(w, checksum), before: 'none WITHIN_CONTRACT', after: 'ask HASH_NOT_AUTHORIZED' },
  { name: 'floor.preset strict over standard', user: {}, project: { floor: { preset: 'strict' } }, observe: (w) => write(w, unseen), before: 'ask FLOOR_UNSEEN_CODE', after: 'deny FLOOR_UNSEEN_CODE' },
  { name: 'floor.secrets: a project adds a secret path', user: {}, project: { floor: { secrets: ['src/config/prod/**'] } }, observe: (w) => write(w, readsProdConfig), before: 'none CONTROL_INACTIVE', after: 'deny FLOOR_SECRET_READ' },
  { name: 'defaults.agents 1 over allow', user: { defaultMode: 'change' }, project: { defaults: { agents: 1 } }, observe: (w) => write(w, twoAgents), before: 'none WITHIN_CONTRACT', after: 'deny AGENT_BUDGET_EXHAUSTED' },
];

describe('a tighter project value tightens, without a warning', () => {
  it.each(TIGHTER.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    expect(row.observe(world(row.user, null, row.envFor)).result).toBe(row.before);
    const got = row.observe(world(row.user, row.project, row.envFor));
    expect(got.result).toBe(row.after);
    expect(got.diagnostics.filter((d) => d.includes('project config'))).toEqual([]);
  });
});

describe('the order table', () => {
  it('names every key the config reads and every user-only key', () => {
    const configKeys = ['defaultLevel', 'defaultMode', 'failMode', 'defaults.deps', 'defaults.hash', 'defaults.agents', 'dataDir', 'retentionDays', 'confine', 'floor.preset', 'floor.secrets', 'floor.exceptions'];
    const userOnly = ['projectHooks', 'dashboard', 'hooks', 'import'];
    expect(Object.keys(TIGHTER_ORDER).sort()).toEqual([...configKeys, ...userOnly].sort());
    // every key with a looser row above is in the table, and every table key has a row or a tighter test
    for (const r of LOOSER) expect(TIGHTER_ORDER).toHaveProperty([r.key]);
  });

  it('level: only guard is tighter; off and watch are not comparable', () => {
    expect(levelAtLeastAsTight('guard', 'off')).toBe(true);
    expect(levelAtLeastAsTight('guard', 'watch')).toBe(true);
    expect(levelAtLeastAsTight('watch', 'off')).toBe(false);
    expect(levelAtLeastAsTight('off', 'watch')).toBe(false);
    expect(levelAtLeastAsTight('watch', 'guard')).toBe(false);
  });

  it('mode: the non-mutating modes are equally tight; a mode may not bring looser defaults', () => {
    expect(modeAtLeastAsTight('answer', 'review', BUILTIN_DEFAULTS)).toBe(true);
    expect(modeAtLeastAsTight('monitor', 'answer', BUILTIN_DEFAULTS)).toBe(true);
    expect(modeAtLeastAsTight('change', 'open', BUILTIN_DEFAULTS)).toBe(true);
    expect(modeAtLeastAsTight('change', 'open', { ...BUILTIN_DEFAULTS, hash: 'allow' })).toBe(false);
    expect(modeAtLeastAsTight('open', 'unconfirmed', BUILTIN_DEFAULTS)).toBe(false);
    expect(modeAtLeastAsTight('open', 'unconfirmed', { deps: 'allow', hash: 'ask', agents: 'allow' })).toBe(true);
  });

  it('policies and agents', () => {
    expect(policyAtLeastAsTight('ask', 'allow')).toBe(true);
    expect(policyAtLeastAsTight('ask', 'deny')).toBe(false);
    expect(agentsAtLeastAsTight(0, 1)).toBe(true);
    expect(agentsAtLeastAsTight(64, 'allow')).toBe(true);
    expect(agentsAtLeastAsTight('allow', 64)).toBe(false);
  });
});

describe('what else a project file holds', () => {
  it('an unknown key is ignored with one line, and an unprintable key name is not echoed', () => {
    const w = world({}, { someFutureKey: 'planted-value', 'bad\u001b[31mkey': 1 });
    const lines = loadConfig(w.env, w.cwd).diagnostics;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(': someFutureKey ignored (not a setting a project file can make)');
    expect(lines[1]).toContain(': a key with an unusual name ignored');
    for (const l of lines) {
      expect(l).not.toContain('planted-value');
      expect(l).not.toContain('\u001b');
    }
  });

  it('a user who opted in gets the project hooks and imports passed through, without a warning', () => {
    const project = { hooks: { 'tool:before': [{ hooks: [{ command: './h.sh' }] }] }, import: ['codex'] };
    const w = world({ projectHooks: true }, project);
    const { config, diagnostics } = loadConfig(w.env, w.cwd);
    expect(diagnostics).toEqual([]);
    expect(config.extras.project).toEqual(project);
    // without the opt-in nothing of them reaches the modules that read extras
    const closed = world({}, project);
    expect(loadConfig(closed.env, closed.cwd).config.extras.project).toEqual({});
  });

  it('comments and trailing commas (kept by stopline install) do not drop a user file to the loosest defaults', () => {
    const w = world(null, null);
    writeUserFile(w.sb.home, '// mine\n{ "failMode": "closed", /* strict */ "defaultMode": "review", }\n');
    mkdirSync(join(w.repo, '.stopline'), { recursive: true });
    writeFileSync(w.projectFile, '{\n  // the team wants no new packages\n  "defaults": { "deps": "deny", },\n}\n');
    const { config, diagnostics } = loadConfig(w.env, w.cwd);
    expect(diagnostics).toEqual([]);
    expect(config).toMatchObject({ failMode: 'closed', defaultMode: 'review', defaults: { deps: 'deny' } });
    expect(seen(w.drive().act())).toBe('deny MODE_FORBIDS_MUTATION');
  });

  it('a broken project file is one line with a position and no file text', () => {
    const w = world({ failMode: 'closed' }, null);
    mkdirSync(join(w.repo, '.stopline'), { recursive: true });
    writeFileSync(w.projectFile, '{ "failMode": planted-open }');
    const { config, diagnostics } = loadConfig(w.env, w.cwd);
    expect(config.failMode).toBe('closed');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatch(/is not valid JSON \(at 1:\d+\)/);
    expect(diagnostics[0]).not.toContain('planted');
  });

  it('a value of the wrong type in a project file is one file line; the user values stay', () => {
    const w = world({ defaultMode: 'review' }, { defaultMode: 'yolo', failMode: 3 });
    const { config, diagnostics } = loadConfig(w.env, w.cwd);
    expect(config.defaultMode).toBe('review');
    expect(config.failMode).toBe('open');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).not.toContain('yolo');
  });
});
