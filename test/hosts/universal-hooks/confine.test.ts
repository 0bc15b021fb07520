/**
 * Confinement on every real host whose row says it runs a rewritten command, with the artifacts as
 * shipped: the person arms `$stopline change files=src/config.ts`, the model runs `npm test`, and
 * the project's test script writes the allowed file, the README beside it (outside files=) and a
 * canary in HOME (outside the project), then prints a marker and fails when a write failed. The
 * analysis cannot see into `npm test`, so the guard hands the host the confined command; the
 * proof is on disk (only src/config.ts changed) and in what the model read (the script's marker,
 * the failed writes and the guard's note that the contract kept them out), and the evidence
 * records CONFINED. Claude Code and Codex also run an unproven one-liner under `$stopline review`:
 * its file never appears.
 *
 * On Claude Code both doors confine: the command hooks wrap the command when they answer, the
 * plugin's mod (the default door) hands Claude Code the same short form, whose launcher runs the
 * plugin's hook script, which builds the sandbox when the command runs.
 *
 * Qwen Code 0.24.4, Kimi Code 1.51.0 and OpenHands 1.16.0 run no rewritten command (their rows say
 * why): there the command is stopped.
 * Mistral Vibe runs the whole input a pre_tool hook hands back (hook_specific_output.tool_input).
 * Where no sandbox starts on this machine, every host must stop the command instead.
 *
 * The fixture lives under the repository's `.tmp/`, not in a temp folder: temp folders are
 * writable scratch inside a confined run, so a canary there would prove nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { probeSandbox } from '../../../core/confine/probe';
import { hookFileDoc } from '../../../hosts/cli/install/hook-files';
import { CLINE_EVENTS, clineHookFile } from '../../../hosts/cline/install';
import { runCline } from '../cline/harness';
import { runOpenClaw, startOpenClawChatServer } from '../openclaw/harness';
import { runOpenHands } from '../openhands/harness';
import { runKilo } from '../kilo/harness';
import { runKimi } from '../kimi/harness';
import { vibeHookTables } from '../../../hosts/vibe/install';
import { NO_NEEDS, rowsToRegister } from '../../../hosts/cli/install/observe-events';
import { vibeRegistry } from '../../../core/registry/vibe';
import {
  ensureHosts,
  HOSTS_FOR,
  missingHosts,
  repoRoot,
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
import { readEvidence, requireArtifact, type EvidenceRecord } from '../shared/real-host';
import { kimiHooks } from '../kimi/hooks';
import { openhandsHooksMap } from '../../../hosts/openhands/install';

const ALL = [...HOSTS_FOR.claude, ...HOSTS_FOR.codex, ...HOSTS_FOR.opencode, ...HOSTS_FOR['pi-ew'], ...HOSTS_FOR['pi-mz'], ...HOSTS_FOR.hermes, ...HOSTS_FOR.gemini, ...HOSTS_FOR.qwen, ...HOSTS_FOR.copilot, ...HOSTS_FOR.droid, ...HOSTS_FOR.cline, ...HOSTS_FOR.kimi, ...HOSTS_FOR.kilo, ...HOSTS_FOR.openhands, ...HOSTS_FOR.openclaw, ...HOSTS_FOR.vibe];
const status = await ensureHosts(ALL);
mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
const root = realpathSync(mkdtempSync(join(repoRoot, '.tmp', 'confine-real-hosts-')));
const servers: FakeModelServer[] = [];
/** Whether this machine can start the sandbox; when it cannot, the answer from before must stand. */
const SANDBOX = probeSandbox(process.env as Record<string, string>);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  if (process.env.STOPLINE_KEEP_RUNS === '1') console.log(`runs kept in ${root}`);
  else rmSync(root, { recursive: true, force: true });
});

const CONFIG_BEFORE = 'export const port = 3000;\n';
const CONFIG_AFTER = 'export const port = 8080;\n';
const README = '# fixture\n';
const CANARY = 'canary: nothing may change me\n';
const MARKER = 'CONFINE-MARKER config=written readme=EROFS canary=EROFS';
/** The guard's note the wrapper prints when a confined command fails (core/confine/confine.ts failureNote). */
const KEPT_OUT_NOTE = 'ran confined to the contract';

