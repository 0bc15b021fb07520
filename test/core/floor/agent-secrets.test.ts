/**
 * The credentials coding agents and tools keep, and the settings and MCP server lists where their
 * API keys and tokens are written, wherever an environment variable moves their folder or file,
 * however the path is spelled (`file://`, `$CODEX_HOME/…`) and under a backup's or a copy's name: stopped on every host's read tools and shell tools with no contract. A
 * project's shared settings, a web address and names that only look alike stay free.
 */
import { describe, expect, it } from 'vitest';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { REGISTRIES } from '../../../core/registry/index';
import type { HostRegistry } from '../../../core/registry/types';
import { actingAs, CWD, HOME, judge } from './helpers';

/** Where the hook's environment says each agent keeps its folder in these tests. */
const VARS: Record<string, string> = {
  CODEX_HOME: '/srv/agents/cx',
  CLAUDE_CONFIG_DIR: '/srv/agents/claude-conf',
  GEMINI_CLI_HOME: '/srv/agents/gem-home',
  COPILOT_HOME: '/srv/agents/copilot',
  PI_CODING_AGENT_DIR: '/srv/agents/pi',
  XDG_DATA_HOME: '/srv/data',
  XDG_CONFIG_HOME: '/srv/conf',
  KIMI_CODE_HOME: '/srv/agents/kimi-code',
  CURSOR_DATA_DIR: '/srv/agents/cursor',
  OPENCODE_CONFIG_DIR: '/srv/agents/oc-conf',
  OPENCODE_CONFIG: '/srv/managed/team-opencode.jsonc',
  OPENCODE_DB: '/srv/state/oc.sqlite',
  AMP_SETTINGS_FILE: '/srv/managed/amp-team.json',
  GEMINI_CLI_SYSTEM_SETTINGS_PATH: '/srv/managed/gem-system.json',
};

/** Credential files below HOME, each agent's own, in the folders they use when nothing moves them. */
const AT_HOME = [
  '.codex/auth.json',
  '.codex/secrets/store.age',
  '.codex/.sandbox-secrets/accounts.json',
  '.gemini/a2a-oauth-tokens.json',
  '.gemini/mcp-oauth-tokens.json',
  '.kimi/credentials/kimi-code.json',
  '.kimi/mcp-oauth/docs-server.json',
  '.pi/agent/models.json',
  '.pi/agent/auth.json',
  '.local/share/opencode/opencode.db',
  '.local/share/opencode/mcp-auth.json',
  '.local/share/amp/secrets.json',
  '.cursor/projects/shop-front/mcp-auth.json',
  '.claude/.credentials.json',
  '.kimi-code/server.token',
  '.kimi-code/credentials/kimi-code.json',
  '.amp/oauth/docs-server.json',
  '.copilot/mcp-oauth-config/issues.json',
  '.config/cursor/auth.json',
  '.local/share/opencode/opencode-beta.db',
  '.local/share/opencode/opencode.db-shm',
];

/** Settings and MCP server lists, where keys and tokens are written: below HOME and in a project. */
const SETTINGS = [
  '~/.claude/settings.json',
  '~/.claude/settings.local.json',
  '~/.claude.json',
  '~/.codex/config.toml',
  '~/.codex/ci.config.toml',
  '~/.gemini/settings.json',
  '~/.gemini/config/mcp_config.json',
  '~/.qwen/settings.json',
  '~/.copilot/mcp-config.json',
  '~/.kimi-code/config.toml',
  '~/.kimi/config.json',
  '~/.cursor/mcp.json',
  '~/.config/opencode/opencode.jsonc',
  '~/.config/amp/settings.json',
  '~/.config/amp/amp.json',
  '.mcp.json',
  'tools/.mcp.json',
  '.claude/settings.local.json',
  '.gemini/settings.json',
  '.cursor/mcp.json',
  '.amp/settings.jsonc',
  'opencode.json',
  '/etc/gemini-cli/settings.json',
  '/Library/Application Support/GeminiCli/settings.json',
  '/etc/opencode/opencode.json',
  '/etc/ampcode/managed-settings.json',
  '/Library/Application Support/ampcode/managed-settings.json',
];

