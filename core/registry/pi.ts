/**
 * Pi coding agent 1.6.0 / 0.73.1 (verified in ../shared/hosts/pi.md §3, §6): tool_call
 * events carry `toolName` and `input`: write {path, content}, edit {path, edits:[{oldText,
 * newText}]}, bash {command, timeout?}, read {path, offset?, limit?}. Subagents exist only
 * through extensions (the optional `subagent` tool: single, tasks, chain shapes).
 */
import type { HostRegistry, ToolEntry } from './types';

const t = (name: string, kind: ToolEntry['kind'], rest: Omit<ToolEntry, 'name' | 'kind'> = {}): ToolEntry => ({ name, kind, ...rest });

export const piRegistry: HostRegistry = {
  family: 'pi',
  displayName: 'Pi',
  verifiedVersion: '1.6.0',
  events: [],
  tools: [
    t('read', 'read', { canonical: 'Read', pathFields: ['path'] }),
    t('grep', 'read', { canonical: 'Grep' }),
    t('find', 'read', { canonical: 'Glob' }),
    t('ls', 'read', { canonical: 'LS' }),
    t('write', 'write', { canonical: 'Write', pathFields: ['path'], contentFields: ['content'] }),
    t('edit', 'multi-edit', { canonical: 'Edit', pathFields: ['path'] }),
    t('bash', 'shell', { canonical: 'Bash', commandField: 'command' }),
    t('powershell', 'powershell', { canonical: 'PowerShell', commandField: 'command' }),
    t('subagent', 'delegate-batch', { canonical: 'Task', note: 'single {agent, task} = 1, {tasks} = tasks.length, {chain} = 1 at a time; other shapes cannot be counted' }),
  ],
  toolPatterns: [],
  deny: 'pi-block',
  ask: 'ui-prompt',
  context: 'before_agent_start returns {message: {customType, content, display: false}}, sent as an extra user message after the prompt',
  unsupported: [
    { canonical: 'notice', why: 'Pi has no notification event' },
    { canonical: 'subagent:start', why: 'Pi has no built-in subagents; extension subagents run as separate Pi processes' },
    { canonical: 'subagent:end', why: 'Pi has no built-in subagents; extension subagents run as separate Pi processes' },
  ],
  blindSpots: [
    "User-initiated shell commands (`!cmd`, `!!cmd`, rpc `bash`) never go through tool_call; 1.6.0 only emits user_bash.",
    'Pi 1.6.0 skips project .pi/extensions under -p unless the project is trusted: a guard placed there silently does not run.',
    'Subagent processes started by the subagent extension do not inherit the parent contract through any verified channel.',
    'Tools registered by other extensions are unknown to this table.',
  ],
};
