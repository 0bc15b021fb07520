/**
 * Two-part hook scripts (build/two-part.mjs, hosts/shared/evaluator/load.ts): the small entry,
 * then the decision code, deflated, in one block comment. What every event parses is the first
 * part, so it must stay small and import nothing at start-up; the second part must come back
 * exactly, inflated by each runtime's own door.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILD_TOKEN, DIGEST_TOKEN, PART_END, PART_START, buildIdOf, digestOf, joinParts, splitParts } from '../../build/two-part.mjs';
import * as load from '../../hosts/shared/evaluator/load';
import { EVALUATOR_BUILD, EVALUATOR_DIGEST } from '../../hosts/shared/evaluator/build-id';
import { runtimeIO } from '../../hosts/shared/runtime-io';
import { importedSpecifiers } from '../../build/checks.mjs';
import { HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';
import { builtOfKind, distFile } from './helpers';

describe('the layout', () => {
  it('the build writes the markers the hook reads', () => {
    expect([PART_START, PART_END]).toEqual([load.PART_START, load.PART_END]);
    expect(EVALUATOR_BUILD).toBe(BUILD_TOKEN);
    expect(EVALUATOR_DIGEST).toBe(DIGEST_TOKEN);
  });

  it('the second part comes back byte for byte, "*/" in strings and regexes included, and the comment holds nothing that could end it', async () => {
    const second = 'export const a = "*/", r = /a*\\//;\nexport default 1;';
    const whole = joinParts(`#!/usr/bin/env node\nconst b="${BUILD_TOKEN}",d="${DIGEST_TOKEN}";\n`, second);
    expect(whole.indexOf('*/')).toBe(whole.length - PART_END.length + 1);
    expect(whole.slice(whole.indexOf(PART_START) + PART_START.length, -PART_END.length)).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(splitParts(whole)?.second).toBe(second);
    expect(await load.secondPart(await runtimeIO(), whole)).toBe(second);
    expect(whole).toContain(`const b="${buildIdOf(second)}",d="${digestOf(second)}"`);
    expect(digestOf(second)).toMatch(/^[0-9a-f]{64}$/);
    expect(buildIdOf(second)).toBe(digestOf(second).slice(0, 16));
  });

  it('a file of the plain-text layout (before the second part was deflated) has no second part for this reader', async () => {
    const old = `const b=1;\n/*@stopline-evaluator\nexport default 1;\n*/\n`;
    expect(splitParts(old)).toBeNull();
    expect(await load.secondPart(await runtimeIO(), old)).toBeNull();
  });

  it('refuses what could not be loaded back', () => {
    expect(() => joinParts(`x="${BUILD_TOKEN}",y="${DIGEST_TOKEN}"`, 'export const s = "é";')).toThrow(/non-ASCII/);
    expect(() => joinParts('x=1', 'export {}')).toThrow(BUILD_TOKEN);
    expect(() => joinParts(`x="${BUILD_TOKEN}"`, 'export {}')).toThrow(DIGEST_TOKEN);
  });
});

describe('the built hook scripts', () => {
  const twoPart = builtOfKind('command').filter((a) => a.decisionEntry);

  it('are every hook script a host starts per event (the Hermes bundle is started once per Hermes process, the CLI is not a hook)', () => {
    const perEvent = HOST_SPECS.filter((s: HostSpec) => s.door === 'command-hook').map((s: HostSpec) => s.artifact ?? s.name);
    expect(twoPart.map((a) => a.id).sort()).toEqual([...new Set(perEvent)].sort());
  });

  for (const artifact of twoPart) {
    it(`${artifact.id}: a first part of a few KB that imports nothing statically, and an ASCII second part that knows its build`, () => {
      const text = readFileSync(distFile(artifact), 'utf8');
      const parts = splitParts(text);
      expect(parts).not.toBeNull();
      const { first, second } = parts!;
      expect(Buffer.byteLength(first)).toBeLessThan(16 * 1024);
      expect(first).not.toMatch(/^import\b|[;}]import\s*[{*"]/m);
      // its runtime doors are loaded when used: node:fs and node:net on Node and Bun only, node:zlib on Node to inflate the second part,
      // node:crypto on Node and Bun to check the second part's hash before it is loaded
      expect([...new Set(importedSpecifiers(first).filter((s) => s !== null))].sort()).toEqual(['node:crypto', 'node:fs', 'node:net', 'node:zlib']);
      expect(/[^\x00-\x7f]/.test(second)).toBe(false);
      expect(first).toContain(`"${buildIdOf(second)}"`);
      expect(first).toContain(`"${digestOf(second)}"`);
      expect(first).not.toContain(BUILD_TOKEN);
      expect(first).not.toContain(DIGEST_TOKEN);
      expect(importedSpecifiers(second).every((s) => s !== null && s.startsWith('node:'))).toBe(true);
    });
  }
});
