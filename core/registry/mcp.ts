/**
 * Tool-name patterns for MCP tools named `mcp__<server>__<tool>` (Claude Code, Codex, Qwen Code),
 * in a module of their own so a host's registry that uses them does not bundle Claude's tool table.
 */
import type { ToolPatternEntry } from './types';

/** `_`-delimited verb segments in an MCP tool name, checked in this order. */
const EXEC_VERBS = 'run|execute|exec|eval|evaluate|invoke|shell|command|script|spawn|kill|start|stop|restart|terminate';
const WRITE_VERBS =
  'add|append|apply|archive|close|commit|copy|create|delete|deploy|drop|edit|insert|install|merge|move|patch|post|publish|push|put|remove|rename|replace|reset|save|send|set|submit|update|upload|upsert|write|modify|change|assign|approve|cancel|comment|fork|import|label|lock|mark|reply|resolve|schedule|transfer|unlock|enable|disable|grant|revoke|invite|rm|mv|cp|mkdir|touch|chmod';
const READ_VERBS = 'get|list|read|search|fetch|find|show|view|describe|inspect|status|lookup|count|diff|browse|ls|cat|grep|head|tail|stat|info|query_read|summarize|explain|preview|download_to_memory';

/**
 * Claude/Codex MCP tools are named `mcp__<server>__<tool>`. Conservative by name: a verb
 * that runs code is unknown, a verb that changes state is a write (targets from path-like
 * fields only), a verb that only reads is a read; every other MCP tool is unknown.
 */
export function mcpDoubleUnderscorePatterns(): ToolPatternEntry[] {
  const seg = (verbs: string) => `^mcp__.+__(?:[A-Za-z0-9-]+_)*(?:${verbs})(?:_[A-Za-z0-9_-]*)?$`;
  return [
    { namePattern: seg(EXEC_VERBS), kind: 'unknown', note: 'MCP tool whose name says it runs code or processes' },
    { namePattern: seg(WRITE_VERBS), kind: 'write', pathFields: ['path', 'file_path', 'filePath', 'filename', 'target', 'destination'], contentFields: ['content', 'text', 'new_text', 'newText'], note: 'MCP tool whose name says it changes state; targets only from path-like fields' },
    { namePattern: seg(READ_VERBS), kind: 'read', note: 'MCP tool whose name says it only reads' },
    { namePattern: '^mcp__', kind: 'unknown', note: 'MCP tool with no telling verb' },
  ];
}
