/**
 * dist/openclaw/index.js: the OpenClaw native plugin. OpenClaw imports the folder's entry (named
 * by package.json `openclaw.extensions`) and calls the default export's `register(api)`; the
 * bundle has no imports but node: built-ins.
 *
 * A throwing handler blocks the tool in OpenClaw, so nothing here may throw by accident: if the
 * guard cannot start, a minimal before_tool_call handler applies the fail mode.
 */
import { recordBypass } from '../../core/answer/bypass';
import { failAnswer, labelLines } from '../../core/answer/answer';
import { handleEvent, failOutcome } from '../../core/answer/controller';
import { InProcessHooks } from '../../core/hooks/in-process';
import { isRecord } from '../../core/check';
import { LABEL, blockResult } from './adapter';
import type { OpenClawContext } from './adapter';
import { OpenClawDoor } from './door';

/** The members of OpenClaw's plugin API this plugin uses. */
interface OpenClawApi {
  on(hook: string, handler: (event: unknown, ctx: OpenClawContext) => unknown): unknown;
  /** the loaded config (agents.defaults.workspace names the agents' folder) */
  config?: unknown;
}

/** agents.defaults.workspace of the loaded config, when it names one. */
function defaultWorkspace(config: unknown): string | undefined {
  const agents = isRecord(config) ? config.agents : undefined;
  const defaults = isRecord(agents) ? agents.defaults : undefined;
  const ws = isRecord(defaults) ? defaults.workspace : undefined;
  return typeof ws === 'string' && ws.startsWith('/') ? ws : undefined;
}

function register(api: OpenClawApi): void {
  const env = process.env;
  try {
    const workspace = defaultWorkspace(api.config);
    const door = new OpenClawDoor({ env, core: { handleEvent, failOutcome, recordBypass }, hooks: new InProcessHooks(env, 'openclaw'), ...(workspace ? { workspace } : {}) });
    for (const [name, handler] of Object.entries(door.handlers())) api.on(name, handler);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    try {
      process.stderr.write(`${LABEL}: the guard did not start (${why})\n`);
      api.on('before_tool_call', async () => {
        const out = failAnswer({ failOutcome }, new Error(`the guard did not start: ${why}`), { env }, null);
        for (const l of labelLines(LABEL, out.diagnostics)) process.stderr.write(`${l}\n`);
        return out.kind === 'deny' ? blockResult(out) : undefined;
      });
    } catch {
      // OpenClaw's API itself is broken: nothing left to register
    }
  }
}

export default {
  id: 'stopline',
  name: 'stopline',
  description: 'holds the agent to the task contract the person types, checked before every tool call',
  register,
};
