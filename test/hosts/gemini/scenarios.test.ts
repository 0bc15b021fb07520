/**
 * The seven scenarios on the real Gemini CLI 0.61.0, running the shipped dist/gemini exactly as
 * built: its hooks/hooks.json (the extension's, with `${extensionPath}` filled in the way Gemini
 * fills it) in the user settings.json, offline against the harness's fake Gemini API. Headless
 * (`-p`) in yolo mode, the only mode in which the write and shell tools are offered at all. Each
 * scenario asserts the file system and what the model received next.
 */
import { expect } from 'vitest';
import { ensureHosts, HOSTS_FOR, runGemini, startGeminiServer, type FakeModelServer, type GeminiRunResult } from '../harness';
import { shippedGeminiHooks } from './shipped';
import { describeRealHost, scenarioRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';
import { sevenScenarios } from '../shared/seven-scenarios';

const status = await ensureHosts(HOSTS_FOR.gemini);
const artifactDir = requireArtifact('gemini');
requireArtifact('gemini', 'stopline.mjs');
const TEST_TIMEOUT_MS = 240_000;

const runs = scenarioRuns('gemini', startGeminiServer);
// Gemini hands the model {"error": "Tool execution blocked: <reason>"} for a denied call
const { expectStopped, expectRan } = stopAssertions({ stopped: 'Tool execution blocked: STOP /', ran: { never: 'Tool execution blocked' } });

async function gemini(c: RealHostCase, s: FakeModelServer, prompt: string, env: Record<string, string | undefined> = {}): Promise<GeminiRunResult> {
  const r = await runGemini({ project: c.project, prompt, server: s, settings: { hooks: shippedGeminiHooks(artifactDir) }, runDir: c.runDir, env: { STOPLINE_TIMING_FILE: runs.timingFile, ...env } });
  expect(r.code, `gemini exited ${r.code}\nstdout: ${r.stdout.slice(-2000)}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return r;
}

const create = (id: string, path: string) => ({ id, name: 'write_file', input: { file_path: path, content: `${id}\n` } });
const replace = (id: string, path: string, oldStr: string, newStr: string) => ({ id, name: 'replace', input: { file_path: path, instruction: 'rename', old_string: oldStr, new_string: newStr } });
const shell = (id: string, command: string) => ({ id, name: 'run_shell_command', input: { command } });
const agent = (id: string, prompt: string) => ({ id, name: 'invoke_agent', input: { agent_name: 'generalist', prompt } });

describeRealHost(status, 'Gemini CLI 0.61.0 with dist/gemini', HOSTS_FOR.gemini, TEST_TIMEOUT_MS, () => {
  sevenScenarios({
    runs,
    tools: { create, edit: replace, shell, task: agent },
    toolWords: { create: 'write_file', edit: 'replace', task: 'invoke_agent generalist' },
    run: (c, s, prompt, env) => gemini(c, s, prompt, env),
    expectStopped,
    expectRan,
    words: {
      cannotAsk: 'Gemini cannot ask headless',
      childCall: "its calls carry the parent's session",
      failClosed: 'an explicit deny',
      promptEvent: 'BeforeAgent',
    },
    read: (id, path) => ({ id, name: 'read_file', input: { file_path: path } }),
    // Gemini sends side requests of its own; the main thread answers only the person's prompt
    mainMark: 'MAIN-MARK',
    // a Gemini subagent hands back its answer with complete_task
    childEnd: (id) => ({ id, name: 'complete_task', input: { result: { response: 'SUB-DONE' } } }),
    contextOnce: true,
    contextAlso: ['files=a.txt'],
    promptNotice: 'stopline: contract set: ARMED / review',
    childContextGap: 'Gemini has no subagent event; the stamp of a stopped call tells it why',
    subagentChecks: { taskRunsInReview: true },
  });
});
