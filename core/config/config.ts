/**
 * stopline.json: the user file (`STOPLINE_CONFIG`, else `$XDG_CONFIG_HOME/stopline/` or
 * `~/.config/stopline/`) and the project file (`.stopline/stopline.json`, found by walking up
 * from the working folder to the repository root). The project file may only tighten what
 * the user file allows (core/config/tighten.ts): a repository you clone must not be able to
 * loosen your guard. Bad config never crashes a hook: a file's bad values yield one
 * diagnostic line and fall back to the safe defaults; each project key that is ignored gets
 * one line of its own. The user file's unknown top-level keys (`hooks`, `import`,
 * `dashboard`, ...) are passed through untouched for the modules that read them.
 */
import { join, resolve } from 'node:path';
import { BUILTIN_DEFAULTS, LEVELS, MAX_AGENT_BUDGET, MODES, POLICIES, freshContract } from '../contract/types';
import type { Contract } from '../contract/types';
import { parseJsonc } from '../hooks/jsonc';
import { homeFrom } from '../paths/self-paths';
import { DEFAULT_RETENTION_DAYS } from '../state/retention';
import { nodeRead } from '../state/node-read';
import type { Env } from '../paths/self-paths';
import { BoundedCache, statPath, stillValid } from './file-stamp';
import type { FileStamp, StatAnswer } from './file-stamp';
import { parseFloor } from './floor';
import { CONFIG_FILE, forgetProjectWalks, locateProject } from './project';
import { applyProjectFile } from './tighten';
import type { LoadedConfig, ParsedFile, StoplineConfig } from './types';

export type { FailMode, StoplineConfig } from './types';

const KNOWN_KEYS = new Set(['defaultMode', 'defaultLevel', 'failMode', 'dataDir', 'retentionDays', 'confine', 'defaults', 'floor']);

function builtinConfig(): StoplineConfig {
  return {
    defaultMode: 'unconfirmed',
    defaultLevel: 'guard',
    failMode: 'open',
    retentionDays: DEFAULT_RETENTION_DAYS,
    confine: true,
    defaults: { ...BUILTIN_DEFAULTS },
    floor: { preset: 'standard', exceptions: [], secrets: [] },
    extras: { user: {}, project: {} },
    sources: {},
  };
}

export function userConfigPath(env: Env): string | null {
  const explicit = env.STOPLINE_CONFIG?.trim();
  if (explicit) return resolve(explicit);
  const xdg = env.XDG_CONFIG_HOME?.trim();
  if (xdg) return join(xdg, 'stopline', CONFIG_FILE);
  const home = homeFrom(env);
  return home ? join(home, '.config', 'stopline', CONFIG_FILE) : null;
}

/** A file's text as JSON: plain JSON first (the common case, and the fastest), then JSONC. */
function parseJsonText(text: string): { value?: unknown; problem?: string } {
  // the same reader as the hooks layer: stopline.json is hand-written, and `stopline install`
  // keeps a person's comments, so a comment must not make the whole file (failMode closed
  // included) fall back to the loosest defaults. The parser's own message can quote file text,
  // so only the position is shown.
  const body = text.replace(/^\uFEFF/, '');
  try {
    return { value: JSON.parse(body) };
  } catch {
    /* comments or trailing commas: the JSONC reader below */
  }
  const r = parseJsonc(body);
  if (!r.ok) return { problem: `is not valid JSON (at ${r.position.line}:${r.position.col})` };
  return { value: r.doc.value };
}

/** One config file as loadConfig uses it: absent, or its valid values plus its problems. */
interface FileReading {
  /** the file was read and held JSON (its values count, and it is named in `sources`) */
  parsed?: ParsedFile;
  problems: string[];
}

const ABSENT: FileReading = Object.freeze({ problems: [] }) as FileReading;

/**
 * Parsed files of this process, keyed by role and path. An entry is reused while the file
 * answers the same stamp (file-stamp.ts), so an edit is read on the next call; a missing file
 * is not cached at all (its one stat per call says so). Entries are never handed out for
 * mutation: loadConfig copies what it merges.
 */
