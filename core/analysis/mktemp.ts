/**
 * mktemp: the folder its new file or folder lands in, as GNU and BSD mktemp choose it, so a
 * contract can tell a new name in a temp folder (scratch) from one in the project. The name
 * itself is picked when it runs: the target is "a new entry of this folder", never a path.
 */
import { has, parseTable, value, type ProgramTable, type TableParse } from './table';
import { read, write, type Verdict } from './verdict';
import { literalArg, type Arg } from './words';

const MKTEMP_TABLE: ProgramTable = {
  options: '-d --directory -u --dry-run -q --quiet -p= --tmpdir[=] -t --suffix= --help --version',
};

/** What mktemp takes when it is given no template. */
const DEFAULT_TEMPLATE = 'tmp.XXXXXXXXXX';

/**
 * `tmpdir`: the folder mktemp takes when it is told no other ($TMPDIR as the command sees it, else
 * /tmp); null when this command may have changed $TMPDIR, so the folder is only known at run time.
 */
export function mktemp(args: readonly Arg[], tmpdir: string | null | undefined): Verdict {
  const p = parseTable(args, MKTEMP_TABLE, 'mktemp');
  if (has(p, '-u', '--dry-run')) return read('mktemp -u only prints a name');
  const entry = p.unknowns.length || (has(p, '-p') && has(p, '--tmpdir')) ? null : placed(p, args, tmpdir);
  return write('mktemp creates a temporary file or folder', undefined, entry ? { newEntry: { folder: literalArg(entry.folder), prefix: entry.prefix } } : {});
}

/** The folder -p or --tmpdir names: '' for the default (`--tmpdir` with no value, an empty -p), null when only known at run time. */
function folderOption(p: TableParse, args: readonly Arg[]): string | null | undefined {
  if (has(p, '-p')) return value(p, '-p');
  if (!has(p, '--tmpdir')) return undefined;
  return args.some((a) => a.value === '--tmpdir') ? '' : value(p, '--tmpdir');
}

/**
 * The part of a name mktemp keeps as written: everything before its last run of X's (GNU keeps
 * what follows as a suffix, BSD -t appends letters after the whole template); the rest is chosen
 * when it runs.
 */
function keptPrefix(name: string): string {
  const at = name.lastIndexOf('X');
  if (at === -1) return name;
  let start = at;
  while (start > 0 && name[start - 1] === 'X') start--;
  return name.slice(0, start);
}

/** Where the new name lies, or null when mktemp's choice depends on what only the run knows. */
function placed(p: TableParse, args: readonly Arg[], tmpdir: string | null | undefined): { folder: string; prefix: string } | null {
  const dirValue = folderOption(p, args);
  const dirGiven = has(p, '-p', '--tmpdir');
  const t = has(p, '-t');
  if (p.operands.length > 1 || (dirValue === null && dirGiven)) return null;
  const template = p.operands.length === 1 ? p.operands[0]!.value : DEFAULT_TEMPLATE;
  if (template === null || template === '') return null;
  // a template alone is a path from the working folder, as written
  if (p.operands.length === 1 && !dirGiven && !t) {
    const cut = template.lastIndexOf('/');
    return cut === -1 ? { folder: '.', prefix: keptPrefix(template) } : { folder: template.slice(0, cut) || '/', prefix: keptPrefix(template.slice(cut + 1)) };
  }
  // in a folder the template is taken as a name; -t prefers $TMPDIR to -p (GNU), which only the run knows
  if (template.includes('/') || (t && dirGiven)) return null;
  const dir = dirValue ? dirValue : tmpdir;
  if (dir === null || dir === undefined) return null;
  return { folder: dir.replace(/(.)\/+$/, '$1'), prefix: keptPrefix(template) };
}
