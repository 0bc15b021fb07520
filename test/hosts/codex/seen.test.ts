/**
 * The per-session check on the real Codex CLI 0.171.0 with the shipped dist/codex (hooks.json and
 * stopline.mjs as built, trusted as a real install trusts them), offline against the harness's
 * fake Responses server.
 *
 * A bypass: the PreToolUse hook's matcher narrowed to apply_patch, so an exec_command never
 * reaches it (as an edited hooks file, or one Codex partly stopped trusting, would leave it).
 * The command runs; at the turn end the rollout holds it and the guard has no check of it. The
 * model reads the UNSEEN stamp as the Stop block reason (Codex's `<hook_prompt>`), once; the
 * person reads the systemMessage, which Codex hands its client as a warning entry of the hook
 * run (`hook/completed` over the app-server protocol the TUI and the IDE extension speak), and
 * the block reason beside it as the run's feedback entry.
 *
 * A clean session: every call seen, the turn end compares and says nothing.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { renderCodexHookTrustToml, codexHookTrustEntries } from '../../../hosts/codex/hook-trust';
import { codexBinary, codexConfigToml, ensureHosts, HOSTS_FOR, mainThread, runCodex, startResponsesServer, type FakeModelScript, type FakeModelServer } from '../harness';
import { baseEnv } from '../harness/process';
import { describeRealHost, readEvidence, realHostRuns, requestText, requireArtifact, stoplineDataDir, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.codex);
const artifactDir = requireArtifact('codex');
requireArtifact('codex', 'stopline.mjs');
const shipped = JSON.parse(readFileSync(requireArtifact('codex', 'hooks.json'), 'utf8')) as { hooks: Record<string, { matcher?: string }[]> };
const TEST_TIMEOUT_MS = 240_000;

const runs = realHostRuns({ prefix: 'codex-seen', startServer: startResponsesServer, describeTimings: () => null });

/** The shipped hooks file with the PreToolUse group matching apply_patch only: exec_command runs unseen. */
function hooksSkippingShell(): Record<string, unknown> {
  const doc = JSON.parse(JSON.stringify(shipped)) as typeof shipped;
  doc.hooks.PreToolUse![0]!.matcher = 'apply_patch';
  return doc;
}

/** `touch x`, an apply_patch adding new.txt, `done`; asked again after a Stop block, `noted`. */
function touchThenPatch(): FakeModelScript {
  return mainThread('add new.txt', [
    { toolCalls: [{ id: 'call_seen_touch', name: 'exec_command', input: { cmd: 'touch x' } }] },
    { toolCalls: [{ id: 'call_seen_patch', name: 'apply_patch', input: '*** Begin Patch\n*** Add File: new.txt\n+new\n*** End Patch\n' }] },
    { text: 'done' },
    { text: 'noted' },
  ]);
}

interface Case extends RealHostCase {
  codexHome: string;
}

function newCase(name: string): Case {
  const c = runs.newCase(name);
  const codexHome = join(c.runDir, 'codex-home');
  mkdirSync(codexHome, { recursive: true });
  copyFileSync(join(artifactDir, 'stopline.mjs'), join(codexHome, 'stopline.mjs'));
  return { ...c, codexHome };
}

const seenRecords = (c: Case) => readEvidence(stoplineDataDir(c.home)).filter((e) => e.type === 'seen') as unknown as { seen: Record<string, unknown> }[];
const hookPrompts = (s: FakeModelServer) => s.requests.filter((q) => requestText(q.body).includes('<hook_prompt'));

interface AppServerTurn {
  /** every notification the server sent */
  notifications: { method: string; params: Record<string, unknown> }[];
}

/**
 * One turn through `codex app-server` (JSON-RPC lines on stdio), with the run's CODEX_HOME
 * (config.toml, hooks.json and their trust written as runCodex writes them).
 */
