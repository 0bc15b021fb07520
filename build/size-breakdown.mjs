#!/usr/bin/env node
// Where an artifact's bytes come from: bundles it in memory (nothing is written), minified as
// the build does, and attributes every byte of the minified code to the source file it came
// from (through the source map), summed per file and per group. A two-part script's parts
// (build/two-part.mjs) are measured one by one.
//   node build/size-breakdown.mjs <artifact id> [top N files]
//   node build/size-breakdown.mjs --all     one table row per bundled part of every hook artifact
import { rollup } from 'rollup';
import { sep } from 'node:path';
import { ARTIFACTS, entryExists } from './artifacts.mjs';
import { inputOptionsFor, minifier } from './bundle.mjs';

/** The part of the product a source file belongs to (repo-relative path or package). */
export function sizeKind(file) {
  if (file.startsWith('unbash/') || file === 'unbash') return 'unbash (shell parser)';
  // the per-program classifiers and their option tables, one file per family of programs
  if (/^core\/analysis\/(.*-tables|programs|program-name|.*-packages|package-subcommands|toolchains|interpreters|infra-clis|check-tools|text-tools|archives|network-tools|system-tools|github-cli|file-writes|shell-programs|powershell-encoded|table-read|tool-words|powershell-cmdlets)\.ts$/.test(file)) return 'analysis tables';
  if (/^core\/analysis\/powershell/.test(file)) return 'PowerShell analysis';
  if (file.startsWith('core/analysis/')) return 'shell analysis code';
  if (file.startsWith('core/contract/') || file === 'core/answer/prompt-intent.ts') return 'contract / parsing';
  if (file.startsWith('core/messages/') || file === 'core/answer/answer.ts' || file === 'core/answer-rules.ts') return 'messages / renderers';
  if (file.startsWith('core/hooks/')) return 'universal hooks runner';
  if (file.startsWith('hosts/shared/evaluator/')) return 'evaluator';
  if (file.startsWith('core/registry/')) return 'registry';
  if (file.startsWith('core/')) return `core (rest): ${file.split('/').length > 2 ? file.split('/').slice(0, 2).join('/') : 'core/*.ts'}`;
  if (file.startsWith('hosts/')) return `hosts: ${file.split('/').slice(0, 2).join('/')}`;
  return `other: ${file.split('/')[0]}`;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Source-map `mappings` as [line][segment] = [column, source index?]. */
export function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const lineText of mappings.split(';')) {
    const segs = [];
    let column = 0;
    for (const seg of lineText.split(',')) {
      if (seg === '') continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segs.push(fields.length > 1 ? [column, source] : [column]);
      // the remaining fields (line, column, name) are deltas too but not needed here
    }
    lines.push(segs);
  }
  return lines;
}

/** Minified bytes per source file, through the chunk's source map; they sum to the code's byte length. */
export function attribute(code, map) {
  const lines = code.split('\n');
  const decoded = decodeMappings(map.mappings);
  const bytes = new Map();
  const add = (key, n) => bytes.set(key, (bytes.get(key) ?? 0) + n);
  lines.forEach((text, i) => {
    const newline = i < lines.length - 1 ? 1 : 0;
    const segs = decoded[i] ?? [];
    let last = null;
    let lastColumn = 0;
    // bytes before the first mapped segment, and unmapped segments, belong to the previous source
    for (const [column, source] of segs) {
      add(last === null ? '(unmapped)' : last, Buffer.byteLength(text.slice(lastColumn, column)));
      if (source !== undefined) last = map.sources[source];
      lastColumn = column;
    }
    add(last === null ? '(unmapped)' : last, Buffer.byteLength(text.slice(lastColumn)) + newline);
  });
  return bytes;
}

