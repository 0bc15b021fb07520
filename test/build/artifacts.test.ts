/**
 * Every artifact in build/artifacts.mjs whose adapter exists is in the committed dist/ and
 * passes the build's checks (shebang, no build-machine paths, budget, imports, OpenCode
 * exports, Pi loadability). Then the checks themselves are shown to catch each defect.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, REPO_ROOT } from '../../build/artifacts.mjs';
import type { Artifact } from '../../build/artifacts.mjs';
import { CHECK_TOOLS, checkArtifactCode, checkImports, checkStaticFile, checkLoadsAsTypeScript, findAbsolutePaths } from '../../build/checks.mjs';
import { REGISTRIES } from '../../core/registry';
import { HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';
import { artifactsByState, distFile } from './helpers';

// the loader check an artifact's host folder gives it, with the readers build/checks.mjs hands it
const loaderCheck = (id: string) => {
  const artifact = ARTIFACTS.find((a) => a.id === id)!;
  return async (code: string) => artifact.loader!.check(code, CHECK_TOOLS, artifact);
};
const checkClaudeModule = loaderCheck('claude-mod');
const checkOpencodeExports = loaderCheck('opencode');
const checkPiExports = loaderCheck('pi');

const { built, notYet } = artifactsByState();

describe('the artifact list', () => {
  it('has unique ids and output paths, and the exact paths installers and docs rely on', () => {
    const ids = ARTIFACTS.map((a) => a.id);
    const outputs = ARTIFACTS.map((a) => a.output);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(outputs).size).toBe(outputs.length);
    // a host that describes its artifact in its own folder (hosts/<host>/artifact.mjs) gets dist/<host>/
    const fromFolders = ARTIFACTS.filter((a) => existsSync(join(REPO_ROOT, 'hosts', a.id, 'artifact.mjs')));
    expect(fromFolders.filter((a) => !a.output.startsWith(`${a.id}/`)).map((a) => `${a.id}: ${a.output}`)).toEqual([]);
    expect(Object.fromEntries(ARTIFACTS.filter((a) => !fromFolders.includes(a)).map((a) => [a.id, a.output]))).toEqual({
      // the second artifact of Claude's folder
      'claude-mod': 'claude/hooks/stopline-mod.mjs',
      cli: 'stopline.mjs',
      installer: 'install.sh',
    });
  });

  it('gives command artifacts a node shebang and the others none', () => {
    for (const a of ARTIFACTS) expect(a.shebang, a.id).toBe(a.kind === 'command');
  });
});

describe.each(built.map((a) => [a.id, a] as const))('built artifact %s', (_id, artifact: Artifact) => {
  const file = distFile(artifact);

  it('is in the committed dist/ and passes every build check', async () => {
    expect(existsSync(file), `${file} missing: run npm run build and commit dist/`).toBe(true);
    const code = readFileSync(file, 'utf8');
    expect(await checkArtifactCode(artifact, code, statSync(file).size)).toEqual([]);
  });

  it('has its static files next to it, without build-machine paths', () => {
    for (const extra of artifact.files) {
      const target = join(dirname(file), extra.to);
      expect(existsSync(target), `${target} missing`).toBe(true);
      expect(checkStaticFile(extra.to, readFileSync(target, 'utf8'))).toEqual([]);
    }
  });

  it.runIf(artifact.shebang)('is executable and starts with #!/usr/bin/env node', () => {
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    expect(statSync(file).mode & 0o111).not.toBe(0);
  });
});

describe.each(notYet.map((a) => [a.id, a] as const))('artifact %s', (_id, artifact: Artifact) => {
  it.skip(`not built yet: ${artifact.entry} does not exist`, () => {});
});

/** Value imports of a source file (type-only imports load nothing), as repo paths; bare names as they are. */
function valueImports(file: string): string[] {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^'"]*?)\s*(?:from\s+)?['"]([^'"]+)['"]/gm)) {
    if (m[2]) continue;
    const names = m[3]!.trim();
    if (/^\{[^}]*\}$/.test(names) && names.replace(/[{}\s]/g, '').split(',').filter(Boolean).every((n) => n.startsWith('type'))) continue;
    const spec = m[4]!;
    if (!spec.startsWith('.')) {
      out.push(spec);
      continue;
    }
    const base = join(dirname(file), spec).split('\\').join('/');
    out.push(existsSync(join(REPO_ROOT, `${base}.ts`)) ? `${base}.ts` : existsSync(join(REPO_ROOT, base, 'index.ts')) ? `${base}/index.ts` : base);
  }
  return out;
}

/** Every source file an artifact's entries load, through value imports, with the artifact's replaced modules swapped in. */
function sourceClosure(artifact: Artifact): Set<string> {
  const replaced = artifact.moduleMap ?? {};
  const seen = new Set<string>();
  // a two-part script's decision code is its second entry (build/two-part.mjs)
  const todo = [artifact.entry, ...(artifact.decisionEntry ? [artifact.decisionEntry] : [])];
  while (todo.length) {
    const next = todo.pop()!;
    const f = replaced[next] ?? next;
    if (seen.has(f)) continue;
    seen.add(f);
    if (f.endsWith('.ts')) todo.push(...valueImports(f));
  }
  return seen;
}

