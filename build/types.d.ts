/**
 * Types of the build pipeline's data (build/artifacts.mjs). The .mjs modules refer to
 * these through JSDoc; the .d.mts files next to them declare their exports for TypeScript
 * callers (rollup.config.ts, test/build/).
 */
import type { HostName } from '../core/registry/host-specs';

/**
 * command: a script run as a process per event (host JSON on stdin, host JSON on stdout);
 * static: a file copied as is (the POSIX sh installer), not bundled;
 * `<host>-plugin`, `<host>-extension`, `<host>-mod`: loaded in the host's process, named by the
 * host's artifact description (hosts/<host>/artifact.mjs) with the host's own word for it; the
 * build's checks, build/bundle.mjs and the demo read what the description gives (its `loader`, its
 * first line among it, its demo's `driver`).
 */
export type ArtifactKind = 'command' | 'static' | `${HostName}-${'plugin' | 'extension' | 'mod'}`;

export interface PackageMeta {
  name: string;
  version: string;
  description: string;
  license: string;
  /** OWNER/NAME of the GitHub repository (package.json repository), or '' */
  repository?: string;
}

/** A file written next to the bundle. Exactly one of `from` and `generate`. */
export interface ExtraFile {
  /** path relative to the artifact's output folder */
  to: string;
  /** repo-relative source copied as text; `{{stopline.version}}` and `{{stopline.name}}` are replaced */
  from?: string;
  /** content computed from package.json */
  generate?: (meta: PackageMeta) => string;
  /** mode 0755 instead of 0644 */
  executable?: boolean;
}

/**
 * One run of a command artifact: real stdin in, stdout + exit code out. The runtime
 * matrix runs every case under node, bun and deno and requires identical results.
 */
export interface CommandCase {
  name: string;
  argv?: string[];
  /** written to stdin, then stdin is closed */
  stdin?: string;
  env?: Record<string, string>;
  exitCode: number;
  /** exact expected stdout */
  stdout?: string;
  stdoutIncludes?: string[];
  stderrIncludes?: string[];
}

/**
 * One call into an in-process plugin (OpenCode) or extension (Pi) through the fake host in
 * build/demo/plugin-host.mjs. OpenCode: `hook` is a Hooks key ('tool.execute.before'),
 * `input`/`output` its two arguments. Pi: `hook` is the event name given to `pi.on`
 * ('tool_call'), `input` the event, `ctx` the fake ExtensionContext's data.
 */
export interface PluginCall {
  name: string;
  hook: string;
  input?: unknown;
  output?: unknown;
  ctx?: { sessionId?: string; cwd?: string; hasUI?: boolean };
  expect?: { threw?: string; returned?: unknown };
}

/** What the fake host reports for one PluginCall. */
export interface PluginCallResult {
  name: string;
  /** the handler(s) ran without throwing */
  ok: boolean;
  /** Error message when a handler threw (OpenCode's deny) */
  threw?: string;
  /** OpenCode: the handler's resolved value; Pi: the first non-undefined handler result */
  returned?: unknown;
  /** OpenCode: the `output` argument after the handler mutated it */
  output?: unknown;
  /** the hook/event had no handler at all */
  unhandled?: boolean;
}

export type DemoDriver = 'command' | 'opencode' | 'pi' | 'hermes';

export interface DemoStep {
  /** what this step shows ("arm the contract", "blocked Write", "allowed Edit") */
  say: string;
  /** repo-relative JSON file (a captured host payload) */
  payloadFile?: string;
  /** inline payload: command stdin object; opencode {input, output}; pi event; hermes kwargs */
  payload?: unknown;
  /** command driver: argv after the script */
  argv?: string[];
  /** opencode / pi / hermes: the hook or event that receives the payload */
  hook?: string;
  /** pi: data for the fake ExtensionContext */
  ctx?: PluginCall['ctx'];
  /** lines to print for the raw result (default: a generic summary) */
  render?: (result: any) => string | string[];
}

/**
 * A recorded host session replayed by `npm run demo`. Steps run in order against one
 * fresh project folder and home folder. Strings in payloads may use `{{project}}` and
 * `{{home}}`; `pathMap` rewrites fixture paths first (e.g. { '/home/dev/proj': '{{project}}' }).
 */
export interface DemoSpec {
  /** the driver that feeds the steps (a plugin's host folder names its fake host); default: command */
  driver?: DemoDriver;
  pathMap?: Record<string, string>;
  env?: Record<string, string>;
  steps: DemoStep[];
}

