/**
 * The credentials coding agents and tools keep, wherever an environment variable moves their
 * folder, however the path is spelled (`file://`, `$CODEX_HOME/…`) and under a backup's or a
 * copy's name: stopped on every host's read tools and shell tools with no contract; the plain
 * settings files beside them stay free.
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
];

/** Settings beside the credentials, and names that only look alike: free. */
const FREE = [
  '~/.codex/config.toml',
  '~/.pi/agent/settings.json',
  '~/.gemini/settings.json',
  `${VARS.CODEX_HOME}/config.toml`,
  `${VARS.XDG_DATA_HOME}/opencode/storage/session.json`,
  '$CODEX_HOME/config.toml',
  'src/models.json',
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
        for (const p of [...AT_HOME.map((x) => `${HOME}/${x}`), ...MOVED, ...SPELLED].map((x) => x.replace(/^~/, HOME))) expect(v(p), p).toBe('deny FLOOR_SECRET_READ');
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
        for (const c of ['cat ~/.codex/config.toml', 'cat "$CODEX_HOME/config.toml"', 'cat src/models.json', 'cp config.json config.json.bak', 'ls ~/.codex']) expect(v(c), c).toBe('allow CONTROL_INACTIVE');
      });
    }
  });
}
