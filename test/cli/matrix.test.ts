/**
 * `stopline matrix`: generated from core/registry, and docs/support-matrix.md is exactly what
 * the registry says now (this test fails when someone changes a registry without
 * regenerating the doc: `node dist/stopline.mjs matrix --write docs/support-matrix.md`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CANONICAL_EVENTS } from '../../core/canonical';
import { REGISTRIES } from '../../core/registry/index';
import { opencode2Registry } from '../../core/registry/opencode2';
import { HOST_ORDER, REWRITE_MEANING, TOOL_CLASSES, buildMatrix, renderMarkdown } from '../../hosts/cli/matrix';
import { REPO, cleanupTempDirs, cli, tempDir, writeFile } from './helpers';

afterAll(cleanupTempDirs);

describe('docs/support-matrix.md', () => {
  it('is what the registry says now (regenerate: stopline matrix --write docs/support-matrix.md)', () => {
    const committed = readFileSync(join(REPO, 'docs', 'support-matrix.md'), 'utf8');
    expect(committed).toBe(renderMarkdown(buildMatrix()));
  });

  it('`stopline matrix --check` agrees, and says how to fix a stale file', async () => {
    expect((await cli(['matrix', '--check', 'docs/support-matrix.md'], { cwd: REPO })).code).toBe(0);
    const dir = tempDir();
    writeFile(join(dir, 'old.md'), '# an old matrix\n');
    const stale = await cli(['matrix', '--check', 'old.md'], { cwd: dir });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('is stale; regenerate it with: stopline matrix --write old.md');
    const missing = await cli(['matrix', '--check', 'none.md'], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('does not exist');
    const written = await cli(['matrix', '--write', 'old.md'], { cwd: dir });
    expect(written.code).toBe(0);
    expect((await cli(['matrix', '--check', 'old.md'], { cwd: dir })).code).toBe(0);
  });
});

describe('the matrix data', () => {
  it('has every host, every canonical event and every tool of every registry', () => {
    const m = buildMatrix();
    expect(m.hosts.map((h) => h.family)).toEqual(HOST_ORDER);
    expect(m.events.map((e) => e.canonical)).toEqual([...CANONICAL_EVENTS]);
    for (const family of HOST_ORDER) {
      const listed = m.toolClasses.flatMap((t) => t.cells[family].tools).sort();
      expect(listed, family).toEqual(REGISTRIES[family].tools.map((t) => t.name).sort());
    }
  });

  it('knows every tool class the registries use (a new class would silently drop its tools)', () => {
    const known = new Set(TOOL_CLASSES.map((c) => c.kind));
    for (const r of Object.values(REGISTRIES)) {
      for (const t of [...r.tools, ...r.toolPatterns]) expect(known.has(t.kind), `${r.family} ${'name' in t ? t.name : t.namePattern}: ${t.kind}`).toBe(true);
    }
  });

  it('marks a registered blockable event as blocking, and an unsupported one with its reason', () => {
    const m = buildMatrix();
    const before = m.events.find((e) => e.canonical === 'tool:before')!;
    expect(before.cells.claude.natives).toContainEqual(expect.objectContaining({ name: 'PreToolUse', registered: true, blockable: true }));
    const notice = m.events.find((e) => e.canonical === 'notice')!;
    expect(notice.cells.codex.unsupported).toMatch(/no Notification event/);
    const md = renderMarkdown(m);
    expect(md).toMatch(/\| `tool:before`: before a tool runs \| yes \| `PreToolUse` \*\*blocks\*\* \|/);
  });

  it('lists OpenCode v2 on its own, every event row and tool of its table, marked as not run on the real host', () => {
    const m = buildMatrix();
    const v2 = m.variants.find((v) => v.name === 'OpenCode v2')!;
    expect(v2.events.map((e) => e.name)).toEqual(opencode2Registry.events.map((e) => e.native));
    expect(v2.toolClasses.flatMap((c) => c.tools).sort()).toEqual(opencode2Registry.tools.map((t) => t.name).sort());
    expect(v2.notRunOnRealHost).toBeTruthy();
    const md = renderMarkdown(m);
    expect(md).toContain('### OpenCode v2');
    expect(md).toContain('- **not run on the real host**: ');
    expect(md).toMatch(/\| `tool\.execute\.before` \| `tool:before` \| `action\.before` \| \*\*blocks\*\* \|/);
    // the family table keeps one column per host family
    expect(m.hosts.map((h) => h.name)).not.toContain('OpenCode v2');
  });

  it("says per host how a rewritten command runs (its before row's rewrite column, the shell tools it covers), or why it cannot", () => {
    const m = buildMatrix();
    const by = Object.fromEntries(m.hosts.map((h) => [h.family, h.rewrite]));
    expect(by.claude).toEqual({ form: 'updated-input', meaning: REWRITE_MEANING['updated-input'], event: 'PreToolUse', tools: ['Bash'] });
    expect(by.codex).toMatchObject({ form: 'updated-input-allow', event: 'PreToolUse' });
    expect(by.opencode).toMatchObject({ form: 'args-in-place', event: 'tool.execute.before', tools: ['bash'] });
    expect(by.qwen).toEqual({ none: expect.stringContaining('ignores a PreToolUse updatedInput') });
    // every form the registries use has its words in the matrix
    for (const h of m.hosts) if ('form' in h.rewrite) expect(h.rewrite.meaning, h.family).toBeTruthy();
    expect(renderMarkdown(m)).toContain('| Qwen Code | — | — | cannot: ');
  });

  it('--json prints the same data; a table row never breaks on a "|" inside a cell', async () => {
    const r = await cli(['matrix', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(buildMatrix())));
    // every row of a table has as many cells as its header ("\\|" is an escaped bar inside a cell)
    const cellCount = (l: string) => l.replace(/\\\|/g, '').split('|').length;
    const tables: string[][] = [[]];
    for (const line of renderMarkdown(buildMatrix()).split('\n')) {
      if (line.startsWith('|')) tables[tables.length - 1]!.push(line);
      else if (tables[tables.length - 1]!.length > 0) tables.push([]);
    }
    const real = tables.filter((t) => t.length > 2);
    // the host tables (support, per-session check, rewrite, the floor and the rest), then an event table and a tool table per host version of its own
    expect(real.length).toBe(6 + 2 * buildMatrix().variants.length);
    for (const t of real) for (const row of t) expect(cellCount(row), row.slice(0, 60)).toBe(cellCount(t[0]!));
  });

  it('usage errors are exit 1', async () => {
    expect((await cli(['matrix', 'extra'])).code).toBe(1);
    expect((await cli(['matrix', '--write', 'a', '--check', 'b'])).stderr).toContain('exclude each other');
    expect((await cli(['matrix', '--json', '--write', 'a'])).code).toBe(1);
  });
});
