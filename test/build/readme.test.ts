/**
 * README.md is for the people who use stopline: what it is first, then exactly the two
 * fresh-machine commands, a 30-second example that is the real output of the built artifact,
 * and a "what is enforced where" table generated from the registry. The developer material,
 * with the artifact table generated from build/artifacts.mjs, is docs/development.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../build/artifacts.mjs';
import { EXAMPLE_END, EXAMPLE_START, FLOOR_END, FLOOR_START, exampleBlock, floorBlock, withExample, withFloorExample } from '../../build/readme-example.mjs';
import { END, START, TABLE_FILE, artifactTable, withArtifactTable } from '../../build/readme-table.mjs';
import { readmeSummaryTable } from '../../hosts/cli/matrix-summary';
import { NAMES_END, NAMES_START, SECTIONS_END, SECTIONS_START, UNINSTALL_END, UNINSTALL_START, withHostBlocks } from '../../build/readme-hosts.mjs';
import { HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';

const README = join(REPO_ROOT, 'README.md');
const readme = readFileSync(README, 'utf8');
const development = readFileSync(join(REPO_ROOT, TABLE_FILE), 'utf8');

const ENFORCED_START = '<!-- enforced:start (generated from core/registry by hosts/cli/matrix-summary.ts) -->';
const ENFORCED_END = '<!-- enforced:end -->';

/** README text with the enforced-where table replaced. */
function withEnforced(text: string, table: string): string {
  const start = text.indexOf(ENFORCED_START);
  const end = text.indexOf(ENFORCED_END);
  if (start === -1 || end === -1 || end < start) throw new Error('README.md has no enforced-table markers');
  return text.slice(0, start + ENFORCED_START.length) + '\n' + table + '\n' + text.slice(end);
}

// STOPLINE_WRITE_README=1 rewrites the registry table in place (the build refreshes the example)
if (process.env.STOPLINE_WRITE_README === '1') writeFileSync(README, withEnforced(readme, readmeSummaryTable()));

describe('README.md', () => {
  it('starts with what stopline is, in three sentences or so, before any heading', () => {
    const [title, blank, first] = readme.split('\n');
    expect(title).toBe('# stopline');
    expect(blank).toBe('');
    expect(first).toMatch(/^stopline is /);
  });

  it('gives exactly two commands for a fresh machine, in its first code block', () => {
    const block = /```sh\n([\s\S]*?)```/.exec(readme);
    expect(block?.[1]).toBe('npm ci && npm run demo\nnpm test\n');
  });

  it('shows the example exactly as the built Claude Code hook prints it (npm run build refreshes it)', () => {
    expect(readme).toContain(EXAMPLE_START);
    expect(readme).toContain(EXAMPLE_END);
    expect(readme).toBe(withExample(readme, exampleBlock()));
  });

  it('shows the floor stopping a secret read with no directive, exactly as the built Claude Code hook prints it', () => {
    expect(readme).toContain(FLOOR_START);
    expect(readme).toContain(FLOOR_END);
    const block = floorBlock();
    expect(block).toContain('Reason: FLOOR_SECRET_READ (F)');
    expect(readme).toBe(withFloorExample(readme, block));
  });

  it('names every host and shows the install sections and removal commands the host folders keep, as build/readme-hosts.mjs renders them (npm run build refreshes them)', () => {
    for (const mark of [NAMES_START, NAMES_END, SECTIONS_START, SECTIONS_END, UNINSTALL_START, UNINSTALL_END]) expect(readme).toContain(mark);
    expect(readme).toBe(withHostBlocks(readme));
    // every host by its display name, in the opening paragraph
    const opening = readme.slice(0, readme.indexOf('\n## '));
    expect(HOST_SPECS.map((s: HostSpec) => s.displayName).filter((n) => !opening.includes(n))).toEqual([]);
  });

  it('has the enforced-where table of the registry (STOPLINE_WRITE_README=1 npx vitest run test/build/readme.test.ts rewrites it)', () => {
    expect(readme).toBe(withEnforced(readme, readmeSummaryTable()));
  });

  it('puts each host under Install with its own command first, then curl | sh, then the CLI', () => {
    const install = readme.slice(readme.indexOf('## Install'), readme.indexOf('### Uninstall'));
    const order = ['claude plugin marketplace add', 'codex plugin marketplace add', 'opencode plugin', 'hermes plugins install', 'pi install', 'gemini extensions install', 'qwen extensions install', 'copilot plugin marketplace add', 'droid plugin marketplace add', '| sh -s --', 'node dist/stopline.mjs install'];
    const at = order.map((s) => install.indexOf(s));
    expect(at.every((i) => i >= 0), order.filter((_, i) => at[i]! < 0).join(', ')).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('names every script it mentions in package.json, and every file and image it links exists', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    for (const script of readme.matchAll(/npm run (\w+)/g)) expect(Object.keys(pkg.scripts)).toContain(script[1]);
    for (const link of readme.matchAll(/\]\(((?:docs\/)[^)#]+)\)/g)) expect(existsSync(join(REPO_ROOT, link[1]!)), link[1]).toBe(true);
  });

  it('says nothing about work that has not landed', () => {
    expect(readme).not.toMatch(/not landed|has not landed|placeholder|not yet (built|published)|coming soon|TODO/i);
  });
});

describe('docs/development.md', () => {
  it("has an artifact table that matches the artifact list and today's entry files (npm run build refreshes it)", () => {
    expect(development).toBe(withArtifactTable(development, artifactTable()));
  });

  it('names every script it mentions in package.json', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    for (const script of development.matchAll(/npm run (\w+)/g)) expect(Object.keys(pkg.scripts)).toContain(script[1]);
  });
});

describe('the generated blocks', () => {
  it('replace only what is between the markers and refuse a file without them', () => {
    const text = `intro\n${START}\nold\n${END}\noutro\n`;
    expect(withArtifactTable(text, 'T')).toBe(`intro\n${START}\nT\n${END}\noutro\n`);
    expect(() => withArtifactTable('no markers', 'T')).toThrow(/no artifact table markers/);
    expect(withExample(`a\n${EXAMPLE_START}\nx\n${EXAMPLE_END}\n`, 'E')).toBe(`a\n${EXAMPLE_START}\nE\n${EXAMPLE_END}\n`);
    expect(() => withExample('no markers', 'E')).toThrow(/no example markers/);
  });
});
