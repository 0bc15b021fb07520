/**
 * What Claude Code's loader needs of the mod (the hooks module of the plugin folder):
 * build/checks.mjs runs it over the built file once it parses, with the readers it hands every
 * host's check. A mod imports nothing at all, so this check, not the shared import policy, reports
 * each import.
 */

/** @typedef {import('../../build/types').ArtifactCheckTools} ArtifactCheckTools */

/**
 * A Claude Code hooks module imports nothing (no Node built-ins there; `import()` keeps the
 * module from loading at all) and exports `register(on)`.
 * @param {string} code
 * @param {ArtifactCheckTools} tools
 * @returns {string[]}
 */
function checkClaudeModule(code, tools) {
  const problems = [];
  for (const spec of tools.importedSpecifiers(code)) problems.push(`imports "${spec ?? '(computed)'}" (a Claude Code mod may import only its own files; the bundle is one file)`);
  if (/\bimport\s*\(/.test(code)) problems.push('holds the text "import(" (Claude Code refuses a hooks module with a dynamic import)');
  const exports = tools.listExports(code);
  const register = exports.find((e) => e.name === 'register');
  if (!register || !register.isFunction) problems.push('does not export a function named register (Claude Code calls register(on))');
  for (const e of exports) if (e.name !== 'register') problems.push(`exports "${e.name}" besides register`);
  if (register?.isFunction) problems.push(...checkModHooks(code, register.local, tools));
  return problems;
}

/** The names a hook's parameters must keep: Claude Code's loader reads them in the module's source. */
const HOOK_PARAMS = ['$', 'e', 'next'];

/**
 * Every hook the mod registers (the last argument of each `on(...)` in register, and each
 * `.catch(...)` handler) takes its parameters as `$`, `e`, `next`, and nothing inside it declares
 * one of those names again: Claude Code's loader refuses a hook whose parameter is renamed or
 * shadowed (`"e" is declared again (shadowed)`), which a minifier that renames variables would
 * cause. A hook named by an identifier is looked up among the module's top-level functions.
 * @param {string} code
 * @param {string | null} registerName the local name `register` is exported from
 * @param {ArtifactCheckTools} tools
 * @returns {string[]}
 */
function checkModHooks(code, registerName, tools) {
  const { FUNCTION_NODES, walk, declaredNames } = tools;
  const ast = tools.parse(code);
  /** @type {Map<string, any>} */
  const functions = new Map();
  for (const node of ast.body) {
    const decl = node.type === 'ExportNamedDeclaration' && node.declaration ? node.declaration : node;
    if (decl.type === 'FunctionDeclaration' && decl.id) functions.set(decl.id.name, decl);
    if (decl.type === 'VariableDeclaration') for (const d of decl.declarations) if (d.id.type === 'Identifier' && d.init && FUNCTION_NODES.has(d.init.type)) functions.set(d.id.name, d.init);
  }
  const register = registerName ? functions.get(registerName) : undefined;
  const on = register?.params[0];
  if (!register || on?.type !== 'Identifier') return ['register(on) takes no `on` to register hooks with'];
  const problems = [];
  /** @type {{ fn: any, where: string }[]} */
  const hooks = [];
  const hookOf = (node, where) => {
    const fn = node?.type === 'Identifier' ? functions.get(node.name) : node;
    if (!fn || !FUNCTION_NODES.has(fn.type)) problems.push(`the hook for ${where} is not a function of this module`);
    else hooks.push({ fn, where });
  };
  walk(register.body, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee;
    if (callee.type === 'Identifier' && callee.name === on.name) {
      const event = node.arguments[0]?.type === 'Literal' ? String(node.arguments[0].value) : '(computed)';
      hookOf(node.arguments[node.arguments.length - 1], event);
    } else if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'catch' && callee.object.type === 'CallExpression' && callee.object.callee.type === 'Identifier' && callee.object.callee.name === on.name) {
      const event = callee.object.arguments[0]?.type === 'Literal' ? String(callee.object.arguments[0].value) : '(computed)';
      hookOf(node.arguments[0], `${event} (.catch)`);
    }
  });
  const seen = new Set();
  for (const { fn, where } of hooks) {
    if (seen.has(fn)) continue;
    seen.add(fn);
    const names = fn.params.map((p) => (p.type === 'Identifier' ? p.name : null));
    if (names.some((n, i) => n !== HOOK_PARAMS[i])) {
      problems.push(`the hook for ${where} takes (${names.map((n) => n ?? '…').join(', ')}), not ($, e, next)`);
      continue;
    }
    walk(fn.body, (node) => {
      for (const name of declaredNames(node)) if (names.includes(name)) problems.push(`the hook for ${where} declares "${name}" again (shadowed)`);
    });
  }
  return problems;
}

/** @type {import('../../build/types').ArtifactLoader} */
export const CLAUDE_MOD_LOADER = { importsNothing: true, check: (code, tools) => checkClaudeModule(code, tools) };
