import type { DenyForm } from './types';

/**
 * What each deny form looks like on the host and what the model then reads, for the support
 * matrix (hosts/cli/matrix.ts). A host's registry file may say its own instead
 * (HostRegistry.denyMeaning, which wins over this table).
 */
export const DENY_MEANING: Readonly<Partial<Record<DenyForm, string>>> = {
  'claude-hso-deny': 'PreToolUse answers `permissionDecision: "deny"` (exit 0); the tool does not run and the model reads the stamp as the tool error',
  'codex-hso-deny+exit2': 'PreToolUse answers the exact `permissionDecision: "deny"` JSON, the stamp on stderr and exit 2; the tool does not run and the model reads the stamp',
  'opencode-throw': '`tool.execute.before` throws an Error whose message is the stamp; the tool does not run and the model reads the message as the tool result',
  'opencode2-throw': 'the `ctx.tool.hook("execute.before")` callback rejects with an Error whose message is the stamp; the tool does not run (read from the source; what the model then reads was not observed)',
  'pi-block': '`tool_call` returns `{block: true, reason}`; the tool does not run and the model reads the reason as the tool message',
  'hermes-block': '`pre_tool_call` returns `{"action": "block", "message"}`; the tool does not run and the model reads `{"error": message}`',
  'guard-exit2': '`stopline guard` exits 2 with the stamp on stderr; the calling harness must not run the tool',
  'gemini-decision-deny+exit2': 'BeforeTool answers top-level `{"decision": "deny", "reason"}`, the stamp on stderr and exit 2; the tool does not run and the model reads `Tool execution blocked: <stamp>` (the Claude `hookSpecificOutput` deny is ignored by Gemini)',
  'qwen-hso-deny': 'PreToolUse answers `permissionDecision: "deny"` (exit 0); the tool does not run and the model reads the stamp as the tool result. Qwen keeps the last permissionDecision of all its hooks: one answering allow after stopline\'s cancels it (an exit-2 deny would lose to an allow anywhere)',
  'copilot-flat-deny': 'preToolUse answers `{"permissionDecision": "deny", "permissionDecisionReason": stamp}` at the top level (exit 0); the tool does not run and the model reads `Denied by preToolUse hook: <stamp>`',
  'droid-hso-deny': 'PreToolUse answers `hookSpecificOutput.permissionDecision: "deny"` (exit 0); the tool does not run and the model reads `Error: <stamp>`',
  'cline-override-or-cancel': 'Cline has no per-call deny for a hook file. `run_commands`: PreToolUse answers `overrideInput` with one command that prints the stamp and fails, plus `contextModification` with the stamp: the model\'s commands do not run, the session goes on and the model reads the stamp. Any other tool: `{"cancel": true}` stops the call and ends the whole run (the model reads nothing more)',
  'openhands-decision-deny+exit2': 'PreToolUse answers top-level `{"decision": "deny", "reason"}`, the stamp on stderr and exit 2; the tool does not run and the model reads `Action rejected: <stamp>` (the Claude `hookSpecificOutput` deny is not read: the tool would run)',
  'openclaw-block': '`before_tool_call` returns `{block: true, blockReason}`; the tool does not run and the model reads the reason verbatim as the tool result',
};
