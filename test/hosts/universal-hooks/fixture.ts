/**
 * The three hooks of issue 8's done criterion, written into one run's HOME the same way for
 * every host, where a person keeps them:
 *
 *   (a) a Claude-format PreToolUse guard (matcher `Bash`) that exits 2 on `rm -rf`, registered
 *       in `~/.claude/settings.json`;
 *   (b) a native `prompt:submit` context hook in the user `stopline.json`;
 *   (c) a Codex-format Stop hook that writes a marker file, registered in `~/.codex/hooks.json`.
 *
 * The user `stopline.json` imports "claude" and "codex", so on a host that does not run a
 * dialect itself, stopline runs (a) and (c); the host that owns a dialect runs it natively and
 * stopline skips it. Codex reads its hooks from the harness's `$CODEX_HOME/hooks.json`, so
 * the Codex suite adds `codexStopGroups` to the hooks file it hands the harness (which
 * persists trust for exactly that file).
 *
 * Every hook appends one line to `log` (`<hook>:<hook_event_name>[:deny]`), so a test can say
 * which ran, under which event name, and that none ran twice.
 */
import { chmodSync, mkdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { makeTempRoot, runClaude, startAnthropicServer, type FakeModelScript, type FakeModelServer } from '../harness';

export const GUARD_REASON = 'UNIVERSAL-GUARD: rm -rf is not allowed here';
export const CONTEXT_TEXT = 'UNIVERSAL-CONTEXT: keep diffs small';

export interface SeededHooks {
  /** every hook appends a line here */
  log: string;
  /** written by (c) on every turn end (the Stop payload it received) */
  marker: string;
  /** (c) in Codex's hooks.json shape, for the Codex suite's `$CODEX_HOME/hooks.json` */
  codexStopGroups: Record<string, unknown>[];
  /** the user stopline.json */
  stoplineJson: string;
}

function script(path: string, body: string): string {
  writeFileSync(path, `#!/bin/sh\n${body}`);
  chmodSync(path, 0o755);
  return path;
}

/** The hook_event_name of the JSON on stdin, in shell (no node needed inside the hook). */
const EVENT_NAME = `event=$(printf '%s' "$input" | sed -n 's/.*"hook_event_name" *: *"\\([^"]*\\)".*/\\1/p')`;

/** Writes the three hooks and their registrations into `home`. Call once per run. */
export function seedUniversalHooks(home: string): SeededHooks {
  const bin = join(home, 'hooks');
  mkdirSync(bin, { recursive: true });
  const log = join(home, 'universal-hooks.log');
  const marker = join(home, 'turn-stop-marker.json');

  const guard = script(
    join(bin, 'no-rm-rf.sh'),
    [
      'input=$(cat)',
      EVENT_NAME,
      `case "$input" in`,
      `  *'rm -rf'*) echo "guard:$event:deny" >> '${log}'; echo '${GUARD_REASON}' >&2; exit 2 ;;`,
      'esac',
      `echo "guard:$event" >> '${log}'`,
      'exit 0',
      '',
    ].join('\n'),
  );
  const context = script(
    join(bin, 'context.sh'),
    ['input=$(cat)', EVENT_NAME, `echo "context:$event" >> '${log}'`, `echo '${CONTEXT_TEXT}'`, ''].join('\n'),
  );
  const stop = script(
    join(bin, 'stop-marker.sh'),
    ['input=$(cat)', EVENT_NAME, `echo "stop:$event" >> '${log}'`, `printf '%s\\n' "$input" > '${marker}'`, 'exit 0', ''].join('\n'),
  );

  const claudeDir = join(home, '.claude');
  mkdirSync(claudeDir, { recursive: true });
  writeFileSync(
    join(claudeDir, 'settings.json'),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard, timeout: 30 }] }] } }, null, 2),
  );

  const codexStopGroups = [{ hooks: [{ type: 'command', command: stop, timeout: 30 }] }];
  const codexDir = join(home, '.codex');
  mkdirSync(codexDir, { recursive: true });
  writeFileSync(join(codexDir, 'hooks.json'), JSON.stringify({ hooks: { Stop: codexStopGroups } }, null, 2));

  const stoplineDir = join(home, '.config', 'stopline');
  mkdirSync(stoplineDir, { recursive: true });
  const stoplineJson = join(stoplineDir, 'stopline.json');
  writeFileSync(
    stoplineJson,
    JSON.stringify({ hooks: { 'prompt:submit': [{ hooks: [{ type: 'command', command: context, timeout: 30 }] }] }, import: ['claude', 'codex'] }, null, 2),
  );

  return { log, marker, codexStopGroups, stoplineJson };
}

