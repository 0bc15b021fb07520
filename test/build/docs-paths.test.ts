/**
 * The docs name files and symbols of this repository as the place to make a change ("to change
 * X, edit Y"). A doc that names a file that moved, or a table that was renamed, sends a person to
 * the wrong place without any test failing; this reads every such name in docs/ and README.md and
 * checks it is still there. The reader itself is tested on small inputs first, so a reader that
 * stops finding names fails too.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_NAMES } from '../../core/registry/host-specs';

const ROOT = join(__dirname, '..', '..');

interface Named {
  path: string;
  /** a symbol written right after the path (`file.ts` `NAME`), which the file must contain */
  symbol?: string;
}

/** Repository paths in backticks, with a symbol that directly follows one in backticks. */
export function namedPaths(markdown: string): Named[] {
  const out: Named[] = [];
  const re = /`((?:core|hosts|build|test|docs|bench)\/[^`\s]*)`(?: `([A-Za-z_][A-Za-z0-9_]*)`)?/g;
  for (const m of markdown.matchAll(re)) {
    const path = m[1]!.replace(/[.,:;)]+$/, '');
    // a glob or a choice of several files names no one file
    if (/[*{|]/.test(path)) continue;
    out.push(m[2] ? { path, symbol: m[2] } : { path });
  }
  return out;
}

/** What is wrong with one name: nothing (null), a missing file, or a symbol the file lacks. */
export function checkNamed(n: Named, root: string, hosts: readonly string[]): string | null {
  const candidates = n.path.includes('<host>') ? hosts.map((h) => n.path.replaceAll('<host>', h)) : [n.path];
  const found = candidates.filter((c) => existsSync(join(root, c)));
  if (found.length === 0) return `${n.path}: no such file or folder`;
  if (!n.symbol || n.path.includes('<host>')) return null;
  const file = join(root, found[0]!);
  if (statSync(file).isDirectory()) return null;
  return readFileSync(file, 'utf8').includes(n.symbol) ? null : `${n.path}: does not contain ${n.symbol}`;
}

describe('the reader of names in docs', () => {
  it('finds paths and a symbol written right after one, and skips globs', () => {
    expect(namedPaths('edit `core/registry/host-specs.ts` `HOST_SPECS` and `hosts/cli/install/*.ts`, then `docs/x.md`.')).toEqual([
      { path: 'core/registry/host-specs.ts', symbol: 'HOST_SPECS' },
      { path: 'docs/x.md' },
    ]);
  });

  it('reports a moved file and a renamed symbol, and accepts a <host> path that exists for some host', () => {
    expect(checkNamed({ path: 'core/registry/no-such-file.ts' }, ROOT, HOST_NAMES)).toMatch(/no such file/);
    expect(checkNamed({ path: 'core/registry/host-specs.ts', symbol: 'NO_SUCH_TABLE' }, ROOT, HOST_NAMES)).toMatch(/does not contain NO_SUCH_TABLE/);
    expect(checkNamed({ path: 'core/registry/host-specs.ts', symbol: 'HOST_SPECS' }, ROOT, HOST_NAMES)).toBeNull();
    expect(checkNamed({ path: 'core/registry/<host>.ts' }, ROOT, HOST_NAMES)).toBeNull();
  });
});

describe('every file and symbol the docs send a person to exists', () => {
  const docs = [...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`), 'README.md'];
  for (const doc of docs) {
    it(doc, () => {
      const wrong = namedPaths(readFileSync(join(ROOT, doc), 'utf8'))
        .map((n) => checkNamed(n, ROOT, HOST_NAMES))
        .filter((w): w is string => w !== null);
      expect(wrong).toEqual([]);
    });
  }

  it('the architecture page names the places to change (the reader is not reading nothing)', () => {
    expect(namedPaths(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')).length).toBeGreaterThan(50);
  });
});
