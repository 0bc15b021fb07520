/**
 * A fake OpenCode around the built plugin, run under Bun (OpenCode's own runtime): imports the
 * plugin file as OpenCode 1.x does, calls each export's plugin factory with a PluginInput whose
 * `client` is the in-memory SDK of fake-client.ts, then plays the steps of the request.
 *
 * argv: <plugin file> <project dir>; request JSON on stdin: { steps: Step[] }
 *   { say: { session, text, agent? } }        the person's message (message.updated + part events)
 *   { event: <raw bus event> }
 *   { before: { session, tool, args, callID } } tool.execute.before
 *   { after: { session, tool, args, callID, output } }
 *   { session: { id, parentID? } }            a session the SDK knows
 * Answer on stdout: { exports, results: [{ threw?, output? }], injections, calls }
 */
import { pathToFileURL } from 'node:url';
import { readRequest } from './bun-stdin';
import { FakeOpenCode } from './fake-client';

type Step =
  | { say: { session: string; text: string; agent?: string } }
  | { event: unknown }
  | { before: { session: string; tool: string; args: unknown; callID: string } }
  | { after: { session: string; tool: string; args: unknown; callID: string; output: Record<string, unknown> } }
  | { session: { id: string; parentID?: string } };

const [file, project] = process.argv.slice(2) as [string, string];
const { request, answer } = await readRequest<{ steps: Step[] }>();

const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
const exports = Object.fromEntries(Object.entries(mod).map(([k, v]) => [k, typeof v]));
const fake = new FakeOpenCode();
type HookFn = (input: unknown, output?: unknown) => Promise<void>;
const hooks: Record<string, HookFn>[] = [];
// OpenCode 1.x loads every export: a function is a plugin factory, an object its `server`
for (const value of Object.values(mod)) {
  const factory = typeof value === 'function' ? value : value && typeof value === 'object' ? (value as { server?: unknown }).server : undefined;
  if (typeof factory !== 'function') continue;
  const input = { client: fake.client(), project: { id: 'p', worktree: project, vcs: 'git' }, directory: project, worktree: project, serverUrl: new URL('http://localhost:4096/'), experimental_workspace: { register() {} }, $: () => undefined };
  hooks.push((await factory(input, undefined)) as Record<string, HookFn>);
}
const call = async (name: string, input: unknown, output?: unknown) => {
  for (const h of hooks) if (typeof h[name] === 'function') await h[name]!(input, output);
};

const results: { threw?: string; output?: unknown }[] = [];
for (const step of request.steps) {
  try {
    if ('session' in step) {
      fake.addSession(step.session.id, step.session.parentID);
      results.push({});
    } else if ('say' in step) {
      const m = fake.userMessage(step.say.session, step.say.text, step.say.agent ? { agent: step.say.agent } : {});
      for (const e of m.events) await call('event', { event: e });
      results.push({});
    } else if ('event' in step) {
      await call('event', { event: step.event });
      results.push({});
    } else if ('before' in step) {
      const b = step.before;
      const output = { args: b.args };
      await call('tool.execute.before', { tool: b.tool, sessionID: b.session, callID: b.callID }, output);
      results.push({});
    } else {
      const a = step.after;
      const output = structuredClone(a.output);
      await call('tool.execute.after', { tool: a.tool, sessionID: a.session, callID: a.callID, args: a.args }, output);
      results.push({ output });
    }
  } catch (error) {
    results.push({ threw: error instanceof Error ? error.message : String(error) });
  }
}
answer({ exports, results, injections: fake.injections, calls: fake.calls });
