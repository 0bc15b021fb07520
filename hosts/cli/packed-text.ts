/**
 * Long static text that only a command few runs need (the dashboard's page): the build stores
 * it as raw DEFLATE in base64 (build/bundle.mjs `packedTextPlugin`), which keeps the CLI's file
 * and its parse smaller, and it is inflated once, on first use, the way a two-part script's
 * second part is (hosts/shared/evaluator/load.ts `inflated`). Run from source, it is the text as
 * written. Both give the same string.
 */
import { inflated } from '../shared/evaluator/load';
import { runtimeIO } from '../shared/runtime-io';

type PackedText = () => Promise<string>;

/**
 * `text` as written, or, in the bundle, the build's packed form of it (`deflated`). Only a call
 * whose argument is one literal without substitutions is packed; the build fails on any other.
 */
export function packedText(text: string, deflated = false): PackedText {
  if (!deflated) return () => Promise.resolve(text);
  let once: Promise<string> | undefined;
  // the runtime's inflate is loaded when first needed: most runs of the CLI never inflate anything
  return () => (once ??= runtimeIO().then((io) => inflated(io, text)));
}
