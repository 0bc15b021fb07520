/**
 * Qwen Code's artifact: an extension folder (the hook script, qwen-extension.json and
 * hooks/hooks.json, whose command finds the script through ${CLAUDE_PLUGIN_ROOT}, which Qwen fills
 * in), the cases the runtime matrix runs the script with and the demo's steps (build/artifacts.mjs
 * collects it from here).
 */

/**
 * @param {import('../../build/types').ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  const fixture = (name) => JSON.parse(kit.fixtureText('qwen', name));
  return kit.extensionArtifact({
    host: 'qwen',
    title: 'Qwen Code extension folder (hook script + hooks/hooks.json)',
    // `qwen extensions install <folder>` reads its own manifest, then hooks/hooks.json beside it
    manifest: 'qwen-extension.json',
    install: 'stopline install qwen (or qwen extensions install dist/qwen)',
    promptEvent: 'UserPromptSubmit',
    toolEvent: 'PreToolUse',
    // the submitted text twice, as Qwen sends it
    prompt: (text) => ({ ...fixture('UserPromptSubmit.json'), prompt: text, submitted_prompt: text }),
    read: () => fixture('PreToolUse-read_file.json'),
    write: 'test/fixtures/qwen/PreToolUse-write_file.json',
    // the permissionDecision JSON alone, exit 0: an exit-2 deny loses to any other hook's allow there
    deny: (reason) => ({ exitCode: 0, stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }) }),
  });
}
