/**
 * Issue 8 done criterion on the real GitHub Copilot CLI 1.0.102 with dist/copilot installed as the
 * user hook file `stopline install copilot` writes: stopline runs the Claude-format guard (a) it
 * imports from ~/.claude/settings.json, the native context hook (b) and the Codex-format Stop
 * hook (c) at agentStop. A hook in Copilot's own dialect (a camelCase file in ~/.copilot/hooks/,
 * imported by name in stopline.json too) is run by Copilot itself, once: stopline skips it.
 */
import { describe, expect, it } from 'vitest';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { ensureHosts, HOSTS_FOR, missingHosts, runCopilot, startHostChatServer } from '../harness';
import { requestText, requireArtifact } from '../shared/real-host';
import { CLEAN_PROMPT, CONTEXT_TEXT, expectEachRanOnce, GUARD_REASON, rmBuildScript, universalRuns, universalWorld } from './fixture';

const status = await ensureHosts(HOSTS_FOR.copilot);
const missing = missingHosts(status, HOSTS_FOR.copilot);
if (missing.length && status.required) throw new Error(`Copilot not installed:\n${status.log}`);
const script = requireArtifact('copilot', 'stopline.mjs');
const { root, servers } = universalRuns('copilot');

describe('universal hooks on GitHub Copilot CLI 1.0.102 with dist/copilot', () => {
  it.skipIf(missing.length > 0)("(a) stops `rm -rf build` with its reason, (b) context reaches the model, (c) writes its marker at turn end; Copilot's own hook runs once", async () => {
    const { project, runDir, home, build, hooks } = universalWorld(root);
    // the person's own Copilot hook, in Copilot's dialect; stopline.json names that import too
    const own = join(home, 'hooks', 'copilot-own.sh');
    writeFileSync(own, `#!/bin/sh\ncat > /dev/null\necho "copilot-own:userPromptSubmitted" >> '${hooks.log}'\n`);
    chmodSync(own, 0o755);
    const stoplineJson = JSON.parse(readFileSync(hooks.stoplineJson, 'utf8')) as { import: string[] };
    writeFileSync(hooks.stoplineJson, JSON.stringify({ ...stoplineJson, import: [...stoplineJson.import, 'copilot'] }));
    const s = await startHostChatServer(rmBuildScript('call_rm', 'bash', { command: 'rm -rf build', description: 'clean' }));
    servers.push(s);

    const r = await runCopilot({
      project,
      prompt: CLEAN_PROMPT,
      server: s,
      runDir,
      home,
      hookFiles: { stopline: hookFileDoc('copilot', (event) => `'${process.execPath}' '${script}' ${event}`), mine: { version: 1, hooks: { userPromptSubmitted: [{ type: 'command', bash: own }] } } },
      env: { STOPLINE_DASHBOARD: 'off' },
      timeoutMs: 240_000,
    });
    expect(r.code, `copilot exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);

    // (a): the folder survives and the model read the hook's reason
    expect(existsSync(build)).toBe(true);
    expect(s.toolResultText('call_rm')).toMatch(/Denied by preToolUse hook/);
    expect(s.toolResultText('call_rm')).toContain(GUARD_REASON);
    // (b): the context is in the first model request
    expect(requestText(s.requests.find((q) => q.kind === 'turn')?.body)).toContain(CONTEXT_TEXT);
    // (c): stopline ran the Codex-format Stop hook at Copilot's agentStop
    const log = expectEachRanOnce(hooks);
    // Copilot ran its own dialect's hook; stopline did not run it a second time
    expect(log.filter((l) => l.startsWith('copilot-own:'))).toEqual(['copilot-own:userPromptSubmitted']);
  }, 300_000);
});
