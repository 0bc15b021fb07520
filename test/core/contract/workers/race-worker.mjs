// One hook process in the agents=N race. It loads the real controller (bundled), says
// `ready`, and for each task waits at a barrier (the file `go-<i>` appearing) so every process
// asks at the same moment, then asks to launch `count` subagents in `sessionId`.
// Prints `{at: i}` on reaching each barrier and one JSON line per task:
// { i, sessionId, kind, reasonCode, diagnostics }.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const [bundle, tasksJson, barrierDir] = process.argv.slice(2);
const { handleEvent } = await import(bundle);
const tasks = JSON.parse(tasksJson);
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
process.stdout.write('ready\n');
for (const [i, t] of tasks.entries()) {
  const go = join(barrierDir, `go-${i}`);
  // tell the test we are at the barrier; it opens the barrier only when all 32 are
  process.stdout.write(JSON.stringify({ at: i }) + '\n');
  const deadline = Date.now() + 120_000;
  while (!existsSync(go)) {
    if (Date.now() > deadline) process.exit(3);
    sleep(1);
  }
  const o = handleEvent(
    {
      protocolVersion: 1,
      kind: 'action.before',
      sessionId: t.sessionId,
      host: { family: 'claude' },
      cwd: '/w/p',
      action: { name: 'Agent', canonicalName: 'Agent', mutability: 'delegate', affectedPaths: [], dependencyIntent: false, hashIntent: false, delegationCount: t.count, unboundedDelegation: false },
    },
    { env: process.env },
  );
  process.stdout.write(JSON.stringify({ i, sessionId: t.sessionId, kind: o.kind, reasonCode: o.reasonCode ?? null, diagnostics: o.diagnostics ?? [] }) + '\n');
}
