import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STOPLINE_VERSION } from '../../../core/evidence/version';
import { DECISION_PRECEDENCE, REASONS } from '../../../core/registry/reasons';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function imports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
}

describe('core stays host-free', () => {
  it('no file in core/ imports a host module', () => {
    for (const f of tsFiles(join(REPO, 'core'))) {
      for (const spec of imports(f)) {
        expect(spec, relative(REPO, f)).not.toMatch(/(^|\/)hosts(\/|$)/);
      }
    }
  });

  it('the contract engine names no host event or tool', () => {
    const mine = [join(REPO, 'core', 'answer', 'controller.ts'), ...tsFiles(join(REPO, 'core', 'contract')), ...tsFiles(join(REPO, 'core', 'state')), ...tsFiles(join(REPO, 'core', 'evidence'))];
    for (const f of mine) {
      const src = readFileSync(f, 'utf8');
      for (const word of ['PreToolUse', 'UserPromptSubmit', 'tool.execute', 'pre_tool_call', 'tool_call', 'SessionStart', 'apply_patch', 'delegate_task']) {
        expect(new RegExp(`\\b${word.replace('.', '\\.')}\\b`).test(src), `${relative(REPO, f)} mentions ${word}`).toBe(false);
      }
    }
  });

  it('decide() is pure: no I/O, clock, randomness or process state', () => {
    for (const name of ['decide.ts', 'scratch.ts']) {
      const file = join(REPO, 'core', 'contract', name);
      for (const spec of imports(file)) {
        expect(['../floor/floor', '../paths/path-links', '../paths/paths', '../paths/temp-folders', '../protocol', '../registry/reasons', './scratch', './types']).toContain(spec);
      }
      expect(readFileSync(file, 'utf8')).not.toMatch(/Date\.|Math\.random|process\.|require\(/);
    }
  });

  it('the floor decide() asks is pure too: what it knows of the disk comes from the probe it is given', () => {
    const file = join(REPO, 'core', 'floor', 'floor.ts');
    for (const spec of imports(file)) expect(['../paths/path-links', '../paths/paths', '../paths/temp-folders', '../protocol', '../registry/reasons']).toContain(spec);
    expect(readFileSync(file, 'utf8')).not.toMatch(/Date\.|Math\.random|process\.|require\(|node:/);
  });

  it('the link arithmetic and temp-folder table decide() uses are pure too: the disk is read only through the probe it is given', () => {
    for (const name of ['path-links.ts', 'temp-folders.ts']) {
      const file = join(REPO, 'core', 'paths', name);
      expect(imports(file)).toEqual([]);
      expect(readFileSync(file, 'utf8')).not.toMatch(/Date\.|Math\.random|process\.|require\(|node:/);
    }
  });
});

describe('docs and versions stay in step with the code', () => {
  const doc = readFileSync(join(REPO, 'docs', 'reason-codes.md'), 'utf8');

  it('docs/reason-codes.md lists every reason code with one line', () => {
    const listed = [...doc.split('## Every reason code')[1]!.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(Object.keys(REASONS).sort());
  });

  it('docs/reason-codes.md gives the decision precedence in the code order', () => {
    const section = doc.split('## Decision precedence')[1]!.split('## Every reason code')[0]!;
    const order = [...section.matchAll(/^\| \d+ \| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(order).toEqual([...DECISION_PRECEDENCE]);
  });

  it('the evidence version is the package version', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(STOPLINE_VERSION).toBe(pkg.version);
  });
});
