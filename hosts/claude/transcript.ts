/**
 * Claude Code's transcript as a record of tool calls (verified on 2.1.332, docs/hosts/claude.md):
 * `~/.claude/projects/<project>/<session>.jsonl` (under CLAUDE_CONFIG_DIR when it is set), named
 * to every hook as `transcript_path`. One JSON object per line. A model turn is a line of
 * `type: "assistant"` whose `message.content` holds `{type: "tool_use", id, name, input}` blocks;
 * the id is the `tool_use_id` PreToolUse is given. Results come back in a `type: "user"` line as
 * `{type: "tool_result", tool_use_id, is_error, content}`. Most lines are something else
 * (attachments, the prompt of every request, queue operations) and are skipped unparsed.
 *
 * A call Claude Code refused before running it fires no PreToolUse: its input failed the tool's
 * schema (`<tool_use_error>InputValidationError…`) or the tool does not exist (`No such tool
 * available`). Those are not calls that ran.
 */
import { nodeRead } from '../../core/state/node-read';
import { join } from 'node:path';
import type { CallLog, CallRecordFormat } from '../shared/call-record';

function blocks(line: Record<string, unknown>): Record<string, unknown>[] {
  const message = line.message as { content?: unknown } | undefined;
  const content = message?.content;
  return Array.isArray(content) ? content.filter((b): b is Record<string, unknown> => !!b && typeof b === 'object') : [];
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const first = content.find((c) => c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string') as { text: string } | undefined;
    return first?.text ?? '';
  }
  return '';
}

const REFUSED_BEFORE_RUN = /^\s*<tool_use_error>\s*(InputValidationError\b|Error: No such tool available\b)/;

export const claudeTranscript: CallRecordFormat = {
  marker: '"tool_use',
  take(line: Record<string, unknown>, log: CallLog): void {
    if (line.type === 'assistant') {
      for (const b of blocks(line)) if (b.type === 'tool_use') log.call(b.id, b.name, line.timestamp);
    } else if (line.type === 'user') {
      for (const b of blocks(line)) {
        if (b.type === 'tool_result' && b.is_error === true && REFUSED_BEFORE_RUN.test(resultText(b.content))) log.refuse(b.tool_use_id);
      }
    }
  },
};

/**
 * Where Claude Code keeps the transcript of a session, for `stopline status --session`: the
 * project folders under `<config>/projects/` holding `<session>.jsonl`. Null when none does.
 */
export function locateClaudeTranscript(sessionId: string, env: Record<string, string | undefined>): string | null {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(sessionId)) return null;
  const config = env.CLAUDE_CONFIG_DIR?.trim() || (env.HOME?.trim() ? join(env.HOME, '.claude') : '');
  if (!config) return null;
  const projects = join(config, 'projects');
  let folders: string[];
  try {
    folders = nodeRead.list(projects);
  } catch {
    return null;
  }
  for (const f of folders.sort()) {
    try {
      if (nodeRead.list(join(projects, f)).includes(`${sessionId}.jsonl`)) return join(projects, f, `${sessionId}.jsonl`);
    } catch {
      // not a folder
    }
  }
  return null;
}
