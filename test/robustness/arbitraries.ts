/**
 * fast-check generators of what a host (or a broken host, or a person typing by hand) may send
 * an entry point: random JSON, captured payloads with fields removed or retyped, huge strings,
 * deep nesting, NUL bytes, invalid UTF-8, several documents, nothing at all.
 */
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const FIX = join(__dirname, '..', 'fixtures');

export type Json = Record<string, unknown>;

/** Captured payloads of a command-hook host, with the hook name filled in where the capture lacks it. */
export function capturedPayloads(host: string): Json[] {
  const dir = join(FIX, host);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('_') && f !== 'index.json')
    // Copilot: the camelCase captures stopline registers (the PascalCase ones are the person's-hooks dialect)
    .filter((f) => host !== 'copilot' || /^[a-z]/.test(f))
    .map((f) => {
      const data = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Json;
      delete data._meta;
      delete data._source;
      if (host === 'hermes' && data.hook_event_name === undefined) data.hook_event_name = f.replace(/\.json$/, '').replace(/-.*$/, '');
      return data;
    });
}

/** Deep nesting without recursion in the generator: `depth` arrays/objects around a leaf. */
export function nested(depth: number, asObject: boolean): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = asObject ? { k: v } : [v];
  return v;
}

const hugeString = fc.integer({ min: 64 * 1024, max: 1024 * 1024 }).map((n) => 'A'.repeat(n));
const nulString = fc.string().map((s) => `${s}\u0000rm -rf /\u0000${s}`);

/** A value of the wrong kind (or a hostile one) for any field. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.string(), fc.array(fc.string(), { maxLength: 4 })) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: nulString },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).chain((d) => fc.boolean().map((o) => nested(d, o))) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\u2028', '\ud800', '../../../../etc/passwd', '~/.config/stopline/stopline.json', '$(rm -rf ~)', '`id`') },
  // rare: a huge string (64 KiB to 1 MiB)
  { weight: 1, arbitrary: fc.nat(39).chain((n) => (n === 0 ? hugeString : fc.string())) },
);

const DELETE = Symbol('delete');

/** A captured payload with 1..4 fields (top level or inside the tool input) deleted or retyped. */
export function mutatedPayload(payloads: readonly Json[]): fc.Arbitrary<Json> {
  const edit = fc.tuple(fc.nat(), fc.boolean(), fc.oneof({ weight: 1, arbitrary: fc.constant<unknown>(DELETE) }, { weight: 3, arbitrary: oddValue }));
  return fc.tuple(fc.constantFrom(...payloads), fc.array(edit, { minLength: 1, maxLength: 4 })).map(([base, edits]) => {
    const out: Json = structuredClone(base);
    for (const [pick, inner, value] of edits) {
      const inputKey = ['tool_input', 'args'].find((k) => out[k] && typeof out[k] === 'object' && !Array.isArray(out[k]));
      const target = inner && inputKey ? (out[inputKey] as Json) : out;
      const keys = Object.keys(target);
      const key = keys.length ? keys[pick % keys.length]! : 'extra';
      if (value === DELETE) delete target[key];
      else target[key] = value;
    }
    return out;
  });
}

/** stdin text for a command hook: mostly near-valid payloads, then garbage of every kind. */
export function hookStdin(payloads: readonly Json[]): fc.Arbitrary<string> {
  const mutated = mutatedPayload(payloads);
  return fc.oneof(
    { weight: 6, arbitrary: mutated.map((p) => JSON.stringify(p)) },
    { weight: 1, arbitrary: fc.constantFrom(...payloads).map((p) => JSON.stringify(p)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
    { weight: 1, arbitrary: fc.tuple(mutated, mutated, fc.constantFrom('', '\n', ' ')).map(([a, b, sep]) => JSON.stringify(a) + sep + JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n', 'null', '[]', '{}', '"x"', '{"hook_event_name":', '\u0000', '\ufeff{}') },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 20000 }).map((d) => '['.repeat(d) + ']'.repeat(d)) },
  );
}

/** Raw bytes, including invalid UTF-8 sequences, optionally around a valid payload. */
export function hookBytes(payloads: readonly Json[]): fc.Arbitrary<Uint8Array> {
  const bad = fc.constantFrom(new Uint8Array([0xff]), new Uint8Array([0xc3, 0x28]), new Uint8Array([0xe2, 0x82]), new Uint8Array([0xed, 0xa0, 0x80]), new Uint8Array([0x00]));
  return fc.tuple(fc.constantFrom(...payloads), bad, fc.nat()).map(([p, b, at]) => {
    const text = new TextEncoder().encode(JSON.stringify(p));
    const i = at % (text.length + 1);
    const out = new Uint8Array(text.length + b.length);
    out.set(text.subarray(0, i), 0);
    out.set(b, i);
    out.set(text.subarray(i), i + b.length);
    return out;
  });
}
