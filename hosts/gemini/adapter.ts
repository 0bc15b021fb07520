/**
 * Gemini CLI's hook dialect (the payload and the answer).
 *
 * Gemini 0.61.0 reads a hook's answer like this (docs/hosts/gemini.md, Deny): trimmed stdout,
 * or stderr when stdout is empty, parsed as JSON whatever the exit code; only a top-level
 * `{"decision": "deny" | "block", "reason"}` blocks. The Claude `hookSpecificOutput`
 * permissionDecision is not read at all: the tool would run. Text with an exit code of 2 or
 * more blocks too. So a deny is the top-level JSON on stdout, the stamp on stderr and exit 2;
 * the model reads `Tool execution blocked: <stamp>`. An "ask" waits for a person a headless run
 * does not have (the session hangs), so Gemini never gets one: an ask is a deny.
 *
 * Which answer forms an event takes comes from its registry row (`outputs`): context as
 * hookSpecificOutput.additionalContext, block as the top-level decision, notice and the
 * person's hooks' messages as systemMessage.
 */
import { existsSync } from 'node:fs';
import type { Answer } from '../../core/answer/outcome';
import { toolHookInput } from '../../core/registry/hook-input';
import { geminiRegistry } from '../../core/registry/gemini';
import type { HookEnv, MappedEvent, NativeEvent, Rendered, RowEvent, UserHooksSupport } from '../shared/adapter';
import { commandHookAdapter } from '../shared/adapter';
import { decisionDenyExitTwo, renderRowJson } from '../shared/row-json';
import { classifyEvent, commonHostInfo, eventSkeleton, mappedEvent, promptText, readToolCall } from '../shared/command-hook';
import { envValue, nonEmptyString, optionalString } from '../shared/payload';
import type { HookPayload } from '../shared/payload';
import { GEMINI_FILE_TOOLS, placeGeminiPath } from './paths';
import { isRecord } from '../../core/check';

/** How the hook process sees the disk; a test passes its own. */
interface GeminiFs {
  exists(path: string): boolean;
}
const REAL_FS: GeminiFs = { exists: (p) => existsSync(p) };

/**
 * The tool call as the analysis should read it: write_file and replace get the absolute path
 * Gemini will write (paths.ts); `unproven` says why a target cannot be known.
 */
function placedPayload(payload: HookPayload, cwd: string | undefined, fs: GeminiFs): { payload: HookPayload; unproven?: string } {
  const tool = payload.tool_name;
  const input = payload.tool_input;
  if (typeof tool !== 'string' || !GEMINI_FILE_TOOLS[tool] || !isRecord(input) || typeof input.file_path !== 'string' || !cwd) return { payload };
  const placed = placeGeminiPath(input.file_path, tool, cwd, fs.exists);
  if ('unproven' in placed) return { payload, unproven: placed.unproven };
  return { payload: { ...payload, tool_input: { ...input, file_path: placed.path } } };
}

/**
 * A headless run (-p) prepends the SessionStart hooks' context to the person's prompt as
 * `<hook_context>…</hook_context>` and a blank line, and BeforeAgent sees the prompt that way
 * (seen on 0.61.0; the interactive CLI adds it as a history part instead). Gemini escapes `<`
 * and `>` inside the context, so the first closing tag ends it. What follows is the person's.
 */
const SESSION_CONTEXT_PREFIX = /^<hook_context>[\s\S]*?<\/hook_context>\n\n/;

/** @keep personPrompt the person's words with the injected hook context taken off: the tests check each form */
export function personPrompt(prompt: string): string {
  return prompt.replace(SESSION_CONTEXT_PREFIX, '');
}

/** @keep toControlEvent the tests hand it a fake file system (the adapter object reads the real one) */
export function toControlEvent(payload: HookPayload, env: HookEnv, fs: GeminiFs = REAL_FS): MappedEvent {
  const native: NativeEvent = { name: String(payload.hook_event_name ?? '') };
  const c = classifyEvent(geminiRegistry, native);
  if ('answer' in c) return c.answer;
  // an ask would wait for a confirmation nobody can give in a headless run: never ask
  const host = commonHostInfo('gemini', payload, false);
  const event = eventSkeleton({ kind: c.entry.control, payload, host, turnId: undefined });

  if (c.entry.control === 'prompt.submit') {
    // BeforeAgent fires for the person's prompt only: a subagent's task never reaches it (verified)
    event.prompt = { text: personPrompt(promptText(payload)), source: 'user' };
  } else if (c.entry.control === 'action.before' || c.entry.control === 'action.after') {
    const cwd = optionalString(payload, 'cwd');
    const placed = placedPayload(payload, cwd, fs);
    const read = readToolCall(geminiRegistry, c.entry, placed.payload, { ...(cwd ? { cwd } : {}), env });
    const action = read.action;
    if (placed.unproven && action.mutability === 'write') {
      action.affectedPaths = null;
      action.segments = [...(action.segments ?? []), { program: action.name, mutability: 'write', paths: [], why: placed.unproven }];
    }
    event.action = action;
    // the rewrite keeps the model's own input (the placed path is only the analysis's reading of it)
    return mappedEvent(native, c.entry, event, { ...read.call, input: payload.tool_input });
  }
  return mappedEvent(native, c.entry, event);
}

/**
 * A tool's deny is the top-level deny Gemini honours, with the stamp also on stderr and exit 2.
 * A rewrite is the whole tool input in hookSpecificOutput.tool_input, which Gemini runs instead.
 */
const render = (answer: Answer, at: RowEvent): Rendered => renderRowJson(answer, at, { toolDeny: decisionDenyExitTwo, blockWord: 'deny', rewriteField: 'tool_input' });

/**
 * Gemini runs Gemini-dialect hooks itself. Its tool inputs mostly use Claude's field names
 * already (file_path, content, old_string, new_string, command); the row's renames add the rest.
 */
const userHooks: UserHooksSupport = {
  dialect: 'gemini',
  projectDir: (payload, env) => nonEmptyString(payload, 'cwd') ?? envValue(env.GEMINI_PROJECT_DIR),
  canonicalInput: (payload) => toolHookInput(geminiRegistry, payload.tool_name, payload.tool_input),
};

/**
 * No ask; fail closed before the event is known by the default: text on stderr with exit 2
 * blocks a tool (and a prompt) on Gemini without needing the event's name.
 */
export const geminiAdapter = commandHookAdapter({ registry: geminiRegistry, userHooks, denyResponse: 'decision_deny_returned', toControlEvent: (payload, env) => toControlEvent(payload, env), render });
