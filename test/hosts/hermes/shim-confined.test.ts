/**
 * A confined command as the shim hands it to Hermes. The evaluator answers with the short form
 * core builds (`'/bin/sh' <launcher script in stopline's folder> <the model's command>`, the
 * script already written; core/confine/launcher.ts), or the whole sandbox wrapper when the script
 * could not be written, and marks it as stopline's own. The shim takes the command as given.
 * Hermes's terminal tool checks the line it runs with its own dangerous-command detector and, in
 * an interactive CLI, a gateway or HERMES_EXEC_ASK, asks a person about a hit: where Hermes would
 * ask about the line only for stopline's part of it, the call is stopped at once with a stamp
 * that says why (not sent to a prompt that, with nobody there, denies after a minute), and the
 * evaluator is told, so the evidence says the call did not run.
 *
 * Hermes's detector is played by a stand-in `tools.approval` module put in sys.modules (the shim
 * only uses a module Hermes has loaded); the evaluator by a recorder in place of its dispatch.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shellQuote } from '../../../core/confine/bwrap';
import { readSessionEvents } from '../../../core/evidence/log';
import { sessionStore } from '../../../core/state/session';
import { PYTHON, realBundle, REPO } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'stopline-shim-confined-'));
  dirs.push(d);
  return d;
}

/** The short form core hands back (core/confine/launcher.ts). */
function shortFor(command: string, dataDir: string): string {
  return [`/bin/sh`, path.join(dataDir, 'confined', `${'ab12'.repeat(10)}.sh`), command].map(shellQuote).join(' ');
}

/** The inline form (core/confine/bwrap.ts), used when the launcher could not be written. */
function wrapperFor(command: string, bwrap: string): string {
  return `${shellQuote(bwrap)} '--new-session' '--bind' '/' '/' '--' '/bin/bash' '-c' ${shellQuote(command)}; stopline_status=$?; (exit "$stopline_status")`;
}

/**
 * The stand-in detector flags any line holding `flag_word` (`False` = the module is absent); `live`
 * is what its interactive-CLI probe says, `bypass` its yolo / approvals.mode off.
 */
interface Approval {
  flagWord: string | false;
  live?: boolean;
  bypass?: boolean;
  approved?: boolean;
}

interface Shaped {
  returned: unknown;
  kwargs: unknown;
  /** what the shim sent the evaluator after it shaped the answer */
  sent: [string, Record<string, unknown>][];
}

function shape(output: unknown, kwargs: unknown, dataDir: string, approval: Approval): Shaped {
  const program = [
    'import importlib.util, json, sys, types',
    'output, kwargs, a = json.loads(sys.argv[1]), json.loads(sys.argv[2]), json.loads(sys.argv[3])',
    'if a["flagWord"] is not False:',
    '    m = types.ModuleType("tools.approval")',
    '    m.detect_dangerous_command = lambda c: (True, "k", "PowerShell encoded command execution") if a["flagWord"] in c else (False, None, None)',
    '    m._is_interactive_cli = lambda: bool(a.get("live"))',
    '    m._is_gateway_approval_context = lambda: False',
    '    m.is_approval_bypass_active = lambda: bool(a.get("bypass"))',
    '    m.is_approved = lambda s, k: bool(a.get("approved"))',
    '    m.get_current_session_key = lambda: "s"',
    '    sys.modules["tools.approval"] = m',
    `spec = importlib.util.spec_from_file_location("stopline_shim", ${JSON.stringify(path.join(REPO, 'hosts', 'hermes', '__init__.py'))})`,
    'shim = importlib.util.module_from_spec(spec); spec.loader.exec_module(shim)',
    'sent = []',
    'shim.EVALUATOR.dispatch = lambda event, payload: sent.append([event, payload])',
    'returned = shim.shape_pre_tool_call(output, kwargs)',
    'print(json.dumps({"returned": returned, "kwargs": kwargs, "sent": sent}))',
  ].join('\n');
  const env = { ...process.env, STOPLINE_HOST_DATA_DIR: dataDir, HERMES_EXEC_ASK: '' };
  const r = spawnSync(PYTHON, ['-c', program, JSON.stringify(output), JSON.stringify(kwargs), JSON.stringify(approval)], { encoding: 'utf8', env });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Shaped;
}

const commandOf = (kwargs: unknown) => (kwargs as { args: { command: string } }).args.command;
const CONFINED = { stopline_confined: { event: 'evt_0123456789abcdef0123' } };

