/**
 * Claude Code adapter: the registry table (core/registry/claude.ts) plus two functions.
 *
 *   toControlEvent: Claude hook payload (stdin JSON) -> ControlEvent, or ignored/unknown
 *   render:         Outcome -> Claude's exact hook output
 *
 * Output forms (verified on Claude Code 2.1.332, docs/hosts/claude.md):
 * - deny:    {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",
 *            "permissionDecisionReason":"<stamp>"}} on stdout, exit 0
 * - ask:     the same with "ask", only in an attended session (a person at the terminal).
 *            In `-p` runs a hook's ask is never shown to a person: plain `-p` denies it, and
 *            with an SDK permission handler (`--permission-prompt-tool stdio`) it becomes a
 *            can_use_tool request the program may approve by itself (observed: the tool ran).
 *            So without a person the core records and we render a deny.
 * - context: {"hookSpecificOutput":{"hookEventName":"<event>","additionalContext":"<text>"}}
 * - prompt block (fail closed on a prompt): {"decision":"block","reason":"<stamp>"}
 */
import { normalizeSlashDirective } from '../../core/contract/grammar';
import type { ControlEvent, HostInfo } from '../../core/protocol';
import type { Answer } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { claudeRegistry } from '../../core/registry/claude';
import type { HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent, UserHooksSupport } from '../shared/adapter';
import { commandHookAdapter, finishJsonAnswer } from '../shared/adapter';
import { classifyEvent, commonHostInfo, eventSkeleton, mapToolEvent, mappedEvent, promptText, rebaseAction } from '../shared/command-hook';
import { envValue, nonEmptyString, optionalString, toolInputAsIs } from '../shared/payload';
import type { HookPayload } from '../shared/payload';
import { turnEndRecord } from '../shared/call-record';
import { claudeTranscript } from './transcript';

/** The plugin's own slash command names (`/stopline` and, from the plugin, `/stopline:stopline`). */
const OWN_COMMANDS: ReadonlySet<string> = new Set(['stopline', 'stopline:stopline']);

/**
 * Claude Code delivers a finished background agent's report as a UserPromptSubmit whose whole
 * prompt is one `<task-notification>…</task-notification>` block (seen on 2.1.332 after an
 * Agent call). The text is the subagent's output, not the person's words: it must never arm,
 * change or disarm the contract.
 */
const TASK_NOTIFICATION = /^\s*<task-notification>[\s\S]*<\/task-notification>\s*$/;

/** `AI_AGENT=claude-code_2-1-332_harness` -> `2.1.332` (the payload carries no version). */
function versionFrom(env: HookEnv): string | undefined {
  const m = /^claude-code_(\d+)-(\d+)-(\d+)/.exec(env.AI_AGENT ?? '');
  return m ? `${m[1]}.${m[2]}.${m[3]}` : undefined;
}

function hostInfo(payload: HookPayload, env: HookEnv): HostInfo {
  const host = commonHostInfo('claude', payload);
  const version = versionFrom(env);
  if (version) host.version = version;
  // Claude exports CLAUDE_CODE_SESSION_ATTENDED=1 to hooks of a session a person attends and
  // 0 for `-p` / SDK runs (2.1.332).
  host.hasHuman = env.CLAUDE_CODE_SESSION_ATTENDED === '1';
  const dataDir = env.CLAUDE_PLUGIN_DATA;
  if (dataDir && dataDir.trim() !== '') host.dataDir = dataDir;
  return host;
}

/**
 * The prompt text for the guard, or why the payload is not one. UserPromptSubmit carries what
 * the person typed (`/stopline:stopline review -- …` included; the core rewrites slash forms).
 * UserPromptExpansion fires for every slash command and MCP prompt; only the plugin's own
 * command can change the contract, and only when the prompt that expanded is not itself that
 * command: for a typed `/stopline…` Claude fires UserPromptSubmit first with the same text and
 * the same prompt_id (2.1.332), and applying it twice would inject the context twice.
 */
function promptFor(name: string, payload: HookPayload): { text: string } | { ignored: string } {
  if (name !== 'UserPromptExpansion') return { text: promptText(payload) };
  const type = optionalString(payload, 'expansion_type');
  const command = (optionalString(payload, 'command_name') ?? '').toLowerCase();
  if ((type !== undefined && type !== 'slash_command') || !OWN_COMMANDS.has(command)) return { ignored: 'a slash command or MCP prompt that is not stopline' };
  if (/^\s*\$(stopline|stop-that-shit)(\s|$)/i.test(normalizeSlashDirective(optionalString(payload, 'prompt') ?? ''))) {
    return { ignored: 'the typed /stopline prompt, already handled by its UserPromptSubmit' };
  }
  const args = optionalString(payload, 'command_args') ?? '';
  return { text: `$stopline ${args}`.trimEnd() };
}

function toControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(claudeRegistry, native);
  if ('answer' in c) return c.answer;
  const host = hostInfo(payload, env);
  const turnId = nonEmptyString(payload, 'prompt_id');
  // The hook's cwd follows a Bash `cd`; CLAUDE_PROJECT_DIR stays the project root, which is
  // where the config lives and what files= is written against.
  const projectDir = envValue(env.CLAUDE_PROJECT_DIR);
  const event = eventSkeleton({ kind: c.entry.control, payload, host, turnId, projectDir });

  if (c.entry.control === 'prompt.submit') {
    const p = promptFor(native.name, payload);
    if ('ignored' in p) return { kind: 'ignored', native, row: c.entry, why: p.ignored };
    const text = p.text;
    const source = host.agentId ? 'subagent' : TASK_NOTIFICATION.test(text) ? 'synthetic' : 'user';
    event.prompt = { text, source };
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    const ranIn = optionalString(payload, 'cwd') ?? projectDir;
    const home = envValue(env.HOME);
    return mapToolEvent(claudeRegistry, native, c.entry, event, payload, ranIn, env, (a) => (ranIn && projectDir ? rebaseAction(a, ranIn, projectDir, home) : a));
  } else if (c.entry.control === 'turn.stop' && !host.agentId) {
    // the per-session check: the transcript's tool calls (ids and tools only), read within bounds
    event.turnEnd = { continued: payload.stop_hook_active === true, record: turnEndRecord(claudeRegistry, optionalString(payload, 'transcript_path'), claudeTranscript) };
  }
  return mappedEvent(native, c.entry, event);
}

/**
 * Claude's answer to one event, in its fields, before it becomes the command hook's JSON
 * (render) or the mod's classic result (mod/classic.ts): each form only on the events whose
 * registry row takes it (`outputs`; the permission decision and the rewrite before a tool only).
 */
export interface ClaudeFields {
  /** PreToolUse: hookSpecificOutput.permissionDecision */
  decision?: 'allow' | 'ask' | 'deny';
  reason?: string;
  /** PreToolUse: the whole tool input Claude runs instead of the model's */
  updatedInput?: Record<string, unknown>;
  /** hookSpecificOutput.additionalContext */
  context?: string;
  /** `{"decision":"block","reason"}`: a refused prompt, a turn that goes on, feedback after a tool */
  block?: string;
  /** systemMessage lines for the person */
  messages: string[];
  /** a hook's `continue: false` */
  stop?: { reason?: string };
}

export function claudeFields(answer: Answer, at: RowEvent): ClaudeFields {
  const outputs = at.row.outputs;
  const before = at.row.control === 'action.before';
  const out: ClaudeFields = { messages: [...(answer.messages ?? []), ...(answer.notice && outputs.includes('notice') ? [answer.notice] : [])] };
  if (answer.kind === 'deny' || answer.kind === 'ask') {
    if (before) {
      out.decision = answer.kind;
      out.reason = stampOf(answer);
    } else if (answer.kind === 'deny' && outputs.includes('block')) {
      // only a person's own hook gets here: the guard never denies these events, and the runner
      // turns a guard failure on them into context
      out.block = stampOf(answer);
    }
  } else {
    if ((answer.kind === 'context' || answer.kind === 'rewrite') && answer.message && outputs.includes('context')) out.context = answer.message;
    // the rewritten input, without an allow of its own: Claude's permission rules still apply to it
    if (answer.kind === 'rewrite' && answer.rewrite?.input && before) out.updatedInput = answer.rewrite.input;
    // the person's hooks allowed and nothing objected: Claude then skips its own permission prompt
    if (answer.allow === true && before) out.decision = 'allow';
  }
  if (answer.feedback && outputs.includes('feedback')) out.block = answer.feedback;
  if (answer.stop === true) out.stop = answer.stopReason ? { reason: answer.stopReason } : {};
  return out;
}

function render(answer: Answer, at: RowEvent): Rendered {
  const f = claudeFields(answer, at);
  const out: Record<string, unknown> = {};
  const hso: Record<string, unknown> = { hookEventName: at.name };
  if (f.decision === 'deny' || f.decision === 'ask') {
    hso.permissionDecision = f.decision;
    hso.permissionDecisionReason = f.reason;
  }
  if (f.context !== undefined) hso.additionalContext = f.context;
  if (f.updatedInput) hso.updatedInput = f.updatedInput;
  if (f.decision === 'allow') hso.permissionDecision = 'allow';
  if (f.block !== undefined) {
    out.decision = 'block';
    out.reason = f.block;
  }
  if (Object.keys(hso).length > 1) out.hookSpecificOutput = hso;
  return finishJsonAnswer(out, { ...answer, messages: f.messages }, undefined);
}

/** ask reaches a person only in an attended session and only before a tool runs. */
function canAsk(event: ControlEvent): boolean {
  return event.kind === 'action.before' && event.host.hasHuman === true;
}

/** Claude runs Claude-dialect hooks itself; the tool inputs already use Claude's field names. */
const userHooks: UserHooksSupport = {
  dialect: 'claude',
  projectDir: (payload, env) => envValue(env.CLAUDE_PROJECT_DIR) ?? optionalString(payload, 'cwd'),
  canonicalInput: toolInputAsIs,
};

/**
 * Fail closed before the event is known (bad JSON, stdin too large or never closed) by the
 * default: exit 2 with the stamp on stderr blocks a PreToolUse call and a prompt on Claude Code
 * whatever the event was, where a JSON answer would need the event's name.
 */
export const claudeAdapter = commandHookAdapter({ registry: claudeRegistry, userHooks, denyResponse: 'permission_deny_returned', toControlEvent, canAsk, render });
