/**
 * Issue 8 done criterion on the real OpenCode 1.18.33 with the shipped plugin
 * dist/opencode/stopline.js: OpenCode runs none of the three dialects, so stopline runs all
 * three: the Claude-format guard (a) and the Codex-format Stop hook (c) it imports, and the
 * native context hook (b). turn:stop is OpenCode's `session.idle` event (core/registry/opencode.ts).
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { ensureHosts, HOSTS_FOR, missingHosts, runOpenCode, startChatServer } from '../harness';
import { requestText, requireArtifact } from '../shared/real-host';
import { CLEAN_PROMPT, CONTEXT_TEXT, expectEachRanOnce, GUARD_REASON, rmBuildScript, universalRuns, universalWorld } from './fixture';

const status = await ensureHosts(HOSTS_FOR.opencode);
const missing = missingHosts(status, HOSTS_FOR.opencode);
if (missing.length && status.required) throw new Error(`OpenCode not installed:\n${status.log}`);
const plugin = requireArtifact('opencode', 'stopline.js');
const { root, servers } = universalRuns('opencode');

describe('universal hooks on OpenCode 1.18.33 with dist/opencode/stopline.js', () => {
  it.skipIf(missing.length > 0)('(a) stops `rm -rf build` with its reason, (b) context reaches the model, (c) writes its marker when the session goes idle', async () => {
    const { project, runDir, build, hooks } = universalWorld(root);
    const s = await startChatServer(rmBuildScript('call_rm', 'bash', { command: 'rm -rf build', description: 'remove build' }));
    servers.push(s);

    const r = await runOpenCode({ project, prompt: CLEAN_PROMPT, server: s, pluginFile: plugin, runDir, args: ['--'], timeoutMs: 300_000 });
    expect(r.code, `opencode exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expect(r.stderr, 'the plugin failed to load').not.toMatch(/failed to load plugin/i);

    // (a): the folder survives and the next model request carries the hook's reason
    expect(existsSync(build)).toBe(true);
    expect(s.toolResultText('call_rm')).toContain(GUARD_REASON);
    // (b): the context reaches the model. OpenCode does not await the event that carries the
    // person's message, so the plugin injects it into the session while the first request may
    // already be on its way: the request after the first tool call is the one that must have it
    expect(requestText(s.requestAfterToolCall('call_rm')?.body).includes(CONTEXT_TEXT), 'context missing from the request after call_rm').toBe(true);
    // (c): turn:stop (session.idle) ran the Codex-format hook under its own event name
    expectEachRanOnce(hooks);
  }, 360_000);
});
