/**
 * Mistral Vibe's rows of the shared suites. Its pre_tool hook sees the runtime's `file_system.*`
 * names and `file_path` (test/fixtures/vibe/pre_tool-*.json), not the model's `write_file`
 * {path}; a subagent is a run_typescript program's `agents.spawn`; MCP tools are
 * `mcp_<server>.<tool>`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vibeRegistry } from '../../../core/registry/vibe';
import type { HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, type ToolCase } from '../harness/tool-cases';
import { COMMON, HOME, type HostPathRows } from '../harness/path-tables';
import vBash from '../../fixtures/vibe/pre_tool-bash.json';
import vRm from '../../fixtures/vibe/pre_tool-bash-denied.json';
import vWrite from '../../fixtures/vibe/pre_tool-write_file.json';
import vEdit from '../../fixtures/vibe/pre_tool-search_replace.json';
import vRead from '../../fixtures/vibe/pre_tool-read_file.json';

let turns = 0;

/**
 * Vibe has no prompt event: the person's prompt is a `turn/start` record in the session journal
 * (test/fixtures/vibe/session/), which the hook reads at the next pre_tool.
 */
export function vibeJournalTurn(sessionDir: string, text: string): void {
  const dir = join(sessionDir, 'journal');
  mkdirSync(dir, { recursive: true });
  const rec = { payload: { client_command_id: `turn-${String(++turns).padStart(8, '0')}`, method: 'turn/start', params: { injected: false, message: [{ text, type: 'text' }] } }, type: 'command_reserved' };
  writeFileSync(join(dir, '0000000000000001.jsonl'), `${JSON.stringify(rec)}\n`, { flag: 'a' });
}

/** Where Vibe keeps a session's journal in the sandbox's home. */
const sessionDir = (home: string, session: string): string => join(home, '.vibe', 'logs', 'session', 'unified', session);

/** The answer's JSON, null for an empty stdout; text that is not JSON throws (the hook printed garbage). */
function answerJson(stdout: string): Record<string, unknown> | null {
  if (stdout.trim() === '') return null;
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts). */
const TOOL_CASES: ToolCase[] = [
  fx('file_system.bash', vBash.tool_input, vBash.cwd, 'write', { paths: ['allowed.txt'] }),
  fx('file_system.bash', vRm.tool_input, vRm.cwd, 'write', { paths: ['a.txt'] }),
  fx('file_system.write_file', vWrite.tool_input, vWrite.cwd, 'write', { paths: ['w.txt'] }),
  fx('file_system.search_replace', vEdit.tool_input, vEdit.cwd, 'write', { paths: ['w.txt'] }),
  fx('file_system.read_file', vRead.tool_input, vRead.cwd, 'read'),
  doc('process.start', { command: 'touch p.txt' }, 'write', { paths: ['p.txt'] }),
  doc('agents.spawn', { name: 'helper', message: 'look' }, 'delegate', { delegation: 1 }),
  ...['process.output', 'process.list', 'skill.read', 'agents.list', 'agents.list_configs'].map((t) => doc(t, {}, 'read')),
  ...['process.stop', 'agents.send_message', 'agents.interrupt'].map((t) => doc(t, {}, 'control')),
  doc('process.write', { text: 'y' }, 'unknown'),
  doc('mcp_linear.create_issue', { title: 'x' }, 'unknown'),
  doc('connector_Google_Drive_search_files', { q: 'x' }, 'unknown'),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'file_system.write_file', input: { file_path: raw, content: 'x' } }),
  tables: [
    // observed on the real CLI (test/hosts/vibe/path-forms.test.ts): `~/x` is the HOME's, `~name/x` that user's home, `@x` and `file://` plain names
    {
      title: 'Mistral Vibe 3.0.2',
      rows: [...COMMON, ['~/x.txt', [`${HOME}/x.txt`]], ['~bob/x.txt', null], ['@src/a.ts', ['@src/a.ts']], ['file:///etc/x', ['file:/etc/x']]],
    },
  ],
};

export const rows: HostTestRows = {
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  commandHook: {
    // no prompt event: the prompt goes into the session journal the hook reads at the next pre_tool, and nothing is sent
    prompt(s, text) {
      vibeJournalTurn(sessionDir(s.home, s.session), text);
      return null;
    },
    tool: (s, t, kit) => ({ ...kit.fixture('vibe', 'pre_tool-write_file.json'), session_id: s.session, transcript_path: sessionDir(s.home, s.session), cwd: s.project, tool_name: t.name, tool_call_id: kit.nextId('call_'), tool_input: t.input }),
    // Vibe reads only a top-level decision on stdout, and only with exit 0
    decision(r) {
      const j = r.exitCode === 0 ? answerJson(r.stdout) : null;
      return j?.decision === 'deny' ? { decision: 'deny', stamp: String(j.reason ?? '') } : { decision: 'allow' };
    },
    rewrittenInput: (j) => (j.hook_specific_output as Record<string, unknown> | undefined)?.tool_input,
  },
  // `~/` is the HOME's, `@x` a plain name (path-forms.test.ts)
  pathForms: ['dotdot', 'absolute', 'home'],
  render: registryCalls(vibeRegistry, { absolute: false, mcp: (server, tool) => `mcp_${server}.${tool}` }),
  writeEvent: { event: 'pre_tool', tool: 'write_file' },
};
