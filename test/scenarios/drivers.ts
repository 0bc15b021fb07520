/**
 * In-process drivers: each feeds one host's payloads to the same entry functions its artifact
 * runs (the shared runner's answerHook with the host adapter for the command-hook hosts, the
 * Hermes plugin door and the guard's native form; an in-process host's plugin door with an
 * in-memory host stand-in, from the driver in its test folder's rows), and reads back the
 * decision the host would see plus the reason code the evidence recorded.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { onTestFinished } from 'vitest';
import { claudeAdapter } from '../../hosts/claude/adapter';
import { nativeAdapter } from '../../hosts/cli/guard/adapters';
import { COMMAND_HOOK_ADAPTERS } from '../../hosts/cli/guard/command-hook-adapters';
import { FOLDER_ROWS } from '../hosts/harness/folder-rows';
import type { CommandHookRows, DriverKit, HostTestRows, PayloadKit } from '../hosts/harness/host-rows';
import type { CommandHookAdapter, Rendered } from '../../hosts/shared/adapter';
import { answerHook } from '../../hosts/shared/runner';
import { RENDERERS, type HostName, type RenderedTool } from './renderers';
import { PROJECT_FILES } from './types';

const FIXTURES = join(__dirname, '..', 'fixtures');

export function fixture(host: string, name: string): Record<string, unknown> {
  const raw = JSON.parse(readFileSync(join(FIXTURES, host, name), 'utf8')) as Record<string, unknown>;
  delete raw._meta;
  delete raw._source;
  return raw;
}

/** What the host sees: a decision, and the text of the stamp when there is one. */
export interface Seen {
  decision: 'allow' | 'deny' | 'ask';
  stamp?: string;
  /** The command the host runs instead of the model's, when the answer put one in its place. */
  rewrite?: string;
}

/** The one string field a rewritten tool input changed (the command the host will run instead). */
function changedCommand(before: unknown, after: unknown): string | undefined {
  if (!after || typeof after !== 'object') return undefined;
  const was = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(after as Record<string, unknown>)) {
    if (typeof v === 'string' && v !== was[k]) return v;
  }
  return undefined;
}

/** The same answer, with the command the host would run in place of the model's when there is one. */
function withRewrite(seen: Seen, before: unknown, after: unknown): Seen {
  const rewrite = seen.decision === 'allow' ? changedCommand(before, after) : undefined;
  return rewrite === undefined ? seen : { ...seen, rewrite };
}

export interface Sandbox {
  dir: string;
  home: string;
  project: string;
  env: Record<string, string>;
  session: string;
  cleanup(): void;
}

/** A host's environment in a HOME of its own: its XDG folders inside it, nothing of the caller's but PATH. */
export function homeEnv(home: string): Record<string, string> {
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    PATH: process.env.PATH ?? '/usr/bin:/bin',
  };
}

export function sandbox(session = 'scn-session-0001'): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'stopline-conf-'));
  const home = join(dir, 'home');
  const project = join(dir, 'project');
  for (const [rel, text] of Object.entries(PROJECT_FILES)) {
    mkdirSync(dirname(join(project, rel)), { recursive: true });
    writeFileSync(join(project, rel), text);
  }
  mkdirSync(home, { recursive: true });
  const env: Record<string, string> = { ...homeEnv(home), STOPLINE_DASHBOARD: 'off' };
  // retries: a resident evaluator may still be finishing a write when a test's round ends
  return { dir, home, project, env, session, cleanup: () => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }) };
}

/** sandbox() for the running test, removed when the test ends (passed or not). */
export function testSandbox(session?: string): Sandbox {
  const box = sandbox(session);
  onTestFinished(() => box.cleanup());
  return box;
}

