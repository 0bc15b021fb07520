#!/usr/bin/env node
// Second half of `npm run build` (rollup wrote the bundles): write each artifact's static
// files, set file modes, run build/checks.mjs over every built artifact, print the size
// report. Exit 1 when anything is missing, over budget or fails a check.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE, REPO_ROOT, distRoot, isBundled, partitionArtifacts, selectArtifacts } from './artifacts.mjs';
import { splitParts } from './two-part.mjs';
import { checkArtifactCode, checkStaticFile } from './checks.mjs';
import { refreshReadmeExample } from './readme-example.mjs';
import { refreshReadme } from './readme-table.mjs';
import { refreshReadmeHosts } from './readme-hosts.mjs';

/**
 * Content of one static file, or an error line.
 * @param {import('./artifacts.mjs').ExtraFile} file
 * @returns {{ ok: true, text: string } | { ok: false, error: string }}
 */
export function staticFileText(file, root = REPO_ROOT, meta = PACKAGE) {
  if (file.generate) return { ok: true, text: file.generate(meta) };
  if (!file.from) return { ok: false, error: `${file.to}: neither "from" nor "generate" is set` };
  const source = join(root, file.from);
  if (!existsSync(source)) return { ok: false, error: `${file.to}: source ${file.from} does not exist` };
  const text = readFileSync(source, 'utf8')
    .replace(/\r\n?/g, '\n')
    .replaceAll('{{stopline.version}}', meta.version)
    .replaceAll('{{stopline.name}}', meta.name)
    .replaceAll('{{stopline.repository}}', meta.repository ?? '');
  return { ok: true, text };
}

/** Modes are part of the artifact: hook scripts are executable, everything else is not. */
const SCRIPT_MODE = 0o755;
const FILE_MODE = 0o644;

/**
 * @param {{ outRoot?: string, root?: string, artifacts?: import('./artifacts.mjs').Artifact[], log?: (line: string) => void }} [opts]
 * @returns {Promise<{ problems: string[], rows: { artifact: import('./artifacts.mjs').Artifact, bytes: number | null }[] }>}
 */
export async function finishBuild({ outRoot = distRoot(), root = REPO_ROOT, artifacts = selectArtifacts(), log = console.log } = {}) {
  const { present, missing } = partitionArtifacts(artifacts, root);
  const problems = [];
  const rows = [];
  for (const artifact of present) {
    const out = join(outRoot, artifact.output);
    if (!isBundled(artifact)) {
      const content = staticFileText({ to: artifact.output, from: artifact.entry }, root);
      if (content.ok) {
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, content.text);
      }
    }
    if (!existsSync(out)) {
      problems.push(`${artifact.id}: ${artifact.output} was not written (${isBundled(artifact) ? 'rollup did not emit it' : `${artifact.entry} could not be copied`})`);
      rows.push({ artifact, bytes: null });
      continue;
    }
    chmodSync(out, artifact.shebang || artifact.executable ? SCRIPT_MODE : FILE_MODE);
    for (const file of artifact.files) {
      const content = staticFileText(file, root);
      if (!content.ok) {
        problems.push(`${artifact.id}: ${content.error}`);
        continue;
      }
      const target = join(dirname(out), file.to);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content.text);
      chmodSync(target, file.executable ? SCRIPT_MODE : FILE_MODE);
      problems.push(...checkStaticFile(file.to, content.text).map((p) => `${artifact.id}: ${p}`));
    }
    const bytes = statSync(out).size;
    const code = readFileSync(out, 'utf8');
    problems.push(...(await checkArtifactCode(artifact, code, bytes)).map((p) => `${artifact.id}: ${artifact.output} ${p}`));
    // a two-part hook script parses only its first part on every event (build/two-part.mjs)
    const parts = artifact.decisionEntry ? splitParts(code) : null;
    rows.push({ artifact, bytes, ...(parts ? { firstBytes: Buffer.byteLength(parts.first) } : {}) });
  }
  for (const artifact of missing) rows.push({ artifact, bytes: null });
  if (existsSync(outRoot)) writeChecksums(outRoot);
  log(sizeReport(rows, outRoot, root));
  return { problems, rows };
}

export const CHECKSUMS_FILE = 'SHA256SUMS';

/**
 * `SHA256SUMS` over every file of the output folder, in the format `sha256sum` prints and
 * `sha256sum -c` reads (`<hex>  <path>`, sorted by path). install.sh checks each download
 * against it. Written last, after every artifact and static file.
 */
export function checksumsText(outRoot) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push(relative(outRoot, full).split('\\').join('/'));
    }
  };
  walk(outRoot);
  return files
    .filter((f) => f !== CHECKSUMS_FILE)
    .sort()
    .map((f) => `${createHash('sha256').update(readFileSync(join(outRoot, f))).digest('hex')}  ${f}\n`)
    .join('');
}

function writeChecksums(outRoot) {
  const target = join(outRoot, CHECKSUMS_FILE);
  writeFileSync(target, checksumsText(outRoot));
  chmodSync(target, FILE_MODE);
}

/** The table printed after every build. */
export function sizeReport(rows, outRoot, root = REPO_ROOT) {
  const shown = relative(root, outRoot).startsWith('..') ? outRoot : relative(root, outRoot) || '.';
  const header = ['artifact', 'path', 'bytes', 'KB', 'budget KB', 'used'];
  const body = rows.map(({ artifact, bytes, firstBytes }) => {
    const path = `${shown}/${artifact.output}`;
    if (bytes === null) return [artifact.id, path, '-', '-', kb(artifact.sizeBudget), `not built (${artifact.entry} missing)`];
    const first = firstBytes === undefined ? '' : ` (parsed per event: the first part, ${kb(firstBytes)} KB)`;
    return [artifact.id, path, String(bytes), kb(bytes), kb(artifact.sizeBudget), `${Math.round((bytes / artifact.sizeBudget) * 100)}%${first}`];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const numeric = new Set([2, 3, 4]);
  const fmt = (r) => r.map((cell, i) => (i === r.length - 1 ? cell : numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  return ['', 'stopline build: artifact sizes', fmt(header), ...body.map(fmt)].join('\n');
}

function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const { problems } = await finishBuild();
  if (problems.length > 0) {
    console.error(`\nstopline build: FAILED (${problems.length} problem${problems.length === 1 ? '' : 's'})`);
    for (const p of problems) console.error(`  - ${p}`);
    if (problems.some((p) => p.includes('over its budget'))) console.error('  (where the bytes come from: node build/size-breakdown.mjs <artifact id>)');
    process.exit(1);
  }
  console.log('\nstopline build: all built artifacts pass the checks');
  // the artifact table and the README example follow the real dist/, never a scratch build
  if (!process.env.STOPLINE_DIST && !process.env.STOPLINE_ONLY) {
    if (refreshReadme()) console.log('stopline build: docs/development.md artifact table updated');
    if (refreshReadmeExample()) console.log('stopline build: README.md example updated');
    if (refreshReadmeHosts()) console.log('stopline build: README.md host blocks updated');
  }
}
