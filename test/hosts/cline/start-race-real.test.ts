/**
 * The start-hook race on the real Cline CLI 3.0.65, offline: Cline runs the TaskStart hook file
 * without waiting for it, so a TaskStart hook that is slow to start (here it sleeps before it runs
 * stopline, as a loaded machine can make it) has not armed anything when the model's first call
 * reaches PreToolUse. The first call of a `$stopline review` task is still stopped (the call read
 * the person's prompt from Cline's session record itself), and the late TaskStart arms nothing
 * again: one contract record, written before the TaskStart hook ran stopline at all.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { clineHookFile, CLINE_EVENTS } from '../../../hosts/cline/install';
import { ensureHosts, HOSTS_FOR, startHostChatServer } from '../harness';
import { runCline } from './harness';
import { describeRealHost, readEvidence, realHostRuns, requireArtifact, stoplineDataDir } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.cline);
const runs = realHostRuns({ prefix: 'cline-start-race', startServer: startHostChatServer, describeTimings: () => null });

/** How long the TaskStart hook waits before it runs stopline: far longer than the model's first answer from the local server. */
const START_DELAY_S = 4;

/** The installed hook files, TaskStart's made slow: it notes when stopline started and ended in it (ms since the epoch). */
function hooksWithSlowStart(markers: string): Record<string, string> {
  const command = `'${process.execPath}' '${requireArtifact('cline', 'stopline.mjs')}'`;
  const files = Object.fromEntries(CLINE_EVENTS.map((e) => [e, clineHookFile(command, e)]));
  files.TaskStart = `#!/bin/sh\nsleep ${START_DELAY_S}\ndate +%s%3N > '${markers}.started'\n${command} TaskStart\ndate +%s%3N > '${markers}.ended'\n`;
  return files;
}

async function waitFor(file: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!existsSync(file) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
}

describeRealHost(status, 'Cline CLI 3.0.65: a TaskStart hook that finishes after the first tool call', HOSTS_FOR.cline, 300_000, () => {
  it("the first call of a review task is stopped, and the late TaskStart arms nothing again", async () => {
    const c = runs.newCase('late-start');
    const markers = join(c.runDir, 'task-start');
    const s = await runs.server({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id: 'call_first', name: 'run_commands', input: { commands: ['touch x'] } }] }, { text: 'done' }] }] });
    const r = await runCline({ project: c.project, prompt: '$stopline review -- look around', server: s, runDir: c.runDir, hooks: hooksWithSlowStart(markers), env: { STOPLINE_DASHBOARD: 'off' } });
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    expect(s.toolResultText('call_first')).toContain('MODE_FORBIDS_MUTATION');

    // the TaskStart hook outlives the run (Cline does not wait for it): its end is awaited here
    await waitFor(`${markers}.ended`, (START_DELAY_S + 60) * 1000);
    expect(existsSync(`${markers}.ended`), 'the TaskStart hook never ended').toBe(true);
    const started = Number(readFileSync(`${markers}.started`, 'utf8'));
    const evidence = readEvidence(stoplineDataDir(r.home));
    const first = evidence.find((e) => e.type === 'check');
    expect(first?.decision?.reasonCode).toBe('MODE_FORBIDS_MUTATION');
    // the order this test is about: the call was decided before stopline ran in the TaskStart hook
    expect(Date.parse(String(first!.occurredAt))).toBeLessThan(started);
    const contracts = evidence.filter((e) => e.type === 'contract');
    expect(contracts).toHaveLength(1);
    expect(Date.parse(String(contracts[0]!.occurredAt))).toBeLessThan(started);
  });
});
