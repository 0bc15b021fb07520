/**
 * Linters, formatters and type checkers in their check form (tables in tool-tables.ts): a read
 * when the options that make them only check are present and every option is listed.
 */
import { has, parseTable, value, type TableParse } from './table';
import type { CheckTool } from './tool-tables';
import { onlyInfo } from './tool-words';
import { read, unknown, write, type Leaf } from './verdict';
import { literalArg, type Arg } from './words';

/** tsc option words: case-insensitive, one or two dashes, short aliases, `--flag false` */
function normalizeTsc(args: readonly Arg[]): Arg[] | string {
  const alias: Record<string, string> = { p: 'project', b: 'build', w: 'watch', t: 'target', m: 'module', d: 'declaration', h: 'help', v: 'version', i: 'incremental', f: 'force', '?': 'help' };
  const out: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null || !v.startsWith('-') || v === '-' || v === '--') {
      out.push(a);
      continue;
    }
    let name = v.replace(/^--?/, '').toLowerCase();
    name = alias[name] ?? name;
    const next = args[i + 1]?.value;
    if (next === 'false' || next === 'true') {
      i++;
      // `--noEmit false` turns it off, also after an earlier `--noEmit`: the last one given wins
      if (next === 'false') {
        for (let j = out.length - 1; j >= 0; j--) if (out[j]!.value === '--' + name) out.splice(j, 1);
        continue;
      }
    }
    out.push(literalArg('--' + name));
  }
  return out;
}

function satisfied(p: TableParse, words: readonly Arg[], group: readonly string[]): boolean {
  return group.some((g) => {
    const eq = g.indexOf('=');
    if (eq === -1) return has(p, g);
    const v = value(p, g.slice(0, eq));
    return v === g.slice(eq + 1) || words.some((w) => w.value === g);
  });
}

/**
 * The operands an in-place flag rewrites, when they are all it writes: null when another write
 * flag was given, no operand names a file (stdin, or the tool's own default set), or an operand
 * holds pattern characters the tool may expand itself (a quoted `'{../x}/*.js'` reaches files
 * the literal path does not name). Also null for the working folder or a folder above it (`.`,
 * `..`): the tool rewrites only those of the files below that need it, perhaps none outside a
 * narrower lock, so the write is not proven to leave it and a sandbox holds it instead.
 */
function inPlaceFiles(tool: CheckTool, p: TableParse): Arg[] | null {
  if (!tool.inPlace || p.writeFlags.length === 0 || !p.writeFlags.every((f) => tool.inPlace!.includes(f))) return null;
  if (p.operands.length === 0) return null;
  for (const a of p.operands) if (a.value === '-' || (a.value !== null && (/[*?[\]{}!\\]/.test(a.value) || WORKING_OR_ABOVE.test(a.value)))) return null;
  return p.operands;
}

const WORKING_OR_ABOVE = /^\.{1,2}(\/+\.{1,2})*\/*$/;

export function checkTool(name: string, tool: CheckTool, args: readonly Arg[]): Leaf {
  if (tool.subcommands) {
    const first = args.findIndex((a) => a.value === null || !a.value.startsWith('-'));
    const sub = first === -1 ? undefined : args[first]!.value;
    if (sub === null) return unknown(`${name}: the subcommand is only known at run time`);
    if (sub === undefined) return onlyInfo(args) ? read(`${name} prints information`) : unknown(`${name} with no subcommand`);
    const st = tool.subcommands[sub];
    if (!st) return unknown(`${name} ${sub}: not a subcommand this guard knows as read-only (older ${name} versions took paths here and fixed them)`);
    return checkTool(`${name} ${sub}`, st, [...args.slice(0, first), ...args.slice(first + 1)]);
  }
  const words = name === 'tsc' ? normalizeTsc(args) : args;
  if (typeof words === 'string') return unknown(words);
  const p = parseTable(words, tool.table, name);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  if (p.writes.length || p.targets.length) {
    const why = p.writes[0] ?? `${name} writes a report or cache file`;
    const files = inPlaceFiles(tool, p);
    if (files) return write(`${why} (the files and folders it is given)`, [...files, ...p.targets], { writesContent: true });
    return write(why, p.writes.length ? undefined : p.targets, { writesContent: true });
  }
  if (tool.readOnlyWith) {
    const groups = (Array.isArray(tool.readOnlyWith[0]) ? tool.readOnlyWith : [tool.readOnlyWith]) as string[][];
    if (!groups.every((g) => satisfied(p, words, g))) return write(tool.defaultWrites ?? `${name} writes files by default`, undefined, { writesContent: true });
  }
  return read(`${name} only checks and reports (its config files are code the hook does not read)`);
}
