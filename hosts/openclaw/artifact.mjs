/**
 * OpenClaw's artifact: a native plugin folder (index.js, openclaw.plugin.json and package.json),
 * loaded once per OpenClaw process (build/artifacts.mjs collects it from here).
 */

/** @typedef {import('../../build/types').PackageMeta} PackageMeta */

/**
 * @param {import('../../build/types').ArtifactKit} kit
 * @returns {import('../../build/types').Artifact}
 */
export function artifact(kit) {
  return {
    id: 'openclaw',
    title: 'OpenClaw native plugin folder (openclaw.plugin.json, package.json, index.js)',
    entry: 'hosts/openclaw/plugin.ts',
    output: 'openclaw/index.js',
    format: 'es',
    kind: 'openclaw-plugin',
    shebang: false,
    sizeBudget: kit.HOOK_SCRIPT_BUDGET,
    files: [
      // the manifest: its id (the plugins.entries key), no settings, loaded at start
      { to: 'openclaw.plugin.json', generate: (/** @type {PackageMeta} */ meta) => `${JSON.stringify({ id: 'stopline', name: 'stopline', description: meta.description, version: meta.version, activation: { onStartup: true }, configSchema: { type: 'object', additionalProperties: false } }, null, 2)}\n` },
      // an ES module whose entry OpenClaw names by openclaw.extensions
      { to: 'package.json', generate: (/** @type {PackageMeta} */ meta) => `${JSON.stringify({ name: 'stopline-openclaw', version: meta.version, private: true, type: 'module', main: 'index.js', openclaw: { extensions: ['./index.js'] } }, null, 2)}\n` },
    ],
    install: 'stopline install openclaw (plugins.load.paths and plugins.entries.stopline in ~/.openclaw/openclaw.json)',
    cases: [],
  };
}
