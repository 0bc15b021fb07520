/**
 * Codex CLI adapter: the registry table (core/registry/codex.ts) plus two functions.
 *
 *   toControlEvent: Codex hook payload (stdin JSON) -> ControlEvent, or ignored/unknown
 *   render:         Outcome -> Codex's exact hook output
 *
 * Codex 0.171.0 runs the tool on any deviation from its deny form (an extra field, a missing
 * reason, a log line before the JSON, `ask`), so a deny is belt and braces
 * (../../../shared/hosts/codex.md §6):
 *   stdout  {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",
 *           "permissionDecisionReason":"<stamp>"}}   (nothing else)
 *   stderr  the stamp (on exit 2 Codex reads the reason from stderr and ignores stdout)
 *   exit    2
 * Codex has no ask: an ask is a deny. Context goes in hookSpecificOutput.additionalContext for
 * the events whose output schema has it (SessionStart, UserPromptSubmit, PreToolUse,
 * PostToolUse, SubagentStart).
 */
import type { ControlEvent } from '../../core/protocol';
import type { Outcome } from '../../core/outcome';
import { stampOf } from '../../core/outcome';
import { codexRegistry } from '../../core/registry/codex';
import { isAbsolute, join } from 'node:path';
import type { CommandHookAdapter, HookEnv, HostAnswer, MappedEvent, NativeEvent, Rendered, UserHooksSupport } from '../shared/adapter';
import { eventsWith, exitTwoWith, finishJsonAnswer, SILENT } from '../shared/adapter';
import { classifyEvent, commonHostInfo, eventSkeleton, promptText, toolAction } from '../shared/command-hook';
import { nonEmptyString, optionalString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';
import { turnEndRecord } from '../shared/call-record';
import { codexRollout } from './rollout';

/** Events whose output schema (embedded in the 0.171.0 binary) has additionalContext (the registry's `outputs` column). */
const CONTEXT_EVENTS = eventsWith(codexRegistry, 'context');

export function toControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(codexRegistry, native);
  if ('answer' in c) return c.answer;
  const host = commonHostInfo('codex', payload);
  // `codex exec` always runs with approval policy "never" and hooks cannot ask: no person
  host.hasHuman = false;
  const event = eventSkeleton({ kind: c.entry.control, payload, host, turnId: nonEmptyString(payload, 'turn_id') });

  if (c.entry.control === 'prompt.submit') {
    // a child agent's first prompt is the parent's spawn message, not the person
    event.prompt = { text: promptText(payload), source: host.agentId ? 'subagent' : 'user' };
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    event.action = toolAction(codexRegistry, payload, optionalString(payload, 'cwd'), env);
  } else if (c.entry.control === 'turn.stop' && !host.agentId) {
    // the per-session check: the rollout's tool calls (ids and tools only), read within bounds
    event.turnEnd = { continued: payload.stop_hook_active === true, record: turnEndRecord(codexRegistry, optionalString(payload, 'transcript_path'), codexRollout) };
  }
  return { kind: 'event', native, event };
}

/** The exact deny Codex honours, with the stamp also on stderr and exit 2. */
function preToolDeny(reason: string): Rendered {
  const stdout = JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  });
  return { stdout, stderr: reason.endsWith('\n') ? reason : `${reason}\n`, exitCode: 2 };
}

/** Events whose output has `decision: "block"`: the prompt is dropped, the turn goes on, feedback after a tool. */
const BLOCK_EVENTS = eventsWith(codexRegistry, 'block');
/** Events with no output schema at all in 0.171.0 (SessionEnd). */
const NO_OUTPUT_EVENTS = eventsWith(codexRegistry, 'silent');
/** Events whose systemMessage reaches the person (the prompt; at Stop a warning entry of the hook run). */
const NOTICE_EVENTS = eventsWith(codexRegistry, 'notice');
/** Turn ends: Stop hands the model no context, only a block reason (and the turn goes on). */
const TURN_END_EVENTS = new Set(codexRegistry.events.filter((e) => e.control === 'turn.stop').map((e) => e.native));

export function render(outcome: Outcome | HostAnswer, native: NativeEvent): Rendered {
  const event = native.name;
  const extra = outcome as HostAnswer;
  // Before a tool, a deny is the exact form and nothing else: any extra field (even a hook's
  // systemMessage or continue:false) makes Codex run the tool.
  if ((outcome.kind === 'deny' || outcome.kind === 'ask') && event === 'PreToolUse') return preToolDeny(stampOf(outcome));
  if (NO_OUTPUT_EVENTS.has(event)) return SILENT;

  const out: Record<string, unknown> = {};
  if (outcome.kind === 'deny' && BLOCK_EVENTS.has(event)) {
    // only a person's own hook gets here: the guard never denies these events, and the runner
    // turns a guard failure on them into context
    out.decision = 'block';
    out.reason = stampOf(outcome);
  } else if (outcome.kind === 'context' && outcome.message && CONTEXT_EVENTS.has(event)) {
    out.hookSpecificOutput = { hookEventName: event, additionalContext: outcome.message };
  } else if (outcome.kind === 'context' && outcome.message && TURN_END_EVENTS.has(event) && BLOCK_EVENTS.has(event)) {
    // what the model must read at a turn end goes as the block reason; the core gives it once per
    // stop (never while stop_hook_active), so the turn it keeps going cannot loop
    out.decision = 'block';
    out.reason = outcome.message;
  }
  if (extra.feedback && event === 'PostToolUse') {
    out.decision = 'block';
    out.reason = extra.feedback;
  }
  return finishJsonAnswer(out, extra, outcome.notice && NOTICE_EVENTS.has(event) ? outcome.notice : undefined);
}

/**
 * Fail closed before the event is known: exit 2 with the stamp on stderr blocks a PreToolUse
 * call (and a prompt) on Codex without needing the event's name.
 */
export function renderUnidentifiedDeny(message: string): Rendered {
  return exitTwoWith(message);
}

export function canAsk(_event: ControlEvent): boolean {
  return false;
}

/**
 * Codex runs Codex-dialect hooks itself. Hooks written against Claude's shapes see the shell
 * command as `command` (Codex already uses that name) and a patch's first target as `file_path`.
 */
const userHooks: UserHooksSupport = {
  dialect: 'codex',
  projectDir: (payload) => optionalString(payload, 'cwd'),
  canonicalInput: (payload, event) => {
    const input = payload.tool_input;
    if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    const first = event.action?.affectedPaths?.[0];
    if (payload.tool_name === 'apply_patch' && first) out.file_path = isAbsolute(first) || !event.cwd ? first : join(event.cwd, first);
    return out;
  },
};

export const codexAdapter: CommandHookAdapter = {
  registry: codexRegistry,
  userHooks,
  label: 'stopline (codex)',
  denyResponse: 'permission_deny_returned',
  toControlEvent,
  canAsk,
  render,
  renderUnidentifiedDeny,
};
