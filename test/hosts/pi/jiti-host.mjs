// A fake Pi around the real loader: loads an extension file with the jiti that a Pi install
// ships (the way Pi's extension loader does: createJiti(..., {moduleCache: false}) and
// `import(file, {default: true})`), calls the factory with a recording `pi` object, then feeds
// the events named in the request to the registered handlers in order.
//
// argv: <jiti module (lib/jiti.mjs)> <extension file>; request JSON on stdin:
//   { steps: [{ event, payload, ctx: { sessionId, cwd, hasUI, isIdle } }] }
// Answer on stdout: { loadMs, registered: [names], results: [{ event, returned?, threw? }], notes }
import { pathToFileURL } from 'node:url';

async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

const [jitiPath, file] = process.argv.slice(2);
const request = JSON.parse(await readStdin());
const realLog = console.log;
console.log = (...a) => console.error(...a);

const { createJiti } = await import(pathToFileURL(jitiPath).href);
const started = performance.now();
const jiti = createJiti(import.meta.url, { moduleCache: false });
const factory = await jiti.import(file, { default: true });
const loadMs = Math.round(performance.now() - started);

const handlers = new Map();
const notes = [];
const pi = {
  on(name, handler) {
    if (!handlers.has(name)) handlers.set(name, []);
    handlers.get(name).push(handler);
  },
};
await factory(pi);

const results = [];
for (const step of request.steps) {
  const data = step.ctx ?? {};
  const ctx = {
    cwd: data.cwd,
    hasUI: data.hasUI ?? false,
    mode: data.hasUI ? 'rpc' : 'print',
    isIdle: () => data.isIdle ?? true,
    sessionManager: { getSessionId: () => data.sessionId ?? 'jiti-host-session' },
    ui: {
      notify: (message, type) => notes.push({ message, type }),
      confirm: async () => false,
    },
  };
  let returned = null;
  try {
    for (const h of handlers.get(step.event) ?? []) {
      const r = await h(step.payload ?? { type: step.event }, ctx);
      if (r !== undefined && r !== null) returned = r;
    }
    results.push({ event: step.event, returned });
  } catch (error) {
    results.push({ event: step.event, threw: error instanceof Error ? error.message : String(error) });
  }
}
realLog(JSON.stringify({ loadMs, registered: [...handlers.keys()], results, notes }));
