/**
 * The Claude Code mod door: stopline's decisions inside Claude Code's own process.
 *
 * Every classic hook event the command hooks answer is answered here instead, through the same
 * Claude adapter and the same command-hook runner past its parse (`decidePayload`: the event's
 * `e` is already an object, so it is never written out as JSON and read back), so both doors
 * decide alike; only where the files are differs. The core's Answer becomes the classic result
 * once, through the adapter's own fields of it (`claudeFields`, the ones the command hook's JSON
 * is made of), never through that JSON. The core's files live in a Volume (./volume.ts) that this
 * door fills from `$.fs` before a decision and writes out after it: what the core will ask (the
 * person's config, the session's state and evidence, the transcript at a turn end, where a tool
 * call's paths and stopline's own paths lead) is read ahead (readAhead), so a decision runs the
 * core once and makes no call to the host during the run. Where links lead is read again for each
 * decision (./links.ts; stopline's own paths while their way is unchanged, ./landings.ts) and
 * given to the core as its path probe, as the command hook reads the disk when it decides.
 *
 * The door never touches `$`: the entry (./entry.ts) hands it a ModHost of plain functions, each
 * a literal `$.noun.method(...)` call there, as the loader requires.
 *
 * It runs on the in-process runtime the OpenCode and Pi doors share (hosts/shared/in-process/):
 * the fail mode, the timing instrument, the label on its log lines and the time bound on `$`
 * calls come from there, through ports made of the mod's own capabilities. The decision itself
 * goes through the command-hook runner, because a classic event's `e` is that runner's input.
 * @door mod
 */
import { decidePayload } from '../../shared/runner';
import type { CoreApi, HookDecision } from '../../shared/runner';
import type { CommandHookAdapter, MappedEvent } from '../../shared/adapter';
import type { HookPayload } from '../../shared/payload';
import { claudeAdapter, claudeFields } from '../adapter';
import type { ClaudeFields } from '../adapter';
import { failOutcome, handleEvent } from '../../../core/answer/controller';
import { labelLines } from '../../../core/answer/answer';
import { stampOf } from '../../../core/answer/outcome';
import { eventEntry } from '../../shared/adapter';
import { loadConfig } from '../../../core/config/config';
import { resolveDataDir } from '../../../core/state/datadir';
import { checkState, sessionKey, sessionStore } from '../../../core/state/session';
import { controlState } from '../../../core/contract/types';
import type { Contract } from '../../../core/contract/types';
import { BoundedMap } from '../../shared/in-process/bounded';
import { InProcessRuntime, TimeoutError } from '../../shared/in-process/runtime';
import type { RuntimePorts } from '../../shared/in-process/ports';
import { claudeRegistry } from '../../../core/registry/claude';
import { Volume, memoryOnly } from './volume';
import { volumeStore } from './store';
import type { Known } from './volume';
import { classicOf, noteSession, preToolUsePayload } from './classic';
import type { ClassicResult, SessionView } from './classic';
import { setHostRunners } from './host-runners';
import type { HostProcessResult } from './host-runners';
import { deepest, leadsElsewhere, lookUpLanding, settleLanding } from './links';
import { errorCode } from './rejection';
import { writeOutFile } from './write-out';
import { sawBubblewrap } from './confine';
import { Launchers } from './launchers';
import { LandingCache } from './landings';
import type { Stamps } from './landings';
import { homeFrom, selfPaths } from '../../../core/paths/self-paths';
import { userConfigPath } from '../../../core/config/config';
import { projectWalkPaths } from '../../../core/config/project';
import { DATA_SUBDIRS } from '../../../core/state/datadir';
import { PRUNED } from '../../../core/state/retention';
import { LAUNCHER_DIR } from '../../../core/confine/launcher';
import { logFile } from '../../../core/evidence/log';
import { join } from 'node:path';
import { normalizeTarget } from '../../../core/paths/paths';

/** The host's capabilities, as plain functions the entry builds from `$`. */
export interface ModHost {
  read(path: string): Promise<string>;
  write(path: string, text: string): Promise<void>;
  list(path: string): Promise<{ name: string; kind: string }[]>;
  /** with `{ resolve: true }` also `realPath`; `isLink` when the path itself is a symbolic link (docs/claude-mod.md) */
  stat(path: string, options?: { resolve: boolean }): Promise<{ kind: string; size: number; mtimeMs: number; isLink?: boolean; realPath?: string }>;
  run(argv: readonly string[], init: { cwd?: string; env?: Record<string, string>; stdin?: string; timeoutMs?: number }): Promise<HostProcessResult>;
  fetch(url: string, init: { method: string; headers: Record<string, string>; body: string }): Promise<{ status: number; text: string }>;
  /** a line in the transcript (`$.ui.log`), or the debug log */
  log(text: string, debug: boolean): void;
  /** draw the band again (`$.ui.invalidate('ui.render')`) */
  redraw(): void;
  now(): number;
}

