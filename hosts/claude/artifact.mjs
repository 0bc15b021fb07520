/**
 * Claude Code's artifacts: the plugin folder (the hook script, .claude-plugin/plugin.json,
 * hooks/hooks.json and the skill), whose runtime cases and demo are the kit's hook-script walk
 * with Claude's captures, and the mod, the same guard as a hooks module inside Claude Code
 * (build/artifacts.mjs collects both from here).
 */

import { hookScript } from '../shared/hook-artifact.mjs';
import { CLAUDE_MOD_LOADER } from './mod-check.mjs';

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */

const KB = 1024;

/**
 * The mod is the Claude hook script's guard inside Claude Code, plus its own door and the
 * stand-ins for the core's file ports and node:path (~30 KB), parsed once per Claude Code process.
 * It is minified with renaming (the hooks' own names reserved, hosts/claude/mod-check.mjs checkModHooks) and
 * carries only Claude's tool table: ~753 KB with everything HOOK_SCRIPT_BUDGET in
 * build/artifacts.mjs lists, the deferred confinement it hands the host (hosts/claude/mod/confine.ts)
 * and its cache of where stopline's own paths land (hosts/claude/mod/landings.ts). The budget
 * leaves room for the floor's next tables; a source that grows it past that says why here.
 */
const CLAUDE_MOD_BUDGET = 800 * KB;

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact[]}
 */
export function artifact(kit) {
  /**
   * What the kit's hook-script walk takes from Claude Code: the session of the captured tool
   * calls, the prompt payload's own fields, the captured read and write, how the person types the
   * skill, and the exit code of a fail-closed deny (Claude reads the deny JSON at exit 0).
   * @type {import('../../build/types').HookHost}
   */
  const hook = {
    host: 'claude',
    session: 'b5a5bde6-34d6-4877-844a-a41ce38fb4f6',
    promptFields: { transcript_path: '/home/dev/.claude/projects/-home-dev-project/s.jsonl', prompt_id: 'p1', permission_mode: 'default' },
    startFixture: 'SessionStart-startup.json',
    read: () => kit.fixtureText('claude', 'PreToolUse-Read.json'),
    skill: '/stopline:stopline',
    failClosedExit: 0,
    write: { tool: 'Write', fixture: 'test/fixtures/claude/PreToolUse-Write.json', target: 'created.txt' },
    demoEnv: { CLAUDE_PROJECT_DIR: '{{project}}', CLAUDE_PLUGIN_DATA: '{{home}}/.claude/plugins/data/stopline-inline' },
  };
  return [
    {
      // of the hook script's budget, the shell analysis (unbash + core/analysis) and the universal
      // hooks engine are most (measured start-up: npm run bench)
      ...hookScript(kit, 'claude', 'Claude Code plugin folder (hook script + hooks.json)'),
      files: [
        { to: '.claude-plugin/plugin.json', generate: kit.pluginManifestJson },
        { to: 'hooks/hooks.json', generate: () => kit.generated('hosts/claude/hooks.json') },
        { to: 'skills/stopline/SKILL.md', from: 'skills/stopline/SKILL.md' },
      ],
      install: 'claude --plugin-dir dist/claude (or copy the folder into a marketplace)',
      cases: kit.hookCases(hook),
      demo: kit.hookDemo(hook),
    },
    {
      id: 'claude-mod',
      title: 'Claude Code mod: the same guard inside Claude Code (hooks module of the plugin above)',
      entry: 'hosts/claude/mod/entry.ts',
      // beside the plugin's hooks.json, which names it under "modules" (the command hooks stay as the fallback)
      output: 'claude/hooks/stopline-mod.mjs',
      format: 'es',
      kind: 'claude-mod',
      shebang: false,
      // the Claude hook script's guard, plus the mod's stand-ins for node:path and the core's ports; loaded
      // once per Claude Code process
      sizeBudget: CLAUDE_MOD_BUDGET,
      files: [],
      install: 'part of the Claude plugin folder (hooks/hooks.json "modules")',
      cases: [],
      // a mod imports nothing: Node's built-ins and the person's-hooks runners get stand-ins that
      // work through the mod's `$` (hosts/claude/mod/)
      moduleMap: {
        'node:path': 'hosts/claude/mod/node/path.ts',
        'node:module': 'hosts/claude/mod/node/module.ts',
        // the core's files go through the mod's Store over its volume, wherever a caller passes none
        'core/state/node-store.ts': 'hosts/claude/mod/store.ts',
        // and the core's reads of the person's files and the transcript through its reader over it
        'core/state/node-read.ts': 'hosts/claude/mod/read.ts',
        // $.fs tells no owner or mode: the data folder's owner check has nothing to compare
        'core/state/datadir-check.ts': 'hosts/claude/mod/datadir-check.ts',
        // the mod starts no dashboard: it would need a process that outlives a hook
        'hosts/shared/dashboard.ts': 'hosts/claude/mod/dashboard.ts',
        'core/hooks/run-command.ts': 'hosts/claude/mod/run-command.ts',
        'core/hooks/run-http.ts': 'hosts/claude/mod/run-http.ts',
        // where links lead is read through $.fs by the door, which passes its probe to the core
        'core/paths/fs-probe.ts': 'hosts/claude/mod/fs-probe.ts',
        // no process can be started from inside Claude Code: the sandbox is built when the command
        // runs, by the plugin's hook script (hosts/claude/mod/confine.ts)
        'core/confine/confine.ts': 'hosts/claude/mod/confine.ts',
      },
      // Claude Code reads the module's source for `$.noun.method(...)` calls in its hooks and refuses
      // a hook whose parameters a renamed inner variable shadows: the hooks' own names (`on`, `$`,
      // `e`, `next`) are never given to a renamed variable, nor taken from the hooks
      // (mod-check.mjs checks the hooks; `claude plugin validate` and the real runs accept it)
      mangle: { reserved: ['on', '$', 'e', 'next'] },
      loader: CLAUDE_MOD_LOADER,
    },
  ];
}
