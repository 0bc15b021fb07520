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

export const rows: HostTestRows = {
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
