/**
 * Find and read every hook config: stopline's own `hooks` (user, then project, appended; the
 * project's only when the user file says `"projectHooks": true`) and the host configs named in
 * `import`, read in place and never rewritten. Pure apart
 * from the injected `readFile`, so tests pass a map of fixture texts.
 */
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { BoundedCache, statPath, stillValid } from '../config/file-stamp';
import { nodeRead } from '../state/node-read';
import type { StatAnswer } from '../config/file-stamp';
import { CONFIG_FILE, PROJECT_DIR, locateProject } from '../config/project';
import { parseJsonc, type LocatedDocument } from './jsonc';
import { DIALECT_LABEL, DIALECT_SHORT, lookupSpelling, rulesOf, snakeName } from './dialects';
import { parseHooksList, parseHooksSection, report, type ParseContext } from './parse';
import { parseToml } from './toml';
import type { Diagnostic, Dialect, HookGroup, HooksConfig, Position } from './types';
import { parseYaml } from './yaml';
import { isRecord } from '../check';
import { HOOK_DIALECTS, type HookDialect } from '../registry/host-specs';
import { HOOK_FILES } from '../registry/hook-files';
import type { HookFileLocation, HookSwitch } from '../registry/types';

/** @keep LoadOptions what loadHooksConfig takes: the tests hand it files in memory */
export interface LoadOptions {
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  /** the project directory (project-level files are looked up here) */
  cwd: string;
  /** file text, or undefined when the file does not exist; may throw for unreadable files */
  readFile: (path: string) => string | undefined;
  /** overrides for stopline.json locations (defaults: defaultConfigPaths) */
  userConfigPath?: string;
  projectConfigPath?: string;
  /**
   * Dialects whose own hooks the running host already executes (the Claude artifact passes
   * ['claude']): their default files are not imported, so no hook runs twice.
   */
  skipDialects?: readonly Dialect[];
  /** the names in a folder, or undefined when it cannot be listed (Copilot's hooks folder); default: none */
  listDir?: (dir: string) => string[] | undefined;
}

/** the hosts whose own hook files an `import` can name: every host with a hook-file dialect */
const IMPORT_NAMES: readonly HookDialect[] = HOOK_DIALECTS;
type ImportName = HookDialect;
const IMPORT_LIST = IMPORT_NAMES.map((n) => JSON.stringify(n)).join(', ');

interface HostFile {
  path: string;
  dialect: Dialect;
  scope: string;
  /** the file is the event map itself (`without-hooks-key`: when it has no `hooks`); other files keep their hooks under `hooks` */
  bare?: HookFileLocation['bare'];
  /** the host reads only the first of its files so marked that exists: the ones after it are not read */
  firstFound?: boolean;
  /** an event in this file replaces the same event of the other files of its folder */
  overrides?: boolean;
}

/**
 * Where stopline.json lives, the same rule core/config uses: the user file is
 * `$STOPLINE_CONFIG`, else `$XDG_CONFIG_HOME/stopline/stopline.json`, else
 * `~/.config/stopline/stopline.json`; the project file is `<project>/.stopline/stopline.json`
 * (loadHooksConfigFromSystem finds the project by walking up like core/config does).
 * @keep defaultConfigPaths where the person's hooks files are looked for: the tests move them with
 *   XDG_CONFIG_HOME
 */
export function defaultConfigPaths(env: LoadOptions['env'], home: string, cwd: string): { user: string; project: string } {
  const explicit = env.STOPLINE_CONFIG?.trim();
  const xdg = env.XDG_CONFIG_HOME?.trim();
  const user = explicit ? resolve(explicit) : join(xdg || join(home, '.config'), 'stopline', CONFIG_FILE);
  return { user, project: join(cwd, PROJECT_DIR, CONFIG_FILE) };
}

/**
 * The files one named import reads, in the order their groups append: the rows of its host's
 * hook-file spec (core/registry), a `*.json` path read as every such file of its folder (`listDir`).
 */
