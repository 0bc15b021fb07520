/**
 * Document and graph converters that read their inputs and write one output they are told (or
 * print it): pandoc, Graphviz's layout programs, pdftotext. The output is the written target; with
 * none they print. An option that runs code (a pandoc filter, a Lua reader or writer, a PDF
 * engine), names more options from a file (pandoc --defaults) or is not in the table keeps the
 * command unknown.
 */
import { parseTable, value, type ProgramTable } from './table';
import { read, unknown, write, type Leaf } from './verdict';
import { literalArg, type Arg } from './words';

const PANDOC: ProgramTable = {
  options:
    '-f= -r= --from= --read= -t= -w= --to= --write= -s --standalone --toc --table-of-contents --toc-depth= -N --number-sections --number-offset= --template= -V= --variable= -M= --metadata= --metadata-file= --wrap= --columns= --shift-heading-level-by= --highlight-style= --syntax-highlighting= --no-highlight --mathjax[=] --katex[=] --mathml --webtex[=] --gladtex --embed-resources --self-contained -c= --css= -H= --include-in-header= -B= --include-before-body= -A= --include-after-body= --resource-path= --reference-doc= -C --citeproc --bibliography= --csl= --citation-abbreviations= --natbib --biblatex --eol= --dpi= --tab-stop= --preserve-tabs --strip-comments --ascii --reference-links --reference-location= --top-level-division= --slide-level= --section-divs --html-q-tags --email-obfuscation= --id-prefix= -T= --title-prefix= --epub-cover-image= --epub-metadata= --epub-embed-font= --epub-chapter-level= --epub-title-page= --markdown-headings= --file-scope --default-image-extension= --track-changes= --indented-code-classes= --listings -i --incremental --ipynb-output= --list-input-formats --list-output-formats --list-extensions[=] --list-highlight-languages --list-highlight-styles -D= --print-default-template= --print-default-data-file= --print-highlight-style= --verbose --quiet --fail-if-warnings --sandbox --trace --abbreviations= --no-check-certificate --request-header= -v -h ' +
    '-o=W --output=W --extract-media=W --log=W -F=X --filter=X -L=X --lua-filter=X --pdf-engine=X --pdf-engine-opt=X -d=U --defaults=U --data-dir=U',
};

/** pandoc: prints unless -o; a Lua reader or writer is code, a PDF is made by another program. */
function pandoc(args: readonly Arg[]): Leaf {
  const p = parseTable(args, PANDOC, 'pandoc');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  const formats = [value(p, '-f', '-r', '--from', '--read'), value(p, '-t', '-w', '--to', '--write')];
  if (formats.some((f) => f === null || (f !== undefined && /\.lua$/i.test(f)))) return unknown('pandoc: a reader or writer that is a Lua script (or only known at run time) runs its code');
  const out = p.targets.map((t) => t.value);
  if (out.includes(null)) return unknown('pandoc: the output is only known at run time (a .pdf one runs a PDF engine)');
  if (formats[1] === 'pdf' || out.some((o) => /\.pdf$/i.test(o!))) return unknown('pandoc makes a PDF by running a PDF engine (LaTeX, a browser engine) on the document');
  if (p.targets.length) return write('pandoc writes the converted document (and media it extracts) to the names given', p.targets, { writesContent: true });
  return read('pandoc prints the converted document');
}

const GRAPHVIZ: ProgramTable = {
  options: '-T= -K= -G= -N= -E= -l= -s[=] -n[=] -y -x -q[=] -v[=] -V -? -o=W -O!W -P -c!U',
};

/** dot, neato, …: print the layout unless -o (a file) or -O (names made from the inputs, not placed here). */
function graphviz(name: string, args: readonly Arg[]): Leaf {
  const p = parseTable(args, GRAPHVIZ, name);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.writes.length) return write(`${name} -O writes each output beside its input under a name made from the format`, undefined, { writesContent: true });
  if (p.targets.length) return write(`${name} writes the layout to the file given`, p.targets, { writesContent: true });
  return read(`${name} prints the layout`);
}

const PDFTOTEXT: ProgramTable = {
  singleDashLong: true,
  options: '-f= -l= -r= -x= -y= -W= -H= -layout -fixed= -raw -nodiag -htmlmeta -bbox -bbox-layout -tsv -cropbox -colspacing= -enc= -listenc -eol= -nopgbrk -opw= -upw= -q -v -help -?',
};

/** pdftotext PDF [TEXT]: TEXT, `-` for stdout, or with none the PDF's name with .txt for .pdf. */
function pdftotext(args: readonly Arg[]): Leaf {
  const p = parseTable(args, PDFTOTEXT, 'pdftotext');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (['-v', '-help', '-?', '-listenc', '--help', '--version'].some((f) => p.flags.has(f))) return read('pdftotext prints information');
  const [pdf, text, ...extra] = p.operands;
  if (!pdf || extra.length) return unknown('pdftotext takes one PDF and at most one output');
  if (text) return text.value === '-' ? read('pdftotext prints the text') : write('pdftotext writes the text to the file given', [text], { writesContent: true });
  if (pdf.value === null || pdf.value === '-') return unknown('pdftotext: the output name comes from an input only known at run time');
  // the HTML and TSV modes name their default output with another extension
  if (['-htmlmeta', '-bbox', '-bbox-layout', '-tsv'].some((f) => p.flags.has(f))) return write('pdftotext writes beside the PDF under a name its mode picks', undefined, { writesContent: true });
  const out = /\.pdf$/i.test(pdf.value) ? pdf.value.slice(0, -4) + '.txt' : pdf.value + '.txt';
  return write('pdftotext writes the text beside the PDF (its name with .txt)', [literalArg(out)], { writesContent: true });
}

const GRAPHVIZ_NAMES = new Set(['dot', 'neato', 'twopi', 'circo', 'fdp', 'sfdp', 'osage', 'patchwork']);

export function isConverter(name: string): boolean {
  return name === 'pandoc' || name === 'pdftotext' || GRAPHVIZ_NAMES.has(name);
}

export function converter(name: string, args: readonly Arg[]): Leaf {
  if (name === 'pandoc') return pandoc(args);
  if (name === 'pdftotext') return pdftotext(args);
  return graphviz(name, args);
}
