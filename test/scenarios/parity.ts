/**
 * Runs one neutral scenario on one host and compares every tool step with the expectation.
 * A step the host cannot express (no such tool) is accepted only when the host's registry
 * has no tool of that kind: the registry is the one place that says why hosts differ.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REGISTRIES } from '../../core/registry';
import type { HostRegistry, ToolKind } from '../../core/registry/types';
import { nativeRegistry } from '../../hosts/cli/guard/adapters';
import { checks, type HostDriver, type Sandbox, type Seen } from './drivers';
import { RENDERERS, type HostName, type RenderedTool } from './renderers';
import type { Expectation, NeutralTool, Scenario } from './types';
import { rewritesShell } from '../../core/registry/rows';
import { probeSandbox } from '../../core/confine/probe';

export function loadCorpus(): Scenario[] {
  return (JSON.parse(readFileSync(join(__dirname, 'corpus.json'), 'utf8')) as { scenarios: Scenario[] }).scenarios;
}

export function registryOf(host: HostName): HostRegistry {
  return host === 'guard' ? nativeRegistry : REGISTRIES[host];
}

/** The tool kinds a neutral op needs; a host whose registry has none of them cannot express it. */
const KINDS_FOR: Record<NeutralTool['op'], ToolKind[]> = {
  write: ['write', 'apply-patch', 'v4a-patch'],
  edit: ['write', 'multi-edit', 'apply-patch', 'v4a-patch'],
  read: ['read', 'shell'],
  shell: ['shell'],
  delegate: ['delegate', 'delegate-batch', 'task-continuation'],
  batch: ['delegate-batch'],
  mcp: ['unknown'],
};

export function registryLacks(host: HostName, op: NeutralTool['op']): boolean {
  const reg = registryOf(host);
  // a subagent whose calls no hook sees is decided as a call of unknown effect, not as a delegation
  return !reg.tools.some((t) => KINDS_FOR[op].includes(t.kind) && !t.unseenChildren);
}

/** Whether the host runs a rewritten command for its shell tool (the registry's rewrite column). */
export function hostRewritesShell(host: HostName): boolean {
  return rewritesShell(registryOf(host));
}

const sandboxOk = new Map<string, boolean>();
/** What this host must answer here: a confinable step runs confined where the host and the machine allow it. */
export function expectationOn(host: HostName, expect: Expectation, env: Record<string, string>): Expectation & { confined: boolean } {
  if (!expect.confinable || !hostRewritesShell(host) || env.STOPLINE_CONFINE === '0') return { ...expect, confined: false };
  const key = env.PATH ?? '';
  if (!sandboxOk.has(key)) sandboxOk.set(key, probeSandbox(env).ok);
  if (!sandboxOk.get(key)) return { ...expect, confined: false };
  return { decision: 'allow', reason: 'CONFINED', confined: true };
}

export interface StepResult {
  step: number;
  op: NeutralTool['op'];
  expected: { decision: string; reason: string; also?: string[] };
  /** null: the host has no such tool (and its registry agrees) */
  got: { decision: Seen['decision']; reason: string | undefined; stamp?: string } | null;
  problems: string[];
}

/** `home/…` and `project/…` in the box's home and project, anything else beside the project. */
function inBox(box: Sandbox, rel: string): string {
  const [head, ...rest] = rel.split('/');
  return head === 'home' ? join(box.home, ...rest) : head === 'project' ? join(box.project, ...rest) : join(dirname(box.project), rel);
}

/**
 * The scenario's seeded files and symbolic links (absolute, so they lead to the same place from
 * anywhere); returns how to take them away again, so a box shared by several scenarios (the
 * Hermes shim's resident run) holds only the current scenario's.
 */
function prepare(sc: Scenario, box: Sandbox): () => void {
  const made: string[] = [];
  for (const [rel, text] of Object.entries(sc.seed ?? {})) {
    const file = inBox(box, rel);
    if (existsSync(file)) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    made.push(file);
  }
  for (const [at, to] of Object.entries(sc.links ?? {})) {
    const target = inBox(box, to);
    const link = join(box.project, at);
    mkdirSync(target, { recursive: true });
    mkdirSync(dirname(link), { recursive: true });
    if (existsSync(link)) continue;
    symlinkSync(target, link);
    made.push(link);
  }
  return () => {
    for (const p of made.reverse()) rmSync(p, { force: true });
  };
}

