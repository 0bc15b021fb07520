// Writes session state as fast as it can (directives, corrections, reservations) until it
// is killed. Used by the kill -9 test: whatever instant the kill lands on, the state file
// must stay readable and the lock must be recoverable.
const [bundle, sessionId] = process.argv.slice(2);
const { handleEvent } = await import(bundle);
const base = { protocolVersion: 1, sessionId, host: { family: 'codex' }, cwd: '/w/p' };
const prompt = (text) => handleEvent({ ...base, kind: 'prompt.submit', prompt: { text, source: 'user' } }, { env: process.env });
const delegate = () =>
  handleEvent(
    { ...base, kind: 'action.before', action: { name: 'Agent', mutability: 'delegate', affectedPaths: [], dependencyIntent: false, hashIntent: false, delegationCount: 1, unboundedDelegation: false } },
    { env: process.env },
  );
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  if (i % 7 === 0) prompt(`$stopline change files=src/** agents=64 -- round ${i}`);
  else if (i % 7 === 3) prompt('review only');
  else if (i % 7 === 4) prompt('fix it');
  else delegate();
}
