/**
 * The hosts stopline supports, one spec each: the one list every other host list is derived
 * from (the protocol's host families, the hook dialects, `stopline install` targets, doctor's
 * binaries, the support matrix's columns, the guard bridge's dialects and usage text, the hook
 * files the artifacts ship). The order here is the order people see them in (matrix columns,
 * usage lines).
 *
 * This file imports nothing: core/protocol.ts takes HOST_FAMILIES from it, and every artifact
 * carries it, so it holds short data only (a host's tables live in core/registry/<host>.ts, its
 * install code in hosts/cli/install/host-<host>.ts or, for a host laid out in its own folder,
 * hosts/<host>/install.ts).
 */

export interface HostSpec {
  /** the host family: the `--host`, `stopline install <name>` and matrix name */
  readonly name: string;
  /** the name people know the host by (the matrix heading, HostRegistry.displayName) */
  readonly displayName: string;
  /** the CLI program doctor looks for on PATH and asks for `--version` */
  readonly binary: string;
  /**
   * The subcommands of `binary` the shell analysis knows (core/analysis/host-clis.ts): `self` changes
   * what stopline protects (plugins, hooks, settings, the host's own install), `read` only prints,
   * `unknown` acts beyond what a hook sees. Facts from the host's `--help` at the pinned version
   * (docs/hosts/). Absent: the host's command line is unknown as a whole.
   */
  readonly cli?: CliTable;
  /**
   * The artifact the host loads: an id in build/artifacts.mjs. Absent: the host's own, named after
   * it; a fork that loads its parent's plugin unchanged names the parent's.
   */
  readonly artifact?: string;
  /**
   * How a plugin tells that this host loaded it, for a host that loads another host's artifact
   * (`artifact`) in its own process: an environment variable the host sets to its own process id
   * (a copy inherited by a child process never matches that child's pid), and the one holding the
   * host's version.
   */
  readonly loadedBy?: { readonly pidVar: string; readonly versionVar: string };
  /**
   * How the host runs its artifact: `command-hook` a process per event (payload on stdin, answer on
   * stdout and the exit code), `plugin` a module loaded into the host's own process, `shim` a
   * plugin of the host's language that hands each event to one stopline process it keeps.
   */
  readonly door: 'command-hook' | 'plugin' | 'shim';
  /**
   * The host's own hook files, which stopline can import and run (the person's hooks): the
   * dialect of those files, named after the host. Absent for hosts whose extensions are code
   * (OpenCode, Pi): their hooks are not files stopline reads.
   */
  readonly hooks?: {
    /** the host as the hook diagnostics name it */
    readonly label: string;
    /** its shorter name, where a diagnostic names it twice or beside its own product (`Claude`, `Vibe`); default: label */
    readonly short?: string;
    /** seconds the host gives a hook handler that sets none, on an event without its own row value */
    readonly defaultTimeoutSec: number;
  };
  /** Where the host keeps what stopline installs or what can switch it off (HostLayout). */
  readonly layout: HostLayout;
  /**
   * Where the host's artifact keeps stopline's data folder when nothing else names one (the
   * adapter's `host.dataDir`): paths below the user folder, a last segment ending in `*` standing
   * for any rest of the name; and why a person's terminal views read it (`stopline status`).
   */
  readonly data?: { readonly dirs: readonly string[]; readonly why: string };
  /**
   * How `stopline guard --host <name>` takes the host's payload, as its usage text says it:
   * `{tool:before}` and the like stand for the host's name of that canonical event, `{oneOf}` for
   * the hook names the bridge accepts (`"a"|"b"`). Absent: the dialect is accepted, not described.
   */
  readonly guardInput?: string;
  /** The host whose tool input fields are the canonical ones (stopline's native guard form and the payload universal hooks read). */
  readonly canonicalFields?: true;
  /** The hook registration file the host's artifact ships, rendered from its event rows (ShippedHookFile). */
  readonly shipped?: ShippedHookFile;
  /** The guard holds on this host with limits its install section tells (the README's host list points there). */
  readonly limited?: true;
  /** Variables the host sets for its artifact that change what it does (a data folder, an attended session, a pure run): doctor's probe drops them from the person's environment. */
  readonly probeDrops?: readonly string[];
  /** What the person's tooling says of this host in its help, each joined with the other hosts' in HOST_SPECS order. */
  readonly help?: {
    /** the host's own setting `stopline install --fail closed` writes, besides failMode in stopline.json */
    readonly failClosed?: string;
    /** what `stopline uninstall` takes back from the host besides the files and the hook entries */
    readonly uninstalls?: string;
    /** `stopline install --after-evidence` registers the host's after-tool event (its planner's `afterEvidence`, which a test holds to this) */
    readonly afterEvidence?: true;
    /** what `stopline doctor` reads to see the artifact registered with the host (hosts sharing one are named together) */
    readonly doctorRegistered?: string;
    /** what `stopline doctor` checks that the host would run it; `{host}` marks the host's name, else it leads */
    readonly doctorRuns?: string;
  };
}

