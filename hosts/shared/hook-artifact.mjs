/**
 * What every hook script artifact shares, for a host folder's artifact.mjs (build/artifacts.mjs
 * collects those): a command script in two parts, the folder's main.ts in front and its
 * decide.ts as the decision code, written to dist/<host>/stopline.mjs within the budget of a
 * script that carries the whole guard. The folder adds what is its own: files, install, cases.
 */

/**
 * @param {import('../../build/types').ArtifactKit} kit
 * @param {string} host
 * @param {string} title
 * @returns {Pick<import('../../build/types').Artifact, 'id' | 'title' | 'entry' | 'decisionEntry' | 'output' | 'format' | 'kind' | 'shebang' | 'sizeBudget'>}
 */
export function hookScript(kit, host, title) {
  return { id: host, title, entry: `hosts/${host}/main.ts`, decisionEntry: `hosts/${host}/decide.ts`, output: `${host}/stopline.mjs`, format: 'es', kind: 'command', shebang: true, sizeBudget: kit.HOOK_SCRIPT_BUDGET };
}
