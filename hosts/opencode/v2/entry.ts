/**
 * The v2 entry of dist/opencode/stopline.js: OpenCode v2 loads the file's default export
 * `{id, setup}` and calls `setup(ctx)`. A setup that throws makes v2 drop the plugin with a line
 * in its log only (the guard would silently be gone), so setup catches its own errors: if the
 * guard cannot start, a minimal execute.before still applies the fail mode before every tool.
 */
import { handleEvent, failOutcome } from '../../../core/answer/controller';
import { applyHostEditSwitch } from '../../../core/answer/host-mode';
import { InProcessHooks } from '../../../core/hooks/in-process';
import { opencode2Registry } from '../../../core/registry/opencode2';
import { LABEL_V2, denyErrorV2 } from './adapter';
import type { V2Context } from './api';
import { OpenCodeV2Door } from './door';

export async function setupV2(ctx: V2Context): Promise<(() => Promise<void>) | undefined> {
  const env = process.env;
  const dir = ctx?.location?.directory;
  try {
    const door = new OpenCodeV2Door(ctx, { env, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks: new InProcessHooks(env, 'opencode') });
    await door.register();
    return () => door.dispose();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${LABEL_V2}: the guard did not start (${why})\n`);
    const before = opencode2Registry.events.find((e) => e.handler === 'tool-before')!.native;
    try {
      await ctx.tool.hook(before.slice(before.indexOf('.') + 1), async () => {
        const out = failOutcome(new Error(`the guard did not start: ${why}`), { env, ...(typeof dir === 'string' && dir !== '' ? { cwd: dir } : {}) });
        for (const l of out.diagnostics ?? []) process.stderr.write(`${LABEL_V2}: ${l.replace(/^stopline:\s*/, '')}\n`);
        if (out.kind === 'deny') throw denyErrorV2(out);
      });
    } catch (again) {
      process.stderr.write(`${LABEL_V2}: not even the fail mode could be registered (${again instanceof Error ? again.message : String(again)})\n`);
    }
    return undefined;
  }
}
