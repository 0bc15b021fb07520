// Two-part hook scripts (hosts/shared/evaluator/load.ts says why): the entry's bundle first, then
// the artifact's decision code as an ES module, compressed, inside one block comment at the end of
// the same file. Every hook event parses the first part only; the second is inflated and imported
// from the file when the hook decides in its own process, and by the resident evaluator.
//
// The markers are the ones load.ts reads (test/build/two-part.test.ts keeps them equal).
import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { rollup } from 'rollup';

/** Names the encoding, so a reader of another layout finds no second part rather than a wrong one. */
export const PART_START = '\n/*@stopline-evaluator deflate-raw base64\n';
export const PART_END = '\n*/\n';
/** Replaced in the first part by the hash of the second (hosts/shared/evaluator/build-id.ts). */
export const BUILD_TOKEN = '__STOPLINE_EVALUATOR_BUILD__';
/** Replaced in the first part by the whole SHA-256 of the second: what a copy of it must hash to. */
export const DIGEST_TOKEN = '__STOPLINE_EVALUATOR_DIGEST__';

/** The whole SHA-256 of a second part, hex (UTF-8 bytes; the part is ASCII). */
export function digestOf(second) {
  return createHash('sha256').update(second).digest('hex');
}

/** The build id of a second part: what the hook and its evaluator must agree on. */
export function buildIdOf(second) {
  return digestOf(second).slice(0, 16);
}

/**
 * The whole file from its parts (first part minified, second part minified). The second part
 * goes in as raw DEFLATE in base64 (no `*` in that alphabet, so nothing can end the comment
 * early): Deno pays for every byte of the file on every start, even inside a comment (measured
 * ~+2.8 ms CPU for the ~540 KB part as text, ~+1.4 ms for the ~225 KB of it deflated), and every
 * runtime inflates it with a built-in (load.ts).
 * @param {string} first @param {string} second
 */
export function joinParts(first, second) {
  // imported as a base64 data: URL when no private folder can hold a copy (btoa takes Latin-1 only)
  const wide = /[^\x00-\x7f]/.exec(second);
  if (wide) throw new Error(`the decision code holds a non-ASCII character (${JSON.stringify(wide[0])}); it must be minified with ascii_only`);
  if (!first.includes(BUILD_TOKEN)) throw new Error(`the entry bundle does not carry ${BUILD_TOKEN} (hosts/shared/evaluator/build-id.ts): it could not tell its evaluator's build`);
  if (!first.includes(DIGEST_TOKEN)) throw new Error(`the entry bundle does not carry ${DIGEST_TOKEN} (hosts/shared/evaluator/build-id.ts): it could not check the decision code it loads`);
  const body = first.split(BUILD_TOKEN).join(buildIdOf(second)).split(DIGEST_TOKEN).join(digestOf(second)).replace(/\n*$/, '');
  const packed = deflateRawSync(Buffer.from(second, 'utf8'), { level: 9 }).toString('base64');
  return `${body}${PART_START}${packed}${PART_END}`;
}

/**
 * The two parts of a file, or null when it has no second part.
 * @param {string} text
 * @returns {{ first: string, second: string } | null}
 */
export function splitParts(text) {
  const start = text.indexOf(PART_START);
  const end = text.lastIndexOf(PART_END);
  if (start < 0 || end <= start) return null;
  return { first: text.slice(0, start) + '\n', second: inflateRawSync(Buffer.from(text.slice(start + PART_START.length, end), 'base64')).toString('utf8') };
}

/**
 * Output plugin for an artifact with a `decisionEntry`: bundles that entry with the same input
 * plugins and the minifier, and appends it to the entry's (minified) chunk. Runs after the
 * minifier and before the banner; `moduleIds` receives the second part's modules, so the
 * banner's source hash covers both parts.
 * @param {import('./artifacts.mjs').Artifact} artifact
 * @param {{ inputOptions: () => import('rollup').RollupOptions, minifier: () => import('rollup').Plugin, moduleIds: string[] }} o
 */
export function secondPartPlugin(artifact, o) {
  return {
    name: 'stopline-second-part',
    async renderChunk(code) {
      const bundle = await rollup(o.inputOptions());
      try {
        const { output } = await bundle.generate({ format: 'es', inlineDynamicImports: true, sourcemap: false, generatedCode: 'es2015', plugins: [o.minifier()] });
        const chunk = output.find((c) => c.type === 'chunk');
        if (!chunk) throw new Error(`${artifact.id}: ${artifact.decisionEntry} produced no chunk`);
        o.moduleIds.splice(0, o.moduleIds.length, ...chunk.moduleIds);
        return { code: joinParts(code, chunk.code), map: null };
      } finally {
        await bundle.close();
      }
    },
  };
}