/** What the entry reads once per process (literal `$.env.get` names, `$.process.hookEnv()`). */
export interface ModStart {
  /** the variables the core reads, as Claude Code's process has them */
  env: Record<string, string | undefined>;
  /** CLAUDE_PID, CLAUDE_PROJECT_DIR, CLAUDE_PLUGIN_DATA, CLAUDE_CODE_SESSION_ATTENDED, ... */
  hookEnv: Record<string, string>;
  /** Claude Code's version (`$.session.version()`) */
  version?: string;
  /** whether bubblewrap is on PATH (a confined command is handed over only where it is) */
  bwrap?: boolean;
}

/** The answer the entry returns to Claude Code, folded over the hooks beneath. */
interface DoorAnswer {
  result: ClassicResult;
  /** milliseconds the decision took inside this process (the bench's figure) */
  ms: number;
}

/**
 * How many times one decision may be made again after loading files it asked for that were not
 * read ahead. The read ahead covers what a decision asks but for walks whose next step is known
 * only once the last one is read: a link met inside one of stopline's own paths, a folder
 * target's contents, the hooks files a config names. The core's reader and Store are synchronous and `$.fs` is not, so such a path
 * cannot be read when the core asks; answering it with the fail mode instead would refuse
 * decisions the command hook makes on the same files. So those are loaded and the decision is
 * made again. In the mod's own test suites no decision takes a second run for files (without the
 * read ahead 56 of 108 did; without its retention listings and ages, and where stopline's own
 * paths land for a command that runs a program file, 7); a launcher script put in place takes one
 * (./launchers.ts).
 */
const MAX_ROUNDS = 6;
/**
 * How many more times after reading where paths lead (each run of the core asks the next thing:
 * its targets, the working folder, stopline's own paths, what a folder target holds).
 */
const MAX_LINK_LOADS = 8;
/** How old the files read from disk (the person's config) may get before they are checked again. */
const RECHECK_MS = 2000;
/** How long loading the session's files through `$.fs` may take before the fail mode answers. */
const LOAD_BOUND_MS = 5000;

interface DoorOptions {
  /** the module's path flavour and cwd for the volume's keys */
  volume: Volume;
  /** sets process.env / pid / cwd / platform for the core (the mod's `process` stand-in) */
  applyProcess(env: Record<string, string | undefined>, pid: number, platform: string, cwd: () => string): void;
}

export class ClaudeModDoor {
  readonly volume: Volume;
  private env: Record<string, string | undefined> | null = null;
  private readonly view: SessionView = {};
  private readonly agents = new BoundedMap<string>(512);
  private readonly agentTypes = new BoundedMap<string>(256);
  /** How many times the core ran for the decision in progress (1 when the read ahead covered it). */
  private runs = 0;
  /** Set when the band's text changed; the entry redraws and clears it. */
  bandChanged = false;
  private tail: Promise<unknown> = Promise.resolve();
  private checkedAt = 0;
  private flushPending = false;
  private flushError: string | null = null;
  private band: string | null = null;
  private runtime: InProcessRuntime | null = null;
  /** the host of the hook call in progress (the runtime's log goes there) */
  private host: ModHost | null = null;
  /** the session's paths are Windows paths (its working folder is) */
  private windows = false;
  /**
   * The core, with the volume's path probe in place of the disk: where a write's links lead is
   * read through `$.fs` for each decision (./links.ts), and the core judges the landing as the
   * command hook does.
   */
  private readonly probingCore: CoreApi = {
    handleEvent: (event, options) => handleEvent(event, { ...options, probe: this.probe, store: this.store }),
    failOutcome,
  };
  private readonly probe = () => (abs: string) => this.volume.probe(abs);
  /** confined commands' launcher scripts, put on disk before the core records them (./launchers.ts) */
  private readonly launchers = new Launchers();
  /** the core's state, lineage and evidence files, kept in the volume (./store.ts) */
  private readonly store = this.launchers.store(volumeStore(() => this.volume));
  /** where stopline's own paths land, kept while the folders on their way are unchanged (./landings.ts) */
  private readonly landings = new LandingCache();
  /** what the watched folders looked like before this decision read any landing; null: nothing is kept from it */
  private stamps: Stamps | null = null;

  constructor(private readonly opts: DoorOptions) {
    this.volume = opts.volume;
  }

  get configured(): boolean {
    return this.env !== null;
  }

  /** The text of the band above the prompt, or null to draw nothing. */
  get bandText(): string | null {
    return this.band;
  }

