/**
 * Find and read every hook config: stopline's own `hooks` (user, then project, appended; the
 * project's only when the user file says `"projectHooks": true`) and the host configs named in
 * `import`, read in place and never rewritten. Pure apart
 * from the injected `readFile`, so tests pass a map of fixture texts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { BoundedCache, statPath, stillValid } from '../config/file-stamp';
import type { StatAnswer } from '../config/file-stamp';
import { CONFIG_FILE, PROJECT_DIR, locateProject } from '../config/project';
import { parseJsonc, type LocatedDocument } from './jsonc';
import { DIALECT_LABEL, listDialect, lookupSpelling, openhandsSnakeName } from './dialects';
import { parseHooksList, parseHooksSection, report, type ParseContext } from './parse';
import { parseToml } from './toml';
import type { Diagnostic, Dialect, HookGroup, HooksConfig } from './types';
import { parseYaml } from './yaml';
import { isRecord } from '../check';
import { HOOK_DIALECTS, type HookDialect } from '../registry/host-specs';

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
  /** Droid's hooks.json is the event map itself; every other file keeps its hooks under `hooks` */
  bareMap?: boolean;
  /** OpenHands reads only the first of its files that exists: the ones after it are not read */
  firstFound?: boolean;
}

/** Copilot's user folder: `$COPILOT_HOME`, else `~/.copilot`. */
function copilotHome(env: LoadOptions['env'], home: string): string {
  return env.COPILOT_HOME || join(home, '.copilot');
}

/** Droid's user folder: `$FACTORY_HOME_OVERRIDE/.factory`, else `~/.factory`. */
function factoryHome(env: LoadOptions['env'], home: string): string {
  return join(env.FACTORY_HOME_OVERRIDE || home, '.factory');
}

/**
 * Where stopline.json lives, the same rule core/config uses: the user file is
 * `$STOPLINE_CONFIG`, else `$XDG_CONFIG_HOME/stopline/stopline.json`, else
 * `~/.config/stopline/stopline.json`; the project file is `<project>/.stopline/stopline.json`
 * (loadHooksConfigFromSystem finds the project by walking up like core/config does).
 */
export function defaultConfigPaths(env: LoadOptions['env'], home: string, cwd: string): { user: string; project: string } {
  const explicit = env.STOPLINE_CONFIG?.trim();
  const xdg = env.XDG_CONFIG_HOME?.trim();
  const user = explicit ? resolve(explicit) : join(xdg || join(home, '.config'), 'stopline', CONFIG_FILE);
  return { user, project: join(cwd, PROJECT_DIR, CONFIG_FILE) };
}

/**
 * The files one named import reads, in the order their groups append. Copilot reads every
 * `*.json` of its hooks folder (`listDir`; a project's .github/hooks is left out: Copilot runs it
 * only in a folder the person trusted), Droid the user and project `.factory` folders.
 */
