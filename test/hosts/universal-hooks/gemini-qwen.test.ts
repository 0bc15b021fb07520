/**
 * The person's own hooks on the real Gemini CLI 0.61.0 and Qwen Code 0.24.4, with the shipped
 * dist/gemini and dist/qwen hooks in the user settings: stopline runs (a) the Claude-format
 * guard it imports from ~/.claude/settings.json and (b) the native context hook; (c) a turn-end
 * hook in the host's OWN format sits in the host's settings.json next to stopline's, the user
 * stopline.json imports that host's files too, and the host runs it once: stopline skips its own
 * host's dialect (import "gemini" on Gemini, "qwen" on Qwen).
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, mainThread, missingHosts, runGemini, runQwen, startChatServer, startGeminiServer } from '../harness';
import { requestText, requireArtifact } from '../shared/real-host';
import { shippedGeminiHooks } from '../gemini/shipped';
import { shippedQwenHooks } from '../qwen/shipped';
import { CONTEXT_TEXT, expectEachRanOnce, GUARD_REASON, projectWithBuild, seedUniversalHooks, universalRuns } from './fixture';

const status = await ensureHosts([...HOSTS_FOR.gemini, ...HOSTS_FOR.qwen]);
const { root, servers } = universalRuns('gemini-qwen', true);

/** The host-format turn-end hook (the fixture's marker script), and stopline.json importing claude and the host itself. */
function ownHostStop(home: string, host: 'gemini' | 'qwen'): { groups: unknown[] } {
  const seeded = JSON.parse(readFileSync(join(home, '.codex', 'hooks.json'), 'utf8')) as { hooks: { Stop: unknown[] } };
  const config = JSON.parse(readFileSync(join(home, '.config', 'stopline', 'stopline.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ ...config, import: ['claude', host] }));
  // Gemini reads `timeout` in milliseconds: the fixture's 30 (seconds) would kill the hook after 30 ms
  if (host === 'qwen') return { groups: seeded.hooks.Stop };
  return { groups: JSON.parse(JSON.stringify(seeded.hooks.Stop).replace(/"timeout":(\d+)/g, (_m, n: string) => `"timeout":${Number(n) * 1000}`)) as unknown[] };
}

describe.each([
  { host: 'gemini' as const, stopEvent: 'AfterAgent', needed: HOSTS_FOR.gemini },
  { host: 'qwen' as const, stopEvent: 'Stop', needed: HOSTS_FOR.qwen },
])('universal hooks on $host', ({ host, stopEvent, needed }) => {
  it.skipIf(missingHosts(status, needed).length > 0 && !status.required)(
    '(a) stops `rm -rf build` with its reason, (b) context reaches the model, (c) the host runs its own turn-end hook once',
    async () => {
      const project = join(root, host, 'proj');
      const runDir = join(root, host, 'run');
      const home = join(runDir, 'home');
      mkdirSync(project, { recursive: true });
      const build = projectWithBuild(project);
      const hooks = seedUniversalHooks(home);
      const own = ownHostStop(home, host);
      const shipped = host === 'gemini' ? shippedGeminiHooks(requireArtifact('gemini')) : shippedQwenHooks(requireArtifact('qwen'));
      // the person's own turn-end hook after stopline's, in the settings the host reads (and stopline.json imports)
      const settingsHooks = { ...shipped, [stopEvent]: [...((shipped[stopEvent] as unknown[]) ?? []), ...own.groups] };
      const call = host === 'gemini' ? { id: 'call_rm', name: 'run_shell_command', input: { command: 'rm -rf build' } } : { id: 'call_rm', name: 'run_shell_command', input: { command: 'rm -rf build', is_background: false } };
      const script = mainThread('MAIN-MARK', [{ toolCalls: [call] }, { text: 'done' }]);
      const s = host === 'gemini' ? await startGeminiServer(script) : await startChatServer(script);
      servers.push(s);
      const r =
        host === 'gemini'
          ? await runGemini({ project, prompt: 'MAIN-MARK clean up the build folder', server: s, settings: { hooks: settingsHooks }, runDir, timeoutMs: 240_000 })
          : await runQwen({ project, prompt: 'MAIN-MARK clean up the build folder', server: s, settings: { hooks: settingsHooks }, runDir, timeoutMs: 240_000 });
      expect(r.code, `${host} exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);

      // (a): the folder survives and the model got the hook's reason
      expect(existsSync(build)).toBe(true);
      expect(s.toolResultText('call_rm')).toContain(GUARD_REASON);
      // (b): the context is in the first model request
      expect(requestText(s.requests.find((q) => q.kind === 'turn')?.body)).toContain(CONTEXT_TEXT);
      // (c): the host ran its own dialect's turn-end hook
      // once, by the host: stopline skipped the import of its own host's file
      expectEachRanOnce(hooks, stopEvent);
    },
    300_000,
  );
});
