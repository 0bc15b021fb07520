/**
 * Formatters and fixers that rewrite files in place (tool-tables.ts `inPlace`): with the in-place
 * flag the files and folders given are the write targets, so a contract can place the write; the
 * check forms print and are reads. Near misses stay unplaced or unknown: a pattern the tool expands
 * itself, a name only known at run time, stdin, no operand, a second write flag (a cache, a
 * report), an option that names more inputs, an option the table does not list.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';

const cwd = '/home/dev/project';
const home = '/home/dev';
const run = (cmd: string) => {
  const a = analyzeShell(cmd, { cwd, home });
  return { mutability: a.mutability, paths: a.affectedPaths };
};

describe('in-place formatters: the operands are the targets', () => {
  it.each([
    ['gofmt -w main.go', ['main.go']],
    ['gofmt -l -w .', ['.']],
    ['gofmt -s -w cmd internal', ['cmd', 'internal']],
    ['clang-format -i src/main.c', ['src/main.c']],
    ['clang-format -style=file -i src/a.cc src/b.h', ['src/a.cc', 'src/b.h']],
    ['clang-format --style=Google -i -- src/a.cc', ['src/a.cc']],
    ['shfmt -w script.sh', ['script.sh']],
    ['shfmt -i 2 -ci --write scripts', ['scripts']],
    ['autopep8 --in-place -a src/app.py', ['src/app.py']],
    ['autopep8 -ir src', ['src']],
    ['yapf -i src/app.py', ['src/app.py']],
    ['yapf -ri --style=pep8 src tests', ['src', 'tests']],
    ['autoflake -i --remove-all-unused-imports src/app.py', ['src/app.py']],
    ['prettier --write src/index.ts', ['src/index.ts']],
    ['prettier -w .', ['.']],
    ['eslint --fix src', ['src']],
    ['eslint --fix -o report.json src', ['src', 'report.json']],
    ['stylelint --fix styles/app.css', ['styles/app.css']],
    ['markdownlint --fix README.md', ['README.md']],
    ['gofmt -w ../shared/x.go', ['/home/dev/shared/x.go']],
  ])('%s writes %j', (cmd, paths) => {
    expect(run(cmd)).toEqual({ mutability: 'write', paths });
  });

  it.each([
    'gofmt -l .',
    'gofmt -d main.go',
    'clang-format src/main.c',
    'clang-format --dry-run --Werror src/main.c',
    'clang-format -n src/main.c',
    'clang-format -dump-config',
    'shfmt -d script.sh',
    'shfmt -l .',
    'shfmt -i 2 -ln bash -f .',
    'autopep8 --diff src/app.py',
    'autopep8 src/app.py',
    'yapf --diff src/app.py',
    'yapf -r -d src',
    'autoflake --check src/app.py',
    'autoflake src/app.py',
    'prettier --check src',
    'eslint src',
  ])('%s is a read', (cmd) => {
    expect(run(cmd).mutability).toBe('read');
  });

  it.each([
    // a quoted pattern reaches the tool, which expands it: `{../x}` is not below the project
    "prettier --write 'src/**/*.{ts,tsx}'",
    "eslint --fix '{../x}/a.js'",
    // the shell expands it: files nobody names before it runs
    'clang-format -i src/*.cpp',
    // stdin, or no operand: the tool's own default set or an error
    'prettier -w -',
    'shfmt -w',
    'eslint --fix',
    // another write flag: a cache the operands do not name
    'eslint --fix --cache src',
    'prettier --write --cache src',
  ])('%s stays a write with unplaced targets', (cmd) => {
    expect(run(cmd)).toEqual({ mutability: 'write', paths: null });
  });

  it.each([
    // the named file lists more inputs, which -i rewrites too
    'clang-format --files=list.txt -i a.c',
    // a name only known at run time could be an option
    'clang-format -i "$f"',
    'shfmt --unknown-flag -w x.sh',
    'yapf --in-place --bogus x.py',
  ])('%s stays unknown', (cmd) => {
    expect(run(cmd).mutability).toBe('unknown');
  });
});
