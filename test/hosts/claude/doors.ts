/**
 * The two doors of the shipped Claude plugin (dist/claude), for real-host suites that run a case
 * through each: the mod (hooks/stopline-mod.mjs, deciding inside Claude Code's process) and the
 * command hooks, which decide when mods are refused (managed settings `allowManagedModsOnly`, set
 * for the run in a private mount namespace; where that cannot be done, a copy of the plugin
 * without its module, as a Claude Code without mods loads it). A run names its door's timing
 * artifact, so a suite asserts which door decided and that the other stayed silent.
 */
import { expect } from 'vitest';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runClaude, type FakeModelServer } from '../harness';
import { readTimings, type RealHostCase } from '../shared/real-host';
import { MANAGED_MODS_ONLY, managedPolicyWrapper } from './mod/policy';

export interface ClaudeDoor {
  /** how a suite names it */
  name: string;
  /** a short folder name for its cases */
  short: 'mod' | 'cmd';
  /** the artifact its timing lines name */
  timingArtifact: string;
  /** mods refused: the command hooks decide */
  refuseMods: boolean;
}

export const CLAUDE_DOORS: readonly ClaudeDoor[] = [
  { name: 'the mod, inside Claude Code', short: 'mod', timingArtifact: 'claude-mod', refuseMods: false },
  { name: 'the command hooks, mods refused by allowManagedModsOnly', short: 'cmd', timingArtifact: 'stopline (claude)', refuseMods: true },
];

/** A copy of the plugin without its module: what a Claude Code that loads no mods runs. */
function pluginWithoutModule(pluginDir: string, runDir: string): string {
  const copy = join(runDir, 'plugin-no-module');
  cpSync(pluginDir, copy, { recursive: true });
  const file = join(copy, 'hooks', 'hooks.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { modules?: unknown };
  delete doc.modules;
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return copy;
}

/**
 * How to start Claude Code so that `door` decides: the plugin folder to load, the command to
 * start it through (the policy's namespace), and why mods were refused some other way, if so.
 */
export function doorLaunch(door: ClaudeDoor, pluginDir: string, runDir: string): { pluginDir: string; wrapper?: string[]; fallback?: string } {
  if (!door.refuseMods) return { pluginDir };
  const policy = managedPolicyWrapper(join(runDir, 'policy'), MANAGED_MODS_ONLY);
  if ('wrapper' in policy) return { pluginDir, wrapper: policy.wrapper };
  return { pluginDir: pluginWithoutModule(pluginDir, runDir), fallback: policy.unavailable };
}

/** Exactly one door decided the run: every timing line is `door`'s. Returns the lines. */
export function expectDecidedBy(door: ClaudeDoor, timingFile: string): { artifact: string; hook?: string; ms: number }[] {
  const lines = readTimings(timingFile) as unknown as { artifact: string; hook?: string; ms: number }[];
  expect(lines.length, 'no stopline door answered').toBeGreaterThan(0);
  expect([...new Set(lines.map((l) => l.artifact))]).toEqual([door.timingArtifact]);
  return lines;
}

/** Why mods were refused some other way than by policy in this suite's runs (sayPolicyFallback says it after the suite). */
const policyFallback = new Set<string>();

export function sayPolicyFallback(): void {
  for (const why of policyFallback) console.log(`[claude] mods were refused by loading the plugin without its module, not by managed policy: ${why}`);
}

/**
 * One `claude -p` run of a case so that `door` decides, its timing lines in the run folder; it
 * must exit 0 and exactly `door` must have decided. Returns the run, the timing file and its lines.
 */
export async function runThroughDoor(door: ClaudeDoor, pluginDir: string, c: RealHostCase, s: FakeModelServer, prompt: string, opts: { allowedTools: string[]; env?: Record<string, string | undefined>; args?: string[] }) {
  const timing = join(c.runDir, 'timing.jsonl');
  const launch = doorLaunch(door, pluginDir, c.runDir);
  if (launch.fallback) policyFallback.add(launch.fallback);
  const r = await runClaude({
    project: c.project,
    prompt,
    server: s,
    pluginDir: launch.pluginDir,
    allowedTools: opts.allowedTools,
    runDir: c.runDir,
    env: { STOPLINE_TIMING_FILE: timing, ...opts.env },
    ...(opts.args?.length ? { args: opts.args } : {}),
    ...(launch.wrapper ? { wrapper: launch.wrapper } : {}),
  });
  expect(r.code, `claude exited ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return { r, timing, lines: expectDecidedBy(door, timing) };
}
