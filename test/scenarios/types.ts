/**
 * The neutral scenario corpus: each scenario is written once, as data (corpus.json), in terms no
 * host uses (a write, an edit, a shell command, a delegation...). A renderer per host turns a
 * step into that host's real payload shape; a host added later only needs a renderer.
 */

/**
 * How a path is spelled to the host: each renderer spells it in that host's own form for the
 * same file (see renderers.ts `spell`), or in its plain form where the host has no such form,
 * so every host must decide the same after its own resolution.
 * - `mention`: `@path` (Pi strips one `@`); `dotdot`: `src/../<path>`; `absolute`;
 * - `home`: a `~/…` path kept as `~/…` where the host expands `~` itself;
 * - `file-url`: `file:///abs/path` where the host reads file URLs.
 */
export type PathForm = 'mention' | 'dotdot' | 'absolute' | 'home' | 'file-url';

/** One tool action in neutral form. Paths are relative to the project folder. */
export type NeutralTool =
  | { op: 'write'; path: string; content: string; form?: PathForm }
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
   * name exactly the other broken rules in `also` (none when absent). `confinable`: the analysis
   * cannot prove the command, so a host that runs a rewritten shell command runs it confined
   * instead (allowed, reason CONFINED, the sandbox wrapper in place of the model's command) on a
   * machine where the sandbox starts; elsewhere `decision` and `reason` hold.
   */
  | { tool: NeutralTool; expect: Expectation };

export interface Expectation {
  decision: Decision;
  reason: string;
  also?: string[];
  confinable?: boolean;
}

export interface Scenario {
  id: string;
  /** what a person would notice if it broke */
  about: string;
  /**
   * symbolic links made before the first step: link path (relative to the project) -> the folder
   * it leads to, relative to the sandbox (`outside`, `project/lib`, `home/.config/stopline`),
   * made when missing
   */
  links?: Record<string, string>;
  /**
   * files made before the first step, where an installed stopline has them (path relative to the
   * sandbox, `home/…` or `project/…`, -> content): a folder holds stopline's files only when they are there
   */
  seed?: Record<string, string>;
  steps: Step[];
}

/** The files every scenario's project starts with. */
export const PROJECT_FILES: Readonly<Record<string, string>> = {
  'a.txt': 'alpha\n',
  'README.md': '# demo\n',
  'src/app.ts': 'export const x = 1;\n',
  'package.json': '{"name":"demo","version":"1.0.0","dependencies":{}}\n',
};
