/**
 * The first part of the Claude and Codex hook scripts (hosts/shared/hook-entry.ts), the code
 * every hook event runs, as a person's host runs it: the shipped script spawned with real
 * stdin/stdout under node, bun and deno.
 *
 * - The Claude script stays silent when the Claude Code mod decides the event (its `silentWhen`):
 *   no output, exit 0, nothing read or written, no evaluator asked or started.
 * - Under deno it never touches the `process` global, whose first use starts Deno's Node
 *   compatibility layer (measured ~+20 ms CPU per event on a ~23 ms floor): checked with a
 *   preloaded trap on that global, for an event its evaluator answers and for a silent one.
 *
 * - Deciding in its own process, it imports its deflated second part from a copy in the private
 *   folder, inflated only when the copy does not hash to the digest its first part carries.
 *
 * Its own evaluator folder (TMPDIR inside its temp root); every evaluator it started is ended by
 * pid at the end.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOD_LIVE_VAR } from '../../../hosts/claude/mod-live';
import { cleanUpAfterAll } from './evaluators';
import { requireArtifact } from './real-host';
import { RUNTIMES, runWithInput, type Run } from './runtimes';

const SLOW = { timeout: 120_000 };

const root = mkdtempSync(join(tmpdir(), 'stopline-first-part-test-'));
const tmp = join(root, 'tmp');
mkdirSync(tmp);

/** A preload for deno that reports the first read of the `process` global on stderr. */
const TRAP = join(root, 'process-trap.js');
writeFileSync(
  TRAP,
  [
    "const d = Object.getOwnPropertyDescriptor(globalThis, 'process');",
    'let told = false;',
    "Object.defineProperty(globalThis, 'process', { configurable: true, enumerable: d.enumerable, set: d.set, get() {",
    "  if (!told) { told = true; Deno.stderr.writeSync(new TextEncoder().encode('PROCESS-GLOBAL-READ\\n')); }",
    '  return d.get.call(this);',
    '} });',
    '',
  ].join('\n'),
);

cleanUpAfterAll(root);

function run(argv: string[], payload: string, env: Record<string, string>): Promise<Run> {
  return runWithInput(argv, payload, { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', STOPLINE_NO_DASHBOARD: '1', ...env } });
}

let worlds = 0;
/** A person's home with a project, its own evaluator folder, and the timing instrument. */
function world() {
  const dir = join(root, `w${worlds++}`);
  const project = join(dir, 'project');
  const evalTmp = join(dir, 't');
  mkdirSync(project, { recursive: true });
  mkdirSync(evalTmp);
  const timing = join(dir, 'timing.jsonl');
  const env = { HOME: dir, STOPLINE_HOME: join(dir, 'data'), CLAUDE_PROJECT_DIR: project, TMPDIR: evalTmp, STOPLINE_TIMING_FILE: timing };
  const via = (): string[] => (existsSync(timing) ? readFileSync(timing, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { via: string }).via) : []);
  return { dir, project, evalTmp, env, via };
}

function payloads(host: 'claude' | 'codex', project: string) {
  const base = host === 'claude'
    ? { session_id: 's1', transcript_path: join(project, 't.jsonl'), cwd: project, prompt_id: 'p1', permission_mode: 'default' }
    : { session_id: 's1', turn_id: 't1', transcript_path: null, cwd: project, model: 'gpt-5.5', permission_mode: 'bypassPermissions' };
  return {
    arm: JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: '$stopline review -- look at README.md' }),
    write: JSON.stringify(
      host === 'claude'
        ? { ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: join(project, 'a.txt'), content: 'x\n' }, tool_use_id: 't1' }
        : { ...base, hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: '*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\n' }, tool_use_id: 'c1' },
    ),
  };
}

