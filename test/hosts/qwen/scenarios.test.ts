/**
 * The seven scenarios on the real Qwen Code 0.24.4, running the shipped dist/qwen exactly as
 * built: its hooks/hooks.json (the extension's, with `${CLAUDE_PLUGIN_ROOT}` filled in the way
 * Qwen fills it) in the user settings.json, offline against the harness's fake chat-completions
 * server. Headless in yolo mode (the other headless modes refuse write and shell tools before
 * any hook runs). Qwen's write_file and edit take absolute paths only, and edit wants the file
 * read first in the session. Each scenario asserts the file system and what the model received.
 */
import { expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureHosts, HOSTS_FOR, mainThread, runQwen, startChatServer, type FakeModelServer, type QwenRunResult } from '../harness';
import { describeRealHost, scenarioRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';
import { shippedQwenHooks } from './shipped';

const status = await ensureHosts(HOSTS_FOR.qwen);
const artifactDir = requireArtifact('qwen');
requireArtifact('qwen', 'stopline.mjs');
const TEST_TIMEOUT_MS = 240_000;

const runs = scenarioRuns('qwen', startChatServer);
// Qwen hands the model the reason verbatim as the tool message
const { expectStopped, expectRan } = stopAssertions({ stopped: /^STOP \//, ran: { never: /^STOP \// } });

async function qwen(c: RealHostCase, s: FakeModelServer, prompt: string, env: Record<string, string | undefined> = {}): Promise<QwenRunResult> {
  const r = await runQwen({ project: c.project, prompt, server: s, settings: { hooks: shippedQwenHooks(artifactDir) }, runDir: c.runDir, env: { STOPLINE_TIMING_FILE: runs.timingFile, ...env } });
  expect(r.code, `qwen exited ${r.code}\nstdout: ${r.stdout.slice(-2000)}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

const create = (id: string, path: string) => ({ id, name: 'write_file', input: { file_path: path, content: `${id}\n` } });
const edit = (id: string, path: string, oldStr: string, newStr: string) => ({ id, name: 'edit', input: { file_path: path, old_string: oldStr, new_string: newStr } });
const shell = (id: string, command: string) => ({ id, name: 'run_shell_command', input: { command, is_background: false } });
const agent = (id: string, prompt: string) => ({ id, name: 'agent', input: { description: 'help', prompt, subagent_type: 'general-purpose' } });

describeRealHost(status, 'Qwen Code 0.24.4 with dist/qwen', HOSTS_FOR.qwen, TEST_TIMEOUT_MS, () => {
  sevenScenarios({
    runs,
    tools: { create, edit, shell, task: agent },
    toolWords: { create: 'write_file', edit: 'edit', task: 'agent general-purpose' },
    run: (c, s, prompt, env) => qwen(c, s, prompt, env),
    expectStopped,
    expectRan,
    words: {
      cannotAsk: 'Qwen cannot ask headless',
      childCall: "its calls carry the parent's session and an agent_id",
      failClosed: 'an explicit deny',
    },
    // edit refuses a file the session has not read
    read: (id, path) => ({ id, name: 'read_file', input: { file_path: path } }),
    mainMark: 'MAIN-MARK',
    contextOnce: true,
    contextAlso: ['files=a.txt'],
    childContextGap: "SubagentStart's context does not reach a general-purpose subagent headless; the stamp of a stopped call tells it why",
  });

  it('review: the deferred monitor tool (tool_search + tool_call) runs a shell command, and it is stopped too', async () => {
    const c = runs.newCase('s1-monitor');
    const s = await runs.server(mainThread('MAIN-MARK', [
      { toolCalls: [{ id: 'call_search', name: 'tool_search', input: { query: 'select:monitor' } }] },
      { toolCalls: [{ id: 'call_monitor', name: 'tool_call', input: { name: 'monitor', arguments: { command: 'touch mon.txt', description: 'watch' } } }] },
      { text: 'done' },
    ]));
    await qwen(c, s, '$stopline review -- MAIN-MARK watch the logs');
    expect(existsSync(join(c.project, 'mon.txt'))).toBe(false);
    expectStopped(s, 'call_monitor', 'MODE_FORBIDS_MUTATION');
  });
});
