/**
 * Issue 8 done criterion on the real Factory Droid 0.225.2 with dist/droid installed as the user
 * hooks.json `stopline install droid` writes: stopline runs the Claude-format guard (a) it
 * imports from ~/.claude/settings.json, the native context hook (b) and the Codex-format Stop
 * hook (c). A hook in Droid's own dialect (in ~/.factory/hooks.json next to stopline's, imported
 * by name in stopline.json too) is run by Droid itself, once: stopline skips it.
 */
import { describe, expect, it } from 'vitest';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { ensureHosts, HOSTS_FOR, missingHosts, runDroid, startHostChatServer } from '../harness';
import { requestText, requireArtifact } from '../shared/real-host';
import { CLEAN_PROMPT, CONTEXT_TEXT, expectEachRanOnce, GUARD_REASON, rmBuildScript, universalRuns, universalWorld } from './fixture';

const status = await ensureHosts(HOSTS_FOR.droid);
const missing = missingHosts(status, HOSTS_FOR.droid);
if (missing.length && status.required) throw new Error(`Droid not installed:\n${status.log}`);
const script = requireArtifact('droid', 'stopline.mjs');
const { root, servers } = universalRuns('droid');

describe('universal hooks on Factory Droid 0.225.2 with dist/droid', () => {
  it.skipIf(missing.length > 0)("(a) stops `rm -rf build` with its reason, (b) context reaches the model, (c) writes its marker at turn end; Droid's own hook runs once", async () => {
    const { project, runDir, home, build, hooks } = universalWorld(root);
    const own = join(home, 'hooks', 'droid-own.sh');
    writeFileSync(own, `#!/bin/sh\ncat > /dev/null\necho "droid-own:$hook_event_name" >> '${hooks.log}'\n`);
    chmodSync(own, 0o755);
    const stoplineJson = JSON.parse(readFileSync(hooks.stoplineJson, 'utf8')) as { import: string[] };
    writeFileSync(hooks.stoplineJson, JSON.stringify({ ...stoplineJson, import: [...stoplineJson.import, 'droid'] }));
    const map = hookFileDoc('droid', `'${process.execPath}' '${script}'`).hooks as Record<string, unknown[]>;
    const hooksJson = { ...map, UserPromptSubmit: [...map.UserPromptSubmit!, { hooks: [{ type: 'command', command: own }] }] };
    const s = await startHostChatServer(rmBuildScript('call_rm', 'Execute', { command: 'rm -rf build', summary: 'clean', riskLevelReason: 'cleanup', riskLevel: 'low' }));
    servers.push(s);

    const r = await runDroid({ project, prompt: CLEAN_PROMPT, server: s, runDir, home, hooksJson, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `droid exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);

    // (a): the folder survives and the model read the hook's reason
    expect(existsSync(build)).toBe(true);
    expect(s.toolResultText('call_rm')).toContain(GUARD_REASON);
    // (b): the context is in the first model request
    expect(requestText(s.requests.find((q) => q.kind === 'turn')?.body)).toContain(CONTEXT_TEXT);
    // (c): stopline ran the Codex-format Stop hook at Droid's Stop
    const log = expectEachRanOnce(hooks);
    expect(log.filter((l) => l.startsWith('droid-own:'))).toEqual(['droid-own:UserPromptSubmit']);
  }, 300_000);
});
