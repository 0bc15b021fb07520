/**
 * The hook-file rows (core/registry/hook-files.ts) against the rest of each host's registry: the
 * person's hooks are read from the host's own folder as its layout finds it, under names its
 * event rows hold, and an import's file name picks one dialect only.
 */
import { describe, expect, it } from 'vitest';
import { HOOK_FILES } from '../../../core/registry/hook-files';
import { HOOK_DIALECTS, hostSpec } from '../../../core/registry/host-specs';
import { dialectFromFileName } from '../../../core/hooks/load';

describe('hook-file rows', () => {
  it.each(HOOK_DIALECTS)('%s: its user files sit in the folder its layout names, moved by the same variable', (d) => {
    const layout = hostSpec(d).layout;
    for (const f of HOOK_FILES[d].files.filter((x) => x.at === 'user')) {
      expect(`${f.dir ? `${f.dir}/` : ''}${f.path}`.startsWith(`${layout.dir}/`)).toBe(true);
      if (f.env === undefined) {
        expect(layout.env ?? []).toEqual([]);
        continue;
      }
      // `VAR` names the folder itself, `VAR/sub` a folder that holds it at `sub`
      const named = (layout.env ?? []).find((v) => v.split('/')[0] === f.env);
      expect(named, `${f.env} is not in the layout of ${d}`).toBeDefined();
      expect(f.dir).toBe(named!.includes('/') ? '' : layout.dir);
    }
  });

  it.each(HOOK_DIALECTS)('%s: every alias stands for one of its own event rows', (d) => {
    const own = new Set(HOOK_FILES[d].events.map((e) => e.native));
    for (const native of Object.values(HOOK_FILES[d].aliases?.names ?? {})) expect(own.has(native)).toBe(true);
  });

  it('an explicit import named like a row file picks that row dialect, and no two rows claim one name', () => {
    for (const d of HOOK_DIALECTS) {
      for (const pattern of HOOK_FILES[d].fileNames ?? []) expect(dialectFromFileName(`/x/${pattern.replace('*', 'a')}`)).toBe(d);
    }
    const names = HOOK_DIALECTS.flatMap((d) => HOOK_FILES[d].fileNames ?? []);
    expect(new Set(names).size).toBe(names.length);
  });
});
