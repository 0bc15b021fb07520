/**
 * dist/opencode/stopline.js: the OpenCode plugin. OpenCode 1.18.33 calls every export of a
 * plugin file as a plugin factory, and one export that is not a function makes it skip the
 * whole file without a word (the guard would silently be gone). So this file exports the
 * plugin and nothing else; the build checks that too.
 *
 * A factory that throws is also skipped (logged only), so the factory catches its own errors:
 * if the guard cannot start, a minimal plugin still applies the fail mode before every tool.
 */
import { failAnswer, labelLines } from '../../core/answer';
import { handleEvent, failOutcome } from '../../core/controller';
import { applyHostEditSwitch } from '../../core/host-mode';
import { InProcessHooks } from '../../core/hooks/in-process';
import { LABEL, denyError } from './adapter';
import { OpenCodeDoor } from './door';
import type { OpenCodeHooks, PluginInput } from './door';

export const StoplinePlugin = async (input: PluginInput): Promise<Partial<OpenCodeHooks>> => {
  const env = process.env;
  try {
    const hooks = new InProcessHooks(env, 'opencode');
    return new OpenCodeDoor(input, { env, core: { handleEvent, failOutcome, applyHostEditSwitch }, hooks }).hooks();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${LABEL}: the guard did not start (${why})\n`);
    return {
      'tool.execute.before': async () => {
        const out = failAnswer({ failOutcome }, new Error(`the guard did not start: ${why}`), { env, ...(input?.directory ? { cwd: input.directory } : {}) }, null);
        for (const l of labelLines(LABEL, out.diagnostics)) process.stderr.write(`${l}\n`);
        if (out.kind === 'deny') throw denyError(out);
      },
    };
  }
};
