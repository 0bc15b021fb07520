/**
 * The shapes of stopline's configuration, in a file of their own so the loader (config.ts) and
 * the project-file rules (tighten.ts) both import them without importing each other.
 */
import type { Level, Mode, PolicyDefaults } from '../contract/types';
import type { FloorException, FloorPreset, FloorSettings } from '../floor/floor';

export type FailMode = 'open' | 'closed';

export interface StoplineConfig {
  /** mode of a fresh session (default `unconfirmed`: observe until the person names one) */
  defaultMode: Mode;
  /** level a mode gets when named without one; `off` also starts fresh sessions off */
  defaultLevel: Level;
  failMode: FailMode;
  /** data folder from the user file (a project file cannot move it) */
  dataDir?: string;
  /** days an untouched session's state and evidence are kept (user file only) */
  retentionDays: number;
  /** policy defaults for a new contract (mode `open` has its own) */
  defaults: PolicyDefaults;
  /** the floor: preset, the person's exceptions (user file only), more secret paths (core/floor/) */
  floor: FloorSettings;
  /**
   * whether a command the analysis cannot prove may run confined to the contract (user file
   * only: `"confine": false` turns it off; a project file cannot)
   */
  confine: boolean;
  /**
   * unknown top-level keys for other modules: every one of the user file's (hooks, import,
   * dashboard, ...); of the project file's only `hooks` and `import`, and only when the user
   * file says `"projectHooks": true`
   */
  extras: { user: Record<string, unknown>; project: Record<string, unknown> };
  /** the files that were read */
  sources: { user?: string; project?: string };
  /** the project root (folder holding `.stopline/`, else the repository root, else cwd) */
  projectRoot?: string;
}

export interface LoadedConfig {
  config: StoplineConfig;
  diagnostics: string[];
}

/** One file's valid values (what it does not set, or sets badly, is absent). */
export interface ParsedFile {
  defaultMode?: Mode;
  defaultLevel?: Level;
  failMode?: FailMode;
  dataDir?: string;
  retentionDays?: number;
  confine?: boolean;
  defaults: Partial<PolicyDefaults>;
  floor: { preset?: FloorPreset; exceptions?: FloorException[]; secrets?: string[] };
  extras: Record<string, unknown>;
}
