// The registration files an artifact ships (the `shipped` rows of the host specs) and install.sh's
// host lists are rendered from core/registry by hosts/cli/install/hook-files.ts; the tables that
// bring in what a host keeps in its own folders (its tooling row, its command-hook adapter, the
// parts of its hook file, its rows of the shared test suites) are rendered here from the host
// specs and the folders. The registry is TypeScript and build/ is plain ESM, so modules are loaded
// through jiti (a dev dependency): the host specs (which import nothing) when this module loads,
// to name the generated files, the rest once and only when a build step asks for a file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
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

/**
 * The tables that bring in a module each host may keep in its own folder, keyed by the generated
 * file: the heading's words, the module's path (`<host>` stands for the host's name), the name it
 * exports (`<host>` likewise) and the local name's ending, the table's name and its row type, and
 * which hosts may hold one (default: every host). A host is in a table when its folder holds the
 * module; rows are in spec order.
 */
export const FOLDER_TABLES = {
  'hosts/cli/host-folders.ts': {
    what: "The hosts' rows of HOST_TOOLS kept in their folders, each beside its doctor checks (hosts/<host>/doctor.ts)",
    module: 'hosts/<host>/doctor.ts',
    exported: 'tooling',
    local: 'Tools',
    table: 'FOLDER_TOOLS',
    type: { name: 'HostTools', from: './host-tool' },
  },
  'hosts/cli/guard/command-hook-adapters.ts': {
    what: 'The adapters of the hosts whose door is a command hook (hosts/<host>/adapter.ts)',
    module: 'hosts/<host>/adapter.ts',
    exported: '<host>Adapter',
    local: 'Adapter',
    table: 'COMMAND_HOOK_ADAPTERS',
    type: { name: 'CommandHookAdapter', from: '../../shared/adapter' },
    hosts: (spec) => spec.door === 'command-hook',
  },
  'hosts/cli/guard/folder-doors.ts': {
    what: "The in-process hosts' dialects of `stopline guard` kept in their folders (hosts/<host>/guard-door.ts)",
    module: 'hosts/<host>/guard-door.ts',
    exported: 'guardDoor',
    local: 'Door',
    table: 'FOLDER_DOORS',
    type: { name: 'GuardDoor', from: './bridge' },
  },
  'hosts/cli/install/hook-file-parts.ts': {
    what: "What the hosts' shipped hook files hold beyond their rows, kept in their folders (hosts/<host>/hook-file.ts)",
    module: 'hosts/<host>/hook-file.ts',
    exported: 'hookFile',
    local: 'HookFile',
    table: 'HOOK_FILE_PARTS',
    type: { name: 'HookFileParts', from: '../../../core/registry/host-specs' },
  },
  'test/hosts/harness/folder-rows.ts': {
    what: "The hosts' rows of the shared test suites kept in their test folders (test/hosts/<host>/rows.ts)",
    module: 'test/hosts/<host>/rows.ts',
    exported: 'rows',
    local: 'Rows',
    table: 'FOLDER_ROWS',
    type: { name: 'HostTestRows', from: './host-rows' },
  },
};

/** One generated table of FOLDER_TABLES: an import per host whose folder holds the module, and an object literal keyed by host name, one host a line. */
export function renderFolderTable(file, root = REPO_ROOT) {
  const t = FOLDER_TABLES[file];
  const modulePath = (h) => t.module.replace('<host>', h);
  const hosts = hostSpecs(root)
    .filter((s) => (t.hosts ?? (() => true))(s) && existsSync(join(root, modulePath(s.name))))
    .map((s) => s.name);
  const id = (h) => `${h.replace(/\W/g, '_')}${t.local}`;
  const importOf = (h) => {
    const exported = t.exported.replace('<host>', h);
    const from = relative(dirname(file), modulePath(h)).split('\\').join('/').replace(/\.ts$/, '');
    return `import { ${exported === id(h) ? exported : `${exported} as ${id(h)}`} } from '${from}';`;
  };
  const key = (h) => (/^[a-z_$][\w$]*$/i.test(h) ? h : `'${h}'`);
  return [
    `// ${t.what}.\n// Rendered by build/host-files.mjs from core/registry/host-specs.ts and the host folders that hold\n// the module (\`node build/host-files.mjs --write\` after adding one): not edited by hand.\n`,
    `import type { ${t.type.name} } from '${t.type.from}';`,
    ...hosts.map(importOf),
    '',
    `export const ${t.table} = {`,
    ...hosts.map((h) => `  ${key(h)}: ${id(h)},`),
    `} as const satisfies Readonly<Record<string, ${t.type.name}>>;`,
    '',
  ].join('\n');
}

/** The renderer of each generated file, keyed by its committed copy. */
export const GENERATED = {
  ...Object.fromEntries(
    hostSpecs().flatMap((s) => {
      if (!s.shipped) return [];
      const file = [`hosts/${s.name}/${s.shipped.file}`, (root = REPO_ROOT) => hookFiles(root).renderHookFile(s.name)];
      if (!s.shipped.tuple) return [file];
      const tuple = `hosts/${s.name}/${s.shipped.tuple.file}`;
      return [file, [tuple, (root = REPO_ROOT) => hookFiles(root).withHookTuple(s.name, readFileSync(join(root, tuple), 'utf8'))]];
    }),
  ),
  ...Object.fromEntries(Object.keys(FOLDER_TABLES).map((file) => [file, (root = REPO_ROOT) => renderFolderTable(file, root)])),
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
