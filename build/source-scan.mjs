#!/usr/bin/env node
// Four measurements over the source tree (core/, hosts/, build/), used by tests and runnable by
// hand:
//
//   node build/source-scan.mjs events   -> per host, the files that list its native event names
//   node build/source-scan.mjs dupes    -> blocks of >= 6 lines that appear in two source files
//   node build/source-scan.mjs dupes test -> the same over test/
//   node build/source-scan.mjs cycles   -> import circles between source modules
//   node build/source-scan.mjs hosts    -> host-specific branches in hosts/cli/ and build/, host
//                                         names in the code of core/hooks, and literal arrays of
//                                         host names outside core/registry
//   node build/source-scan.mjs host-files [host]
//                                      -> per host, the files that name it outside its registry,
//                                         its own folders and the generated files
//   node build/source-scan.mjs literals -> string literals naming a host (its id, folder or variable
//                                         names) in core/, hosts/cli/, hosts/shared/ and build/
//   node build/source-scan.mjs dead     -> exported names of core/ and hosts/ no other file takes
//   node build/source-scan.mjs answers  -> the answer types and which doors reach core/answer answer()
//
// The event names come from core/registry (loaded through jiti, a dev dependency, because the
// registry is TypeScript). The functions below take their inputs as arguments so a test can
// run them on the registry it imports itself.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GENERATED } from './host-files.mjs';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SCANNED_ROOTS = ['core', 'hosts', 'build'];
const SOURCE_EXT = /\.(ts|mts|mjs|js|py|json|ya?ml)$/;
const CODE_EXT = /\.(ts|mts|mjs|js|py)$/;

/** Every source file under the scanned roots, repo-relative with `/`, sorted. Type declaration files are left out. */
export function sourceFiles(root = REPO_ROOT, roots = SCANNED_ROOTS, ext = SOURCE_EXT) {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (ext.test(name) && !/\.d\.m?ts$/.test(name)) out.push(relative(root, full).split('\\').join('/'));
    }
  };
  for (const r of roots) walk(join(root, r));
  return out;
}

// ------------------------------------------------------------------------------ event lists

/**
 * The lines of a file with comments blanked (line numbers kept): `//` and `#` line comments,
 * lines inside or starting a block comment, and Python docstring-only lines. Text that only
 * explains is not a list a program reads.
 */
export function codeLines(text, file) {
  const py = file.endsWith('.py');
  const lines = text.split('\n');
  let inBlock = false;
  return lines.map((raw) => {
    let line = raw;
    if (inBlock) {
      const end = line.indexOf('*/');
      if (end < 0) return '';
      inBlock = false;
      line = line.slice(end + 2);
    }
    if (!py) line = line.replace(/\/\*.*?\*\//g, ' ');
    const t = line.trim();
    if (py ? t.startsWith('#') : t.startsWith('//') || t.startsWith('*')) return '';
    const open = py ? -1 : outsideQuotes(line, '/*');
    if (open >= 0 && line.indexOf('*/', open + 2) < 0) {
      inBlock = true;
      line = line.slice(0, open);
    }
    // a trailing `// …` after code (not inside a string such as a URL: only after whitespace)
    const trailing = py ? line.search(/\s#\s/) : line.search(/\s\/\/\s/);
    return trailing >= 0 ? line.slice(0, trailing) : line;
  });
}

/** Where `token` first stands in a line outside a quoted string (`'src/**'` opens no comment), or -1. */
function outsideQuotes(line, token) {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (line.startsWith(token, i)) return i;
  }
  return -1;
}

/**
 * Walks code (comments already blanked, codeLines) once, for every scan that reads its quoted
 * strings: `onString(text, line)` for each string with the line it opens on, `onCode(ch, line)`
 * for each other character but a line break. A quoted string ends at its quote or at the end of
 * its line; a template literal runs across lines when `templatesSpanLines` (its `${…}` parts read
 * as text), else it ends at its line too and what follows on the next lines is read as code.
 */
function walkStrings(code, { templatesSpanLines, onString, onCode = () => {} }) {
  let line = 1;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === '\n') line++;
    else if (ch === "'" || ch === '"' || ch === '`') {
      const start = line;
      const spans = templatesSpanLines && ch === '`';
      let j = i + 1;
      while (j < code.length && code[j] !== ch && (spans || code[j] !== '\n')) {
        if (code[j] === '\n') line++;
        j += code[j] === '\\' ? 2 : 1;
      }
      onString(code.slice(i + 1, j), start);
      i = j;
    } else onCode(ch, line);
  }
}

/** A comment holding this phrase marks the block after it as rendered from the registry. */
export const GENERATED_MARK = 'generated from core/registry';

/**
 * The lines of a generated block blanked: from the line after a comment with GENERATED_MARK
 * through the first line that only closes a bracket (`)`, `]`, `}`), as a shim's `HOOKS = (…)`
 * tuple (a shipped hook file's `tuple`), which the build renders from the registry.
 */