/** repo-relative file name of a source-map source. */
export function sourceFile(source) {
  const p = source.split(sep).join('/');
  const nm = p.lastIndexOf('node_modules/');
  if (nm !== -1) return p.slice(nm + 'node_modules/'.length);
  return p.replace(/^(\.\.\/)+/, '').replace(/^.*?\/(core|hosts)\//, '$1/');
}

/** One entry bundled and minified as the build does, its bytes per source file. */
export async function minifiedBreakdown(artifact, entry, { mangle = artifact.mangle ?? true, asciiOnly = entry !== artifact.entry } = {}) {
  const bundle = await rollup({ ...inputOptionsFor(artifact, entry, { sourcemap: true }), onwarn: () => {} });
  try {
    const { output } = await bundle.generate({ format: 'es', inlineDynamicImports: true, sourcemap: true, sourcemapExcludeSources: true, generatedCode: 'es2015', plugins: [minifier({ mangle, asciiOnly })] });
    const chunk = output.find((c) => c.type === 'chunk');
    const byFile = new Map();
    for (const [source, n] of attribute(chunk.code, chunk.map)) {
      const file = source === '(unmapped)' ? source : sourceFile(source);
      byFile.set(file, (byFile.get(file) ?? 0) + n);
    }
    return { total: Buffer.byteLength(chunk.code), byFile };
  } finally {
    await bundle.close();
  }
}

function kb(n) {
  return `${(n / 1024).toFixed(1).padStart(7)} KB`;
}

function print(title, { total, byFile }, top) {
  console.log(`\n${title}: ${kb(total)} minified`);
  const kinds = new Map();
  for (const [file, n] of byFile) kinds.set(sizeKind(file), (kinds.get(sizeKind(file)) ?? 0) + n);
  for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(n)} ${((100 * n) / total).toFixed(1).padStart(5)}%  ${kind}`);
  console.log(`  top ${top} files:`);
  for (const [file, n] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${kb(n)}  ${file}`);
}

/** The groups the --all table has a column for, in order; everything else is "rest". */
const TABLE_KINDS = ['analysis tables', 'unbash (shell parser)', 'shell analysis code', 'PowerShell analysis', 'universal hooks runner', 'registry', 'contract / parsing', 'messages / renderers', 'evaluator'];

async function table() {
  const f = (n) => (n / 1024).toFixed(1);
  console.log(`| artifact (part) | KB | ${TABLE_KINDS.join(' | ')} | rest |`);
  console.log(`| --- | ${['', ...TABLE_KINDS, ''].map(() => '---:').join(' | ')} |`);
  for (const artifact of ARTIFACTS.filter((a) => entryExists(a) && a.kind !== 'static' && a.id !== 'cli')) {
    for (const entry of [artifact.entry, ...(artifact.decisionEntry ? [artifact.decisionEntry] : [])]) {
      const { total, byFile } = await minifiedBreakdown(artifact, entry);
      const kinds = new Map();
      for (const [file, n] of byFile) kinds.set(sizeKind(file), (kinds.get(sizeKind(file)) ?? 0) + n);
      const cols = TABLE_KINDS.map((k) => kinds.get(k) ?? 0);
      console.log(`| ${artifact.id} (${entry}) | ${f(total)} | ${cols.map(f).join(' | ')} | ${f(total - cols.reduce((a, b) => a + b, 0))} |`);
    }
  }
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain && process.argv[2] === '--all') await table();
else if (isMain) {
  const [id, top = '25'] = process.argv.slice(2);
  const artifact = ARTIFACTS.find((a) => a.id === id);
  if (!artifact || !entryExists(artifact) || artifact.kind === 'static') {
    console.error(`usage: node build/size-breakdown.mjs <id> [top N] | --all; ids with an entry: ${ARTIFACTS.filter((a) => entryExists(a) && a.kind !== 'static').map((a) => a.id).join(', ')}`);
    process.exit(1);
  }
  const first = await minifiedBreakdown(artifact, artifact.entry);
  print(`${artifact.id} ${artifact.decisionEntry ? 'first part' : 'bundle'} (${artifact.entry}), budget ${(artifact.sizeBudget / 1024).toFixed(0)} KB for the whole file`, first, Number(top));
  if (artifact.decisionEntry) print(`${artifact.id} second part (${artifact.decisionEntry})`, await minifiedBreakdown(artifact, artifact.decisionEntry), Number(top));
}
