/**
 * The agent hosts' own command lines, and stopline's: the subcommands that change what stopline
 * protects (core/paths/self-paths.ts: plugin and extension installs, the hosts' hook and settings
 * files, MCP server lists kept in those settings, stopline's install and data) are writes to
 * stopline's own files (`selfTarget`), whatever the contract; read-only forms (list, help,
 * version) are reads; every other subcommand, and one this table does not name, is unknown.
 * Facts from each host's `--help` at the pinned versions (docs/hosts/).
 */
import { read, unknown, write, type Verdict } from './verdict';
import type { Arg } from './words';

/** What a subcommand does: reads, changes stopline's protected files, or is not known. */
type Kind = 'read' | 'self' | 'unknown';
interface Table {
  [sub: string]: Kind | Table;
}

const INFO = /^(-h|--help|-v|-V|--version|version|help)$/;

// listing and showing plugins is free; everything that installs, removes, enables, disables,
// updates or configures them rewrites the plugin folders or the settings that list them
const MARKETPLACE: Table = { add: 'self', remove: 'self', rm: 'self', update: 'self', upgrade: 'self', list: 'read', help: 'read' };

const CLAUDE: Table = {
  plugin: {
    install: 'self', i: 'self', uninstall: 'self', remove: 'self', enable: 'self', disable: 'self', update: 'self',
    configure: 'self', prune: 'self', autoremove: 'self', 'restore-set-aside': 'self', marketplace: MARKETPLACE,
    list: 'read', details: 'read', help: 'read',
    // init/new scaffold a plugin where they are told; eval, tag and test run things
    init: 'unknown', new: 'unknown', eval: 'unknown', tag: 'unknown', test: 'unknown', validate: 'unknown',
  },
  // `claude mcp add|remove` write ~/.claude.json or the project settings; list and get start the servers to check them
  mcp: { add: 'self', 'add-json': 'self', 'add-from-claude-desktop': 'self', remove: 'self', 'reset-project-choices': 'self', help: 'read' },
  config: { set: 'self', add: 'self', remove: 'self', get: 'read', list: 'read', ls: 'read', help: 'read' },
  // install and update replace Claude Code itself and record the install in ~/.claude.json; import copies settings in
  install: 'self', update: 'self', upgrade: 'self', import: 'self',
};
CLAUDE.plugins = CLAUDE.plugin!;

const CODEX: Table = {
  plugin: { add: 'self', remove: 'self', marketplace: MARKETPLACE, list: 'read', help: 'read' },
  // mcp servers and feature flags live in config.toml, which also trusts the hooks
  mcp: { add: 'self', remove: 'self', list: 'read', get: 'read', help: 'read' },
  features: { enable: 'self', disable: 'self', list: 'read', help: 'read' },
  completion: 'read',
};

const GEMINI_EXTENSIONS: Table = {
  install: 'self', uninstall: 'self', update: 'self', disable: 'self', enable: 'self', link: 'self', config: 'self', settings: 'self',
  list: 'read', help: 'read', new: 'unknown', validate: 'unknown',
};
const GEMINI: Table = {
  extensions: GEMINI_EXTENSIONS,
  extension: GEMINI_EXTENSIONS,
  // hooks and MCP servers are kept in settings.json
  hooks: { migrate: 'self', enable: 'self', disable: 'self', help: 'read' },
  hook: { migrate: 'self', enable: 'self', disable: 'self', help: 'read' },
  mcp: { add: 'self', remove: 'self', help: 'read' },
};

const QWEN: Table = {
  extensions: { ...GEMINI_EXTENSIONS, sources: 'unknown' },
  // every hooks form edits or shows settings.json's hooks: the table of its forms is not known, so any one changes them
  hooks: 'self',
  mcp: { add: 'self', remove: 'self', approve: 'self', reject: 'self', help: 'read' },
};

const OPENCODE: Table = {
  // `opencode plugin <module>` installs a plugin and adds it to opencode.json; uninstall removes opencode and its files
  plugin: 'self', plugins: 'self', uninstall: 'self', upgrade: 'self',
  mcp: { add: 'self', remove: 'self', help: 'read' },
  models: 'read', completion: 'read',
};

const COPILOT: Table = {
  plugin: { install: 'self', uninstall: 'self', update: 'self', enable: 'self', disable: 'self', marketplace: MARKETPLACE, list: 'read', help: 'read' },
  // `copilot config KEY VALUE` writes settings.json (hooks, plugins); `copilot config KEY` and --list print
  config: 'self',
  mcp: { add: 'self', remove: 'self', list: 'read', help: 'read' },
  update: 'self', help: 'read', version: 'read', completion: 'read',
};

const DROID: Table = {
  plugin: { install: 'self', i: 'self', uninstall: 'self', remove: 'self', update: 'self', marketplace: MARKETPLACE, list: 'read', help: 'read' },
  mcp: { add: 'self', remove: 'self', list: 'read', help: 'read' },
  update: 'self',
};

const HERMES: Table = {
  plugins: { install: 'self', update: 'self', remove: 'self', rm: 'self', uninstall: 'self', enable: 'self', disable: 'self', list: 'read', ls: 'read' },
  // `hooks test` fires the hooks with a made-up event: a forged payload for stopline's hook
  hooks: { list: 'read', ls: 'read', test: 'self', revoke: 'self', remove: 'self', rm: 'self', doctor: 'read' },
  config: { show: 'read', get: 'read', path: 'read', 'env-path': 'read', check: 'read', set: 'self', unset: 'self', edit: 'self', migrate: 'self' },
  setup: 'self', update: 'self', uninstall: 'self',
};

const PI: Table = {
  install: 'self', remove: 'self', uninstall: 'self', update: 'self', config: 'self', list: 'read',
};

/**
 * stopline's own commands: install, uninstall, the hook entry (`guard`, which a forged payload
 * on stdin would drive), the evaluator (`listen`) and labelling evidence change its files;
 * status, check, doctor, matrix, explain and the validators only read.
 */
const STOPLINE: Table = {
  install: 'self', uninstall: 'self', guard: 'self', listen: 'self', label: 'self', hooks: { validate: 'read' },
  status: 'read', runtime: 'read', check: 'read', explain: 'read', doctor: 'read', matrix: 'read', version: 'read', help: 'read',
};

const HOST_CLIS: Record<string, Table> = {
  claude: CLAUDE,
  codex: CODEX,
  gemini: GEMINI,
  qwen: QWEN,
  opencode: OPENCODE,
  copilot: COPILOT,
  droid: DROID,
  hermes: HERMES,
  pi: PI,
  stopline: STOPLINE,
};

function selfWrite(route: string): Verdict {
  return write(`${route} changes stopline's protected files (the host's plugins, hooks or settings, or stopline's install and data)`, undefined, { selfTarget: true });
}

/** Walk the subcommand words down the table; null when the words leave it (see the caller). */
function walk(name: string, table: Table, args: readonly Arg[], from: number): { verdict: Verdict; matched: boolean } {
  let t: Table = table;
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