async function appServerTurn(c: Case, s: FakeModelServer, hooksJson: Record<string, unknown>, prompt: string): Promise<AppServerTurn> {
  const hooksPath = join(c.codexHome, 'hooks.json');
  writeFileSync(hooksPath, JSON.stringify(hooksJson, null, 2));
  writeFileSync(join(c.codexHome, 'config.toml'), `${codexConfigToml(s)}\n${renderCodexHookTrustToml(codexHookTrustEntries(hooksPath, hooksJson))}`);
  const tmp = join(c.runDir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const env = { ...baseEnv(c.home, tmp), CODEX_HOME: c.codexHome, FAKE_MODEL_API_KEY: 'harness-dummy-key', RUST_LOG: 'error' };
  const child = spawn(codexBinary(), ['app-server'], { cwd: c.project, env, stdio: ['pipe', 'pipe', 'ignore'] });
  const notifications: AppServerTurn['notifications'] = [];
  const waiting = new Map<number, (msg: Record<string, unknown>) => void>();
  let nextId = 0;
  let done: () => void = () => undefined;
  const completed = new Promise<void>((resolve) => (done = resolve));
  let buf = '';
  child.stdout.on('data', (d: Buffer) => {
    buf += d.toString('utf8');
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (!line.trim()) continue;
      const msg = JSON.parse(line) as { id?: number; method?: string; params?: Record<string, unknown> };
      if (msg.method && msg.id !== undefined) child.stdin.write(`${JSON.stringify({ id: msg.id, result: { decision: 'decline' } })}\n`);
      else if (msg.id !== undefined) waiting.get(msg.id)?.(msg as Record<string, unknown>);
      else if (msg.method) {
        notifications.push({ method: msg.method, params: msg.params ?? {} });
        if (msg.method === 'turn/completed') done();
      }
    }
  });
  const call = (method: string, params: unknown) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  let timer: NodeJS.Timeout | undefined;
  try {
    await call('initialize', { clientInfo: { name: 'stopline-test', version: '0' } });
    child.stdin.write(`${JSON.stringify({ method: 'initialized' })}\n`);
    const started = (await call('thread/start', { cwd: c.project, approvalPolicy: 'never', sandbox: 'danger-full-access' })) as { result?: { thread?: { id?: string } } };
    const threadId = started.result?.thread?.id;
    expect(threadId, JSON.stringify(started)).toBeTruthy();
    await call('turn/start', { threadId, input: [{ type: 'text', text: prompt }] });
    await Promise.race([completed, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the turn did not complete in 120 s')), 120_000)))]);
  } finally {
    clearTimeout(timer);
    child.stdin.end();
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
  }
  return { notifications };
}

describeRealHost(status, 'Codex 0.171.0: the per-session check at the turn end', HOSTS_FOR.codex, TEST_TIMEOUT_MS, () => {
  it('an exec_command the hook never saw: the model reads the stamp as the Stop block reason once; the person gets a warning entry', async () => {
    const c = newCase('bypass');
    const s = await runs.server(touchThenPatch());
    const turn = await appServerTurn(c, s, hooksSkippingShell(), '$stopline change -- add new.txt');
    // the bypass is real: the touch ran unchecked, the patch was checked
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    expect(existsSync(join(c.project, 'new.txt'))).toBe(true);
    // the person: the Stop hook run carries the notice as a warning for the client to show
    const stops = turn.notifications.filter((n) => n.method === 'hook/completed' && (n.params.run as { eventName?: string }).eventName === 'stop');
    const entries = stops.flatMap((n) => (n.params.run as { entries: { kind: string; text: string }[] }).entries);
    expect(entries[0]).toEqual({ kind: 'warning', text: 'stopline: 1 tool call in this session ran without stopline checking it (shell 1): its hook did not run. Run `stopline doctor` to see why.' });
    // and the block reason the model reads is shown as the hook's feedback
    expect(entries.slice(1).map((e) => [e.kind, e.text.split('\n')[0]])).toEqual([['feedback', 'UNSEEN / CONTROL']]);
    expect(stops.map((n) => (n.params.run as { status: string }).status)).toEqual(['blocked', 'completed']);
    // the model: the stamp once, as the hook prompt of the continued turn, which then ends
    const prompted = hookPrompts(s);
    expect(prompted.length).toBeGreaterThan(0);
    const text = requestText(prompted[0]!.body);
    expect(text).toContain('UNSEEN / CONTROL');
    expect(text).toContain('Reason: CALLS_UNSEEN (C)');
    expect(s.requests.filter((q) => q.kind === 'turn').length).toBe(4);
    const seen = seenRecords(c).map((e) => e.seen);
    expect(seen[0]).toMatchObject({ read: 'whole', hostCalls: 2, checked: 1, unseen: 1, unseenKinds: { shell: 1 } });
    expect(seen[1]).toMatchObject({ hostCalls: 2, checked: 1, unseen: 0 });
    expect(JSON.stringify(readEvidence(stoplineDataDir(c.home)))).not.toContain('call_seen');
  });

  it('a clean session (codex exec, the hooks as shipped): the turn end compares and says nothing', async () => {
    const c = newCase('clean');
    const s = await runs.server(touchThenPatch());
    const r = await runCodex({ project: c.project, prompt: '$stopline change -- add new.txt', server: s, hooksJson: shipped, trust: 'persisted', runDir: c.runDir });
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    expect(hookPrompts(s)).toEqual([]);
    expect(s.requests.filter((q) => q.kind === 'turn').length).toBe(3);
    expect(seenRecords(c).map((e) => e.seen)).toEqual([{ read: 'whole', hostCalls: 2, checked: 2, unseen: 0, unseenKinds: {}, unseenKeys: [], noHook: 0, whileOff: 0 }]);
  });
});
