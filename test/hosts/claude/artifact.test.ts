/**
 * dist/claude as shipped: a plugin folder Claude Code loads with `--plugin-dir` (manifest,
 * hooks/hooks.json registering exactly the registry's events through ${CLAUDE_PLUGIN_ROOT},
 * the skill that makes /stopline:stopline a command).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claudeRegistry } from '../../../core/registry/claude';
import { requireArtifact } from '../shared/real-host';

const hooksJson = JSON.parse(readFileSync(requireArtifact('claude', 'hooks', 'hooks.json'), 'utf8')) as { hooks: Record<string, { matcher?: string; hooks: { type: string; command: string; timeout: number }[] }[]> };

describe('dist/claude', () => {
  it('has a plugin manifest named stopline (its data folder is plugins/data/stopline-*)', () => {
    const manifest = JSON.parse(readFileSync(requireArtifact('claude', '.claude-plugin', 'plugin.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.name).toBe('stopline');
    expect(manifest).not.toHaveProperty('hooks'); // hooks/hooks.json is loaded by convention
  });

  it('registers exactly the registered events but the observe-only ones (only an install knows whether the person\'s hooks need those), through ${CLAUDE_PLUGIN_ROOT}, with short timeouts', () => {
    const registered = claudeRegistry.events.filter((e) => e.registered && !e.install?.observeOnly).map((e) => e.native).sort();
    expect(Object.keys(hooksJson.hooks).sort()).toEqual(registered);
    for (const [event, groups] of Object.entries(hooksJson.hooks)) {
      expect(groups).toHaveLength(1);
      // the row's matcher, as stopline install writes it: '*' on the tool events, none elsewhere
      expect(groups[0]!.matcher).toBe(claudeRegistry.events.find((e) => e.native === event)!.install!.matcher);
      const h = groups[0]!.hooks[0]!;
      expect(h.command).toContain('"${CLAUDE_PLUGIN_ROOT}/stopline.mjs"');
      // SessionEnd needs an explicit timeout (Claude cancels it after ~1.5 s otherwise): 10 s, as every row
      expect(h.timeout).toBe(10);
    }
  });

  it('runs the script with node, or bun when node is missing (a missing runtime would be a silent allow)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stopline-claude-artifact-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'bun'), '#!/bin/sh\necho "bun $1"\n');
    chmodSync(join(bin, 'bun'), 0o755);
    const command = hooksJson.hooks.PreToolUse![0]!.hooks[0]!.command;
    const r = spawnSync('/bin/sh', ['-c', command], { env: { PATH: bin, CLAUDE_PLUGIN_ROOT: '/p' }, encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('bun /p/stopline.mjs');
  });

  it('ships the one skill source', () => {
    expect(readFileSync(requireArtifact('claude', 'skills', 'stopline', 'SKILL.md'), 'utf8')).toBe(readFileSync(join(__dirname, '..', '..', '..', 'skills', 'stopline', 'SKILL.md'), 'utf8'));
  });
});
