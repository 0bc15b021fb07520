/**
 * The person's universal hooks inside a long-lived host process (the OpenCode plugin, the Pi
 * extension): config loaded once per project folder for the life of the process, dispatched and
 * folded with the guard's outcome. It is the Node implementation of the runtime's hooks port
 * (hosts/shared/in-process/ports.ts); the runtime's queue, bounded memory and timing live there.
 */
import type { CanonicalEvent } from '../canonical';
import type { HooksPort } from '../answer/answer';
import { hasHooks } from './dispatch';
import { loadHooksConfigFromSystem } from './load';
import { loadErrorLines, personHooksPort } from './person';
import type { PersonHooks } from './person';
import type { Dialect, DispatchInput, HooksConfig } from './types';

export type Env = Readonly<Record<string, string | undefined>>;

/** What an in-process adapter hands to the hooks layer for one event. */
export type HookEventInput = Omit<DispatchInput, 'event' | 'hostFamily' | 'cwd'> & { cwd: string };

/**
 * The person's universal hooks inside a long-lived host process. The config is asked for on
 * every event; the loader keeps its parse while the files are unchanged (one stat per file), so
 * an edited stopline.json or imported hooks file counts on the next tool call without a restart.
 * Never throws: a broken config or a failing hook becomes a diagnostic line and the guard's
 * answer stands.
 */
export class InProcessHooks {
  /** project folder -> the load errors last reported there (each is said once, until it changes) */
  private readonly reported = new Map<string, string>();

  constructor(
    private readonly env: Env,
    private readonly hostFamily: string,
    /** dialects the host runs natively (none for OpenCode and Pi) */
    private readonly skipDialects: readonly Dialect[] = [],
    private readonly load: (projectDir: string) => HooksConfig = (dir) => loadHooksConfigFromSystem(dir, { env, skipDialects }),
  ) {}

  /** The current config for a project folder (re-read by the loader only when a file changed). */
  configFor(projectDir: string): HooksConfig {
    return this.load(projectDir);
  }

  /** Load errors not yet reported for this folder: said once, and again only after they change. */
  private freshLoadErrors(projectDir: string, config: HooksConfig): string[] {
    const lines = loadErrorLines(config);
    const said = lines.join('\n');
    if ((this.reported.get(projectDir) ?? '') === said) return [];
    if (this.reported.size >= 256 && !this.reported.has(projectDir)) this.reported.clear();
    this.reported.set(projectDir, said);
    return lines;
  }

  /** Whether any hook is configured for this event in this project. */
  has(event: CanonicalEvent, projectDir: string): boolean {
    try {
      return hasHooks(this.configFor(projectDir), event);
    } catch {
      return false;
    }
  }

  /**
   * The person's hooks for `event`, for the answer path to dispatch and fold with the guard's
   * outcome (a guard deny always stands). Load errors are said once per folder, until they change.
   */
  personHooks(event: CanonicalEvent, projectDir: string, input: HookEventInput, signal?: AbortSignal): PersonHooks {
    return {
      config: () => this.configFor(projectDir),
      loadErrors: (config) => this.freshLoadErrors(projectDir, config),
      input: { ...input, event, hostFamily: this.hostFamily, projectDir },
      skipDialects: this.skipDialects,
      env: this.env,
      ...(signal ? { signal } : {}),
    };
  }

  /** The hooks port of one event (core/answer/answer.ts): dispatch and fold; never throws. */
  port(event: CanonicalEvent, projectDir: string, input: HookEventInput, signal?: AbortSignal): HooksPort {
    return personHooksPort(this.personHooks(event, projectDir, input, signal));
  }
}
