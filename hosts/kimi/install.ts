/**
 * Kimi Code: `stopline.mjs` into `<share folder>/stopline/` (`~/.kimi`, or `$KIMI_SHARE_DIR`) and
 * one `[[hooks]]` table per event appended to `config.toml` there, the only file Kimi reads hooks
 * from (no project file: user scope only). The edit is text-level, like Codex's trust tables:
 * the person's tables, comments and key order stay as written; a table is ours when its
 * `command` runs the installed script, and a reinstall replaces all of ours.
 */
import { join } from 'node:path';
import { kimiRegistry } from '../../core/registry/kimi';
import { tomlHookTables } from '../cli/install/hook-files';
import { hostHome, type Env } from '../cli/install/locations';
import { NO_NEEDS, registrationSummary, registrations, rowsToRegister } from '../cli/install/observe-events';
import { editingWith, type HostPlanner, type InstallContext, type PlanContext, runsScript } from '../cli/install/plan-context';
import { placeHookScript } from '../cli/install/hook-script';
import { splitLines } from '../cli/install/text-lines';
import { scanTables, TomlEditError } from '../cli/install/toml-trust';

/** The events a plain `stopline install kimi` registers. */
export const KIMI_EVENTS: readonly string[] = rowsToRegister(kimiRegistry, NO_NEEDS).map((e) => e.native);
export const KIMI_HOOK_TIMEOUT_SECONDS = rowsToRegister(kimiRegistry, NO_NEEDS)[0]!.install.timeoutSec;

interface KimiPaths {
  dir: string;
  script: string;
  configFile: string;
}

/** Kimi Code's share folder holds config.toml, its sessions and stopline's script (`KIMI_SHARE_DIR` moves `~/.kimi`). */
export function kimiPaths(env: Env): KimiPaths {
  const dir = hostHome(env, 'kimi');
  return { dir, script: join(dir, 'stopline', 'stopline.mjs'), configFile: join(dir, 'config.toml') };
}

const HOOKS_HEADER = /^\s*\[\[\s*hooks\s*\]\]\s*(#.*)?$/;
const COMMAND_LINE = /^\s*command\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*')\s*(#.*)?$/;

/** A `[[hooks]]` table of config.toml: its event, its command, and the text range it spans. */
export interface KimiHookTable {
  event: string | undefined;
  command: string | undefined;
  start: number;
  end: number;
}

function tomlValue(literal: string): string | undefined {
  if (literal.startsWith("'")) return literal.slice(1, -1);
  try {
    return JSON.parse(literal) as string;
  } catch {
    return undefined; // a TOML escape JSON does not read (\e, \U…): not a line stopline wrote
  }
}

/**
 * Every `[[hooks]]` table of a config text. Throws TomlEditError where hooks are written in a
 * form this edit cannot add tables to (`hooks = [...]` inline), rather than break the file.
 */
export function kimiHookTablesIn(text: string, file: string): KimiHookTable[] {
  const lines = splitLines(text);
  const { tables } = scanTables(lines);
  const firstHeader = tables[0]?.headerLine ?? lines.length;
  const inline = lines.slice(0, firstHeader).findIndex((l) => /^\s*hooks\s*=/.test(l.text));
  if (inline >= 0) throw new TomlEditError(`${file}: line ${inline + 1} writes hooks as an inline array, which stopline does not edit; write them as [[hooks]] tables, then run the install again`);
  return tables
    .filter((t) => HOOKS_HEADER.test(lines[t.headerLine]!.text))
    .map((t) => {
      const body = lines.slice(t.headerLine + 1, t.lastBodyLine + 1);
      const value = (key: string) => {
        const m = key === 'command' ? body.map((l) => COMMAND_LINE.exec(l.text)).find(Boolean) : body.map((l) => /^\s*event\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*')/.exec(l.text)).find(Boolean);
        return m ? tomlValue(m[1]!) : undefined;
      };
      return { event: value('event'), command: value('command'), start: lines[t.headerLine]!.start, end: lines[t.lastBodyLine]!.end };
    });
}

/** The text without stopline's `[[hooks]]` tables (each with the blank line before it), and how many went. */
function removeKimiHooks(text: string, ours: (command: string) => boolean, file: string): { text: string; removed: number } {
  const mine = kimiHookTablesIn(text, file).filter((t) => t.command !== undefined && ours(t.command));
  let out = text;
  for (const t of [...mine].reverse()) {
    let start = t.start;
    // the blank line the install put in front of the table
    if (start >= 2 && out[start - 1] === '\n' && out[start - 2] === '\n') start -= 1;
    out = out.slice(0, start) + out.slice(t.end);
  }
  return { text: out, removed: mine.length };
}

export const kimiPlanner: HostPlanner = {
  host: 'kimi',
  usesRuntime: true,
  unsupportedScope: (scope) => (scope === 'project' ? 'Kimi Code reads hooks only from its user config file (~/.kimi/config.toml), never from a project; install Kimi with --scope user' : null),

  install(ctx: InstallContext) {
    const p = kimiPaths(ctx.env);
    const { artifacts, command, ours } = placeHookScript(ctx, 'kimi', p.script);
    const before = ctx.ws.readText(p.configFile) ?? '';
    const regs = registrations(kimiRegistry, { hookEvents: new Set(), afterEvidence: ctx.afterEvidence });
    const rows = regs.flatMap((r) => (r.registered ? [r.row] : []));
    let text = editingWith(TomlEditError, () => removeKimiHooks(before, ours, p.configFile)).text;
    if (text.length && !text.endsWith('\n')) text += '\n';
    text += (text.length ? '\n' : '') + tomlHookTables(command, rows);
    if (text !== before) ctx.ws.write(p.configFile, text, 'config');
    ctx.notes.push(`hooks: ${registrationSummary(regs)} registered in ${p.configFile}`);
    ctx.notes.push('Kimi reads hooks only from this config file: a run given --config-file or --config runs without stopline');
    return { runtime: ctx.runtime.runtime, artifacts, configs: [p.configFile] };
  },

  uninstall(ctx: PlanContext) {
    const p = kimiPaths(ctx.env);
    const text = ctx.ws.readText(p.configFile);
    if (text === null) return;
    const removal = editingWith(TomlEditError, () => removeKimiHooks(text, runsScript(p.script), p.configFile));
    if (removal.removed === 0) return;
    ctx.ws.write(p.configFile, removal.text, 'config');
    ctx.notes.push(`hooks: ${removal.removed} stopline [[hooks]] tables removed from ${p.configFile}`);
  },

  knownArtifacts: (ctx) => [kimiPaths(ctx.env).script],
};