interface CachedReading {
  stamp: FileStamp;
  text: string;
  reading: FileReading;
}
const readings = new BoundedCache<CachedReading>(64);

/**
 * Read and parse one config file, reusing the last parse while the file is unchanged. `seen` is
 * a stat already made for this path (the project walk makes one). `userOnly` false parses it as
 * a project file (see parseFile).
 */
function readConfigFile(path: string, userOnly: boolean, seen?: StatAnswer): FileReading {
  const key = `${userOnly ? 'u' : 'p'}\0${path}`;
  const answer = seen ?? statPath(path);
  if (answer.kind !== 'file') {
    readings.delete(key);
    if (answer.kind === 'missing') return ABSENT;
    return { problems: [answer.kind === 'other' ? 'not a file' : `cannot be read (${answer.code})`] };
  }
  const cached = readings.get(key);
  if (cached && stillValid(cached.stamp, answer.stamp)) return cached.reading;
  let text: string;
  try {
    text = nodeRead.text(path);
  } catch (e) {
    readings.delete(key);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return ABSENT;
    return { problems: [`cannot be read (${code ?? 'error'})`] };
  }
  // a stamp inside the racy window: same text means the same parse (and a fresher stamp)
  if (cached && cached.text === text) {
    readings.set(key, { ...cached, stamp: answer.stamp });
    return cached.reading;
  }
  const problems: string[] = [];
  const { value, problem } = parseJsonText(text);
  if (problem) problems.push(problem);
  const reading: FileReading = value === undefined ? { problems } : { parsed: parseFile(value, problems, userOnly), problems };
  readings.set(key, { stamp: answer.stamp, text, reading });
  return reading;
}

/**
 * Forget every cached parse and project walk (tests).
 * @keep forgetConfigCache the tests edit config files within one process and drop the cache between steps
 */
export function forgetConfigCache(): void {
  readings.clear();
  forgetProjectWalks();
}

function oneOf<T extends string>(v: unknown, allowed: readonly T[]): T | undefined {
  return typeof v === 'string' && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;
}

/**
 * `userOnly` false (a project file): dataDir and retentionDays are not parsed but kept in
 * extras, so the tighten step reports them whatever their value.
 */
function parseFile(value: unknown, problems: string[], userOnly = true): ParsedFile {
  const out: ParsedFile = { defaults: {}, floor: {}, extras: {} };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push('the top level must be a JSON object');
    return out;
  }
  const o = value as Record<string, unknown>;
  const userOnlyKeys = new Set(['dataDir', 'retentionDays', 'confine']);
  for (const [k, v] of Object.entries(o)) if (!KNOWN_KEYS.has(k) || (!userOnly && userOnlyKeys.has(k))) out.extras[k] = v;
  if ('defaultMode' in o) {
    const m = oneOf(o.defaultMode, [...MODES, 'unconfirmed'] as const);
    if (m) out.defaultMode = m;
    else problems.push(`defaultMode must be one of ${[...MODES, 'unconfirmed'].join('|')}`);
  }
  if ('defaultLevel' in o) {
    const l = oneOf(o.defaultLevel, LEVELS);
    if (l) out.defaultLevel = l;
    else problems.push('defaultLevel must be watch|guard|off');
  }
  if ('failMode' in o) {
    const f = oneOf(o.failMode, ['open', 'closed'] as const);
    if (f) out.failMode = f;
    else problems.push('failMode must be open|closed');
  }
  if (userOnly && 'dataDir' in o) {
    if (typeof o.dataDir === 'string' && o.dataDir.trim() !== '') out.dataDir = o.dataDir;
    else problems.push('dataDir must be a non-empty string');
  }
  if (userOnly && 'retentionDays' in o) {
    const r = o.retentionDays;
    if (typeof r === 'number' && Number.isInteger(r) && r >= 1 && r <= 3650) out.retentionDays = r;
    else problems.push('retentionDays must be a whole number of days from 1 to 3650');
  }
  if (userOnly && 'confine' in o) {
    if (typeof o.confine === 'boolean') out.confine = o.confine;
    else problems.push('confine must be true or false');
  }
  if ('floor' in o) parseFloor(o.floor, out, problems);
  if ('defaults' in o) {
    const d = o.defaults;
    if (typeof d !== 'object' || d === null || Array.isArray(d)) problems.push('defaults must be an object');
    else {
      const dd = d as Record<string, unknown>;
      for (const key of ['deps', 'hash'] as const) {
        if (key in dd) {
          const p = oneOf(dd[key], POLICIES);
          if (p) out.defaults[key] = p;
          else problems.push(`defaults.${key} must be deny|ask|allow`);
        }
      }
      if ('agents' in dd) {
        const a = dd.agents;
        if (a === 'allow') out.defaults.agents = 'allow';
        else if (typeof a === 'number' && Number.isInteger(a) && a >= 0 && a <= MAX_AGENT_BUDGET) out.defaults.agents = a;
        else problems.push(`defaults.agents must be 0..${MAX_AGENT_BUDGET} or "allow"`);
      }
    }
  }
  return out;
}

