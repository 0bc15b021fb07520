/**
 * core/digest.ts: the hook path hashes and draws random ids without node:crypto (whose load
 * dominates a hook start under bun and deno). Its SHA-256 must equal node:crypto's on every
 * input: session keys and lineage file names are derived from it, so a mismatch would orphan
 * every existing session file.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomHex, sha256, sha256Hex, toHex } from '../../core/digest';

const nodeHex = (x: string | Uint8Array) => createHash('sha256').update(x).digest('hex');

describe('sha256', () => {
  it('matches the FIPS 180-4 examples and the padding edges (55, 56, 63, 64, 65 bytes)', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
    for (const n of [1, 55, 56, 57, 63, 64, 65, 119, 120, 1000, 100_000]) expect(sha256Hex('a'.repeat(n))).toBe(nodeHex('a'.repeat(n)));
  });

  it('equals node:crypto on 5,000 random strings (full unicode, lone surrogates, NUL) and byte arrays', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => sha256Hex(s) === nodeHex(s)),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => toHex(sha256(b)) === nodeHex(b)),
      { numRuns: 2000 },
    );
  });

  it('hashes a session id the way earlier versions named its files (sha256 of the UTF-8 text)', () => {
    const id = 'ses_01JABCDEF-ünïcödé-🙂';
    expect(sha256Hex(id)).toBe(nodeHex(Buffer.from(id, 'utf8')));
  });
});

describe('randomHex', () => {
  it('gives 2n hex characters, different every time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const h = randomHex(10);
      expect(h).toMatch(/^[0-9a-f]{20}$/);
      seen.add(h);
    }
    expect(seen.size).toBe(1000);
  });

  it('hands out each random byte once, across refills of its pool and for sizes past it', () => {
    // 2,000 draws of 7 bytes cross several 4 KiB refills at odd offsets
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(randomHex(7));
    expect(seen.size).toBe(2000);
    const big = randomHex(5000);
    expect(big).toMatch(/^[0-9a-f]{10000}$/);
    expect(new Set(big.match(/.{14}/g)).size).toBeGreaterThan(700);
  });
});
