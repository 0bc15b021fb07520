/**
 * The neutral scenario corpus: each scenario is written once, as data (corpus.json), in terms no
 * host uses (a write, an edit, a shell command, a delegation...). A renderer per host turns a
 * step into that host's real payload shape; a host added later only needs a renderer.
 */

/** One tool action in neutral form. Paths are relative to the project folder. */
export type NeutralTool =
  | { op: 'write'; path: string; content: string }
  | { op: 'edit'; path: string; old: string; new: string }
  | { op: 'read'; path: string }
  | { op: 'shell'; command: string }
  /** one subagent */
  | { op: 'delegate'; task: string }
  /** several subagents launched by one call */
  | { op: 'batch'; tasks: number }
  /** a tool from an MCP server (or another extension) stopline has no table for */
  | { op: 'mcp'; server: string; tool: string; args: Record<string, unknown> };

export type Decision = 'allow' | 'deny';

export type Step =
  /** the person types this (a $stopline directive, a query, or plain text) */
  | { prompt: string }
  /**
   * the agent calls a tool; every host must reach `decision` with `reason`, and its stamp must
   * name exactly the other broken rules in `also` (none when absent)
   */
  | { tool: NeutralTool; expect: { decision: Decision; reason: string; also?: string[] } };

export interface Scenario {
  id: string;
  /** what a person would notice if it broke */
  about: string;
  steps: Step[];
}

/** The files every scenario's project starts with. */
export const PROJECT_FILES: Readonly<Record<string, string>> = {
  'a.txt': 'alpha\n',
  'README.md': '# demo\n',
  'src/app.ts': 'export const x = 1;\n',
  'package.json': '{"name":"demo","version":"1.0.0","dependencies":{}}\n',
};
