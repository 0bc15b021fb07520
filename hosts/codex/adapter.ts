/**
 * Codex CLI's hook dialect (the payload and the answer).
 *
 * Codex 0.171.0 runs the tool on any deviation from its deny form (an extra field, a missing
 * reason, a log line before the JSON, `ask`), so a deny is belt and braces
 * (docs/hosts/codex.md):
 *   stdout  {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",
 *           "permissionDecisionReason":"<stamp>"}}   (nothing else)
 *   stderr  the stamp (on exit 2 Codex reads the reason from stderr and ignores stdout)
 *   exit    2
 * Codex has no ask: an ask is a deny. Context goes in hookSpecificOutput.additionalContext for
 * the events whose output schema has it (SessionStart, UserPromptSubmit, PreToolUse,
 * PostToolUse, SubagentStart).
 */
import type { Answer } from '../../core/answer/outcome';
import { stampOf } from '../../core/answer/outcome';
import { codexRegistry } from '../../core/registry/codex';
import { isAbsolute, join } from 'node:path';
import type { HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent, UserHooksSupport } from '../shared/adapter';
import { commandHookAdapter, exitTwoWith, finishJsonAnswer, SILENT } from '../shared/adapter';
import { classifyEvent, commonHostInfo, eventSkeleton, mappedEvent, promptText, mapToolEvent } from '../shared/command-hook';
import { nonEmptyString, optionalString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';
import { turnEndRecord } from '../shared/call-record';
import { codexRollout } from './rollout';

function toControlEvent(payload: HookPayload, env: HookEnv): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(codexRegistry, native);
  if ('answer' in c) return c.answer;
  // `codex exec` always runs with approval policy "never" and hooks cannot ask: no person
  const host = commonHostInfo('codex', payload, false);
  const event = eventSkeleton({ kind: c.entry.control, payload, host, turnId: nonEmptyString(payload, 'turn_id') });

  if (c.entry.control === 'prompt.submit') {
    // a child agent's first prompt is the parent's spawn message, not the person
    event.prompt = { text: promptText(payload), source: host.agentId ? 'subagent' : 'user' };
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    return mapToolEvent(codexRegistry, native, c.entry, event, payload, optionalString(payload, 'cwd'), env);
  } else if (c.entry.control === 'turn.stop' && !host.agentId) {
    // the per-session check: the rollout's tool calls (ids and tools only), read within bounds
    event.turnEnd = { continued: payload.stop_hook_active === true, record: turnEndRecord(codexRegistry, optionalString(payload, 'transcript_path'), codexRollout) };
  }
  return mappedEvent(native, c.entry, event);
}

/** The exact deny Codex honours, with the stamp also on stderr and exit 2. */
function preToolDeny(reason: string): Rendered {
  const stdout = JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  });
  return { ...exitTwoWith(reason), stdout };
}

/**
 * Each form only where the event's row takes it (`outputs`: context where the event's output
 * schema in the 0.171.0 binary has additionalContext, block where `decision: "block"` drops the
 * prompt, keeps the turn going or is feedback after a tool, nothing at all where the event has
 * no output schema).
 */
function render(answer: Answer, at: RowEvent): Rendered {
  const outputs = at.row.outputs;
  const before = at.row.control === 'action.before';
  // Before a tool, a deny is the exact form and nothing else: any extra field (even a hook's
  // systemMessage or continue:false) makes Codex run the tool.
  if ((answer.kind === 'deny' || answer.kind === 'ask') && before) return preToolDeny(stampOf(answer));
  if (outputs.includes('silent')) return SILENT;

  const out: Record<string, unknown> = {};
  const hso: Record<string, unknown> = { hookEventName: at.name };
  if (answer.kind === 'deny' && outputs.includes('block')) {
    // only a person's own hook gets here: the guard never denies these events, and the runner
    // turns a guard failure on them into context
    out.decision = 'block';
    out.reason = stampOf(answer);
  } else if ((answer.kind === 'context' || answer.kind === 'rewrite') && answer.message && outputs.includes('context')) {
    hso.additionalContext = answer.message;
  } else if (answer.kind === 'context' && answer.message && at.row.control === 'turn.stop' && outputs.includes('block')) {
    // Stop hands the model no context, only a block reason (and the turn goes on): the core gives
    // it once per stop (never while stop_hook_active), so the turn it keeps going cannot loop
    out.decision = 'block';
    out.reason = answer.message;
  }
  if (answer.kind === 'rewrite' && answer.rewrite?.input && before) {
    // the row's form (updated-input-allow): 0.171.0 runs updatedInput only with an allow beside
    // it; Codex asks nobody in exec, so the allow takes no prompt away there
    hso.permissionDecision = 'allow';
    hso.updatedInput = answer.rewrite.input;
  }
  if (Object.keys(hso).length > 1) out.hookSpecificOutput = hso;
  if (answer.feedback && outputs.includes('feedback')) {
    out.decision = 'block';
    out.reason = answer.feedback;
  }
  return finishJsonAnswer(out, answer, answer.notice && outputs.includes('notice') ? answer.notice : undefined);
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

/**
 * No ask; fail closed before the event is known by the default, exit 2 with the stamp on stderr,
 * which blocks a PreToolUse call (and a prompt) on Codex without needing the event's name.
 */
export const codexAdapter = commandHookAdapter({ registry: codexRegistry, userHooks, denyResponse: 'permission_deny_returned', toControlEvent, render });
