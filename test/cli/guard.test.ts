/**
 * `stopline guard` through the in-process CLI (the bulk of the cases; guard-dist.test.ts runs
 * the built file): exit 0 allow, 2 block with the stamp as the whole of stderr, 1 input error
 * listing the accepted forms (fail open) or 2 with a GUARD_UNAVAILABLE stamp (fail closed), 1
 * for a usage error in either mode, for the native form and every host dialect.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../hosts/cli/cli';
import type { CliIO } from '../../hosts/cli/commands';
import { decideGuard } from '../../hosts/cli/guard/decide';
import type { Outcome } from '../../core/answer/outcome';
import { dialectCases, hostArgs } from './guard-cases';
import { cleanupTempDirs, cli, isolatedEnv, tempDir, writeFile } from './helpers';

afterAll(cleanupTempDirs);

function world() {
  const home = tempDir();
  const project = join(home, 'project');
  writeFile(join(project, 'README.md'), '# p\n');
  const env = isolatedEnv(home, { STOPLINE_HOME: join(home, 'data') });
  return { home, project, env, cases: dialectCases(project) };
}

const REVIEW = '$stopline review -- look at created.txt';

describe('every dialect: arm, allow a read, block a write, refuse a broken payload', () => {
  const w = world();
  for (const [name, c] of Object.entries(w.cases)) {
    it(name, async () => {
      const session = `session-${name}`;
      const run = (payload: unknown) => cli(hostArgs(c), { env: w.env, cwd: w.project, stdin: JSON.stringify(payload) });

      // nothing armed yet: the write is observed, not blocked
      const before = await run(c.write(session));
      expect(before.code, before.stderr).toBe(0);
      expect(JSON.parse(before.stdout)).toMatchObject({ decision: 'allow' });

      const armed = await run(c.prompt(session, REVIEW));
      expect(armed.code, armed.stderr).toBe(0);
      const armedVerdict = JSON.parse(armed.stdout);
      expect(armedVerdict).toMatchObject({ decision: 'allow', kind: 'context', reasonCode: 'DIRECTIVE_APPLIED' });
      expect(armedVerdict.context).toContain('stopline contract (ARMED): mode=review level=guard');

      const read = await run(c.read(session));
      expect(read.code, read.stderr).toBe(0);
      expect(JSON.parse(read.stdout)).toMatchObject({ decision: 'allow', kind: 'none', reasonCode: 'WITHIN_CONTRACT' });

      const write = await run(c.write(session));
      expect(write.code).toBe(2);
      expect(write.stderr).toMatch(/^STOP \/ INTENT\nstopline denied this action: /);
      expect(write.stderr).toContain('Reason: MODE_FORBIDS_MUTATION (I)');
      const verdict = JSON.parse(write.stdout);
      expect(verdict).toMatchObject({ decision: 'block', kind: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION', family: 'I' });
      expect(verdict.eventId).toMatch(/^evt_[0-9a-f]{20}$/);
      expect(`${verdict.reason}\n`).toBe(write.stderr);

      const broken = await run(c.broken(session));
      expect(broken.code).toBe(1);
      expect(broken.stdout).toBe('');
      expect(broken.stderr).toContain(c.brokenSays);
      expect(broken.stderr).toContain('Accepted input: one JSON object on stdin');
    });
  }
});

describe('the host answer travels with the verdict', () => {
  it('every dialect with a JSON or object answer carries what its host would act on', async () => {
    const w = world();
    const expected: Record<string, (reason: string) => unknown> = {
      claude: (r) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: r } }),
      codex: (r) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: r } }),
      hermes: (r) => ({ action: 'block', message: r }),
      pi: (r) => ({ block: true, reason: r }),
      // Gemini reads only the top-level decision
      gemini: (r) => ({ decision: 'deny', reason: r }),
      qwen: (r) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: r } }),
      // a camelCase hook file reads the flat form, a PascalCase one the nested: both are written
      copilot: (r) => ({ permissionDecision: 'deny', permissionDecisionReason: r, hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: r } }),
      droid: (r) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: r } }),
    };
    for (const [name, shape] of Object.entries(expected)) {
      const c = w.cases[name]!;
      await cli(hostArgs(c), { env: w.env, cwd: w.project, stdin: JSON.stringify(c.prompt('out', REVIEW)) });
      const r = await cli(hostArgs(c), { env: w.env, cwd: w.project, stdin: JSON.stringify(c.write('out')) });
      const v = JSON.parse(r.stdout);
      expect(v.output, name).toEqual(shape(v.reason));
    }
  });
});

describe('the Hermes shell-hook form', () => {
  it('a Hermes shell-hook payload (tool_input + extra) is read as the hook\'s keyword arguments', async () => {
    const w = world();
    const c = w.cases.hermes!;
    await cli(hostArgs(c), { env: w.env, cwd: w.project, stdin: JSON.stringify(c.prompt('sh', REVIEW)) });
    const shellHook = { hook_event_name: 'pre_tool_call', tool_name: 'write_file', tool_input: { path: 'created.txt', content: 'x' }, session_id: 'sh', cwd: w.project, extra: { task_id: 'sh', tool_call_id: 'c9', telemetry_schema_version: 'hermes.observer.v1' } };
    const r = await cli(hostArgs(c), { env: w.env, cwd: w.project, stdin: JSON.stringify(shellHook) });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).output).toMatchObject({ action: 'block' });
  });
});

const BAD_INPUT: [string, string[], string | undefined, string][] = [
    ['not JSON', ['guard'], 'rm -rf /', 'the input is not one JSON document'],
    ['empty', ['guard'], '', 'the input is empty'],
    ['an array', ['guard'], '[]', 'the input is an array'],
    ['no event name', ['guard'], '{"session_id":"s"}', 'no "hook_event_name"'],
    ['a host spelling in the native form', ['guard'], '{"hook_event_name":"PreToolUse","session_id":"s"}', 'did you mean "tool:before"? ("PreToolUse" is the claude name: send "tool:before", or the whole claude payload with --host claude)'],
    ['an unknown Codex event', ['guard', '--host', 'codex'], '{"hook_event_name":"PreToolUs","session_id":"s"}', 'did you mean "PreToolUse"?'],
    ['a ControlEvent with a bad field', ['guard'], '{"protocolVersion":1,"kind":"action.before","sessionId":"s","host":{"family":"guard"}}', 'not a valid ControlEvent v1: action: required for action.before'],
];

describe('bad input under fail open (the default) and usage: exit 1, nothing on stdout', () => {
  const w = world();
  for (const [what, argv, stdin, says] of BAD_INPUT) {
    it(what, async () => {
      const r = await cli(argv, { env: w.env, cwd: w.project, stdin });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(says);
      expect(r.stderr).toContain('input error, exit 1 because the fail mode is open (under fail closed this input is a block, exit 2)');
      expect(r.stderr).toContain('--host pi');
    });
  }

  it('an unknown dialect, an unknown option and a positional argument are usage errors with a suggestion', async () => {
    const host = await cli(['guard', '--host', 'claud'], { env: w.env, stdin: '{}' });
    expect(host).toMatchObject({ code: 1, stdout: '' });
    expect(host.stderr).toContain('unknown dialect "claud"; did you mean "claude"?');
    const opt = await cli(['guard', '--hots', 'claude'], { env: w.env, stdin: '{}' });
    expect(opt.code).toBe(1);
    expect(opt.stderr).toContain('unknown option "--hots"; did you mean "--host"?');
    const pos = await cli(['guard', 'event.json'], { env: w.env, stdin: '{}' });
    expect(pos.code).toBe(1);
    expect(pos.stderr).toContain('the event goes on stdin');
  });

  it('a terminal on stdin is not an event', async () => {
    const err: string[] = [];
    const code = await runCli(['guard'], {
      stdin: { isTTY: true } as CliIO['stdin'],
      stdout: { write: () => true },
      stderr: { write: (s: string) => err.push(s) },
      env: w.env,
      cwd: w.project,
    });
    expect(code).toBe(1);
    expect(err.join('')).toContain('no input: pipe one JSON event into stdin');
  });
});

/** Exit 2, the GUARD_UNAVAILABLE stamp as the whole of stderr naming the problem, the same stamp in the verdict. */
function expectClosedBlock(r: { code: number; stdout: string; stderr: string }, says: string): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toMatch(/^STOP \/ CONTROL\nstopline could not check this action and is configured to fail closed: invalid event: /);
  expect(r.stderr).toContain('Reason: GUARD_UNAVAILABLE (C)');
  expect(r.stderr).toContain(says);
  expect(r.stderr).not.toContain('Accepted input');
  const verdict = JSON.parse(r.stdout);
  expect(verdict).toMatchObject({ decision: 'block', kind: 'deny', reasonCode: 'GUARD_UNAVAILABLE', family: 'C' });
  expect(`${verdict.reason}\n`).toBe(r.stderr);
  expect(verdict.diagnostics.join('\n')).toContain('failing closed');
}

