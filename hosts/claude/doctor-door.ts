/**
 * Which of the Claude plugin's two doors decides, and why: the mod (hooks/stopline-mod.mjs,
 * inside Claude Code's process) or the command hooks (a process per event). Exactly one decides
 * each event (hosts/claude/mod-live.ts); which one depends on things doctor can read:
 *
 * - the plugin's hooks.json names the module and the module file is there;
 * - every command hook carries the guard that keeps it silent while the mod is live (without it
 *   both doors would decide: a failure);
 * - the Claude Code on PATH has mods (2.1.287 and later);
 * - no managed settings file limits mods to the organization's (`allowManagedModsOnly`, an option
 *   of Claude Code's built-in policy plugin);
 * - `claude plugin validate` accepts the module (Claude Code's loader checks a module's source and
 *   silently skips one it refuses).
 *
 * What doctor cannot see is said with the answer: a session started with `--bare` or in safe
 * mode loads neither door, and server-managed or MDM policy can refuse mods too.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { check, type Check } from '../cli/doctor/report';
import { parseJson } from '../cli/doctor/native';
import { readText, runProgram } from '../cli/doctor/system';
import { CLAUDE_MOD_MODULE } from './hook-file';
import { CLAUDE_MOD_SHELL_GUARD } from './mod-live';

/** The first Claude Code with mods (hooks modules). */
const MODS_SINCE = '2.1.287';

/**
 * Where Claude Code reads managed settings on each platform (2.1.332).
 * @keep managedSettingsDir where Claude Code's managed settings are per platform: the tests hold it against
 *   the self-path table and Claude's layout
 */
export function managedSettingsDir(platform: string = process.platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode';
  return '/etc/claude-code';
}

/** @keep ClaudeDoorFacts what doctor gathers about the Claude door: the tests hand it made-up facts */
export interface ClaudeDoorFacts {
  /** the plugin's hooks.json as read (null: missing or not JSON) */
  hooks: { modules?: unknown; hooks?: Record<string, { hooks?: { command?: unknown }[] }[]> } | null;
  moduleExists: boolean;
  /** `claude --version`'s first line, or null when claude is not on PATH */
  version: string | null;
  /** managed settings files that limit mods to the organization's */
  modsOnlyBy: string[];
  /** what `claude plugin validate` said of the module; null when it was not run */
  validate: { ok: boolean; detail: string } | null;
}

const BLIND = 'a session started with --bare or in safe mode loads neither door';

/** The answer: which door decides and why. */
export function claudeDoorCheck(f: ClaudeDoorFacts): Check {
  const modules = Array.isArray(f.hooks?.modules) ? (f.hooks!.modules as unknown[]) : [];
  const named = modules.includes(CLAUDE_MOD_MODULE);
  const commands = Object.values(f.hooks?.hooks ?? {}).flatMap((groups) => groups.flatMap((g) => (g.hooks ?? []).map((h) => h.command)));
  const unguarded = commands.filter((c) => typeof c === 'string' && !c.startsWith(CLAUDE_MOD_SHELL_GUARD)).length;
  if (named && unguarded > 0) {
    return check('door', 'fail', `the plugin names the mod, but ${unguarded} command hook(s) lack the guard that keeps them silent while it is live: both doors would decide (double evidence, double context)`, 'reinstall: stopline install claude');
  }
  if (!named) return check('door', 'pass', `the command hooks decide: this plugin has no mod (a build before the mod door); ${BLIND}`);
  if (!f.moduleExists) return check('door', 'warn', `the command hooks decide: hooks.json names ${CLAUDE_MOD_MODULE} but the file is missing, so Claude Code loads no mod`, 'reinstall: stopline install claude');
  const v = /(\d+\.\d+\.\d+)/.exec(f.version ?? '')?.[1];
  if (v && v.localeCompare(MODS_SINCE, 'en', { numeric: true }) < 0) return check('door', 'pass', `the command hooks decide: Claude Code ${v} has no mods (since ${MODS_SINCE}); ${BLIND}`);
  if (f.modsOnlyBy.length) return check('door', 'pass', `the command hooks decide: managed settings limit mods to the organization's (allowManagedModsOnly in ${f.modsOnlyBy.join(', ')}); ${BLIND}`);
  if (f.validate && !f.validate.ok) return check('door', 'warn', `the command hooks decide: Claude Code's loader refuses the mod (${f.validate.detail})`, 'reinstall: stopline install claude');
  const why = [f.validate ? 'claude plugin validate accepts it' : 'not validated: claude is not on PATH', v ? `Claude Code ${v} has mods` : 'Claude Code version unknown', 'no managed settings file refuses mods'];
  return check('door', 'pass', `the mod decides, inside Claude Code (${why.join('; ')}); the command hooks stay silent while it is live and decide wherever it does not load: ${BLIND}, and server-managed or MDM policy can refuse mods where doctor cannot see it`);
}

