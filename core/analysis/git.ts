/**
 * git by subcommand and options. Reads: status, diff, log, show, blame, branch/tag/remote
 * listings… Writes: add, commit, push, reset, checkout, switch, restore, clean, stash,
 * merge, rebase, apply… Pathspec writes (add, rm, mv, restore, checkout --, clean) name
 * their literal pathspecs; everything else that moves refs or the work tree is a write
 * whose targets are unproven. Options that make git run other programs (`-c alias.x=!…`,
 * `-c core.pager=…`, interactive modes, unknown subcommands = aliases) are unknown.
 */
import { GIT_FORM_TABLES, GIT_TABLES } from './git-tables';
import { has, lastWins, parseOpts, parseTable, value, type OptSpec, type ProgramTable } from './table';
import { read, write, unknown, type Leaf, type ProgramContext, type Verdict } from './verdict';
import { literalArg, type Arg } from './words';

const DANGEROUS_CONFIG =
  /^(alias\.|core\.(pager|editor|fsmonitor|sshcommand|hookspath|askpass|gitproxy)|diff\.|merge\.|filter\.|credential\.|gpg\.|sequence\.editor|pager\.|protocol\.|uploadpack\.|receivepack\.|remote\..*\.(uploadpack|receivepack|proxy)|include\.|includeif\.|http\..*proxy)/i;

const WRITE_SUBCOMMANDS = new Set([
  'commit', 'push', 'pull', 'fetch', 'merge', 'cherry-pick', 'revert', 'am', 'switch', 'gc', 'prune', 'repack',
  'maintenance', 'pack-refs', 'update-ref', 'update-index', 'symbolic-ref', 'replace', 'filter-branch', 'filter-repo',
  'commit-tree', 'write-tree', 'read-tree', 'mktag', 'mktree', 'checkout-index', 'update-server-info',
  'unpack-objects', 'index-pack', 'format-patch', 'remote-update', 'prune-packed', 'multi-pack-index',
  'commit-graph', 'merge-tree', 'fast-import', 'p4', 'svn', 'cvsimport', 'quiltimport',
]);

const INTERACTIVE_OR_EXTERNAL = new Set(['gui', 'citool', 'difftool', 'mergetool', 'instaweb', 'daemon', 'send-email', 'credential', 'web--browse', 'shell', 'upload-pack', 'receive-pack', 'http-backend', 'imap-send']);

const RUNTIME: Arg = { text: '<runtime>', value: null, glob: false };