describe('bad input under fail closed: exit 2 with the GUARD_UNAVAILABLE stamp (a harness that stops only on 2 stays closed)', () => {
  const w = world();
  const closed = { ...w.env, STOPLINE_FAIL_OPEN: '0' };
  for (const [what, argv, stdin, says] of BAD_INPUT) {
    it(`STOPLINE_FAIL_OPEN=0: ${what}`, async () => {
      expectClosedBlock(await cli(argv, { env: closed, cwd: w.project, stdin }), says.slice(0, 40));
    });
  }

  for (const [name, c] of Object.entries(w.cases)) {
    it(`STOPLINE_FAIL_OPEN=0: a ${name} payload with a required field missing`, async () => {
      expectClosedBlock(await cli(hostArgs(c), { env: closed, cwd: w.project, stdin: JSON.stringify(c.broken(`closed-${name}`)) }), c.brokenSays);
    });
  }

  it('stdin over the 8 MiB bound: open says input error (exit 1), closed blocks (exit 2)', async () => {
    const big = JSON.stringify({ hook_event_name: 'tool:before', session_id: 's', pad: 'x'.repeat(8 * 1024 * 1024 + 16) });
    const open = await cli(['guard'], { env: w.env, cwd: w.project, stdin: big });
    expect(open.code).toBe(1);
    expect(open.stdout).toBe('');
    expect(open.stderr).toContain('because the fail mode is open');
    expectClosedBlock(await cli(['guard'], { env: closed, cwd: w.project, stdin: big }), 'MiB');
  });

  it('every way of choosing closed counts: STOPLINE_FAIL_MODE, the user stopline.json, the project .stopline/stopline.json', async () => {
    const byMode = await cli(['guard'], { env: { ...w.env, STOPLINE_FAIL_MODE: 'closed' }, cwd: w.project, stdin: 'not json' });
    expectClosedBlock(byMode, 'not one JSON document');

    const userHome = tempDir();
    const userEnv = isolatedEnv(userHome, { STOPLINE_HOME: join(userHome, 'data') });
    writeFile(join(userHome, '.config', 'stopline', 'stopline.json'), '{"failMode":"closed"}\n');
    expectClosedBlock(await cli(['guard'], { env: userEnv, cwd: w.project, stdin: '[]' }), 'the input is an array');
    // STOPLINE_FAIL_OPEN=1 outranks the config: back to the open answer
    expect((await cli(['guard'], { env: { ...userEnv, STOPLINE_FAIL_OPEN: '1' }, cwd: w.project, stdin: '[]' })).code).toBe(1);

    // the project named by the payload's cwd asks for closed; the guard runs elsewhere
    const project = join(tempDir(), 'strict-project');
    mkdirSync(join(project, '.stopline'), { recursive: true });
    writeFileSync(join(project, '.stopline', 'stopline.json'), '{"failMode":"closed"}\n');
    const unknownEvent = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: project });
    expectClosedBlock(await cli(['guard'], { env: w.env, cwd: '/', stdin: unknownEvent }), '"PreToolUse" is not a canonical event');
    // the same event from a project without that file stays the open answer
    expect((await cli(['guard'], { env: w.env, cwd: '/', stdin: JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: w.project }) })).code).toBe(1);
  });

  it('usage errors stay exit 1 under fail closed: a broken integration, not an event', async () => {
    const host = await cli(['guard', '--host', 'claud'], { env: closed, stdin: '{}' });
    expect(host).toMatchObject({ code: 1, stdout: '' });
    expect(host.stderr).toContain('unknown dialect "claud"');
    const opt = await cli(['guard', '--hots', 'claude'], { env: closed, stdin: '{}' });
    expect(opt).toMatchObject({ code: 1, stdout: '' });
    const pos = await cli(['guard', 'event.json'], { env: closed, stdin: '{}' });
    expect(pos).toMatchObject({ code: 1, stdout: '' });
    const task = await cli(['guard', '--task', ' '], { env: closed, stdin: '{}' });
    expect(task).toMatchObject({ code: 1, stdout: '' });
    expect(task.stderr).toContain('--task needs a non-empty id');
    const err: string[] = [];
    const tty = await runCli(['guard'], {
      stdin: { isTTY: true } as CliIO['stdin'],
      stdout: { write: () => true },
      stderr: { write: (s: string) => err.push(s) },
      env: closed,
      cwd: w.project,
    });
    expect(tty).toBe(1);
    expect(err.join('')).toContain('no input: pipe one JSON event into stdin');
  });

  it('good input under fail closed is decided as before (a read of an unarmed session is allowed)', async () => {
    const r = await cli(['guard'], { env: closed, cwd: w.project, stdin: JSON.stringify(w.cases.native!.read('closed-good')) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).decision).toBe('allow');
  });
});

