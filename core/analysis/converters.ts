/**
 * Document, graph, style and image converters that read their inputs and write the outputs they
 * are told (or print them): pandoc, Graphviz's layout programs, pdftotext, sass, optipng. The output is the written target; with
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
  // poppler swaps only `.pdf` or `.PDF` for `.txt` (`a.Pdf` gives `a.Pdf.txt`)
  const out = /\.(pdf|PDF)$/.test(pdf.value) ? pdf.value.slice(0, -4) + '.txt' : pdf.value + '.txt';
  return write('pdftotext writes the text beside the PDF (its name with .txt)', [literalArg(out)], { writesContent: true });
}

const SASS: ProgramTable = {
  options:
    '--stdin --indented --no-indented -I= --load-path= -s= --style= --charset --no-charset --error-css --no-error-css --update --source-map --no-source-map --source-map-urls= --embed-sources --no-embed-sources --embed-source-map --no-embed-source-map --stop-on-error -c --color --no-color --unicode --no-unicode -q --quiet --quiet-deps --verbose --fatal-deprecation= --future-deprecation= --silence-deprecation= --trace -h ' +
    '-w!U --watch!U --poll!U -i!U --interactive!U --pkg-importer=U',
};

/**
 * sass IN [OUT] or IN:OUT pairs (files or folders): one input prints the CSS; each output is
 * written, with its source map beside it (OUT.map) unless maps are off or embedded.
 */
function sass(args: readonly Arg[]): Leaf {
  const p = parseTable(args, SASS, 'sass');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  const ops = p.operands;
  if (ops.some((a) => a.value === null)) return unknown('sass: an input or output only known at run time');
  const pairs = ops.filter((a) => a.value!.includes(':'));
  let outs: string[];
  if (pairs.length) {
    if (pairs.length !== ops.length || p.flags.has('--stdin')) return unknown('sass: IN:OUT pairs mixed with other operands');
    outs = pairs.map((a) => a.value!.slice(a.value!.indexOf(':') + 1));
  } else if (ops.length === 2 || (ops.length === 1 && p.flags.has('--stdin'))) outs = [ops[ops.length - 1]!.value!];
  else if (ops.length === 1 || (ops.length === 0 && p.flags.has('--stdin'))) return read('sass prints the CSS');
  else return unknown('sass: more operands than an input and an output');
  if (outs.some((o) => o === '' || o === '-')) return unknown('sass: an empty output name');
  const maps = !p.flags.has('--no-source-map') && !p.flags.has('--embed-source-map');
  const targets = outs.flatMap((o) => (maps ? [o, `${o}.map`] : [o]));
  return write('sass writes the CSS (and its source map) to the outputs given', targets.map(literalArg), { writesContent: true });
}

const OPTIPNG: ProgramTable = {
  singleDashLong: true,
  options:
    '-o= -f= -i= -zc= -zm= -zs= -zw= -full -nb -nc -np -nx -nz -fix -force -preserve -quiet -v -help -? -clobber -simulate -strip= -snip ' +
    '-out=W -dir=W -backup!W -keep!W -log=W',
};

/** optipng FILES: rewrites each file in place, or writes -out FILE / into -dir DIR; -simulate writes nothing. */
function optipng(args: readonly Arg[]): Leaf {
  const p = parseTable(args, OPTIPNG, 'optipng');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (['-v', '-help', '-?', '--help', '--version'].some((f) => p.flags.has(f)) && p.operands.length === 0) return read('optipng prints information');
  // backups are named by optipng beside each file
  if (p.writes.length) return write('optipng keeps a backup of each file it rewrites', undefined, { writesContent: true });
  if (p.flags.has('-simulate')) return p.targets.length ? write('optipng -simulate still writes its log', p.targets, { writesContent: true }) : read('optipng -simulate only reports what it would do');
  if (p.operands.length === 0) return unknown('optipng without a file');
  if (p.targets.length && (p.flags.has('-out') || p.flags.has('-dir'))) return write('optipng writes the optimized image to the name or folder given', p.targets, { writesContent: true });
  return write('optipng rewrites each image in place', [...p.operands, ...p.targets], { writesContent: true });
}

const GRAPHVIZ_NAMES = new Set(['dot', 'neato', 'twopi', 'circo', 'fdp', 'sfdp', 'osage', 'patchwork']);

export function isConverter(name: string): boolean {
  return name === 'pandoc' || name === 'pdftotext' || name === 'sass' || name === 'optipng' || GRAPHVIZ_NAMES.has(name);
}

export function converter(name: string, args: readonly Arg[]): Leaf {
  if (name === 'pandoc') return pandoc(args);
  if (name === 'pdftotext') return pdftotext(args);
  if (name === 'sass') return sass(args);
  if (name === 'optipng') return optipng(args);
  return graphviz(name, args);
}