function pathspecs(args: readonly Arg[]): Arg[] {
  // git expands glob characters and `:(magic)` itself, quoted or not: such a pathspec is not one path
  return args.map((a) => (a.value === null || a.glob || /[*?[]/.test(a.value) || a.value.startsWith(':') ? { ...a, value: null } : a));
}

function afterDoubleDash(args: readonly Arg[]): Arg[] | null {
  const i = args.findIndex((a) => a.value === '--');
  return i === -1 ? null : args.slice(i + 1);
}

/** stash list / show: log's and diff's options plus show's own */
const STASH_READ: ProgramTable = { ...GIT_TABLES.log!, options: `${GIT_TABLES.log!.options} -u --include-untracked --only-untracked --no-include-untracked` };

/** A read form of a subcommand: every option in its table and none that writes or runs. */
function tableRead(label: string, table: ProgramTable, args: readonly Arg[], why = `${label} only reads`): Leaf {
  const p = parseTable(args, table, label);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  if (p.writes.length || p.targets.length) return write(p.writes[0] ?? `${label} writes a file`, p.writes.length ? undefined : p.targets);
  return read(why);
}

function dryRun(g: string, table: string, rest: readonly Arg[]): Leaf {
  return tableRead(`${g} --dry-run`, GIT_FORM_TABLES[table]!, rest, `${g} --dry-run only lists`);
}

function sub(args: readonly Arg[], spec: OptSpec = {}) {
  return parseOpts(args, spec);
}

/**
 * git's own options (before the subcommand): each is known, and the ones that take a value take
 * it the way git does (`-C dir`, `-c k=v`, `--git-dir=d` or `--git-dir d`). An unknown one is unknown.
 */
const GLOBAL_FLAGS = new Set([
  '-p', '--paginate', '-P', '--no-pager', '--no-replace-objects', '--no-lazy-fetch', '--no-optional-locks', '--no-advice', '--bare',
  '--literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs',
]);
const GLOBAL_WITH_VALUE = new Set(['--git-dir', '--work-tree', '--namespace', '--super-prefix', '--attr-source', '--list-cmds', '--config-env']);

/**
 * Settings a `-c` may give to a command that only reads: display, identity and matching settings
 * that make git neither run a program nor write. Any other key (core.untrackedCache and
 * feature.* rewrite the index, diff.<driver>.* and pager.* run programs) makes a read unknown.
 */
const READ_SAFE_CONFIG =
  /^(color\.|column\.|advice\.|i18n\.|user\.|author\.|committer\.|pretty\.|format\.pretty$|log\.|blame\.|grep\.|status\.(?!.*untracked.*cache)|branch\.sort$|tag\.sort$|versionsort\.|init\.defaultbranch$|safe\.directory$|mailmap\.|notes\.displayref$|core\.(quotepath|abbrev|ignorecase|precomposeunicode|autocrlf|safecrlf|eol|checkstat|trustctime|filemode|symlinks|longpaths|commentchar|commentstring|warnambiguousrefs)$|diff\.(renames|renamelimit|algorithm|context|noprefix|mnemonicprefix|relative|colormoved|colormovedws|indentheuristic|interhunkcontext|statgraphwidth|statnamewidth|suppressblankempty|dirstat|ignoresubmodules|submodule|wserrorhighlight|srcprefix|dstprefix)$|submodule\.recurse$|protocol\.version$)/i;

/** Settings that move where a write lands: the work tree or the repository is elsewhere. */
const MOVES_TARGETS = /^core\.(worktree|bare)$/i;

export function classifyGit(args: readonly Arg[], ctx?: ProgramContext): Verdict {
  let i = 0;
  let unprovenTargets = false;
  const keys: string[] = [];
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null) return unknown('git: an option or subcommand is only known at run time');
    if (!v.startsWith('-')) break;
    if (v === '-C') {
      const dir = args[i + 1];
      if (!dir) return read('git -C without a folder fails');
      // the options before -C still apply: they go with the command into the other folder
      return { kind: 'exec', argv: [literalArg('git'), ...args.slice(0, i), ...args.slice(i + 2)], cwd: dir, why: 'git -C runs in another folder' };
    }
    if (v === '-c' || v === '--config-env' || v.startsWith('--config-env=')) {
      const kv = v === '-c' || v === '--config-env' ? args[++i]?.value : v.slice('--config-env='.length);
      if (kv === null || kv === undefined) return unknown('git -c: a setting only known at run time');
      if (v !== '-c') return unknown(`git --config-env ${kv}: the value comes from the environment`);
      if (DANGEROUS_CONFIG.test(kv)) return unknown(`git -c ${kv}: the setting can make git run other programs`);
      const key = kv.split('=')[0]!;
      if (MOVES_TARGETS.test(key)) unprovenTargets = true;
      keys.push(key);
      continue;
    }
    if (v === '--version' || v === '--help' || v === '-h' || v === '--html-path' || v === '--man-path' || v === '--info-path' || v === '--exec-path') {
      return read('git prints information');
    }
    if (v.startsWith('--exec-path=')) return unknown('git --exec-path: subcommands come from another folder');
    const eq = v.indexOf('=');
    const name = eq === -1 ? v : v.slice(0, eq);
    if (GLOBAL_WITH_VALUE.has(name)) {
      if (name === '--git-dir' || name === '--work-tree' || name === '--super-prefix') unprovenTargets = true;
      if (eq === -1) i++;
      continue;
    }
    if (GLOBAL_FLAGS.has(v)) continue;
    return unknown(`git ${v}: an option of git itself this guard does not list`);
  }
  const subArg = args[i];
  if (!subArg) return read('git with no subcommand prints usage');
  const name = subArg.value!;
  const rest = args.slice(i + 1);
  let v = classifySub(name, rest, ctx);
  if (unprovenTargets && v.kind === 'patch') v = { ...v, targetsUnproven: true };
  if (unprovenTargets && v.kind === 'leaf' && v.mutability === 'write') v = { ...v, paths: undefined, why: v.why + ' (--git-dir/--work-tree/core.worktree move the target)' };
  // a read under a -c setting not known to be harmless to reads is unknown
  const bad = keys.find((k) => !READ_SAFE_CONFIG.test(k));
  if (bad !== undefined && v.kind === 'leaf' && v.mutability === 'read') return unknown(`git -c ${bad}: a setting this guard does not know as harmless to a read (some rewrite the index or run programs)`);
  return v;
}

