// A small fake host for the in-process artifacts: loads the OpenCode plugin or the Pi
// extension the way its host does and feeds it calls. Runs under bun (OpenCode's embedded
// runtime; also loads .ts natively) and deno (loads .ts natively); node works for .js.
//
// Request on stdin (JSON): { kind: 'opencode' | 'pi', file, project, calls: PluginCall[] }
// Answer on stdout (JSON): { exports: {name: typeof}, loadError?, results: PluginCallResult[], records: [...] }
// Only this JSON goes to stdout; anything the plugin prints goes to stderr.
import { pathToFileURL } from 'node:url';

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const request = JSON.parse(await readStdin());
/** what the plugin did to the host besides answering: client calls, ui.notify, pi.sendMessage ... */
const records = [];

// keep the protocol channel clean: the artifact's own console output goes to stderr
const realLog = console.log;
console.log = (...args) => console.error(...args);
console.info = (...args) => console.error(...args);

function message(error) {
  return error instanceof Error ? error.message : String(error);
}

/** An object whose every (nested) method call is recorded and resolves to `{ data: undefined }`. */
function recorder(prefix, result = async () => ({ data: undefined })) {
  const make = (path) =>
    new Proxy(function () {}, {
      get(_t, key) {
        if (key === 'then') return undefined; // not a thenable
        if (typeof key === 'symbol') return undefined;
        return make(`${path}.${key}`);
      },
      apply(_t, _this, args) {
        records.push({ call: path, args: JSON.parse(JSON.stringify(args ?? [], (_k, v) => (typeof v === 'function' ? '[function]' : v))) });
        return result(path, args);
      },
    });
  return make(prefix);
}

async function loadModule(file) {
  return import(pathToFileURL(file).href);
}

async function runOpencode(mod) {
  const project = request.project;
  const input = {
    client: recorder('client'),
    project: { id: 'demo', worktree: project, vcs: 'git' },
    worktree: project,
    directory: project,
    serverUrl: new URL('http://localhost:4096/'),
    experimental_workspace: { register() {} },
    $: recorder('$'),
  };
  // OpenCode 1.x loads every export: a function is a plugin factory, an object its `server`
  const hooksList = [];
  for (const [name, value] of Object.entries(mod)) {
    const factory = typeof value === 'function' ? value : value && typeof value === 'object' ? value.server : undefined;
    if (typeof factory !== 'function') throw new Error(`export "${name}" is neither a plugin function nor an object with a server function`);
    hooksList.push(await factory(input, undefined));
  }
  const results = [];
  for (const call of request.calls) {
    const output = call.output === undefined ? {} : structuredClone(call.output);
    const handlers = hooksList.map((h) => h?.[call.hook]).filter((fn) => typeof fn === 'function');
    if (handlers.length === 0) {
      results.push({ name: call.name, ok: true, unhandled: true, output });
      continue;
    }
    let returned;
    try {
      // same (input, output) objects for every plugin; a throw stops the chain and denies the tool
      for (const fn of handlers) returned = await fn(call.input === undefined ? {} : structuredClone(call.input), output);
      results.push({ name: call.name, ok: true, returned: returned ?? null, output });
    } catch (error) {
      results.push({ name: call.name, ok: false, threw: message(error), output });
    }
  }
  return results;
}

async function runPi(mod) {
  const factory = mod.default;
  if (typeof factory !== 'function') throw new Error('default export is not a function');
  /** @type {Map<string, Function[]>} */
  const handlers = new Map();
  const pi = new Proxy(
    {
      on(name, handler) {
        if (!handlers.has(name)) handlers.set(name, []);
        handlers.get(name).push(handler);
        return () => {};
      },
    },
    {
      get(target, key) {
        if (key in target) return target[key];
        if (typeof key === 'symbol' || key === 'then') return undefined;
        // the extension API object, recorded under its host's name as the extension's code calls it
        return recorder(`${request.kind}.${key}`, () => undefined);
      },
    },
  );
  await factory(pi);
  const results = [];
  for (const call of request.calls) {
    const list = handlers.get(call.hook) ?? [];
    if (list.length === 0) {
      results.push({ name: call.name, ok: true, unhandled: true });
      continue;
    }
    const data = call.ctx ?? {};
    const ctx = {
      cwd: data.cwd ?? request.project,
      hasUI: data.hasUI ?? false,
      mode: data.hasUI ? 'rpc' : 'print',
      ui: recorder('ctx.ui', async () => undefined),
      sessionManager: {
        getSessionId: () => data.sessionId ?? 'demo-session',
        getSessionFile: () => undefined,
        getCwd: () => data.cwd ?? request.project,
      },
      isIdle: () => true,
      hasPendingMessages: () => false,
      abort() {},
    };
    const event = call.input === undefined ? { type: call.hook } : structuredClone(call.input);
    try {
      let returned = null;
      for (const fn of list) {
        const r = await fn(event, ctx);
        if (r !== undefined && r !== null) {
          returned = r;
          // Pi's tool_call chain stops at the first block
          if (call.hook === 'tool_call' && r.block === true) break;
        }
      }
      results.push({ name: call.name, ok: true, returned });
    } catch (error) {
      // Pi fails closed: a throwing tool_call handler blocks the tool with the message
      results.push({ name: call.name, ok: false, threw: message(error) });
    }
  }
  return results;
}

const answer = { exports: {}, results: [], records };
try {
  const mod = await loadModule(request.file);
  for (const [name, value] of Object.entries(mod)) answer.exports[name] = typeof value;
  answer.results = await { opencode: runOpencode, pi: runPi }[request.kind](mod);
} catch (error) {
  answer.loadError = message(error);
}
realLog(JSON.stringify(answer));
