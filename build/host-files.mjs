// The registration files an artifact ships (Claude/Codex hooks.json, Hermes plugin.yaml and the
// shim's hook list) and install.sh's host lists are rendered from core/registry by
// hosts/cli/install/hook-files.ts. The registry is TypeScript and build/ is plain ESM, so the
// module is loaded through jiti (a dev dependency; Pi's own loader), once and only when a build
// step asks for a file.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('./host-files.d.mts').HookFiles | undefined} */
let loaded;

/** @returns {import('./host-files.d.mts').HookFiles} */
export function hookFiles(root = REPO_ROOT) {
  if (!loaded) {
    const { createJiti } = createRequire(import.meta.url)('jiti');
    loaded = createJiti(join(root, 'build', 'host-files.mjs'), { moduleCache: false, fsCache: false })(join(root, 'hosts', 'cli', 'install', 'hook-files.ts'));
  }
  return /** @type {import('./host-files.d.mts').HookFiles} */ (loaded);
}

/** The renderer of each generated file, keyed by its committed copy under hosts/. */
export const GENERATED = {
  'hosts/claude/hooks.json': (root = REPO_ROOT) => hookFiles(root).claudePluginHooksJson(),
  'hosts/codex/hooks.json': (root = REPO_ROOT) => hookFiles(root).codexHooksJson(),
  'hosts/gemini/hooks.json': (root = REPO_ROOT) => hookFiles(root).geminiExtensionHooksJson(),
  'hosts/qwen/hooks.json': (root = REPO_ROOT) => hookFiles(root).qwenExtensionHooksJson(),
  'hosts/hermes/plugin.yaml': (root = REPO_ROOT) => hookFiles(root).hermesPluginYaml(),
  'hosts/hermes/__init__.py': (root = REPO_ROOT) => hookFiles(root).hermesShimWithHooks(readFileSync(join(root, 'hosts', 'hermes', '__init__.py'), 'utf8')),
  'hosts/copilot/hooks.json': (root = REPO_ROOT) => hookFiles(root).copilotPluginHooksJson(),
  'hosts/droid/hooks.json': (root = REPO_ROOT) => hookFiles(root).droidPluginHooksJson(),
  'hosts/kimi/hooks.toml': (root = REPO_ROOT) => hookFiles(root).kimiHooksToml(),
  'hosts/cli/install.sh': (root = REPO_ROOT) => hookFiles(root).installShWithHosts(readFileSync(join(root, 'hosts', 'cli', 'install.sh'), 'utf8')),
};

/** The text each generated file has, keyed by its committed copy under hosts/. */
export function generatedHostFiles(root = REPO_ROOT) {
  return Object.fromEntries(Object.entries(GENERATED).map(([file, render]) => [file, render(root)]));
}

// `node build/host-files.mjs --write` regenerates the committed copies after a registry change.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const write = process.argv.includes('--write');
  let stale = 0;
  for (const [file, text] of Object.entries(generatedHostFiles())) {
    const same = readFileSync(join(REPO_ROOT, file), 'utf8') === text;
    if (!same && write) writeFileSync(join(REPO_ROOT, file), text);
    if (!same) stale++;
    console.log(`${file}: ${same ? 'current' : write ? 'rewritten' : 'stale'}`);
  }
  if (stale && !write) process.exitCode = 1;
}
