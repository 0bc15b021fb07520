/**
 * Long static text that only a command few runs need (the dashboard's page): the build stores
 * it as raw DEFLATE in base64 (build/bundle.mjs `packedTextPlugin`), which keeps the CLI's file
 * and its parse smaller, and it is inflated once, on first use. Run from source, it is the text
 * as written. Both give the same string.
 */
type PackedText = () => Promise<string>;

/**
 * `text` as written, or, in the bundle, the build's packed form of it (`deflated`). Only a call
 * whose argument is one literal without substitutions is packed; the build fails on any other.
 */
export function packedText(text: string, deflated = false): PackedText {
  if (!deflated) return () => Promise.resolve(text);
  let inflated: Promise<string> | undefined;
  // loaded when first needed: most runs of the CLI never inflate anything
  return () => (inflated ??= import('node:zlib').then((zlib) => new TextDecoder().decode(zlib.inflateRawSync(Uint8Array.from(atob(text), (c) => c.charCodeAt(0))))));
}
