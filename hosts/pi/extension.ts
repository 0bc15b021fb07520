/**
 * dist/pi/stopline.ts: the Pi extension. Pi loads the file with its own TypeScript loader
 * (jiti) and calls the default export with its extension API; the bundle has no imports but
 * node: built-ins, so it works the same on @earendil-works/pi-coding-agent 1.6.0 (Node >= 22.19)
 * and @mariozechner/pi-coding-agent 0.73.1 (Node 20). The one exception is a dynamic import of
 * Pi's own package (its loader maps the name for extensions) to learn Pi's version; where it
 * fails the version stays unknown.
 *
 * A load error is fatal in Pi (exit 1, no model request), and a throwing handler blocks the
 * tool, so nothing here may throw: the factory catches its own errors and, if the guard cannot
 * start, registers a minimal tool_call handler that applies the fail mode.
 *
 * The skill (/skill:stopline) ships next to this file as skills/stopline/SKILL.md; when that
 * folder is there, the extension hands it to Pi's resource discovery.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordBypass } from '../../core/answer/bypass';
import { failAnswer, labelLines } from '../../core/answer/answer';
import { handleEvent, failOutcome } from '../../core/answer/controller';
import { InProcessHooks } from '../../core/hooks/in-process';
import { LABEL, blockResult, piVersion } from './adapter';
import type { PiContext } from './adapter';
import { PiDoor } from './door';

/** The one member of Pi's ExtensionAPI this extension uses (both versions have it). */
interface PiApi {
  on(event: string, handler: (event: unknown, ctx: PiContext) => unknown): unknown;
}

/** `<folder of this file>/skills` when the skill was shipped next to it. */
function skillsFolder(): string | undefined {
  try {
    const url = import.meta.url;
    if (typeof url !== 'string' || !url.startsWith('file:')) return undefined;
    const dir = join(dirname(fileURLToPath(url)), 'skills');
    return existsSync(join(dir, 'stopline', 'SKILL.md')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

export default function stopline(pi: PiApi): void {
  const env = process.env;
  try {
    // learned in the background (the loader is not held up); a tool call waits for the answer
    const hostVersion = piVersion(() => import('@mariozechner/pi-coding-agent'));
    const guard = new PiDoor({ env, core: { handleEvent, failOutcome, recordBypass }, hooks: new InProcessHooks(env, 'pi'), hostVersion });
    for (const [name, handler] of Object.entries(guard.handlers())) pi.on(name, handler);
    const skills = skillsFolder();
    if (skills) pi.on('resources_discover', async () => ({ skillPaths: [skills] }));
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    try {
      process.stderr.write(`${LABEL}: the guard did not start (${why})\n`);
      pi.on('tool_call', async (_event: unknown, ctx: PiContext) => {
        const out = failAnswer({ failOutcome }, new Error(`the guard did not start: ${why}`), { env, ...(typeof ctx?.cwd === 'string' ? { cwd: ctx.cwd } : {}) }, null);
        for (const l of labelLines(LABEL, out.diagnostics)) process.stderr.write(`${l}\n`);
        return out.kind === 'deny' ? blockResult(out) : undefined;
      });
    } catch {
      // Pi's API itself is broken: nothing left to register
    }
  }
}
