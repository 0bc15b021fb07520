/**
 * Cline runs its TaskStart hook without waiting for it (3.0.65 never sets the hook files' blocking
 * option for run-start hooks, docs/hosts/cline.md), so the hook that reads the person's prompt can
 * finish after the first PreToolUse was answered. These tests send the events in that order to
 * the built dist/cline/stopline.mjs, one spawned process per event with the payload on stdin, as
 * the hook files `stopline install cline` writes do: the first tool call reads the session record
 * itself and is judged under the person's contract; a TaskStart that comes later, once or twice,
 * arms nothing again. Each case runs with the decision in the hook's own process and with the
 * resident evaluator.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopCommand } from '../../../hosts/cline/adapter';
import { fixture } from '../../scenarios/drivers';
import { runArtifact } from '../../scenarios/spawn';
import { isolatedPerson, readEvidence, requireArtifact, stoplineDataDir, tempFoldersPerTest, type IsolatedPerson } from '../shared/real-host';

requireArtifact('cline', 'stopline.mjs');

const SESSION = 'race_1796539315206_oq03p';
const CHILD_AGENT = 'agent_child_1';

type Box = IsolatedPerson;

const tempDir = tempFoldersPerTest('cline-race');

function box(extraEnv: Record<string, string>): Box {
  return isolatedPerson(tempDir(), { env: { STOPLINE_DASHBOARD: 'off', ...extraEnv } });
}

/** Cline's session record of the run, where its prompt is (written by Cline before any hook runs). */
function writeRecord(b: Box, prompt: string): string {
  const dir = join(b.home, '.cline', 'data', 'sessions', SESSION);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${SESSION}.json`);
  writeFileSync(file, JSON.stringify({ session_id: SESSION, cwd: b.project, interactive: false, prompt }));
  return file;
}

function inProject(b: Box, payload: Record<string, unknown>): Record<string, unknown> {
  return { ...payload, sessionContext: { rootSessionId: SESSION }, workspaceRoots: [b.project], workspaceInfo: { rootPath: b.project, hint: 'project' } };
}

let callNo = 0;

/** One PreToolUse of the top agent (or of a child agent), as Cline hands it to the hook file. */
function toolCall(b: Box, name: string, input: Record<string, unknown>, child = false): Record<string, unknown> {
  const base = child ? fixture('cline', 'PreToolUse-run_commands-child.json') : fixture('cline', 'PreToolUse-run_commands.json');
  const id = `call_race_${++callNo}`;
  return { ...inProject(b, base), ...(child ? { agent_id: CHILD_AGENT } : {}), tool_call: { id, name, input }, preToolUse: { toolName: name, parameters: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, JSON.stringify(v)])) } };
}

const taskStart = (b: Box) => inProject(b, fixture('cline', 'TaskStart.json'));

async function hook(b: Box, event: string, payload: Record<string, unknown>) {
  const r = await runArtifact('cline', JSON.stringify(payload), b.env, b.project, 60_000, [event]);
  expect(r.killed).toBe(false);
  expect(r.exitCode).toBe(0);
  return r;
}

const json = (stdout: string): Record<string, unknown> => (stdout.trim() === '' ? {} : (JSON.parse(stdout) as Record<string, unknown>));

/** A run_commands call Cline will run as only the stamp's printout, the stamp naming `reason`. */
function expectCommandStopped(stdout: string, reason: string): void {
  const j = json(stdout);
  const stamp = String(j.contextModification ?? '');
  expect(stamp).toContain(reason);
  expect(j.overrideInput).toEqual({ commands: [stopCommand(stamp)] });
}

const contractRecords = (b: Box) => readEvidence(stoplineDataDir(b.home)).filter((e) => e.type === 'contract');
const checks = (b: Box) => readEvidence(stoplineDataDir(b.home)).filter((e) => e.type === 'check');

describe.each([
  ['the hook process decides', { STOPLINE_EVALUATOR: '0' }],
  ['the resident evaluator decides', {}],
])('Cline: PreToolUse before TaskStart (%s)', (_how, extraEnv: Record<string, string>) => {
  it("the first tool call of a review task reads the person's prompt itself and is stopped", async () => {
    const b = box(extraEnv);
    writeRecord(b, '$stopline review -- look around');
    const write = await hook(b, 'PreToolUse', toolCall(b, 'run_commands', { commands: ['echo x > a.txt'] }));
    expectCommandStopped(write.stdout, 'MODE_FORBIDS_MUTATION');
    const edit = await hook(b, 'PreToolUse', toolCall(b, 'editor', { path: join(b.project, 'b.txt'), new_text: 'x\n' }));
    expect(json(edit.stdout)).toMatchObject({ cancel: true });
    expect(String(json(edit.stdout).errorMessage)).toContain('MODE_FORBIDS_MUTATION');
    const read = await hook(b, 'PreToolUse', toolCall(b, 'read_files', { files: [{ path: join(b.project, 'a.txt') }] }));
    expect(read.stdout).toBe('');
    expect(contractRecords(b)).toHaveLength(1);
  });

  it('a TaskStart that comes late, and again, arms nothing twice and leaves the contract as it was', async () => {
    const b = box(extraEnv);
    writeRecord(b, '$stopline review -- look around');
    expectCommandStopped((await hook(b, 'PreToolUse', toolCall(b, 'run_commands', { commands: ['touch x'] }))).stdout, 'MODE_FORBIDS_MUTATION');
    const armed = contractRecords(b);
    expect(armed).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const late = await hook(b, 'TaskStart', taskStart(b));
      expect(late.stdout).toBe('');
      expect(late.stderr).toBe('');
    }
    expect(contractRecords(b)).toEqual(armed);
    expectCommandStopped((await hook(b, 'PreToolUse', toolCall(b, 'run_commands', { commands: ['touch y'] }))).stdout, 'MODE_FORBIDS_MUTATION');
    expect(checks(b).map((e) => e.decision?.reasonCode)).toEqual(['MODE_FORBIDS_MUTATION', 'MODE_FORBIDS_MUTATION']);
  });

  it('in the usual order, the tool call does not take the prompt again', async () => {
    const b = box(extraEnv);
    writeRecord(b, '$stopline review -- look around');
    expect((await hook(b, 'TaskStart', taskStart(b))).stdout).toBe('');
    expect(contractRecords(b)).toHaveLength(1);
    expectCommandStopped((await hook(b, 'PreToolUse', toolCall(b, 'run_commands', { commands: ['touch x'] }))).stdout, 'MODE_FORBIDS_MUTATION');
    expect(contractRecords(b)).toHaveLength(1);
  });

  it("a child agent's call before any start arms nothing (only the person's session can): the top agent's next call does", async () => {
    const b = box(extraEnv);
    writeRecord(b, '$stopline review -- look around');
    const child = await hook(b, 'PreToolUse', toolCall(b, 'run_commands', { commands: ['touch c'] }, true));
    expect(child.stdout).toBe('');
    expect(contractRecords(b)).toHaveLength(0);
    expectCommandStopped((await hook(b, 'PreToolUse', toolCall(b, 'run_commands', { commands: ['touch x'] }))).stdout, 'MODE_FORBIDS_MUTATION');
    expect(contractRecords(b)).toHaveLength(1);
  });

  it('a session record that cannot be read at the first call: fail open lets it run with one line, fail closed stops it', async () => {
    const open = box(extraEnv);
    const r = await hook(open, 'PreToolUse', toolCall(open, 'run_commands', { commands: ['touch x'] }));
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('session record could not be read');
    expect(r.stderr).toContain('failing open');
    expect(contractRecords(open)).toHaveLength(0);

    const closed = box({ ...extraEnv, STOPLINE_FAIL_OPEN: '0' });
    const s = await hook(closed, 'PreToolUse', toolCall(closed, 'run_commands', { commands: ['touch x'] }));
    expectCommandStopped(s.stdout, 'GUARD_UNAVAILABLE');
    const e = await hook(closed, 'PreToolUse', toolCall(closed, 'editor', { path: join(closed.project, 'b.txt'), new_text: 'x\n' }));
    expect(json(e.stdout)).toMatchObject({ cancel: true });
    expect(String(json(e.stdout).errorMessage)).toContain('GUARD_UNAVAILABLE');
  });

  it('once a prompt was taken the record is not read again: a record gone later changes no answer', async () => {
    const b = box(extraEnv);
    const file = writeRecord(b, '$stopline review -- look around');
    expect((await hook(b, 'TaskStart', taskStart(b))).stdout).toBe('');
    rmSync(file);
    const r = await hook(b, 'PreToolUse', toolCall(b, 'run_commands', { commands: ['touch x'] }));
    expectCommandStopped(r.stdout, 'MODE_FORBIDS_MUTATION');
    expect(r.stderr).toBe('');
  });
});