  /** Set the environment the core sees (once per process, before the first decision). */
  configure(start: ModStart): void {
    const env: Record<string, string | undefined> = { ...start.env, ...start.hookEnv };
    sawBubblewrap(start.bwrap ?? null);
    // the mod starts no dashboard: it would need a process that outlives a hook
    env.STOPLINE_NO_DASHBOARD = '1';
    if (start.version && !env.AI_AGENT) env.AI_AGENT = `claude-code_${start.version.replace(/\./g, '-')}_mod`;
    const cwd = env.CLAUDE_PROJECT_DIR ?? '/';
    const platform = /^[A-Za-z]:[\\/]/.test(cwd) ? 'win32' : 'linux';
    this.windows = platform === 'win32';
    this.env = env;
    this.view.cwd ??= cwd;
    this.opts.applyProcess(env, Number(env.CLAUDE_PID) || 0, platform, () => this.view.cwd ?? cwd);
    this.runtime = new InProcessRuntime({ registry: claudeRegistry, label: 'stopline (claude mod)', denyResponse: claudeAdapter.denyResponse }, this.ports(env));
  }

  /**
   * The runtime's ports, from the mod's capabilities: the log is the debug log of the hook call
   * in progress, the timing line goes out with the evidence, and the person's hooks are the
   * command-hook runner's (inside the decision), so the runtime's own are none.
   */
  private ports(env: Record<string, string | undefined>): RuntimePorts {
    return {
      env,
      core: this.probingCore,
      hooks: { has: () => false, port: () => async () => ({ result: null, lines: [] }) },
      log: (line) => this.host?.log(line, true),
      clock: { now: () => performance.now() },
      timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
      cwd: () => this.view.cwd ?? '/',
      timing: (r) => this.recordTiming(r),
    };
  }

  private rt(): InProcessRuntime {
    if (!this.runtime) throw new Error('the stopline mod was not configured before its first event');
    return this.runtime;
  }

  /** Note what `tool.call` said about a call: the sub-agent it runs in. */
  noteToolCall(toolUseId: string, agentId: string | undefined): void {
    if (agentId) this.agents.set(toolUseId, agentId);
  }

  /** Answer one classic event whose `e` is the command hook's payload. */
  answerClassic(host: ModHost, event: string, payload: HookPayload): Promise<DoorAnswer> {
    noteSession(this.view, payload);
    if (event === 'SubagentStart' && typeof payload.agent_id === 'string' && typeof payload.agent_type === 'string') this.agentTypes.set(payload.agent_id, payload.agent_type);
    return this.decide(host, event, payload);
  }

  /** Answer `classic.PreToolUse`, whose `e` is only the tool envelope. */
  answerPreToolUse(host: ModHost, envelope: Record<string, unknown>, fallback: { sessionId?: string; cwd?: string }): Promise<DoorAnswer> {
    if (this.view.id === undefined && fallback.sessionId) this.view.id = fallback.sessionId;
    if (this.view.cwd === undefined && fallback.cwd) this.view.cwd = fallback.cwd;
    const id = String(envelope.tool_use_id ?? '');
    const agentId = typeof envelope.agentId === 'string' ? envelope.agentId : this.agents.get(id);
    const agent = agentId ? { id: agentId, ...(this.agentTypes.get(agentId) ? { type: this.agentTypes.get(agentId)! } : {}) } : undefined;
    return this.decide(host, 'PreToolUse', preToolUsePayload(envelope, this.view, agent));
  }

  /**
   * The fail-mode answer when the door itself failed (the entry's `.catch`), as the command
   * hook's runner gives it: fail closed denies a tool call and puts the GUARD_UNAVAILABLE stamp
   * in the context of other events; fail open answers nothing. Null when even the fail mode
   * cannot be read: the entry then fails open.
   */
  failureAnswer(event: string, err: unknown): ClassicResult | null {
    try {
      const row = eventEntry(claudeAdapter.registry, event);
      const answer = this.rt().failure(err, this.view.cwd, row ?? null);
      this.rt().say(answer.diagnostics);
      if (answer.kind === 'none') return {};
      return classicOf(row ? claudeFields(answer, { name: event, row }) : unknownRow(event, stampOf(answer)));
    } catch {
      return null;
    }
  }

  /** Write out everything still pending (session end: the process exits next). */
  async drain(host: ModHost): Promise<void> {
    this.scheduleFlush(host);
    await this.serial(async () => undefined);
    await this.flushing;
  }

  // ----------------------------------------------------------------------------- deciding

  private coreEnv(): Record<string, string | undefined> {
    if (!this.env) throw new Error('the stopline mod was not configured before its first event');
    return this.env;
  }