function hostFilesFor(name: ImportName, env: LoadOptions['env'], home: string, cwd: string, listDir?: LoadOptions['listDir']): HostFile[] {
  switch (name) {
    case 'claude': {
      const userDir = env.CLAUDE_CONFIG_DIR || join(home, '.claude');
      return [
        { path: join(userDir, 'settings.json'), dialect: 'claude', scope: 'claude.user' },
        { path: join(cwd, '.claude', 'settings.json'), dialect: 'claude', scope: 'claude.project' },
        { path: join(cwd, '.claude', 'settings.local.json'), dialect: 'claude', scope: 'claude.local' },
      ];
    }
    case 'codex':
      return [{ path: join(env.CODEX_HOME || join(home, '.codex'), 'hooks.json'), dialect: 'codex', scope: 'codex.user' }];
    case 'hermes':
      return [{ path: join(env.HERMES_HOME || join(home, '.hermes'), 'config.yaml'), dialect: 'hermes', scope: 'hermes.user' }];
    case 'gemini':
      // GEMINI_CLI_HOME stands for the home folder; a project's file loads only in a trusted folder
      return [
        { path: join(env.GEMINI_CLI_HOME || home, '.gemini', 'settings.json'), dialect: 'gemini', scope: 'gemini.user' },
        { path: join(cwd, '.gemini', 'settings.json'), dialect: 'gemini', scope: 'gemini.project' },
      ];
    case 'qwen':
      // Qwen itself runs project hooks before user hooks
      return [
        { path: join(cwd, '.qwen', 'settings.json'), dialect: 'qwen', scope: 'qwen.project' },
        { path: join(env.QWEN_HOME || join(home, '.qwen'), 'settings.json'), dialect: 'qwen', scope: 'qwen.user' },
      ];
    case 'copilot': {
      const dir = join(copilotHome(env, home), 'hooks');
      const files = (listDir?.(dir) ?? []).filter((n) => n.endsWith('.json')).sort();
      return [
        ...files.map((n) => ({ path: join(dir, n), dialect: 'copilot' as const, scope: `copilot.user.${n.replace(/\.json$/, '')}` })),
        { path: join(copilotHome(env, home), 'settings.json'), dialect: 'copilot', scope: 'copilot.settings' },
      ];
    }
    case 'droid': {
      const folder = (dir: string, scope: string): HostFile[] => [
        { path: join(dir, 'hooks.json'), dialect: 'droid', scope: `droid.${scope}`, bareMap: true },
        { path: join(dir, 'settings.json'), dialect: 'droid', scope: `droid.${scope}-settings` },
      ];
      return [...folder(factoryHome(env, home), 'user'), ...folder(join(cwd, '.factory'), 'project')];
    }
    case 'kimi':
      // Kimi reads hooks only from its config file (KIMI_SHARE_DIR moves ~/.kimi); there is no project file
      return [{ path: join(env.KIMI_SHARE_DIR || join(home, '.kimi'), 'config.toml'), dialect: 'kimi', scope: 'kimi.user' }];
    case 'openhands':
      // the project's file, else the user's: OpenHands reads only the first one that exists
      return [
        { path: join(cwd, '.openhands', 'hooks.json'), dialect: 'openhands', scope: 'openhands.project', firstFound: true },
        { path: join(home, '.openhands', 'hooks.json'), dialect: 'openhands', scope: 'openhands.user', firstFound: true },
      ];
    case 'vibe':
      // a project's .vibe/hooks.toml is left out: Vibe runs it only in a folder the person trusted
      return [{ path: join(env.VIBE_HOME || join(home, '.vibe'), 'hooks.toml'), dialect: 'vibe', scope: 'vibe.user' }];
  }
}

/** Guess an explicit import's dialect from its file name. */
export function dialectFromFileName(path: string): Dialect | null {
  const name = basename(path).toLowerCase();
  if (name.endsWith('.yaml') || name.endsWith('.yml')) return 'hermes';
  if (name === 'hooks.json') return 'codex';
  if (name === 'hooks.toml') return 'vibe';
  if (name.startsWith('settings') && name.endsWith('.json')) return 'claude';
  if (name === 'stopline.json') return 'native';
  return null;
}

/** Node file reader for LoadOptions: undefined for a missing file. */
function nodeReadFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw err;
  }
}

