/**
 * Entry of dist/claude/hooks/stopline-mod.mjs: stopline as a Claude Code mod (a hooks module
 * named under "modules" in the plugin's hooks/hooks.json), deciding inside Claude Code's own
 * process. docs/claude-mod.md has what was verified on the real CLI.
 *
 * This is the only file that touches `$`, and only as Claude Code's loader accepts it: every
 * use is a literal `$.noun.method(...)` call inside a hook, and every `on(...)` names its event
 * as a literal. The hooks build a ModHost of plain functions for the door (./door.ts).
 *
 * - `classic.<Event>` for every event the plugin's command hooks register (the registry's
 *   install rows; test/hosts/claude/mod/entry.test.ts keeps the two lists equal): the door
 *   answers as the command hook would, folded over the hooks beneath it;
 * - `tool.call` only notes which sub-agent a call runs in (`classic.PreToolUse` does not say);
 * - `classic.SessionStart` first sets STOPLINE_CLAUDE_MOD to this process's CLAUDE_PID, which
 *   every command hook started afterwards inherits: the plugin's command hooks see it and stay
 *   silent (hosts/claude/mod-live.ts), so exactly one door decides;
 * - the band above the prompt shows the armed contract.
 *
 * Every gating hook has a `.catch` that answers with the person's fail mode: a hook that throws
 * without one is skipped by Claude Code, which would fail open whatever the person chose.
 */
import './globals';
import { modProcess, setProcessCwd } from './globals';
import { posix, setPathCwd, setPathPlatform, win32 } from './node/path';
import { installReadVolume } from './read';
import { installStoreVolume } from './store';
import { Volume } from './volume';
import { ClaudeModDoor } from './door';
import type { ModHost, ModStart } from './door';
import { foldOver } from './classic';

/* eslint-disable @typescript-eslint/no-explicit-any -- Claude Code's declarations are not a dependency of this repository */
type Dollar = any;
type Next = any;

const volume = new Volume({
  key: (p) => (/^[A-Za-z]:[\\/]|^\\\\/.test(p) ? win32.resolve(p) : posix.resolve(p)),
  dirname: (p) => (/^[A-Za-z]:[\\/]|^\\\\/.test(p) ? win32.dirname(p) : posix.dirname(p)),
  basename: (p) => (/^[A-Za-z]:[\\/]|^\\\\/.test(p) ? win32.basename(p) : posix.basename(p)),
});
installReadVolume(volume);
installStoreVolume(volume);

const door = new ClaudeModDoor({
  volume,
  applyProcess(env, pid, platform, cwd) {
    modProcess.env = env;
    modProcess.pid = pid;
    modProcess.platform = platform;
    setProcessCwd(cwd());
    setPathPlatform(platform);
    setPathCwd(cwd);
  },
});

/** Once per process: the variables the core reads, the session's own, and the live marker. */
async function configure($: Dollar): Promise<void> {
  if (door.configured) return;
  const hookEnv: Record<string, string> = await $.process.hookEnv();
  // before anything else: the command hooks started from here on stay silent
  await $.env.set('STOPLINE_CLAUDE_MOD', hookEnv.CLAUDE_PID ?? '');
  const names = [
    'HOME',
    'USERPROFILE',
    'PATH',
    'XDG_CONFIG_HOME',
    'XDG_DATA_HOME',
    'STOPLINE_HOME',
    'STOPLINE_CONFIG',
    'STOPLINE_FAIL_OPEN',
    'STOPLINE_FAIL_MODE',
    'STOPLINE_LOCK_TIMEOUT_MS',
    'STOPLINE_TIMING_FILE',
    'STOPLINE_CONFINE',
    'CLAUDE_CONFIG_DIR',
    'CODEX_HOME',
    'HERMES_HOME',
    'CI',
    'ComSpec',
  ];
  const values = await Promise.all([
    $.env.get('HOME'),
    $.env.get('USERPROFILE'),
    $.env.get('PATH'),
    $.env.get('XDG_CONFIG_HOME'),
    $.env.get('XDG_DATA_HOME'),
    $.env.get('STOPLINE_HOME'),
    $.env.get('STOPLINE_CONFIG'),
    $.env.get('STOPLINE_FAIL_OPEN'),
    $.env.get('STOPLINE_FAIL_MODE'),
    $.env.get('STOPLINE_LOCK_TIMEOUT_MS'),
    $.env.get('STOPLINE_TIMING_FILE'),
    $.env.get('STOPLINE_CONFINE'),
    $.env.get('CLAUDE_CONFIG_DIR'),
    $.env.get('CODEX_HOME'),
    $.env.get('HERMES_HOME'),
    $.env.get('CI'),
    $.env.get('ComSpec'),
  ]);
  const env: Record<string, string | undefined> = {};
  names.forEach((n, i) => {
    if (typeof values[i] === 'string') env[n] = values[i];
  });
  let version: string | undefined;
  try {
    version = (await $.session.version()).version;
  } catch {
    version = undefined;
  }
  // a confined command is handed over only where bubblewrap is on PATH (./confine.ts)
  const dirs = (env.PATH ?? '').split(':').filter((d) => d.startsWith('/'));
  const seen = await Promise.all(dirs.map((d) => $.fs.stat(`${d.replace(/\/+$/, '')}/bwrap`).then((s: { kind: string }) => s.kind === 'file', () => false)));
  const start: ModStart = { env, hookEnv, ...(version ? { version } : {}), bwrap: seen.some(Boolean) };
  door.configure(start);
}

