/**
 * Writes the analysis places at the names a command gives, with reads and near misses beside them.
 *
 * Formatters and fixers that rewrite files in place (tool-tables.ts `inPlace`): with the in-place
 * flag the files and folders given are the write targets, so a contract can place the write; the
 * check forms print and are reads. Near misses stay unplaced or unknown: a pattern the tool expands
 * itself, a name only known at run time, stdin, no operand, a second write flag (a cache, a
 * report), an option that names more inputs, an option the table does not list.
 *
 * vim/ex in silent Ex mode and ed with a here-document script (core/analysis/editors.ts): a script
 * that only prints is a read; one that writes is a write of the files it names (a plain name, or
 * every file the editor was given for a write with no name); a name the editor expands, a write
 * to a command, a write inside :g, or a write of the current file with no file given stays unknown.
 *
 * Converters (core/analysis/converters.ts): pandoc, Graphviz, pdftotext, sass and optipng print what they make
 * unless told where to write it; the output they are told is the placed target. Code they would
 * run (a filter, a Lua reader or writer, a PDF engine), more options from a file, a name made up
 * from the inputs, or an option the table does not list keep them unknown or unplaced.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';

const cwd = '/home/dev/project';
const home = '/home/dev';
const run = (cmd: string) => {
  const a = analyzeShell(cmd, { cwd, home });
  return { mutability: a.mutability, paths: a.affectedPaths };
};
/** One test a command: it writes exactly `paths` (null: a write whose targets are not placed). */
const writes = (rows: [string, string[] | null][]) =>
  it.each(rows)('%s writes %j', (cmd, paths) => {
    expect(run(cmd)).toEqual({ mutability: 'write', paths });
  });
/** A write the analysis cannot place: `says` is the title's verb (`stays a write`, `is a write`). */
const unplaced = (cmds: string[], says: string) =>
  it.each(cmds)(`%s ${says} with unplaced targets`, (cmd) => {
    expect(run(cmd)).toEqual({ mutability: 'write', paths: null });
  });
const reads = (cmds: string[]) =>
  it.each(cmds)('%s is a read', (cmd) => {
    expect(run(cmd).mutability).toBe('read');
  });
const unknown = (cmds: string[]) =>
  it.each(cmds)('%s stays unknown', (cmd) => {
    expect(run(cmd).mutability).toBe('unknown');
  });

describe('in-place formatters: the operands are the targets', () => {
  writes([
    ['gofmt -w main.go', ['main.go']],
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
    ['eslint --fix src', ['src']],
    ['eslint --fix -o report.json src', ['src', 'report.json']],
    ['stylelint --fix styles/app.css', ['styles/app.css']],
    ['markdownlint --fix README.md', ['README.md']],
    ['gofmt -w ../shared/x.go', ['/home/dev/shared/x.go']],
  ]);

  reads([
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
  ]);

  unplaced([
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
    // the working folder or above: only the files below that need it are rewritten, maybe none
    // outside a narrower lock, so a sandbox holds it instead of a stop
    'gofmt -l -w .',
    'prettier -w .',
    'eslint --fix ./',
    'shfmt -w ../..',
  ], 'stays a write');

  unknown([
    // the named file lists more inputs, which -i rewrites too
    'clang-format --files=list.txt -i a.c',
    // a name only known at run time could be an option
    'clang-format -i "$f"',
    'shfmt --unknown-flag -w x.sh',
    'yapf --in-place --bogus x.py',
  ]);
});