/**
 * A hook registration file an artifact ships, rendered from the host's event rows by
 * hosts/cli/install/hook-files.ts; its committed copy is hosts/<host>/<file>. The rows are every
 * row with an install column but the observe-only ones (a shipped file cannot know whether the
 * person's hooks need those), or for `yaml` the rows of the plugin door.
 */
export interface ShippedHookFile {
  readonly file: string;
  /**
   * `groups`: `{"hooks": {<event>: [{matcher?, hooks: [{type, command, timeout}]}]}}`, seconds;
   * `named-groups`: the same without matchers, each handler named, timeouts in milliseconds;
   * `flat`: `{"version": 1, "hooks": {<event>: [{type, bash, timeoutSec}]}}`;
   * `toml`: one `[[hooks]]` table of event, command and timeout per row;
   * `yaml`: a plugin manifest whose `provides_hooks` lists the rows.
   */
  readonly format: 'groups' | 'named-groups' | 'flat' | 'toml' | 'yaml';
  /** the shell text of every handler: `{runtime}` the first JS runtime on PATH, `{event}` the row's event name */
  readonly command?: string;
  /** the file's lines before its rows (TOML comments, the YAML manifest's fields) */
  readonly head?: readonly string[];
  /** a source file of the artifact that lists the same rows in a tuple from its `start` line through the next line that is only `)` */
  readonly tuple?: { readonly file: string; readonly start: string };
}

/** What a host keeps in its folder for its shipped hook file (hosts/<host>/hook-file.ts): code the registry cannot hold. */
export interface HookFileParts {
  /** shell text put in front of every handler's command */
  readonly commandPrefix?: string;
  /** the JSON document's fields before `hooks` */
  readonly fields?: Readonly<Record<string, unknown>>;
}

/**
 * The places of one host a change to which can switch the guard off, loosen it or go around it:
 * what stopline's installer writes there, what the host's own plugin system writes, and the
 * settings that can turn hooks off. core/paths/self-paths.ts protects all of them; the installer
 * finds the host's folder through `dir` and `env`; the floor treats `secrets` as credentials.
 * A path may carry `{a,b}` choices (`plugin{,s}/stopline.js`), expanded by expandLayoutPath.
 */
