// The single list of what `npm run build` produces. rollup.config.ts, build/finish.mjs,
// build/demo.mjs and the tests in test/build/ all read this list and nothing else, so an
// adapter lands by filling in its entry here (cases, demo) and writing hosts/<host>/.
//
// Plain ESM with JSDoc types: rollup's config loader, vitest and plain `node` all import it
// without a TypeScript runtime.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @typedef {import('./types').Artifact} Artifact */
/** @typedef {import('./types').ExtraFile} ExtraFile */
/** @typedef {import('./types').CommandCase} CommandCase */
/** @typedef {import('./types').PackageMeta} PackageMeta */

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const KB = 1024;
const DEFAULT_BUDGET = 150 * KB;

/** @type {PackageMeta} */
export const PACKAGE = (() => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  return { name: pkg.name, version: pkg.version, description: pkg.description, license: pkg.license };
})();

/** Where the build writes; `STOPLINE_DIST=<dir>` redirects it (the freshness test builds into a temp folder). */
export function distRoot(env = process.env) {
  const custom = env.STOPLINE_DIST;
  if (custom && custom.trim() !== '') return isAbsolute(custom) ? custom : resolve(process.cwd(), custom);
  return join(REPO_ROOT, 'dist');
}

/** The CLI's own cases; they double as the runtime matrix's baseline for every runtime. */
const CLI_CASES = [
  { name: '--version', argv: ['--version'], stdin: '', exitCode: 0, stdout: `stopline ${PACKAGE.version}\n` },
  { name: '--help', argv: ['--help'], stdin: '', exitCode: 0, stdoutIncludes: ['Usage: stopline <command>', 'help', 'version'] },
  { name: 'help help', argv: ['help', 'help'], stdin: '', exitCode: 0, stdoutIncludes: ['Usage: stopline help [command]'] },
  { name: 'unknown command', argv: ['hlep'], stdin: '', exitCode: 1, stdout: '', stderrIncludes: ['unknown command "hlep"', 'did you mean "help"?'] },
  { name: 'unknown option', argv: ['--verison'], stdin: '', exitCode: 1, stdout: '', stderrIncludes: ['unknown option "--verison"', 'did you mean "--version"?'] },
];

/** @type {Artifact[]} */
export const ARTIFACTS = [
  {
    id: 'claude',
    title: 'Claude Code plugin folder (hook script + hooks.json)',
    entry: 'hosts/claude/main.ts',
    output: 'claude/stopline.mjs',
    format: 'es',
    kind: 'command',
    shebang: true,
    sizeBudget: DEFAULT_BUDGET,
    files: [
      { to: '.claude-plugin/plugin.json', generate: claudePluginJson },
      { to: 'hooks/hooks.json', from: 'hosts/claude/hooks.json' },
      { to: 'skills/stopline/SKILL.md', from: 'skills/stopline/SKILL.md' },
    ],
    install: 'stopline install claude',
    cases: [],
  },
  {
    id: 'codex',
    title: 'Codex CLI hook script + hooks.json',
    entry: 'hosts/codex/main.ts',
    output: 'codex/stopline.mjs',
    format: 'es',
    kind: 'command',
    shebang: true,
    sizeBudget: DEFAULT_BUDGET,
    files: [{ to: 'hooks.json', from: 'hosts/codex/hooks.json' }],
    install: 'stopline install codex',
    cases: [],
  },
  {
    id: 'opencode',
    title: 'OpenCode plugin (one file, plugin functions only)',
    entry: 'hosts/opencode/plugin.ts',
    output: 'opencode/stopline.js',
    format: 'es',
    kind: 'opencode-plugin',
    shebang: false,
    sizeBudget: DEFAULT_BUDGET,
    files: [],
    install: 'stopline install opencode',
    cases: [],
    calls: [],
  },
  {
    id: 'hermes',
    title: 'Hermes Agent plugin bundle (Python shim + script)',
    entry: 'hosts/hermes/main.ts',
    output: 'hermes/stopline/stopline.mjs',
    format: 'es',
    kind: 'command',
    shebang: true,
    sizeBudget: DEFAULT_BUDGET,
    files: [
      { to: 'plugin.yaml', from: 'hosts/hermes/plugin.yaml' },
      { to: '__init__.py', from: 'hosts/hermes/__init__.py' },
    ],
    install: 'stopline install hermes',
    cases: [],
  },
  {
    id: 'pi',
    title: 'Pi extension (one self-contained .ts file)',
    entry: 'hosts/pi/plugin.ts',
    output: 'pi/stopline.ts',
    format: 'es',
    kind: 'pi-extension',
    shebang: false,
    sizeBudget: DEFAULT_BUDGET,
    files: [],
    install: 'stopline install pi',
    cases: [],
    calls: [],
  },
  {
    id: 'cli',
    title: 'stopline CLI',
    entry: 'hosts/cli/main.ts',
    output: 'stopline.mjs',
    format: 'es',
    kind: 'command',
    shebang: true,
    sizeBudget: DEFAULT_BUDGET,
    files: [],
    install: 'node dist/stopline.mjs --help',
    cases: CLI_CASES,
  },
  {
    id: 'installer',
    title: 'the curl | sh installer (POSIX sh)',
    entry: 'hosts/cli/install.sh',
    output: 'install.sh',
    format: 'es',
    kind: 'static',
    shebang: false,
    executable: true,
    sizeBudget: 32 * KB,
    files: [],
    install: 'sh dist/install.sh <host> --from dist/',
    cases: [],
  },
];

/** @param {PackageMeta} meta */
function claudePluginJson(meta) {
  const manifest = { name: meta.name, version: meta.version, description: meta.description, license: meta.license };
  return JSON.stringify(manifest, null, 2) + '\n';
}

/** @param {Artifact} artifact */
export function entryExists(artifact, root = REPO_ROOT) {
  return existsSync(join(root, artifact.entry));
}

/**
 * The artifacts the build can produce right now (their entry exists) and the ones it skips.
 * @param {Artifact[]} [list]
 * @param {string} [root]
 */
export function partitionArtifacts(list = ARTIFACTS, root = REPO_ROOT) {
  /** @type {Artifact[]} */ const present = [];
  /** @type {Artifact[]} */ const missing = [];
  for (const a of list) (entryExists(a, root) ? present : missing).push(a);
  return { present, missing };
}

/**
 * `STOPLINE_ONLY=cli,codex` limits a build to some artifacts (for working on one adapter
 * while another is half-written). Unknown ids are an error, not a silent empty build.
 * @param {Artifact[]} [list]
 */
export function selectArtifacts(list = ARTIFACTS, env = process.env) {
  const only = (env.STOPLINE_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (only.length === 0) return list;
  const unknown = only.filter((id) => !list.some((a) => a.id === id));
  if (unknown.length > 0) throw new Error(`STOPLINE_ONLY names unknown artifacts: ${unknown.join(', ')} (known: ${list.map((a) => a.id).join(', ')})`);
  return list.filter((a) => only.includes(a.id));
}

/** Artifacts rollup bundles (everything but copied static files). */
export function isBundled(artifact) {
  return artifact.kind !== 'static';
}

/** The one line the build prints for an artifact it cannot build yet. */
export function skipLine(artifact) {
  return `skip ${artifact.id}: ${artifact.entry} does not exist yet (dist/${artifact.output} not built)`;
}