export interface Artifact {
  id: string;
  /** what it is, in a few words */
  title: string;
  /** repo-relative TypeScript entry (static: the file that is copied) */
  entry: string;
  /**
   * command hooks: the decision code, bundled as the second part of the same file (a block
   * comment the entry imports from when it decides in its own process; build/two-part.mjs)
   */
  decisionEntry?: string;
  /** path relative to the output root (dist/) */
  output: string;
  format: 'es';
  kind: ArtifactKind;
  /** `#!/usr/bin/env node` first line */
  shebang: boolean;
  /** static artifacts: mode 0755 */
  executable?: boolean;
  /** bytes; the build fails above it */
  sizeBudget: number;
  files: ExtraFile[];
  /** one line for the README table */
  install: string;
  /** command artifacts: runtime-matrix cases */
  cases: CommandCase[];
  /** plugin / extension artifacts: calls through the fake host, compared across runtimes */
  calls?: PluginCall[];
  demo?: DemoSpec;
  /**
   * Modules replaced in this artifact's bundle: a `node:` specifier or a repo-relative source
   * file, mapped to the repo-relative file that stands in for it (the Claude mod has no Node
   * built-ins, and starts its person's hooks through the host).
   */
  moduleMap?: Record<string, string>;
  /**
   * whether the minifier renames variables (default true), or names it must never give or take
   * (`{ reserved }`, passed to terser's mangle). A Claude mod's source is read by Claude Code's
   * loader, which refuses a hook whose `$`, `e` or `next` is renamed or shadowed.
   */
  mangle?: boolean | { reserved: string[] };
  /**
   * modules the host itself hands the artifact at run time (Pi maps its own package for
   * extensions); kept external, and allowed only as a literal dynamic import(), so the artifact
   * still loads where the host does not provide them
   */
  hostModules?: string[];
  /** what the host's loader needs of the file, from its folder; build/checks.mjs runs it on the built file */
  loader?: ArtifactLoader;
}

/** A host loader's rules for its artifact file (hosts/<host>/, next to its artifact.mjs). */
export interface ArtifactLoader {
  /** the line the file must start with: build/bundle.mjs writes it first, build/checks.mjs checks it */
  firstLine?: string;
  /** the file imports nothing at all: `check` reports each import, in place of the shared import policy */
  importsNothing?: boolean;
  /** the problems of a file that parses, one line each */
  check(code: string, tools: ArtifactCheckTools, artifact: Artifact): string[] | Promise<string[]>;
}

/** How build/checks.mjs reads a module, handed to a host's loader check. */
export interface ArtifactCheckTools {
  /** the module's syntax tree (a first `#!` line skipped) */
  parse(code: string): any;
  walk(node: any, visit: (node: any) => void): void;
  FUNCTION_NODES: ReadonlySet<string>;
  /** the names a node binds in its scope */
  declaredNames(node: any): string[];
  listExports(code: string): { name: string; local: string | null; isFunction: boolean; reExport: boolean }[];
  /** the default-exported object literal's keys, each with whether its value is a function; null when it is none */
  defaultObjectShape(code: string): Map<string, boolean> | null;
  importedSpecifiers(code: string): (string | null)[];
  /** the problems of a file a host loads as TypeScript */
  loadsAsTypeScript(code: string, fileName: string): Promise<string[]>;
}

/** What build/artifacts.mjs hands a host folder's artifact.mjs (hosts/<host>/artifact.mjs). */
export interface ArtifactKit {
  /** the repository's root folder */
  REPO_ROOT: string;
  /** the size budget of a hook script that carries the whole guard */
  HOOK_SCRIPT_BUDGET: number;
  /** the GUARD_UNAVAILABLE stamp a command artifact answers for a tool payload without a session id */
  NO_SESSION_STAMP: string;
  /** a captured payload's text: test/fixtures/<host>/<name> */
  fixtureText(host: string, name: string): string;
  /** the text of a generated file, keyed by its committed copy (build/host-files.mjs GENERATED) */
  generated(file: string): string;
  /** the context a command artifact hands the model at session start while no contract is armed */
  OBSERVING_CONTEXT: string;
  /** a demo step's lines for a hook answer in the permissionDecision form (top level or under hookSpecificOutput) */
  permissionAnswerLines(r: { exitCode: number; stdout: string; stderr: string }): string[];
  /** a plugin manifest in the shared form (name, version, description, author, license) */
  pluginManifestJson(meta: PackageMeta): string;
  /** the runtime cases and the demo of a hook script that answers in Claude Code's form, with the host's captures */
  hookCases(h: HookHost): CommandCase[];
  hookDemo(h: HookHost): DemoSpec;
  /**
   * the artifact of an extension folder the host's own installer copies: the hook script, the
   * manifest, hooks/hooks.json; cases (context at start, arming, a read, an unknown event, bad
   * input both ways, the fail-closed deny) and the demo (arm review, a blocked write, allow it)
   */
  extensionArtifact(h: ExtensionHookFacts): Artifact;
}

/** What that walk takes from its host: its captures' folder and session, the prompt's own fields, a read, a write, the skill's spelling, a fail-closed deny's exit code. */
export interface HookHost {
  host: string;
  session: string;
  promptFields: Record<string, unknown>;
  startFixture: string;
  read(): string;
  skill: string;
  failClosedExit: number;
  write: { tool: string; fixture: string; target: string };
  demoEnv: Record<string, string>;
}

/** What an extension folder's artifact takes from its host. */
export interface ExtensionHookFacts {
  host: string;
  title: string;
  /** the manifest file the host's installer reads */
  manifest: string;
  /** how to install it, for the artifact table */
  install: string;
  promptEvent: string;
  toolEvent: string;
  /** a prompt payload carrying the text */
  prompt(text: string): Record<string, unknown>;
  /** a captured read payload */
  read(): Record<string, unknown>;
  /** the captured write's fixture file */
  write: string;
  /** the expected answer to a tool call without a session id when failing closed */
  deny(reason: string): Pick<CommandCase, 'exitCode' | 'stdout' | 'stderrIncludes'>;
}