function classifySub(name: string, rest: readonly Arg[], ctx?: ProgramContext): Verdict {
  const g = `git ${name}`;
  const table = GIT_TABLES[name];
  if (table) {
    const p = parseTable(rest, table, g);
    if (p.unknowns.length) return unknown(p.unknowns[0]!);
    if (p.execs.length) return unknown(p.execs[0]!);
    // `--stdout --no-stdout` writes the files after all: the last one given wins
    if (name === 'format-patch' && !lastWins(p, ['--stdout'], ['--no-stdout'])) {
      const dir = value(p, '-o', '--output-directory');
      // file names come from the commit subjects: without -o they are not provable
      return write(`${g} writes one patch file per commit`, dir === undefined ? undefined : [dir === null ? RUNTIME : literalArg(dir)], { writesContent: true });
    }
    if (p.targets.length) return write(`${g} --output writes a file`, p.targets, { writesContent: true });
    if (p.writes.length) return write(p.writes[0]!, name === 'interpret-trailers' && p.operands.length ? [...p.operands] : name === 'fsck' ? [literalArg('.git/lost-found')] : undefined, { writesContent: true });
    return read(`${g} only reads the repository`);
  }
  switch (name) {
    case 'hash-object': {
      const p = parseTable(rest, GIT_FORM_TABLES['hash-object']!, g);
      if (p.unknowns.length) return unknown(p.unknowns[0]!);
      if (p.writes.length) return write(`${g} -w writes an object into .git`, undefined, { hash: true });
      return read(`${g} computes a hash`, { hash: true });
    }
    case 'archive': {
      const p = parseTable(rest, GIT_FORM_TABLES.archive!, g);
      if (p.unknowns.length) return unknown(p.unknowns[0]!.replace('its effect cannot be proven read-only', 'talks to another repository'));
      if (p.execs.length) return unknown(p.execs[0]!);
      if (p.targets.length) return write(`${g} writes an archive`, p.targets, { writesContent: true });
      return read(`${g} writes the archive to stdout`);
    }
    case 'config': {
      // git 2.46+ subcommands first, then the older option forms
      const first = rest[0]?.value;
      if (first === null) return unknown(`${g}: a subcommand only known at run time`);
      if (first === 'edit') return unknown(`${g} edit opens an editor`);
      if (first === 'set' || first === 'unset' || first === 'rename-section' || first === 'remove-section') return write(`${g} ${first} changes settings`);
      const sub = first === 'get' || first === 'list';
      const p = parseTable(sub ? rest.slice(1) : rest, GIT_FORM_TABLES.config!, g);
      if (p.unknowns.length) return p.unknowns.some((u) => /--edit|-e:/.test(u)) ? unknown(`${g} --edit opens an editor`) : unknown(p.unknowns[0]!);
      if (p.writes.length) return write(`${g} changes settings`);
      if (sub) return read(`${g} ${first} reads settings`);
      if (has(p, '--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '-l', '--list')) return read(`${g} reads settings`);
      if (p.operands.length >= 2) return write(`${g} <key> <value> changes settings`);
      return read(`${g} <key> reads a setting`);
    }
    case 'branch': {
      const p = parseTable(rest, GIT_FORM_TABLES.branch!, g);
      if (p.unknowns.length) return unknown(p.unknowns[0]!);
      if (p.writes.length || p.targets.length) return write(`${g} changes branches`);
      if (p.operands.length > 0 && !has(p, '-l', '--list', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at')) return write(`${g} <name> creates a branch`);
      return read(`${g} lists branches`);
    }
    case 'tag': {
      const p = parseTable(rest, GIT_FORM_TABLES.tag!, g);
      if (p.unknowns.length) return unknown(p.unknowns[0]!);
      if (p.writes.length || p.targets.length) return write(`${g} changes tags`);
      if (has(p, '-v', '--verify')) return read(`${g} -v verifies a tag`);
      if (p.operands.length > 0 && !has(p, '-l', '--list')) return write(`${g} <name> creates a tag`);
      return read(`${g} lists tags`);
    }
    case 'remote': {
      const op = rest.find((a) => a.value === null || !a.value.startsWith('-'));
      if (op && op.value === null) return unknown(`${g}: subcommand only known at run time`);
      if (op && !['show', 'get-url'].includes(op.value!)) return write(`${g} ${op.value} changes remotes`);
      const p = parseTable(rest.filter((a) => a !== op), GIT_FORM_TABLES.remote!, g);
      if (p.unknowns.length) return unknown(p.unknowns[0]!);
      return read(op ? `${g} ${op.value} reads` : `${g} lists remotes`);
    }
    case 'stash': {
      const op = rest[0]?.value;
      if (op === null) return unknown(`${g}: subcommand only known at run time`);
      if (op === 'list' || op === 'show') {
        // list and show take git log's and git diff's options (--output writes a file)
        const p = parseTable(rest.slice(1), STASH_READ, `${g} ${op}`);
        if (p.unknowns.length) return unknown(p.unknowns[0]!);
        if (p.execs.length) return unknown(p.execs[0]!);
        if (p.targets.length) return write(`${g} ${op} --output writes a file`, p.targets, { writesContent: true });
        return read(`${g} ${op} reads`);
      }
      if (op === undefined || op === 'push' || op.startsWith('-')) {
        const specs = afterDoubleDash(rest);
        if (specs && specs.length) return write(`${g} stashes and restores these paths`, pathspecs(specs));
        const p = sub(op === 'push' ? rest.slice(1) : rest, { shortWithValue: 'm', longWithValue: ['message', 'pathspec-from-file'] });
        if (p.operands.length) return write(`${g} stashes and restores these paths`, pathspecs(p.operands));
        return write(`${g} stashes and resets the work tree`);
      }
      return write(`${g} ${op} changes the work tree or the stash`);
    }
    case 'worktree':
      return rest[0]?.value === 'list' ? tableRead(`${g} list`, GIT_FORM_TABLES['worktree list']!, rest.slice(1)) : write(`${g} changes worktrees`);
    case 'submodule': {
      const op = rest.find((a) => a.value === null || !a.value.startsWith('-'));
      if (op && op.value === null) return unknown(`${g}: subcommand only known at run time`);
      if (!op || op.value === 'status' || op.value === 'summary') return tableRead(`${g} ${op?.value ?? 'status'}`, GIT_FORM_TABLES['submodule status']!, rest.filter((a) => a !== op));
      if (op.value === 'foreach') {
        const cmd = rest.slice(rest.indexOf(op) + 1).find((a) => a.value === null || !a.value.startsWith('-'));
        if (cmd && cmd.value !== null) return { kind: 'shell', source: cmd.value, why: `${g} foreach runs a shell command in each submodule`, cwdUnknown: true };
        return unknown(`${g} foreach runs a command only known at run time`);
      }
      return write(`${g} ${op.value} changes submodules`);
    }
    case 'notes': {
      const op = rest[0]?.value;
      return op === undefined || op === 'list' || op === 'show' ? read(`${g} reads notes`) : write(`${g} changes notes`);
    }
    case 'reflog': {
      // `git reflog [show]` is git log -g: it takes log's options (--output writes a file)
      const op = rest[0]?.value;
      if (op === null) return unknown(`${g}: subcommand only known at run time`);
      if (op === 'expire' || op === 'delete' || op === 'drop' || op === 'write') return write(`${g} ${op} changes the reflog`);
      if (op === 'exists') return read(`${g} exists tests a reflog`);
      if (op !== undefined && op !== 'show' && !op.startsWith('-') && !/^[\w./@{}~^-]+$/.test(op)) return unknown(`${g} ${op}: not a reflog subcommand this guard knows`);
      const p = parseTable(op === 'show' ? rest.slice(1) : rest, GIT_TABLES.log!, g);
      if (p.unknowns.length) return unknown(p.unknowns[0]!);
      if (p.execs.length) return unknown(p.execs[0]!);
      if (p.targets.length) return write(`${g} --output writes a file`, p.targets, { writesContent: true });
      return read(`${g} reads the reflog`);
    }
    case 'sparse-checkout':
      return rest[0]?.value === 'list' ? read(`${g} list reads`) : write(`${g} changes the checkout`);
    case 'lfs': {
      const op = rest[0]?.value;
      if (op === 'logs') return rest.length === 1 || rest[1]?.value === 'last' || rest[1]?.value === 'show' ? read(`${g} logs reads`) : write(`${g} logs ${rest[1]?.value ?? ''} writes or clears logs`);
      return op && ['ls-files', 'status', 'env', 'version'].includes(op) ? read(`${g} ${op} reads`) : write(`${g} changes LFS state`);
    }
    case 'bisect': {
      const op = rest[0]?.value;
      if (op === 'log') return read(`${g} log reads`);
      if (op === 'view' || op === 'visualize') {
        // runs gitk, or git log with these options when there is no display
        if (rest.length === 1) return read(`${g} ${op} shows the remaining commits`);
        const p = parseTable(rest.slice(1), GIT_TABLES.log!, g);
        if (p.unknowns.length || p.execs.length) return unknown(p.unknowns[0] ?? p.execs[0]!);
        if (p.targets.length) return write(`${g} ${op} --output writes a file`, p.targets, { writesContent: true });
        return read(`${g} ${op} shows the remaining commits`);
      }
      if (op === 'run') return unknown(`${g} run executes a command`);
      return write(`${g} checks out commits`);
    }
    case 'bundle': {
      const op = rest[0]?.value;
      if (op === 'list-heads' || op === 'verify') return tableRead(`${g} ${op}`, GIT_FORM_TABLES['bundle read']!, rest.slice(1));
      return write(`${g} ${op ?? ''} writes a bundle or refs`);
    }
    case 'add': {
      const p = sub(rest, { longWithValue: ['chmod', 'pathspec-from-file'] });
      if (has(p, '-p', '--patch', '-i', '--interactive', '-e', '--edit')) return unknown(`${g} interactive: what is staged is typed later`);
      if (lastWins(p, ['-n', '--dry-run'], ['--no-dry-run'])) return dryRun(g, 'add -n', rest);
      if (has(p, '--pathspec-from-file')) return write(`${g} stages paths read from a file`);
      if (p.operands.length === 0) return write(`${g} stages changes across the work tree`);
      return write(`${g} stages these paths`, pathspecs(p.operands));
    }
    case 'rm': {
      const p = sub(rest, { longWithValue: ['pathspec-from-file'] });
      if (lastWins(p, ['-n', '--dry-run'], ['--no-dry-run'])) return dryRun(g, 'rm -n', rest);
      if (p.operands.length === 0) return write(`${g} removes paths from a file list`);
      return write(`${g} removes these paths`, pathspecs(p.operands));
    }
    case 'mv': {
      const p = sub(rest);
      if (lastWins(p, ['-n', '--dry-run'], ['--no-dry-run'])) return dryRun(g, 'mv -n', rest);
      return write(`${g} moves these paths`, pathspecs(p.operands));
    }
    case 'checkout': {
      const p = sub(rest, { shortWithValue: 'bB', longWithValue: ['orphan', 'conflict', 'pathspec-from-file'] });
      if (has(p, '-p', '--patch')) return unknown(`${g} -p: what is restored is typed later`);
      const specs = afterDoubleDash(rest);
      if (specs && specs.length) return write(`${g} -- overwrites these paths`, pathspecs(specs));
      if (p.operands.length === 1 && p.operands[0]!.value === '.') return write(`${g} . overwrites the work tree below cwd`, [literalArg('.')]);
      return write(`${g} switches the work tree`);
    }
    case 'restore': {
      const p = sub(rest, { shortWithValue: 's', longWithValue: ['source', 'conflict', 'pathspec-from-file'] });
      if (has(p, '-p', '--patch')) return unknown(`${g} -p: what is restored is typed later`);
      if (p.operands.length === 0) return write(`${g} restores paths from a file list`);
      return write(`${g} overwrites these paths`, pathspecs(p.operands));
    }
    case 'reset': {
      const p = sub(rest, { longWithValue: ['pathspec-from-file'] });
      if (has(p, '-p', '--patch')) return unknown(`${g} -p: what is reset is typed later`);
      const specs = afterDoubleDash(rest);
      if (specs && specs.length && !has(p, '--hard', '--merge', '--keep')) return write(`${g} -- unstages these paths`, pathspecs(specs));
      return write(`${g} moves HEAD${has(p, '--hard') ? ' and overwrites the work tree' : ''}`);
    }
    case 'clean': {
      const p = sub(rest, { shortWithValue: 'e', longWithValue: ['exclude'] });
      if (has(p, '-i', '--interactive')) return unknown(`${g} -i: what is deleted is typed later`);
      if (lastWins(p, ['-n', '--dry-run'], ['--no-dry-run'])) return dryRun(g, 'clean -n', rest);
      if (p.operands.length) return write(`${g} deletes untracked files under these paths`, pathspecs(p.operands));
      return write(`${g} deletes untracked files below cwd`, [literalArg('.')]);
    }
    case 'rebase': {
      const p = sub(rest, { shortWithValue: 'xsX', longWithValue: ['exec', 'onto', 'strategy', 'strategy-option', 'empty', 'rebase-merges'] });
      if (has(p, '-i', '--interactive', '--edit-todo')) return unknown(`${g} -i: the todo list is edited later`);
      if (has(p, '-x', '--exec')) return unknown(`${g} --exec runs commands`);
      return write(`${g} rewrites commits and the work tree`);
    }
    case 'apply': {
      const p = sub(rest, { shortWithValue: 'pC', longWithValue: ['exclude', 'include', 'directory', 'whitespace', 'build-fake-ancestor'] });
      if (has(p, '--check', '--stat', '--numstat', '--summary')) {
        const t = parseTable(rest, GIT_FORM_TABLES.apply!, g);
        if (t.unknowns.length) return unknown(t.unknowns[0]!);
        if (!t.writes.length && !t.targets.length) return read(`${g} --check/--stat only inspects`);
      }
      if (p.operands.length === 0 && ctx?.stdin.kind === 'text') {
        const moved = has(p, '-p', '--directory');
        return { kind: 'patch', text: ctx.stdin.text, why: `${g} applies the diff on its stdin`, needsGitPrefixes: true, targetsUnproven: moved };
      }
      return write(`${g} applies a patch`);
    }
    case 'init': {
      const p = sub(rest, { longWithValue: ['template', 'separate-git-dir', 'object-format', 'ref-format', 'initial-branch', 'shared'], shortWithValue: 'b' });
      if (has(p, '--template')) return unknown(`${g} --template copies hooks from a folder`);
      // --separate-git-dir puts the repository elsewhere (and leaves a .git file in the work tree)
      const sep = value(p, '--separate-git-dir');
      return write(`${g} creates a repository`, [p.operands[0] ?? literalArg('.'), ...(sep === undefined ? [] : [sep === null ? RUNTIME : literalArg(sep)])]);
    }
    case 'clone': {
      const p = sub(rest, { shortWithValue: 'obcju', longWithValue: ['origin', 'branch', 'config', 'template', 'reference', 'depth', 'upload-pack', 'separate-git-dir', 'jobs', 'filter', 'shallow-since', 'shallow-exclude', 'server-option', 'bundle-uri', 'ref-format'] });
      if (has(p, '-u', '--upload-pack', '--template', '-c', '--config')) return unknown(`${g}: options that run programs or install hooks`);
      const dest = p.operands[1];
      if (dest) return write(`${g} creates a folder`, [dest]);
      const url = p.operands[0]?.value;
      if (!url) return write(`${g} creates a folder`);
      const base = url.replace(/[\\/]+$/, '').replace(/\.git$/, '').split(/[\\/:]/).pop();
      return write(`${g} creates a folder`, base ? [literalArg(base)] : undefined);
    }
    case 'merge-file': {
      const p = sub(rest, { shortWithValue: 'L' });
      if (has(p, '-p', '--stdout')) return tableRead(`${g} -p`, GIT_FORM_TABLES['merge-file']!, rest, `${g} -p writes to stdout`);
      return write(`${g} writes the merge into the first file`, p.operands[0] ? [p.operands[0]] : undefined, { writesContent: true });
    }
  }
  if (name === 'commit' && rest.some((a) => a.value === '--interactive' || a.value === '-p' || a.value === '--patch')) return unknown(`${g} --interactive: what is committed is typed later`);
  if (WRITE_SUBCOMMANDS.has(name)) return write(`${g} changes the repository`);
  if (INTERACTIVE_OR_EXTERNAL.has(name)) return unknown(`${g} runs an external or interactive program`);
  return unknown(`${g}: not a known git subcommand (an alias or git-${name} program can run anything)`);
}
