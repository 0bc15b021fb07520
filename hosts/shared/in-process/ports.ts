/**
 * The capabilities an in-process door hands its runtime. The runtime touches no file, process,
 * clock or timer of its own: a door inside a Node host passes the Node ports (./node.ts), a door
 * whose host gives no Node built-ins (a Claude Code mod, whose capabilities arrive on `$`) passes
 * its own, and a test passes fakes.
 */
import type { CanonicalEvent } from '../../../core/canonical';
import type { CoreApi, HooksPort } from '../../../core/answer/answer';
import type { HookEventInput } from '../../../core/hooks/in-process';

export type Env = Readonly<Record<string, string | undefined>>;

/** Milliseconds from any fixed start (only differences are read). */
interface Clock {
  now(): number;
}

interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** One timing line (metadata only: artifact, hook, outcome kind, ms); the instrument behind STOPLINE_TIMING_FILE. */
export interface TimingRecord {
  artifact: string;
  hook: string;
  ms: number;
  outcome: string;
}

/**
 * The person's universal hooks as the door keeps them for the life of the process (core/hooks/in-process.ts
 *   InProcessHooks).
 * @keep PersonHooksPort the type of the person's-hooks port the runtime tests hand a fake of
 */
export interface PersonHooksPort {
  /** whether any hook is configured for this event in this project folder */
  has(event: CanonicalEvent, projectDir: string): boolean;
  /** the hooks of `event` as the answer path's port (core/answer/answer.ts): dispatched and folded when it asks; never throws */
  port(event: CanonicalEvent, projectDir: string, input: HookEventInput): HooksPort;
}

export interface RuntimePorts {
  /** passed to the core as it is, not copied per call: the core only reads it */
  env: Env;
  core: CoreApi;
  hooks: PersonHooksPort;
  /** one line per call, no newline (a Node door: stderr) */
  log: (line: string) => void;
  clock: Clock;
  timers: Timers;
  /** the folder to use when the host names none (a Node door: process.cwd()) */
  cwd: () => string;
  /** absent: no timing is kept */
  timing?: (record: TimingRecord) => void;
  /** best-effort start of the dashboard companion at a session start; never throws, never blocks */
  dashboard?: () => void;
}

export type NoticeLevel = 'info' | 'warning' | 'error';

/**
 * Where a door can reach the person. Doors without a UI (OpenCode, a headless Pi run) use NO_UI,
 * so no handler checks for null: a notice goes nowhere and a question is a "no".
 */
export interface DoorUi {
  /** false: nobody answers a question here (an ask is a deny) */
  readonly available: boolean;
  notify(text: string, level: NoticeLevel): void;
  /** the person's yes; false when there is no answer in time or no UI */
  confirm(title: string, body: string): Promise<boolean>;
}

export const NO_UI: DoorUi = Object.freeze({
  available: false,
  notify: () => {},
  confirm: async () => false,
});
