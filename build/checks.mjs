// Checks every built artifact must pass. build/finish.mjs runs them after each build (a
// failure fails the build) and test/build/ runs them over the committed dist/. They read
// only the artifact list and the bytes on disk; what a host's loader needs of its file is the
// artifact's `loader`, written in the host's folder.
import { homedir } from 'node:os';
import { parseAst } from 'rollup/parseAst';
import { REPO_ROOT } from './artifacts.mjs';
import { SHEBANG } from './bundle.mjs';
import { isAllowedBuiltin } from './builtins.mjs';
import { splitParts } from './two-part.mjs';

/** Absolute-path prefixes that mean the build machine leaked into an artifact. */
export function forbiddenPathMarkers(root = REPO_ROOT) {
  const markers = new Set(['/work/', '/root/', '/home/', '/tmp/', withSlash(root)]);
  const home = homedir();
  if (home && home !== '/') markers.add(withSlash(home));
  return [...markers];
}

function withSlash(p) {
  return p.endsWith('/') ? p : p + '/';
}

/** @returns {string[]} one line per leaked absolute path */
export function findAbsolutePaths(text, markers = forbiddenPathMarkers()) {
  const problems = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const marker of markers) {
      if (line.includes(marker)) problems.push(`line ${i + 1} contains the absolute path prefix "${marker}": ${excerpt(line, marker)}`);
    }
  });
  return problems;
}

function excerpt(line, marker) {
  const at = line.indexOf(marker);
  return line.slice(Math.max(0, at - 30), at + marker.length + 30).trim();
}

/**
 * Module specifiers a bundle imports (static, re-export and literal dynamic imports);
 * a dynamic import with a computed specifier is reported as `null`.
 * @returns {(string | null)[]}
 */
export function importedSpecifiers(code) {
  return importSites(code).map((s) => s.spec);
}

/**
 * @returns {{ spec: string | null, dynamic: boolean }[]}
 */
function importSites(code) {
  const ast = parseAst(stripFirstLine(code));
  /** @type {{ spec: string | null, dynamic: boolean }[]} */
  const found = [];
  walk(ast, (node) => {
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && node.source) {
      found.push({ spec: String(node.source.value), dynamic: false });
    } else if (node.type === 'ImportExpression') {
      found.push({ spec: node.source.type === 'Literal' && typeof node.source.value === 'string' ? node.source.value : null, dynamic: true });
    }
  });
  return found;
}

/**
 * Problems with what a bundle imports: only node: built-ins that Node, Bun and Deno all have,
 * plus the modules its host provides (`hostModules`), and those only through a dynamic import().
 * The first part of a two-part script (build/two-part.mjs) may hold one computed import
 * (`secondPartLoader`): the one that loads its own second part, which is checked as a module of
 * its own.
 * @param {string} code
 * @param {{ hostModules?: readonly string[], secondPartLoader?: boolean }} [opts]
 */
export function checkImports(code, { hostModules = [], secondPartLoader = false } = {}) {
  const problems = [];
  let computed = 0;
  for (const { spec, dynamic } of importSites(code)) {
    if (spec === null && secondPartLoader && computed++ === 0) continue;
    if (spec === null) problems.push('has a dynamic import() with a computed specifier (cannot prove it is self-contained)');
    else if (hostModules.includes(spec)) {
      if (!dynamic) problems.push(`imports "${spec}" statically (a module the host provides is only reached through import(), so the file loads without it)`);
    } else if (!isAllowedBuiltin(spec)) problems.push(`imports "${spec}" (only node: built-ins from build/builtins.mjs may stay external)`);
  }
  return problems;
}

function stripFirstLine(code) {
  // parseAst accepts a hashbang, but keep this explicit for a file whose loader wants another first line too
  return code.startsWith('#!') ? code.slice(code.indexOf('\n') + 1) : code;
}

function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) for (const child of value) walk(child, visit);
    else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value, visit);
  }
}

const FUNCTION_NODES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * Every export of a module with what it is bound to. `isFunction` is decided statically:
 * a function declaration, or a `const`/`let`/`var` initialised with a function.
 * @returns {{ name: string, local: string | null, isFunction: boolean, reExport: boolean }[]}
 */