const CHANGE_PROMPT = '$stopline change files=src/config.ts -- MAIN-MARK fix the port default and run the tests';
const REVIEW_PROMPT = '$stopline review -- MAIN-MARK look at the project';
const TEST_COMMAND = 'npm test';
const ONE_LINER = `python3 -c "open('x.txt','w').write('1')"`;

interface World {
  project: string;
  runDir: string;
  home: string;
  canary: string;
}

/** A git project with src/config.ts, a README and a test script that writes both and a canary in HOME. */
function world(name: string): World {
  const project = join(root, name, 'proj');
  const runDir = join(root, name, 'run');
  const home = join(runDir, 'home');
  for (const d of [join(project, 'src'), join(project, 'scripts'), home]) mkdirSync(d, { recursive: true });
  const canary = join(home, 'canary.txt');
  writeFileSync(canary, CANARY);
  writeFileSync(join(project, 'src', 'config.ts'), CONFIG_BEFORE);
  writeFileSync(join(project, 'README.md'), README);
  // npm stays off the network (no update check) in every host's shell
  writeFileSync(join(project, '.npmrc'), 'update-notifier=false\noffline=true\n');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fixture', version: '1.0.0', private: true, scripts: { test: 'node scripts/check.js' } }, null, 2));
  writeFileSync(
    join(project, 'scripts', 'check.js'),
    [
      "const fs = require('node:fs');",
      'const seen = [];',
      'function attempt(label, file, text) {',
      "  try { fs.writeFileSync(file, text); seen.push(label + '=written'); }",
      "  catch (err) { seen.push(label + '=' + err.code); console.error(label + ': ' + err.message); }",
      '}',
      `attempt('config', 'src/config.ts', ${JSON.stringify(CONFIG_AFTER)});`,
      `attempt('readme', 'README.md', 'rewritten by the test\\n');`,
      `attempt('canary', ${JSON.stringify(canary)}, 'changed\\n');`,
      "console.log('CONFINE-MARKER ' + seen.join(' '));",
      "process.exitCode = seen.every((s) => s.endsWith('=written')) ? 0 : 1;",
      '',
    ].join('\n'),
  );
  spawnSync('git', ['init', '-q'], { cwd: project });
  return { project, runDir, home, canary };
}

const read = (p: string): string => readFileSync(p, 'utf8');

/** The tool result the model read, also kept in the run folder (STOPLINE_KEEP_RUNS=1 keeps the runs). */
function modelRead(w: World, s: FakeModelServer, callId: string): string {
  const text = s.toolResultText(callId) ?? '';
  writeFileSync(join(w.runDir, 'tool-result.txt'), text);
  return text;
}

/** Every data folder stopline wrote evidence to in this run: hosts name their own (Claude's plugin data, …). */
function dataDirs(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory() || e.name === 'node_modules' || e.name === '.git') continue;
    if (e.name === 'runtime') out.push(dir);
    else dataDirs(join(dir, e.name), out);
  }
  return out;
}

function evidence(w: World): EvidenceRecord[] {
  return dataDirs(w.runDir).flatMap((d) => readEvidence(d));
}

/** The reason codes of the guard's decisions, from the evidence as recorded (metadata only). */
function reasonCodes(w: World): string[] {
  return evidence(w).flatMap((r) => (r.decision?.reasonCode ? [r.decision.reasonCode] : []));
}

/**
 * Calls the turn end found in the host's own record with no check of the guard's (hosts whose
 * record stopline reads): a confined call was checked, so the person must not be told it went unseen.
 */
function unseenCalls(w: World): number {
  return evidence(w).reduce((n, r) => n + (r.type === 'seen' ? ((r.seen as { unseen?: number } | undefined)?.unseen ?? 0) : 0), 0);
}

