/**
 * OpenCode v2 on this machine, as install and doctor find it (docs/hosts/opencode.md, "OpenCode
 * v2"): the official package installs the `opencode2` command (the same binary as its
 * `opencode`); v2 reads the same config folders as 1.x (`$XDG_CONFIG_HOME/opencode`, a project's
 * `.opencode/`), discovers `plugin/` and `plugins/` there like 1.x, and lists plugins under the
 * config key `plugins` (1.x: `plugin`, which v2 does not read). A `./` entry is resolved from the
 * folder of the config file that names it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { xdgConfigHome, type Env, type Scope } from './locations';
import { findOnPath } from './runtime';
import { nodeAt, nodeValue, parseJsonDocument } from './json-edit';

const OPENCODE2_COMMAND = 'opencode2';
export const OPENCODE2_CONFIG_KEY = 'plugins';
/** The `plugins` entry install writes: the placed file, from the config folder it sits in. */
export const OPENCODE2_ENTRY = './plugin/stopline.js';

/** The `opencode2` command on PATH, if any. */
export function findOpenCode2(env: Env): string | undefined {
  return findOnPath(OPENCODE2_COMMAND, env.env.PATH);
}

/** The config folder of a scope: the global one, or the project's `.opencode/`. */
export function opencodeConfigDir(env: Env, scope: Scope, project: string): string {
  return scope === 'user' ? join(xdgConfigHome(env), 'opencode') : join(project, '.opencode');
}

/** The config file install edits there: an existing opencode.jsonc when there is no opencode.json. */
export function opencodeConfigFile(env: Env, scope: Scope, project: string): string {
  const dir = opencodeConfigDir(env, scope, project);
  const json = join(dir, 'opencode.json');
  const jsonc = join(dir, 'opencode.jsonc');
  return !existsSync(json) && existsSync(jsonc) ? jsonc : json;
}

/**
 * The targets a config lists under a key (`plugins` for v2, `plugin` for 1.x), one per item in
 * order: a string, a `{package}` object or a `[spec, options]` pair; undefined for anything else.
 */
export function configPluginItems(text: string | null, key: string): (string | undefined)[] {
  if (text === null || text.trim() === '') return [];
  let value: unknown;
  try {
    const node = nodeAt(parseJsonDocument(text), [key]);
    value = node ? nodeValue(node) : undefined;
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown) => {
    const target = typeof item === 'string' ? item : Array.isArray(item) ? item[0] : item && typeof item === 'object' ? (item as { package?: unknown }).package : undefined;
    return typeof target === 'string' ? target : undefined;
  });
}

export function configPluginTargets(text: string | null, key: string): string[] {
  return configPluginItems(text, key).filter((t): t is string => t !== undefined);
}

/** The major version in a `--version` line ("2.3.0", "opencode v2.3.0"), if it has one. */
export function majorVersion(line: string | undefined): number | undefined {
  const m = line ? /\bv?(\d+)\.(\d+)(?:\.(\d+))?/.exec(line) : null;
  return m ? Number(m[1]) : undefined;
}