/** A JSON file's content; null when it is missing or not JSON. */
const readJson = (file: string): unknown => parseJson(readText(file)) ?? null;

/**
 * Managed settings files under `dir` that set allowManagedModsOnly on the policy plugin.
 * @keep modsOnlyFiles managed-settings files that only turn mods on: the tests place them
 */
export function modsOnlyFiles(dir: string): string[] {
  const files = [join(dir, 'managed-settings.json')];
  try {
    for (const n of readdirSync(join(dir, 'managed-settings.d')).sort()) if (n.endsWith('.json')) files.push(join(dir, 'managed-settings.d', n));
  } catch {
    // no drop-in folder
  }
  return files.filter((file) => {
    const s = readJson(file) as { pluginConfigs?: Record<string, { options?: { allowManagedModsOnly?: unknown } }> } | null;
    const v = s?.pluginConfigs?.['cc-plugin-sec-default@builtin']?.options?.allowManagedModsOnly;
    return v !== undefined && v !== false;
  });
}

/** What `claude plugin validate` says of the plugin's module (its loader's own check). */
async function validateModule(claude: string, pluginDir: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ ok: boolean; detail: string }> {
  const r = await runProgram([claude, 'plugin', 'validate', pluginDir], { env, timeoutMs });
  const out = `${r.stdout}\n${r.stderr}`;
  // an error names the module as `modules.<path>: <why>` (2.1.332)
  const moduleError = /❯\s*modules\.\S*stopline-mod\.mjs:\s*(.+)/.exec(out)?.[1];
  if (r.timedOut) return { ok: false, detail: 'claude plugin validate did not answer in time' };
  if (moduleError) return { ok: false, detail: moduleError.trim() };
  if (!/stopline-mod\.mjs hooks:/.test(out)) return { ok: false, detail: 'claude plugin validate does not list the module' };
  return { ok: true, detail: 'accepted' };
}

/** Read the facts for the plugin installed in `pluginDir`. */
export async function claudeDoorFacts(pluginDir: string, opts: { claude?: string; version?: string; env: NodeJS.ProcessEnv; timeoutMs: number; policyDir?: string }): Promise<ClaudeDoorFacts> {
  const hooks = readJson(join(pluginDir, 'hooks', 'hooks.json')) as ClaudeDoorFacts['hooks'];
  const moduleExists = existsSync(join(pluginDir, 'hooks', CLAUDE_MOD_MODULE));
  const named = Array.isArray(hooks?.modules) && hooks!.modules.includes(CLAUDE_MOD_MODULE);
  return {
    hooks,
    moduleExists,
    version: opts.version ?? null,
    modsOnlyBy: modsOnlyFiles(opts.policyDir ?? managedSettingsDir()),
    validate: named && moduleExists && opts.claude ? await validateModule(opts.claude, pluginDir, opts.env, opts.timeoutMs) : null,
  };
}