/** The lines the hooks appended, in order. */
export function hookLog(seeded: SeededHooks): string[] {
  if (!existsSync(seeded.log)) return [];
  return readFileSync(seeded.log, 'utf8').split('\n').filter((l) => l !== '');
}

/** The Stop payload (c) wrote, or undefined when it never ran. */
export function stopMarker(seeded: SeededHooks): Record<string, unknown> | undefined {
  if (!existsSync(seeded.marker)) return undefined;
  return JSON.parse(readFileSync(seeded.marker, 'utf8')) as Record<string, unknown>;
}

/**
 * (c) wrote the turn-end payload under `stopEvent`, and each of the three hooks ran exactly once:
 * the guard denied one `rm -rf`, the context ran at prompt submit. Returns the log for host-own lines.
 */
export function expectEachRanOnce(seeded: SeededHooks, stopEvent = 'Stop'): string[] {
  expect(stopMarker(seeded)).toMatchObject({ hook_event_name: stopEvent });
  const log = hookLog(seeded);
  expect(log.filter((l) => l.startsWith('guard:'))).toEqual(['guard:PreToolUse:deny']);
  expect(log.filter((l) => l.startsWith('context:'))).toEqual(['context:prompt:submit']);
  expect(log.filter((l) => l.startsWith('stop:'))).toEqual([`stop:${stopEvent}`]);
  return log;
}

/** A project with a `build/` folder for the `rm -rf build` call to target. */
export function projectWithBuild(project: string): string {
  mkdirSync(join(project, 'build'), { recursive: true });
  writeFileSync(join(project, 'build', 'out.txt'), 'built\n');
  writeFileSync(join(project, 'a.txt'), 'alpha\n');
  return join(project, 'build');
}

/** One run's world inside a suite's temp root: a project with a build folder, and a HOME holding the three hooks. */
export function universalWorld(root: string): { project: string; runDir: string; home: string; build: string; hooks: SeededHooks } {
  const project = join(root, 'proj');
  const runDir = join(root, 'run');
  const home = join(runDir, 'home');
  mkdirSync(project, { recursive: true });
  const build = projectWithBuild(project);
  return { project, runDir, home, build, hooks: seedUniversalHooks(home) };
}

/** What the person asks in every universal-hooks run. */
export const CLEAN_PROMPT = 'clean up the build folder';

/** The model's one call that removes the build folder (the host's own tool and fields), then `done`. */
export const rmBuildScript = (id: string, name: string, input: Record<string, unknown>): FakeModelScript => ({ threads: [{ name: 'main', turns: [{ toolCalls: [{ id, name, input }] }, { text: 'done' }] }] });

/** Claude Code with `pluginDir` asked to clean up: it exits 0, the build folder survives, the model read an error; the server for the rest. */
export async function claudeKeepsBuild(w: { project: string; runDir: string; build: string }, pluginDir: string, servers: FakeModelServer[]): Promise<FakeModelServer> {
  const s = await startAnthropicServer(rmBuildScript('toolu_rm', 'Bash', { command: 'rm -rf build' }));
  servers.push(s);
  const r = await runClaude({ project: w.project, prompt: CLEAN_PROMPT, server: s, pluginDir, runDir: w.runDir, timeoutMs: 240_000 });
  expect(r.code, `claude exited ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(0);
  expect(existsSync(w.build)).toBe(true);
  expect(s.toolResult('toolu_rm')?.isError).toBe(true);
  return s;
}

/** The suite's temp root and its fake model servers: closed and removed after the file (kept and named with STOPLINE_KEEP_RUNS=1 where `keepable`). */
export function universalRuns(name: string, keepable = false): { root: string; servers: FakeModelServer[] } {
  const root = makeTempRoot(`universal-hooks-${name}`);
  const servers: FakeModelServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    if (keepable && process.env.STOPLINE_KEEP_RUNS === '1') console.log(`runs kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  });
  return { root, servers };
}