describe('what each host artifact carries of the registry', () => {
  const hostArtifacts = ARTIFACTS.filter((a) => a.kind !== 'static' && a.id !== 'cli' && existsSync(join(REPO_ROOT, a.entry)));

  it.each(hostArtifacts.map((a) => [a.id, a] as const))('%s: its own host\'s registry table (and those of the hosts that load it unchanged), and only the event rows of the others', (id, artifact) => {
    const own = id.replace(/-mod$/, '');
    const files = [...sourceClosure(artifact)];
    const tables = Object.keys(REGISTRIES).map((host) => `core/registry/${host}.ts`).filter((f) => files.includes(f));
    const loaders = HOST_SPECS.filter((s: HostSpec) => s.artifact === own).map((s) => `core/registry/${s.name}.ts`);
    expect(tables.sort()).toEqual([`core/registry/${own}.ts`, ...loaders].sort());
    // the person's hooks read every dialect's event names
    expect(files).toContain('core/registry/hermes-events.ts');
  });
});

describe('the checks catch what they are for', () => {
  const cli = ARTIFACTS.find((a) => a.id === 'cli')!;
  const opencode = ARTIFACTS.find((a) => a.kind === 'opencode-plugin')!;
  const pi = ARTIFACTS.find((a) => a.kind === 'pi-extension')!;

  it('a command artifact without the shebang, over budget, with CR line endings', async () => {
    const code = 'console.log(1);\r\n';
    const problems = await checkArtifactCode({ ...cli, sizeBudget: 4 }, code, code.length);
    expect(problems).toEqual([
      'does not start with "#!/usr/bin/env node"',
      'contains CR characters (artifacts use LF line endings)',
      `is ${code.length} bytes, over its budget of 4 bytes`,
    ]);
  });

  it('absolute paths of the build machine', () => {
    const lines = findAbsolutePaths('const a = 1;\nconst p = "/home/dev/proj/x";\nconst t = "/tmp/stopline";\n');
    expect(lines.some((l) => l.startsWith('line 2') && l.includes('"/home/"'))).toBe(true);
    expect(lines.some((l) => l.startsWith('line 3') && l.includes('"/tmp/"'))).toBe(true);
    expect(findAbsolutePaths('const rel = "dist/claude/stopline.mjs";\n')).toEqual([]);
  });

  it('imports that are not node: built-ins all three runtimes provide', () => {
    const problems = checkImports(
      [
        "import { readFileSync } from 'node:fs';",
        "import path from 'path';",
        "import * as z from 'zod';",
        "import 'node:sqlite';",
        "export * from './other.js';",
        "const m = await import('node:os');",
        'const n = await import(name);',
      ].join('\n'),
    );
    expect(problems).toEqual([
      'imports "path" (only node: built-ins from build/builtins.mjs may stay external)',
      'imports "zod" (only node: built-ins from build/builtins.mjs may stay external)',
      'imports "node:sqlite" (only node: built-ins from build/builtins.mjs may stay external)',
      'imports "./other.js" (only node: built-ins from build/builtins.mjs may stay external)',
      'has a dynamic import() with a computed specifier (cannot prove it is self-contained)',
    ]);
  });

  it('a module the host provides (Pi\'s own package) only through a dynamic import()', () => {
    const host = ['@mariozechner/pi-coding-agent'];
    expect(checkImports("const pi = await import('@mariozechner/pi-coding-agent');", { hostModules: host })).toEqual([]);
    expect(checkImports("import { VERSION } from '@mariozechner/pi-coding-agent';", { hostModules: host })).toEqual([
      'imports "@mariozechner/pi-coding-agent" statically (a module the host provides is only reached through import(), so the file loads without it)',
    ]);
    // another artifact (no host modules) may not reach it at all
    expect(checkImports("const pi = await import('@mariozechner/pi-coding-agent');")).toEqual(['imports "@mariozechner/pi-coding-agent" (only node: built-ins from build/builtins.mjs may stay external)']);
  });

  it('an OpenCode file that is not exactly one default {id, server, setup} (1.x and 2.x each load it their way)', async () => {
    const ok = 'const server = async () => ({});\nasync function setup(ctx) {}\nconst plugin = { id: "stopline", server, setup };\nexport { plugin as default };\n';
    expect(await checkOpencodeExports(ok)).toEqual([]);
    expect(await checkOpencodeExports('export default { id: "x", server: async () => ({}), setup: async () => {} };\n')).toEqual([]);
    // a 1.x-only file: 2.x refuses it with a load error that only its log shows
    expect(await checkOpencodeExports('const p = async () => ({});\nexport { p as StoplinePlugin };\n')).toEqual([
      'exports "StoplinePlugin" besides the default plugin object (OpenCode 1.x would load it as a plugin too, or skip the whole file)',
      'has no default export (OpenCode 2.x loads only the default export)',
    ]);
    expect(await checkOpencodeExports(`${ok}export const VERSION = "1";\n`)).toEqual(['exports "VERSION" besides the default plugin object (OpenCode 1.x would load it as a plugin too, or skip the whole file)']);
    expect(await checkOpencodeExports('export default { id: "stopline", server: async () => ({}) };\n')).toEqual(['the default object has no setup function (OpenCode 2.x would refuse the file)']);
    expect(await checkOpencodeExports('export default { id: "stopline", setup: async () => {} };\n')).toEqual(['the default object has no server function (OpenCode 1.x would load no plugin)']);
    expect(await checkOpencodeExports('export default { server: async () => ({}), setup: async () => {}, effect: () => 1 };\n')).toEqual([
      'the default object has no id (both versions need it for a plugin loaded from a path)',
      'the default object has an effect key (OpenCode 2.x would take it for an Effect plugin instead of setup)',
    ]);
    expect((await checkOpencodeExports('export default async function () { return {}; }\n'))[0]).toContain('not an object literal');
    expect((await checkOpencodeExports('export * from "node:fs";\n'))[0]).toContain('re-exports');
    expect(await checkOpencodeExports('const x = 1;\n')).toEqual(['exports nothing (OpenCode would load no plugin)']);
  });

  it('the OpenCode check runs as part of the artifact checks', async () => {
    const code = '// banner\nexport const VERSION = "1";\nexport default { id: "stopline", server: async () => ({}), setup: async () => {} };\n';
    expect(await checkArtifactCode(opencode, code, code.length)).toEqual([
      'exports "VERSION" besides the default plugin object (OpenCode 1.x would load it as a plugin too, or skip the whole file)',
    ]);
  });

  it('a Pi file that is not a loadable extension', async () => {
    expect(await checkPiExports('function ext(pi) {}\nexport { ext as default };\n')).toEqual([]);
    expect(await checkPiExports('export function ext(pi) {}\n')).toEqual(['has no default export (Pi loads the default export as the extension)']);
    expect(await checkPiExports('export default 42;\n')).toEqual(['default export is not a function (Pi calls it with the extension API)']);
    expect(await checkLoadsAsTypeScript('const ok = (a) => a;\n', 'x.ts')).toEqual([]);
    expect((await checkLoadsAsTypeScript('const = 1;\n', 'x.ts'))[0]).toMatch(/^is not valid TypeScript: /);
    // two comparisons in JS, a generic call `a(c)` once TypeScript strips `<b>`
    expect(await checkLoadsAsTypeScript('const a = 1, b = 2, c = 3;\nexport const x = a < b > (c);\n', 'x.ts')).toEqual([
      'means something else as TypeScript than as JavaScript (statement at line 2, e.g. `a < b > (c)` reads as a generic call)',
    ]);
    const noHeader = 'function e(pi) {}\nexport { e as default };\n';
    expect(await checkArtifactCode(pi, noHeader, noHeader.length)).toEqual(['does not start with "// @ts-nocheck"']);
  });

  it('a Claude mod whose hooks a minifier renamed or shadowed (Claude Code\'s loader refuses them)', async () => {
    const ok = 'function onTool($, e, next) { const t = e.tool; return next(e); }\nfunction fail($, e, next) { return next(e); }\nfunction r(on) { on("tool.call", onTool).catch(fail); on("ui.render", { component: "AbovePrompt" }, ($, e, next) => next(e)); }\nexport { r as register };\n';
    expect(await checkClaudeModule(ok)).toEqual([]);
    const renamed = ok.replace('function onTool($, e, next) { const t = e.tool; return next(e); }', 'function onTool(s, t, n) { return n(t); }');
    expect(await checkClaudeModule(renamed)).toEqual(['the hook for tool.call takes (s, t, n), not ($, e, next)']);
    const shadowed = ok.replace('const t = e.tool;', 'const f = (e) => e;');
    expect(await checkClaudeModule(shadowed)).toEqual(['the hook for tool.call declares "e" again (shadowed)']);
    const caught = ok.replace('function fail($, e, next) { return next(e); }', 'function fail($, e, next) { try { return next(e); } catch (next) { return {}; } }');
    expect(await checkClaudeModule(caught)).toEqual(['the hook for tool.call (.catch) declares "next" again (shadowed)']);
  });

  it('the Claude mod check runs as part of the artifact checks, in place of the shared import policy', async () => {
    const mod = ARTIFACTS.find((a) => a.id === 'claude-mod')!;
    const code = 'import { join } from "node:path";\nfunction r(on) { on("tool.call", ($, e, next) => next(e)); }\nexport { r as register };\n';
    expect(await checkArtifactCode(mod, code, code.length)).toEqual(['imports "node:path" (a Claude Code mod may import only its own files; the bundle is one file)']);
  });

  it('a static JSON file that does not parse', () => {
    expect(checkStaticFile('hooks.json', '{"hooks": {}}\n')).toEqual([]);
    expect(checkStaticFile('hooks.json', '{"hooks": }')[0]).toMatch(/^hooks\.json: is not valid JSON/);
  });
});
