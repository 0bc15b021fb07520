/**
 * Claude Code run offline against a fake Anthropic server at `origin`: a dummy key, and no
 * telemetry, error reports, updates, marketplace installs or other traffic of its own. Its own
 * temp files (claude-<uid>/, cc-socks/) go to `tmp`, not the system temp dir. Plain JavaScript:
 * the benchmark (bench/claude-mod.mjs) runs it without a TypeScript loader.
 */
export function claudeOfflineVars(origin, apiKey, tmp) {
  return {
    ANTHROPIC_BASE_URL: origin,
    ANTHROPIC_API_KEY: apiKey,
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_UPDATES: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
    CLAUDE_CODE_ENABLE_TELEMETRY: '0',
    CLAUDE_CODE_TMPDIR: tmp,
  };
}
