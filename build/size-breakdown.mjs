#!/usr/bin/env node
// Where an artifact's bytes come from: bundles it in memory (nothing is written) and sums
// the rendered size per package (node_modules) or per source folder.
//   node build/size-breakdown.mjs <artifact id> [top N]
import { rollup } from 'rollup';
import { relative, sep } from 'node:path';
import { ARTIFACTS, REPO_ROOT, entryExists } from './artifacts.mjs';
import { rollupOptionsFor } from './bundle.mjs';

/** `zod`, `@scope/pkg`, or the first two folders of a repo path (`core/analysis`). */
export function sizeGroup(id, root = REPO_ROOT) {
  const p = id.split(sep).join('/');
  const nm = p.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const parts = p.slice(nm + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? p);
  }
  return relative(root, id).split(sep).slice(0, 2).join('/');
}

const [id, top = '15'] = process.argv.slice(2);
const artifact = ARTIFACTS.find((a) => a.id === id);
if (!artifact || !entryExists(artifact)) {
  console.error(`usage: node build/size-breakdown.mjs <id>; ids with an entry: ${ARTIFACTS.filter((a) => entryExists(a) && a.kind !== 'static').map((a) => a.id).join(', ')}`);
  process.exit(1);
}
const options = rollupOptionsFor(artifact);
const bundle = await rollup({ ...options, onwarn: () => {} });
const { output } = await bundle.generate(/** @type {import('rollup').OutputOptions} */ (options.output));
await bundle.close();
const groups = new Map();
for (const [moduleId, info] of Object.entries(output[0].modules)) groups.set(sizeGroup(moduleId), (groups.get(sizeGroup(moduleId)) ?? 0) + info.renderedLength);
const total = [...groups.values()].reduce((a, b) => a + b, 0);
console.log(`${artifact.id}: ${(total / 1024).toFixed(1)} KB of module code (budget ${(artifact.sizeBudget / 1024).toFixed(0)} KB for the whole file)`);
for (const [name, bytes] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${(bytes / 1024).toFixed(1).padStart(8)} KB  ${name}`);