/** The host ran the confined `npm test`: only the allowed file changed, and the model read why the rest did not. */
function expectTestRanConfined(w: World, s: FakeModelServer, callId: string): void {
  const text = modelRead(w, s, callId);
  expect(read(join(w.project, 'src', 'config.ts')), `the test script did not run\nthe model read: ${text.slice(0, 3000)}`).toBe(CONFIG_AFTER);
  expect(read(join(w.project, 'README.md')), 'a write outside files= was made').toBe(README);
  expect(read(w.canary), 'a write outside the project was made').toBe(CANARY);
  expect(text).toContain(MARKER);
  expect(text).toContain('EROFS: read-only file system');
  expect(text).toContain(KEPT_OUT_NOTE);
  expect(text).toContain('Read-only file system');
  expect(reasonCodes(w)).toContain('CONFINED');
  expect(unseenCalls(w), 'the confined call was reported as one the guard never saw').toBe(0);
}

/** The confined call went to the host in the short form: the evidence says its launcher script was written. */
const handedShortForm = (w: World): boolean => evidence(w).some((r) => (r.decision as { reasonCode?: string } | undefined)?.reasonCode === 'CONFINED' && (r.confined as { launcher?: boolean } | undefined)?.launcher === true);

/** Nothing ran: the test's marker never reached the model, nothing changed, the evidence says why. */
function expectStopped(w: World, s: FakeModelServer, callId: string, reasonCode: string): void {
  expect(read(join(w.project, 'src', 'config.ts')), 'the unproven command ran unconfined').toBe(CONFIG_BEFORE);
  expect(read(join(w.project, 'README.md'))).toBe(README);
  expect(read(w.canary)).toBe(CANARY);
  expect(modelRead(w, s, callId)).not.toContain('CONFINE-MARKER');
  const codes = reasonCodes(w);
  expect(codes).toContain(reasonCode);
  expect(codes).not.toContain('CONFINED');
}

/** Confined where a sandbox starts; stopped with the unproven rule where none does. */
function expectTestRun(w: World, s: FakeModelServer, callId: string): void {
  if (SANDBOX.ok) expectTestRanConfined(w, s, callId);
  else expectStopped(w, s, callId, 'WRITE_PATH_UNPROVEN');
}

/** Under review the one-liner's write failed inside the sandbox (or it was stopped): x.txt never appeared. */
function expectOneLiner(w: World, s: FakeModelServer, callId: string): void {
  expect(existsSync(join(w.project, 'x.txt')), 'the one-liner wrote under review').toBe(false);
  const codes = reasonCodes(w);
  if (!SANDBOX.ok) {
    expect(codes).toContain('MUTABILITY_UNPROVEN');
    return;
  }
  const text = modelRead(w, s, callId);
  expect(text).toContain('Read-only file system');
  expect(text).toContain(KEPT_OUT_NOTE);
  expect(codes).toContain('CONFINED');
  expect(unseenCalls(w), 'the confined call was reported as one the guard never saw').toBe(0);
}

async function serve(server: Promise<FakeModelServer>): Promise<FakeModelServer> {
  const s = await server;
  servers.push(s);
  return s;
}

const turns = (call: { id: string; name: string; input: Record<string, unknown> }) => ({ threads: [{ name: 'main', match: 'MAIN-MARK', turns: [{ toolCalls: [call] }, { text: 'done' }] }] });
const skip = (needed: readonly (typeof ALL)[number][]) => missingHosts(status, needed).length > 0 && !status.required;