export function withoutGeneratedBlocks(lines) {
  let state = 'code'; // 'code' | 'marked' (in the comment that carries the mark) | 'block'
  return lines.map((line) => {
    const t = line.trim();
    if (state === 'block') {
      if (/^[)\]}][,;]?$/.test(t)) state = 'code';
      return '';
    }
    if (line.includes(GENERATED_MARK)) {
      state = 'marked';
      return line;
    }
    if (state === 'marked' && !/^(#|\/\/|\*|\/\*)/.test(t)) {
      state = /[([{]$/.test(t) ? 'block' : 'code';
      return state === 'block' ? '' : line;
    }
    return line;
  });
}

function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where a name is mentioned on a code line: as a whole quoted string ('PreToolUse', "pre_tool_call")
 * or, for names that cannot be an ordinary word (they hold a capital, `_` or `.`), as an unquoted
 * object key (`PreToolUse: …`).
 */
function mentionPattern(name) {
  const quoted = `(['"\`])${escapeRe(name)}\\1`;
  const key = /[A-Z_.]/.test(name) && /^[A-Za-z_$][\w$]*$/.test(name) ? `|(?<![\\w$.])${escapeRe(name)}\\s*:(?!:)` : '';
  return new RegExp(quoted + key);
}

/**
 * THE RULE. A file lists a host's events when some window of LIST_WINDOW consecutive code lines
 * mentions two or more distinct native event names of that host. One name on its own (an adapter
 * that renders one event: `event === 'PreToolUse'`) is allowed; a set, an array, a switch or a
 * chain of comparisons over several of them is a list, and lists live in core/registry.
 */
export const LIST_WINDOW = 4;

/**
 * @param {{ file: string, text: string }[]} files
 * @param {Record<string, readonly string[]>} hostEvents native event names per host
 * @returns {{ host: string, file: string, line: number, names: string[] }[]} one row per (host, file): the first window that lists
 */
export function eventListings(files, hostEvents, { everySite = false } = {}) {
  const found = [];
  for (const [host, names] of Object.entries(hostEvents)) {
    const patterns = [...new Set(names)].map((n) => [n, mentionPattern(n)]);
    for (const { file, text } of files) {
      const lines = codeLines(withoutGeneratedBlocks(text.split('\n')).join('\n'), file);
      const perLine = lines.map((l) => (l.trim() === '' ? [] : patterns.filter(([, re]) => re.test(l)).map(([n]) => n)));
      for (let i = 0; i < perLine.length; i++) {
        const names = new Set(perLine.slice(i, i + LIST_WINDOW).flat());
        if (names.size < 2 || perLine[i].length === 0) continue;
        // one site runs on while the next window still lists (a long Set, a switch)
        let end = i;
        while (end + 1 < perLine.length && perLine[end + 1].length > 0 && new Set(perLine.slice(end + 1, end + 1 + LIST_WINDOW).flat()).size >= 2) end++;
        for (const n of perLine.slice(i, end + LIST_WINDOW).flat()) names.add(n);
        found.push({ host, file, line: i + 1, names: [...names].sort() });
        if (!everySite) break;
        i = end + LIST_WINDOW - 1;
      }
    }
  }
  return found;
}

// ---------------------------------------------------------------------------- duplicates

/** Lines that carry no code of their own and would make every file look like every other. */
function trivial(line) {
  return /^[\s{}()[\];,]*$/.test(line) || /^(else|try|finally|return;?|break;|continue;|\}\s*else\s*\{|\}\s*catch\s*\{)$/.test(line.trim());
}

/**
 * Blocks of `minLines` or more consecutive code lines (comments, blank and bracket-only lines
 * left out, whitespace trimmed) that also appear in another file. A block is counted once where
 * it first repeats an earlier file (files in path order), as a clone detector reports a clone.
 * @param {{ file: string, text: string }[]} files
 * @returns {{ file: string, line: number, lines: number, first: string, firstLine: number }[]}
 */
export function duplicateBlocks(files, minLines = 6) {
  /** @type {Map<string, { file: string, line: number }>} */
  const seen = new Map();
  const clones = [];
  for (const { file, text } of files) {
    const code = codeLines(text, file)
      .map((l, i) => ({ text: l.trim(), line: i + 1 }))
      .filter((l) => l.text !== '' && !trivial(l.text));
    const keys = [];
    for (let i = 0; i + minLines <= code.length; i++) keys.push(code.slice(i, i + minLines).map((l) => l.text).join('\n'));
    let run = null;
    for (let i = 0; i < keys.length; i++) {
      const earlier = seen.get(keys[i]);
      if (earlier && earlier.file !== file) {
        if (run && run.end === i - 1) run.end = i;
        else {
          run = { start: i, end: i, first: earlier };
          clones.push(run);
        }
      }
    }
    for (const c of clones.filter((c) => c.file === undefined)) {
      c.file = file;
      c.line = code[c.start].line;
      c.lines = c.end - c.start + minLines;
    }
    keys.forEach((k, i) => {
      if (!seen.has(k)) seen.set(k, { file, line: code[i].line });
    });
  }
  return clones.map((c) => ({ file: c.file, line: c.line, lines: c.lines, first: c.first.file, firstLine: c.first.line }));
}

/** The code files of test/ (fixtures included: a fixture written twice is a copy too). */
export function testFiles(root = REPO_ROOT) {
  return sourceFiles(root, ['test'], CODE_EXT);
}

// -------------------------------------------------------------------------------- circles

const IMPORT_RE = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * Relative imports of a TypeScript / JavaScript file, resolved to repo files. Type-only imports
 * count too: a circle through types still ties the two rooms together.
 */
export function importsOf(file, text, exists) {
  const out = new Set();
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2];
    if (!spec || !spec.startsWith('.')) continue;
    const base = join(dirname(file), spec).split('\\').join('/');
    const candidates = [base, `${base}.ts`, `${base}.mjs`, `${base}.js`, `${base}/index.ts`, base.replace(/\.m?js$/, '.ts')];
    const hit = candidates.find((c) => exists(c));
    if (hit) out.add(hit);
  }
  return [...out];
}

/**
 * Every import circle, each as the list of files on it (the smallest file first), found with
 * Tarjan's strongly connected components: a component of two or more files, or a file that
 * imports itself, is a circle.
 * @param {Record<string, string[]>} graph
 */
export function importCircles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph[v] ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph[v] ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of Object.keys(graph).sort()) if (!idx.has(v)) strong(v);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The import graph of the code files under the scanned roots. */
export function importGraph(root = REPO_ROOT, roots = SCANNED_ROOTS) {
  const files = sourceFiles(root, roots, /\.(ts|mjs|js)$/);
  const set = new Set(files);
  const graph = {};
  for (const f of files) graph[f] = importsOf(f, readFileSync(join(root, f), 'utf8'), (c) => set.has(c));
  return graph;
}

// ------------------------------------------------------------------------------ dead exports

/**
 * The names a TypeScript / JavaScript file exports: declarations (`export function f`, `export
 * const { a, b } = …`, classes, types, interfaces, enums), `export { a, b as c }` lists and
 * `export default` (as `default`). `export * from` is in `stars` (the module's names pass on).
 */
