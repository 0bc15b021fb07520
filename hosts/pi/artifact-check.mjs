/**
 * What Pi's loader needs of the extension file (build/checks.mjs runs it over the built file
 * once it parses, with the readers it hands every host's check).
 */

/** @typedef {import('../../build/types').ArtifactCheckTools} ArtifactCheckTools */

/**
 * Pi takes the default export as the extension factory.
 * @param {string} code
 * @param {ArtifactCheckTools} tools
 * @returns {string[]}
 */
function checkPiExports(code, tools) {
  const exports = tools.listExports(code);
  const def = exports.find((e) => e.name === 'default');
  if (!def) return ['has no default export (Pi loads the default export as the extension)'];
  if (!def.isFunction) return ['default export is not a function (Pi calls it with the extension API)'];
  return [];
}

/**
 * Pi loads the file as TypeScript through jiti: the bundle (plain JS) starts with ts-nocheck so an
 * editor or tsc does not type-check it (build/bundle.mjs writes that line), and it must mean the
 * same read as TypeScript.
 * @type {import('../../build/types').ArtifactLoader}
 */
export const PI_LOADER = {
  firstLine: '// @ts-nocheck',
  check: async (code, tools, artifact) => [...checkPiExports(code, tools), ...(await tools.loadsAsTypeScript(code, artifact.output))],
};
