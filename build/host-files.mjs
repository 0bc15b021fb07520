// The registration files an artifact ships (Claude/Codex hooks.json, Hermes plugin.yaml and the
// shim's hook list) and install.sh's host lists are rendered from core/registry by
// hosts/cli/install/hook-files.ts; the tables that bring in what a host keeps in its own folders
// (its tooling row, its command-hook adapter, its rows of the shared test suites) are rendered
// here from the host specs and the folders. The registry is TypeScript and build/ is plain ESM, so
// modules are loaded through jiti (a dev dependency; Pi's own loader), once and only when a build
// step asks for a file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

/** The host specs (core/registry/host-specs.ts), loaded through jiti as hookFiles is. */
export function hostSpecs(root = REPO_ROOT) {
  const { createJiti } = createRequire(import.meta.url)('jiti');
  return createJiti(join(root, 'build', 'host-files.mjs'), { moduleCache: false, fsCache: false })(join(root, 'core', 'registry', 'host-specs.ts')).HOST_SPECS;
}

const FOLDER_HEADER = (what) =>
  `// ${what}.\n// Rendered by build/host-files.mjs from core/registry/host-specs.ts and the host folders that hold\n// the module (\`node build/host-files.mjs --write\` after adding one): not edited by hand.\n`;
/** An object literal keyed by host name, one host a line. */
const keyed = (name, hosts, id, type) => [`export const ${name} = {`, ...hosts.map((h) => `  ${/^[a-z_$][\w$]*$/i.test(h) ? h : `'${h}'`}: ${id(h)},`), `} as const satisfies Readonly<Record<string, ${type}>>;`];

/**
 * The table of host rows of the person's tooling that live in the hosts' own folders: every host
 * of HOST_SPECS whose folder holds a tooling.ts (exporting `tooling`), in spec order.
 */
export function renderHostFolders(root = REPO_ROOT) {
  const hosts = hostSpecs(root).filter((s) => existsSync(join(root, 'hosts', s.name, 'tooling.ts'))).map((s) => s.name);
  const id = (h) => `${h.replace(/\W/g, '_')}Tools`;
  return [
    FOLDER_HEADER("The hosts' rows of HOST_TOOLS kept in their folders (hosts/<host>/tooling.ts)"),
    "import type { HostTools } from './host-tool';",
    ...hosts.map((h) => `import { tooling as ${id(h)} } from '../${h}/tooling';`),
    '',
    ...keyed('FOLDER_TOOLS', hosts, id, 'HostTools'),
    '',
  ].join('\n');
}

/**
 * The command-hook adapters the guard bridge reads payloads with: every host of HOST_SPECS whose
 * door is a command hook, from its folder's adapter.ts (exporting `<host>Adapter`), in spec order.
 */
export function renderCommandHookAdapters(root = REPO_ROOT) {
  const hosts = hostSpecs(root).filter((s) => s.door === 'command-hook' && existsSync(join(root, 'hosts', s.name, 'adapter.ts'))).map((s) => s.name);
  const id = (h) => `${h.replace(/\W/g, '_')}Adapter`;
  return [
    FOLDER_HEADER('The adapters of the hosts whose door is a command hook (hosts/<host>/adapter.ts)'),
    "import type { CommandHookAdapter } from '../../shared/adapter';",
    ...hosts.map((h) => `import { ${id(h)} } from '../../${h}/adapter';`),
    '',
    ...keyed('COMMAND_HOOK_ADAPTERS', hosts, id, 'CommandHookAdapter'),
    '',
  ].join('\n');
}

/**
 * The hosts' rows of the shared test suites kept in their test folders: every host of HOST_SPECS
 * whose test folder holds a rows.ts (exporting `rows`), in spec order.
 */
export function renderTestFolderRows(root = REPO_ROOT) {
  const hosts = hostSpecs(root).filter((s) => existsSync(join(root, 'test', 'hosts', s.name, 'rows.ts'))).map((s) => s.name);
  const id = (h) => `${h.replace(/\W/g, '_')}Rows`;
  return [
    FOLDER_HEADER("The hosts' rows of the shared test suites kept in their test folders (test/hosts/<host>/rows.ts)"),
    "import type { HostTestRows } from './host-rows';",
    ...hosts.map((h) => `import { rows as ${id(h)} } from '../${h}/rows';`),
    '',
    ...keyed('FOLDER_ROWS', hosts, id, 'HostTestRows'),
    '',
  ].join('\n');
}

/** The renderer of each generated file, keyed by its committed copy. */
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
  'hosts/cli/host-folders.ts': (root = REPO_ROOT) => renderHostFolders(root),
  'hosts/cli/guard/command-hook-adapters.ts': (root = REPO_ROOT) => renderCommandHookAdapters(root),
  'test/hosts/harness/folder-rows.ts': (root = REPO_ROOT) => renderTestFolderRows(root),
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
