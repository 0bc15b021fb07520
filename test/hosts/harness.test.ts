// Proves the real-host harness on every pinned host, offline, with tiny test-only guards
// (not stopline): for each host a control run (the scripted tool runs and creates the file)
// and a deny run (the file is absent and the model's next request carries the deny reason).
// Codex runs with persisted per-hook trust from hosts/codex/hook-trust.ts, never with the bypass flag.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { codexHookTrustEntries } from '../../hosts/codex/hook-trust';
import {
  codexHooksList,
  describeWithHosts,
  ensureHosts,
  FAKE_TITLE,
  HOSTS_FOR,
  mainThread,
  makeTempRoot,
  runClaude,
  runCodex,
  runOpenCode,
  runPi,
  startAnthropicServer,
  startChatServer,
  startResponsesServer,
  type FakeModelServer,
  type HostRunResult,
  type InstalledHost,
  type PiVariant,
} from './harness';

const status = await ensureHosts([...HOSTS_FOR.claude, ...HOSTS_FOR.codex, ...HOSTS_FOR.opencode, ...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz']]);
const root = makeTempRoot('harness-test');
// HARNESS_KEEP=1 keeps every run folder (isolated HOME, host config, logs) for a post-mortem
afterAll(() => {
  if (process.env.HARNESS_KEEP === '1') console.log(`harness runs kept in ${root}`);
  else rmSync(root, { recursive: true, force: true });
});

const RUN_TIMEOUT_MS = 180_000;
const TEST_TIMEOUT_MS = 240_000;
const DENY = 'HARNESS-DENY';

/** A host suite: skipped when its host is missing, failed instead under CI=true. */
function hostSuite(title: string, needed: readonly InstalledHost[], body: () => void): void {
  describeWithHosts(status, title, needed, body);
}

let seq = 0;
/** A fresh project folder and run folder for one host run. */
function workspace(name: string): { project: string; runDir: string; log: string } {
  const dir = join(root, `${String(++seq).padStart(2, '0')}-${name}`);
  mkdirSync(join(dir, 'project'), { recursive: true });
  return { project: join(dir, 'project'), runDir: join(dir, 'run'), log: join(dir, 'guard.log') };
}

function logLines(file: string): Array<Record<string, unknown>> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Show the host's own output when a run did not end cleanly: the first thing one needs. */
function expectCleanExit(r: HostRunResult): void {
  expect(r.timedOut, `timed out; stderr:\n${r.stderr.slice(-3000)}`).toBe(false);
  expect(r.code, `exit ${r.code}; stderr:\n${r.stderr.slice(-3000)}`).toBe(0);
}

async function withServer<T>(server: FakeModelServer, fn: (s: FakeModelServer) => Promise<T>): Promise<T> {
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}

// ---------------------------------------------------------------- command hook (Claude, Codex)
// `node guard.mjs <allow|deny> <log>`: logs the event, and in deny mode answers with the
// hookSpecificOutput deny both Claude Code and Codex accept.
const COMMAND_HOOK = `
import { appendFileSync } from 'node:fs';
const [mode, log] = process.argv.slice(2);
let raw = '';
process.stdin.on('data', (d) => (raw += d));
process.stdin.on('end', () => {
  const input = JSON.parse(raw);
  appendFileSync(log, JSON.stringify({ event: input.hook_event_name, tool: input.tool_name, mode }) + '\\n');
  if (mode !== 'deny') return;
  process.stdout.write(JSON.stringify({ hookSpecificOutput: {
    hookEventName: 'PreToolUse', permissionDecision: 'deny',
    permissionDecisionReason: '${DENY}: ' + input.tool_name + ' blocked by the harness test hook' } }));
});
`;

function writeCommandHook(dir: string): string {
  const file = join(dir, 'guard.mjs');
  writeFileSync(file, COMMAND_HOOK);
  return file;
}

hostSuite('Claude Code 2.1.332 (claude -p, fake Anthropic Messages)', HOSTS_FOR.claude, () => {
  async function run(mode: 'allow' | 'deny') {
    const ws = workspace(`claude-${mode}`);
    const target = join(ws.project, 'claude-made.txt');
    const hook = writeCommandHook(join(ws.project, '..'));
    const server = await startAnthropicServer({
      threads: [
        {
          name: 'main',
          match: 'HARNESS-CLAUDE',
          turns: [{ toolCalls: [{ id: 'toolu_write_1', name: 'Write', input: { file_path: target, content: 'made by Write\n' } }] }, { text: 'all done' }],
        },
      ],
    });
    const hooks = {
      hooks: { PreToolUse: [{ matcher: 'Write|Edit|Bash', hooks: [{ type: 'command', command: `${process.execPath} ${hook} ${mode} ${ws.log}`, timeout: 30 }] }] },
    };
    // control registers the hook through --settings, deny through --plugin-dir: both paths proven
    let pluginDir: string | undefined;
    if (mode === 'deny') {
      pluginDir = join(ws.project, '..', 'plugin');
      mkdirSync(join(pluginDir, 'hooks'), { recursive: true });
      mkdirSync(join(pluginDir, '.claude-plugin'), { recursive: true });
      writeFileSync(join(pluginDir, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'harness-guard', version: '0.0.0' }));
      writeFileSync(join(pluginDir, 'hooks', 'hooks.json'), JSON.stringify(hooks));
    }
    return withServer(server, async () => {
      const result = await runClaude({
        project: ws.project,
        prompt: 'HARNESS-CLAUDE please write the file',
        server,
        ...(pluginDir ? { pluginDir } : { settings: hooks }),
        runDir: ws.runDir,
        timeoutMs: RUN_TIMEOUT_MS,
      });
      return { result, server, target, log: ws.log };
    });
  }

  it('control: a --settings hook allows, Write creates the file, the model gets the success result', async () => {
    const { result, server, target, log } = await run('allow');
    expectCleanExit(result);
    expect(readFileSync(target, 'utf8')).toBe('made by Write\n');
    expect(logLines(log)).toEqual([{ event: 'PreToolUse', tool: 'Write', mode: 'allow' }]);
    expect(server.toolResult('toolu_write_1')).toMatchObject({ isError: false, text: expect.stringContaining('File created successfully') });
    expect(result.requests.map((r) => [r.kind, r.thread, r.turnIndex])).toEqual([['turn', 'main', 0], ['turn', 'main', 1]]);
    expect(result.output?.result).toBe('all done');
  }, TEST_TIMEOUT_MS);

  it('deny: a --plugin-dir PreToolUse deny stops Write and the next request carries the reason', async () => {
    const { result, server, target, log } = await run('deny');
    expectCleanExit(result);
    expect(existsSync(target)).toBe(false);
    expect(logLines(log)).toEqual([{ event: 'PreToolUse', tool: 'Write', mode: 'deny' }]);
    const seen = server.toolResult('toolu_write_1');
    expect(seen?.isError).toBe(true);
    expect(seen?.text).toBe(`PreToolUse:Write hook error: ${DENY}: Write blocked by the harness test hook`);
    expect(server.requestAfterToolCall('toolu_write_1')?.turnIndex).toBe(1);
    expect(result.output?.permission_denials).toEqual([expect.objectContaining({ tool_name: 'Write', tool_use_id: 'toolu_write_1' })]);
  }, TEST_TIMEOUT_MS);
});

hostSuite('Codex 0.171.0 (codex exec, fake Responses, persisted hook trust)', HOSTS_FOR.codex, () => {
  const patch = '*** Begin Patch\n*** Add File: codex-patch.txt\n+made by apply_patch\n*** End Patch\n';
  async function run(mode: 'allow' | 'deny', trust: 'persisted' | 'none') {
    const ws = workspace(`codex-${mode}-${trust}`);
    const hook = writeCommandHook(join(ws.project, '..'));
    const hooksJson = {
      hooks: { PreToolUse: [{ matcher: 'Bash|apply_patch', hooks: [{ type: 'command', command: `${process.execPath} ${hook} ${mode} ${ws.log}`, timeout: 30 }] }] },
    };
    const server = await startResponsesServer(mainThread('HARNESS-CODEX', [
      {
        toolCalls: [
          { id: 'call_shell_1', name: 'exec_command', input: { cmd: 'touch codex-shell.txt' } },
          { id: 'call_patch_1', name: 'apply_patch', input: patch },
        ],
      },
      { text: 'all done' },
    ]));
    return withServer(server, async () => {
      const result = await runCodex({ project: ws.project, prompt: 'HARNESS-CODEX create the two files', server, hooksJson, trust, runDir: ws.runDir, timeoutMs: RUN_TIMEOUT_MS });
      return { result, server, ws, hooksJson };
    });
  }

  it('control: a trusted allowing hook runs for both calls and both files are created', async () => {
    const { result, server, ws } = await run('allow', 'persisted');
    expectCleanExit(result);
    expect(existsSync(join(ws.project, 'codex-shell.txt'))).toBe(true);
    expect(readFileSync(join(ws.project, 'codex-patch.txt'), 'utf8')).toBe('made by apply_patch\n');
    expect(logLines(ws.log).map((l) => l.tool).sort()).toEqual(['Bash', 'apply_patch']);
    expect(server.toolResultText('call_shell_1')).toContain('Process exited with code 0');
    expect(server.toolResultText('call_patch_1')).toContain('A codex-patch.txt');
    expect(result.requests.map((r) => [r.kind, r.turnIndex])).toEqual([['turn', 0], ['turn', 1]]);
  }, TEST_TIMEOUT_MS);

  it('deny with persisted trust (no bypass flag): nothing is created and the model gets the reason', async () => {
    const { result, server, ws, hooksJson } = await run('deny', 'persisted');
    expectCleanExit(result);
    expect(existsSync(join(ws.project, 'codex-shell.txt'))).toBe(false);
    expect(existsSync(join(ws.project, 'codex-patch.txt'))).toBe(false);
    expect(server.toolResultText('call_shell_1')).toBe(`Command blocked by PreToolUse hook: ${DENY}: Bash blocked by the harness test hook. Command: touch codex-shell.txt`);
    expect(server.toolResultText('call_patch_1')).toBe(`Command blocked by PreToolUse hook: ${DENY}: apply_patch blocked by the harness test hook. Command: ${patch}`);

    // Codex itself agrees with trust.ts: same key, same hash, and it counts the hook as trusted
    const listed = await codexHooksList({ codexHome: result.codexHome, cwd: ws.project });
    const ours = codexHookTrustEntries(join(result.codexHome, 'hooks.json'), hooksJson);
    expect(ours).toHaveLength(1);
    expect(listed.map((h) => [h.key, h.currentHash, h.trustStatus])).toEqual(ours.map((e) => [e.key, e.trustedHash, 'trusted']));
  }, TEST_TIMEOUT_MS);

  it('a spawn_agent sub-agent gets its own scripted thread and its command is denied too', async () => {
    const ws = workspace('codex-subagent');
    const hook = writeCommandHook(join(ws.project, '..'));
    const hooksJson = {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `${process.execPath} ${hook} deny ${ws.log}`, timeout: 30 }] }] },
    };
    const server = await startResponsesServer({
      threads: [
        {
          name: 'child',
          match: 'HARNESS-CHILD',
          turns: [{ toolCalls: [{ id: 'call_child_1', name: 'exec_command', input: { cmd: 'touch child-made.txt' } }] }, { text: 'child done' }],
        },
        {
          name: 'main',
          match: 'HARNESS-CODEX',
          turns: [
            { toolCalls: [{ id: 'call_spawn_1', name: 'spawn_agent', namespace: 'multi_agent_v1', input: { message: 'HARNESS-CHILD touch child-made.txt' } }] },
            {
              toolCalls: [
                {
                  id: 'call_wait_1',
                  name: 'wait_agent',
                  namespace: 'multi_agent_v1',
                  // the agent id only exists once spawn_agent has answered
                  input: ({ toolResults }) => ({
                    targets: [JSON.parse(toolResults.find((t) => t.callId === 'call_spawn_1')?.text ?? '{}').agent_id],
                    timeout_ms: 30_000,
                  }),
                },
              ],
            },
            { text: 'parent done' },
          ],
        },
      ],
    });
    const result = await withServer(server, () =>
      runCodex({ project: ws.project, prompt: 'HARNESS-CODEX delegate', server, hooksJson, runDir: ws.runDir, timeoutMs: RUN_TIMEOUT_MS }),
    );
    expectCleanExit(result);
    // parent and child run concurrently: compare each thread's own sequence, not the interleaving
    const turnsOf = (thread: string) => result.requests.filter((r) => r.thread === thread).map((r) => r.turnIndex);
    expect(turnsOf('main')).toEqual([0, 1, 2]);
    expect(turnsOf('child')).toEqual([0, 1]);
    expect(result.requests.every((r) => r.kind === 'turn')).toBe(true);
    expect(existsSync(join(ws.project, 'child-made.txt'))).toBe(false);
    expect(server.requestAfterToolCall('call_child_1')?.thread).toBe('child');
    expect(server.toolResultText('call_child_1')).toContain(`Command blocked by PreToolUse hook: ${DENY}: Bash blocked`);
  }, TEST_TIMEOUT_MS);

  it('the same deny hook without persisted trust is skipped silently (trust is what made it run)', async () => {
    const { result, ws } = await run('deny', 'none');
    expectCleanExit(result);
    expect(logLines(ws.log)).toEqual([]);
    expect(existsSync(join(ws.project, 'codex-shell.txt'))).toBe(true);
  }, TEST_TIMEOUT_MS);
});