describe('a confined command handed to Hermes', () => {
  it('the short form goes to Hermes as the evaluator gave it, other arguments kept, the mark not handed on, nothing written by the shim', () => {
    const data = path.join(tempDir(), 'data');
    const command = "echo 'it''s' > out.txt";
    const short = shortFor(command, data);
    const out = shape({ action: 'modify', args: { command: short, timeout: 5 }, ...CONFINED }, { tool_name: 'terminal', args: { command, timeout: 5 } }, data, { flagWord: false });
    expect(out.returned).toEqual({ action: 'modify', args: { command: short, timeout: 5 } });
    expect(commandOf(out.kwargs)).toBe(short);
    expect(out.sent).toEqual([]);
    expect(existsSync(data)).toBe(false);
  });

  it('the inline wrapper (the launcher could not be written) is handed over as it came', () => {
    const data = path.join(tempDir(), 'data');
    const wrapped = wrapperFor('npm test', '/usr/bin/bwrap');
    const out = shape({ action: 'modify', args: { command: wrapped }, ...CONFINED }, { tool_name: 'terminal', args: { command: 'npm test' } }, data, { flagWord: false });
    expect(commandOf(out.kwargs)).toBe(wrapped);
    expect(existsSync(data)).toBe(false);
  });

  it("where Hermes would ask about the line only for stopline's part, the call is stopped at once with a stamp saying why, and the evaluator is told which record it corrects", () => {
    // stopline's folder carries the word Hermes flags
    const data = path.join(tempDir(), 'PowerShell');
    const kwargs = { tool_name: 'terminal', session_id: 's1', args: { command: 'npm install left-pad' } };
    const out = shape({ action: 'modify', args: { command: shortFor('npm install left-pad', data) }, ...CONFINED }, kwargs, data, { flagWord: 'PowerShell', live: true });
    expect(out.returned).toMatchObject({ action: 'block' });
    const message = (out.returned as { message: string }).message;
    expect(message).toMatch(/^STOP \/ CONTROL\nstopline would run this command confined, but Hermes's own dangerous-command check flags the confined command line \(PowerShell encoded command execution\)/);
    expect(message).toContain('Reason: GUARD_UNAVAILABLE (C)');
    expect(commandOf(out.kwargs)).toBe('npm install left-pad');
    expect(out.sent).toHaveLength(1);
    expect(out.sent[0]![0]).toBe('stopline_shim_stopped');
    expect(out.sent[0]![1]).toMatchObject({ tool_name: 'terminal', session_id: 's1', args: { command: 'npm install left-pad' }, stopline_corrects: CONFINED.stopline_confined.event });
  });

  it('no stop when Hermes would not ask (no prompt as in hermes -z, approvals bypassed, already approved), when the model\'s own command is flagged too, or for a person\'s hook\'s rewrite', () => {
    const data = path.join(tempDir(), 'PowerShell');
    const run = (command: string, a: Omit<Approval, 'flagWord'>) =>
      shape({ action: 'modify', args: { command: shortFor(command, data) }, ...CONFINED }, { tool_name: 'terminal', args: { command } }, data, { flagWord: 'PowerShell', ...a });
    expect((run('ls', { live: false }).returned as { action: string }).action).toBe('modify');
    expect((run('ls', { live: true, bypass: true }).returned as { action: string }).action).toBe('modify');
    expect((run('ls', { live: true, approved: true }).returned as { action: string }).action).toBe('modify');
    // Hermes asks about the model's own command as it would unconfined: that prompt is Hermes's
    const own = run('pwsh PowerShell', { live: true });
    expect((own.returned as { action: string }).action).toBe('modify');
    expect(own.sent).toEqual([]);
    expect((run('ls', { live: true }).returned as { action: string }).action).toBe('block');
    // a person's own hook that rewrote the command (no mark of stopline's): Hermes asks as it would
    const hook = shape({ action: 'modify', args: { command: 'pwsh PowerShell -e x' } }, { tool_name: 'terminal', args: { command: 'ls' } }, data, { flagWord: 'PowerShell', live: true });
    expect(hook.returned).toEqual({ action: 'modify', args: { command: 'pwsh PowerShell -e x' } });
    expect(hook.sent).toEqual([]);
  });
});

describe('the evaluator records a stop the shim made', () => {
  const bundle = realBundle();
  it.skipIf(!bundle)('the confined answer carries its record id; the shim\'s word adds a deny that names it, with the same call key and no command or path', () => {
    const dir = tempDir();
    const home = path.join(dir, 'home');
    const project = path.join(dir, 'proj');
    const data = path.join(home, '.hermes', 'stopline');
    mkdirSync(home);
    mkdirSync(project);
    const kwargs = { session_id: 's1', task_id: 's1', cwd: project, tool_name: 'terminal', tool_call_id: 'call_1', args: { command: 'npm install left-pad' } };
    const line = (id: number, event: string, payload: Record<string, unknown>) => JSON.stringify({ op: 'dispatch', host: 'hermes', id, event, payload });
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, HERMES_HOME: path.join(home, '.hermes'), STOPLINE_DASHBOARD: 'off' };
    delete env.STOPLINE_HOST_DATA_DIR;
    delete env.STOPLINE_HOME;
    const listen = (input: string[]) => {
      const r = spawnSync(process.execPath, [path.join(bundle!.bundleDir!, 'stopline.mjs'), 'listen'], { input: input.join('\n') + '\n', cwd: project, env, encoding: 'utf8', timeout: 60_000 });
      return r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { ok: boolean; output: Record<string, unknown> | null });
    };
    const first = listen([line(1, 'pre_llm_call', { session_id: 's1', task_id: 's1', cwd: project, user_message: '$stopline change deps=allow -- add left-pad' }), line(2, 'pre_tool_call', kwargs)]);
    const answer = first[1]!.output as { action: string; args: { command: string }; stopline_confined: { event: string } };
    expect(answer.action).toBe('modify');
    expect(answer.args.command).toMatch(/^'\/bin\/sh' '[^']+\/confined\/[0-9a-f]{40}\.sh' 'npm install left-pad'$/);
    const eventId = answer.stopline_confined.event;
    expect(eventId).toMatch(/^evt_/);
    const second = listen([line(1, 'stopline_shim_stopped', { ...kwargs, stopline_corrects: eventId })]);
    expect(second[0]).toEqual({ ok: true, output: null, id: 1 });
    const records = readSessionEvents(data, sessionStore(data, 's1').key).records.filter((e) => e.type === 'check');
    expect(records.map((e) => [e.decision?.outcome, e.decision?.reasonCode, e.decision?.response, e.corrects ?? null])).toEqual([
      ['allow', 'CONFINED', 'rewrite_returned', null],
      ['deny', 'GUARD_UNAVAILABLE', 'hermes_block_returned', eventId],
    ]);
    expect(records[1]!.action?.callKey).toBe(records[0]!.action?.callKey);
    expect(records[0]!.eventId).toBe(eventId);
    const text = JSON.stringify(records);
    for (const secret of ['left-pad', project, 'confined/']) expect(text).not.toContain(secret);
    expect(readdirSync(path.join(data, 'confined'))).toHaveLength(1);
  });
});

