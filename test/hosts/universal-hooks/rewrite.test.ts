/**
 * A person's hook that puts another command in place of the model's, on every real host, with
 * the artifacts as shipped: one `tool:before` hook in the user stopline.json answers Claude's
 * `updatedInput` for the model's shell call, stopline judges the new command (no contract here:
 * it runs) and hands it to the host in the host's own form (the registry's rewrite column). The
 * proof on each host that takes one: the new command ran (its file is on disk, the model's is
 * not) and the model read its output. Qwen Code 0.24.4 takes none (its row says why): there the
 * model's own command runs.
 */
import { describe, expect, it } from 'vitest';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { vibeHookTables } from '../../../hosts/vibe/install';
import { NO_NEEDS, rowsToRegister } from '../../../hosts/cli/install/observe-events';
import { vibeRegistry } from '../../../core/registry/vibe';
import {
  ensureHosts,
  HOSTS_FOR,
  mainThread,
  missingHosts,
  runClaude,
  runCodex,
  runCopilot,
  runDroid,
  runGemini,
  runOpenCode,
  runPi,
  runQwen,
  startAnthropicServer,
  startChatServer,
  startGeminiServer,
  startHostChatServer,
  startResponsesServer,
  type FakeModelServer,
  type PiVariant,
} from '../harness';
import { runVibe } from '../vibe/harness';
import { CLAUDE_DOORS, doorLaunch, expectDecidedBy } from '../claude/doors';
import { shippedGeminiHooks } from '../gemini/shipped';
import { shippedQwenHooks } from '../qwen/shipped';
import { piJitiCache } from '../pi/jiti-cache';
import { installPlugin, runHermes, writeHermesConfig } from '../hermes/real-hermes';
import { requireArtifact } from '../shared/real-host';
import { universalRuns } from './fixture';

const ALL = [...HOSTS_FOR.claude, ...HOSTS_FOR.codex, ...HOSTS_FOR.opencode, ...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz'], ...HOSTS_FOR.hermes, ...HOSTS_FOR.gemini, ...HOSTS_FOR.qwen, ...HOSTS_FOR.copilot, ...HOSTS_FOR.droid, ...HOSTS_FOR.vibe];
const status = await ensureHosts(ALL);
const { root, servers } = universalRuns('rewrite', true);

/** What the model asks for, and what the person's hook runs instead. */
const MODEL_COMMAND = 'echo MODEL-RAN > model.txt; echo MODEL-OUTPUT';
const HOOK_COMMAND = 'echo HOOK-RAN > rewritten.txt; echo REWRITE-OUTPUT-42';

interface World {
  project: string;
  runDir: string;
  home: string;
  /** the hook appends one line per call it saw */
  log: string;
}

/** A project and a HOME whose user stopline.json holds the rewriting hook. */
function world(name: string): World {
  const project = join(root, name, 'proj');
  const runDir = join(root, name, 'run');
  const home = join(runDir, 'home');
  for (const d of [project, join(home, 'hooks'), join(home, '.config', 'stopline')]) mkdirSync(d, { recursive: true });
  writeFileSync(join(project, 'a.txt'), 'alpha\n');
  const log = join(home, 'rewrite-hook.log');
  const hook = join(home, 'hooks', 'rewrite.sh');
  const answer = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: HOOK_COMMAND } } });
  writeFileSync(hook, ['#!/bin/sh', 'input=$(cat)', 'case "$input" in', `  *MODEL-RAN*) echo rewrite >> '${log}'; printf '%s' '${answer}' ;;`, `  *) echo other >> '${log}' ;;`, 'esac', ''].join('\n'));
  chmodSync(hook, 0o755);
  writeFileSync(join(home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ hooks: { 'tool:before': [{ matcher: 'Bash', hooks: [{ type: 'command', command: hook, timeout: 30 }] }] } }, null, 2));
  return { project, runDir, home, log };
}

function hookSaw(w: World): string[] {
  return existsSync(w.log) ? readFileSync(w.log, 'utf8').split('\n').filter(Boolean) : [];
}

/** The host ran the hook's command and the model read its output; the model's own never ran. */
function expectRewritten(w: World, s: FakeModelServer, callId: string): void {
  expect(hookSaw(w)).toEqual(['rewrite']);
  expect(existsSync(join(w.project, 'rewritten.txt')), 'the hook’s command did not run').toBe(true);
  expect(existsSync(join(w.project, 'model.txt')), 'the model’s command ran').toBe(false);
  expect(s.toolResultText(callId)).toContain('REWRITE-OUTPUT-42');
  expect(s.toolResultText(callId)).not.toContain('MODEL-OUTPUT');
}