function fileDiagnostic(which: string, path: string, problems: string[]): string {
  return `${which} config ${path}: ${problems.join('; ')}; using the safe default for ${problems.length === 1 ? 'it' : 'those'}`;
}

/** The contract a session starts with under this config (a mode not yet confirmed only watches). */
export function configuredContract(config: Pick<StoplineConfig, 'defaultMode' | 'defaultLevel' | 'defaults'>): Contract {
  const mode = config.defaultMode;
  const level = config.defaultLevel === 'off' ? 'off' : mode === 'unconfirmed' ? 'watch' : config.defaultLevel;
  return freshContract({ mode, level, defaults: config.defaults });
}

/**
 * Load and merge both files. Never throws. Long-lived hosts call this on every tool call: the
 * project walk and each file's parse are cached and re-checked with one stat per file (an edit,
 * a deleted file and a newly created file all count on the next call).
 */
export function loadConfig(env: Readonly<Env>, cwd: string | undefined): LoadedConfig {
  const config = builtinConfig();
  const diagnostics: string[] = [];

  const userPath = userConfigPath(env);
  if (userPath) {
    const { parsed: u, problems } = readConfigFile(userPath, true);
    if (u) {
      config.sources.user = userPath;
      if (u.defaultMode) config.defaultMode = u.defaultMode;
      if (u.defaultLevel) config.defaultLevel = u.defaultLevel;
      if (u.failMode) config.failMode = u.failMode;
      if (u.dataDir) config.dataDir = u.dataDir;
      if (u.retentionDays) config.retentionDays = u.retentionDays;
      if (u.confine !== undefined) config.confine = u.confine;
      config.defaults = { ...config.defaults, ...u.defaults };
      config.floor = {
        preset: u.floor.preset ?? config.floor.preset,
        exceptions: u.floor.exceptions ?? config.floor.exceptions,
        secrets: u.floor.secrets ?? config.floor.secrets,
      };
      config.extras.user = u.extras;
    }
    if (problems.length) diagnostics.push(fileDiagnostic('user', userPath, problems));
  }

  const project = locateProject(cwd);
  if (project) {
    config.projectRoot = project.root;
    if (project.file) {
      let ignored: { key: string; why: string }[] = [];
      const { parsed: p, problems } = readConfigFile(project.file, false, project.fileStat);
      if (p) {
        config.sources.project = project.file;
        ignored = applyProjectFile(config, p, config.extras.user);
      }
      if (problems.length) diagnostics.push(fileDiagnostic('project', project.file, problems));
      // one line per key, naming the key and never its value
      for (const { key, why } of ignored) diagnostics.push(`project config ${project.file}: ${key} ignored (${why})`);
    }
  }
  return { config, diagnostics };
}