function hostFilesFor(name: ImportName, env: LoadOptions['env'], home: string, cwd: string, listDir?: LoadOptions['listDir']): HostFile[] {
  return HOOK_FILES[name].files.flatMap((f): HostFile[] => {
    const base = f.at === 'project' ? join(cwd, f.dir) : (f.env ? env[f.env] : undefined) || join(home, f.dir);
    const rest = { dialect: name, ...(f.bare ? { bare: f.bare } : {}), ...(f.firstFound ? { firstFound: true } : {}), ...(f.overrides ? { overrides: true } : {}) };
    const star = basename(f.path).indexOf('*');
    if (star < 0) return [{ path: join(base, f.path), scope: `${name}.${f.scope}`, ...rest }];
    const dir = join(base, dirname(f.path));
    const suffix = basename(f.path).slice(star + 1);
    const names = (listDir?.(dir) ?? []).filter((n) => n.endsWith(suffix)).sort();
    return names.map((n) => ({ path: join(dir, n), scope: `${name}.${f.scope}.${n.slice(0, n.length - suffix.length)}`, ...rest }));
  });
}

/** A file name against a row's name pattern (`*` any text). */
function nameMatches(pattern: string, name: string): boolean {
  return new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(name);
}

/**
 * Guess an explicit import's dialect from its file name (the rows' `fileNames`).
 * @keep dialectFromFileName which dialect a hooks file is read in, by its name: the tests check each name
 */
export function dialectFromFileName(path: string): Dialect | null {
  const name = basename(path).toLowerCase();
  for (const d of HOOK_DIALECTS) if (HOOK_FILES[d].fileNames?.some((p) => nameMatches(p, name))) return d;
  if (name === 'stopline.json') return 'native';
  return null;
}

