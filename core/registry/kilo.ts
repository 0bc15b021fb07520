/**
 * Kilo Code CLI 7.7.7 (verified; docs/hosts/kilo.md): an OpenCode fork that keeps OpenCode's v1
 * plugin API and loads OpenCode's artifact unchanged. Its events, tools and answer forms are
 * OpenCode 1.18.33's rows, each compared on the real CLI (captured payloads in
 * test/fixtures/kilo/); what differs is the bus event `session.drained`, the names of its
 * folders and what it cannot do that OpenCode can.
 */
import type { HostRegistry } from './types';
import { hostSpec } from './host-specs';
import { opencodeRegistry } from './opencode';
import { eventRow } from './rows';

export const kiloRegistry: HostRegistry = {
  ...opencodeRegistry,
  family: 'kilo',
  displayName: hostSpec('kilo').displayName,
  verifiedVersion: '7.7.7',
  events: [
    ...opencodeRegistry.events,
    eventRow('session.drained', null, null, false, { doors: [] }, 'bus event new in Kilo, after session.idle (captured); the plugin does not need it'),
  ],
  unsupported: [{ canonical: 'notice', why: 'Kilo Code 7.7.7 has no notification event or hook (as OpenCode)' }],
  blindSpots: [
    'The permission.ask plugin hook is OpenCode\'s, with no call site (read in the 7.7.7 binary): a plugin cannot ask, only throw (deny) or allow.',
    'Commands the user runs with `!` in the TUI do not go through tool.execute.before (as OpenCode).',
    'MCP tools are classified unknown (as OpenCode).',
    'A plugin module with any non-factory export fails to load and Kilo continues without it (OpenCode\'s loader: fail open, logged only).',
    '`kilo --pure` or KILO_PURE / KILO_DISABLE_DEFAULT_PLUGINS start Kilo without plugins: the guard is not loaded and cannot say so.',
    'The `event` hook is fire-and-forget: it cannot block.',
    'Context does not reach the model: the plugin\'s no-reply message (the armed contract, a sub-agent\'s contract, the person\'s hooks\' context) is stored in the session, yet Kilo 7.7.7 answers the person\'s message without it (observed); the guard\'s stops do not depend on it.',
  ],
  callRecord: {
    status: 'none',
    why: 'Kilo keeps sessions in SQLite (`$XDG_DATA_HOME/kilo/kilo.db`, `kilo export <id>` prints one); the plugin carries no SQLite reader, and it sees every `tool.execute.before` in Kilo\'s own process',
  },
};

/**
 * Kilo's folders (docs/hosts/kilo.md): the global config folder under `$XDG_CONFIG_HOME`, the
 * project folders it reads plugins from (stopline's project install uses the first), and the
 * plugin folder stopline writes inside each. OpenCode's `.opencode/` is also read by Kilo, so a
 * project install for OpenCode runs under Kilo too.
 */
export const KILO_FOLDERS = {
  config: 'kilo',
  project: ['.kilo', '.kilocode'],
  /** the config files Kilo reads in each folder, in its order */
  configFiles: ['kilo.jsonc', 'kilo.json', 'opencode.jsonc', 'opencode.json'],
  plugin: 'plugin',
  /** the variables that start Kilo without any plugin */
  pureVars: ['KILO_PURE', 'KILO_DISABLE_DEFAULT_PLUGINS'],
} as const;
