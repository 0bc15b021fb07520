/**
 * The two-part hook artifact. A hook script is one self-contained file, but most events need
 * only its small first part: read stdin, hand it to the resident evaluator, write the answer.
 * The decision code (the guard, the shell analysis, the person's hooks: ~540 KB minified) follows
 * in one block comment at the end of the same file, deflated and in base64 (~225 KB), which a
 * runtime skips at the cost of scanning for its end (measured: nothing on bun, ~0.6 ms on node 22,
 * and on deno ~2.8 ms CPU as plain text, ~1.4 ms deflated, against ~13-18 ms to parse it as
 * code). It is loaded from the file when it is needed: when no evaluator answers (the hook
 * decides in its own process) and in the evaluator itself.
 *
 *   <first part: the entry, no import>
 *   /*@stopline-evaluator deflate-raw base64
 *   <second part: an ES module in ASCII, raw DEFLATE, base64>
 *   *\/
 *
 * The second part is imported from a copy in the user's private evaluator folder
 * (`<folder>/<artifact>-<build>.mjs`, inflated and written once per build), because each runtime
 * keeps its compiled form of a file (Deno's code cache, Bun's transpiler cache, Node 22's compile
 * cache) but not of a data: URL: from a data: URL the in-process path cost deno ~+115 ms CPU more
 * per call. Without a usable folder it is imported as a data: URL all the same.
 *
 * The folder is private to the user, not to stopline: anything the user's processes run (an agent's
 * tool call among them) can write there. So the copy is never trusted as it lies on disk: before
 * every import it is hashed and compared with the SHA-256 the first part carries (EVALUATOR_DIGEST,
 * set by the build); a copy that differs is replaced by the script's own second part, which must
 * hash to the same value. The resident evaluator is started through this same path, so it too runs
 * only code that matched.
 *
 * build/two-part.mjs writes this layout.
 */
import type { RuntimeIO } from '../runtime-io';

/**
 * @keep PART_START build/two-part.mjs writes this layout in JavaScript and cannot import it: the tests hold
 *   writer and reader equal
 */
export const PART_START = '\n/*@stopline-evaluator deflate-raw base64\n';
export const PART_END = '\n*/\n';

/** The file behind a `file:` module URL (import.meta.url), on POSIX and Windows. */
export function fileOfUrl(url: string): string {
  const u = new URL(url);
  const path = decodeURIComponent(u.pathname);
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}

/** The second part as it stands in the file (deflated, base64), or null when the file has none (a source checkout run unbundled). */
function packedPart(fileText: string): string | null {
  const start = fileText.indexOf(PART_START);
  const end = fileText.lastIndexOf(PART_END);
  return start < 0 || end <= start ? null : fileText.slice(start + PART_START.length, end);
}

/**
 * Base64 raw DEFLATE inflated to UTF-8 text through the runtime's own inflate (node, bun, deno).
 * The second part here and the CLI's packed texts (hosts/cli/packed-text.ts) share this one form.
 */
export function inflated(io: Pick<RuntimeIO, 'inflateRaw'>, packed: string): Promise<string> {
  const raw = atob(packed);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return io.inflateRaw(bytes);
}

/**
 * The second part's source, or null when the file has none.
 * @keep secondPart the reader of that layout, run by the tests on the files the writer made
 */
export async function secondPart(io: Pick<RuntimeIO, 'inflateRaw'>, fileText: string): Promise<string | null> {
  const packed = packedPart(fileText);
  return packed === null ? null : inflated(io, packed);
}

/** Where a copy of the second part may be kept: a private folder of this user, and the file's name there. */
export interface PartCache {
  dir: string;
  name: string;
}

/** The path of `file` as a file: URL. */
function fileUrl(path: string): string {
  return `file://${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The script's second part does not hash to what its first part says: the file itself is damaged or was changed. */
class DecisionCodeMismatch extends Error {
  constructor(file: string) {
    super(`the decision code in ${file} does not match the hash its first part carries (the file was changed or damaged); reinstall it with stopline install`);
    this.name = 'DecisionCodeMismatch';
  }
}

/** The second part inflated from the script, checked against the digest. */
async function checkedSource(io: RuntimeIO, packed: string, digest: string, file: string): Promise<string> {
  const source = await inflated(io, packed);
  if ((await io.sha256Hex(source)) !== digest) throw new DecisionCodeMismatch(file);
  return source;
}

/**
 * The copy of the second part in the cache folder, checked against the digest on every load and
 * rewritten from the script when it is missing or differs; null when the folder is not a private
 * one of this user or the copy cannot be written. Hashing the copy (~0.5 MB) costs about what
 * reading it does; inflating the script's part costs the in-process path ~3-14 ms CPU (deno's
 * DecompressionStream the most), so that is done only when the copy does not match.
 */
async function verifiedCopy(io: RuntimeIO, packed: string, cache: PartCache, digest: string, file: string): Promise<string | null> {
  if (!(await io.ensurePrivateDir(cache.dir))) return null;
  const path = `${cache.dir}/${cache.name}`;
  try {
    if ((await io.sha256File(path)) === digest) return path;
  } catch {
    // unreadable (a folder in its place, a mode changed by hand): written again below
  }
  const source = await checkedSource(io, packed, digest, file);
  try {
    await io.writeFileAtomic(path, source);
    return path;
  } catch {
    return null;
  }
}

/**
 * Node >= 22.1 keeps compiled modules across processes when asked (module.enableCompileCache):
 * the second part's copy then compiles once per build instead of on every in-process decision.
 * The cache goes into the same private folder. Node 20, Bun and Deno: nothing to do (Bun and
 * Deno cache on their own).
 */
function enableNodeCompileCache(io: RuntimeIO, dir: string): void {
  if (io.runtime !== 'node') return;
  try {
    const proc = globalThis.process as NodeJS.Process & { getBuiltinModule?: (id: string) => unknown };
    const mod = proc.getBuiltinModule?.('node:module') as { enableCompileCache?: (dir: string) => unknown } | undefined;
    mod?.enableCompileCache?.(`${dir}/node-compile-cache`);
  } catch {
    // a cache is an optimisation: without one the part compiles as before
  }
}

/**
 * Import the second part of the file at `selfUrl` as an ES module: from the cache folder's copy
 * when it hashes to `digest`, else from a data: URL of the script's own part (which must hash to
 * it too). A part that does not match throws DecisionCodeMismatch: the caller's last resort answers.
 */
export async function importSecondPart<T>(io: RuntimeIO, selfUrl: string, cache: PartCache | null, digest: string): Promise<T> {
  const file = fileOfUrl(selfUrl);
  const text = await io.readText(file);
  const packed = text === null ? null : packedPart(text);
  if (packed === null) throw new Error(`${file} carries no decision code (build it with npm run build)`);
  const copy = cache ? await verifiedCopy(io, packed, cache, digest, file) : null;
  if (copy && cache) enableNodeCompileCache(io, cache.dir);
  // base64: Bun reads a large percent-encoded data: URL as a string module. The part is ASCII
  // (the build checks it), which btoa takes as is.
  const url = copy ? fileUrl(copy) : `data:text/javascript;base64,${btoa(await checkedSource(io, packed, digest, file))}`;
  return (await import(url)) as T;
}