export interface HostLayout {
  /** the host's user folder below HOME when no variable moves it ('' is HOME itself) */
  readonly dir: string;
  /**
   * The variables that move the folder, the first set to an absolute path wins: `VAR` names the
   * folder itself, `VAR/sub` a folder that holds it at `sub` (GEMINI_CLI_HOME stands for HOME).
   */
  readonly env?: readonly string[];
  /** a moved folder leaves the default one protected too (the host still reads it) */
  readonly keepDefault?: true;
  /** paths below the user folder */
  readonly user?: readonly string[];
  /** paths below the project folder */
  readonly project?: readonly string[];
  /** paths below HOME itself, wherever the folder moved */
  readonly home?: readonly string[];
  /**
   * Absolute paths outside the home (managed and system settings), each on the platform whose
   * spelling it has; `VAR=path`: the variable's value when set, else the path (empty: none).
   */
  readonly system?: readonly string[];
  /** the files below the user folder that hold sign-in tokens or API keys */
  readonly secrets?: readonly string[];
  /** the settings below the user folder where a person writes API keys or MCP servers' tokens */
  readonly settings?: readonly string[];
  /** settings files of that kind in any folder named like the user folder's last segment (a project's copy among them) */
  readonly namedSettings?: readonly string[];
  /** settings files of that kind wherever they lie: by name alone (`x.json`) or by their folder's name and their own (`folder/x.json`, a system-wide copy) */
  readonly anySettings?: readonly string[];
  /** variables that name one settings file of that kind itself */
  readonly settingsVars?: readonly string[];
  /** variables that name one file holding sign-in tokens (a database: its write-ahead and shared-memory files too) */
  readonly secretVars?: readonly string[];
  /**
   * Folders below HOME, other than the user folder, where the host or its maker keeps tokens or
   * settings of that kind (a sibling product's folder, the XDG folders), each with the variable
   * that moves it. Read by the floor's secret table only: nothing here switches the guard off.
   * `rank`: the variable is one the shell analysis resolves from the hook's environment
   * (core/paths/self-paths.ts pathVars), and where it stands among the other folders' variables,
   * lowest first: a path below two of them is named by the first (core/analysis/secrets.ts), so a
   * folder with credentials ranks 1, before a folder with settings only, 2, and the stronger stamp
   * wins. Without one it is a shared XDG folder, which the analysis resolves with the others of its kind.
   */
  readonly otherFolders?: readonly { readonly env: string; readonly home: string; readonly secrets?: readonly string[]; readonly settings?: readonly string[]; readonly rank?: 1 | 2 }[];
}

/** A command line's subcommands, word by word (HostSpec.cli). */
export type CliKind = 'read' | 'self' | 'unknown';
export interface CliTable {
  readonly [sub: string]: CliKind | CliTable;
}

// listing and showing plugins is free; everything that installs, removes, enables, disables,
// updates or configures them rewrites the plugin folders or the settings that list them
const MARKETPLACE: CliTable = { add: 'self', remove: 'self', rm: 'self', update: 'self', upgrade: 'self', list: 'read', help: 'read' };

const CLAUDE_PLUGIN: CliTable = {
  install: 'self', i: 'self', uninstall: 'self', remove: 'self', enable: 'self', disable: 'self', update: 'self',
  configure: 'self', prune: 'self', autoremove: 'self', 'restore-set-aside': 'self', marketplace: MARKETPLACE,
  list: 'read', details: 'read', help: 'read',
  // init/new scaffold a plugin where they are told; eval, tag and test run things
  init: 'unknown', new: 'unknown', eval: 'unknown', tag: 'unknown', test: 'unknown', validate: 'unknown',
};
const CLAUDE_CLI: CliTable = {
  plugin: CLAUDE_PLUGIN,
  plugins: CLAUDE_PLUGIN,
  // `claude mcp add|remove` write ~/.claude.json or the project settings; list and get start the servers to check them
  mcp: { add: 'self', 'add-json': 'self', 'add-from-claude-desktop': 'self', remove: 'self', 'reset-project-choices': 'self', help: 'read' },
  config: { set: 'self', add: 'self', remove: 'self', get: 'read', list: 'read', ls: 'read', help: 'read' },
  // install and update replace Claude Code itself and record the install in ~/.claude.json; import copies settings in
  install: 'self', update: 'self', upgrade: 'self', import: 'self',
};

const CODEX_CLI: CliTable = {
  plugin: { add: 'self', remove: 'self', marketplace: MARKETPLACE, list: 'read', help: 'read' },
  // mcp servers and feature flags live in config.toml, which also trusts the hooks
  mcp: { add: 'self', remove: 'self', list: 'read', get: 'read', help: 'read' },
  features: { enable: 'self', disable: 'self', list: 'read', help: 'read' },
  completion: 'read',
};

