/**
 * Gemini CLI's artifact: an extension folder (the hook script, gemini-extension.json and
 * hooks/hooks.json, whose command finds the script through ${extensionPath}), the cases the runtime
 * matrix runs the script with and the demo's steps (build/artifacts.mjs collects it from here).
 */

/** @typedef {import('../../build/types').ArtifactKit} ArtifactKit */

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').ExtensionHookFacts}
 */
function geminiFacts(kit) {
  const fixture = (name) => JSON.parse(kit.fixtureText('gemini', name));
  return {
    host: 'gemini',
    promptEvent: 'BeforeAgent',
    toolEvent: 'BeforeTool',
    prompt: (text) => ({ ...fixture('BeforeAgent.json'), prompt: text }),
    read: () => ({ ...fixture('BeforeTool-write_file.json'), tool_name: 'read_file', tool_input: { file_path: 'a.txt' } }),
    write: 'test/fixtures/gemini/BeforeTool-write_file.json',
    // the deny JSON with the stamp on stderr and exit 2
    deny: (reason) => ({ exitCode: 2, stdout: JSON.stringify({ decision: 'deny', reason }), stderrIncludes: ['GUARD_UNAVAILABLE'] }),
  };
}

/**
 * @param {ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  const facts = geminiFacts(kit);
  return {
    id: 'gemini',
    title: 'Gemini CLI extension folder (hook script + hooks/hooks.json)',
    entry: 'hosts/gemini/main.ts',
    decisionEntry: 'hosts/gemini/decide.ts',
    output: 'gemini/stopline.mjs',
    format: 'es',
    kind: 'command',
    shebang: true,
    sizeBudget: kit.HOOK_SCRIPT_BUDGET,
    files: [
      // `gemini extensions install <folder>` reads the manifest, then hooks/hooks.json beside it
      { to: 'gemini-extension.json', generate: kit.extensionManifestJson },
      { to: 'hooks/hooks.json', generate: () => kit.generated('hosts/gemini/hooks.json') },
    ],
    install: 'stopline install gemini (or gemini extensions install dist/gemini)',
    cases: kit.extensionHookCases(facts),
    demo: kit.extensionHookDemo(facts),
  };
}
