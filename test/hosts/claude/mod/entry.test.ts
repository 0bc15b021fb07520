/**
 * The mod registers, for the classic events, exactly what the plugin's command hooks register
 * (the registry's install rows), so one door can take the other's place event for event; and it
 * spells the live marker as hosts/claude/mod-live.ts reads it. Claude Code reads both from the
 * module's source (event names and env names must be literals there), hence this text check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installRows } from '../../../../core/registry/rows';
import { claudeRegistry } from '../../../../core/registry/claude';
import { MOD_LIVE_VAR } from '../../../../hosts/claude/mod-live';
import { repoRoot } from '../../harness';

const source = readFileSync(join(repoRoot, 'hosts', 'claude', 'mod', 'entry.ts'), 'utf8');

describe('hosts/claude/mod/entry.ts', () => {
  it('hooks classic.<Event> for every event the command hooks register, each with a .catch', () => {
    const classic = [...source.matchAll(/on\('classic\.([A-Za-z]+)', \w+\)\.catch\(onFailure\)/g)].map((m) => m[1]);
    expect(classic).toEqual(installRows(claudeRegistry).map((e) => e.native));
    expect(source.match(/on\('classic\./g)?.length).toBe(classic.length);
  });

  it('sets the live marker the command hooks test', () => {
    expect(source).toContain(`$.env.set('${MOD_LIVE_VAR}', `);
  });

});
