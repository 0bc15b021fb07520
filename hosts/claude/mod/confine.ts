/**
 * core/confine/confine.ts for the Claude Code mod (its build points it here). The mod decides
 * inside Claude Code's process and cannot start one, so the sandbox is not built now: the plan
 * needs what a process tells (git's ignored folders, whether an empty sandbox starts) and the
 * real place of every folder it mounts, read synchronously, which `$` cannot answer inside a
 * decision. The sandbox is built when the command runs, by the plugin's own hook script with
 * `--stopline-confine` (core/confine/deferred.ts), which runs nothing when it cannot
 * (hosts/shared/confine-run.ts). The script and its runtime are found the way the plugin's
 * command hooks find them (hooks/hooks.json): `stopline.mjs` in CLAUDE_PLUGIN_ROOT, run by the
 * first of node and bun on PATH.
 *
 * What Claude Code runs is the short form every door hands back (core/confine/launcher.ts): a
 * launcher script in the data folder that passes its one argument to that runner, written by
 * the core through the mod's Store like any door's, which puts it on disk before the core goes
 * on (./launchers.ts). The runner line itself is the inline form, for when the script cannot be
 * written.
 *
 * Whether bubblewrap is on PATH is looked at once, when the mod starts (`$.fs.stat`, no process):
 * without it no sandbox can be built when the command runs, so the command is answered as before
 * (asked, or denied) rather than handed over to fail. What else keeps a sandbox from starting
 * (user namespaces off, a container) is found only when the command runs, which then runs nothing.
 */
import type { ConfineRequest, ConfineResult } from '../../../core/confine/confine';
import { shellQuote } from '../../../core/confine/bwrap';
import { deferredCommand } from '../../../core/confine/deferred';
import { deferredLauncherFor } from '../../../core/confine/launcher';
import type { DeferredScope } from '../../../core/confine/deferred';
import { armed, confinedMessage, confinementSwitch } from '../../../core/confine/words';
import { MODES } from '../../../core/contract/types';
import type { NamedMode } from '../../../core/contract/types';

/** Whether bubblewrap was on PATH when the mod started; null: not looked at. */
let bwrapSeen: boolean | null = null;

/** What the mod saw at its start (hosts/claude/mod/entry.ts). */
export function sawBubblewrap(found: boolean | null): void {
  bwrapSeen = found;
}

/** The runtime, as the plugin's hook command finds it. */
const RUNTIME = '"$(command -v node || command -v bun || echo node)"';

export function confineCommand(req: ConfineRequest): ConfineResult {
  const sw = confinementSwitch(req.contract, req.configOn, req.env);
  if (!sw.on) return { ok: false, why: `confinement is off (${sw.why})` };
  if (bwrapSeen === false) return { ok: false, why: 'bubblewrap (bwrap) is not installed' };
  const root = req.env.CLAUDE_PLUGIN_ROOT;
  if (!root || !root.startsWith('/')) return { ok: false, why: 'the plugin folder is not known (CLAUDE_PLUGIN_ROOT)' };
  if (!req.project.startsWith('/')) return { ok: false, why: 'the project folder is not an absolute path' };
  // with no contract armed the run holds only what stopline protects (mode null), whatever mode is named
  const unarmed = !armed(req.contract);
  if (!unarmed && !(MODES as readonly string[]).includes(req.contract.mode)) return { ok: false, why: 'no mode is named' };
  const scope: DeferredScope = unarmed
    ? { mode: null, files: null, project: req.project, rules: [...(req.rules ?? [])] }
    : { mode: req.contract.mode as NamedMode, files: req.contract.files, project: req.project, rules: [...(req.rules ?? [])] };
  if (req.dataDir?.startsWith('/')) scope.dataDir = req.dataDir;
  const runner = `${RUNTIME} ${shellQuote(`${root.replace(/\/+$/, '')}/stopline.mjs`)}`;
  const command = deferredCommand(runner, scope, req.command);
  const launcher = scope.dataDir ? deferredLauncherFor(scope.dataDir, runner, scope, req.command) : undefined;
  return {
    ok: true,
    command,
    ...(launcher ? { launcher } : {}),
    message: confinedMessage(req.contract),
    counts: { writable: 0, readOnly: 0, hidden: 0, blocked: 0, unguarded: 0 },
    deferred: true,
  };
}
