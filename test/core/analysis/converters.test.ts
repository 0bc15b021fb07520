/**
 * Converters (core/analysis/converters.ts): pandoc, Graphviz and pdftotext print what they make
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

describe('converters: the output named is the target', () => {
  it.each([
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
  ])('%s writes %j', (cmd, paths) => {
    expect(run(cmd)).toEqual({ mutability: 'write', paths });
  });

  it.each(['pandoc README.md', 'pandoc -t html5 -s --toc README.md', 'pandoc --list-output-formats', 'dot -Tsvg graph.dot', 'dot -V', 'pdftotext -layout doc.pdf -', 'pdftotext -v'])('%s is a read', (cmd) => {
    expect(run(cmd).mutability).toBe('read');
  });

  it.each([
    // outputs named from the inputs by a mode: written, not placed
    'dot -Tsvg -O graph.dot',
    'pdftotext -htmlmeta doc.pdf',
    'pdftotext -tsv doc.pdf',
  ])('%s is a write with unplaced targets', (cmd) => {
    expect(run(cmd)).toEqual({ mutability: 'write', paths: null });
  });

  it.each([
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
  ])('%s stays unknown', (cmd) => {
    expect(run(cmd).mutability).toBe('unknown');
  });
});
