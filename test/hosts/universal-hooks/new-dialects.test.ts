/**
 * The person's hook files of Kimi Code, OpenHands and Mistral Vibe, imported by name in the user
 * stopline.json, run by stopline on the real Claude Code 2.1.332 with dist/claude as a plugin:
 * the Kimi-format guard ([[hooks]] in ~/.kimi/config.toml) stops `rm -rf build` with Kimi's deny
 * answer and its reason reaches the model; the OpenHands-format (project .openhands/hooks.json)
 * and Vibe-format (~/.vibe/hooks.toml) hooks each run once on that call, with their own payloads.
 */
import { describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, missingHosts } from '../harness';
import { requireArtifact } from '../shared/real-host';
import { claudeKeepsBuild, projectWithBuild, universalRuns } from './fixture';

const status = await ensureHosts(HOSTS_FOR.claude);
const missing = missingHosts(status, HOSTS_FOR.claude);
if (missing.length && status.required) throw new Error(`Claude Code not installed:\n${status.log}`);
const pluginDir = requireArtifact('claude');
const { root, servers } = universalRuns('new-dialects');

const KIMI_REASON = 'KIMI-FORMAT-GUARD: rm -rf is not allowed here';

function script(path: string, body: string): string {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('Kimi, OpenHands and Vibe hook files on Claude Code 2.1.332 with dist/claude', () => {
  it.skipIf(missing.length > 0)("the Kimi-format guard stops `rm -rf build` with Kimi's deny; the OpenHands and Vibe hooks each run once with their own payloads", async () => {
    const project = join(root, 'proj');
    const runDir = join(root, 'run');
    const home = join(runDir, 'home');
    mkdirSync(project, { recursive: true });
    const build = projectWithBuild(project);
    const bin = join(home, 'hooks');
    mkdirSync(bin, { recursive: true });
    const log = join(home, 'dialect-hooks.log');

    const kimiGuard = script(
      join(bin, 'kimi-guard.sh'),
      [
        'input=$(cat)',
        `case "$input" in`,
        `  *'"tool_call_id"'*'rm -rf'*|*'rm -rf'*'"tool_call_id"'*) echo "kimi:deny" >> '${log}'; echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"${KIMI_REASON}"}}' ;;`,
        `  *) echo "kimi:pass" >> '${log}' ;;`,
        'esac',
      ].join('\n'),
    );
    const openhandsLog = script(join(bin, 'openhands-log.sh'), [`input=$(cat)`, `case "$input" in *'"event_type":"PreToolUse"'*) echo "openhands:$OPENHANDS_EVENT_TYPE" >> '${log}' ;; esac`].join('\n'));
    const vibeLog = script(join(bin, 'vibe-log.sh'), [`input=$(cat)`, `case "$input" in *'"hook_event_name":"pre_tool"'*) echo "vibe:pre_tool" >> '${log}' ;; esac`].join('\n'));

    mkdirSync(join(home, '.kimi'), { recursive: true });
    writeFileSync(
      join(home, '.kimi', 'config.toml'),
      ['default_model = "lab"', '', '[[hooks]]', 'event = "PreToolUse"', 'matcher = "Shell|Bash"', `command = "${kimiGuard}"`, 'timeout = 30', ''].join('\n'),
    );
    mkdirSync(join(project, '.openhands'), { recursive: true });
    writeFileSync(join(project, '.openhands', 'hooks.json'), JSON.stringify({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: openhandsLog, timeout: 30 }] }] }));
    mkdirSync(join(home, '.vibe'), { recursive: true });
    writeFileSync(join(home, '.vibe', 'hooks.toml'), ['[[hooks]]', 'name = "log"', 'type = "pre_tool"', 'match = "bash"', `command = "${vibeLog}"`, ''].join('\n'));
    mkdirSync(join(home, '.config', 'stopline'), { recursive: true });
    writeFileSync(join(home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ import: ['kimi', 'openhands', 'vibe'] }));

    const s = await claudeKeepsBuild({ project, runDir, build }, pluginDir, servers);
    expect(s.toolResultText('toolu_rm')).toContain(KIMI_REASON);
    const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter((l) => l !== '') : [];
    expect(lines.sort()).toEqual(['kimi:deny', 'openhands:PreToolUse', 'vibe:pre_tool']);
  }, 300_000);
});
