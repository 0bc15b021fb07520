/**
 * Issue 8 done criterion on the real Pi (both published lines: @earendil-works 1.6.0 and
 * @mariozechner 0.73.1) with the shipped extension dist/pi/stopline.ts: Pi runs none of the
 * three dialects, so stopline runs all three: the Claude-format guard (a) and the Codex-format
 * Stop hook (c) it imports, and the native context hook (b). turn:stop is Pi's `agent_end`
 * (core/registry/pi.ts: observed only).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, missingHosts, runPi, startChatServer, type PiVariant } from '../harness';
import { requestText, requireArtifact } from '../shared/real-host';
import { piJitiCache } from '../pi/jiti-cache';
import { CLEAN_PROMPT, CONTEXT_TEXT, expectEachRanOnce, GUARD_REASON, projectWithBuild, rmBuildScript, seedUniversalHooks, universalRuns } from './fixture';

const VARIANTS: { variant: PiVariant; label: string; hosts: readonly ('pi-ew' | 'pi-mz' | 'node22')[] }[] = [
  { variant: 'ew', label: '@earendil-works/pi-coding-agent 1.6.0', hosts: HOSTS_FOR['pi-ew'] },
  { variant: 'mz', label: '@mariozechner/pi-coding-agent 0.73.1', hosts: HOSTS_FOR['pi-mz'] },
];
const status = await ensureHosts([...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz']]);
const extension = requireArtifact('pi', 'stopline.ts');
const { root, servers } = universalRuns('pi');

for (const v of VARIANTS) {
  const missing = missingHosts(status, v.hosts);
  if (missing.length && status.required) throw new Error(`Pi ${v.variant} not installed:\n${status.log}`);

  describe(`universal hooks on Pi ${v.label} with dist/pi/stopline.ts`, () => {
    it.skipIf(missing.length > 0)('(a) stops `rm -rf build` with its reason, (b) context reaches the model, (c) writes its marker at agent_end', async () => {
      const project = join(root, v.variant, 'proj');
      const runDir = join(root, v.variant, 'run');
      const home = join(runDir, 'home');
      mkdirSync(project, { recursive: true });
      const build = projectWithBuild(project);
      const hooks = seedUniversalHooks(home);
      const s = await startChatServer(rmBuildScript('call_rm', 'bash', { command: 'rm -rf build' }));
      servers.push(s);

      const r = await runPi({
        variant: v.variant,
        project,
        prompt: CLEAN_PROMPT,
        server: s,
        extensionFile: extension,
        runDir,
        env: { TMPDIR: piJitiCache() },
        timeoutMs: 300_000,
      });
      expect(r.code, `pi exited ${r.code}\nstdout: ${r.stdout.slice(-1000)}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);

      // (a): the folder survives and the next model request carries the hook's reason
      expect(existsSync(build)).toBe(true);
      expect(s.toolResultText('call_rm')).toContain(GUARD_REASON);
      // (b): the context is in the first model request (before_agent_start)
      expect(requestText(s.requests.find((q) => q.kind === 'turn')?.body).includes(CONTEXT_TEXT), 'context missing from the first request').toBe(true);
      // (c): turn:stop (agent_end) ran the Codex-format hook under its own event name
      expectEachRanOnce(hooks);
    }, 360_000);
  });
}