describe('tasks, the ControlEvent form and the person\'s hooks', () => {
  it('--task and STOPLINE_TASK_ID name the contract; another task is not armed by it', async () => {
    const w = world();
    const c = w.cases.native!;
    const noSession = (p: Record<string, unknown>) => JSON.stringify({ ...p, session_id: undefined });
    expect((await cli(['guard', '--task', 'T-1'], { env: w.env, cwd: w.project, stdin: noSession(c.prompt('x', REVIEW)) })).code).toBe(0);
    expect((await cli(['guard', '--task', 'T-1'], { env: w.env, cwd: w.project, stdin: noSession(c.write('x')) })).code).toBe(2);
    expect((await cli(['guard'], { env: { ...w.env, STOPLINE_TASK_ID: 'T-1' }, cwd: w.project, stdin: noSession(c.write('x')) })).code).toBe(2);
    // the task replaces the payload's session: the same payload under another task is not armed
    expect((await cli(['guard', '--task', 'T-2'], { env: w.env, cwd: w.project, stdin: JSON.stringify(c.write('x')) })).code).toBe(0);
    expect((await cli(['guard', '--task', ''], { env: w.env, stdin: '{}' })).stderr).toContain('--task needs a non-empty id');
  });

  it('a ControlEvent v1 is decided as is', async () => {
    const w = world();
    const base = { protocolVersion: 1, sessionId: 'ce', cwd: w.project, host: { family: 'guard' } };
    const prompt = await cli(['guard'], { env: w.env, stdin: JSON.stringify({ ...base, kind: 'prompt.submit', prompt: { text: REVIEW, source: 'user' } }) });
    expect(JSON.parse(prompt.stdout)).toMatchObject({ decision: 'allow', reasonCode: 'DIRECTIVE_APPLIED' });
    const action = { name: 'Write', canonicalName: 'Write', mutability: 'write', affectedPaths: ['a.txt'], dependencyIntent: false, hashIntent: false, delegationCount: 0, unboundedDelegation: false };
    const r = await cli(['guard'], { env: w.env, stdin: JSON.stringify({ ...base, kind: 'action.before', action }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('MODE_FORBIDS_MUTATION');
  });

  it("the person's stopline.json hooks run in the native form: a hook deny blocks, its reason on stderr", async () => {
    const w = world();
    writeFile(
      join(w.home, '.config', 'stopline', 'stopline.json'),
      JSON.stringify({ hooks: { 'tool:before': [{ matcher: 'Bash', hooks: [{ command: "echo 'no shell today' >&2; exit 2" }] }], notice: [{ hooks: [{ command: `touch '${join(w.home, 'noticed')}'` }] }] } }),
    );
    const bash = { hook_event_name: 'tool:before', session_id: 'h', cwd: w.project, tool_name: 'Bash', tool_input: { command: 'ls' } };
    const r = await cli(['guard'], { env: w.env, cwd: w.project, stdin: JSON.stringify(bash) });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('no shell today\n');
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'block', reasonCode: 'hook-deny' });
    const read = await cli(['guard'], { env: w.env, cwd: w.project, stdin: JSON.stringify({ ...bash, tool_name: 'Read', tool_input: { file_path: 'a' } }) });
    expect(read.code).toBe(0);
    // notice has no guard side at all; the person's hook still runs
    const notice = await cli(['guard'], { env: w.env, cwd: w.project, stdin: JSON.stringify({ hook_event_name: 'notice', session_id: 'h', cwd: w.project, message: 'hi' }) });
    expect(notice.code).toBe(0);
    const { existsSync } = await import('node:fs');
    expect(existsSync(join(w.home, 'noticed'))).toBe(true);
  });

  it("a hook's rewritten command: the verdict carries it only for a caller that runs one (--can-rewrite, listen's canRewrite)", async () => {
    const w = world();
    // the hook's command as it is: with no sandbox the guard places no command in one (the confined form is in test/core/answer.test.ts)
    w.env.STOPLINE_CONFINE = '0';
    const answer = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'npm test -- --silent' } } });
    writeFile(join(w.home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ hooks: { 'tool:before': [{ matcher: 'Bash', hooks: [{ command: `printf '%s' '${answer}'` }] }] } }));
    const bash = { hook_event_name: 'tool:before', session_id: 'rw', cwd: w.project, tool_name: 'Bash', tool_input: { command: 'npm test', description: 'tests' } };
    const plain = await cli(['guard'], { env: w.env, cwd: w.project, stdin: JSON.stringify(bash) });
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout)).toMatchObject({ decision: 'allow', kind: 'none' });
    expect(JSON.parse(plain.stdout).rewrite).toBeUndefined();
    expect(plain.stderr).toContain("a hook's rewritten command was not applied");
    const runs = await cli(['guard', '--can-rewrite'], { env: w.env, cwd: w.project, stdin: JSON.stringify(bash) });
    expect(runs.code).toBe(0);
    expect(JSON.parse(runs.stdout)).toMatchObject({ decision: 'allow', kind: 'rewrite', reasonCode: 'hook-rewrite', rewrite: { command: 'npm test -- --silent', input: { command: 'npm test -- --silent', description: 'tests' } } });
    // a host dialect: the verdict's output is what that host would act on
    const claude = await cli(['guard', '--host', 'claude', '--can-rewrite'], { env: w.env, cwd: w.project, stdin: JSON.stringify({ ...bash, hook_event_name: 'PreToolUse' }) });
    expect(JSON.parse(claude.stdout).output).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'npm test -- --silent', description: 'tests' } } });
    // listen: the same with "canRewrite": true on the request
    const viaListen = await decideGuard({ dialect: 'native', payload: bash, canRewrite: true, env: w.env, cwd: w.project });
    expect(viaListen.kind === 'answer' && viaListen.verdict).toMatchObject({ kind: 'rewrite', rewrite: { command: 'npm test -- --silent' } });
  });

  it('a hook deny on a Hermes prompt stays context (Hermes cannot refuse a prompt)', async () => {
    const w = world();
    writeFile(join(w.home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ hooks: { 'prompt:submit': [{ hooks: [{ command: "echo 'not this prompt' >&2; exit 2" }] }] } }));
    const c = w.cases.hermes!;
    const r = await cli(hostArgs(c), { env: w.env, cwd: w.project, stdin: JSON.stringify(c.prompt('hp', 'hello')) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).decision).toBe('allow');
  });
});

