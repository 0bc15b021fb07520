/**
 * build/size-breakdown.mjs: where an artifact's minified bytes come from. The numbers decide
 * which size reductions are worth trying, so every byte must be attributed, and to the module
 * that wrote it.
 */
import { rollup } from 'rollup';
import { describe, expect, it } from 'vitest';
import { minifier } from '../../build/bundle.mjs';
import { attribute, decodeMappings, sizeKind } from '../../build/size-breakdown.mjs';

const SOURCES: Record<string, string> = {
  'entry.js': "import { table } from 'table.js';\nimport { run } from 'code.js';\nexport const answer = (k) => run(table[k]);\n",
  'table.js': `export const table = { grep: '${'-x --long-option '.repeat(200)}', cat: '-n' };\n`,
  'code.js': 'export function run(options) {\n  let n = 0;\n  for (const o of options.split(" ")) if (o.startsWith("--")) n++;\n  return n;\n}\n',
};

async function minified() {
  const bundle = await rollup({
    input: 'entry.js',
    plugins: [{ name: 'virtual', resolveId: (id: string) => (id in SOURCES ? id : null), load: (id: string) => SOURCES[id] ?? null }],
  });
  const { output } = await bundle.generate({ format: 'es', sourcemap: true, plugins: [minifier()] });
  await bundle.close();
  const chunk = output[0];
  return { code: chunk.code, map: chunk.map! };
}

describe('size breakdown', () => {
  it('attributes every minified byte, and the table string to the table module', async () => {
    const { code, map } = await minified();
    const bytes = attribute(code, map);
    const sum = [...bytes.values()].reduce((a, b) => a + b, 0);
    expect(sum).toBe(Buffer.byteLength(code));
    expect(bytes.get('table.js')).toBeGreaterThan('-x --long-option '.repeat(200).length);
    expect(bytes.get('code.js')).toBeGreaterThan(20);
    expect(bytes.get('code.js')).toBeLessThan(200);
  });

  it('decodes source-map segments (column and source deltas)', () => {
    // AAAA: column 0, source 0; ICAA: column +4, source +1; GAAA: column +3, same source;
    // next line: columns restart, the source index carries over
    expect(decodeMappings('AAAA,ICAA,GAAA;AADA')).toEqual([
      [
        [0, 0],
        [4, 1],
        [7, 1],
      ],
      [[0, 1]],
    ]);
  });

  it('groups files into the parts the reports name', () => {
    expect(sizeKind('core/analysis/read-tables.ts')).toBe('analysis tables');
    expect(sizeKind('core/analysis/programs.ts')).toBe('analysis tables');
    expect(sizeKind('core/analysis/powershell-walker.ts')).toBe('PowerShell analysis');
    expect(sizeKind('core/analysis/shell-walker.ts')).toBe('shell analysis code');
    expect(sizeKind('unbash/dist/lexer.js')).toBe('unbash (shell parser)');
    expect(sizeKind('core/hooks/yaml.ts')).toBe('universal hooks runner');
    expect(sizeKind('core/registry/claude-events.ts')).toBe('registry');
    expect(sizeKind('hosts/shared/evaluator/client.ts')).toBe('evaluator');
  });
});
