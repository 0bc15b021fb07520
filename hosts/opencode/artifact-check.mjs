/**
 * What OpenCode's loader needs of the plugin file (build/checks.mjs runs it over the built file
 * once it parses, with the readers it hands every host's check).
 */

/** @typedef {import('../../build/types').ArtifactCheckTools} ArtifactCheckTools */

/**
 * The OpenCode plugin file is one default export `{id, server, setup}`: OpenCode 1.x loads every
 * export (an object with a `server` function is a plugin; anything else makes it skip the whole
 * file, a second plugin export would register the guard twice), and OpenCode 2.x loads only the
 * default export, which needs `id` and a `setup` function.
 * @param {string} code
 * @param {ArtifactCheckTools} tools
 * @returns {string[]}
 */
function checkOpencodeExports(code, tools) {
  const exports = tools.listExports(code);
  const problems = [];
  if (exports.length === 0) return ['exports nothing (OpenCode would load no plugin)'];
  for (const e of exports) {
    if (e.reExport) problems.push(`re-exports "${e.name}" from another module (OpenCode needs the plugin defined in the file)`);
    else if (e.name !== 'default') problems.push(`exports "${e.name}" besides the default plugin object (OpenCode 1.x would load it as a plugin too, or skip the whole file)`);
  }
  if (!exports.some((e) => e.name === 'default')) return [...problems, 'has no default export (OpenCode 2.x loads only the default export)'];
  const shape = tools.defaultObjectShape(code);
  if (!shape) return [...problems, 'the default export is not an object literal {id, server, setup} (OpenCode 2.x needs id and setup, 1.x a server function)'];
  if (!shape.has('id')) problems.push('the default object has no id (both versions need it for a plugin loaded from a path)');
  if (shape.get('server') !== true) problems.push('the default object has no server function (OpenCode 1.x would load no plugin)');
  if (shape.get('setup') !== true) problems.push('the default object has no setup function (OpenCode 2.x would refuse the file)');
  if (shape.has('effect')) problems.push('the default object has an effect key (OpenCode 2.x would take it for an Effect plugin instead of setup)');
  return problems;
}

/** @type {import('../../build/types').ArtifactLoader} */
export const OPENCODE_LOADER = { check: (code, tools) => checkOpencodeExports(code, tools) };
