/**
 * dist/codex as shipped: hooks.json registers exactly the registry's events, its command finds
 * stopline.mjs as a plugin hook (PLUGIN_ROOT) and as a plain user hooks file beside the
 * script in CODEX_HOME (or ~/.codex), and the file is one Codex can trust entry by entry.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codexRegistry } from '../../../core/registry/codex';
import { codexHookTrustEntries } from '../../../hosts/codex/hook-trust';
import { requireArtifact } from '../shared/real-host';

const hooksJson = JSON.parse(readFileSync(requireArtifact('codex', 'hooks.json'), 'utf8')) as { hooks: Record<string, { matcher?: string; hooks: { type: string; command: string; timeout: number }[] }[]> };
const scratch = mkdtempSync(join(tmpdir(), 'stopline-codex-artifact-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A stand-in runtime named `node` that prints the script path it was given. */
function fakeNodeDir(): string {
  const bin = join(scratch, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'node'), '#!/bin/sh\necho "ran $1"\n');
  chmodSync(join(bin, 'node'), 0o755);
  return bin;
}

describe('dist/codex/hooks.json', () => {
  it('registers exactly the registered events but the observe-only ones (only an install knows whether the person\'s hooks need those), one handler each, with short timeouts', () => {
    const registered = codexRegistry.events.filter((e) => e.registered && !e.install?.observeOnly).map((e) => e.native).sort();
    expect(Object.keys(hooksJson.hooks).sort()).toEqual(registered);
    for (const [event, groups] of Object.entries(hooksJson.hooks)) {
      expect(groups).toHaveLength(1);
      expect(groups[0]!.matcher).toBeUndefined(); // every tool, MCP tools included
      expect(groups[0]!.hooks).toHaveLength(1);
      const h = groups[0]!.hooks[0]!;
      expect(h.type).toBe('command');
      expect(h.timeout).toBeLessThanOrEqual(event === 'SessionEnd' ? 3 : 10);
    }
  });

  it('is trustable handler by handler (a real install writes these entries into config.toml)', () => {
    const entries = codexHookTrustEntries('/home/dev/.codex/hooks.json', hooksJson);
    expect(entries.map((e) => e.event).sort()).toEqual(Object.keys(hooksJson.hooks).sort());
  });

  const command = hooksJson.hooks.PreToolUse![0]!.hooks[0]!.command;
  const run = (env: Record<string, string>) =>
    spawnSync('/bin/bash', ['-c', command], { env: { PATH: `${fakeNodeDir()}:/usr/bin:/bin`, ...env }, encoding: 'utf8' }).stdout.trim();

  it('finds the script through PLUGIN_ROOT when Codex runs it as a plugin hook', () => {
    expect(run({ PLUGIN_ROOT: '/opt/plugins/stopline', CODEX_HOME: '/x/codex', HOME: '/x/home' })).toBe('ran /opt/plugins/stopline/stopline.mjs');
  });

  it('finds the script beside a plain user hooks file in CODEX_HOME, else in ~/.codex', () => {
    expect(run({ CODEX_HOME: '/x/codex', HOME: '/x/home' })).toBe('ran /x/codex/stopline.mjs');
    expect(run({ HOME: '/x/home' })).toBe('ran /x/home/.codex/stopline.mjs');
  });

  it('ships the one skill source', () => {
    expect(readFileSync(requireArtifact('codex', 'skills', 'stopline', 'SKILL.md'), 'utf8')).toBe(readFileSync(join(__dirname, '..', '..', '..', 'skills', 'stopline', 'SKILL.md'), 'utf8'));
  });
});
