/**
 * A host's hook file that `stopline install <host>` wrote holds stopline's own entry beside the
 * person's hooks. Imported into another host, that entry must not run: stopline already answers
 * every event of the host it runs on, and running its guard again as a "person's hook" would
 * decide twice, on a payload shaped for the wrong host.
 */
import { describe, expect, it } from 'vitest';
import { runsStoplineGuard } from '../../../core/hooks/load';
import type { HooksConfig } from '../../../core/hooks/types';
import { USER_CFG, load } from './helpers';

const commands = (c: HooksConfig): string[] => c.groups.flatMap((g) => g.hooks.map((h) => (h.type === 'command' ? h.command : h.url)));

describe("stopline's own entry in an imported hook file", () => {
  it('Codex hooks.json after `stopline install codex`: only the person\'s hook is imported', () => {
    const codexHooks = {
      hooks: {
        PreToolUse: [
          { hooks: [{ type: 'command', command: 'node "/home/u/.codex/stopline.mjs"' }] },
          { matcher: 'Bash', hooks: [{ type: 'command', command: './lint-guard.sh' }] },
        ],
        Stop: [{ hooks: [{ type: 'command', command: 'bun /home/u/.codex/stopline.mjs' }] }],
      },
    };
    const c = load({ [USER_CFG]: { import: ['codex'] }, '/home/u/.codex/hooks.json': codexHooks });
    expect(commands(c)).toEqual(['./lint-guard.sh']);
    expect(c.diagnostics.map((d) => d.message)).toEqual([]);
  });

  it("Kimi's config.toml after `stopline install kimi`: the guard's table is left out, the person's stays", () => {
    const kimi = [
      'default_model = "k2"',
      '[[hooks]]',
      'event = "PreToolUse"',
      'command = "node \'/home/u/.kimi/stopline/stopline.mjs\'"',
      '[[hooks]]',
      'event = "PreToolUse"',
      'matcher = "Shell"',
      'command = "./no-force-push.sh"',
      '',
    ].join('\n');
    const c = load({ [USER_CFG]: { import: ['kimi'] }, '/home/u/.kimi/config.toml': kimi });
    expect(commands(c)).toEqual(['./no-force-push.sh']);
  });

  it('recognises the hook scripts, the Claude mod and the bridge however they are launched, and nothing else', () => {
    expect(runsStoplineGuard('"${CLAUDE_PLUGIN_ROOT}/stopline.mjs"')).toBe(true);
    expect(runsStoplineGuard('deno run -A /opt/s/stopline.mjs')).toBe(true);
    expect(runsStoplineGuard('node', ['C:\\Users\\u\\.codex\\stopline.mjs'])).toBe(true);
    expect(runsStoplineGuard('stopline guard --host hermes')).toBe(true);
    expect(runsStoplineGuard('/usr/local/bin/stopline guard')).toBe(true);
    expect(runsStoplineGuard('./check-stopline.mjs')).toBe(false);
    expect(runsStoplineGuard('stopline status')).toBe(false);
    expect(runsStoplineGuard('./lint.sh stopline.mjs.bak')).toBe(false);
  });
});
