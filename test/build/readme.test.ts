/**
 * README.md: what stopline is first, then exactly the two fresh-machine commands, then an
 * artifact table that matches build/artifacts.mjs and the adapters that exist right now.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../build/artifacts.mjs';
import { END, START, artifactTable, withArtifactTable } from '../../build/readme-table.mjs';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

describe('README.md', () => {
  it('starts with what stopline is', () => {
    const [title, blank, first] = readme.split('\n');
    expect(title).toBe('# stopline');
    expect(blank).toBe('');
    expect(first).toMatch(/^stopline is /);
  });

  it('gives exactly two commands for a fresh machine, in its first code block', () => {
    const block = /```sh\n([\s\S]*?)```/.exec(readme);
    expect(block?.[1]).toBe('npm ci && npm run demo\nnpm test\n');
  });

  it("has an artifact table that matches the artifact list and today's adapters (npm run build refreshes it)", () => {
    expect(readme).toBe(withArtifactTable(readme, artifactTable()));
  });

  it('names every script it mentions in package.json', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    for (const script of readme.matchAll(/npm run (\w+)/g)) expect(Object.keys(pkg.scripts)).toContain(script[1]);
  });
});

describe('the generated block', () => {
  it('replaces only what is between the markers and refuses a README without them', () => {
    const text = `intro\n${START}\nold\n${END}\noutro\n`;
    expect(withArtifactTable(text, 'T')).toBe(`intro\n${START}\nT\n${END}\noutro\n`);
    expect(() => withArtifactTable('no markers', 'T')).toThrow(/no artifact table markers/);
  });
});