export function listExports(code) {
  const ast = parseAst(stripFirstLine(code));
  /** @type {Map<string, boolean>} */
  const topLevel = new Map();
  for (const node of ast.body) {
    if (node.type === 'FunctionDeclaration' && node.id) topLevel.set(node.id.name, true);
    if (node.type === 'ClassDeclaration' && node.id) topLevel.set(node.id.name, false);
    if (node.type === 'VariableDeclaration') {
      for (const d of node.declarations) if (d.id.type === 'Identifier') topLevel.set(d.id.name, !!d.init && FUNCTION_NODES.has(d.init.type));
    }
  }
  const exports = [];
  for (const node of ast.body) {
    if (node.type === 'ExportAllDeclaration') {
      exports.push({ name: node.exported ? exportName(node.exported) : '*', local: null, isFunction: false, reExport: true });
    } else if (node.type === 'ExportNamedDeclaration') {
      const decl = node.declaration;
      if (decl?.type === 'FunctionDeclaration' && decl.id) exports.push({ name: decl.id.name, local: decl.id.name, isFunction: true, reExport: false });
      else if (decl?.type === 'ClassDeclaration' && decl.id) exports.push({ name: decl.id.name, local: decl.id.name, isFunction: false, reExport: false });
      else if (decl?.type === 'VariableDeclaration') {
        for (const d of decl.declarations) {
          const name = d.id.type === 'Identifier' ? d.id.name : '(pattern)';
          exports.push({ name, local: name, isFunction: !!d.init && FUNCTION_NODES.has(d.init.type), reExport: false });
        }
      }
      for (const s of node.specifiers ?? []) {
        const local = exportName(s.local);
        exports.push({ name: exportName(s.exported), local, isFunction: !node.source && topLevel.get(local) === true, reExport: !!node.source });
      }
    } else if (node.type === 'ExportDefaultDeclaration') {
      const d = node.declaration;
      if (FUNCTION_NODES.has(d.type)) exports.push({ name: 'default', local: d.id?.name ?? null, isFunction: true, reExport: false });
      else if (d.type === 'Identifier') exports.push({ name: 'default', local: d.name, isFunction: topLevel.get(d.name) === true, reExport: false });
      else exports.push({ name: 'default', local: null, isFunction: false, reExport: false });
    }
  }
  return exports;
}

function exportName(node) {
  return node.type === 'Identifier' ? node.name : String(node.value);
}

/**
 * The properties of the object a module exports as default: each key with whether its value is
 * statically a function (a function literal, or a top-level function or function-initialised
 * binding). null when the default export is not an object literal (directly, or through one
 * top-level binding).
 * @returns {Map<string, boolean> | null}
 */
export function defaultObjectShape(code) {
  const ast = parseAst(stripFirstLine(code));
  /** @type {Map<string, any>} */
  const inits = new Map();
  /** @type {Map<string, boolean>} */
  const functions = new Map();
  for (const node of ast.body) {
    if (node.type === 'FunctionDeclaration' && node.id) functions.set(node.id.name, true);
    if (node.type === 'VariableDeclaration') {
      for (const d of node.declarations) {
        if (d.id.type !== 'Identifier') continue;
        inits.set(d.id.name, d.init);
        functions.set(d.id.name, !!d.init && FUNCTION_NODES.has(d.init.type));
      }
    }
  }
  let object = null;
  for (const node of ast.body) {
    if (node.type === 'ExportDefaultDeclaration') {
      const d = node.declaration;
      object = d.type === 'ObjectExpression' ? d : d.type === 'Identifier' ? inits.get(d.name) : null;
    } else if (node.type === 'ExportNamedDeclaration' && !node.source) {
      for (const s of node.specifiers ?? []) if (exportName(s.exported) === 'default') object = inits.get(exportName(s.local));
    }
  }
  if (!object || object.type !== 'ObjectExpression') return null;
  const shape = new Map();
  for (const prop of object.properties) {
    if (prop.type !== 'Property' || prop.computed) return null;
    const key = prop.key.type === 'Identifier' ? prop.key.name : String(prop.key.value);
    const v = prop.value;
    shape.set(key, FUNCTION_NODES.has(v.type) || (v.type === 'Identifier' && functions.get(v.name) === true));
  }
  return shape;
}

/** The names a node binds in its scope (a declaration, a function's name and parameters, a catch parameter). */
function declaredNames(node) {
  const out = [];
  const bind = (pattern) => {
    if (!pattern) return;
    if (pattern.type === 'Identifier') out.push(pattern.name);
    else if (pattern.type === 'ObjectPattern') for (const p of pattern.properties) bind(p.type === 'RestElement' ? p.argument : p.value);
    else if (pattern.type === 'ArrayPattern') for (const p of pattern.elements) bind(p);
    else if (pattern.type === 'RestElement') bind(pattern.argument);
    else if (pattern.type === 'AssignmentPattern') bind(pattern.left);
  };
  if (node.type === 'VariableDeclarator') bind(node.id);
  else if (FUNCTION_NODES.has(node.type)) {
    if (node.id) out.push(node.id.name);
    for (const p of node.params) bind(p);
  } else if (node.type === 'CatchClause') bind(node.param);
  else if (node.type === 'ClassDeclaration' && node.id) out.push(node.id.name);
  return out;
}

