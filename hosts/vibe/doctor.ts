/**
 * Doctor's view of Mistral Vibe: the hooks.toml tables install.ts wrote.
 */
import { vibeRegistry } from '../../core/registry/vibe';
import { hookFileChecks } from '../cli/doctor/hook-file';
import type { DoctorContext, Placement } from '../cli/doctor/hosts';
import { claudeWritePayload, deniedText, shellHookProbe } from '../cli/doctor/probes';
import { check, type Check } from '../cli/doctor/report';
import { readText } from '../cli/doctor/system';
import { hostTools } from '../cli/host-tool';
import { NO_NEEDS, rowsToRegister } from '../cli/install/observe-events';
import { runsScript } from '../cli/install/plan-context';
import { VIBE_HOOK_TIMEOUT_SECONDS, vibePaths, vibePlanner } from './install';

/** The command of each stopline `[[hooks]]` table in a hooks.toml text, by its `type`. */
function vibeCommands(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let table: Record<string, string> | null = null;
  const flush = () => {
    if (table?.name?.startsWith('stopline-') && table.type && table.command !== undefined) out.set(table.type, table.command);
  };
  for (const line of text.split('\n')) {
    if (/^\s*\[/.test(line)) {
      flush();
      table = /^\s*\[\[\s*hooks\s*\]\]/.test(line) ? {} : null;
      continue;
    }
    const kv = table && /^\s*(name|type|command)\s*=\s*("(?:[^"\\]|\\.)*")\s*(#.*)?$/.exec(line);
    if (kv && table) {
      try {
        table[kv[1]!] = JSON.parse(kv[2]!) as string;
      } catch {
        // a string stopline did not write: not one of its tables
      }
    }
  }
  flush();
  return out;
}

/**
 * Vibe has no command that lists the hooks it loaded, so doctor reads the file Vibe reads at each
 * session start and runs the registered command as Vibe would.
 */
function vibeChecks(ctx: DoctorContext, p: Placement): Promise<Check[]> {
  const paths = vibePaths(ctx.env, p.scope, p.project);
  return hookFileChecks(ctx, p, 'vibe', paths, {
    registration(fix) {
      const text = readText(paths.hooksFile);
      if (text === null) return { ok: false, checks: [check('registered', 'fail', `${paths.hooksFile} does not exist: Vibe does not know about stopline`, fix)] };
      const commands = vibeCommands(text);
      const ours = runsScript(paths.script);
      const events = rowsToRegister(vibeRegistry, NO_NEEDS).map((r) => r.native);
      const missing = events.filter((e) => !ours(commands.get(e) ?? ''));
      if (missing.length) return { ok: false, checks: [check('registered', 'fail', `${paths.hooksFile} has no stopline table running ${paths.script} for ${missing.join(', ')}`, fix)] };
      const wouldRun =
        p.scope === 'project'
          ? check('would-run', 'warn', `Vibe reads ${paths.hooksFile} only in a trusted folder; untrusted, it skips the file`, 'trust the folder in Vibe (or vibe --trust for one run), or stopline install vibe (user scope)')
          : check('would-run', 'pass', `${paths.hooksFile} is read at every session start, with no trust step`);
      return { ok: true, checks: [check('registered', 'pass', `${events.length} events registered in ${paths.hooksFile}`), wouldRun], command: commands.get('pre_tool')! };
    },
    probe: probeVibe,
    timeoutSec: VIBE_HOOK_TIMEOUT_SECONDS,
  });
}

/** Vibe runs a hook command through the shell and reads only a top-level decision on stdout with exit 0. */
const probeVibe = shellHookProbe({
  tool: 'write_file',
  payload: claudeWritePayload('pre_tool', () => ({ parent_session_id: null, tool_name: 'file_system.write_file', tool_call_id: 'call_stopline_doctor' })),
  denied: (r, out) => (r.code === 0 && out?.decision === 'deny' && deniedText(out.reason as string) ? 'decision "deny"' : undefined),
});

/** Mistral Vibe's row of the person's tooling. */
export const tooling = hostTools({ planner: vibePlanner, checks: vibeChecks }, (env, cwd) => vibePaths(env, 'user', cwd).script);