type ReadResult = { doc: LocatedDocument } | null;

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
    if (dialect === 'hermes') {
      const r = parseYaml(text, { onlyKeys: ['hooks'] });
      if (!r.ok) {
        diagnostics.push({ level: 'error', file: path, position: `${r.position.line}:${r.position.col}`, message: `YAML: ${r.message}; file skipped` });
        return null;
      }
      for (const w of r.warnings) diagnostics.push({ level: 'warning', file: path, position: `${w.position.line}:${w.position.col}`, message: w.message });
      return { doc: r.doc };
    }
    if (dialect !== 'native' && listDialect(dialect)) {
      const r = parseToml(text);
      if (!r.ok) {
        diagnostics.push({ level: 'error', file: path, position: `${r.position.line}:${r.position.col}`, message: `TOML: ${r.message}; file skipped` });
        return null;
      }
      return { doc: r.doc };
    }
    if (text.trim() === '') return { doc: { value: {}, locations: new Map() } };
    const r = parseJsonc(text);
    if (!r.ok) {
      diagnostics.push({ level: 'error', file: path, position: `${r.position.line}:${r.position.col}`, message: `JSON: ${r.message}; file skipped` });
      return null;
    }
    for (const w of r.warnings) diagnostics.push({ level: 'warning', file: path, position: `${w.position.line}:${w.position.col}`, message: w.message });
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
      if (!Array.isArray(root.import)) report(ctx, 'error', ['import'], '"import" must be a list such as ["claude", "codex", "hermes"]; ignored');
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

  // 3. read host files in place; Claude's and Qwen's disableAllHooks, Gemini's
  // hooksConfig.enabled: per host, the last file that sets it decides
  const perHost = new Map<Dialect, { groups: HookGroup[]; disabledBy: string | null }>();
  const droidFolders: { dir: string; bareMap: boolean; groups: HookGroup[] }[] = [];
  const foundFirst = new Set<Dialect>();
  for (const f of hostFiles) {
    const key = resolve(f.path);
    if (seen.has(key)) continue;
    if (f.firstFound && foundFirst.has(f.dialect)) continue;
    seen.add(key);
    const before = sources.length;
    const r = read(f.path, f.dialect);
    // a file that exists hides the later ones, also when it cannot be read (as OpenHands then loads no hooks)
    if (f.firstFound && sources.length > before) foundFirst.add(f.dialect);
    if (!r) continue;
    const ctx: ParseContext = { dialect: f.dialect, file: f.path, scope: f.scope, doc: r.doc, diagnostics };
    const root = r.doc.value;
    if (root === null && f.dialect === 'hermes') continue; // empty YAML file
    if (!isRecord(root)) {
      report(ctx, 'error', [], `${f.dialect === 'hermes' ? 'config.yaml' : 'the file'} must hold an object at the top; file skipped`);
      continue;
    }
    // a host's own switch that turns the whole file off: Copilot's disableAllHooks inside a hook
    // file, Droid's hooksDisabled
    const fileOff = f.dialect === 'copilot' ? root.disableAllHooks === true : f.dialect === 'droid' ? root.hooksDisabled === true : false;
    if (fileOff) {
      diagnostics.push({ level: 'warning', file: f.path, message: `${f.dialect === 'copilot' ? 'disableAllHooks' : 'hooksDisabled'} is true; this file's hooks are not imported` });
      continue;
    }
    const diagBefore = diagnostics.length;
    if (f.dialect === 'openhands') {
      const refused = openhandsRefusal(root);
      if (refused) {
        report(ctx, 'error', refused.at, `${refused.message}; OpenHands refuses the file, so none of its hooks run`);
        continue;
      }
    }
    const parsed = withoutStoplineGuard(
      f.bareMap
        ? parseHooksSection(ctx, root, [])
        : listDialect(f.dialect)
          ? parseHooksList(ctx, root.hooks, ['hooks'])
          : f.dialect === 'openhands' && !('hooks' in root)
            ? parseHooksSection(ctx, root, [])
            : parseHooksSection(ctx, root.hooks, ['hooks']),
    );
    if (f.dialect === 'openhands' && diagnostics.slice(diagBefore).some((d) => d.level === 'error')) {
      // OpenHands validates the whole file: one broken hook and it loads none
      diagnostics.push({ level: 'error', file: f.path, message: 'OpenHands refuses a file with an error, so none of its hooks run' });
      continue;
    }
    if (f.dialect === 'droid') droidFolders.push({ dir: dirname(f.path), bareMap: f.bareMap === true, groups: parsed });
    const host = perHost.get(f.dialect) ?? { groups: [], disabledBy: null };
    perHost.set(f.dialect, host);
    const off = hooksSwitchedOff(f.dialect, root);
    if (off === true) host.disabledBy = f.path;
    else if (off === false) host.disabledBy = null;
    host.groups.push(...parsed);
    groups.push(...parsed);
  }
  for (const [dialect, host] of perHost) {
    if (host.disabledBy === null || host.groups.length === 0) continue;
    const how = dialect === 'gemini' ? 'hooksConfig.enabled is false' : 'disableAllHooks is true';
    diagnostics.push({ level: 'warning', file: host.disabledBy, message: `${how}; ${host.groups.length} ${dialect === 'claude' ? 'Claude' : DIALECT_LABEL[dialect]} hook group(s) not imported` });
    const drop = new Set(host.groups);
    for (let k = groups.length - 1; k >= 0; k--) if (drop.has(groups[k]!)) groups.splice(k, 1);
  }

  // Droid: within one folder, an event in hooks.json replaces the same event of settings.json
  const overridden = new Set<HookGroup>();
  for (const settings of droidFolders.filter((x) => !x.bareMap)) {
    const hooksFile = droidFolders.find((x) => x.bareMap && x.dir === settings.dir);
    if (!hooksFile) continue;
    const replaced = new Set(hooksFile.groups.map((g) => g.spelling));
    for (const g of settings.groups) if (replaced.has(g.spelling)) overridden.add(g);
  }

  return buildConfig(groups.filter((g) => !skip.has(g.dialect) && !overridden.has(g)), diagnostics, sources);
}

