/**
 * Codex CLI's artifact: the hook script with its hooks.json, the same folder as a Codex plugin
 * (`.codex-plugin/plugin.json`) and the skill; its runtime cases and demo are the kit's hook-script
 * walk with Codex's captures (build/artifacts.mjs collects it from here).
 */

import { hookScript } from '../shared/hook-artifact.mjs';

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */

/**
 * What the hook-script walk takes from Codex: a fail-closed deny is the deny JSON at exit 2.
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').HookHost}
 */
function codexHook(kit) {
  return {
    host: 'codex',
    session: '01a2289a-c971-7a20-a8d5-2f21938f3467',
    promptFields: { transcript_path: null, turn_id: 't1', model: 'gpt-5.5', permission_mode: 'bypassPermissions' },
    startFixture: 'SessionStart.json',
    read: () => JSON.stringify({ ...JSON.parse(kit.fixtureText('codex', 'PreToolUse-Bash.json')), tool_input: { command: 'cat a.txt' } }),
    skill: '$stopline',
    failClosedExit: 2,
    write: { tool: 'apply_patch', fixture: 'test/fixtures/codex/PreToolUse-apply_patch.json', target: 'patch_made.txt' },
    demoEnv: {},
  };
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  return {
    ...hookScript(kit, 'codex', 'Codex CLI hook script + hooks.json'),
    files: [
      { to: 'hooks.json', generate: () => kit.generated('hosts/codex/hooks.json') },
      // the same folder is a Codex plugin (`codex plugin add stopline@stopline` through the
      // repository's .agents/plugins/marketplace.json): Codex reads this manifest, then the
      // hooks.json and skills/ beside it; the hook command finds stopline.mjs through PLUGIN_ROOT.
      // It names the skills folder and the hooks file: Codex would not look for them on its own
      { to: '.codex-plugin/plugin.json', generate: (meta) => JSON.stringify({ ...JSON.parse(kit.pluginManifestJson(meta)), skills: './skills/', hooks: './hooks.json' }, null, 2) + '\n' },
      // Codex loads $CODEX_HOME/skills/<name>/SKILL.md; `$stopline` in a prompt brings it in
      { to: 'skills/stopline/SKILL.md', from: 'skills/stopline/SKILL.md' },
    ],
    install: 'copy hooks.json and stopline.mjs into $CODEX_HOME (default ~/.codex), skills/ into $CODEX_HOME/skills',
    cases: kit.hookCases(codexHook(kit)),
    demo: kit.hookDemo(codexHook(kit)),
  };
}
