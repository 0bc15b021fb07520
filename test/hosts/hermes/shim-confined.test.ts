/**
 * A confined command as the shim hands it to Hermes. Hermes's terminal tool checks the command
 * line it runs with its own dangerous-command detector and, in an interactive CLI, a gateway or
 * HERMES_EXEC_ASK, asks a person about a hit. The sandbox wrapper (bwrap and its mount lists,
 * core/confine/bwrap.ts) must not be what Hermes reads: the shim moves it into a script in
 * stopline's folder and hands Hermes `sh <script> <the model's command>`. Where Hermes would
 * still ask about the line only because of stopline's wrapper, the call is stopped at once with a
 * stamp that says why (not sent to a prompt that, with nobody there, denies after a minute).
 *
 * Hermes's detector is played by a stand-in `tools.approval` module put in sys.modules (the shim
 * only uses a module Hermes has loaded).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shellQuote } from '../../../core/confine/bwrap';
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

/** The shape core/confine/bwrap.ts gives a confined command (bwrap replaced by a recorder here). */
function wrapperFor(command: string, bwrap: string, extra = ''): string {
  return `${shellQuote(bwrap)} '--new-session' '--bind' '/' '/'${extra} '--' '/bin/bash' '-c' ${shellQuote(command)}; stopline_status=$?; [ "$stopline_status" -eq 0 ] || printf '%s\\n' 'stopline: it ran confined' >&2; (exit "$stopline_status")`;
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

function shape(output: unknown, kwargs: unknown, dataDir: string, approval: Approval): { returned: unknown; kwargs: unknown } {
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
    'returned = shim.shape_pre_tool_call(output, kwargs)',
    'print(json.dumps({"returned": returned, "kwargs": kwargs}))',
  ].join('\n');
  const env = { ...process.env, STOPLINE_HOST_DATA_DIR: dataDir, HERMES_EXEC_ASK: '' };
  const r = spawnSync(PYTHON, ['-c', program, JSON.stringify(output), JSON.stringify(kwargs), JSON.stringify(approval)], { encoding: 'utf8', env });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { returned: unknown; kwargs: unknown };
}

const commandOf = (kwargs: unknown) => (kwargs as { args: { command: string } }).args.command;

describe('a confined command handed to Hermes', () => {
  it('reaches Hermes as `sh <script> <command>`; the script (0600 in a 0700 folder) runs the wrapper with the command as $1 and names no command', () => {
    const dir = tempDir();
    const data = path.join(dir, 'data');
    const recorder = path.join(dir, 'fake-bwrap');
    writeFileSync(recorder, '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\n', { mode: 0o755 });
    const command = "echo 'it''s' > out.txt";
    const out = shape({ action: 'modify', args: { command: wrapperFor(command, recorder) } }, { tool_name: 'terminal', args: { command, timeout: 5 } }, data, { flagWord: false });
    const handed = commandOf(out.kwargs);
    const folder = path.join(data, 'confined');
    const [name] = readdirSync(folder);
    const script = path.join(folder, name!);
    expect(handed).toMatch(/^'\/[^']*sh' /);
    expect(handed).toBe(`${handed.split(' ')[0]} ${shellQuote(script)} ${shellQuote(command)}`);
    expect(out.returned).toEqual({ action: 'modify', args: { command: handed } });
    expect((out.kwargs as { args: Record<string, unknown> }).args.timeout).toBe(5);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(script).mode & 0o777).toBe(0o600);
    expect(readFileSync(script, 'utf8')).not.toContain('out.txt');
    // run as Hermes's shell would: the wrapper gets the model's command, byte for byte, after -c
    const ran = spawnSync('bash', ['-c', handed], { encoding: 'utf8', cwd: dir });
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout.split('\n').slice(-3, -1)).toEqual(['-c', command]);
  });

  it('the same plan is written once: a second command reuses the script', () => {
    const dir = tempDir();
    const data = path.join(dir, 'data');
    for (const command of ['npm install left-pad', 'touch x']) {
      shape({ action: 'modify', args: { command: wrapperFor(command, '/usr/bin/bwrap') } }, { tool_name: 'terminal', args: { command } }, data, { flagWord: false });
    }
    expect(readdirSync(path.join(data, 'confined'))).toHaveLength(1);
  });

  it('a wrapper of another form is handed over as it came', () => {
    const data = path.join(tempDir(), 'data');
    const wrapped = `'/x/node' '/x/stopline.mjs' --stopline-confine '{}' -- 'ls'`;
    const out = shape({ action: 'modify', args: { command: wrapped } }, { tool_name: 'terminal', args: { command: 'ls' } }, data, { flagWord: false });
    expect(commandOf(out.kwargs)).toBe(wrapped);
  });

  it("where Hermes would still ask about the line only for stopline's wrapper, the call is stopped at once with a stamp saying why", () => {
    const data = path.join(tempDir(), 'data');
    // the script's folder itself carries the word Hermes flags: the short form is flagged too
    const flagged = path.join(data, 'PowerShell');
    const kwargs = { tool_name: 'terminal', args: { command: 'npm install left-pad' } };
    const out = shape({ action: 'modify', args: { command: wrapperFor('npm install left-pad', '/usr/bin/bwrap') } }, kwargs, flagged, { flagWord: 'PowerShell', live: true });
    expect(out.returned).toMatchObject({ action: 'block' });
    const message = (out.returned as { message: string }).message;
    expect(message).toMatch(/^STOP \/ CONTROL\nstopline would run this command confined, but Hermes's own dangerous-command check flags the sandbox wrapper \(PowerShell encoded command execution\)/);
    expect(message).toContain('Reason: GUARD_UNAVAILABLE (C)');
    expect(commandOf(out.kwargs)).toBe('npm install left-pad');
  });

  it('no stop when Hermes would not ask (no prompt as in hermes -z, approvals bypassed, already approved), when the model\'s own command is flagged too, or for a person\'s hook\'s rewrite', () => {
    const data = path.join(tempDir(), 'PowerShell');
    const run = (command: string, a: Omit<Approval, 'flagWord'>) =>
      shape({ action: 'modify', args: { command: wrapperFor(command, '/usr/bin/bwrap') } }, { tool_name: 'terminal', args: { command } }, data, { flagWord: 'PowerShell', ...a }).returned as { action: string };
    expect(run('ls', { live: false }).action).toBe('modify');
    expect(run('ls', { live: true, bypass: true }).action).toBe('modify');
    expect(run('ls', { live: true, approved: true }).action).toBe('modify');
    // Hermes asks about the model's own command as it would unconfined: that prompt is Hermes's
    expect(run('pwsh PowerShell', { live: true }).action).toBe('modify');
    expect(run('ls', { live: true }).action).toBe('block');
    // a person's own hook that rewrote the command (not stopline's wrapper): Hermes asks as it would
    const hook = shape({ action: 'modify', args: { command: 'pwsh PowerShell -e x' } }, { tool_name: 'terminal', args: { command: 'ls' } }, data, { flagWord: 'PowerShell', live: true });
    expect(hook.returned).toEqual({ action: 'modify', args: { command: 'pwsh PowerShell -e x' } });
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
