/**
 * A fake OpenCode v2 around the built plugin file, run under Bun (v2's runtime too): imports the
 * file, checks its default export the way v2's module loader does (an `id` string and an
 * `effect` or `setup` function, else a load error), calls `setup(ctx)` with the in-memory v2 of
 * fake-v2.ts, then plays the steps of the request.
 *
 * argv: <plugin file> <project dir>; request JSON on stdin: { steps: Step[] }
 *   { prompt: { session, text } }                      session.hook("prompt")
 *   { before: { session, tool, input, id } }           tool.hook("execute.before")
 *   { context: { session } }                           session.hook("context")
 *   { evaluate: { session, id, action } }              permission.hook("evaluate")
 * Answer on stdout: { loaded, loadError?, registered, results: [{ threw?, event? }] }
 */
import { pathToFileURL } from 'node:url';
import { readRequest } from '../opencode/bun-stdin';
import { FakeV2, v2Event } from './fake-v2';

type Step =
  | { prompt: { session: string; text: string } }
  | { before: { session: string; tool: string; input: Record<string, unknown>; id: string } }
  | { context: { session: string } }
  | { evaluate: { session: string; id: string; action: string } };

const [file, project] = process.argv.slice(2) as [string, string];
const { request, answer } = await readRequest<{ steps: Step[] }>();

const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
const def = mod.default as Record<string, unknown> | undefined;
const loadable = !!def && typeof def === 'object' && typeof def.id === 'string' && (typeof def.effect === 'function' || typeof def.setup === 'function');
if (!loadable) {
  answer({ loaded: false, loadError: 'Plugin must export a default definition with an id and an effect or setup function.', registered: [], results: [] });
  process.exit(0);
}
const fake = new FakeV2(project);
fake.addSession('ses_v2root00000000000000001');
fake.addSession('ses_v2child0000000000000001', 'ses_v2root00000000000000001');
const cleanup = await (def.setup as (ctx: unknown) => Promise<(() => Promise<void>) | undefined>)(fake.context());

const results: { threw?: string; tag?: string; event?: unknown }[] = [];
for (const step of request.steps) {
  try {
    if ('prompt' in step) {
      await fake.trigger('session.prompt', { ...v2Event('session.prompt.json', project), sessionID: step.prompt.session, prompt: { text: step.prompt.text } });
      results.push({});
    } else if ('before' in step) {
      const b = step.before;
      results.push({ event: await fake.trigger('tool.execute.before', { tool: b.tool, sessionID: b.session, agent: 'build', messageID: 'msg_v2', id: b.id, input: b.input }) });
    } else if ('context' in step) {
      results.push({ event: await fake.trigger('session.context', { ...v2Event('session.context.json', project), sessionID: step.context.session }) });
    } else {
      const e = step.evaluate;
      results.push({ event: await fake.trigger('permission.evaluate', { ...v2Event('permission.evaluate-shell.json', project), sessionID: e.session, action: e.action, source: { type: 'tool', messageID: 'msg_v2', id: e.id } }) });
    }
  } catch (error) {
    results.push({ threw: error instanceof Error ? error.message : String(error), tag: (error as { _tag?: string })?._tag });
  }
}
if (typeof cleanup === 'function') await cleanup();
answer({ loaded: true, id: def.id, registered: [...fake.hooks.keys()].sort(), subscribed: fake.subscribed, results });
process.exit(0);