export async function runScenario(sc: Scenario, driver: HostDriver, box: Sandbox): Promise<StepResult[]> {
  const unprepare = prepare(sc, box);
  try {
    return await runSteps(sc, driver, box);
  } finally {
    unprepare();
  }
}

async function runSteps(sc: Scenario, driver: HostDriver, box: Sandbox): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const [i, step] of sc.steps.entries()) {
    if ('prompt' in step) {
      await driver.prompt(step.prompt);
      continue;
    }
    const rendered: RenderedTool | null = RENDERERS[driver.host](step.tool, { project: box.project, home: box.home });
    const expect = expectationOn(driver.host, step.expect, box.env);
    const base: Omit<StepResult, 'got' | 'problems'> = { step: i, op: step.tool.op, expected: expect };
    if (!rendered) {
      const problems = registryLacks(driver.host, step.tool.op) ? [] : [`no renderer for ${step.tool.op}, yet the registry lists a tool for it`];
      results.push({ ...base, got: null, problems });
      // the later steps depend on this one (a batch reserves budget): they are not comparable
      break;
    }
    const before = checks(box.home).length;
    const seen = await driver.tool(rendered);
    const after = checks(box.home);
    const problems: string[] = [];
    if (after.length !== before + 1) problems.push(`${after.length - before} evidence check lines for one tool call`);
    const reason = after[after.length - 1]?.reasonCode;
    // every scenario runs unattended: an ask reaches no person on any host, so it is a deny
    if (seen.decision !== expect.decision) problems.push(`decision ${seen.decision}, expected ${expect.decision}`);
    if (reason !== expect.reason) problems.push(`reason ${String(reason)}, expected ${expect.reason}`);
    // a confined command reaches the host as the sandbox wrapper around the model's command; nothing else is rewritten
    if (expect.confined && !handedBackConfined(seen.rewrite ?? '', box.dir)) problems.push(`not handed back confined: ${JSON.stringify(seen.rewrite ?? null)}`);
    if (!expect.confined && seen.rewrite !== undefined) problems.push(`rewritten, expected the model's own command: ${JSON.stringify(seen.rewrite)}`);
    if (seen.decision !== 'allow' && !(seen.stamp ?? '').includes(expect.reason)) problems.push(`the stamp does not name ${expect.reason}: ${JSON.stringify(seen.stamp)}`);
    const also = [...(seen.stamp ?? '').matchAll(/^Also breaks: ([A-Z_]+)/gm)].map((m) => m[1]);
    if (JSON.stringify(also) !== JSON.stringify(expect.also ?? [])) problems.push(`the stamp names other broken rules ${JSON.stringify(also)}, expected ${JSON.stringify(expect.also ?? [])}: ${JSON.stringify(seen.stamp)}`);
    results.push({ ...base, got: { decision: seen.decision, reason, ...(seen.stamp ? { stamp: seen.stamp } : {}) }, problems });
  }
  return results;
}

const SANDBOX_WRAPPER = /(^|\/)bwrap'? /;
/** A launcher that hands its one argument to stopline's runner, which builds the sandbox when the command runs (core/confine/deferred.ts). */
const DEFERRED_RUNNER = /^exec .* --stopline-confine '(?:[^']|'\\'')*' -- "\$1"$/m;
/** The short form core hands every host: the system shell, a launcher script, the model's command as one quoted word. */
const SHORT_FORM = /^'\/bin\/sh' '([^']+\/confined\/[0-9a-f]{40}\.sh)' '(?:[^']|'\\'')*'$/;

/**
 * The sandbox around the model's command, as the host receives it: the short form (core/confine/
 * launcher.ts), whose script sits in stopline's data folder inside this run's sandbox and holds the
 * sandbox wrapper around its one argument (or hands it to stopline's runner, which builds the
 * sandbox when it runs: a door inside the host's process), or the wrapper itself inline (the script could not
 * be written). Any other rewrite is not confinement.
 */
export function handedBackConfined(rewrite: string, root: string): boolean {
  if (SANDBOX_WRAPPER.test(rewrite)) return true;
  const script = SHORT_FORM.exec(rewrite)?.[1];
  if (script === undefined || !script.startsWith(`${root}/`) || !existsSync(script)) return false;
  const text = readFileSync(script, 'utf8');
  return (SANDBOX_WRAPPER.test(text) && text.includes(`'-c' "$1"`)) || DEFERRED_RUNNER.test(text);
}

