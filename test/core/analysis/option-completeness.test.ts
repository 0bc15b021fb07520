/**
 * Option completeness: for every program with a table, each option its installed `--help`
 * lists must be classified in the table (read, write, exec, takes-value). A new version that
 * adds an option fails here instead of silently reading as safe. A program that is not
 * installed is skipped, and the skip names it. CI installs the Debian bookworm packages
 * listed in .ci/run (coreutils, grep, sed, gawk, git, curl, jq, diffutils, …).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GIT_TABLES } from '../../../core/analysis/git-tables';
import { CURL_TABLE } from '../../../core/analysis/network-tools';
import { AWK_TABLE, SED_TABLE, YQ_TABLE } from '../../../core/analysis/text-tools';
import { PARALLEL_TABLE, XARGS_TABLE } from '../../../core/analysis/wrappers';
import { READ_TABLES } from '../../../core/analysis/read-tables';
import { CPIO_TABLE, DPKG_DEB_TABLE } from '../../../core/analysis/listings';
import { tableOptions, type ProgramTable } from '../../../core/analysis/table';
import { CHECK_TOOLS } from '../../../core/analysis/tool-tables';
import { helpText, parseHelp } from './help-options';
import gitManual from './fixtures/git-man-options.json';
import { manOptions } from './git-man-options.mjs';
import { existsSync } from 'node:fs';

function installed(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).status === 0;
}

interface Subject {
  label: string;
  program: string;
  helpArgs: string[];
  table: ProgramTable;
  /** help lines this parser misreads (not options), named so a reader can check them */
  notOptions?: string[];
  /** tsc: names are case-insensitive */
  lowerCase?: boolean;
}

const subjects: Subject[] = [];
for (const [name, table] of Object.entries(READ_TABLES)) {
  if (table.anyOptionReads) continue;
  subjects.push({ label: name, program: name, helpArgs: ['--help'], table });
}
subjects.push({ label: 'sed', program: 'sed', helpArgs: ['--help'], table: SED_TABLE });
subjects.push({ label: 'gawk', program: 'gawk', helpArgs: ['--help'], table: AWK_TABLE });
subjects.push({ label: 'xargs', program: 'xargs', helpArgs: ['--help'], table: XARGS_TABLE });
subjects.push({ label: 'parallel', program: 'parallel', helpArgs: ['--help'], table: PARALLEL_TABLE });
subjects.push({ label: 'yq', program: 'yq', helpArgs: ['--help'], table: YQ_TABLE });
subjects.push({ label: 'curl', program: 'curl', helpArgs: ['--help', 'all'], table: CURL_TABLE, notOptions: ['-h'] });
subjects.push({ label: 'cpio', program: 'cpio', helpArgs: ['--help'], table: CPIO_TABLE });
subjects.push({ label: 'dpkg-deb', program: 'dpkg-deb', helpArgs: ['--help'], table: DPKG_DEB_TABLE });
for (const sub of ['diff', 'grep', 'ls-remote', 'fsck', 'interpret-trailers', 'format-patch', 'blame', 'status', 'shortlog', 'describe', 'ls-files', 'ls-tree', 'cat-file', 'for-each-ref', 'show-ref', 'diff-tree', 'log', 'show']) {
  subjects.push({ label: `git ${sub}`, program: 'git', helpArgs: [sub, '--git-completion-helper'], table: GIT_TABLES[sub]! });
}
/**
 * git's manuals list the revision and diff options log, show and the diff family take (the
 * completion helper lists only a subcommand's own): checked from the committed list, so CI
 * images without /usr/share/man check them too (fixtures/git-man-options.json, git-man-options.mjs).
 */
const manual = gitManual as { version: string; options: Record<string, string[]> };
/** manual lines that name something other than an option of the subcommand (placeholders, option values) */
const MANUAL_NOT_OPTIONS = new Set(['-<n>', '-<number>', '--', '-O<orderfile>', '-m', '--no-']);

/** the installed manuals too, where the machine has them (a newer git adds options) */
function installedManual(sub: string): string[] {
  const page = `/usr/share/man/man1/git-${sub}.1.gz`;
  if (!existsSync(page)) return [];
  const r = spawnSync('zcat', [page], { encoding: 'utf8' });
  return r.status === 0 ? manOptions(r.stdout) : [];
}

describe(`option completeness against git's manuals (${manual.version}, and the installed ones when present)`, () => {
  for (const [sub, listed] of Object.entries(manual.options)) {
    const table = GIT_TABLES[sub];
    const names = [...new Set([...listed, ...installedManual(sub)])];
    if (!table || names.length === 0) continue;
    it(`git ${sub}: every option its manual lists is classified`, () => {
      const known = new Set(tableOptions(table).map((r) => r.name));
      const gitNegation = (n: string) => n.startsWith('--no-') && known.has('--' + n.slice(5));
      const missing = names.filter((n) => !known.has(n) && !gitNegation(n) && !MANUAL_NOT_OPTIONS.has(n) && !/^-\d$/.test(n));
      expect(missing, `git ${sub}: manual options its table does not classify`).toEqual([]);
    });
  }
});

subjects.push({ label: 'tsc', program: join(__dirname, '../../../node_modules/.bin/tsc'), helpArgs: ['--all'], table: CHECK_TOOLS.tsc!.table, lowerCase: true });

/** the option names a help text lists (git's completion helper is a plain word list) */
function listed(s: Subject, text: string): string[] {
  // tsc --all puts each option at the start of a line: `--strict`, `--project, -p`
  if (s.label === 'tsc') return [...text.replace(/\x1b\[[0-9;]*m/g, '').matchAll(/^((?:-[a-zA-Z?], )?--[a-zA-Z]+(?:, -[a-zA-Z?])?)$/gm)].flatMap((m) => m[1]!.split(', '));
  if (s.program === 'git') return text.split(/\s+/).filter((w) => w.startsWith('-') && w !== '--').map((w) => w.replace(/=$/, ''));
  return parseHelp(text.replace(/\x1b\[[0-9;]*m/g, '')).map((o) => o.name);
}

describe('option completeness against the installed programs', () => {
  for (const s of subjects) {
    const present = s.program.includes('/') || installed(s.program);
    const text = present ? helpText(s.program, s.helpArgs) : null;
    const names = text ? listed(s, text).filter((n) => !(s.notOptions ?? []).includes(n)) : [];
    if (!present) {
      it.skip(`${s.label}: not installed on this machine, skipped`, () => {});
      continue;
    }
    if (names.length === 0) {
      it.skip(`${s.label}: its --help lists no options this parser reads, skipped`, () => {});
      continue;
    }
    it(`${s.label}: every option its help lists is classified`, () => {
      const known = new Set(tableOptions(s.table).map((r) => (s.lowerCase ? r.name.toLowerCase() : r.name)));
      const gitNegation = (n: string) => s.table.gitStyle && n.startsWith('--no-') && known.has('--' + n.slice(5));
      // `-Wk`, `-EB`: a short option whose value is attached
      const attached = (n: string) => /^-[A-Za-z][A-Za-z]+$/.test(n) && tableOptions(s.table).some((r) => r.name === n.slice(0, 2) && r.arity !== 0);
      const missing = names.map((n) => (s.lowerCase ? n.toLowerCase() : n)).filter((n) => !known.has(n) && !gitNegation(n) && !attached(n) && !(s.table.digits && /^-\d+$/.test(n)));
      expect(missing, `${s.label} lists options its table does not classify`).toEqual([]);
    });
  }
});
