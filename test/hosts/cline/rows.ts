/**
 * Cline CLI 3.0.65's rows of the shared suites (test/fixtures/cline/PreToolUse-*.json); its MCP
 * tool names were not observed. The prompt is read from Cline's session record, which the
 * prompt row writes before the TaskStart payload.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clineRegistry } from '../../../core/registry/cline';
import { stopCommand } from '../../../hosts/cline/adapter';
import { answerJson, type HostTestRows } from '../harness/host-rows';
import { registryCalls } from '../harness/registry-calls';
import { doc, fx, PROJECT as P, type ToolCase } from '../harness/tool-cases';
import { COMMON, CWD, type HostPathRows } from '../harness/path-tables';
import clShell from '../../fixtures/cline/PreToolUse-run_commands.json';
import clEditor from '../../fixtures/cline/PreToolUse-editor.json';
import clRead from '../../fixtures/cline/PreToolUse-read_files.json';

/** A Cline answer whose one command only prints the stamp it also gives as context (the stop of a run_commands call). */
function isStopCommand(j: Record<string, unknown>): boolean {
  const o = j.overrideInput as { commands?: unknown } | undefined;
  const stamp = j.contextModification;
  return typeof stamp === 'string' && !!o && Array.isArray(o.commands) && o.commands.length === 1 && o.commands[0] === stopCommand(stamp);
}

/** Cline's session record of the run, with the person's prompt (Cline writes it before any hook runs). */
function writeRecord(s: { home: string; session: string; project: string }, text: string): void {
  const dir = join(s.home, '.cline', 'data', 'sessions', s.session);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${s.session}.json`), JSON.stringify({ session_id: s.session, cwd: s.project, prompt: text }));
}

/**
 * analyzeToolCall's cases, one at least for every tool of the registry (test/core/analysis/tool-call.test.ts).
 * The inputs as the Cline adapter hands them on: run_commands' list as one script, read_files' paths listed.
 */
const TOOL_CASES: ToolCase[] = [
  fx('run_commands', { commands: clShell.tool_call.input.commands[0] }, P, 'write', { paths: ['allowed.txt'] }),
  doc('run_commands', { commands: '(\ncd /tmp\n)\n(\ntouch b.txt\n)' }, 'write', { paths: ['b.txt'] }),
  doc('run_commands', { commands: ['touch b.txt'] }, 'unknown'),
  fx('editor', clEditor.tool_call.input, P, 'write', { paths: ['w.txt'] }),
  fx('read_files', { ...clRead.tool_call.input, paths: clRead.tool_call.input.files.map((f: { path: string }) => f.path) }, P, 'read'),
  doc('search_codebase', { queries: ['TODO'] }, 'read'),
  doc('fetch_web_content', { requests: [{ url: 'https://example.com', prompt: 'x' }] }, 'read'),
  doc('spawn_agent', { systemPrompt: 'x', task: 'y' }, 'delegate', { delegation: 1 }),
  doc('ask_question', { question: 'x' }, 'control'),
  doc('team_spawn_teammate', { name: 'x' }, 'unknown'),
];

/** The write call and the path resolver tables (test/core/analysis/host-paths.test.ts). */
const HOST_PATHS: HostPathRows = {
  write: (raw) => ({ tool: 'editor', input: { path: raw, new_text: 'x' } }),
  tables: [
    {
      title: 'Cline CLI 3.0.65',
      rows: [...COMMON, ['~/x.txt', [`${CWD}/~/x.txt`]], ['@src/a.ts', ['@src/a.ts']], [' src/a.ts', [' src/a.ts']]],
    },
  ],
};

export const rows: HostTestRows = {
  toolCases: TOOL_CASES,
  hostPaths: HOST_PATHS,
  commandHook: {
    prompt(s, text, kit) {
      writeRecord(s, text);
      return { ...kit.fixture('cline', 'TaskStart.json'), sessionContext: { rootSessionId: s.session }, workspaceRoots: [s.project], workspaceInfo: { rootPath: s.project, hint: 'project' } };
    },
    tool(s, t, kit) {
      // Cline writes the record before any hook runs, and a call reads it while no prompt was
      // taken: a scenario that sends no prompt gets a record whose prompt is no directive
      if (!existsSync(join(s.home, '.cline', 'data', 'sessions', s.session, `${s.session}.json`))) writeRecord(s, '');
      return {
        ...kit.fixture('cline', 'PreToolUse-run_commands.json'),
        sessionContext: { rootSessionId: s.session },
        workspaceRoots: [s.project],
        workspaceInfo: { rootPath: s.project, hint: 'project' },
        tool_call: { id: kit.nextId('call_'), name: t.name, input: t.input },
        preToolUse: { toolName: t.name, parameters: Object.fromEntries(Object.entries(t.input).map(([k, v]) => [k, JSON.stringify(v)])) },
      };
    },
    // a cancel stops the call (and the run); a stopped run_commands runs only the command that prints the stamp
    decision(r) {
      const j = answerJson(r.stdout) ?? {};
      if (j.cancel === true) return { decision: 'deny', stamp: String(j.errorMessage ?? '') };
      if (isStopCommand(j)) return { decision: 'deny', stamp: String(j.contextModification) };
      return { decision: 'allow' };
    },
    // the command list replaced by the one command the host runs instead
    rewrittenInput(j) {
      const o = (j.overrideInput ?? undefined) as { commands?: unknown } | undefined;
      return o && Array.isArray(o.commands) && o.commands.length === 1 && !isStopCommand(j) ? { ...o, commands: o.commands[0] } : undefined;
    },
  },
  // `~/x` and `@x` are plain names in the project for Cline (observed on the real CLI)
  pathForms: ['dotdot', 'absolute'],
  render: registryCalls(clineRegistry, {
    absolute: true,
    mcp: (server, tool) => `${server}__${tool}`,
    // the adapter reads run_commands' list as one script and read_files' files[].path as its paths
    own: {
      shell: (t) => ({ name: 'run_commands', input: { commands: [t.command] } }),
      read: (t, ctx, kit) => ({ name: 'read_files', input: { files: [{ path: kit.place(t.path, ctx, true) }] } }),
    },
  }),
  writeEvent: { event: 'PreToolUse', tool: 'editor' },
};