/** Every evidence line under a folder (any data folder a host writes to). */
export function evidenceLines(root: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (d: string): void => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names.sort()) {
      const p = join(d, n);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(p);
      else if (n.endsWith('.jsonl')) {
        for (const l of readFileSync(p, 'utf8').split('\n')) {
          if (!l.trim()) continue;
          try {
            out.push(JSON.parse(l) as Record<string, unknown>);
          } catch {
            out.push({ unreadable: l });
          }
        }
      }
    }
  };
  walk(root);
  return out;
}

export function checks(root: string): { reasonCode?: string; response?: string }[] {
  return evidenceLines(root)
    .filter((e) => e.type === 'check')
    .map((e) => (e.decision ?? {}) as { reasonCode?: string; response?: string });
}

export interface HostDriver {
  host: HostName;
  prompt(text: string): Promise<void>;
  /** null when the host has no such tool */
  tool(t: RenderedTool): Promise<Seen>;
}

function fromJson(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return null;
  return JSON.parse(text) as Record<string, unknown>;
}

/** The decision a command-hook host reads from the hook's answer. */
export function seenFromRendered(host: HostName, r: Rendered, input?: unknown): Seen {
  const seen = decisionFromRendered(host, r);
  return withRewrite(seen, input, rewrittenInput(host, r));
}

/** Where each host reads the tool input it runs instead of the model's. */
function rewrittenInput(host: HostName, r: Rendered): unknown {
  let j: Record<string, unknown> | null = null;
  try {
    j = fromJson(r.stdout);
  } catch {
    return undefined;
  }
  if (!j) return undefined;
  const hso = (j.hookSpecificOutput ?? {}) as Record<string, unknown>;
  return folderCommandRows(host)?.rewrittenInput(j) ?? hso.updatedInput;
}

function decisionFromRendered(host: HostName, r: Rendered): Seen {
  switch (host) {
    case 'claude': {
      const hso = (fromJson(r.stdout)?.hookSpecificOutput ?? {}) as Record<string, unknown>;
      const d = hso.permissionDecision;
      if (d === 'deny' || d === 'ask') return { decision: d, stamp: String(hso.permissionDecisionReason ?? '') };
      return { decision: 'allow' };
    }
    case 'guard':
      return r.exitCode === 2 ? { decision: 'deny', stamp: r.stderr } : { decision: 'allow' };
    default: {
      const rows = folderCommandRows(host);
      if (rows) return rows.decision(r);
      throw new Error(`${host} is not a command-hook host`);
    }
  }
}

let seq = 0;
const nextId = (p: string) => `${p}${String(++seq).padStart(8, '0')}`;

const PAYLOAD_KIT: PayloadKit = { fixture, nextId };

/** The command-hook rows of a host that keeps them in its test folder. */
function folderCommandRows(host: HostName): CommandHookRows | undefined {
  return Object.hasOwn(FOLDER_ROWS, host) ? (FOLDER_ROWS[host as keyof typeof FOLDER_ROWS] as HostTestRows).commandHook : undefined;
}

/** The payloads of the hosts that keep their rows in their test folder, keyed by host. */
function folderPayloads(): Record<keyof typeof FOLDER_ROWS, { prompt: (s: Sandbox, text: string) => Record<string, unknown> | null; tool: (s: Sandbox, t: RenderedTool) => Record<string, unknown> }> {
  const out: Record<string, unknown> = {};
  for (const [host, rows] of Object.entries<HostTestRows>(FOLDER_ROWS)) {
    const c = rows.commandHook;
    if (c) out[host] = { prompt: (s: Sandbox, text: string) => c.prompt(s, text, PAYLOAD_KIT), tool: (s: Sandbox, t: RenderedTool) => c.tool(s, t, PAYLOAD_KIT) };
  }
  return out as ReturnType<typeof folderPayloads>;
}