describe('batch editors: a writing script places its files', () => {
  writes([
    ["vim -es -c '%s/a/b/g' -c 'wq' notes.txt", ['notes.txt']],
    ["vim -es -c 'g/a/d' -c 'x' notes.txt", ['notes.txt']],
    ["ex -s +'%s/a/A/g' +wq notes.txt", ['notes.txt']],
    ["vim -es -c '%s/a/b/g' -c 'update' -c 'q!' notes.txt", ['notes.txt']],
    ["vim -es -c 'w out.txt' -c 'q!' notes.txt", ['out.txt']],
    ["vim -es -c 'w! >> log/out.txt' -c 'q!' notes.txt", ['log/out.txt']],
    ["vim -es -c 'sav copy.txt' -c 'x' notes.txt", ['notes.txt', 'copy.txt']],
    ["vim -es -c 'redir > r.txt' -c '%p' -c 'redir END' -c 'q!' notes.txt", ['r.txt']],
    ["vim -es -c '%s/a/b/g' -c 'wa' -c 'q!' a.txt b.txt", ['a.txt', 'b.txt']],
    ["vim -es -c '%s/a/b/g' -c 'wq' -- -odd.txt", ['-odd.txt']],
    ["vim -es -c 'w ../up.txt' -c 'q!' notes.txt", ['/home/dev/up.txt']],
    ["ed -s notes.txt <<< $',s/a/b/\\nw\\nq'", ['notes.txt']],
    ["ed -s notes.txt <<< $'2d\\nwq'", ['notes.txt']],
    ["ed -s notes.txt <<< $'1,2w part.txt\\nq'", ['part.txt']],
  ]);

  reads([
    "vim -es -c '%p' -c 'q!' notes.txt",
    "vim -es -c '%s/a/b/g' -c 'q!' notes.txt",
    "vim -es -c 'redir END' -c 'q!' notes.txt",
    "ed -s notes.txt <<< $',p\\nq'",
    // the buffer changes, nothing is written
    "ed -s notes.txt <<< $',s/a/b/g\\n,p\\nQ'",
    "ed -s notes.txt <<< $'2d\\n1m$\\n,p\\nQ'",
  ]);

  unknown([
    // names vim expands: the buffer name, home, a variable, a wildcard
    "vim -es -c 'w %.bak' -c 'q!' notes.txt",
    "vim -es -c 'w ~/x.txt' -c 'q!' notes.txt",
    "vim -es -c 'w $HOME/x.txt' -c 'q!' notes.txt",
    "vim -es -c 'w *.txt' -c 'q!' notes.txt",
    // a write to a command, a write option, a write once per matching line
    "vim -es -c 'w !sh' -c 'q!' notes.txt",
    "vim -es -c 'w ++enc=latin1 x.txt' -c 'q!' notes.txt",
    "vim -es -c 'g/a/w! >> g.txt' -c 'q!' notes.txt",
    // a redirection to a register or variable, :saveas without a name, wa with a name
    "vim -es -c 'redir => v' -c 'q!' notes.txt",
    "vim -es -c 'sav' -c 'q!' notes.txt",
    // no file given: the current buffer has no name this guard can place
    "vim -es -c 'wq'",
    // no final quit: more commands come from stdin
    "vim -es -c 'w' notes.txt",
    // not silent Ex mode
    "vim -c 'wq' notes.txt",
    "ed -s notes.txt <<< $'w !cat > piped.txt\\nq'",
    "ed -s notes.txt <<< $'r !ls\\nw\\nq'",
    "ed -s notes.txt <<< $'a\\nhello\\n.\\nw\\nq'",
    "ed -s notes.txt <<< $'w ~/x\\nq'",
  ]);
});