/** The same files where the variables of VARS put them, by value and by the variable's own spelling. */
const MOVED = [
  `${VARS.CODEX_HOME}/auth.json`,
  `${VARS.CODEX_HOME}/secrets/entry.age`,
  `${VARS.CLAUDE_CONFIG_DIR}/.credentials.json`,
  `${VARS.GEMINI_CLI_HOME}/.gemini/oauth_creds.json`,
  `${VARS.COPILOT_HOME}/config.json`,
  `${VARS.PI_CODING_AGENT_DIR}/models.json`,
  `${VARS.XDG_DATA_HOME}/opencode/auth.json`,
  `${VARS.XDG_DATA_HOME}/opencode/opencode.db`,
  `${VARS.XDG_CONFIG_HOME}/gh/hosts.yml`,
  '$CODEX_HOME/auth.json',
  '${CODEX_HOME}/.sandbox-secrets/accounts.json',
  '$PI_CODING_AGENT_DIR/models.json',
  '${XDG_DATA_HOME}/opencode/auth.json',
  '$KIMI_SHARE_DIR/credentials/kimi-code.json',
  `${VARS.KIMI_CODE_HOME}/server.token`,
  `${VARS.CURSOR_DATA_DIR}/projects/shop-front/mcp-auth.json`,
  VARS.OPENCODE_DB!,
  `${VARS.OPENCODE_DB}-wal`,
  `${VARS.CLAUDE_CONFIG_DIR}/settings.json`,
  `${VARS.CODEX_HOME}/config.toml`,
  `${VARS.COPILOT_HOME}/mcp-config.json`,
  `${VARS.OPENCODE_CONFIG_DIR}/opencode.json`,
  `${VARS.XDG_CONFIG_HOME}/amp/settings.jsonc`,
  `${VARS.XDG_CONFIG_HOME}/amp/amp.json`,
  VARS.OPENCODE_CONFIG!,
  VARS.AMP_SETTINGS_FILE!,
  VARS.GEMINI_CLI_SYSTEM_SETTINGS_PATH!,
  '$CODEX_HOME/config.toml',
  '${CLAUDE_CONFIG_DIR}/settings.local.json',
];

/** Addresses and copies of files the table already names. */
const SPELLED = [
  `file://${HOME}/.kube/config`,
  `file://localhost${HOME}/.ssh/id_ed25519`,
  `file://${CWD}/.env`,
  '~/.kube/config.bak',
  '~/.kube/config-old',
  `${HOME}/.docker/config.json.old`,
  `${HOME}/.docker/config.json~`,
  '~/.codex/auth.json.backup',
  'credentials-old',
  '.npmrc.orig',
  '.netrc.save',
  'id_ed25519 copy',
  'deploy_rsa copy 2',
  '.env.production copy',
  '.mcp.json.orig',
  '~/.cursor/mcp.json.bak',
];

/**
 * A project's shared settings (committed to be read), settings that hold no key, the agents' logs and session files, web addresses and names that only look
 * alike: free.
 */
const FREE = [
  '.claude/settings.json',
  '~/.pi/agent/settings.json',
  '~/.codex/sessions/2026/rollout.jsonl',
  `${VARS.XDG_DATA_HOME}/opencode/storage/session.json`,
  `${VARS.XDG_DATA_HOME}/opencode/logs/run.db`,
  'docs/mcp.json',
  'settings.json',
  'src/opencode.json.ts',
  'https://example.com/team/.npmrc',
  'HTTP://example.com/keys/id_ed25519',
  'src/models.json',
  'amp.json',
  'web/amp.json',
  'managed-settings.json',
  'config.bak',
  'notes.old',
  'file:///w/p/src/a.ts',
];

