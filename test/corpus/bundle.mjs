/**
 * Bundles core/analysis (shell + PowerShell entry points) with rollup exactly as the host
 * artifacts do and imports it. Shared by measure.mjs and redteam/measure.mjs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { rollup } from 'rollup';
import typescript from '@rollup/plugin-typescript';
import nodeResolve from '@rollup/plugin-node-resolve';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Returns { mod, loadMs, cleanup }: mod exports analyzeShell and analyzePowerShell. */
export async function bundleAnalysis() {
  const work = mkdtempSync(join(tmpdir(), 'stopline-measure-'));
  const cleanup = () => rmSync(work, { recursive: true, force: true });
  try {
    const entry = join(work, 'entry.ts');
    writeFileSync(
      entry,
      `export { analyzeShell } from ${JSON.stringify(join(root, 'core/analysis/shell'))};\nexport { analyzePowerShell } from ${JSON.stringify(join(root, 'core/analysis/powershell'))};\n`,
    );
    const bundle = await rollup({
      input: entry,
      plugins: [nodeResolve(), typescript({ tsconfig: join(root, 'tsconfig.json'), include: [join(root, 'core/**/*.ts'), entry], noEmit: false, outDir: work, declaration: false, sourceMap: false })],
      onwarn: () => {},
    });
    const out = join(work, 'analysis.mjs');
    await bundle.write({ file: out, format: 'es' });
    await bundle.close();
    const t = performance.now();
    const mod = await import(pathToFileURL(out).href);
    return { mod, loadMs: performance.now() - t, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}
