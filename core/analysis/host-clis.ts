/**
 * The agent hosts' own command lines, and stopline's: the subcommands that change what stopline
 * protects (core/paths/self-paths.ts: plugin and extension installs, the hosts' hook and settings
 * files, MCP server lists kept in those settings, stopline's install and data) are writes to
 * stopline's own files (`selfTarget`), whatever the contract; read-only forms (list, help,
 * version) are reads; every other subcommand, and one this table does not name, is unknown.
 * The hosts' tables are their specs' `cli` (core/registry/host-specs.ts).
 */
import { HOST_SPECS, type CliTable, type HostSpec } from '../registry/host-specs';
import { read, unknown, write, type Verdict } from './verdict';
import type { Arg } from './words';

const INFO = /^(-h|--help|-v|-V|--version|version|help)$/;

/**
 * stopline's own commands: install, uninstall, the hook entry (`guard`, which a forged payload
 * on stdin would drive), the evaluator (`listen`) and labelling evidence change its files;
 * status, check, doctor, matrix, explain and the validators only read.
 */
const STOPLINE: CliTable = {
  install: 'self', uninstall: 'self', guard: 'self', listen: 'self', label: 'self', hooks: { validate: 'read' },
  status: 'read', runtime: 'read', check: 'read', explain: 'read', doctor: 'read', matrix: 'read', version: 'read', help: 'read',
};

/** Each host's program by its name (HostSpec.binary), and stopline's. */
const HOST_CLIS: Readonly<Record<string, CliTable>> = Object.fromEntries([
  ...HOST_SPECS.flatMap((s: HostSpec) => (s.cli ? [[s.binary, s.cli] as const] : [])),
  ['stopline', STOPLINE],
]);

function selfWrite(route: string): Verdict {
  return write(`${route} changes stopline's protected files (the host's plugins, hooks or settings, or stopline's install and data)`, undefined, { selfTarget: true });
}

/** Walk the subcommand words down the table; null when the words leave it (see the caller). */
function walk(name: string, table: CliTable, args: readonly Arg[], from: number): { verdict: Verdict; matched: boolean } {
  let t: CliTable = table;
  let route = name;
  for (let i = from; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return { verdict: unknown(`${route}: a word only known at run time`), matched: route !== name };
    if (v.startsWith('-')) continue;
    const entry = Object.prototype.hasOwnProperty.call(t, v) ? t[v]! : undefined;
    // at the top a word that is no subcommand is usually the prompt of an agent session
    if (entry === undefined) return { verdict: unknown(route === name ? `${name} starts an agent session or a command this guard does not know` : `${route} ${v}: not a subcommand this guard knows`), matched: route !== name };
    route = `${route} ${v}`;
    if (entry === 'self') return { verdict: selfWrite(route), matched: true };
    if (entry === 'read') return { verdict: read(`${route} only prints`), matched: true };
    if (entry === 'unknown') return { verdict: unknown(`${route} acts beyond what this hook sees`), matched: true };
    t = entry;
  }
  return { verdict: unknown(route === name ? `${name} starts an agent session` : `${route} with no subcommand`), matched: route !== name };
}

/** stopline doctor repairs with --fix; matrix writes the file --write names. */
function stoplineOptions(args: readonly Arg[], v: Verdict): Verdict {
  if (v.kind !== 'leaf' || v.mutability !== 'read') return v;
  const sub = args.find((a) => a.value !== null && !a.value.startsWith('-'))?.value;
  if (sub === 'doctor' && args.some((a) => a.value === null || a.value === '--fix')) return selfWrite('stopline doctor --fix');
  if (sub === 'matrix') {
    const w = args.findIndex((a) => a.value === '--write' || a.value?.startsWith('--write='));
    if (w !== -1) {
      const eq = args[w]!.value!.indexOf('=');
      const target = eq === -1 ? args[w + 1] : undefined;
      return write('stopline matrix --write writes the matrix', target ? [target] : undefined, { writesContent: true });
    }
  }
  return v;
}

/**
 * A host's or stopline's command line. Options before a subcommand may take values this table
 * does not know, so when the first word is not a subcommand it names, any later word that starts
 * a route to stopline's files still counts (`claude --debug-file x plugin disable stopline`).
 */
export function classifyHostCli(name: string, args: readonly Arg[]): Verdict | null {
  const table = HOST_CLIS[name];
  if (!table) return null;
  if (args.length > 0 && args.every((a) => a.value !== null && INFO.test(a.value))) return read(`${name} prints its help or version`);
  const first = walk(name, table, args, 0);
  let v = first.verdict;
  if (!first.matched) {
    for (let i = 1; i < args.length; i++) {
      const w = args[i]!.value;
      if (w === null || !Object.prototype.hasOwnProperty.call(table, w)) continue;
      const later = walk(name, table, args, i).verdict;
      if (later.kind === 'leaf' && later.selfTarget) {
        v = later;
        break;
      }
    }
  }
  return name === 'stopline' ? stoplineOptions(args, v) : v;
}
