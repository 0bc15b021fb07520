import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPins } from './pins.mjs';
import { HOST_NAMES } from '../../../core/registry/host-specs';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'stopline-pins-'));
  made.push(root);
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), JSON.stringify(body));
  }
  return root;
}

const pin = (version: string) => ({ packages: { tool: version }, entry: 'bin/tool' });

describe('the pins of the real hosts', () => {
  it("joins the shared pins and each host folder's own", () => {
    const root = tree({
      'harness/pins.json': { hosts: { node22: pin('22.0.0') } },
      'alpha/pins.json': { hosts: { alpha: pin('1.0.0') } },
      'beta/pins.json': { hosts: { 'beta-a': pin('2.0.0'), 'beta-b': pin('3.0.0') } },
      'gamma/other.json': { hosts: { gamma: pin('4.0.0') } },
    });
    expect(Object.keys(loadPins(root)).sort()).toEqual(['alpha', 'beta-a', 'beta-b', 'node22']);
  });

  it('a name pinned twice is an error naming both files', () => {
    const root = tree({ 'harness/pins.json': { hosts: { alpha: pin('1.0.0') } }, 'alpha/pins.json': { hosts: { alpha: pin('1.0.1') } } });
    expect(() => loadPins(root)).toThrow(/pin "alpha" is in both .*harness.*pins\.json and .*alpha.*pins\.json/);
  });

  it('a pins file without a hosts object is an error, not an empty set', () => {
    const root = tree({ 'harness/pins.json': { hosts: {} }, 'alpha/pins.json': { alpha: pin('1.0.0') } });
    expect(() => loadPins(root)).toThrow(/no "hosts" object/);
  });

  it("this repository's pins: every pinned name is a host, a host's variant or a shared Node", () => {
    for (const name of Object.keys(loadPins())) {
      expect(HOST_NAMES.some((h) => name === h || name.startsWith(`${h}-`)) || /^node\d+$/.test(name), name).toBe(true);
    }
  });
});
