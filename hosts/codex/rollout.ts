/**
 * Codex's session rollout as a record of tool calls (verified on 0.171.0, docs/hosts/codex.md):
 * `$CODEX_HOME/sessions/<yyyy>/<mm>/<dd>/rollout-<time>-<session>.jsonl`, named to every hook as
 * `transcript_path`. One JSON object per line; a tool call is a line
 * `{timestamp, type: "response_item", payload: {type: "function_call" | "custom_tool_call", name, call_id, …}}`
 * (exec_command, apply_patch, spawn_agent, write_stdin …); the call_id is the `tool_use_id`
 * PreToolUse is given (for exec_command under the hook name `Bash`). The result is a
 * `function_call_output` / `custom_tool_call_output` item with the same call_id.
 *
 * A call Codex answers `unsupported call: <name>` (a tool it does not offer) never ran and fired
 * no hook.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CallLog, CallRecordFormat } from '../shared/call-record';

const CALLS: ReadonlySet<unknown> = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);
const OUTPUTS: ReadonlySet<unknown> = new Set(['function_call_output', 'custom_tool_call_output']);

export const codexRollout: CallRecordFormat = {
  marker: '"call_id"',
  take(line: Record<string, unknown>, log: CallLog): void {
    if (line.type !== 'response_item') return;
    const p = line.payload as Record<string, unknown> | undefined;
    if (!p || typeof p !== 'object') return;
    if (CALLS.has(p.type)) log.call(p.call_id, typeof p.name === 'string' ? p.name : 'local_shell', line.timestamp);
    else if (OUTPUTS.has(p.type) && typeof p.output === 'string' && p.output.startsWith('unsupported call')) log.refuse(p.call_id);
  },
};

/** Folders of one level below `dir`, newest name first (the date folders sort by name). */
function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir).sort().reverse();
  } catch {
    return [];
  }
}

/**
 * Where Codex keeps the rollout of a session, for `stopline status --session`: the dated folders
 * under `$CODEX_HOME/sessions` (default `~/.codex`) holding `rollout-<time>-<session>.jsonl`.
 */
export function locateCodexRollout(sessionId: string, env: Record<string, string | undefined>): string | null {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(sessionId)) return null;
  const home = env.CODEX_HOME?.trim() || (env.HOME?.trim() ? join(env.HOME, '.codex') : '');
  if (!home) return null;
  const sessions = join(home, 'sessions');
  const suffix = `-${sessionId}.jsonl`;
  for (const y of subfolders(sessions)) {
    for (const m of subfolders(join(sessions, y))) {
      for (const d of subfolders(join(sessions, y, m))) {
        const hit = subfolders(join(sessions, y, m, d)).find((n) => n.startsWith('rollout-') && n.endsWith(suffix));
        if (hit) return join(sessions, y, m, d, hit);
      }
    }
  }
  return null;
}