export function exportsOf(text) {
  const names = new Set();
  const code = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');
  for (const m of code.matchAll(/(?:^|[\s;])export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|interface|type|enum|namespace)\s+([\w$]+)/g)) names.add(m[1]);
  for (const m of code.matchAll(/(?:^|[\s;])export\s+(?:const|let|var)\s+[{[]([^}\]]*)[}\]]\s*=/g)) {
    for (const part of m[1].split(',')) {
      const local = part.split(':').pop().trim().replace(/=.*$/, '').replace(/^\.\.\./, '').trim();
      if (/^[\w$]+$/.test(local)) names.add(local);
    }
  }
  for (const m of code.matchAll(/(?:^|[\s;])export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of m[1].split(',')) {
      const as = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/);
      const name = (as[1] ?? as[0]).trim();
      if (/^[\w$]+$/.test(name)) names.add(name);
    }
  }
  if (/(?:^|[\s;])export\s+default\s/.test(code)) names.add('default');
  return [...names];
}

/**
 * What a file takes from each module it imports: `{ module: names }`, names as the exporting
 * module spells them; `*` for a namespace import, a side-effect import, a dynamic import or an
 * `export * from` (the whole module is reached, its names by property). `import('./x').name` in
 * a type position takes that one name.
 */
export function takenNames(file, text, exists) {
  const out = {};
  const resolveSpec = (spec) => importsOf(file, `import '${spec}';`, exists)[0];
  const take = (spec, names) => {
    const target = resolveSpec(spec);
    if (!target) return;
    const set = (out[target] ??= new Set());
    for (const n of names) set.add(n);
  };
  const code = text.replace(/\/\*[\s\S]*?\*\//g, ' ');
  for (const m of code.matchAll(/(?:^|[\s;])(import|export)\s+(type\s+)?([\w$*{}\s,]+?)\s+from\s+['"]([^'"]+)['"]/g)) {
    const clause = m[3];
    const names = [];
    const braces = clause.match(/\{([^}]*)\}/);
    if (braces) {
      for (const part of braces[1].split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim();
        if (/^[\w$]+$/.test(name)) names.push(name);
      }
    }
    const rest = clause.replace(/\{[^}]*\}/, '').split(',').map((s) => s.trim()).filter(Boolean);
    for (const r of rest) names.push(r.startsWith('*') ? '*' : 'default');
    take(m[4], names);
  }
  for (const m of code.matchAll(/(?:^|[\s;])import\s+['"]([^'"]+)['"]/g)) take(m[1], ['*']);
  for (const m of code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)(\.[\w$]+)?/g)) take(m[1], [m[2] ? m[2].slice(1) : '*']);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
}

/**
 * Exported names of core/ and hosts/ that no other file takes. `importers` are the files whose
 * imports count (the source tree, and the tests only for the seams kept with `@keep`); `entries`
 * are the modules a host or the build loads by path (their exports are the host's to read);
 * `standIns` maps a module to the file the build puts in its place (the names taken from the
 * one are taken from the other). A module reached as a whole (`*`) has none of its names dead.
 * @returns {{ file: string, name: string }[]}
 */
/** The names a file imports from a Node built-in (`default` for a default import, `*` for a namespace). */
function builtinNames(text, spec) {
  const names = [];
  const quoted = spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const m of text.matchAll(new RegExp(`import\\s+(?!type\\s)([^;]+?)\\s+from\\s+['"]${quoted}['"]`, 'g'))) {
    for (const part of m[1].split(/,(?![^{]*})/)) {
      const p = part.trim();
      if (p.startsWith('* as')) names.push('*');
      else if (p.startsWith('{')) for (const n of p.slice(1, -1).split(',')) {
        const name = n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
        if (name) names.push(name);
      }
      else if (p) names.push('default');
    }
  }
  return names;
}