/**
 * A file its host loads as TypeScript (jiti strips types, then runs the rest as JS). So it
 * must parse as TS, and it must mean the same as TS as it does as JS: `a < b > (c)` is two
 * comparisons in JS but a generic call `a(c)` in TS. Compare the JS syntax tree of the file
 * with the tree of what TypeScript emits for it (positions and comments ignored).
 */
export async function checkLoadsAsTypeScript(code, fileName) {
  const ts = (await import('typescript')).default;
  const out = ts.transpileModule(code, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ESNext, verbatimModuleSyntax: true, removeComments: true },
  });
  const problems = (out.diagnostics ?? []).map((d) => `is not valid TypeScript: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  if (problems.length > 0) return problems;
  const shape = (node) => JSON.stringify(node, (k, v) => (k === 'start' || k === 'end' || k === 'raw' || k.startsWith('_rollup') ? undefined : v));
  const asJs = parseAst(stripFirstLine(code)).body;
  const asTs = parseAst(out.outputText).body;
  const at = asJs.findIndex((node, i) => !asTs[i] || shape(node) !== shape(asTs[i]));
  if (at !== -1 || asTs.length !== asJs.length) {
    const node = asJs[at === -1 ? asJs.length - 1 : at];
    const line = code.slice(0, node.start + (code.startsWith('#!') ? code.indexOf('\n') + 1 : 0)).split('\n').length;
    problems.push(`means something else as TypeScript than as JavaScript (statement at line ${line}, e.g. \`a < b > (c)\` reads as a generic call)`);
  }
  return problems;
}

/**
 * The readers a host's loader check (an artifact's `loader`, described in its host folder) is
 * handed: the host folder keeps its loader's rules, this file how to read a module.
 * @type {import('./types').ArtifactCheckTools}
 */
export const CHECK_TOOLS = {
  parse: (code) => parseAst(stripFirstLine(code)),
  walk,
  FUNCTION_NODES,
  declaredNames,
  listExports,
  defaultObjectShape,
  importedSpecifiers,
  loadsAsTypeScript: checkLoadsAsTypeScript,
};

/**
 * Everything the build guarantees about one artifact file.
 * @param {import('./artifacts.mjs').Artifact} artifact
 * @param {string} code the file's text
 * @param {number} bytes its size on disk
 * @returns {Promise<string[]>}
 */
export async function checkArtifactCode(artifact, code, bytes) {
  const problems = [];
  if (artifact.kind === 'static') {
    // copied as is (the sh installer): only the checks that apply to any file
    if (code.includes('\r')) problems.push('contains CR characters (artifacts use LF line endings)');
    if (bytes > artifact.sizeBudget) problems.push(`is ${bytes} bytes, over its budget of ${artifact.sizeBudget} bytes`);
    problems.push(...findAbsolutePaths(code));
    return problems;
  }
  const firstLine = code.slice(0, code.indexOf('\n'));
  if (artifact.shebang && firstLine !== SHEBANG) problems.push(`does not start with "${SHEBANG}"`);
  if (!artifact.shebang && code.startsWith('#!')) problems.push('starts with a shebang but is not a command artifact');
  const loader = artifact.loader;
  if (loader?.firstLine !== undefined && firstLine !== loader.firstLine) problems.push(`does not start with "${loader.firstLine}"`);
  if (code.includes('\r')) problems.push('contains CR characters (artifacts use LF line endings)');
  if (bytes > artifact.sizeBudget) problems.push(`is ${bytes} bytes, over its budget of ${artifact.sizeBudget} bytes`);
  problems.push(...findAbsolutePaths(code));
  let parsed = true;
  const parts = artifact.decisionEntry ? splitParts(code) : null;
  if (artifact.decisionEntry && !parts) problems.push(`has no second part (the decision code of ${artifact.decisionEntry})`);
  try {
    if (loader?.importsNothing) importedSpecifiers(code);
    else if (parts) {
      problems.push(...checkImports(parts.first, { secondPartLoader: true }));
      problems.push(...checkImports(parts.second, { hostModules: artifact.hostModules ?? [] }).map((p) => `second part: ${p}`));
    } else problems.push(...checkImports(code, { hostModules: artifact.hostModules ?? [] }));
  } catch (error) {
    parsed = false;
    problems.push(`does not parse as JavaScript: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (parsed && loader) problems.push(...(await loader.check(code, CHECK_TOOLS, artifact)));
  return problems;
}

/** A static file next to the bundle: no leaked paths; JSON files must parse. */
export function checkStaticFile(to, text) {
  const problems = findAbsolutePaths(text).map((p) => `${to}: ${p}`);
  if (text.includes('\r')) problems.push(`${to}: contains CR characters`);
  if (to.endsWith('.json')) {
    try {
      JSON.parse(text);
    } catch (error) {
      problems.push(`${to}: is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return problems;
}