/** The reader's file text for LoadOptions: undefined for a missing file. */
function nodeReadFile(path: string): string | undefined {
  try {
    return nodeRead.text(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw err;
  }
}

type ReadResult = { doc: LocatedDocument } | null;

/**
 * @keep loadHooksConfig the person's hooks loaded from given files (the cached loader reads the disk): every
 *   hooks test loads through it
 */
export function loadHooksConfig(opts: LoadOptions): HooksConfig {
  const diagnostics: Diagnostic[] = [];
  const sources: string[] = [];
  const groups: HookGroup[] = [];
  const skip = new Set(opts.skipDialects ?? []);
  const seen = new Set<string>();
  const defaults = defaultConfigPaths(opts.env, opts.home, opts.cwd);

  const read = (path: string, dialect: Dialect): ReadResult => {
    let text: string | undefined;
    try {
      text = opts.readFile(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      diagnostics.push({ level: 'error', file: path, message: `cannot read the file (${code ?? (err instanceof Error ? err.message : String(err))}); skipped` });
      return null;
    }
    if (text === undefined) return null;
    sources.push(path);
    const format = rulesOf(dialect).format;
    if (format === 'json' && text.trim() === '') return { doc: { value: {}, locations: new Map() } };
    const r = format === 'yaml' ? parseYaml(text, { onlyKeys: ['hooks'] }) : format === 'toml' ? parseToml(text) : parseJsonc(text);
    const at = (p: Position): string => `${p.line}:${p.col}`;
    if (!r.ok) {
      diagnostics.push({ level: 'error', file: path, position: at(r.position), message: `${format.toUpperCase()}: ${r.message}; file skipped` });
      return null;
    }
    for (const w of ('warnings' in r ? r.warnings : []) as { message: string; position: Position }[]) diagnostics.push({ level: 'warning', file: path, position: at(w.position), message: w.message });
    return { doc: r.doc };
  };

  // 1. stopline.json, user then project; remember their import lists.
  // A project file comes with whatever repository was cloned, so its hooks and imports (commands
  // that would run on every tool call) run only when the person's own user file opts in.
  const imports: { entry: unknown; from: string; ctx: ParseContext; index: number }[] = [];
  const userPath = opts.userConfigPath ?? defaults.user;
  const nativeFiles: [string, string][] = [
    [userPath, 'native.user'],
    [opts.projectConfigPath ?? defaults.project, 'native.project'],
  ];
  let projectHooksAllowed = false;
  for (const [path, scope] of nativeFiles) {
    const key = resolve(path);
    if (seen.has(key)) continue;
    seen.add(key);
    const r = read(path, 'native');
    if (!r) continue;
    const ctx: ParseContext = { dialect: 'native', file: path, scope, doc: r.doc, diagnostics };
    const root = r.doc.value;
    if (!isRecord(root)) {
      report(ctx, 'error', [], 'stopline.json must hold a JSON object; file skipped');
      continue;
    }
    if (scope === 'native.user') {
      if (root.projectHooks === true) projectHooksAllowed = true;
      else if (root.projectHooks !== undefined) report(ctx, 'error', ['projectHooks'], '"projectHooks" must be true or false; project hooks stay off');
    }
    const parsed = parseHooksSection(ctx, root.hooks, ['hooks']);
    if (scope === 'native.project' && !projectHooksAllowed && (root.hooks !== undefined || root.import !== undefined)) {
      // still parsed above, so `stopline hooks validate` shows the file's mistakes; nothing of it runs
      const what = [root.hooks !== undefined ? '"hooks"' : '', root.import !== undefined ? '"import"' : ''].filter(Boolean).join(' and ');
      diagnostics.push({ level: 'warning', file: path, message: `project ${what} not run: a project file's hooks run only when your user config (${userPath}) has "projectHooks": true; skipped` });
      continue;
    }
    groups.push(...parsed);
    if (root.import !== undefined) {
      if (!Array.isArray(root.import)) report(ctx, 'error', ['import'], `"import" must be a list such as [${IMPORT_NAMES.slice(0, 3).map((n) => JSON.stringify(n)).join(', ')}]; ignored`);
      else root.import.forEach((entry, index) => imports.push({ entry, from: path, ctx, index }));
    }
  }

  // 2. resolve imports to host files (deduplicated, own-host dialects skipped)
  const skippedFiles = new Set<string>();
  for (const name of IMPORT_NAMES) {
    if (skip.has(name)) for (const f of hostFilesFor(name, opts.env, opts.home, opts.cwd, opts.listDir)) skippedFiles.add(resolve(f.path));
  }
  const hostFiles: HostFile[] = [];
  let explicitCount = 0;
  for (const { entry, from, ctx, index } of imports) {
    const at = ['import', index];
    if (typeof entry === 'string' && (IMPORT_NAMES as readonly string[]).includes(entry)) {
      if (skip.has(entry as Dialect)) continue;
      hostFiles.push(...hostFilesFor(entry as ImportName, opts.env, opts.home, opts.cwd, opts.listDir));
      continue;
    }
    let rawPath: unknown;
    let dialect: unknown;
    if (typeof entry === 'string') rawPath = entry;
    else if (isRecord(entry)) {
      rawPath = entry.path;
      dialect = entry.dialect;
    }
    if (typeof rawPath !== 'string' || rawPath === '') {
      report(ctx, 'error', at, `import entry must be ${IMPORT_LIST}, a file path or {"path", "dialect"}; found ${JSON.stringify(entry)}`);
      continue;
    }
    if (typeof entry === 'string' && !/[/\\.]/.test(rawPath)) {
      report(ctx, 'error', at, `unknown import "${rawPath}" (expected ${IMPORT_LIST} or a file path)`);
      continue;
    }
    const expanded = rawPath === '~' || rawPath.startsWith('~/') ? join(opts.home, rawPath.slice(1)) : rawPath;
    const path = isAbsolute(expanded) ? expanded : resolve(dirname(from), expanded);
    const d = dialect === undefined ? dialectFromFileName(path) : dialect;
    if (typeof d !== 'string' || !(IMPORT_NAMES as readonly string[]).concat('native').includes(d)) {
      report(ctx, 'error', at, dialect === undefined ? `cannot tell the dialect of "${rawPath}" from its name; write {"path": "${rawPath}", "dialect": ${IMPORT_NAMES.map((n) => JSON.stringify(n)).join(' | ')}}` : `unknown dialect ${JSON.stringify(dialect)} (expected ${IMPORT_LIST} or "native")`);
      continue;
    }
    const known = d as Dialect;
    if (skippedFiles.has(resolve(path)) || skip.has(known)) continue;
    explicitCount += 1;
    hostFiles.push({ path, dialect: known, scope: `${known}.import${explicitCount}` });
  }

  // 3. read host files in place; a host switch that turns all its hooks off (a `host` reach
  // row): per host, the last file that sets it decides
  const perHost = new Map<Dialect, { groups: HookGroup[]; disabledBy: string | null; how: string }>();
  const folders: { dialect: Dialect; dir: string; overrides: boolean; groups: HookGroup[] }[] = [];
  const foundFirst = new Set<Dialect>();
  for (const f of hostFiles) {
    const key = resolve(f.path);
    if (seen.has(key)) continue;
    if (f.firstFound && foundFirst.has(f.dialect)) continue;
    seen.add(key);
    const before = sources.length;
    const r = read(f.path, f.dialect);
    // a file that exists hides the later ones, also when it cannot be read (the host then loads no hooks)
    if (f.firstFound && sources.length > before) foundFirst.add(f.dialect);
    if (!r) continue;
    const ctx: ParseContext = { dialect: f.dialect, file: f.path, scope: f.scope, doc: r.doc, diagnostics };
    const rules = rulesOf(f.dialect);
    const label = DIALECT_LABEL[f.dialect];
    const root = r.doc.value;
    if (root === null && rules.format === 'yaml') continue; // empty YAML file
    if (!isRecord(root)) {
      report(ctx, 'error', [], `${rules.format === 'yaml' ? basename(f.path) : 'the file'} must hold an object at the top; file skipped`);
      continue;
    }
    // a host's own switch that turns the whole file off
    const fileOff = rules.switches?.find((sw) => sw.reach === 'file' && switchedOff(sw, root) === true);
    if (fileOff) {
      diagnostics.push({ level: 'warning', file: f.path, message: `${switchText(fileOff)}; this file's hooks are not imported` });
      continue;
    }
    const diagBefore = diagnostics.length;
    if (rules.strictFile) {
      const refused = strictRefusal(f.dialect, root);
      if (refused) {
        report(ctx, 'error', refused.at, `${refused.message}; ${label} refuses the file, so none of its hooks run`);
        continue;
      }
    }
    // a map that is the file itself when it has no `hooks` is the dialect's rule, so an explicit import of such a file reads it too
    const bare = f.bare ?? (rules.files.some((x) => x.bare === 'without-hooks-key') ? 'without-hooks-key' : undefined);
    const parsed = withoutStoplineGuard(
      bare === true || (bare === 'without-hooks-key' && !('hooks' in root))
        ? parseHooksSection(ctx, root, [])
        : rules.tableList
          ? parseHooksList(ctx, root.hooks, ['hooks'])
          : parseHooksSection(ctx, root.hooks, ['hooks']),
    );
    if (rules.strictFile && diagnostics.slice(diagBefore).some((d) => d.level === 'error')) {
      // the host validates the whole file: one broken hook and it loads none
      diagnostics.push({ level: 'error', file: f.path, message: `${label} refuses a file with an error, so none of its hooks run` });
      continue;
    }
    if (rules.files.some((x) => x.overrides)) folders.push({ dialect: f.dialect, dir: dirname(f.path), overrides: f.overrides === true, groups: parsed });
    const host = perHost.get(f.dialect) ?? { groups: [], disabledBy: null, how: '' };
    perHost.set(f.dialect, host);
    for (const sw of rules.switches ?? []) {
      if (sw.reach !== 'host') continue;
      const off = switchedOff(sw, root);
      if (off === true) {
        host.disabledBy = f.path;
        host.how = switchText(sw);
      } else if (off === false) host.disabledBy = null;
    }
    host.groups.push(...parsed);
    groups.push(...parsed);
  }
  for (const [dialect, host] of perHost) {
    if (host.disabledBy === null || host.groups.length === 0) continue;
    diagnostics.push({ level: 'warning', file: host.disabledBy, message: `${host.how}; ${host.groups.length} ${DIALECT_SHORT[dialect]} hook group(s) not imported` });
    const drop = new Set(host.groups);
    for (let k = groups.length - 1; k >= 0; k--) if (drop.has(groups[k]!)) groups.splice(k, 1);
  }

  // within one folder, an event in an `overrides` file replaces the same event of the folder's other files
  const overridden = new Set<HookGroup>();
  for (const other of folders.filter((x) => !x.overrides)) {
    const winner = folders.find((x) => x.overrides && x.dialect === other.dialect && x.dir === other.dir);
    if (!winner) continue;
    const replaced = new Set(winner.groups.map((g) => g.spelling));
    for (const g of other.groups) if (replaced.has(g.spelling)) overridden.add(g);
  }

  return buildConfig(groups.filter((g) => !skip.has(g.dialect) && !overridden.has(g)), diagnostics, sources);
}

/**
 * A `strictFile` host refuses a whole file (no hook of it runs) when an event key is not one of
 * its names, or when one event is written twice (PascalCase and snake_case). The map is the
 * file itself, or its `hooks` value.
 */
function strictRefusal(dialect: Dialect, root: Record<string, unknown>): { at: (string | number)[]; message: string } | undefined {
  const wrapped = 'hooks' in root;
  const map = wrapped ? root.hooks : root;
  if (!isRecord(map)) return undefined;
  const seenEvents = new Set<string>();
  for (const key of Object.keys(map)) {
    const snake = snakeName(key);
    const at = wrapped ? ['hooks', key] : [key];
    if (lookupSpelling(dialect, key).kind !== 'canonical') return { at, message: `unknown ${DIALECT_LABEL[dialect]} event "${key}"` };
    if (seenEvents.has(snake)) return { at, message: `event "${key}" is written twice (PascalCase and snake_case)` };
    seenEvents.add(snake);
  }
  return undefined;
}

/** A switch's setting in one file: true = off, false = on, undefined = not set. */
function switchedOff(sw: HookSwitch, root: Record<string, unknown>): boolean | undefined {
  let v: unknown = root;
  for (const k of sw.path) v = isRecord(v) ? v[k] : undefined;
  return typeof v === 'boolean' ? v === sw.offWhen : undefined;
}

/** How a switch that is off reads in a diagnostic (`disableAllHooks is true`). */
function switchText(sw: HookSwitch): string {
  return `${sw.path.join('.')} is ${sw.offWhen}`;
}

function buildConfig(groups: HookGroup[], diagnostics: Diagnostic[] = [], sources: string[] = []): HooksConfig {
  const byEvent: HooksConfig['byEvent'] = {};
  for (const g of groups) (byEvent[g.event] ??= []).push(g);
  return { groups, byEvent, diagnostics, sources };
}

/**
 * Loaded configs of this process. A long-lived host (OpenCode, Pi, the resident evaluator) asks
 * for the hooks config on every tool call; the entry is reused while every file the load
 * consulted (present or missing) answers the same stat, so an edited, deleted or newly created
 * hooks file or import counts on the very next call. The key holds every input that chooses
 * which files are read; the files' contents choose the rest (imports), and those are covered by
 * the stamps.
 */
interface CachedLoad {
  consulted: { path: string; answer: StatAnswer }[];
  /** folders whose names were listed (Copilot's hooks folder), with what they held */
  listed: { dir: string; names: string | null }[];
  config: HooksConfig;
}

/** The names in a folder, sorted, or undefined when it cannot be listed. */
function nodeListDir(dir: string): string[] | undefined {
  try {
    return nodeRead.list(dir).sort();
  } catch {
    return undefined;
  }
}
const loads = new BoundedCache<CachedLoad>(32);

/**
 * Forget every cached hooks config (tests).
 * @keep forgetHooksConfigCache the tests edit hooks files within one process and drop the cache between steps
 */
export function forgetHooksConfigCache(): void {
  loads.clear();
}

function sameAnswer(before: StatAnswer, now: StatAnswer): boolean {
  if (before.kind === 'file') return now.kind === 'file' && stillValid(before.stamp, now.stamp);
  // an unreadable path is never trusted: its load is repeated until it reads
  return before.kind === now.kind && before.kind !== 'error';
}

/** the variables that move a host's hook files (the rows' `env`): each chooses which files are read */
const HOOK_FILE_VARS: readonly string[] = [...new Set(HOOK_DIALECTS.flatMap((d) => HOOK_FILES[d].files.flatMap((f) => (f.env ? [f.env] : []))))];

function cacheKey(cwd: string, home: string, env: LoadOptions['env'], projectConfigPath: string, extra: Partial<LoadOptions>): string {
  return [
    cwd,
    home,
    projectConfigPath,
    // relative paths (STOPLINE_CONFIG, a relative cwd) resolve against the process folder
    process.cwd(),
    env.STOPLINE_CONFIG ?? '',
    env.XDG_CONFIG_HOME ?? '',
    ...HOOK_FILE_VARS.map((v) => env[v] ?? ''),
    extra.userConfigPath ?? '',
    (extra.skipDialects ?? []).join(','),
  ].join('\0');
}

/**
 * Load with the real file system and environment. `cwd` is the host's project folder
 * (Claude's `.claude/` files are looked up there); the stopline project file is found by
 * walking up from it to the folder holding `.stopline/`, else the repository root. Without an
 * injected `readFile`, the result is cached as described at CachedLoad; the returned config is
 * shared between calls and must not be changed.
 */
export function loadHooksConfigFromSystem(cwd: string, extra: Partial<LoadOptions> = {}): HooksConfig {
  const env = extra.env ?? process.env;
  const home = extra.home ?? env.HOME ?? env.USERPROFILE ?? '';
  const projectConfigPath = extra.projectConfigPath ?? join(locateProject(cwd)?.root ?? cwd, PROJECT_DIR, CONFIG_FILE);
  if (extra.readFile) return loadHooksConfig({ ...extra, readFile: extra.readFile, env, home, cwd, projectConfigPath });

  const key = cacheKey(cwd, home, env, projectConfigPath, extra);
  const cached = loads.get(key);
  const listing = (dir: string): string | null => nodeListDir(dir)?.join('\0') ?? null;
  if (cached && cached.consulted.every((c) => sameAnswer(c.answer, statPath(c.path))) && cached.listed.every((l) => listing(l.dir) === l.names)) return cached.config;

  // stat before read: a write between the two shows up as a changed stamp on the next call
  const consulted: CachedLoad['consulted'] = [];
  const listed: CachedLoad['listed'] = [];
  const readFile = (path: string): string | undefined => {
    consulted.push({ path, answer: statPath(path) });
    return nodeReadFile(path);
  };
  const listDir = (dir: string): string[] | undefined => {
    const names = nodeListDir(dir);
    listed.push({ dir, names: names?.join('\0') ?? null });
    return names;
  };
  const config = loadHooksConfig({ ...extra, env, home, cwd, projectConfigPath, readFile, listDir: extra.listDir ?? listDir });
  loads.set(key, { consulted, listed, config });
  return config;
}

/**
 * A host's hook file holds stopline's own entry once `stopline install <host>` ran there. Imported
 * into another host, that entry would run stopline's guard a second time, as one of the person's
 * hooks, on a payload of the wrong host: the guard already answers every event here, so an entry
 * that runs one of stopline's hook scripts (or `stopline guard`) is left out of the import.
 */
function withoutStoplineGuard(groups: readonly HookGroup[]): HookGroup[] {
  const out: HookGroup[] = [];
  for (const g of groups) {
    const hooks = g.hooks.filter((h) => h.type !== 'command' || !runsStoplineGuard(h.command, h.args));
    if (hooks.length) out.push(hooks.length === g.hooks.length ? g : { ...g, hooks });
  }
  return out;
}

/** stopline's hook scripts are all named `stopline.mjs` (the Claude mod's `stopline-mod.mjs`) */
const GUARD_SCRIPTS: ReadonlySet<string> = new Set(['stopline.mjs', 'stopline-mod.mjs']);

/**
 * The command runs one of stopline's hook scripts, or the `stopline guard` bridge.
 * @keep runsStoplineGuard whether a hook command runs stopline itself (so it is not run twice): the tests
 *   check each spelling
 */
export function runsStoplineGuard(command: string, args: readonly string[] = []): boolean {
  const words = [...command.split(/\s+/), ...args].map((w) => w.replace(/^["']+|["';&|)]+$/g, '')).filter((w) => w !== '');
  const base = (w: string) => w.slice(Math.max(w.lastIndexOf('/'), w.lastIndexOf('\\')) + 1);
  return words.some((w, i) => GUARD_SCRIPTS.has(base(w)) || (base(w) === 'stopline' && words[i + 1] === 'guard'));
}