const GEMINI_EXTENSIONS: CliTable = {
  install: 'self', uninstall: 'self', update: 'self', disable: 'self', enable: 'self', link: 'self', config: 'self', settings: 'self',
  list: 'read', help: 'read', new: 'unknown', validate: 'unknown',
};
const GEMINI_CLI: CliTable = {
  extensions: GEMINI_EXTENSIONS,
  extension: GEMINI_EXTENSIONS,
  // hooks and MCP servers are kept in settings.json
  hooks: { migrate: 'self', enable: 'self', disable: 'self', help: 'read' },
  hook: { migrate: 'self', enable: 'self', disable: 'self', help: 'read' },
  mcp: { add: 'self', remove: 'self', help: 'read' },
};

const QWEN_CLI: CliTable = {
  extensions: { ...GEMINI_EXTENSIONS, sources: 'unknown' },
  // every hooks form edits or shows settings.json's hooks: the table of its forms is not known, so any one changes them
  hooks: 'self',
  mcp: { add: 'self', remove: 'self', approve: 'self', reject: 'self', help: 'read' },
};

const OPENCODE_CLI: CliTable = {
  // `opencode plugin <module>` installs a plugin and adds it to opencode.json; uninstall removes opencode and its files
  plugin: 'self', plugins: 'self', uninstall: 'self', upgrade: 'self',
  mcp: { add: 'self', remove: 'self', help: 'read' },
  models: 'read', completion: 'read',
};

const COPILOT_CLI: CliTable = {
  plugin: { install: 'self', uninstall: 'self', update: 'self', enable: 'self', disable: 'self', marketplace: MARKETPLACE, list: 'read', help: 'read' },
  // `copilot config KEY VALUE` writes settings.json (hooks, plugins); `copilot config KEY` and --list print
  config: 'self',
  mcp: { add: 'self', remove: 'self', list: 'read', help: 'read' },
  update: 'self', help: 'read', version: 'read', completion: 'read',
};

const DROID_CLI: CliTable = {
  plugin: { install: 'self', i: 'self', uninstall: 'self', remove: 'self', update: 'self', marketplace: MARKETPLACE, list: 'read', help: 'read' },
  mcp: { add: 'self', remove: 'self', list: 'read', help: 'read' },
  update: 'self',
};

const HERMES_CLI: CliTable = {
  plugins: { install: 'self', update: 'self', remove: 'self', rm: 'self', uninstall: 'self', enable: 'self', disable: 'self', list: 'read', ls: 'read' },
  // `hooks test` fires the hooks with a made-up event: a forged payload for stopline's hook
  hooks: { list: 'read', ls: 'read', test: 'self', revoke: 'self', remove: 'self', rm: 'self', doctor: 'read' },
  config: { show: 'read', get: 'read', path: 'read', 'env-path': 'read', check: 'read', set: 'self', unset: 'self', edit: 'self', migrate: 'self' },
  setup: 'self', update: 'self', uninstall: 'self',
};

const PI_CLI: CliTable = {
  install: 'self', remove: 'self', uninstall: 'self', update: 'self', config: 'self', list: 'read',
};