/**
 * OpenHands 1.16.0 refuses a whole hooks.json (no hook of it runs) when an event key is not one
 * of its six (PascalCase or snake_case), or when one event is written in both. The map is the
 * file itself, or its `hooks` value.
 */
function openhandsRefusal(root: Record<string, unknown>): { at: (string | number)[]; message: string } | undefined {
  const wrapped = 'hooks' in root;
  const map = wrapped ? root.hooks : root;
  if (!isRecord(map)) return undefined;
  const seenEvents = new Set<string>();
  for (const key of Object.keys(map)) {
    const snake = openhandsSnakeName(key);
    const at = wrapped ? ['hooks', key] : [key];
    if (lookupSpelling('openhands', key).kind !== 'canonical') return { at, message: `unknown OpenHands event "${key}"` };
    if (seenEvents.has(snake)) return { at, message: `event "${key}" is written twice (PascalCase and snake_case)` };
    seenEvents.add(snake);
  }
  return undefined;
}

/**
 * A host file's own switch for all its hooks: true = off, false = on, undefined = not set.
 * Claude Code and Qwen Code: `disableAllHooks`; Gemini CLI: `hooksConfig.enabled`.
 */
function hooksSwitchedOff(dialect: Dialect, root: Record<string, unknown>): boolean | undefined {
  if (dialect === 'claude' || dialect === 'qwen') return typeof root.disableAllHooks === 'boolean' ? root.disableAllHooks : undefined;
  if (dialect === 'gemini' && isRecord(root.hooksConfig) && typeof root.hooksConfig.enabled === 'boolean') return !root.hooksConfig.enabled;
  return undefined;
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
    return readdirSync(dir).sort();
  } catch {
    return undefined;
  }
}
const loads = new BoundedCache<CachedLoad>(32);

/** Forget every cached hooks config (tests). */
export function forgetHooksConfigCache(): void {
  loads.clear();
}

function sameAnswer(before: StatAnswer, now: StatAnswer): boolean {
  if (before.kind === 'file') return now.kind === 'file' && stillValid(before.stamp, now.stamp);
  // an unreadable path is never trusted: its load is repeated until it reads
  return before.kind === now.kind && before.kind !== 'error';
}

function cacheKey(cwd: string, home: string, env: LoadOptions['env'], projectConfigPath: string, extra: Partial<LoadOptions>): string {
  return [
    cwd,
    home,
    projectConfigPath,
    // relative paths (STOPLINE_CONFIG, a relative cwd) resolve against the process folder
    process.cwd(),
    env.STOPLINE_CONFIG ?? '',
    env.XDG_CONFIG_HOME ?? '',
    env.CLAUDE_CONFIG_DIR ?? '',
    env.CODEX_HOME ?? '',
    env.HERMES_HOME ?? '',
    env.GEMINI_CLI_HOME ?? '',
    env.QWEN_HOME ?? '',
    env.COPILOT_HOME ?? '',
    env.FACTORY_HOME_OVERRIDE ?? '',
    env.KIMI_SHARE_DIR ?? '',
    env.VIBE_HOME ?? '',
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

/** The command runs one of stopline's hook scripts, or the `stopline guard` bridge. */
export function runsStoplineGuard(command: string, args: readonly string[] = []): boolean {
  const words = [...command.split(/\s+/), ...args].map((w) => w.replace(/^["']+|["';&|)]+$/g, '')).filter((w) => w !== '');
  const base = (w: string) => w.slice(Math.max(w.lastIndexOf('/'), w.lastIndexOf('\\')) + 1);
  return words.some((w, i) => GUARD_SCRIPTS.has(base(w)) || (base(w) === 'stopline' && words[i + 1] === 'guard'));
}

