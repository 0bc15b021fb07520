/**
 * mktemp: the file or folder it makes, placed where GNU and BSD mktemp put it, so a contract can
 * tell a new name in a temp folder (scratch) from one in the project. `tmp.XXXXXXXXXX` stands for
 * the name it picks; the folder is what decides.
 */
import { has, parseTable, value, type ProgramTable } from './table';
import { read, write, type Verdict } from './verdict';
import { literalArg, type Arg } from './words';

const MKTEMP_TABLE: ProgramTable = {
  options: '-d --directory -u --dry-run -q --quiet -p= --tmpdir[=] -t --suffix= --help --version',
};

/**
 * `tmpdir`: the folder mktemp takes when it is told no other ($TMPDIR as the command sees it, else
 * /tmp); null when this command may have changed $TMPDIR, so the folder is only known at run time.
 */
export function mktemp(args: readonly Arg[], tmpdir: string | null | undefined): Verdict {
  const p = parseTable(args, MKTEMP_TABLE, 'mktemp');
  if (has(p, '-u', '--dry-run')) return read('mktemp -u only prints a name');
  const target = p.unknowns.length || (has(p, '-p') && has(p, '--tmpdir')) ? null : placed(p.operands, folderOption(p, args), has(p, '-p', '--tmpdir'), has(p, '-t'), tmpdir);
  return write('mktemp creates a temporary file or folder', target ? [literalArg(target)] : undefined);
}

/** The folder -p or --tmpdir names: '' for the default (`--tmpdir` with no value, an empty -p), null when only known at run time. */
function folderOption(p: ReturnType<typeof parseTable>, args: readonly Arg[]): string | null | undefined {
  if (has(p, '-p')) return value(p, '-p');
  if (!has(p, '--tmpdir')) return undefined;
  return args.some((a) => a.value === '--tmpdir') ? '' : value(p, '--tmpdir');
}

/** Where the new name lies, or null when mktemp's choice depends on what only the run knows. */
function placed(operands: readonly Arg[], dirValue: string | null | undefined, dirGiven: boolean, t: boolean, tmpdir: string | null | undefined): string | null {
  if (operands.length > 1) return null;
  const template = operands.length === 1 ? operands[0]!.value : 'tmp.XXXXXXXXXX';
  if (template === null || template === '' || (dirValue === null && dirGiven)) return null;
  // a template alone is a path from the working folder, as written
  if (operands.length === 1 && !dirGiven && !t) return template;
  // in a folder, the template is a name (mktemp refuses one with a separator); -t prefers $TMPDIR to -p
  if (template.includes('/') || (t && dirGiven)) return null;
  const dir = dirValue ? dirValue : tmpdir;
  if (dir === null || dir === undefined) return null;
  return `${dir.replace(/\/+$/, '') || '/'}/${template}`.replace(/^\/\//, '/');
}
