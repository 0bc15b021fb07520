// The node: built-ins an artifact may import. Every artifact must run unchanged under
// Node >= 20, Bun and Deno, so this is the intersection of what all three provide with a
// real implementation (not a stub): no node:sqlite (absent in Node 20), no node:test,
// node:vm, node:cluster, node:inspector, node:repl, node:wasi, node:trace_events (partial
// or stubbed in Bun/Deno). test/build/builtins.test.ts imports each one under all three.

export const ALLOWED_BUILTINS = Object.freeze([
  'assert',
  'assert/strict',
  'async_hooks',
  'buffer',
  'child_process',
  'crypto',
  'events',
  'fs',
  'fs/promises',
  'http',
  'module',
  'net',
  'os',
  'path',
  'path/posix',
  'path/win32',
  'perf_hooks',
  'process',
  'readline',
  'readline/promises',
  'stream',
  'stream/promises',
  'string_decoder',
  'timers',
  'timers/promises',
  'tty',
  'url',
  'util',
  'worker_threads',
  'zlib',
]);

const allowed = new Set(ALLOWED_BUILTINS.map((m) => `node:${m}`));

/** @param {string} id */
export function isAllowedBuiltin(id) {
  return allowed.has(id);
}