describe('confinement on Claude Code 2.1.332', () => {
  const run = async (name: string, prompt: string, command: string, door = CLAUDE_DOORS.find((d) => d.short === 'cmd')!) => {
    const w = world(name);
    const s = await serve(startAnthropicServer(turns({ id: 'toolu_cf', name: 'Bash', input: { command, description: 'run it' } })));
    const launch = doorLaunch(door, requireArtifact('claude'), w.runDir);
    const timing = join(w.runDir, 'timing.jsonl');
    const r = await runClaude({ project: w.project, prompt, server: s, pluginDir: launch.pluginDir, allowedTools: ['Bash'], runDir: w.runDir, env: { STOPLINE_TIMING_FILE: timing }, ...(launch.wrapper ? { wrapper: launch.wrapper } : {}), timeoutMs: 240_000 });
    expect(r.code, `claude exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectDecidedBy(door, timing);
    return { w, s };
  };
  it.skipIf(skip(HOSTS_FOR.claude))('the command hooks: change files=src/config.ts: npm test runs confined', async () => {
    const { w, s } = await run('claude-change', CHANGE_PROMPT, TEST_COMMAND);
    expectTestRun(w, s, 'toolu_cf');
  }, 300_000);
  // the mod decides inside Claude Code's process, where no sandbox can be started: its rewrite
  // runs the plugin's hook script, which builds the sandbox when the command runs
  it.skipIf(skip(HOSTS_FOR.claude))('the mod (the default door): change files=src/config.ts: npm test runs confined', async () => {
    const { w, s } = await run('claude-mod', CHANGE_PROMPT, TEST_COMMAND, CLAUDE_DOORS.find((d) => d.short === 'mod')!);
    expectTestRun(w, s, 'toolu_cf');
    if (SANDBOX.ok) expect(handedShortForm(w), 'the mod handed back the runner line, not the launcher').toBe(true);
  }, 300_000);
  it.skipIf(skip(HOSTS_FOR.claude))('the command hooks: review: an unproven one-liner runs confined and writes nothing', async () => {
    const { w, s } = await run('claude-review', REVIEW_PROMPT, ONE_LINER);
    expectOneLiner(w, s, 'toolu_cf');
  }, 300_000);
  it.skipIf(skip(HOSTS_FOR.claude))('the mod: review: an unproven one-liner runs confined and writes nothing', async () => {
    const { w, s } = await run('claude-mod-review', REVIEW_PROMPT, ONE_LINER, CLAUDE_DOORS.find((d) => d.short === 'mod')!);
    expectOneLiner(w, s, 'toolu_cf');
    if (SANDBOX.ok) expect(handedShortForm(w), 'the mod handed back the runner line, not the launcher').toBe(true);
  }, 300_000);
});

describe('confinement on Codex 0.171.0', () => {
  const run = async (name: string, prompt: string, command: string) => {
    const w = world(name);
    const codexHome = join(w.runDir, 'codex-home');
    mkdirSync(codexHome, { recursive: true });
    copyFileSync(requireArtifact('codex', 'stopline.mjs'), join(codexHome, 'stopline.mjs'));
    const hooksJson = JSON.parse(readFileSync(requireArtifact('codex', 'hooks.json'), 'utf8')) as Record<string, unknown>;
    const s = await serve(startResponsesServer(turns({ id: 'call_cf', name: 'exec_command', input: { cmd: command } })));
    const r = await runCodex({ project: w.project, prompt, server: s, hooksJson, trust: 'persisted', runDir: w.runDir, timeoutMs: 240_000 });
    expect(r.code, `codex exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    return { w, s };
  };
  it.skipIf(skip(HOSTS_FOR.codex))('change files=src/config.ts: npm test runs confined', async () => {
    const { w, s } = await run('codex-change', CHANGE_PROMPT, TEST_COMMAND);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
  it.skipIf(skip(HOSTS_FOR.codex))('review: an unproven one-liner runs confined and writes nothing', async () => {
    const { w, s } = await run('codex-review', REVIEW_PROMPT, ONE_LINER);
    expectOneLiner(w, s, 'call_cf');
  }, 300_000);
});

describe('confinement on Factory Droid 0.225.2', () => {
  it.skipIf(skip(HOSTS_FOR.droid))('change files=src/config.ts: npm test runs confined', async () => {
    const w = world('droid');
    const hooksJson = hookFileDoc('droid', `'${process.execPath}' '${requireArtifact('droid', 'stopline.mjs')}'`).hooks;
    const s = await serve(startHostChatServer(turns({ id: 'call_cf', name: 'Execute', input: { command: TEST_COMMAND, summary: 'tests', riskLevelReason: 'tests', riskLevel: 'low' } })));
    const r = await runDroid({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, home: w.home, hooksJson, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `droid exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});

describe('confinement on GitHub Copilot CLI 1.0.102', () => {
  it.skipIf(skip(HOSTS_FOR.copilot))('change files=src/config.ts: npm test runs confined', async () => {
    const w = world('copilot');
    const script = requireArtifact('copilot', 'stopline.mjs');
    const s = await serve(startHostChatServer(turns({ id: 'call_cf', name: 'bash', input: { command: TEST_COMMAND, description: 'tests' } })));
    const r = await runCopilot({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, home: w.home, hookFiles: { stopline: hookFileDoc('copilot', (event) => `'${process.execPath}' '${script}' ${event}`) }, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `copilot exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});

describe('confinement on Cline CLI 3.0.65', () => {
  it.skipIf(skip(HOSTS_FOR.cline))('change files=src/config.ts: npm test runs confined (overrideInput)', async () => {
    const w = world('cline');
    const command = `'${process.execPath}' '${requireArtifact('cline', 'stopline.mjs')}'`;
    const hooks = Object.fromEntries(CLINE_EVENTS.map((e) => [e, clineHookFile(command, e)]));
    const s = await serve(startHostChatServer(turns({ id: 'call_cf', name: 'run_commands', input: { commands: [TEST_COMMAND] } })));
    const r = await runCline({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, hooks, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `cline exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});

describe('confinement on Gemini CLI 0.61.0; Qwen Code 0.24.4 stops the command', () => {
  it.skipIf(skip(HOSTS_FOR.gemini))('Gemini: change files=src/config.ts: npm test runs confined', async () => {
    const w = world('gemini');
    const s = await serve(startGeminiServer(turns({ id: 'call_cf', name: 'run_shell_command', input: { command: TEST_COMMAND } })));
    const r = await runGemini({ project: w.project, prompt: CHANGE_PROMPT, server: s, settings: { hooks: shippedGeminiHooks(requireArtifact('gemini')) }, runDir: w.runDir, timeoutMs: 240_000 });
    expect(r.code, `gemini exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);

  it.skipIf(skip(HOSTS_FOR.qwen))('Qwen runs no rewritten command: npm test is stopped, nothing changes', async () => {
    const w = world('qwen');
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'run_shell_command', input: { command: TEST_COMMAND, is_background: false } })));
    const r = await runQwen({ project: w.project, prompt: CHANGE_PROMPT, server: s, settings: { hooks: shippedQwenHooks(requireArtifact('qwen')) }, runDir: w.runDir, timeoutMs: 240_000 });
    expect(r.code, `qwen exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectStopped(w, s, 'call_cf', 'WRITE_PATH_UNPROVEN');
    expect(s.toolResultText('call_cf') ?? '').toContain('WRITE_PATH_UNPROVEN');
  }, 300_000);
});

describe('confinement on OpenCode 1.18.33', () => {
  it.skipIf(skip(HOSTS_FOR.opencode))('change files=src/config.ts: npm test runs confined', async () => {
    const w = world('opencode');
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'bash', input: { command: TEST_COMMAND, description: 'tests' } })));
    const r = await runOpenCode({ project: w.project, prompt: CHANGE_PROMPT, server: s, pluginFile: requireArtifact('opencode', 'stopline.js'), runDir: w.runDir, args: ['--'], timeoutMs: 300_000 });
    expect(r.code, `opencode exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 360_000);
});

const PI: { variant: PiVariant; label: string; hosts: readonly (typeof ALL)[number][] }[] = [
  { variant: 'ew', label: '@earendil-works/pi-coding-agent 1.6.0', hosts: HOSTS_FOR['pi-ew'] },
  { variant: 'mz', label: '@mariozechner/pi-coding-agent 0.73.1', hosts: HOSTS_FOR['pi-mz'] },
];

describe('confinement on Pi', () => {
  for (const v of PI) {
    it.skipIf(skip(v.hosts))(`${v.label}: change files=src/config.ts: npm test runs confined`, async () => {
      const w = world(`pi-${v.variant}`);
      const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'bash', input: { command: TEST_COMMAND } })));
      const r = await runPi({ variant: v.variant, project: w.project, prompt: CHANGE_PROMPT, server: s, extensionFile: requireArtifact('pi', 'stopline.ts'), runDir: w.runDir, env: { TMPDIR: piJitiCache() }, timeoutMs: 300_000 });
      expect(r.code, `pi exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
      expectTestRun(w, s, 'call_cf');
    }, 360_000);
  }
});

describe('confinement on Hermes Agent 0.19.0 (the plugin)', () => {
  it.skipIf(skip(HOSTS_FOR.hermes))('change files=src/config.ts: npm test runs confined', async () => {
    const w = world('hermes');
    const c = { project: w.project, runDir: w.runDir, home: w.home };
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'terminal', input: { command: TEST_COMMAND } })));
    writeHermesConfig(c, s);
    installPlugin(c, 'stopline');
    await runHermes(c, s, CHANGE_PROMPT);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});

describe('Kimi Code 1.51.0 stops the command', () => {
  it.skipIf(skip(HOSTS_FOR.kimi))('Kimi runs no rewritten command: npm test is stopped, nothing changes', async () => {
    const w = world('kimi');
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'Shell', input: { command: TEST_COMMAND } })));
    const r = await runKimi({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, hooks: kimiHooks(), env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `kimi exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectStopped(w, s, 'call_cf', 'WRITE_PATH_UNPROVEN');
    expect(s.toolResultText('call_cf') ?? '').toContain('WRITE_PATH_UNPROVEN');
  }, 300_000);
});

describe('confinement on Kilo Code 7.7.7 (OpenCode\'s plugin)', () => {
  it.skipIf(skip(HOSTS_FOR.kilo))('change files=src/config.ts: npm test runs confined', async () => {
    const w = world('kilo');
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'bash', input: { command: TEST_COMMAND, description: 'tests' } })));
    const r = await runKilo({ project: w.project, prompt: CHANGE_PROMPT, server: s, pluginFile: requireArtifact('opencode', 'stopline.js'), runDir: w.runDir, args: ['--'], timeoutMs: 300_000 });
    expect(r.code, `kilo exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 360_000);
});

describe('OpenHands 1.16.0 runs no rewritten command', () => {
  it.skipIf(skip(HOSTS_FOR.openhands))('change files=src/config.ts: npm test is stopped, nothing changes', async () => {
    const w = world('openhands');
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'terminal', input: { command: TEST_COMMAND, security_risk: 'LOW' } })));
    const hooksJson = openhandsHooksMap(`'${process.execPath}' '${requireArtifact('openhands', 'stopline.mjs')}'`);
    const r = await runOpenHands({ project: w.project, prompt: CHANGE_PROMPT, server: s, hooksJson, runDir: w.runDir, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 300_000 });
    expect(r.code, `openhands exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectStopped(w, s, 'call_cf', 'WRITE_PATH_UNPROVEN');
    expect(s.toolResultText('call_cf') ?? '').toContain('Action rejected: STOP');
  }, 360_000);
});

describe('confinement on OpenClaw 2026.9.6', () => {
  it.skipIf(skip(HOSTS_FOR.openclaw))('change files=src/config.ts: npm test runs confined ({params} with the confined command)', async () => {
    const w = world('openclaw');
    const s = await serve(startOpenClawChatServer(turns({ id: 'call_cf', name: 'exec', input: { title: 'tests', command: TEST_COMMAND } })));
    const plugin = { dir: join(requireArtifact('openclaw', 'index.js'), '..'), id: 'stopline', conversationAccess: true };
    const r = await runOpenClaw({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, plugins: [plugin], env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `openclaw exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});

describe('confinement on Mistral Vibe 3.0.2', () => {
  it.skipIf(skip(HOSTS_FOR.vibe))('change files=src/config.ts: npm test runs confined (hook_specific_output.tool_input)', async () => {
    const w = world('vibe');
    const script = requireArtifact('vibe', 'stopline.mjs');
    mkdirSync(join(w.home, '.vibe'), { recursive: true });
    writeFileSync(join(w.home, '.vibe', 'hooks.toml'), `${vibeHookTables(rowsToRegister(vibeRegistry, NO_NEEDS), `'${process.execPath}' '${script}'`, false)}\n`);
    const s = await serve(startChatServer(turns({ id: 'call_cf', name: 'bash', input: { command: TEST_COMMAND } })));
    const r = await runVibe({ project: w.project, prompt: CHANGE_PROMPT, server: s, runDir: w.runDir, env: { STOPLINE_DASHBOARD: 'off' }, timeoutMs: 240_000 });
    expect(r.code, `vibe exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
    expectTestRun(w, s, 'call_cf');
  }, 300_000);
});