/** The payloads a command-hook host sends, built on its captured fixtures. */
export const PAYLOADS = {
  claude: {
    prompt: (s: Sandbox, text: string) => ({ ...fixture('claude', 'UserPromptSubmit.json'), session_id: s.session, cwd: s.project, prompt: text }),
    tool: (s: Sandbox, t: RenderedTool) => ({ ...fixture('claude', 'PreToolUse-Write.json'), session_id: s.session, cwd: s.project, tool_name: t.name, tool_input: t.input, tool_use_id: nextId('toolu_') }),
  },
  guard: {
    prompt: (s: Sandbox, text: string) => ({ hook_event_name: 'prompt:submit', session_id: s.session, cwd: s.project, prompt: text }),
    tool: (s: Sandbox, t: RenderedTool) => ({ hook_event_name: 'tool:before', session_id: s.session, cwd: s.project, tool_name: t.name, tool_input: t.input }),
  },
  // the hosts that keep their rows in their own test folder (test/hosts/<host>/rows.ts)
  ...folderPayloads(),
} as const;

type CommandHost = 'claude' | 'guard';

const COMMAND_ADAPTERS: Record<CommandHost, CommandHookAdapter> = {
  claude: claudeAdapter,
  guard: nativeAdapter,
};

/**
 * The arguments a host's hook file passes the script for a prompt and for a tool call, for the
 * hosts whose payloads name no event (their test folder's rows say so).
 */
export const EVENT_ARGS: Partial<Record<keyof typeof PAYLOADS, { readonly prompt: readonly string[]; readonly tool: readonly string[] }>> = Object.fromEntries(
  Object.entries<HostTestRows>(FOLDER_ROWS).flatMap(([host, rows]) => (rows.commandHook?.eventArgs ? [[host, rows.commandHook.eventArgs]] : [])),
);

function commandHookDriver(host: CommandHost, s: Sandbox): HostDriver {
  const adapter = COMMAND_ADAPTERS[host];
  const send = (payload: unknown) => answerHook(adapter, JSON.stringify(payload), { env: s.env, cwd: s.project });
  return {
    host,
    async prompt(text) {
      const r = await send(PAYLOADS[host].prompt(s, text));
      if (r.exitCode !== 0 && r.exitCode !== 2) throw new Error(`${host} prompt: exit ${r.exitCode}: ${r.stderr}`);
    },
    async tool(t) {
      return seenFromRendered(host, await send(PAYLOADS[host].tool(s, t)), t.input);
    },
  };
}

/** A command-hook host whose rows live in its test folder, run with its adapter (command-hook-adapters.ts). */
function folderCommandDriver(host: keyof typeof FOLDER_ROWS, s: Sandbox): HostDriver {
  const adapter = folderCommandRows(host)?.door ?? COMMAND_HOOK_ADAPTERS[host as keyof typeof COMMAND_HOOK_ADAPTERS];
  const args = EVENT_ARGS[host];
  // the arguments the host's hook file passes the script, for a host whose payloads name no event
  const send = (payload: unknown, which: 'prompt' | 'tool') => answerHook(adapter, JSON.stringify(payload), { env: s.env, cwd: s.project, ...(args ? { args: args[which] } : {}) });
  return {
    host,
    async prompt(text) {
      const payload = PAYLOADS[host].prompt(s, text);
      if (payload === null) return;
      const r = await send(payload, 'prompt');
      if (r.exitCode !== 0 && r.exitCode !== 2) throw new Error(`${host} prompt: exit ${r.exitCode}: ${r.stderr}`);
    },
    async tool(t) {
      return seenFromRendered(host, await send(PAYLOADS[host].tool(s, t), 'tool'), t.input);
    },
  };
}

const DRIVER_KIT: DriverKit = { nextId, withRewrite };

export function driverFor(host: HostName, s: Sandbox): HostDriver {
  // an in-process host brings its own driver (its test folder's rows)
  const own = Object.hasOwn(FOLDER_ROWS, host) ? (FOLDER_ROWS[host as keyof typeof FOLDER_ROWS] as HostTestRows).driver : undefined;
  if (own) return own(s, DRIVER_KIT);
  if (folderCommandRows(host)) return folderCommandDriver(host as keyof typeof FOLDER_ROWS, s);
  return commandHookDriver(host as CommandHost, s);
}

export { RENDERERS };
