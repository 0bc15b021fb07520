/** What the dialect tests share: the person's files held in memory under one made-up home and project. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { loadHooksConfig, type LoadOptions } from '../../../core/hooks/load';
import type { HooksConfig } from '../../../core/hooks/types';

export const HOME = '/home/u';
export const CWD = '/work/proj';
export const USER_CFG = '/home/u/.config/stopline/stopline.json';

/** Hooks loaded from `files` (an object is written as its JSON); a folder lists the names `dirs` gives it. */
export function load(files: Record<string, unknown>, dirs: Record<string, string[]> = {}, extra: Partial<LoadOptions> = {}): HooksConfig {
  const texts = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return loadHooksConfig({ env: {}, home: HOME, cwd: CWD, readFile: (p) => texts[p], listDir: (d) => dirs[d], ...extra });
}

export const diags = (c: HooksConfig): string[] => c.diagnostics.map((d) => `${d.level} ${d.file}:${d.position ?? '-'} ${d.message}`);

/** A folder for this test file's hook scripts and what they write, removed after its tests. */
export function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `stopline-hooks-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
