/** A real project the confined runs work in, and the core driven on it as Claude's door drives it. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { handleEvent, type HandleOptions } from '../../../core/answer/controller';
import type { Outcome } from '../../../core/answer/outcome';
import { claudeRegistry } from '../../../core/registry/claude';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A git project holding src/config.ts, a home beside it, and the environment a host gives stopline. */
export function project(name: string, extraEnv: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), `stopline-${name}-`));
  roots.push(root);
  const home = join(root, 'home');
  const proj = join(root, 'proj');
  const data = join(root, 'data');
  mkdirSync(join(proj, 'src'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(proj, 'src', 'config.ts'), 'export const port = 80;\n');
  spawnSync('git', ['init', '-q'], { cwd: proj });
  const env: Record<string, string | undefined> = { HOME: home, STOPLINE_HOME: data, XDG_CONFIG_HOME: join(home, '.config'), PATH: process.env.PATH, ...extraEnv };
  return { root, home, proj, data, env };
}

export type Project = ReturnType<typeof project>;

/** One of Claude's tool calls, analysed by its tool table and answered on a door that can rewrite (unless `opts` says otherwise). */
export function act(p: Project, tool: string, input: Record<string, unknown>, opts: Partial<HandleOptions> = { canRewrite: true }, sessionId = 's-1'): Outcome {
  const base = { protocolVersion: 1, sessionId, host: { family: 'claude' }, cwd: p.proj };
  const action = analyzeToolCall(claudeRegistry, tool, input, { cwd: p.proj, home: p.home });
  return handleEvent({ ...base, kind: 'action.before', action }, { env: p.env, ...opts });
}

/** The person's directive, then a Bash call of `command`. */
export function drive(p: Project, directive: string, command: string, opts: Partial<HandleOptions> = { canRewrite: true }, sessionId = 's-1'): Outcome {
  handleEvent({ protocolVersion: 1, sessionId, host: { family: 'claude' }, cwd: p.proj, kind: 'prompt.submit', prompt: { text: directive, source: 'user' } }, { env: p.env });
  return act(p, 'Bash', { command }, opts, sessionId);
}

/** A command line run with bash in the project, as the host runs what it was handed. */
export function runAsHost(p: Project, text: string) {
  const r = spawnSync('bash', ['-c', text], { cwd: p.proj, env: p.env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
