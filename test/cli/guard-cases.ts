/**
 * One event set per guard dialect, built from the captured host payloads in test/fixtures:
 * the person's `$stopline review` prompt, a read (allowed under review), a write (blocked
 * under review) and a payload that breaks the dialect's contract (input error). The session
 * and the project folder are the test's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from './helpers';

type Json = Record<string, unknown>;

function fixture(host: string, name: string): Json {
  const raw = JSON.parse(readFileSync(join(FIXTURES, host, name), 'utf8')) as Json;
  delete raw._meta;
  delete raw._source;
  return raw;
}

export interface DialectCase {
  /** `--host` value; undefined for the native form */
  host?: string;
  prompt(session: string, text: string): Json;
  read(session: string): Json;
  write(session: string): Json;
  /** valid JSON, right event, but a field the dialect requires is missing */
  broken(session: string): Json;
  /** what the broken payload's error names */
  brokenSays: string;
}

/**
 * A dialect whose payloads are its captured ones with the session, the folder (`cwd`) and (where given)
 * the tool input put in; the broken one is the write with no tool_name.
 */
function captured(project: string, host: string, files: { prompt: string; read: string; write: string }, input: { read: Json; write?: Json }, prompt: (text: string) => Json = (text) => ({ prompt: text })): DialectCase {
  const at = (name: string, s: string, more: Json = {}): Json => ({ ...fixture(host, name), session_id: s, cwd: project, ...more });
  return {
    host,
    prompt: (s, text) => at(files.prompt, s, prompt(text)),
    read: (s) => at(files.read, s, { tool_input: input.read }),
    write: (s) => at(files.write, s, input.write ? { tool_input: input.write } : {}),
    broken: (s) => at(files.write, s, { tool_name: undefined }),
    brokenSays: 'tool_name: required',
  };
}