describe('fail mode', () => {
  const broken = {
    handleEvent(): Outcome {
      throw new Error('disk on fire');
    },
    failOutcome(_e: unknown, opts: { env: Record<string, string | undefined> }): Outcome {
      return opts.env.STOPLINE_FAIL_OPEN === '0'
        ? { kind: 'deny', message: 'STOP / CONTROL\nReason: GUARD_UNAVAILABLE (C)', reasonCode: 'GUARD_UNAVAILABLE', diagnostics: ['Error: disk on fire; failing closed'] }
        : { kind: 'none', diagnostics: ['Error: disk on fire; failing open'] };
    },
  };
  const payload = { hook_event_name: 'tool:before', session_id: 'f', cwd: '/tmp', tool_name: 'Write', tool_input: { file_path: '/tmp/x' } };

  it('open (default): allow, one stderr line', async () => {
    const r = await decideGuard({ dialect: 'native', payload, env: {}, cwd: '/tmp', core: broken });
    expect(r).toMatchObject({ kind: 'answer', exitCode: 0 });
    if (r.kind === 'answer') expect(r.stderr).toBe('stopline guard: Error: disk on fire; failing open\n');
  });

  it('closed: block with the GUARD_UNAVAILABLE stamp as stderr', async () => {
    const r = await decideGuard({ dialect: 'native', payload, env: { STOPLINE_FAIL_OPEN: '0' }, cwd: '/tmp', core: broken });
    expect(r).toMatchObject({ kind: 'answer', exitCode: 2 });
    if (r.kind === 'answer') {
      expect(r.stderr).toBe('STOP / CONTROL\nReason: GUARD_UNAVAILABLE (C)\n');
      expect(r.verdict.diagnostics).toEqual(['Error: disk on fire; failing closed']);
    }
  });

  it('closed, real core: STOPLINE_FAIL_OPEN=0 and a data folder that cannot be written', async () => {
    const w = world();
    writeFile(join(w.home, 'not-a-dir'), 'x');
    const env = { ...w.env, STOPLINE_HOME: join(w.home, 'not-a-dir'), STOPLINE_FAIL_OPEN: '0' };
    const r = await cli(['guard'], { env, cwd: w.project, stdin: JSON.stringify(w.cases.native!.prompt('fc', REVIEW)) });
    // a prompt is never blocked by the fail mode: the stamp goes in as context
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).context).toContain('GUARD_UNAVAILABLE');
  });
});
