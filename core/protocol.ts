/**
 * ControlEvent v1: the one normalized event every host adapter hands to the core.
 *
 * Defined once, with zod/mini so the artifacts stay small. Nothing in here knows a
 * host's event names or payload shapes; adapters translate into this and render the
 * Outcome (core/outcome.ts) back into their host's format.
 */
import * as z from 'zod/mini';

export const PROTOCOL_VERSION = 1 as const;

export const CONTROL_EVENT_KINDS = [
  'session.start',
  'prompt.submit',
  'action.before',
  'action.after',
  'subagent.start',
  'subagent.stop',
  'turn.stop',
  'session.end',
] as const;
export type ControlEventKind = (typeof CONTROL_EVENT_KINDS)[number];

export const HOST_FAMILIES = ['claude', 'codex', 'opencode', 'hermes', 'pi', 'guard', 'gemini', 'qwen', 'copilot', 'droid'] as const;
export type HostFamily = (typeof HOST_FAMILIES)[number];

/** Only `user` prompts can arm, change or disarm a contract. */
export const PROMPT_SOURCES = ['user', 'synthetic', 'extension', 'subagent'] as const;
export type PromptSource = (typeof PROMPT_SOURCES)[number];

export const MUTABILITIES = ['read', 'write', 'delegate', 'control', 'unknown'] as const;
export type Mutability = (typeof MUTABILITIES)[number];

const nonEmpty = z.string().check(z.minLength(1));
const count = z.number().check(z.int(), z.minimum(0));

export const HostInfoSchema = z.object({
  family: z.enum(HOST_FAMILIES),
  version: z.optional(z.string()),
  permissionMode: z.optional(z.string()),
  agentId: z.optional(z.string()),
  agentType: z.optional(z.string()),
  /** true when a person can answer an `ask` right now (Pi with UI, Claude interactive). */
  hasHuman: z.optional(z.boolean()),
  /** the host's own data folder for stopline, when the host gives one (e.g. CLAUDE_PLUGIN_DATA). */
  dataDir: z.optional(z.string()),
});
export type HostInfo = z.infer<typeof HostInfoSchema>;

export const PromptSchema = z.object({
  text: z.string(),
  source: z.enum(PROMPT_SOURCES),
});
export type Prompt = z.infer<typeof PromptSchema>;

/** Per-segment detail of an analysed shell command (for explain and universal hooks). */
export const SegmentSchema = z.object({
  program: z.string(),
  mutability: z.enum(MUTABILITIES),
  paths: z.array(z.string()),
  why: z.string(),
});
export type Segment = z.infer<typeof SegmentSchema>;

export const HOST_STATUSES = ['ok', 'error', 'blocked'] as const;
export type HostStatus = (typeof HOST_STATUSES)[number];

export const ActionSchema = z.object({
  id: z.optional(z.string()),
  /** the host's real tool name */
  name: nonEmpty,
  /** canonical tool name (Bash, Read, Write, Edit, Glob, Grep, WebFetch, Task, ...) when known */
  canonicalName: z.optional(z.string()),
  mutability: z.enum(MUTABILITIES),
  /**
   * Paths the action writes, relative to cwd where possible. `null` means "this writes,
   * but the target cannot be proven" (decide() treats it as unproven).
   */
  affectedPaths: z.nullable(z.array(z.string())),
  cwd: z.optional(z.string()),
  dependencyIntent: z.boolean(),
  hashIntent: z.boolean(),
  delegationCount: count,
  unboundedDelegation: z.boolean(),
  /** the action would write to stopline's own config, data or installed artifacts */
  selfTarget: z.optional(z.boolean()),
  segments: z.optional(z.array(SegmentSchema)),
  /**
   * action.after only: what the host says became of the call (Hermes post_tool_call and other
   * after-events can report it was blocked). Recorded in the `after` evidence record; it never
   * changes a decision. Absent when the host does not say.
   */
  hostStatus: z.optional(z.enum(HOST_STATUSES)),
});
export type Action = z.infer<typeof ActionSchema>;

export const ControlEventSchema = z.object({
  protocolVersion: z.literal(PROTOCOL_VERSION),
  kind: z.enum(CONTROL_EVENT_KINDS),
  sessionId: nonEmpty,
  /** a subagent or child session shares its root's contract and can never change it */
  rootSessionId: z.optional(nonEmpty),
  turnId: z.optional(z.string()),
  cwd: z.optional(z.string()),
  host: HostInfoSchema,
  prompt: z.optional(PromptSchema),
  action: z.optional(ActionSchema),
});
export type ControlEvent = z.infer<typeof ControlEventSchema>;

export type ParseResult = { ok: true; event: ControlEvent } | { ok: false; error: string };

/**
 * Validate an unknown value as a ControlEvent. Never throws; the error names the bad field
 * (e.g. `action.delegationCount: expected int`).
 */
export function parseControlEvent(value: unknown): ParseResult {
  const r = ControlEventSchema.safeParse(value);
  if (r.success) {
    const ev = r.data;
    if ((ev.kind === 'action.before' || ev.kind === 'action.after') && !ev.action) {
      return { ok: false, error: `action: required for ${ev.kind}` };
    }
    if (ev.kind === 'prompt.submit' && !ev.prompt) {
      return { ok: false, error: 'prompt: required for prompt.submit' };
    }
    return { ok: true, event: ev };
  }
  const issue = r.error.issues[0];
  const where = issue && issue.path.length ? issue.path.join('.') : '(event)';
  return { ok: false, error: `${where}: ${issue ? issue.message : 'invalid'}` };
}