describe('a script in stopline\'s folder is not the model\'s to run', () => {
  const bundle = realBundle();
  it.skipIf(!bundle)('a model-written `sh <script> <command>` is stopped with GUARD_SELF_PROTECTION under review and under deps=allow', () => {
    const dir = tempDir();
    const home = path.join(dir, 'home');
    const project = path.join(dir, 'proj');
    const script = path.join(home, '.hermes', 'stopline', 'confined', 'a.sh');
    mkdirSync(path.dirname(script), { recursive: true });
    mkdirSync(project);
    writeFileSync(script, 'echo hi\n');
    for (const directive of ['$stopline review -- look', '$stopline change deps=allow -- add left-pad']) {
      const line = (id: number, event: string, payload: Record<string, unknown>) => JSON.stringify({ op: 'dispatch', host: 'hermes', id, event, payload: { session_id: 's1', task_id: 's1', cwd: project, ...payload } });
      const input = [line(1, 'pre_llm_call', { user_message: directive }), line(2, 'pre_tool_call', { tool_name: 'terminal', args: { command: `sh ${shellQuote(script)} 'touch y'` } })].join('\n') + '\n';
      const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, HERMES_HOME: path.join(home, '.hermes'), STOPLINE_DASHBOARD: 'off' };
      delete env.STOPLINE_HOST_DATA_DIR;
      const r = spawnSync(process.execPath, [path.join(bundle!.bundleDir!, 'stopline.mjs'), 'listen'], { input, cwd: project, env, encoding: 'utf8', timeout: 60_000 });
      const answer = JSON.parse(r.stdout.trim().split('\n')[1]!) as { output: { action: string; message: string } };
      expect(answer.output.action, directive).toBe('block');
      expect(answer.output.message).toContain('Reason: GUARD_SELF_PROTECTION');
    }
  });
});