describe('converters: the output named is the target', () => {
  writes([
    ['pandoc --output=out.docx in.md', ['out.docx']],
    ['pandoc README.md -o README.html', ['README.html']],
    ['pandoc -s --toc -f gfm -t html5 -o site/index.html README.md', ['site/index.html']],
    ['pandoc --extract-media=media in.docx -o out.md', ['media', 'out.md']],
    ['pandoc -o ../x.html a.md', ['/home/dev/x.html']],
    ['dot -Tpng graph.dot -o graph.png', ['graph.png']],
    ['dot -Tsvg -ograph.svg graph.dot', ['graph.svg']],
    ['neato -Tpng -Gdpi=150 g.dot -o g.png', ['g.png']],
    ['pdftotext doc.pdf out.txt', ['out.txt']],
    ['pdftotext -layout -f 2 -l 3 doc.pdf', ['doc.txt']],
    ['pdftotext report.PDF', ['report.txt']],
    ['pdftotext notes', ['notes.txt']],
    ['pdftotext scan.Pdf', ['scan.Pdf.txt']],
    ['sass src/app.scss dist/app.css', ['dist/app.css', 'dist/app.css.map']],
    ['sass --no-source-map -s compressed src/app.scss dist/app.css', ['dist/app.css']],
    ['sass a.scss:out/a.css b.scss:out/b.css', ['out/a.css', 'out/a.css.map', 'out/b.css', 'out/b.css.map']],
    ['sass --stdin out.css', ['out.css', 'out.css.map']],
    ['optipng img.png', ['img.png']],
    ['optipng -o7 -strip all a.png b.png', ['a.png', 'b.png']],
    ['optipng -out small.png img.png', ['small.png']],
    ['optipng -dir out a.png', ['out']],
  ]);

  reads(['pandoc README.md', 'pandoc -t html5 -s --toc README.md', 'pandoc --list-output-formats', 'dot -Tsvg graph.dot', 'dot -V', 'pdftotext -layout doc.pdf -', 'pdftotext -v', 'sass src/app.scss', 'optipng -simulate img.png', 'optipng -v']);

  unplaced([
    // outputs named from the inputs by a mode: written, not placed
    'dot -Tsvg -O graph.dot',
    'pdftotext -htmlmeta doc.pdf',
    'pdftotext -tsv doc.pdf',
    // backups optipng names beside each file
    'optipng -backup img.png',
  ], 'is a write');

  unknown([
    'pandoc -s doc.md -o doc.pdf',
    'pandoc -t latex -o doc.PDF doc.md',
    'pandoc --pdf-engine=xelatex -o x.html a.md',
    'pandoc --lua-filter=f.lua a.md -o b.html',
    'pandoc -F pandoc-crossref a.md -o b.html',
    'pandoc -t custom.lua a.md',
    'pandoc -f reader.lua a.txt -o b.html',
    'pandoc -d defaults.yaml',
    'pandoc --data-dir=d a.md -o b.html',
    'pandoc --unlisted-option a.md',
    'pandoc -o "$OUT" a.md',
    'dot -c',
    'dot -Z g.dot',
    'pdftotext a.pdf b.txt c.txt',
    'pdftotext "$F"',
    'sass --watch src:dist',
    'sass -i',
    'sass a.scss b.css c.css',
    'sass a.scss "$OUT"',
    'optipng',
    'optipng -zz img.png',
  ]);
});

describe('tar: files written besides the archive are named', () => {
  writes([
    ['tar -czf out.tgz -g snap.snar src', ['out.tgz', 'snap.snar']],
    ['tar -cf out.tar --listed-incremental=s.snar src', ['out.tar', 's.snar']],
    ['tar -cvf out.tar --index-file idx.txt src', ['out.tar', 'idx.txt']],
    ['tar -cf out.tar --volno-file=v.txt src', ['out.tar', 'v.txt']],
    ['tar -c -M -f a.tar -f b.tar src', ['a.tar', 'b.tar']],
    ['tar -xvf a.tar --index-file=../log.txt', ['.', '/home/dev/log.txt']],
    // extracting reads the snapshot
    ['tar -xf a.tar -g snap.snar', ['.']],
    ['tar -cz --listed-incremental=snap . | wc -c', ['snap']],
  ]);

  reads(['tar -cf /dev/null src', 'tar -cf - src | wc -c', 'tar -czf /dev/null -g /dev/null src']);

  unknown(['tar -xOf a.tar --index-file=i.txt', 'tar -tf a.tar --index-file=i.txt']);
});

describe('option grammar: writes read as writes, not as unknown', () => {
  writes([
    // tsc's build mode emits every referenced project's outputs (where the tsconfig files say)
    ['tsc --build', null],
    ['tsc -b tsconfig.build.json', null],
    // scc's --format is its own option (no abbreviation of --format-multi)
    ['scc -o scc.json --format json', ['scc.json']],
    // rsync SRC lists the source and logs where it is told
    ['rsync --log-file=l.txt src', ['l.txt']],
    ['rsync --log-file l.txt -r src/', ['l.txt']],
  ]);

  reads(['scc --format json', 'scc -f json src', 'tsc --noEmit', 'rsync -av src/', 'rsync --log-file=/dev/null src']);

  unknown(['tsc -b --clean', "scc --format-multi 'json:x.json'", 'rsync --log-file=l.txt -e ssh host:src', 'rsync --bogus --log-file=l.txt src']);
});
