/**
 * Mistral Vibe: the hook script into `~/.vibe/stopline/stopline.mjs` (VIBE_HOME moves the
 * folder; project scope: `<project>/.vibe/stopline/`) and one `[[hooks]]` table per registered
 * event in the `hooks.toml` beside it, each named `stopline-<event>` (Vibe wants the names of a
 * file unique, and a project table with the same name replaces the user's). The command names
 * the runtime and the script by absolute path; `--fail closed` writes `strict = true` on the tool
 * hooks, Vibe's only way to deny when a hook fails. The file is edited as text: only stopline's
 * tables are added or taken out, every other byte stays as written.
 */
import { join } from 'node:path';
import { vibeRegistry } from '../../core/registry/vibe';
import type { InstallRow } from '../cli/install/observe-events';
import { NO_NEEDS, rowsToRegister } from '../cli/install/observe-events';
import { hostHome, type Env, type Scope } from '../cli/install/locations';
import { type HostPlanner, type InstallContext, type PlanContext } from '../cli/install/plan-context';
import { placeHookScript } from '../cli/install/hook-script';
import { splitLines } from '../cli/install/text-lines';

interface VibePaths {
  dir: string;
  script: string;
  hooksFile: string;
}

export function vibePaths(env: Env, scope: Scope, project: string): VibePaths {
  const dir = scope === 'user' ? hostHome(env, 'vibe') : join(project, '.vibe');
  return { dir, script: join(dir, 'stopline', 'stopline.mjs'), hooksFile: join(dir, 'hooks.toml') };
}

/** stopline's handler timeout on Vibe (its pre_tool row), which doctor's probe measures against. */
export const VIBE_HOOK_TIMEOUT_SECONDS = rowsToRegister(vibeRegistry, NO_NEEDS)[0]!.install.timeoutSec;

/** The name of stopline's table for an event. */
function vibeHookName(event: string): string {
  return `stopline-${event}`;
}

/** A TOML basic string (JSON's escapes are TOML's). */
const tomlString = (s: string): string => JSON.stringify(s);

/**
 * stopline's `[[hooks]]` tables, in table order.
 * @keep vibeHookTables the hook tables the Vibe install writes: the real-host suites place them by hand
 */
export function vibeHookTables(rows: readonly InstallRow[], command: string, failClosed: boolean): string {
  return rows
    .map((row) => {
      const lines = ['[[hooks]]', `name = ${tomlString(vibeHookName(row.native))}`, `type = ${tomlString(row.native)}`, `command = ${tomlString(command)}`, `timeout = ${row.install.timeoutSec}`];
      // strict is a tool hook's switch only (Vibe refuses it on post_agent)
      if (failClosed && row.control !== 'turn.stop') lines.push('strict = true');
      return lines.join('\n');
    })
    .join('\n\n');
}

const HOOKS_HEADER = /^\s*\[\[\s*hooks\s*\]\]\s*(#.*)?$/;
const ANY_HEADER = /^\s*\[/;
const OUR_NAME = /^\s*name\s*=\s*(["'])stopline-[a-z_]+\1\s*(#.*)?$/;

/** The text without stopline's tables (each with the blank line before it), and how many there were. */
function removeVibeTables(text: string): { text: string; removed: number } {
  const lines = splitLines(text);
  const drop = new Set<number>();
  let removed = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!HOOKS_HEADER.test(lines[i]!.text)) continue;
    let end = i + 1;
    while (end < lines.length && !ANY_HEADER.test(lines[end]!.text)) end++;
    if (!lines.slice(i + 1, end).some((l) => OUR_NAME.test(l.text))) continue;
    removed++;
    let from = i;
    if (from > 0 && lines[from - 1]!.text.trim() === '') from--;
    // the blank lines that end the table belong to what follows
    let to = end;
    while (to > i + 1 && lines[to - 1]!.text.trim() === '') to--;
    for (let k = from; k < to; k++) drop.add(k);
    i = end - 1;
  }
  if (!removed) return { text, removed };
  const kept = lines.filter((_, k) => !drop.has(k)).map((l) => text.slice(l.start, l.end));
  let out = kept.join('');
  if (out.trim() === '') out = '';
  return { text: out, removed };
}

/** The text with stopline's tables replaced by `tables`, at the end of the file. */
function withVibeTables(text: string, tables: string): string {
  const base = removeVibeTables(text).text;
  if (base.trim() === '') return `${tables}\n`;
  return `${base.endsWith('\n') ? base : `${base}\n`}\n${tables}\n`;
}

export const vibePlanner: HostPlanner = {
  host: 'vibe',
  usesRuntime: true,
  unsupportedScope: () => null,

  install(ctx: InstallContext) {
    const p = vibePaths(ctx.env, ctx.scope, ctx.project);
    const { artifacts, command } = placeHookScript(ctx, 'vibe', p.script);
    const rows = rowsToRegister(vibeRegistry, NO_NEEDS);
    const before = ctx.ws.readText(p.hooksFile) ?? '';
    ctx.ws.write(p.hooksFile, withVibeTables(before, vibeHookTables(rows, command, ctx.failClosed)), 'config');
    ctx.notes.push(`hooks: ${rows.map((r) => r.native).join(', ')} registered in ${p.hooksFile}`, `script: ${p.script}; Vibe reads hooks.toml when a session starts`);
    if (ctx.scope === 'project') ctx.warnings.push("Vibe loads a project's .vibe/hooks.toml only in a trusted folder (~/.vibe/trusted_folders.toml, or --trust for one run)");
    return { runtime: ctx.runtime.runtime, artifacts, configs: [p.hooksFile] };
  },

  uninstall(ctx: PlanContext) {
    const p = vibePaths(ctx.env, ctx.scope, ctx.project);
    const text = ctx.ws.readText(p.hooksFile);
    if (text === null) return;
    const r = removeVibeTables(text);
    if (!r.removed) return;
    ctx.ws.write(p.hooksFile, r.text, 'config');
    ctx.notes.push(`hooks: ${r.removed} stopline tables removed from ${p.hooksFile}`);
  },

  knownArtifacts: (ctx) => [vibePaths(ctx.env, ctx.scope, ctx.project).script],
};
