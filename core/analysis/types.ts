import type { Hazard, Mutability, Segment } from '../protocol';

/** What a shell, PowerShell or patch analysis yields before it becomes an Action. */
export interface ShellAnalysis {
  mutability: Mutability;
  /** paths written, relative to the action cwd; null = a write whose target cannot be proven */
  affectedPaths: string[] | null;
  dependencyIntent: boolean;
  hashIntent: boolean;
  /** shell commands never spawn host subagents by themselves */
  delegationCount: 0;
  segments: AnalysisSegment[];
  /** one line per segment that made the result unknown (also in the segment's `why`) */
  unknownReasons: string[];
  /** what the floor judges (core/floor/); absent when nothing was found */
  hazards?: Hazard[];
  /** placed paths the command reads (at most 32), for the person's own secret paths */
  reads?: string[];
  /** placed paths spelled in a one-liner's code (at most 32), which may be what it writes */
  codeNames?: string[];
  /** write targets written only when they are missing (a database a client creates to read it; verdict.ts Leaf.onlyIfMissing) */
  opens?: string[];
}

/** A Segment (core/protocol.ts) plus whether its write targets are all proven. */
export interface AnalysisSegment extends Segment {
  /** false when this segment may write somewhere its `paths` do not name */
  pathsProven: boolean;
  dependencyIntent?: boolean;
  hashIntent?: boolean;
  /** a write only to the tool's own state outside the project (verdict.ts Leaf.toolState): counted as unproven */
  toolState?: boolean;
  /** the program changes stopline's own protected files (host-clis.ts): the Action's `selfTarget` */
  selfTarget?: boolean;
  /** placed program files the segment runs: running stopline's own hook script is self-protection (decide.ts) */
  runs?: string[];
  /** placed names this segment makes links: later writes at or below them in the same command are unproven (collect.ts) */
  links?: string[];
  /** its write targets are written only when they are missing (verdict.ts Leaf.onlyIfMissing) */
  onlyIfMissing?: boolean;
}