export const HOST_SPECS = [
  // Claude Code sets CLAUDE_PLUGIN_ROOT for a plugin's hooks (hosts/claude/hook-file.ts adds the mod's guard and the module)
  { name: 'claude', displayName: 'Claude Code', binary: 'claude', cli: CLAUDE_CLI, door: 'command-hook', hooks: { label: 'Claude Code', short: 'Claude', defaultTimeoutSec: 600 }, layout: { dir: '.claude', env: ['CLAUDE_CONFIG_DIR'], keepDefault: true, user: ['plugins', 'settings.json', '.claude.json'], project: ['.claude/settings{,.local}.json'], home: ['.claude.json'], system: ['/etc/claude-code', '/Library/Application Support/ClaudeCode', 'C:\\Program Files\\ClaudeCode'], secrets: ['.credentials.json'], settings: ['settings.json', 'settings.local.json', '.claude.json'], namedSettings: ['settings.local.json'], anySettings: ['.claude.json'] }, data: { dirs: ['plugins/data/stopline', 'plugins/data/stopline-*'], why: 'Claude Code plugin data (CLAUDE_PLUGIN_DATA)' }, guardInput: 'a Claude Code hook payload ({tool:before}, {prompt:submit}, {session:start}, …)', canonicalFields: true, shipped: { file: 'hooks.json', format: 'groups', command: 'exec {runtime} "${CLAUDE_PLUGIN_ROOT}/stopline.mjs"' }, probeDrops: ['CLAUDE_PLUGIN_DATA', 'CLAUDE_CODE_SESSION_ATTENDED'], help: { failClosed: 'Claude onFailure "block"', afterEvidence: true, doctorRegistered: 'hooks' } },
  // Codex sets PLUGIN_ROOT for a plugin's hooks; a hooks.json copied into CODEX_HOME has none
  { name: 'codex', displayName: 'Codex CLI', binary: 'codex', cli: CODEX_CLI, door: 'command-hook', hooks: { label: 'Codex', defaultTimeoutSec: 600}, layout: { dir: '.codex', env: ['CODEX_HOME'], user: ['stopline.mjs', 'hooks.json', 'config.toml', 'plugins'], project: ['.codex'], secrets: ['auth.json', '.credentials.json', 'secrets', '.sandbox-secrets'], settings: ['config.toml', '*.config.toml'] }, guardInput: 'a Codex CLI hook payload', shipped: { file: 'hooks.json', format: 'groups', command: 'exec {runtime} "${PLUGIN_ROOT:-${CODEX_HOME:-$HOME/.codex}}/stopline.mjs"' }, help: { uninstalls: 'the Codex trust entries', afterEvidence: true, doctorRegistered: 'hooks', doctorRuns: 'trust entries present and matching' } },
  // OpenCode's database (every channel's, `opencode-nightly.db`, with its write-ahead files) holds the console account's access and refresh tokens
  { name: 'opencode', displayName: 'OpenCode', binary: 'opencode', cli: OPENCODE_CLI, door: 'plugin', layout: { dir: '.config', env: ['XDG_CONFIG_HOME'], user: ['opencode/plugin{,s}/stopline.js', 'opencode/opencode.json{,c}'], project: ['.opencode/plugin{,s}/stopline.js', '{,.opencode/}opencode.json{,c}'], anySettings: ['opencode.json', 'opencode.jsonc', 'opencode/opencode.json'], settingsVars: ['OPENCODE_CONFIG'], secretVars: ['OPENCODE_DB'], otherFolders: [{ env: 'OPENCODE_CONFIG_DIR', home: '.config/opencode', settings: ['opencode.json', 'opencode.jsonc'], rank: 2 }, { env: 'XDG_CONFIG_HOME', home: '.config', settings: ['opencode/opencode.json', 'opencode/opencode.jsonc'] }, { env: 'XDG_DATA_HOME', home: '.local/share', secrets: ['opencode/auth.json', 'opencode/mcp-auth.json', 'opencode/opencode*.db*'] }] }, guardInput: '{"hook":{oneOf},"input":{…},"output":{…},"cwd":"/abs/project"}', probeDrops: ['OPENCODE_PURE'], help: { doctorRuns: 'the {host} file exporting only the plugin' } },
  // Hermes reads only these fields of plugin.yaml; hooks exist only through ctx.register_hook in the shim
  { name: 'hermes', displayName: 'Hermes Agent', binary: 'hermes', cli: HERMES_CLI, door: 'shim', hooks: { label: 'Hermes', defaultTimeoutSec: 60}, layout: { dir: '.hermes', env: ['HERMES_HOME'], user: ['plugins/stopline', 'config.yaml', '.env'], secrets: ['auth.json'] }, data: { dirs: ['stopline'], why: 'Hermes Agent (the profile in HERMES_HOME)' }, guardInput: 'Hermes hook keyword arguments plus "hook_event_name" ({tool:before}, {prompt:submit}, …) and "cwd", or a Hermes shell-hook payload', shipped: { file: 'plugin.yaml', format: 'yaml', head: ['# stopline for Hermes Agent. Hermes reads only the fields below; hooks exist only through', '# ctx.register_hook in __init__.py (provides_hooks is informational).', 'name: stopline', 'version: "0.1.0"', "description: Task-contract guard - every tool call, prompt and session event is decided by stopline's JS evaluator", 'author: stopline', '# explicit, so Hermes never guesses the kind from the text of __init__.py', 'kind: standalone', 'manifest_version: 1', 'provides_hooks:'], tuple: { file: '__init__.py', start: 'HOOKS = (' } }, help: { uninstalls: 'the Hermes plugins.enabled item', doctorRegistered: 'plugins.enabled', doctorRuns: 'not disabled' } },
  { name: 'pi', displayName: 'Pi', binary: 'pi', cli: PI_CLI, door: 'plugin', layout: { dir: '.pi/agent', env: ['PI_CODING_AGENT_DIR'], user: ['extensions/stopline.ts', 'extensions/skills/stopline', 'settings.json', 'npm'], project: ['.pi/extensions/stopline.ts', '.pi/extensions/skills/stopline', '.pi/settings.json'], secrets: ['auth.json', 'models.json'] }, guardInput: '{"event":{"type":{oneOf},…},"ctx":{"sessionId":"…","cwd":"/abs/project"}}', help: { doctorRuns: 'not only in an untrusted project folder' } },
  // Gemini CLI puts the extension's folder in for ${extensionPath}, and dedupes and disables hooks by name
  { name: 'gemini', displayName: 'Gemini CLI', binary: 'gemini', cli: GEMINI_CLI, door: 'command-hook', hooks: { label: 'Gemini CLI', defaultTimeoutSec: 60}, layout: { dir: '.gemini', env: ['GEMINI_CLI_HOME/.gemini'], user: ['stopline', 'settings.json', 'extensions', '.env'], project: ['.gemini/{.env,extensions,settings.json,stopline}'], system: ['GEMINI_CLI_SYSTEM_SETTINGS_PATH=/etc/gemini-cli/settings.json'], secrets: ['oauth_creds.json', 'mcp-oauth-tokens.json', 'a2a-oauth-tokens.json', 'gemini-credentials.json'], settings: ['settings.json', 'google_accounts.json', 'config/mcp_config.json', 'config/hooks.json'], namedSettings: ['settings.json'], anySettings: ['gemini-cli/settings.json', 'geminicli/settings.json'], settingsVars: ['GEMINI_CLI_SYSTEM_SETTINGS_PATH'] }, guardInput: 'a Gemini CLI hook payload ({tool:before}, {prompt:submit}, {session:start}, …)', shipped: { file: 'hooks.json', format: 'named-groups', command: 'exec {runtime} "${extensionPath}/stopline.mjs"' } },
  // Qwen Code puts the extension's folder in for ${CLAUDE_PLUGIN_ROOT}
  { name: 'qwen', displayName: 'Qwen Code', binary: 'qwen', cli: QWEN_CLI, door: 'command-hook', hooks: { label: 'Qwen Code', defaultTimeoutSec: 60}, layout: { dir: '.qwen', env: ['QWEN_HOME'], user: ['stopline', 'settings.json', 'extensions/stopline', 'extension-store', '.env'], project: ['.qwen/{.env,settings.json,stopline}'], system: ['QWEN_CODE_SYSTEM_SETTINGS_PATH=/etc/qwen-code/settings.json'], secrets: ['oauth_creds.json'], settings: ['settings.json'], namedSettings: ['settings.json'], settingsVars: ['QWEN_CODE_SYSTEM_SETTINGS_PATH'] }, guardInput: 'a Qwen Code hook payload ({tool:before}, {prompt:submit}, {session:start}, …)', shipped: { file: 'hooks.json', format: 'groups', command: 'exec {runtime} "${CLAUDE_PLUGIN_ROOT}/stopline.mjs"' } },
  // GitHub's editor Copilot keeps its sign-in tokens in the XDG config folder
  // Copilot sets COPILOT_PLUGIN_ROOT; its camelCase payload does not name the event, so the command passes it
  { name: 'copilot', displayName: 'GitHub Copilot CLI', binary: 'copilot', cli: COPILOT_CLI, door: 'command-hook', hooks: { label: 'Copilot', defaultTimeoutSec: 30 }, layout: { dir: '.copilot', env: ['COPILOT_HOME'], user: ['stopline', 'hooks/stopline.json', 'settings.json'], project: ['.github/hooks/stopline{.json,}'], secrets: ['config.json', 'mcp-secrets', 'mcp-oauth-config'], settings: ['mcp-config.json'], otherFolders: [{ env: 'XDG_CONFIG_HOME', home: '.config', secrets: ['github-copilot/hosts.json', 'github-copilot/apps.json'] }] }, guardInput: 'a GitHub Copilot CLI hook payload with "hook_event_name" ({tool:before}, {prompt:submit}, {session:start}, …)', shipped: { file: 'hooks.json', format: 'flat', command: 'exec {runtime} "${COPILOT_PLUGIN_ROOT}/stopline.mjs" {event}' } },
  // Droid replaces ${DROID_PLUGIN_ROOT} in a plugin's command text with the plugin's installed folder
  { name: 'droid', displayName: 'Factory Droid', binary: 'droid', cli: DROID_CLI, door: 'command-hook', hooks: { label: 'Droid', defaultTimeoutSec: 60 }, layout: { dir: '.factory', env: ['FACTORY_HOME_OVERRIDE/.factory'], user: ['stopline', 'hooks.json', 'settings.json', 'plugins'], project: ['.factory/{hooks.json,settings.json,stopline}'], secrets: ['auth.json'] }, guardInput: 'a Factory Droid hook payload ({tool:before}, {prompt:submit}, {session:start}, …)', shipped: { file: 'hooks.json', format: 'groups', command: 'exec {runtime} "${DROID_PLUGIN_ROOT}/stopline.mjs"' } },
  { name: 'cline', displayName: 'Cline CLI', binary: 'cline', door: 'command-hook', layout: { dir: '.cline', user: ['hooks', 'stopline'], project: ['.clinerules/hooks', '.cline/{hooks,stopline}'], home: ['Documents/Cline/Hooks'] }, limited: true },
  // a second Kimi product keeps its sign-in and settings beside Kimi Code's (KIMI_CODE_HOME)
  // Kimi runs a hook with `sh -c` and expands nothing itself: the shell finds the script where `stopline install kimi` puts it
  { name: 'kimi', displayName: 'Kimi Code', binary: 'kimi', door: 'command-hook', hooks: { label: 'Kimi Code', defaultTimeoutSec: 30 }, layout: { dir: '.kimi', env: ['KIMI_SHARE_DIR'], user: ['stopline', 'config.toml'], secrets: ['credentials', 'mcp-oauth'], settings: ['config.toml', 'config.json', 'mcp.json'], namedSettings: ['mcp.json'], anySettings: ['.kimi-code/mcp.json'], otherFolders: [{ env: 'KIMI_CODE_HOME', home: '.kimi-code', secrets: ['credentials', 'server.token', 'mcp-oauth'], settings: ['config.toml', 'mcp.json'], rank: 1 }] }, shipped: { file: 'hooks.toml', format: 'toml', command: 'exec {runtime} "${KIMI_SHARE_DIR:-$HOME/.kimi}/stopline/stopline.mjs"', head: ['# stopline for Kimi Code: append these tables to ~/.kimi/config.toml (Kimi reads hooks only', '# there) and copy stopline.mjs to ~/.kimi/stopline/, or run `stopline install kimi`.', ''] } },
  { name: 'kilo', displayName: 'Kilo Code', binary: 'kilo', door: 'plugin', artifact: 'opencode', loadedBy: { pidVar: 'KILO_PID', versionVar: 'KILOCODE_VERSION' }, layout: { dir: '.config/kilo', env: ['XDG_CONFIG_HOME/kilo'], user: ['plugin{,s}/stopline.js', '{kilo,opencode}.json{,c}'], project: ['.kilo{,code}/{plugin{,s}/stopline.js,{kilo,opencode}.json{,c}}'], system: ['{/etc/kilo,/Library/Application Support/kilo}/{plugin{,s}/stopline.js,{kilo,opencode}.json{,c}}'] } },
  { name: 'openhands', displayName: 'OpenHands', binary: 'openhands', door: 'command-hook', hooks: { label: 'OpenHands', defaultTimeoutSec: 60 }, layout: { dir: '.openhands', user: ['hooks.json', 'stopline'], project: ['.openhands/{hooks.json,stopline}'] }, guardInput: 'an OpenHands hook payload with "event_type" ({tool:before}, {prompt:submit}, {session:start}, …) and "working_dir"' },
  { name: 'openclaw', displayName: 'OpenClaw', binary: 'openclaw', door: 'plugin', layout: { dir: '.openclaw', env: ['OPENCLAW_STATE_DIR', 'OPENCLAW_HOME/.openclaw'], user: ['stopline', 'openclaw.json', 'extensions', '.env'], system: ['OPENCLAW_CONFIG_PATH='] } },
  { name: 'vibe', displayName: 'Mistral Vibe', binary: 'vibe', door: 'command-hook', hooks: { label: 'Mistral Vibe', short: 'Vibe', defaultTimeoutSec: 60 }, layout: { dir: '.vibe', env: ['VIBE_HOME'], user: ['stopline', 'hooks.toml', 'config.toml', 'trusted_folders.toml'], project: ['.vibe/{hooks.toml,stopline}'] } },
] as const satisfies readonly HostSpec[];