export function deadExports(files, { entries = [], standIns = {}, exists }) {
  const byFile = new Map(files.map((f) => [f.file, f]));
  const taken = new Map(); // file -> Set of names taken from it by another file
  const takeFrom = (target, names) => {
    const set = taken.get(target) ?? new Set();
    taken.set(target, set);
    for (const n of names) set.add(n);
  };
  const stars = new Map(); // barrel -> modules it passes on whole
  for (const { file, text } of files) {
    if (!/\.(ts|mts|mjs|js)$/.test(file)) continue;
    for (const [target, names] of Object.entries(takenNames(file, text, exists))) {
      if (target === file) continue;
      takeFrom(target, names);
      const stand = standIns[target];
      if (stand) takeFrom(stand, names);
    }
    // a stand-in for a Node built-in gives what the sources take from that built-in, and its default
    // export for the bundled packages that import the built-in whole
    for (const [spec, stand] of Object.entries(standIns)) if (spec.startsWith('node:')) takeFrom(stand, ['default', ...builtinNames(text, spec)]);
    for (const m of text.matchAll(/(?:^|[\s;])export\s+\*\s+from\s+['"]([^'"]+)['"]/g)) {
      const target = importsOf(file, `import '${m[1]}';`, exists)[0];
      if (target) stars.set(file, [...(stars.get(file) ?? []), target]);
    }
  }
  // a name taken from a barrel is taken from the module the barrel passes on
  for (let changed = true; changed; ) {
    changed = false;
    for (const [barrel, targets] of stars) {
      const names = taken.get(barrel) ?? new Set();
      for (const t of targets) {
        const before = taken.get(t)?.size ?? 0;
        takeFrom(t, [...names].filter((n) => n !== '*'));
        if ((taken.get(t)?.size ?? 0) !== before) changed = true;
      }
    }
  }
  const out = [];
  for (const { file, text } of files) {
    if (!/^(core|hosts)\//.test(file) || !/\.(ts|mts|mjs|js)$/.test(file) || /\.d\.m?ts$/.test(file)) continue;
    if (entries.includes(file) || !byFile.has(file)) continue;
    const names = taken.get(file) ?? new Set();
    if (names.has('*')) continue;
    for (const name of exportsOf(text)) if (!names.has(name)) out.push({ file, name });
  }
  return out;
}

/**
 * Exports no source file takes, kept on purpose, each with why, read from a JSDoc tag on the
 * export itself: `@keep <name> <why>` marks a seam only the tests take (a test imports it; nothing
 * else counts as its importer), `@keepUntested <name> <why>` one kept though no test takes it. The
 * tag names its export so that one comment above an `export { a, b } from` list can keep some of
 * its names. They come in kinds: a seam that reaches behaviour a person would notice (a fake file
 * system, a clock, a cache to drop, an error class to expect); a table a test enumerates against
 * the world (an option table against the installed program's --help, the protocol's enumerations
 * against an independent schema); and the type of a public function's input or a port the tests
 * fake. A helper whose behaviour the tests can reach through its public caller is not kept: its
 * test goes through that caller.
 * @param {{ file: string, text: string }[]} files
 * @returns {{ file: string, name: string, test: boolean, why: string }[]}
 */
export function keptExports(files) {
  const out = [];
  for (const { file, text } of files) {
    for (const doc of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
      const body = doc[1].split('\n').map((l) => l.replace(/^\s*\*?\s?/, '').trim()).join(' ');
      for (const m of body.matchAll(/(?:^|\s)@(keep|keepUntested)\s+([\w$]+)\s+(.*?)\s*(?=\s@\w|$)/g)) {
        out.push({ file, name: m[2], test: m[1] === 'keep', why: m[3] });
      }
    }
  }
  return out;
}

/** The dead-export report: the tree's files, the build's entries and stand-ins, the tests for the kept seams. */
export async function deadReport(root = REPO_ROOT) {
  const { ARTIFACTS } = await import('./artifacts.mjs');
  // the build's own scripts load some TypeScript modules by path through jiti (`join(root, 'hosts', …, 'x.ts')`)
  const byPath = read(root, sourceFiles(root, ['build'], /\.mjs$/)).flatMap(({ text }) => [...text.matchAll(/join\(\s*root\s*,((?:\s*'[^']+'\s*,?)+)\)/g)].map((m) => [...m[1].matchAll(/'([^']+)'/g)].map((p) => p[1]).join('/')));
  // a host folder's artifact.mjs is loaded by build/artifacts.mjs by its place, not imported by name
  const folderArtifacts = sourceFiles(root, ['hosts'], /^artifact\.mjs$/);
  const entries = ARTIFACTS.flatMap((a) => [a.entry, a.decisionEntry].filter(Boolean)).concat(byPath.filter((f) => f.endsWith('.ts')), folderArtifacts);
  const standIns = Object.assign({}, ...ARTIFACTS.map((a) => a.moduleMap ?? {}));
  const src = read(root, sourceFiles(root, [...SCANNED_ROOTS], /\.(ts|mts|mjs|js)$/));
  const keptRows = keptExports(src);
  const keptTests = keptRows.filter((k) => k.test).map((k) => `${k.file}#${k.name}`);
  const all = src.concat(read(root, ['rollup.config.ts'].filter((f) => existsSync(join(root, f)))));
  const set = new Set(all.map((f) => f.file));
  const dead = deadExports(all, { entries, standIns, exists: (c) => set.has(c) });
  const tests = read(root, sourceFiles(root, ['test'], /\.(ts|mts|mjs|js)$/));
  const testSet = new Set([...set, ...tests.map((t) => t.file)]);
  const byTests = new Map();
  for (const t of tests) for (const [target, names] of Object.entries(takenNames(t.file, t.text, (c) => testSet.has(c)))) {
    const s = byTests.get(target) ?? new Set();
    for (const n of names) s.add(n);
    byTests.set(target, s);
  }
  const rows = dead.map((d) => ({ ...d, tests: byTests.get(d.file)?.has(d.name) || byTests.get(d.file)?.has('*') || false }));
  const why = (r) => keptRows.find((k) => k.file === r.file && k.name === r.name && (!k.test || r.tests))?.why;
  const kept = rows.filter((r) => why(r) !== undefined).map((r) => ({ ...r, why: why(r) }));
  return { dead: rows.filter((r) => why(r) === undefined), kept, keptTests };
}

// ------------------------------------------------------------------------------ answer types and path

/** The module of the one answer path and the name of its entry. */
export const ANSWER_MODULE = 'core/answer/answer.ts';

/**
 * Every exported type of core/ and hosts/ that carries an answer, and what it is to that answer:
 * `answer` (the one type every door renders), `part` (a piece the answer is made of), `wire`
 * (the host's or a door's bytes: the answer rendered, not a second answer), `wrapper` (the one
 * answer with what a door needs beside it), `mod` (a host mod's own forms: the result the host
 * reads from a mod, mapped once from its adapter's fields of the answer), `other` (named like an answer, not one). A new type
 * named `…Answer` that is not here fails the report's test. A host folder's own types are not
 * listed here but tagged where they are declared (answerTags), so this table names no host.
 */
export const ANSWER_TYPES = [
  { file: 'core/answer/outcome.ts', name: 'Answer', role: 'answer', why: 'the one answer: allow, context, ask, deny, rewrite, with the person-hooks fields' },
  { file: 'core/answer/outcome.ts', name: 'Outcome', role: 'part', why: "the guard's part of an Answer (Answer extends it), what handleEvent returns" },
  { file: 'hosts/shared/adapter.ts', name: 'Rendered', role: 'wire', why: "a command hook's bytes: stdout, stderr, exit code" },
  { file: 'hosts/shared/runner.ts', name: 'HookDecision', role: 'wrapper', why: 'an Answer with its event row before rendering (or silent, or the fail mode)' },
  { file: 'hosts/cli/guard/decide.ts', name: 'GuardResult', role: 'wrapper', why: "`stopline guard`'s JSON verdict (rendered from an Answer; the Verdict type is the module's own) with its exit code and stderr, or an input error" },
  { file: 'core/config/file-stamp.ts', name: 'StatAnswer', role: 'other', why: 'what a stat says about a path' },
];

/** The doors, each by the module where it starts deciding (a host folder's own door: its `@door` tag, answerTags). */
export const ANSWER_DOORS = [
  { door: 'command hooks', file: 'hosts/shared/runner.ts' },
  { door: 'evaluator', file: 'hosts/shared/evaluator/server.ts' },
  { door: 'in-process runtime', file: 'hosts/shared/in-process/runtime.ts' },
  { door: 'guard', file: 'hosts/cli/guard/decide.ts' },
  { door: 'listen', file: 'hosts/cli/listen.ts' },
];

/**
 * The answer types and doors a file declares by a JSDoc tag: `@answerType <role> <why>` on an
 * exported type (the next one after the comment), `@door <name>` anywhere in a comment (the file
 * is where that door starts deciding). A host folder tags its own, as `@keep` tags its kept seams.
 * @param {{ file: string, text: string }[]} files
 * @returns {{ types: { file: string, name: string, role: string, why: string }[], doors: { door: string, file: string }[] }}
 */
export function answerTags(files) {
  const types = [];
  const doors = [];
  for (const { file, text } of files) {
    for (const doc of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
      const body = doc[1].split('\n').map((l) => l.replace(/^\s*\*?\s?/, '').trim()).join(' ');
      for (const m of body.matchAll(/(?:^|\s)@door\s+([\w-]+)/g)) doors.push({ door: m[1], file });
      const t = /(?:^|\s)@answerType\s+(\w+)\s+(.*?)\s*(?=\s@\w|$)/.exec(body);
      const next = t && /^\s*export\s+(?:interface|type)\s+([\w$]+)/.exec(text.slice(doc.index + doc[0].length));
      if (next) types.push({ file, name: next[1], role: t[1], why: t[2] });
    }
  }
  return { types, doors };
}

/** Exported type names of a file (interfaces and type aliases). */
function exportedTypes(text) {
  return [...text.matchAll(/(?:^|\n)export\s+(?:interface|type)\s+([\w$]+)/g)].map((m) => m[1]);
}

/** Whether a file calls the answer path's `answer()`, imported from ANSWER_MODULE. */
export function callsAnswer(file, text, exists) {
  const from = takenNames(file, text, exists)[ANSWER_MODULE] ?? [];
  return from.includes('answer') && /(?<![\w$.])answer\(/.test(text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, ''));
}

/**
 * The answer report: each answer type found (listed or named `…Answer`) with its role, and for
 * each door the chain of imports from its module to a file that calls `answer()` (null: none).
 * @param {{ file: string, text: string }[]} files
 */
export function answerReport(files, doors = ANSWER_DOORS, types = ANSWER_TYPES) {
  const byFile = new Map(files.map((f) => [f.file, f.text]));
  const exists = (c) => byFile.has(c);
  const found = [];
  for (const { file, text } of files) {
    if (!/^(core|hosts)\/.*\.ts$/.test(file)) continue;
    for (const name of exportedTypes(text)) {
      const listed = types.find((t) => t.file === file && t.name === name);
      if (listed || /Answer$/.test(name)) found.push(listed ?? { file, name, role: 'unclassified', why: 'named like an answer and not in ANSWER_TYPES' });
    }
  }
  const missing = types.filter((t) => !found.includes(t));
  const graph = Object.fromEntries(files.filter((f) => /\.(ts|mjs|js)$/.test(f.file)).map((f) => [f.file, importsOf(f.file, f.text, exists)]));
  const callers = new Set(files.filter((f) => f.file !== ANSWER_MODULE && callsAnswer(f.file, f.text, exists)).map((f) => f.file));
  const reach = doors.map(({ door, file }) => {
    if (!byFile.has(file)) return { door, file, via: null };
    // breadth first, so the chain is a shortest one
    const prev = new Map([[file, null]]);
    const queue = [file];
    while (queue.length) {
      const f = queue.shift();
      if (callers.has(f)) {
        const via = [];
        for (let at = f; at !== null; at = prev.get(at)) via.unshift(at);
        return { door, file, via };
      }
      for (const g of graph[f] ?? []) if (!prev.has(g)) (prev.set(g, f), queue.push(g));
    }
    return { door, file, via: null };
  });
  return { types: found, missing, doors: reach, callers: [...callers].sort() };
}

// ------------------------------------------------------------------------------------ CLI

/**
 * The files the event-list rule does not look at: the registry itself, files the build renders
 * whole from it (build/host-files.mjs) and scenario data (the runtime-matrix cases and demo
 * scripts in build/artifacts.mjs, the README example run: sequences of calls with their
 * payloads, not a table of a host's events).
 * A file the build renders only in part (a shim's hook tuple) is scanned with its generated block
 * left out (GENERATED_MARK).
 */
export function isExempt(file, text) {
  if (file.startsWith('core/registry/') || SCENARIO_FILES.includes(file) || FOLDER_ARTIFACT.test(file)) return true;
  return Object.hasOwn(GENERATED, file) && !text.includes(GENERATED_MARK);
}

export const SCENARIO_FILES = ['build/artifacts.mjs', 'build/readme-example.mjs'];
/** A host folder's artifact description: its runtime cases are scenarios like build/artifacts.mjs's. */
const FOLDER_ARTIFACT = /^hosts\/[^/]+\/artifact\.mjs$/;

// ------------------------------------------------------------------------------ host lists

/**
 * THE HOST-LIST RULE. A literal array in code (`[...]`, on one line or several) holding two or
 * more distinct host family names as whole quoted strings, or a string that writes two or more
 * of them as `|` choices (a usage line), is a hand-written list of hosts, and
 * the one list lives in core/registry/host-specs.ts: take HOST_NAMES or HOOK_DIALECTS from there (a
 * table keyed by host, `{ a: …, b: … }`, is not a list: its type asks for every host;
 * nor is an array of records, whose names sit inside objects).
 * Comments are not read (codeLines). TypeScript, JavaScript and Python files are read.
 * @param {{ file: string, text: string }[]} files
 * @param {readonly string[]} hostNames
 * @returns {{ file: string, line: number, names: string[] }[]} one row per array that lists hosts
 */
export function hostListings(files, hostNames) {
  const hosts = new Set(hostNames);
  const out = [];
  for (const { file, text } of files) {
    if (!CODE_EXT.test(file)) continue;
    const code = codeLines(text, file).join('\n');
    // open brackets: an array's start line and the host names quoted directly in it; an object
    // frame keeps its values out of the array around it (a table of records, one per artifact)
    const stack = [];
    walkStrings(code, {
      templatesSpanLines: false,
      onString(str, line) {
        // a usage line's choices written out (`a|b|…`) or a sentence naming three or
        // more hosts one after another (`a, b, c`) are a list too
        const choices = barList(str, hosts);
        const named = commaList(str, hosts);
        if (choices.length < 2 && named.length >= 3) out.push({ file, line, names: named });
        if (choices.length >= 2) out.push({ file, line, names: choices });
        const top = stack[stack.length - 1];
        if (top?.names && hosts.has(str)) top.names.add(str);
      },
      onCode(ch, line) {
        if (ch === '[') stack.push({ line, names: new Set() });
        else if (ch === '{') stack.push({ line });
        else if ((ch === ']' || ch === '}') && stack.length > 0) {
          const open = stack.pop();
          if (open.names && open.names.size >= 2) out.push({ file, line: open.line, names: [...open.names] });
        }
      },
    });
  }
  return out;
}

/**
 * A host-specific branch: a host name compared as a quoted string (`case '<host>':`,
 * `host === '<host>'`, `'<host>' !== host`). Each is code that a new host must be added to by hand
 * instead of a row its spec or a keyed table provides. Comments are not read.
 * @param {{ file: string, text: string }[]} files
 * @param {readonly string[]} hostNames
 * @returns {{ file: string, line: number, name: string }[]}
 */
export function hostSwitches(files, hostNames) {
  const names = hostNames.map((n) => n.replace(/[^\w-]/g, '')).join('|');
  const re = new RegExp(`(?:\\bcase\\s+|[!=]==\\s*)(['"])(${names})\\1|(['"])(${names})\\3\\s*[!=]==`, 'g');
  const out = [];
  for (const { file, text } of files) {
    if (!CODE_EXT.test(file)) continue;
    codeLines(text, file).forEach((code, i) => {
      for (const m of code.matchAll(re)) out.push({ file, line: i + 1, name: m[2] ?? m[4] });
    });
  }
  return out;
}

/** The files the host-branch rule reads: the person's tooling (hosts/cli/) and the build. */
export function hostSwitchScanFiles(root = REPO_ROOT) {
  return read(root, sourceFiles(root, ['hosts/cli', 'build'], CODE_EXT));
}

/** The distinct host names a string writes one after another, parted by commas or "or"/"and". */
function commaList(str, hosts) {
  let best = [];
  let run = [];
  for (const m of str.matchAll(/([\w-]+)(\s*\([^),]*\))?(\s*(?:,|\bor\b|\band\b)\s*)?/g)) {
    if (hosts.has(m[1])) run.push(m[1]);
    else run = [];
    if (run.length > best.length) best = [...run];
    if (!m[3]) run = [];
  }
  return [...new Set(best)];
}

/** The distinct host names a string sets beside a `|` (`<a|b|all>`), in order. */
function barList(str, hosts) {
  const names = new Set();
  for (const m of str.matchAll(/[\w-]+/g)) {
    const before = str[m.index - 1];
    const after = str[m.index + m[0].length];
    if (hosts.has(m[0]) && (before === '|' || after === '|')) names.add(m[0]);
  }
  return [...names];
}

/**
 * THE HOOK-ENGINE RULE. core/hooks reads the person's hooks (any host's hook files) through the
 * hosts' hook-file rows in core/registry: a host name written in its code, as a whole word
 * (letters, digits and `_` make a word, case ignored) in an identifier, a string or a message,
 * is a host fact that belongs on a row. Comments are not read: they may explain a fact.
 * @param {{ file: string, text: string }[]} files
 * @param {readonly string[]} hostNames
 * @returns {{ file: string, line: number, name: string }[]}
 */
export function hostNamesInCode(files, hostNames) {
  const names = hostNames.map((n) => n.replace(/[^\w-]/g, '')).join('|');
  const re = new RegExp(`(?<![A-Za-z0-9_])(${names})(?![A-Za-z0-9_])`, 'gi');
  const out = [];
  for (const { file, text } of files) {
    if (!CODE_EXT.test(file)) continue;
    codeLines(text, file).forEach((code, i) => {
      for (const m of code.matchAll(re)) out.push({ file, line: i + 1, name: m[1].toLowerCase() });
    });
  }
  return out;
}

/** The files the hook-engine rule reads: core/hooks. */
export function hookEngineScanFiles(root = REPO_ROOT) {
  return read(root, sourceFiles(root, ['core/hooks'], CODE_EXT));
}

/** The source files the host-list rule reads: every code file outside core/registry. */
export function hostListScanFiles(root = REPO_ROOT) {
  return read(root, sourceFiles(root, SCANNED_ROOTS, CODE_EXT)).filter(({ file }) => !file.startsWith('core/registry/'));
}

/** The source files the event-list rule reads. */
export function eventScanFiles(root = REPO_ROOT) {
  return read(root, sourceFiles(root)).filter(({ file, text }) => !isExempt(file, text));
}

// ------------------------------------------------------------------------------ host files

/**
 * THE HOST-FILES RULE. Adding a host should touch its registry file, its own folders and
 * generated output, nothing else. A file names a host when the host's name stands in it as a
 * whole word, any case, in code or prose alike (a comment naming a host is a place someone edits
 * when the host changes too); a long option spelled like one (`free --kilo`) is a program's
 * option, not the host. Not counted: core/registry/ (the one table of host facts), the
 * host's folders (hosts/<host>/, test/hosts/<host>/, test/fixtures/<host>/), dist/ and docs/
 * (built or written from the registry and the host notes), the files build/host-files.mjs
 * renders whole, which a test compares byte for byte with their renderer, and a Markdown file's
 * blocks between `<!-- x:start (generated …) -->` and `<!-- x:end -->` (the README's, each
 * checked against its generator by test/build/readme.test.ts).
 * @param {{ file: string, text: string }[]} files
 * @param {readonly string[]} hostNames
 * @param {readonly string[]} generated repo-relative paths rendered whole from the registry
 * @returns {Record<string, string[]>} per host, the files that name it, sorted
 */
export function hostFileListings(files, hostNames, generated = Object.keys(GENERATED)) {
  const skip = new Set(generated);
  const out = {};
  for (const host of hostNames) {
    const word = new RegExp(`(?<![A-Za-z0-9_]|--)${escapeRe(host)}(?![A-Za-z0-9_])`, 'i');
    const own = ['core/registry/', 'dist/', 'docs/', `hosts/${host}/`, `test/hosts/${host}/`, `test/fixtures/${host}/`];
    out[host] = files
      .filter(({ file, text }) => !skip.has(file) && !own.some((dir) => file.startsWith(dir)) && word.test(file.endsWith('.md') ? text.replace(GENERATED_MD_BLOCK, '') : text))
      .map(({ file }) => file)
      .sort();
  }
  return out;
}

/** A generated block of a Markdown file, its markers included. */
const GENERATED_MD_BLOCK = /<!-- ([\w-]+):start \(generated[^>]*-->[\s\S]*?<!-- \1:end -->/g;

/** Every file of the repository git keeps or would (untracked files that are not ignored), as the host-files rule reads them; binary files left out. */
export function repositoryFiles(root = REPO_ROOT) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0').filter(Boolean);
  const out = [];
  for (const file of listed) {
    const full = join(root, file);
    if (!existsSync(full) || !statSync(full).isFile()) continue;
    const buf = readFileSync(full);
    if (buf.includes(0)) continue;
    out.push({ file, text: buf.toString('utf8') });
  }
  return out;
}

// ------------------------------------------------------------------------------ host literals

/**
 * The words that name one host in a string: its id (any case, as a whole word: no letter or
 * digit either side, so an upper-case variable that starts with it, a folder `.<id>-x` and its
 * display name count, a longer word that starts with it does not, nor a long option spelled like
 * it, `--<id>`), and the folder and variable names its layout owns, which need not hold the id. A
 * folder or variable two hosts share (`.config`, `XDG_CONFIG_HOME`) names neither.
 * @param {readonly import('../core/registry/host-specs').HostSpec[]} specs
 * @returns {{ host: string, re: RegExp }[]}
 */
export function hostWords(specs) {
  const owners = new Map();
  const own = (host, word) => owners.set(word, new Set([...(owners.get(word) ?? []), host]));
  for (const s of specs) {
    const l = s.layout ?? {};
    if (l.dir) own(s.name, l.dir.split('/')[0]);
    for (const v of l.env ?? []) own(s.name, v.split('/')[0]);
    for (const v of l.system ?? []) if (/^[A-Z][A-Z0-9_]*=/.test(v)) own(s.name, v.slice(0, v.indexOf('=')));
    if (s.loadedBy) for (const v of Object.values(s.loadedBy)) own(s.name, v);
  }
  // an id of two letters is an ordinary word too (a SQL function's name): in lowercase between spaces it is a word of another language
  const anyCase = (w) => [...w].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : escapeRe(c))).join('');
  const idRe = (id) => {
    const b = '(?<![A-Za-z0-9]|--)';
    if (id.length > 2) return `${b}${anyCase(id)}(?![A-Za-z0-9])`;
    const lower = escapeRe(id.toLowerCase());
    return `${b}(?:${escapeRe(id[0].toUpperCase())}${anyCase(id.slice(1))}(?![A-Za-z0-9])|(?<! )${lower}(?![A-Za-z0-9])|${lower}(?![A-Za-z0-9 ]))`;
  };
  const out = specs.map((s) => ({ host: s.name, re: new RegExp(idRe(s.name)) }));
  for (const [word, hosts] of owners) {
    if (hosts.size !== 1 || word === '') continue;
    const [host] = hosts;
    if (out.some((w) => w.host === host && w.re.test(word))) continue;
    out.push({ host, re: new RegExp(`(?<![\\w.])${escapeRe(word)}(?![\\w])`) });
  }
  return out;
}

/**
 * The string literals of a code file (comments not read), each with its line and text: quoted
 * strings on one line, template literals across lines (their `${…}` parts read as text).
 * @returns {{ line: number, text: string }[]}
 */
export function stringLiterals(text, file) {
  const out = [];
  walkStrings(codeLines(text, file).join('\n'), { templatesSpanLines: true, onString: (str, line) => out.push({ line, text: str }) });
  return out;
}

/**
 * THE LITERAL RULE. A string literal in code that names a host (hostWords) outside the host's own
 * places is a host fact written by hand: a help text, a path, a variable or a file a new host of
 * its kind would need added there too. The facts live in core/registry (the host's spec and rows)
 * and in hosts/<host>/; other code reads them from there. Comments are not read.
 * @param {{ file: string, text: string }[]} files
 * @param {{ host: string, re: RegExp }[]} words
 * @returns {{ file: string, line: number, hosts: string[], text: string }[]} one row per literal
 */
export function hostLiterals(files, words) {
  const out = [];
  for (const { file, text } of files) {
    if (!CODE_EXT.test(file)) continue;
    for (const lit of stringLiterals(text, file)) {
      const hosts = [...new Set(words.filter((w) => w.re.test(lit.text)).map((w) => w.host))];
      if (hosts.length) out.push({ file, line: lit.line, hosts, text: lit.text });
    }
  }
  return out;
}

/** The rooms the literal rule reads: the core, the shared host code, the person's tooling and the build. */
export const LITERAL_ROOTS = ['core', 'hosts/cli', 'hosts/shared', 'build'];

/**
 * The one file of LITERAL_ROOTS the literal rule leaves out, and why its host names are no host
 * facts written by hand. build/readme-example.mjs makes the README's example: one real exchange
 * with one host, named on purpose (its payloads, its user folder in them, its artifact, the
 * sentence saying what that host does with the answer), which the README's prose around the block
 * names too. It is example text, like a captured fixture in a host's test folder: a new host is
 * never added to it (the README shows one exchange, not one per host), and what it could look up
 * in the registry would still need the host's name to find the row. The event-list rule leaves it
 * out for the same reason (SCENARIO_FILES). Every other file is read, the other scenario file
 * (build/artifacts.mjs) too: the hosts' cases live in their folders, so a name there would be a fact.
 */
export const LITERAL_EXAMPLE = 'build/readme-example.mjs';

/** The code files the literal rule reads: LITERAL_ROOTS without core/registry, the files rendered whole from it and the README's example. */
export function literalScanFiles(root = REPO_ROOT) {
  return read(root, sourceFiles(root, LITERAL_ROOTS, CODE_EXT)).filter(({ file }) => !file.startsWith('core/registry/') && !Object.hasOwn(GENERATED, file) && file !== LITERAL_EXAMPLE);
}

async function loadRegistry(root, file = 'index.ts') {
  const { createJiti } = await import(pathToFileURL(join(root, 'node_modules', 'jiti', 'lib', 'jiti.mjs')).href);
  const jiti = createJiti(import.meta.url, { moduleCache: false, fsCache: false });
  return jiti.import(join(root, 'core', 'registry', file));
}

/** Native event names per host, from the registry. */
export function hostEventNames(registries) {
  return Object.fromEntries(Object.entries(registries).map(([host, reg]) => [host, reg.events.map((e) => e.native)]));
}

function read(root, files) {
  return files.map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
}

async function main(what, root = REPO_ROOT) {
  if (what === 'events') {
    const { REGISTRIES } = await loadRegistry(root);
    const rows = eventListings(eventScanFiles(root), hostEventNames(REGISTRIES), { everySite: true });
    for (const host of Object.keys(REGISTRIES)) {
      const mine = rows.filter((r) => r.host === host);
      console.log(`${host}: ${mine.length} list(s) of its events in ${new Set(mine.map((r) => r.file)).size} file(s) outside core/registry`);
      for (const r of mine) console.log(`  ${r.file}:${r.line} ${r.names.join(', ')}`);
    }
  } else if (what === 'dupes') {
    // `dupes test` runs the same finder over the tests alone; the source report is unchanged
    const where = process.argv[3];
    if (where !== undefined && where !== 'test') {
      console.error(`source-scan dupes: unknown scope ${where} (leave it out for the sources, or 'test')`);
      process.exitCode = 2;
      return;
    }
    const clones = duplicateBlocks(read(root, where === 'test' ? testFiles(root) : sourceFiles(root, SCANNED_ROOTS, CODE_EXT)));
    for (const c of clones) console.log(`${c.file}:${c.line} (${c.lines} lines) = ${c.first}:${c.firstLine}`);
    console.log(`${clones.length} duplicated block(s) of >= 6 lines${where ? ` in ${where}/` : ''}, ${clones.reduce((n, c) => n + c.lines, 0)} lines`);
  } else if (what === 'hosts') {
    const { HOST_FAMILIES } = await loadRegistry(root, 'host-specs.ts');
    const branches = hostSwitches(hostSwitchScanFiles(root), HOST_FAMILIES.filter((h) => h !== 'guard'));
    const perFile = new Map();
    for (const b of branches) perFile.set(b.file, (perFile.get(b.file) ?? 0) + 1);
    for (const [file, n] of perFile) console.log(`${file}: ${n} host-specific branch(es)`);
    console.log(`${branches.length} host-specific branch(es) in hosts/cli/ and build/`);
    const named = hostNamesInCode(hookEngineScanFiles(root), HOST_FAMILIES.filter((h) => h !== 'guard'));
    for (const n of named) console.log(`${n.file}:${n.line} ${n.name}`);
    console.log(`${named.length} host name(s) in the code of core/hooks`);
    const rows = hostListings(hostListScanFiles(root), HOST_FAMILIES);
    for (const r of rows) console.log(`${r.file}:${r.line} ${r.names.join(', ')}`);
    console.log(`${rows.length} hand-written list(s) of hosts outside core/registry`);
  } else if (what === 'host-files') {
    const { HOST_NAMES } = await loadRegistry(root, 'host-specs.ts');
    const only = process.argv[3];
    if (only !== undefined && !HOST_NAMES.includes(only)) {
      console.error(`source-scan host-files: no host named ${only} (one of ${HOST_NAMES.join(', ')})`);
      process.exitCode = 2;
      return;
    }
    const rows = hostFileListings(repositoryFiles(root), only ? [only] : HOST_NAMES);
    for (const [host, files] of Object.entries(rows)) {
      console.log(`${host}: ${files.length} file(s) outside its registry, its folders and generated files`);
      if (only) for (const f of files) console.log(`  ${f}`);
    }
    console.log(`${Object.values(rows).reduce((n, f) => n + f.length, 0)} file(s) name a host outside its own places`);
  } else if (what === 'literals') {
    const { HOST_SPECS } = await loadRegistry(root, 'host-specs.ts');
    const rows = hostLiterals(literalScanFiles(root), hostWords(HOST_SPECS));
    for (const r of rows) console.log(`${r.file}:${r.line} ${r.hosts.join(',')} ${JSON.stringify(r.text.length > 80 ? `${r.text.slice(0, 77)}...` : r.text)}`);
    console.log(`${rows.length} string literal(s) naming a host in ${LITERAL_ROOTS.join(', ')} outside core/registry`);
  } else if (what === 'cycles') {
    const circles = importCircles(importGraph(root));
    for (const c of circles) console.log(c.join(' <-> '));
    console.log(`${circles.length} import circle(s)`);
  } else if (what === 'lines') {
    // source lines of the two rooms the project's size is judged by, tests apart (code lines: no blank or comment-only line)
    for (const roots of [['core'], ['hosts'], ['test']]) {
      const files = read(root, sourceFiles(root, roots, CODE_EXT));
      const all = files.reduce((n, f) => n + f.text.split('\n').length, 0);
      const code = files.reduce((n, f) => n + codeLines(f.text, f.file).filter((l) => l.trim() !== '').length, 0);
      console.log(`${roots[0]}/: ${files.length} files, ${all} lines, ${code} code lines`);
    }
  } else if (what === 'dead') {
    const { dead, kept } = await deadReport(root);
    for (const d of dead) console.log(`${d.file} ${d.name}${d.tests ? ' (taken by tests only)' : ''}`);
    for (const k of kept) console.log(`kept: ${k.file} ${k.name}: ${k.why}`);
    console.log(`${dead.length} dead export(s) in core/ and hosts/, ${kept.length} kept on purpose`);
  } else if (what === 'answers') {
    const files = read(root, sourceFiles(root, [...SCANNED_ROOTS], /\.(ts|mts|mjs|js)$/));
    const tagged = answerTags(files);
    const r = answerReport(files, [...ANSWER_DOORS, ...tagged.doors], [...ANSWER_TYPES, ...tagged.types]);
    const answers = r.types.filter((t) => t.role === 'answer');
    for (const t of r.types) console.log(`${t.role}: ${t.file} ${t.name}: ${t.why}`);
    for (const t of r.missing) console.log(`missing: ${t.file} ${t.name} is listed and no longer exported there`);
    for (const d of r.doors) console.log(`door ${d.door} (${d.file}): ${d.via ? `answer() via ${d.via.join(' -> ')}` : 'does not reach answer()'}`);
    const unclassified = r.types.filter((t) => t.role === 'unclassified').length;
    const off = r.doors.filter((d) => !d.via).length;
    console.log(`${answers.length} answer type(s), ${unclassified} unclassified; ${r.doors.length - off} of ${r.doors.length} doors reach answer() (${r.callers.length} caller module(s): ${r.callers.join(', ')})`);
  } else {
    console.error('usage: node build/source-scan.mjs events|dupes [test]|cycles|hosts|host-files [host]|literals|lines|dead|answers');
    process.exitCode = 2;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv[2]);
