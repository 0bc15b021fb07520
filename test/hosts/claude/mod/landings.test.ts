/**
 * Where stopline's own paths land, kept by the built mod between decisions (hosts/claude/mod/
 * landings.ts): a command that runs a program file asks the landing of each of them; while the
 * folders on their way are unchanged the mod looks at those folders only, and a link planted in
 * one of them between two decisions is seen by the second.
 *
 * The fixture lives under the repository's `.tmp/` (the system temp folder changes all the time,
 * and a folder changed within the last seconds is not trusted); its folders are dated back.
 */
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LandingCache } from '../../../../hosts/claude/mod/landings';
import { repoTempRoot } from '../../harness';
import { requireArtifact } from '../../shared/real-host';
import { ModHost } from './mod-host';

const bundle = requireArtifact('claude', 'hooks', 'stopline-mod.mjs');
const root = repoTempRoot('mod-landings');

/** Every folder from `dir` up to the root dated an hour back. */
function dateBack(dir: string): void {
  const then = new Date(Date.now() - 3_600_000);
  for (let d = dir; ; d = dirname(d)) {
    try {
      utimesSync(d, then, then);
    } catch {
      // not ours to date (the root): a change there only makes the mod read again
    }
    if (d === dirname(d)) return;
  }
}

describe('the mod keeps where its own paths land while the folders on their way are unchanged', () => {
  it('a program file run three times reads the landings once, then looks at the folders only; a link planted before the fourth is seen', async () => {
    const home = join(root, 'home');
    const project = join(root, 'proj');
    const away = join(root, 'away');
    for (const d of [join(home, '.config'), project, away]) mkdirSync(d, { recursive: true });
    writeFileSync(join(away, 'run.sh'), 'echo hi\n');
    const host = new ModHost(bundle, {
      env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' },
      hookEnv: { CLAUDE_PID: '4242', CLAUDE_PROJECT_DIR: project, CLAUDE_PLUGIN_DATA: join(home, 'data'), CLAUDE_CODE_SESSION_ATTENDED: '0', CLAUDE_PLUGIN_ROOT: join(root, 'plugin') },
    });
    const base = { session_id: '5d1b3c2e-0000-4000-8000-0000000000d4', transcript_path: join(home, 't.jsonl'), cwd: project };
    await host.raise('classic.SessionStart', { ...base, hook_event_name: 'SessionStart', source: 'startup' });
    await host.raise('classic.UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt_id: 'p1', permission_mode: 'default', prompt: 'look around' });
    await host.settle();
    for (const d of [join(home, 'data'), join(home, '.config'), project, away]) dateBack(d);
    let n = 0;
    const run = async () => {
      const call = { tool: 'Bash', tool_use_id: `toolu_${++n}`, command: `sh ${join(away, 'run.sh')}`, description: 'run' };
      await host.raise('tool.call', call);
      const r = await host.raise('classic.PreToolUse', call);
      await host.settle();
      const stats = r.calls.filter((c) => c.noun === 'fs.stat');
      return { value: r.value as { deny?: string }, stats: stats.length, landings: stats.filter((c) => (c.args[1] as { resolve?: boolean } | undefined)?.resolve === true).length };
    };
    const first = await run();
    await run();
    const third = await run();
    expect(first.value.deny).toBeUndefined();
    expect(third.value.deny).toBeUndefined();
    expect(first.landings).toBeGreaterThan(100);
    expect(third.landings).toBe(0);
    expect(third.stats).toBeLessThan(first.stats / 5);
    // stopline's config folder made a link to the folder the script is in: the script is stopline's own now
    symlinkSync(away, join(home, '.config', 'stopline'));
    const fourth = await run();
    expect(fourth.value.deny ?? '').toContain('GUARD_SELF_PROTECTION');
  });
});

describe('LandingCache', () => {
  /** a folder's time, or -1 for a link in its place */
  const stat = (table: Record<string, number>) => ({ stat: async (p: string) => (p in table ? { kind: 'dir', mtimeMs: table[p]!, isLink: table[p] === -1 } : Promise.reject(new Error('ENOENT'))) });
  const known = new Map<string, { real: string } | 'missing'>([
    ['/h/a/x', 'missing'],
    ['/h/a', { real: '/h/a' }],
    ['/l', { real: '/elsewhere' }],
  ]);

  it('keeps a landing read after its folders were looked at; a change, or a folder changed just before the look, is not trusted', async () => {
    const cache = new LandingCache();
    const now = 1_000_000;
    // the first decision looks at nothing yet: it learns which folders to look at
    cache.keep(['/h/a/x', '/l'], (p) => known.get(p), await cache.stamp(stat({}), now));
    let stamps = await cache.stamp(stat({ '/h/a': 1, '/h': 1, '/': 1 }), now);
    cache.keep(['/h/a/x', '/h/a', '/l'], (p) => known.get(p), stamps);
    expect([...cache.valid(stamps)].map(([p]) => p)).toEqual(['/h/a/x', '/h/a']);
    // a name made in a folder above the deepest one there is no link on the way: still kept
    expect([...cache.valid(await cache.stamp(stat({ '/h/a': 1, '/h': 7, '/': 1 }), now))].map(([p]) => p)).toEqual(['/h/a/x', '/h/a']);
    // a link in place of a folder on the way: nothing below it is kept
    const linked = new LandingCache();
    linked.keep(['/h/a/x'], (p) => known.get(p), await linked.stamp(stat({}), now));
    linked.keep(['/h/a/x'], (p) => known.get(p), await linked.stamp(stat({ '/h/a': 1, '/h': 1, '/': 1 }), now));
    expect([...linked.valid(await linked.stamp(stat({ '/h/a': 1, '/h': -1, '/': 1 }), now))]).toEqual([]);
    // a name made in /h/a: what was kept under it is read again
    stamps = await cache.stamp(stat({ '/h/a': 2, '/h': 1, '/': 1 }), now);
    expect([...cache.valid(stamps)].map(([p]) => p)).toEqual(['/h/a']);
    cache.keep(['/h/a/x', '/h/a'], (p) => known.get(p), await cache.stamp(stat({ '/h/a': now - 100, '/h': 1, '/': 1 }), now));
    expect([...cache.valid(await cache.stamp(stat({ '/h/a': now - 100, '/h': 1, '/': 1 }), now + 60_000))].map(([p]) => p)).toEqual(['/h/a']);
  });
});