/** What the door may do through the host during one hook call. */
function hostOf(
  read: ModHost['read'],
  write: ModHost['write'],
  list: ModHost['list'],
  stat: ModHost['stat'],
  run: ModHost['run'],
  fetch: ModHost['fetch'],
  log: ModHost['log'],
  redraw: ModHost['redraw'],
): ModHost {
  return { read, write, list, stat, run, fetch, log, redraw, now: () => Date.now() };
}

/** The host of one hook call: each capability a literal `$` call, as the loader requires. */
const HOST = ($: Dollar): ModHost =>
  hostOf(
    (p) => $.fs.read(p),
    (p, t) => $.fs.write(p, t),
    (p) => $.fs.list(p),
    (p, options) => (options ? $.fs.stat(p, options) : $.fs.stat(p)),
    (argv, init) => $.process.run(argv, init),
    (url, init) => $.http.fetch(url, init).then((r: { status: number; text: string }) => ({ status: r.status, text: r.text })),
    (text, debug) => $.ui.log(text, debug ? { to: 'debug' } : undefined),
    () => $.ui.invalidate('ui.render'),
  );

function redrawIfChanged(host: ModHost): void {
  if (!door.bandChanged) return;
  door.bandChanged = false;
  try {
    host.redraw();
  } catch {
    // no surface (-p): nothing to draw
  }
}

/** A classic event whose `e` is the command hook's own payload. */
async function onClassic($: Dollar, e: Record<string, unknown>, next: Next): Promise<unknown> {
  await configure($);
  const host = HOST($);
  const event = String(e.hook_event_name ?? '');
  const ours = await door.answerClassic(host, event, e);
  redrawIfChanged(host);
  if (event === 'SessionEnd') await door.drain(host);
  // the hooks beneath (the person's own command hooks, and this plugin's, which stay silent) run too
  const beneath = await next(e);
  return foldOver(beneath, ours.result);
}

/** `classic.PreToolUse`: only the tool envelope; the door adds the session and the sub-agent. */
async function onPreToolUse($: Dollar, e: Record<string, unknown>, next: Next): Promise<unknown> {
  await configure($);
  const host = HOST($);
  const ours = await door.answerPreToolUse(host, e, {});
  redrawIfChanged(host);
  if (ours.result.deny !== undefined) return foldOver(undefined, ours.result);
  const beneath = await next(e);
  return foldOver(beneath, ours.result);
}

/**
 * The fail mode when a hook of the door failed: answered in place of the hook (fail closed
 * denies the tool, fail open passes it on). When the hook had already passed the event on,
 * what that settled to stands.
 */
function onFailure($: Dollar, e: Record<string, unknown>, next: Next): unknown {
  if (next.called) return next(e);
  const event = typeof e.hook_event_name === 'string' ? e.hook_event_name : 'PreToolUse';
  const answer = door.configured ? door.failureAnswer(event, new Error('the stopline mod failed to decide')) : null;
  if (answer && answer.deny !== undefined) return answer;
  return next(e).then((beneath: unknown) => (answer ? foldOver(beneath as Record<string, unknown>, answer) : beneath));
}

export function register(on: Dollar): void {
  on('tool.call', ($: Dollar, e: Record<string, unknown>, next: Next) => {
    door.noteToolCall(String(e.tool_use_id ?? ''), typeof e.agentId === 'string' ? e.agentId : undefined);
    return next(e);
  });
  on('classic.SessionStart', onClassic).catch(onFailure);
  on('classic.UserPromptSubmit', onClassic).catch(onFailure);
  on('classic.UserPromptExpansion', onClassic).catch(onFailure);
  on('classic.PreToolUse', onPreToolUse).catch(onFailure);
  on('classic.PostToolUse', onClassic).catch(onFailure);
  on('classic.SubagentStart', onClassic).catch(onFailure);
  on('classic.SubagentStop', onClassic).catch(onFailure);
  on('classic.Stop', onClassic).catch(onFailure);
  on('classic.SessionEnd', onClassic).catch(onFailure);
  on('ui.render', { component: 'AbovePrompt' }, ($: Dollar, e: Record<string, unknown>, next: Next) => {
    const text = door.bandText;
    if (text === null) return next(e);
    const { Text } = $.ui.resolve(e);
    return h(Text, { dimColor: true }, text);
  });
}

declare const h: (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;


