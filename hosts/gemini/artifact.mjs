/**
 * Gemini CLI's artifact: an extension folder (the hook script, gemini-extension.json and
 * hooks/hooks.json, whose command finds the script through ${extensionPath}), the cases the runtime
 * matrix runs the script with and the demo's steps (build/artifacts.mjs collects it from here).
 */

/**
 * @param {import('../../build/types').ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  const fixture = (name) => JSON.parse(kit.fixtureText('gemini', name));
  return kit.extensionArtifact({
    host: 'gemini',
    title: 'Gemini CLI extension folder (hook script + hooks/hooks.json)',
    // `gemini extensions install <folder>` reads the manifest, then hooks/hooks.json beside it
    manifest: 'gemini-extension.json',
    install: 'stopline install gemini (or gemini extensions install dist/gemini)',
    promptEvent: 'BeforeAgent',
    toolEvent: 'BeforeTool',
    prompt: (text) => ({ ...fixture('BeforeAgent.json'), prompt: text }),
    read: () => ({ ...fixture('BeforeTool-write_file.json'), tool_name: 'read_file', tool_input: { file_path: 'a.txt' } }),
    write: 'test/fixtures/gemini/BeforeTool-write_file.json',
    // the deny JSON with the stamp on stderr and exit 2
    deny: (reason) => ({ exitCode: 2, stdout: JSON.stringify({ decision: 'deny', reason }), stderrIncludes: ['GUARD_UNAVAILABLE'] }),
  });
}