export function dialectCases(project: string): Record<string, DialectCase> {
  const file = join(project, 'created.txt');
  return {
    native: {
      prompt: (s, text) => ({ hook_event_name: 'prompt:submit', session_id: s, cwd: project, prompt: text }),
      read: (s) => ({ hook_event_name: 'tool:before', session_id: s, cwd: project, tool_name: 'Read', tool_input: { file_path: file } }),
      write: (s) => ({ hook_event_name: 'tool:before', session_id: s, cwd: project, tool_name: 'Write', tool_input: { file_path: file, content: 'x\n' } }),
      broken: () => ({ hook_event_name: 'tool:before', cwd: project, tool_name: 'Write', tool_input: { file_path: file } }),
      brokenSays: 'session_id: required',
    },
    claude: captured(project, 'claude', { prompt: 'UserPromptSubmit.json', read: 'PreToolUse-Read.json', write: 'PreToolUse-Write.json' }, { read: { file_path: file }, write: { file_path: file, content: 'x\n' } }),
    codex: {
      host: 'codex',
      prompt: (s, text) => ({ ...fixture('codex', 'UserPromptSubmit.json'), session_id: s, cwd: project, prompt: text }),
      read: (s) => ({ ...fixture('codex', 'PreToolUse-Bash.json'), session_id: s, cwd: project, tool_input: { command: 'cat created.txt' } }),
      write: (s) => ({ ...fixture('codex', 'PreToolUse-apply_patch.json'), session_id: s, cwd: project }),
      broken: () => ({ ...fixture('codex', 'PreToolUse-apply_patch.json'), session_id: undefined, cwd: project }),
      brokenSays: 'session_id: required',
    },
    hermes: {
      host: 'hermes',
      prompt: (s, text) => ({ ...fixture('hermes', 'pre_llm_call.json'), hook_event_name: 'pre_llm_call', session_id: s, task_id: s, user_message: text, cwd: project }),
      read: (s) => ({ ...fixture('hermes', 'pre_tool_call-read_file.json'), hook_event_name: 'pre_tool_call', session_id: s, task_id: s, cwd: project }),
      write: (s) => ({ ...fixture('hermes', 'pre_tool_call-write_file.json'), hook_event_name: 'pre_tool_call', session_id: s, task_id: s, cwd: project }),
      broken: (s) => ({ ...fixture('hermes', 'pre_tool_call-write_file.json'), hook_event_name: 'pre_tool_call', session_id: s, tool_name: '', cwd: project }),
      brokenSays: 'tool_name: required',
    },
    opencode: {
      host: 'opencode',
      prompt: (s, text) => ({
        hook: 'chat.message',
        input: { sessionID: s },
        output: { message: { id: 'msg_1', sessionID: s, role: 'user' }, parts: [{ type: 'text', text }] },
        cwd: project,
      }),
      read: (s) => ({ hook: 'tool.execute.before', input: { tool: 'read', sessionID: s, callID: 'c0' }, output: { args: { filePath: file } }, cwd: project }),
      write: (s) => {
        const f = fixture('opencode', 'tool.execute.before-write.json');
        return { hook: 'tool.execute.before', input: { ...(f.input as Json), sessionID: s }, output: f.output, cwd: project };
      },
      broken: () => ({ hook: 'tool.execute.before', input: { tool: 'write', callID: 'c1' }, output: { args: { filePath: 'a.txt' } }, cwd: project }),
      brokenSays: 'sessionID is missing',
    },
    pi: {
      host: 'pi',
      prompt: (s, text) => ({ event: { type: 'input', text, source: 'interactive' }, ctx: { sessionId: s, cwd: project } }),
      read: (s) => ({ event: fixture('pi', 'tool_call-read.json').event, ctx: { sessionId: s, cwd: project } }),
      write: (s) => ({ event: fixture('pi', 'tool_call-write.json').event, ctx: { sessionId: s, cwd: project } }),
      broken: () => ({ event: fixture('pi', 'tool_call-write.json').event, ctx: { cwd: project } }),
      brokenSays: 'ctx.sessionId: required',
    },
    gemini: captured(project, 'gemini', { prompt: 'BeforeAgent.json', read: 'BeforeTool-run_shell_command.json', write: 'BeforeTool-write_file.json' }, { read: { command: 'cat created.txt' } }),
    qwen: captured(project, 'qwen', { prompt: 'UserPromptSubmit.json', read: 'PreToolUse-read_file.json', write: 'PreToolUse-write_file.json' }, { read: { file_path: file }, write: { file_path: file, content: 'x\n' } }, (text) => ({ prompt: text, submitted_prompt: text })),
    copilot: {
      // the camelCase payloads of a hook file, with the event it passes as an argument named in the payload
      host: 'copilot',
      prompt: (s, text) => ({ ...fixture('copilot', 'userPromptSubmitted.json'), hook_event_name: 'userPromptSubmitted', sessionId: s, cwd: project, prompt: text }),
      read: (s) => ({ ...fixture('copilot', 'preToolUse-view.json'), hook_event_name: 'preToolUse', sessionId: s, cwd: project, toolArgs: { path: file } }),
      write: (s) => ({ ...fixture('copilot', 'preToolUse-create.json'), hook_event_name: 'preToolUse', sessionId: s, cwd: project, toolArgs: { path: file, file_text: 'x\n' } }),
      broken: (s) => ({ ...fixture('copilot', 'preToolUse-create.json'), hook_event_name: 'preToolUse', sessionId: s, cwd: project, toolName: undefined }),
      brokenSays: 'tool_name: required',
    },
    droid: captured(project, 'droid', { prompt: 'UserPromptSubmit-subagent.json', read: 'PreToolUse-Read.json', write: 'PreToolUse-Create.json' }, { read: { file_path: file }, write: { file_path: file, content: 'x\n' } }),
    openhands: {
      // OpenHands' own payload: the event in event_type, the folder in working_dir, the prompt in message
      host: 'openhands',
      prompt: (s, text) => ({ ...fixture('openhands', 'UserPromptSubmit.json'), session_id: s, working_dir: project, message: text }),
      read: (s) => ({ ...fixture('openhands', 'PreToolUse-file_editor-view.json'), session_id: s, working_dir: project, tool_input: { command: 'view', path: file, kind: 'FileEditorAction' } }),
      write: (s) => ({ ...fixture('openhands', 'PreToolUse-file_editor-create.json'), session_id: s, working_dir: project, tool_input: { command: 'create', path: file, file_text: 'x\n', kind: 'FileEditorAction' } }),
      broken: (s) => ({ ...fixture('openhands', 'PreToolUse-file_editor-create.json'), session_id: s, working_dir: project, tool_name: null }),
      brokenSays: 'tool_name: required',
    },
  };
}

export function hostArgs(c: DialectCase): string[] {
  return c.host ? ['guard', '--host', c.host] : ['guard'];
}
