/**
 * Issue 8 done criterion on the real Claude Code 2.1.332 with dist/claude as a plugin: the
 * Claude-format guard (a) is Claude's own dialect, so Claude runs it from ~/.claude/settings.json
 * and stopline skips it; stopline runs the native context hook (b) and the Codex-format Stop
 * hook (c) it imports from ~/.codex/hooks.json.
 */
import { describe, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, missingHosts } from '../harness';
import { requestText, requireArtifact } from '../shared/real-host';
import { claudeKeepsBuild, CONTEXT_TEXT, expectEachRanOnce, GUARD_REASON, universalRuns, universalWorld } from './fixture';

const status = await ensureHosts(HOSTS_FOR.claude);
const missing = missingHosts(status, HOSTS_FOR.claude);
if (missing.length && status.required) throw new Error(`Claude Code not installed:\n${status.log}`);
const pluginDir = requireArtifact('claude');
const { root, servers } = universalRuns('claude');

describe('universal hooks on Claude Code 2.1.332 with dist/claude', () => {
  it.skipIf(missing.length > 0)('(a) stops `rm -rf build` with its reason, (b) context reaches the model, (c) writes its marker at turn end', async () => {
    const w = universalWorld(root);
    // (a): the folder survives and the next model request carries the hook's reason
    const s = await claudeKeepsBuild(w, pluginDir, servers);
    expect(s.toolResultText('toolu_rm')).toContain(GUARD_REASON);
    // (b): the context is in the first model request
    expect(requestText(s.requests.find((q) => q.kind === 'turn')?.body)).toContain(CONTEXT_TEXT);
    // (c): the marker holds the Stop payload in Codex's spelling
    // each ran once: Claude ran its own dialect's guard, stopline did not run it again
    expectEachRanOnce(w.hooks);
  }, 300_000);
});