  /** One decision at a time: the volume is one transaction at a time. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private decide(host: ModHost, event: string, payload: HookPayload): Promise<DoorAnswer> {
    return this.serial(async () => {
      const rt = this.rt();
      this.host = host;
      const started = rt.now();
      const env = this.coreEnv();
      // the person edits their config between prompts: check the files read from disk before a
      // prompt is decided; between tool calls only after answering, so a tool call never waits
      const control = eventEntry(claudeRegistry, event)?.control;
      const isPrompt = control === 'session.start' || control === 'prompt.submit';
      if (isPrompt) await this.recheck(host);
      // the transcript is Claude Code's and grows between turn ends: the per-session check reads it fresh
      const transcript = control === 'turn.stop' ? this.view.transcriptPath : undefined;
      if (transcript) this.volume.forget(transcript);
      // a gate waits for the write-out in flight: a record that could not be kept (a link planted in
      // place of the evidence file, a full disk) must turn this call to the fail mode, not the one
      // after it. Between tool calls the write-out has almost always finished already.
      let stalled: string | null = null;
      if (control === 'action.before') {
        try {
          await rt.within("stopline's write-out", LOAD_BOUND_MS, () => this.flushing);
        } catch (err) {
          stalled = err instanceof Error ? err.message : String(err);
        }
      }
      let core: CoreApi = this.flushError !== null ? this.unavailableCore(this.flushError) : stalled !== null ? this.unavailableCore(stalled) : this.probingCore;
      // where paths lead is read again for every decision: a link may have been made since the last
      this.volume.freshLinks();
      this.launchers.fresh();
      this.stamps = null;
      let fileLoads = 0;
      let linkLoads = 0;
      /** a $.fs call that hangs must not hold the tool call forever: past the bound, the fail mode */
      const bounded = async (load: () => Promise<void>): Promise<void> => {
        try {
          await rt.within("stopline's files", LOAD_BOUND_MS, load);
        } catch (err) {
          if (!(err instanceof TimeoutError)) throw err;
          core = this.unavailableCore(err.message);
          fileLoads = MAX_ROUNDS;
        }
      };
      // the payload is read into the guard's event once per decision: the read ahead and every run share it
      let read: MappedEvent | undefined;
      // (but a turn end's: its mapping reads the transcript, which a first run may find not loaded yet)
      const adapter: CommandHookAdapter = transcript ? claudeAdapter : { ...claudeAdapter, toControlEvent: (p, e) => (read ??= claudeAdapter.toControlEvent(p, e)) };
      // what the core will ask is read before the first run, so a decision runs once (readAhead)
      await bounded(() => this.readAhead(host, control, adapter, payload, env, transcript));
      let decided: HookDecision | null = null;
      // a person's hook runs once per decision: a later round (files the core asked for after the
      // hook had run) gets the same result instead of running the hook again
      const ran = new Map<string, Promise<HostProcessResult>>();
      const runOnce: ModHost['run'] = (argv, init) => {
        const key = JSON.stringify([argv, init.cwd ?? null, init.stdin ?? null]);
        let r = ran.get(key);
        if (!r) ran.set(key, (r = host.run(argv, init)));
        return r;
      };
      this.runs = 0;
      for (;;) {
        this.runs++;
        // files that would not settle: the decision cannot be made on them; the fail mode answers
        if (fileLoads >= MAX_ROUNDS) core = this.unavailableCore('its files could not be loaded');
        this.volume.begin();
        setHostRunners({ run: runOnce, fetch: host.fetch, isDryRun: () => this.volume.hasMisses() });
        try {
          decided = await decidePayload(adapter, payload, { env, cwd: this.view.cwd ?? '/', core });
        } finally {
          setHostRunners(null);
        }
        if ((!this.volume.hasMisses() && !this.launchers.wanted.size) || fileLoads >= MAX_ROUNDS) {
          this.updateBand(env, isPrompt);
          this.volume.commit();
          break;
        }
        const misses = [...this.volume.misses];
        const lists = [...this.volume.listMisses];
        const links = [...this.volume.linkMisses];
        this.volume.rollback();
        if (this.launchers.wanted.size) {
          // a launcher the core wrote goes on disk before the run that hands it back and records it
          fileLoads++;
          await this.launchers.place(host, (call) => rt.within("stopline's launcher script", LOAD_BOUND_MS, call));
          if (!misses.length && !lists.length && !links.length) continue;
        }
        if (misses.length || lists.length) fileLoads++;
        else if (++linkLoads > MAX_LINK_LOADS) {
          // a walk that would not end: what is still unread is unproven, and the decision is made on that
          this.volume.closeLinks();
          continue;
        }
        await bounded(() => this.load(host, misses, lists, links));
      }
      // and keeps no copy of it between turn ends
      if (transcript) this.volume.forget(transcript);
      if (this.stamps) this.landings.keep(this.volume.linkEntries().map(([p]) => p), (p) => this.volume.linkEntry(p), this.stamps);
      const fields = fieldsOf(event, decided!);
      const result = classicOf(fields);
      const said = Object.keys(result).length > 0 || fields.messages.length > 0;
      const outcome = result.deny !== undefined ? 'deny' : result.ask !== undefined ? 'ask' : said ? 'answer' : 'none';
      const ms = rt.now() - started;
      rt.timed(event, started, outcome);
      // one transcript line, as the command hook's one systemMessage; Claude Code puts the
      // plugin's name (stopline) in front of it itself
      if (fields.messages.length) host.log(fields.messages.join('\n').replace(/^stopline:\s*/, ''), false);
      if (decided!.kind !== 'silent') for (const d of labelLines(claudeAdapter.label, decided!.answer.diagnostics)) host.log(d, true);
      if (!isPrompt && host.now() - this.checkedAt > RECHECK_MS) this.scheduleRecheck(host);
      this.scheduleFlush(host);
      return { result, ms };
    });
  }

  private scheduleRecheck(host: ModHost): void {
    this.checkedAt = host.now();
    void this.serial(() => this.recheck(host));
  }

  /** A core that answers every decision with the fail mode: the evidence could not be written. */
  private unavailableCore(why: string): CoreApi {
    return {
      handleEvent: (_event, options) => failOutcome(new Error(why), options),
      failOutcome,
    };
  }

  // ----------------------------------------------------------------------------- loading

  /**
   * Read, before the first run, what the core will ask for this decision and the volume does not
   * hold yet, so the decision runs once:
   * - the person's config files (the user file, every file the project walk may look at), at a
   *   session's first decision or after a recheck found one changed;
   * - then, from that config, the data folder's session state, evidence log and their folders
   *   (the data folder may be named in the config, so this is a second hop, made only while one of
   *   them is still unread);
   * - the transcript at a turn end (it is forgotten after each one);
   * - for a tool call, where the paths it changes and the program files it runs land (the floor
   *   judges a write by its landing whatever the contract), and once a link turns up on the way,
   *   where stopline's own paths land (the core compares the landing with their real places).
   * What the core asks beyond this (a folder target's contents, a link found inside one of
   * stopline's own paths) is still read through the misses, in a second run (decide).
   */
  private async readAhead(host: ModHost, control: string | null | undefined, adapter: CommandHookAdapter, payload: HookPayload, env: Record<string, string | undefined>, transcript: string | undefined): Promise<void> {
    const cwd = this.view.cwd;
    // the names are worked out again only when what they depend on changed (the working folder;
    // a config file loaded anew, which a recheck makes happen after an edit; the session)
    let config = this.configFiles;
    if (!config || config.cwd !== cwd) {
      const user = userConfigPath(env);
      config = this.configFiles = { cwd, files: [...(user ? [user] : []), ...(cwd ? projectWalkPaths(cwd) : [])] };
    }
    const loaded = await this.loadUnknown(host, transcript ? [...config.files, transcript] : config.files);
    if (loaded > 0 || this.placed?.session !== this.view.id) this.placed = this.placeQuietly(env);
    if (this.placed) await this.loadUnknown(host, this.placed.files);
    // a session's start prunes old files: the folders it lists, and the age of each file it may remove
    if (control === 'session.start' && this.placed) await this.loadPrunable(host, this.placed.dataDir);
    if (control === 'action.before' || control === 'action.after') {
      const targets = writeTargets(adapter, payload, env, cwd);
      const placed = this.placed;
      // a command the analysis may not prove may be confined: the launchers in use are read as they are on disk now
      const launchers = control === 'action.before' && targets.shell ? this.launchers.readAhead(host) : undefined;
      if (targets.paths.length) await this.loadLinks(host, targets.paths, placed ? () => (placed.own ??= selfPaths({ env, dataDir: placed.dataDir, projectDir: placed.projectDir, uid: null }).flatMap((p) => normalizeTarget(p, undefined).abs ?? [])) : undefined, targets.runs);
      await launchers;
    }
  }

  /** The config files the read ahead looks for, for the working folder they were worked out for. */
  private configFiles: { cwd: string | undefined; files: string[] } | null = null;
  /**
   * Where the session's files are, from the config as last loaded: the data folder, the project
   * folder, the state and evidence files to read ahead, and stopline's own paths (absolute, worked
   * out when a write first needs them).
   */
  private placed: { session: string; dataDir: string; projectDir: string | undefined; files: string[]; own?: string[] } | null = null;

  /**
   * What the retention pass at a session's start asks (core/state/retention.ts): the listing of
   * each folder it prunes and the age of each file there it may remove, a stat without the text
   * (a file the decision reads is loaded whole as before). A link, or a stat that fails, is left
   * unknown: the core's look at it is then a miss, read as before. The launchers' folder is not
   * looked at: the mod cannot remove a file (./launchers.ts).
   */
  private async loadPrunable(host: ModHost, dataDir: string): Promise<void> {
    await Promise.all(
      PRUNED.filter(({ sub }) => sub !== LAUNCHER_DIR).map(async ({ sub, own }) => {
        const dir = join(dataDir, sub);
        const e = this.volume.entry(dir);
        if (e?.kind !== 'dir') return;
        if (e.names === null) await this.loadListing(host, dir);
        const names = this.volume.entry(dir);
        if (names?.kind !== 'dir' || !names.names) return;
        await Promise.all(
          names.names
            .filter((n) => own.test(n) && this.volume.entry(join(dir, n)) === undefined)
            .map(async (n) => {
              const p = join(dir, n);
              try {
                const st = await host.stat(p);
                if (st.kind !== 'file' || st.isLink === true) return;
                this.volume.learnStat(p, st.size, st.mtimeMs);
              } catch {
                // unknown: the core's look is a miss
              }
            }),
        );
      }),
    );
  }

  /** Load the paths the volume does not know yet, in parallel; how many were loaded. */
  private async loadUnknown(host: ModHost, paths: readonly string[]): Promise<number> {
    const unknown = paths.filter((p, i) => this.volume.entry(p) === undefined && paths.indexOf(p) === i);
    if (unknown.length) await Promise.all(unknown.map((p) => this.loadPath(host, p)));
    return unknown.length;
  }

  /**
   * The data folder and project folder the core will decide in, from what the volume already
   * holds; null while the config it needs is not loaded (nothing is recorded as a miss).
   */
  private placeQuietly(env: Record<string, string | undefined>): ClaudeModDoor['placed'] {
    const session = this.view.id;
    if (!session) return null;
    this.volume.begin();
    try {
      const { config } = loadConfig(env, this.view.cwd);
      if (this.volume.hasMisses()) return null;
      const dataDir = resolveDataDir(env, { configDataDir: config.dataDir, hostDataDir: env.CLAUDE_PLUGIN_DATA });
      const key = sessionKey(session);
      const files = [...DATA_SUBDIRS.map((d) => join(dataDir, d)), sessionStore(dataDir, session).file, logFile(dataDir, key), logFile(dataDir, key, true)];
      return { session, dataDir, projectDir: config.projectRoot ?? this.view.cwd, files };
    } catch {
      return null;
    } finally {
      this.volume.rollback();
    }
  }


  /** Learn what `$.fs` says about paths the core asked for, and where the paths it probed lead. */
  private async load(host: ModHost, paths: readonly string[], dirs: readonly string[], links: readonly string[] = []): Promise<void> {
    await Promise.all([...paths.map((p) => this.loadPath(host, p)), ...dirs.map((d) => this.loadListing(host, d)), ...(links.length ? [this.loadLinks(host, links)] : [])]);
  }

  /**
   * Read where these paths lead, for this decision: each walk the core will take from them
   * (./links.ts), one read per path. When a link turns up on the way, the core next asks where
   * the working folder itself lands (a landing is written back in its names), so that is read too.
   */
  private async loadLinks(host: ModHost, paths: readonly string[], own?: () => string[], allOwn = false): Promise<void> {
    // a program file run: stopline's own paths are all asked; the ones kept from earlier
    // decisions are used while the folders on their way look as they did (./landings.ts)
    if (allOwn && own && !this.windows) {
      this.stamps = await this.landings.stamp(host, host.now());
      for (const [p, r] of this.landings.valid(this.stamps)) this.volume.learnLink(p, r);
    }
    const reading = new Map<string, Promise<void>>();
    const read = (p: string): Promise<void> => {
      if (this.volume.linkEntry(p) !== undefined) return Promise.resolve();
      let r = reading.get(p);
      if (!r) {
        r = lookUpLanding(host, p, this.windows).then((found) => this.volume.learnLink(p, found));
        reading.set(p, r);
      }
      return r;
    };
    const known = (p: string) => this.volume.linkEntry(p);
    await Promise.all(deepest(paths).map((p) => settleLanding(p, known, read)));
    const linked = this.volume.linkEntries().some(([p, r]) => leadsElsewhere(p, r));
    // stopline's own paths are compared by their real places once a landing differs from its
    // text or the action runs a program file, and a folder target is asked whether it holds one
    // of them: each is read on its own (the core asks each one's own landing, not only the deepest's)
    const all = own ? own() : [];
    const mine = linked || allOwn ? all : all.filter((p) => paths.some((t) => p.startsWith(t.endsWith('/') ? t : `${t}/`)));
    const cwd = linked && this.view.cwd ? normalizeTarget(this.view.cwd, undefined).abs : null;
    await Promise.all([...(cwd ? [settleLanding(cwd, known, read)] : []), ...mine.map((p) => Promise.all([read(p), settleLanding(p, known, read)]))]);
  }

  private async loadPath(host: ModHost, path: string): Promise<void> {
    let entry: Known;
    try {
      const st = await host.stat(path);
      if (st.kind === 'dir') entry = { kind: 'dir', names: null };
      else if (st.kind === 'file') {
        const text = await host.read(path);
        entry = { kind: 'file', text, bytes: st.size, mtimeMs: st.mtimeMs };
      } else entry = { kind: 'error', code: 'EIO' };
    } catch (err) {
      const code = errorCode(err);
      entry = code === 'ENOENT' ? { kind: 'absent' } : { kind: 'error', code };
    }
    this.volume.learn(path, entry);
  }

  private async loadListing(host: ModHost, dir: string): Promise<void> {
    try {
      const entries = await host.list(dir);
      this.volume.learnListing(dir, entries.map((e) => e.name));
    } catch (err) {
      const code = errorCode(err);
      this.volume.learn(dir, code === 'ENOENT' ? { kind: 'absent' } : { kind: 'error', code });
    }
  }

  /**
   * Check the files read from disk (the person's config, their hooks files) for changes since
   * they were read; a changed one is forgotten, so the next decision reads it again.
   */
  private async recheck(host: ModHost): Promise<void> {
    this.checkedAt = host.now();
    const paths = this.volume.readFromDisk();
    await Promise.all(
      paths.map(async (p) => {
        const before = this.volume.entry(p);
        let now: { kind: string; size: number; mtimeMs: number } | null;
        try {
          now = await host.stat(p);
        } catch (err) {
          now = errorCode(err) === 'ENOENT' ? null : { kind: 'error', size: -1, mtimeMs: -1 };
        }
        const same = before?.kind === 'absent' ? now === null : before?.kind === 'file' && now !== null && now.kind === 'file' && now.size === before.bytes && now.mtimeMs === before.mtimeMs;
        if (!same) this.volume.forget(p);
      }),
    );
  }

  // ----------------------------------------------------------------------------- writing out

  /**
   * Write what the decisions changed, after the answer has gone back to Claude Code, off the
   * decision queue: a write holds up no prompt or observing event, and a gate only while it is
   * still in flight (decide). One write-out runs at a time (a
   * file is never written by two at once, nor out of order); changes made meanwhile go out with
   * the next one, so a busy session writes its log less often, never more. A failed write is kept
   * for the next write-out, and until one succeeds every decision answers with the fail mode (a
   * guard that cannot keep its record is unavailable).
   */
  private scheduleFlush(host: ModHost): void {
    if (this.flushPending) return;
    this.flushPending = true;
    // what to write is taken on the decision queue (no decision is half made then); the writing is not
    void this.serial(async () => {
      this.flushPending = false;
      const items = this.volume.takeDirty();
      if (items.length) this.flushing = this.flushing.then(() => this.writeOut(host, items));
    });
  }

  /** The write-outs in progress, one after the other. */
  private flushing: Promise<void> = Promise.resolve();

  private async writeOut(host: ModHost, items: ReturnType<Volume['takeDirty']>): Promise<void> {
    const failed: typeof items = [];
    let why: string | null = null;
    await Promise.all(
      items.map(async (it) => {
        if (memoryOnly(it.path)) return;
        // deleted: $.fs cannot delete; the next write of that file replaces it
        if (it.whole === null) return;
        try {
          await writeOutFile(host, { path: it.path, whole: it.whole, ...(it.appended !== undefined && !this.exclusive(it.path) ? { appended: it.appended } : {}) });
        } catch (err) {
          failed.push(it);
          why = errorCode(err);
        }
      }),
    );
    if (failed.length) {
      // back on the queue: the next write-out tries them again
      void this.serial(async () => this.volume.restoreDirty(failed));
      if (this.flushError === null) host.log(`stopline: evidence not written (${why}); stopline answers with its fail mode until it is`, true);
      this.flushError = `evidence not written (${why})`;
    } else if (this.flushError !== null) this.flushError = null;
  }

  /** Files only this session writes: its state and its evidence (named by its session key). */
  private exclusive(path: string): boolean {
    return /[\\/](sessions|runtime)[\\/][0-9a-f]{32}(\.json|\.jsonl|\.1\.jsonl)$/.test(path);
  }

  // ----------------------------------------------------------------------------- the band

  /** The session's state file, found again when the session or the config may have changed. */
  private stateFile: { session: string; file: string } | null = null;
  /** The state entry the band was drawn from (an entry is replaced whenever the file is written). */
  private bandFrom: Known | undefined;

  /** The contract line above the prompt: mode, files=, deps, agents used / allowed. */
  private updateBand(env: Record<string, string | undefined>, recompute: boolean): void {
    const before = this.band;
    try {
      if (!this.view.id) return;
      if (recompute || this.stateFile?.session !== this.view.id) {
        const { config } = loadConfig(env, this.view.cwd);
        const dataDir = resolveDataDir(env, { configDataDir: config.dataDir, hostDataDir: env.CLAUDE_PLUGIN_DATA });
        this.stateFile = { session: this.view.id, file: sessionStore(dataDir, this.view.id).file };
      }
      const entry = this.volume.entry(this.stateFile.file);
      if (entry === this.bandFrom) return;
      this.bandFrom = entry;
      const state = entry?.kind === 'file' ? checkState(entry.text).state : null;
      this.band = state ? contractLine(state.contract) : null;
    } catch {
      // the band never changes an answer
    } finally {
      if (this.band !== before) this.bandChanged = true;
    }
  }

  // ----------------------------------------------------------------------------- timing

  /**
   * The runtime's timing port (the STOPLINE_TIMING_FILE instrument, off unless it is set): one
   * line per decision with the time it took inside Claude Code's process (loading the files the
   * first time included) and how many runs of the core it took, written out with the evidence.
   * Metadata only.
   */
  private recordTiming(r: { artifact: string; hook: string; ms: number; outcome: string }): void {
    const file = this.env?.STOPLINE_TIMING_FILE;
    if (!file) return;
    try {
      this.volume.begin();
      this.volume.append(file, JSON.stringify({ artifact: 'claude-mod', hook: r.hook, ms: r.ms, outcome: r.outcome, runs: this.runs }) + '\n');
      this.volume.commit();
    } catch {
      this.volume.rollback();
    }
  }
}