// ---------------------------------------------------------------- OpenCode plugin
const OPENCODE_PLUGIN = `
import { appendFileSync } from "node:fs";
import type { Plugin } from "@opencode-ai/plugin";
// only a type import: OpenCode treats every runtime export as a plugin factory
export const HarnessGuard: Plugin = async () => ({
  "tool.execute.before": async (input) => {
    const mode = process.env.HARNESS_GUARD_MODE;
    appendFileSync(process.env.HARNESS_GUARD_LOG!, JSON.stringify({ tool: input.tool, mode }) + "\\n");
    if (mode === "deny") throw new Error("${DENY}: " + input.tool + " blocked by the harness test plugin");
  },
});
`;

hostSuite('OpenCode 1.18.33 (opencode run, fake chat completions)', HOSTS_FOR.opencode, () => {
  async function run(mode: 'allow' | 'deny', title: string | null) {
    const ws = workspace(`opencode-${mode}`);
    const pluginFile = join(ws.project, '..', 'harness-guard.ts');
    writeFileSync(pluginFile, OPENCODE_PLUGIN);
    const server = await startChatServer({
      threads: [
        {
          name: 'main',
          match: 'HARNESS-OPENCODE',
          turns: [{ toolCalls: [{ id: 'call_write_1', name: 'write', input: { filePath: 'opencode-made.txt', content: 'made by write\n' } }] }, { text: 'all done' }],
        },
      ],
    });
    return withServer(server, async () => {
      const result = await runOpenCode({
        project: ws.project,
        prompt: 'HARNESS-OPENCODE please write the file',
        server,
        pluginFile,
        title,
        env: { HARNESS_GUARD_MODE: mode, HARNESS_GUARD_LOG: ws.log },
        runDir: ws.runDir,
        timeoutMs: RUN_TIMEOUT_MS,
      });
      return { result, server, ws };
    });
  }

  it('control: the plugin allows, write creates the file; the title request uses no turn', async () => {
    const { result, server, ws } = await run('allow', null);
    expectCleanExit(result);
    expect(readFileSync(join(ws.project, 'opencode-made.txt'), 'utf8')).toBe('made by write\n');
    expect(logLines(ws.log)).toEqual([{ tool: 'write', mode: 'allow' }]);
    expect(server.toolResultText('call_write_1')).toBe('Wrote file successfully.');
    const title = result.requests.filter((r) => r.kind === 'title');
    expect(title.length).toBeGreaterThanOrEqual(1);
    expect(title[0]?.reply.text).toBe(FAKE_TITLE);
    expect(result.requests.filter((r) => r.kind !== 'title').map((r) => [r.kind, r.turnIndex])).toEqual([['turn', 0], ['turn', 1]]);
  }, TEST_TIMEOUT_MS);

  it('deny: a throwing tool.execute.before stops write and the model gets the message', async () => {
    const { result, server, ws } = await run('deny', 'harness deny');
    expectCleanExit(result);
    expect(existsSync(join(ws.project, 'opencode-made.txt'))).toBe(false);
    expect(server.toolResultText('call_write_1')).toBe(`${DENY}: write blocked by the harness test plugin`);
    expect(result.requests.map((r) => r.kind)).toEqual(['turn', 'turn']);
  }, TEST_TIMEOUT_MS);
});

