/**
 * Issue 8 done criterion on the real Codex CLI 0.171.0 with dist/codex installed as a plain user
 * hooks file: the Codex-format Stop hook (c) is Codex's own dialect, so it sits in
 * $CODEX_HOME/hooks.json next to stopline's entries (trust persisted for that file the way an
 * install writes it) and Codex runs it; stopline runs the Claude-format guard (a) it imports
 * from ~/.claude/settings.json and the native context hook (b).
 */
import { describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, missingHosts, runCodex, startResponsesServer } from '../harness';
import { requestText, requireArtifact } from '../shared/real-host';
import { CLEAN_PROMPT, CONTEXT_TEXT, expectEachRanOnce, GUARD_REASON, projectWithBuild, rmBuildScript, seedUniversalHooks, universalRuns } from './fixture';

const status = await ensureHosts(HOSTS_FOR.codex);
const missing = missingHosts(status, HOSTS_FOR.codex);
if (missing.length && status.required) throw new Error(`Codex not installed:\n${status.log}`);
const script = requireArtifact('codex', 'stopline.mjs');
const shipped = JSON.parse(readFileSync(requireArtifact('codex', 'hooks.json'), 'utf8')) as { hooks: Record<string, unknown[]> };
const { root, servers } = universalRuns('codex');

describe('universal hooks on Codex 0.171.0 with dist/codex', () => {
  it.skipIf(missing.length > 0)('(a) stops `rm -rf build` with its reason, (b) context reaches the model, (c) writes its marker at turn end', async () => {
    const project = join(root, 'proj');
    const runDir = join(root, 'run');
    const home = join(runDir, 'home');
    const codexHome = join(runDir, 'codex-home');
    mkdirSync(project, { recursive: true });
    mkdirSync(codexHome, { recursive: true });
    copyFileSync(script, join(codexHome, 'stopline.mjs'));
    const build = projectWithBuild(project);
    const hooks = seedUniversalHooks(home);
    // the person's Stop hook after stopline's own, in the hooks file Codex reads and trusts
    const hooksJson = { ...shipped, hooks: { ...shipped.hooks, Stop: [...(shipped.hooks.Stop ?? []), ...hooks.codexStopGroups] } };
    const s = await startResponsesServer(rmBuildScript('call_rm', 'exec_command', { cmd: 'rm -rf build' }));
    servers.push(s);

    const r = await runCodex({ project, prompt: CLEAN_PROMPT, server: s, hooksJson, trust: 'persisted', runDir, timeoutMs: 240_000 });
    expect(r.code, `codex exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expect(r.codexHome).toBe(codexHome);

    // (a): the folder survives and the next model request carries the hook's reason
    expect(existsSync(build)).toBe(true);
    expect(s.toolResultText('call_rm')).toMatch(/blocked by PreToolUse hook/);
    expect(s.toolResultText('call_rm')).toContain(GUARD_REASON);
    // (b): the context is in the first model request
    expect(requestText(s.requests.find((q) => q.kind === 'turn')?.body)).toContain(CONTEXT_TEXT);
    // (c): Codex ran its own dialect's Stop hook
    // each ran once: stopline skipped the Codex import, which Codex ran itself
    expectEachRanOnce(hooks);
  }, 300_000);
});