async function serve(server: Promise<FakeModelServer>): Promise<FakeModelServer> {
  const s = await server;
  servers.push(s);
  return s;
}

const turns = (call: { id: string; name: string; input: Record<string, unknown> }) => mainThread('MAIN-MARK', [{ toolCalls: [call] }, { text: 'done' }]);
const PROMPT = 'MAIN-MARK run the check';
const skip = (needed: readonly (typeof ALL)[number][]) => missingHosts(status, needed).length > 0 && !status.required;

describe('a hook’s rewritten command on Claude Code 2.1.332, through each door', () => {
  for (const door of CLAUDE_DOORS) {
    it.skipIf(skip(HOSTS_FOR.claude))(`${door.name}: updatedInput runs the hook's command`, async () => {
      const w = world(`claude-${door.short}`);
      const s = await serve(startAnthropicServer(turns({ id: 'toolu_rw', name: 'Bash', input: { command: MODEL_COMMAND, description: 'run the check' } })));
      const launch = doorLaunch(door, requireArtifact('claude'), w.runDir);
      const timing = join(w.runDir, 'timing.jsonl');
      const r = await runClaude({ project: w.project, prompt: PROMPT, server: s, pluginDir: launch.pluginDir, allowedTools: ['Bash'], runDir: w.runDir, env: { STOPLINE_TIMING_FILE: timing }, ...(launch.wrapper ? { wrapper: launch.wrapper } : {}), timeoutMs: 240_000 });
      expect(r.code, `claude exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
      expectDecidedBy(door, timing);
      expectRewritten(w, s, 'toolu_rw');
    }, 300_000);
  }
});

describe('a hook’s rewritten command on Codex 0.171.0', () => {
  it.skipIf(skip(HOSTS_FOR.codex))('updatedInput runs the hook’s command', async () => {
    const w = world('codex');
    const codexHome = join(w.runDir, 'codex-home');
    mkdirSync(codexHome, { recursive: true });
    copyFileSync(requireArtifact('codex', 'stopline.mjs'), join(codexHome, 'stopline.mjs'));
    const hooksJson = JSON.parse(readFileSync(requireArtifact('codex', 'hooks.json'), 'utf8')) as Record<string, unknown>;
    const s = await serve(startResponsesServer(turns({ id: 'call_rw', name: 'exec_command', input: { cmd: MODEL_COMMAND } })));
    const r = await runCodex({ project: w.project, prompt: PROMPT, server: s, hooksJson, trust: 'persisted', runDir: w.runDir, timeoutMs: 240_000 });
    expect(r.code, `codex exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectRewritten(w, s, 'call_rw');
  }, 300_000);
});

describe('a hook’s rewritten command on Factory Droid 0.225.2', () => {
  it.skipIf(skip(HOSTS_FOR.droid))('updatedInput runs the hook’s command', async () => {
    const w = world('droid');
    const hooksJson = hookFileDoc('droid', `'${process.execPath}' '${requireArtifact('droid', 'stopline.mjs')}'`).hooks;
    const s = await serve(startHostChatServer(turns({ id: 'call_rw', name: 'Execute', input: { command: MODEL_COMMAND, summary: 'check', riskLevelReason: 'check', riskLevel: 'low' } })));
    const r = await runDroid({ project: w.project, prompt: PROMPT, server: s, runDir: w.runDir, home: w.home, hooksJson, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `droid exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectRewritten(w, s, 'call_rw');
  }, 300_000);
});

describe('a hook’s rewritten command on GitHub Copilot CLI 1.0.102', () => {
  it.skipIf(skip(HOSTS_FOR.copilot))('modifiedArgs runs the hook’s command', async () => {
    const w = world('copilot');
    const script = requireArtifact('copilot', 'stopline.mjs');
    const s = await serve(startHostChatServer(turns({ id: 'call_rw', name: 'bash', input: { command: MODEL_COMMAND, description: 'check' } })));
    const r = await runCopilot({ project: w.project, prompt: PROMPT, server: s, runDir: w.runDir, home: w.home, hookFiles: { stopline: hookFileDoc('copilot', (event) => `'${process.execPath}' '${script}' ${event}`) }, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `copilot exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectRewritten(w, s, 'call_rw');
  }, 300_000);
});

describe('a hook’s rewritten command on Gemini CLI 0.61.0 and Qwen Code 0.24.4', () => {
  it.skipIf(skip(HOSTS_FOR.gemini))('Gemini: tool_input runs the hook’s command', async () => {
    const w = world('gemini');
    const s = await serve(startGeminiServer(turns({ id: 'call_rw', name: 'run_shell_command', input: { command: MODEL_COMMAND } })));
    const r = await runGemini({ project: w.project, prompt: PROMPT, server: s, settings: { hooks: shippedGeminiHooks(requireArtifact('gemini')) }, runDir: w.runDir, timeoutMs: 240_000 });
    expect(r.code, `gemini exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectRewritten(w, s, 'call_rw');
  }, 300_000);

  it.skipIf(skip(HOSTS_FOR.qwen))("Qwen takes no rewritten command: the model's own runs", async () => {
    const w = world('qwen');
    const s = await serve(startChatServer(turns({ id: 'call_rw', name: 'run_shell_command', input: { command: MODEL_COMMAND, is_background: false } })));
    const r = await runQwen({ project: w.project, prompt: PROMPT, server: s, settings: { hooks: shippedQwenHooks(requireArtifact('qwen')) }, runDir: w.runDir, timeoutMs: 240_000 });
    expect(r.code, `qwen exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expect(hookSaw(w)).toEqual(['rewrite']);
    expect(existsSync(join(w.project, 'model.txt'))).toBe(true);
    expect(existsSync(join(w.project, 'rewritten.txt'))).toBe(false);
    expect(s.toolResultText('call_rw')).toContain('MODEL-OUTPUT');
  }, 300_000);
});

describe('a hook’s rewritten command on OpenCode 1.18.33', () => {
  it.skipIf(skip(HOSTS_FOR.opencode))('output.args edited in place runs the hook’s command', async () => {
    const w = world('opencode');
    const s = await serve(startChatServer(turns({ id: 'call_rw', name: 'bash', input: { command: MODEL_COMMAND, description: 'check' } })));
    const r = await runOpenCode({ project: w.project, prompt: PROMPT, server: s, pluginFile: requireArtifact('opencode', 'stopline.js'), runDir: w.runDir, args: ['--'], timeoutMs: 300_000 });
    expect(r.code, `opencode exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectRewritten(w, s, 'call_rw');
  }, 360_000);
});

const PI: { variant: PiVariant; label: string; hosts: readonly (typeof ALL)[number][] }[] = [
  { variant: 'ew', label: '@earendil-works/pi-coding-agent 1.6.0', hosts: HOSTS_FOR['pi-ew'] },
  { variant: 'mz', label: '@mariozechner/pi-coding-agent 0.73.1', hosts: HOSTS_FOR['pi-mz'] },
];

describe('a hook’s rewritten command on Pi', () => {
  for (const v of PI) {
    it.skipIf(skip(v.hosts))(`${v.label}: event.input edited in place runs the hook’s command`, async () => {
      const w = world(`pi-${v.variant}`);
      const s = await serve(startChatServer(turns({ id: 'call_rw', name: 'bash', input: { command: MODEL_COMMAND } })));
      const r = await runPi({ variant: v.variant, project: w.project, prompt: PROMPT, server: s, extensionFile: requireArtifact('pi', 'stopline.ts'), runDir: w.runDir, env: { TMPDIR: piJitiCache() }, timeoutMs: 300_000 });
      expect(r.code, `pi exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
      expectRewritten(w, s, 'call_rw');
    }, 360_000);
  }
});

describe('a hook’s rewritten command on Hermes Agent 0.19.0 (the plugin)', () => {
  it.skipIf(skip(HOSTS_FOR.hermes))('the args dict edited by the shim runs the hook’s command', async () => {
    const w = world('hermes');
    const c = { project: w.project, runDir: w.runDir, home: w.home };
    const s = await serve(startChatServer(turns({ id: 'call_rw', name: 'terminal', input: { command: MODEL_COMMAND } })));
    writeHermesConfig(c, s);
    installPlugin(c, 'stopline');
    await runHermes(c, s, PROMPT);
    expectRewritten(w, s, 'call_rw');
  }, 300_000);
});

describe('a hook’s rewritten command on Mistral Vibe 3.0.2', () => {
  it.skipIf(skip(HOSTS_FOR.vibe))('hook_specific_output.tool_input runs the hook’s command', async () => {
    const w = world('vibe');
    mkdirSync(join(w.home, '.vibe'), { recursive: true });
    writeFileSync(join(w.home, '.vibe', 'hooks.toml'), `${vibeHookTables(rowsToRegister(vibeRegistry, NO_NEEDS), `'${process.execPath}' '${requireArtifact('vibe', 'stopline.mjs')}'`, false)}\n`);
    const s = await serve(startChatServer(turns({ id: 'call_rw', name: 'bash', input: { command: MODEL_COMMAND } })));
    const r = await runVibe({ project: w.project, prompt: PROMPT, server: s, runDir: w.runDir, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `vibe exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectRewritten(w, s, 'call_rw');
  }, 300_000);
});
