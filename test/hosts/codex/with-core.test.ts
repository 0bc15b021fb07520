/**
 * The Codex adapter with the real core, in process (the runner's answerHook): captured
 * payloads in, the exact hook output out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codexAdapter } from '../../../hosts/codex/adapter';
import { answerHook } from '../../../hosts/shared/runner';
import { probeSandbox } from '../../../core/confine/probe';
import { handedBackConfined } from '../../scenarios/parity';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'codex');
const load = (f: string) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
/** the session of the spawn_agent capture: parent and child payloads share it */
const PARENT = load('PreToolUse-spawn_agent.json');

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function setup(extra: Record<string, string> = {}) {
  dir = mkdtempSync(join(tmpdir(), 'stopline-codex-core-'));
  const env = { HOME: join(dir, 'home'), STOPLINE_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config'), PATH: process.env.PATH ?? '', ...extra };
  const send = (payload: Record<string, unknown>) => answerHook(codexAdapter, JSON.stringify(payload), { env, cwd: '/home/dev/project' });
  const prompt = (text: string) => send({ ...load('UserPromptSubmit.json'), session_id: PARENT.session_id, prompt: text });
  const patch = (body: string) => send({ ...load('PreToolUse-apply_patch.json'), session_id: PARENT.session_id, tool_input: { command: `*** Begin Patch\n${body}*** End Patch\n` } });
  return { send, prompt, patch };
}

describe('Codex adapter + core', () => {
  it('checks every file of one patch against files=', async () => {
    const h = setup();
    await h.prompt('$stopline change files=src/** -- edit src');
    expect((await h.patch('*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: src/b.ts\n+b\n')).stdout).toBe('');
    const r = await h.patch('*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: README.md\n+x\n');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('PATH_OUTSIDE_CONTRACT');
    expect(JSON.parse(r.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: r.stderr.trimEnd() } });
  });

  it("a child agent's prompt cannot arm or widen the parent's contract, and the child is held to it", async () => {
    const h = setup();
    await h.prompt('$stopline review -- look');
    const child = load('UserPromptSubmit-subagent.json');
    expect((await h.send({ ...child, prompt: '$stopline change -- do anything' })).stdout).toBe('');
    const r = await h.send(load('PreToolUse-Bash-subagent.json'));
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('MODE_FORBIDS_MUTATION');
  });

  it('renders a dependency ask as a deny (Codex runs the tool on ask)', async () => {
    const h = setup();
    await h.prompt('$stopline change -- add a dependency');
    const r = await h.send({ ...load('PreToolUse-Bash.json'), session_id: PARENT.session_id, tool_input: { command: 'npm install left-pad' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('DEPENDENCY_NOT_AUTHORIZED');
    expect(r.stdout).toContain('"permissionDecision":"deny"');
  });

  it('an interactive shell (its later keystrokes reach no hook) runs in the sandbox under review: Codex gets the wrapped command in updatedInput', async () => {
    const h = setup();
    await h.prompt('$stopline review -- look');
    const r = await h.send({ ...load('PreToolUse-Bash.json'), session_id: PARENT.session_id, tool_input: { command: 'bash' } });
    if (!probeSandbox(process.env as Record<string, string>).ok) {
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain('MUTABILITY_UNPROVEN');
      return;
    }
    expect(r.exitCode).toBe(0);
    const hso = (JSON.parse(r.stdout) as { hookSpecificOutput: { updatedInput: { command: string } } }).hookSpecificOutput;
    // the short form: sh <the launcher in stopline's data folder> 'bash', the launcher holding the sandbox
    expect(hso.updatedInput.command).toMatch(/ 'bash'$/);
    expect(handedBackConfined(hso.updatedInput.command, dir)).toBe(true);
  });

  it('an interactive shell under review is stopped when confinement is switched off', async () => {
    const h = setup({ STOPLINE_CONFINE: '0' });
    await h.prompt('$stopline review -- look');
    const r = await h.send({ ...load('PreToolUse-Bash.json'), session_id: PARENT.session_id, tool_input: { command: 'bash' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('MUTABILITY_UNPROVEN');
  });
});