/**
 * The Claude adapter's fields of one decision's answer, the ones the command hook's JSON is made
 * of; the door maps them to the classic result once (classicOf).
 */
function fieldsOf(event: string, d: HookDecision): ClaudeFields {
  if (d.kind === 'silent') return { messages: [] };
  if (d.kind === 'failed' && d.answer.kind === 'none') return { messages: [] };
  if (d.at) return claudeFields(d.answer, d.at);
  return unknownRow(event, stampOf(d.answer));
}

/**
 * A failure before the event's row was known (it always is here: the mod hooks only the
 * registry's own events) is the deny or block a command hook's exit 2 is.
 */
function unknownRow(event: string, stamp: string): ClaudeFields {
  return event === 'PreToolUse' ? { decision: 'deny', reason: stamp, messages: [] } : { block: stamp, messages: [] };
}

/**
 * Where the guard will look for landings: the paths the action the payload maps to changes (a
 * write or an unknown action: the floor judges those by where they land, whatever the contract)
 * and the program files it runs (running one of stopline's own is judged by its landing too),
 * placed as decide() places them. `runs`: it runs a program file, so the guard also asks where
 * each of stopline's own paths lands (core/contract/decide.ts runsProtected).
 * @keep writeTargets the paths a write call lands on, which the door reads ahead: the tests check links and
 *   folders among them
 */