// ---------------------------------------------------------------- Pi extension
const PI_EXTENSION = `
import { appendFileSync } from "node:fs";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
export default function harnessGuard(pi: ExtensionAPI): void {
  pi.on("tool_call", async (event) => {
    const mode = process.env.HARNESS_GUARD_MODE;
    appendFileSync(process.env.HARNESS_GUARD_LOG!, JSON.stringify({ tool: event.toolName, mode }) + "\\n");
    if (mode === "deny") return { block: true, reason: "${DENY}: " + event.toolName + " blocked by the harness test extension" };
    return undefined;
  });
}
`;

for (const variant of ['ew', 'mz'] as const satisfies readonly PiVariant[]) {
  const label = variant === 'ew' ? 'Pi 1.6.0 (@earendil-works, Node 22)' : 'Pi 0.73.1 (@mariozechner, Node 20)';
  hostSuite(`${label} (pi -p -e, fake chat completions)`, HOSTS_FOR[`pi-${variant}`], () => {
    // control runs in print mode, deny in json mode: both output modes proven
    async function run(mode: 'allow' | 'deny') {
      const ws = workspace(`pi-${variant}-${mode}`);
      const extensionFile = join(ws.project, '..', 'harness-guard.ts');
      writeFileSync(extensionFile, PI_EXTENSION);
      const server = await startChatServer(mainThread('HARNESS-PI', [
        {
          toolCalls: [
            { id: 'call_write_1', name: 'write', input: { path: 'pi-write.txt', content: 'made by write\n' } },
            { id: 'call_bash_1', name: 'bash', input: { command: 'echo made by bash > pi-bash.txt' } },
          ],
        },
        { text: 'all done' },
      ]));
      return withServer(server, async () => {
        const result = await runPi({
          variant,
          project: ws.project,
          prompt: 'HARNESS-PI please write the files',
          server,
          extensionFile,
          mode: mode === 'deny' ? 'json' : 'print',
          env: { HARNESS_GUARD_MODE: mode, HARNESS_GUARD_LOG: ws.log },
          runDir: ws.runDir,
          timeoutMs: RUN_TIMEOUT_MS,
        });
        return { result, server, ws };
      });
    }

    it('control: the extension allows, write and bash create their files', async () => {
      const { result, server, ws } = await run('allow');
      expectCleanExit(result);
      expect(readFileSync(join(ws.project, 'pi-write.txt'), 'utf8')).toBe('made by write\n');
      expect(readFileSync(join(ws.project, 'pi-bash.txt'), 'utf8')).toBe('made by bash\n');
      expect(logLines(ws.log).map((l) => l.tool).sort()).toEqual(['bash', 'write']);
      expect(server.toolResultText('call_write_1')).toMatch(/^Successfully wrote/);
      expect(result.stdout.trim()).toBe('all done');
    }, TEST_TIMEOUT_MS);

    it('deny: tool_call {block, reason} stops write and bash and the model gets the reasons', async () => {
      const { result, server, ws } = await run('deny');
      expectCleanExit(result);
      expect(existsSync(join(ws.project, 'pi-write.txt'))).toBe(false);
      expect(existsSync(join(ws.project, 'pi-bash.txt'))).toBe(false);
      expect(server.toolResultText('call_write_1')).toBe(`${DENY}: write blocked by the harness test extension`);
      expect(server.toolResultText('call_bash_1')).toBe(`${DENY}: bash blocked by the harness test extension`);
      expect(server.requestAfterToolCall('call_write_1')?.turnIndex).toBe(1);
      expect(result.events[0]).toMatchObject({ type: 'session' });
    }, TEST_TIMEOUT_MS);
  });
}