type Spec = (typeof HOST_SPECS)[number];

/** A supported host's family name. */
export type HostName = Spec['name'];
/** The hosts whose own hook files are a dialect of the person's hooks. */
export type HookDialect = Extract<Spec, { hooks: object }>['name'];

export const HOST_NAMES: readonly HostName[] = HOST_SPECS.map((s) => s.name);

/** The host whose tool input fields are the canonical ones (`canonicalFields`): how a tool call given without a host is read. */
export const CANONICAL_HOST: HostName = HOST_SPECS.find((s: HostSpec) => s.canonicalFields)!.name as HostName;

/** The host families of ControlEvent: every host, and `guard` (the bridge a harness calls). */
export const HOST_FAMILIES: readonly (HostName | 'guard')[] = [...HOST_NAMES, 'guard'];
export type HostFamily = HostName | 'guard';

/** The hosts with a hook-file dialect, in HOST_SPECS order. */
export const HOOK_DIALECTS: readonly HookDialect[] = HOST_SPECS.flatMap((s: HostSpec) => (s.hooks ? [s.name as HookDialect] : []));

/** A layout path with its `{a,b}` choices spelled out, in order (choices may nest). */
export function expandLayoutPath(path: string): string[] {
  const open = path.indexOf('{');
  if (open < 0) return [path];
  let depth = 0;
  let start = open + 1;
  const choices: string[] = [];
  for (let i = open; i < path.length; i++) {
    const c = path[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      choices.push(path.slice(start, i));
      const head = path.slice(0, open);
      const tails = expandLayoutPath(path.slice(i + 1));
      return choices.flatMap((choice) => expandLayoutPath(choice).flatMap((x) => tails.map((t) => head + x + t)));
    } else if (c === ',' && depth === 1) {
      choices.push(path.slice(start, i));
      start = i + 1;
    }
  }
  return [path];
}

/** One host's spec by name. */
export function hostSpec(name: HostName): HostSpec {
  return HOST_SPECS.find((s) => s.name === name)!;
}
