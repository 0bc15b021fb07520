/**
 * Bundle core/answer/controller.ts into one ES module so separate node processes can run the real
 * controller (Node 20 cannot import .ts). TypeScript is only transpiled here; type checking
 * is tsc's job.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import type { Plugin } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import ts from 'typescript';
import { afterAll, beforeAll } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function transpileTs(): Plugin {
  return {
    name: 'stopline-test-ts',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const base = resolve(dirname(importer), source);
      for (const candidate of [base + '.ts', join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
      return null;
    },
    transform(code, id) {
      if (!id.endsWith('.ts')) return null;
      const out = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true, sourceMap: false },
      });
      return { code: out.outputText, map: null };
    },
  };
}

export async function bundleController(outFile: string): Promise<string> {
  const build = await rollup({
    input: join(REPO, 'core', 'answer', 'controller.ts'),
    plugins: [transpileTs(), nodeResolve({ preferBuiltins: true })],
    external: (id) => id.startsWith('node:'),
    onwarn: () => {},
  });
  await build.write({ file: outFile, format: 'es' });
  await build.close();
  return outFile;
}

/**
 * The bundled controller for a suite of multi-process tests: built once before the suite (in
 * a temp folder removed after it). Call inside a describe, or at the top of a file; read the
 * returned getter in the tests.
 */
export function useControllerBundle(): () => string {
  let workDir = '';
  let bundle = '';
  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'stopline-bundle-'));
    bundle = await bundleController(join(workDir, 'controller.mjs'));
  }, 120_000);
  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });
  return () => bundle;
}