export function writeTargets(adapter: CommandHookAdapter, payload: HookPayload, env: Record<string, string | undefined>, cwd: string | undefined): { paths: string[]; runs: boolean; shell: boolean } {
  const none = { paths: [], runs: false, shell: false };
  let mapped: MappedEvent;
  try {
    mapped = adapter.toControlEvent(payload, env);
  } catch {
    // the run meets the same error and answers it
    return none;
  }
  const action = mapped.kind === 'event' ? mapped.event.action : undefined;
  if (!action) return none;
  const shell = action.command !== undefined && action.mutability !== 'read';
  const changes = action.mutability === 'write' || action.mutability === 'unknown' ? (action.affectedPaths ?? []) : [];
  const paths = [...changes, ...(action.runs ?? [])];
  if (!paths.length) return { ...none, shell };
  const base = action.cwd ?? (mapped.kind === 'event' ? mapped.event.cwd : undefined) ?? cwd;
  const home = homeFrom(env);
  const out: string[] = [];
  for (const p of paths) {
    const abs = normalizeTarget(p, base, home ? { home } : {}).abs;
    if (abs && !out.includes(abs)) out.push(abs);
  }
  return { paths: out, runs: (action.runs ?? []).length > 0, shell };
}

/** `stopline ARMED review · files=src/** · deps=deny · agents 1/2` */
function contractLine(c: Contract): string | null {
  const state = controlState(c);
  if (state === 'OFF') return null;
  if (state === 'OBSERVING') return 'stopline OBSERVING · no task mode set (`$stopline <mode> -- task`)';
  const files = c.files === null ? 'any' : c.files.join(',');
  const agents = c.agents === 'allow' ? `${c.agentsUsed}/any` : `${c.agentsUsed}/${c.agents}`;
  return `stopline ${state} ${c.mode} · files=${files} · deps=${c.deps} · hash=${c.hash} · agents ${agents}`;
}