async function listening(evalTmp: string, ms = 30_000): Promise<boolean> {
  const dir = join(evalTmp, `stopline-${process.getuid!()}`);
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const socks = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sock')) : [];
    if (socks.length > 0 && !readdirSync(dir).some((f) => f.endsWith('.starting'))) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe.each(Object.keys(RUNTIMES))('dist/claude/stopline.mjs under %s: the Claude Code mod decides', (runtime) => {
  const script = requireArtifact('claude', 'stopline.mjs');

  it('the hook answers nothing, exits 0, writes no data and starts no evaluator; with another CLAUDE_PID it decides', SLOW, async () => {
    const w = world();
    const { arm } = payloads('claude', w.project);
    const silent = await run([...RUNTIMES[runtime]!, script], arm, { ...w.env, CLAUDE_PID: '4242', [MOD_LIVE_VAR]: '4242' });
    expect([silent.code, silent.stdout, silent.stderr]).toEqual([0, '', '']);
    expect(existsSync(join(w.dir, 'data'))).toBe(false);
    expect(readdirSync(w.evalTmp)).toEqual([]);
    expect(w.via()).toEqual([]);
    // a nested claude (its own CLAUDE_PID) is not fooled: the same event arms the session
    const decided = await run([...RUNTIMES[runtime]!, script], arm, { ...w.env, CLAUDE_PID: '4343', [MOD_LIVE_VAR]: '4242', STOPLINE_EVALUATOR: '0' });
    expect(decided.code).toBe(0);
    expect(decided.stdout + decided.stderr).toContain('ARMED');
  });
});

describe('under deno, the first part never starts the Node compatibility layer', () => {
  const deno = RUNTIMES.deno!;

  it('the trap sees a read of the process global (it can fail)', SLOW, async () => {
    const probe = join(root, 'probe.mjs');
    writeFileSync(probe, 'globalThis.process.env;\n');
    const r = await run([...deno, '--preload', TRAP, probe], '', {});
    expect(r.stderr).toContain('PROCESS-GLOBAL-READ');
  });

  it.each(['claude', 'codex'] as const)('%s: an event its evaluator answers, and (claude) a silent one', SLOW, async (host) => {
    const script = requireArtifact(host, 'stopline.mjs');
    const w = world();
    const p = payloads(host, w.project);
    // the first event decides in its own process (which loads the decision code) and starts the evaluator
    const first = await run([...deno, script], p.arm, w.env);
    expect(first.stdout + first.stderr).toContain('ARMED');
    expect(await listening(w.evalTmp)).toBe(true);
    const denied = await run([...deno, '--preload', TRAP, script], p.write, w.env);
    expect(denied.stdout + denied.stderr).toContain('STOP /');
    expect(denied.stderr).not.toContain('PROCESS-GLOBAL-READ');
    expect(w.via()).toEqual(['in-process', 'evaluator']);
    if (host === 'claude') {
      const silent = await run([...deno, '--preload', TRAP, script], p.write, { ...w.env, CLAUDE_PID: '4242', [MOD_LIVE_VAR]: '4242' });
      expect([silent.code, silent.stdout, silent.stderr]).toEqual([0, '', '']);
    }
  });
});

describe.each(Object.keys(RUNTIMES))('dist/codex/stopline.mjs under %s, deciding in its own process', (runtime) => {
  const script = requireArtifact('codex', 'stopline.mjs');

  it('keeps an inflated copy of its second part, and replaces one that does not hash to its digest', SLOW, async () => {
    const w = world();
    const p = payloads('codex', w.project);
    const env = { ...w.env, STOPLINE_EVALUATOR: '0' };
    const armed = await run([...RUNTIMES[runtime]!, script], p.arm, env);
    expect(armed.stdout + armed.stderr).toContain('ARMED');
    const dir = join(w.evalTmp, `stopline-${process.getuid!()}`);
    const copies = readdirSync(dir).filter((f) => f.endsWith('.mjs'));
    expect(copies).toHaveLength(1);
    const copy = join(dir, copies[0]!);
    expect(readFileSync(copy, 'utf8')).toContain('export');
    // another script's copy under the same name: this one's decision code comes back
    writeFileSync(copy, 'export const notTheDecisionCode = true;\n');
    const denied = await run([...RUNTIMES[runtime]!, script], p.write, env);
    expect(denied.stdout + denied.stderr).toContain('STOP /');
    expect(readFileSync(copy, 'utf8')).not.toContain('notTheDecisionCode');
    expect(readdirSync(w.evalTmp)).toEqual([`stopline-${process.getuid!()}`]);
  });
});