function action(registry: HostRegistry, tool: string, input: unknown, vars: Record<string, string>) {
  return analyzeToolCall(registry, tool, input, { cwd: CWD, home: HOME, vars });
}

const out = (r: { outcome: string; reasonCode: string }) => `${r.outcome} ${r.reasonCode}`;


for (const registry of Object.values(REGISTRIES)) {
  describe(registry.displayName, () => {
    const readTools = registry.tools.filter((t) => actingAs(t, 'read') !== null && (t.pathFields?.length ?? 0) > 0);
    for (const t of readTools) {
      const f = t.pathFields![0]!;
      const as = actingAs(t, 'read')!;
      it(`${t.name}.${f}: agent credentials, moved folders, addresses and copies are stopped; settings are not`, () => {
        const v = (p: string) => out(judge(action(registry, t.name, { ...as, [f]: p }, VARS)));
        // not every host's read tool expands `~`: the paths are written out
        for (const p of [...AT_HOME.map((x) => `${HOME}/${x}`), ...MOVED, ...SPELLED, ...SETTINGS].map((x) => x.replace(/^~/, HOME))) expect(v(p), p).toBe('deny FLOOR_SECRET_READ');
        for (const p of FREE.map((x) => x.replace(/^~/, HOME))) expect(v(p), p).toBe('allow CONTROL_INACTIVE');
      });
    }
    for (const t of registry.tools.filter((x) => actingAs(x, 'shell') !== null && x.commandField)) {
      const f = t.commandField ?? 'command';
      const as = actingAs(t, 'shell')!;
      it(`${t.name}: reading them from the shell is stopped, with the variable set in the environment, in the command or not at all`, () => {
        const v = (c: string, vars = VARS) => out(judge(action(registry, t.name, { ...as, [f]: c }, vars)));
        for (const p of [...AT_HOME.map((x) => `~/${x}`), ...MOVED.filter((x) => !x.startsWith('$'))]) {
          expect(v(`cat ${p}`), p).toBe('deny FLOOR_SECRET_READ');
          expect(v(`head -c 200 ${p.startsWith('~') ? p : `'${p}'`}`), p).toBe('deny FLOOR_SECRET_READ');
        }
        for (const p of MOVED.filter((x) => x.startsWith('$'))) {
          expect(v(`cat "${p}"`), p).toBe('deny FLOOR_SECRET_READ');
          expect(v(`cat "${p}"`, {}), `${p} unset`).toBe('deny FLOOR_SECRET_READ');
        }
        expect(v('CODEX_HOME=/elsewhere; cat "$CODEX_HOME/auth.json"', {})).toBe('deny FLOOR_SECRET_READ');
        expect(v('export XDG_DATA_HOME=/x/d && base64 "$XDG_DATA_HOME/opencode/auth.json"', {})).toBe('deny FLOOR_SECRET_READ');
        for (const p of ['~/.kube/config.bak', '~/.docker/config.json.old', 'credentials-old', '"id_ed25519 copy"']) expect(v(`cat ${p}`), p).toBe('deny FLOOR_SECRET_READ');
        for (const p of SETTINGS) expect(v(`cat ${p.includes(' ') ? `'${p}'` : p}`), p).toBe('deny FLOOR_SECRET_READ');
        expect(v('jq .mcpServers ~/.claude.json')).toBe('deny FLOOR_SECRET_READ');
        expect(v('grep -n token "$CODEX_HOME/config.toml"', {})).toBe('deny FLOOR_SECRET_READ');
        for (const c of ['cat .claude/settings.json', 'cat src/models.json', 'cp config.json config.json.bak', 'ls ~/.codex', 'ls -l ~/.claude.json', 'test -f .mcp.json', 'curl -fsS https://example.com/team/.npmrc -o /dev/null']) expect(v(c), c).toBe('allow CONTROL_INACTIVE');
      });
    }
  });
}
