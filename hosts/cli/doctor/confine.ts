/**
 * Doctor's confinement lines: can a sandbox start on this machine (and if not, why and how to fix
 * it), is confinement turned off by the person, and per host whether that host's commands are
 * confined (a host must also apply a rewritten command; see `hostRewrites`).
 */
import { loadConfig } from '../../../core/config/config';
import { confinementSwitch } from '../../../core/confine/confine';
import { probeSandbox } from '../../../core/confine/probe';
import type { SandboxProbe } from '../../../core/confine/probe';
import type { Host } from '../install/locations';
import { REGISTRIES } from '../../../core/registry/index';
import { rewritesShell } from '../../../core/registry/rows';
import { check } from './report';
import type { Check } from './report';

type Env = Readonly<Record<string, string | undefined>>;

export interface ConfinementHere {
  sandbox: SandboxProbe;
  /** why the person turned it off, when they did */
  off?: string;
  /** the floor preset: under `strict` a command that cannot be confined with no contract armed is asked */
  preset?: string;
}

export function confinementHere(env: Env, cwd: string, platform: string = process.platform): ConfinementHere {
  const { config } = loadConfig(env, cwd);
  const sw = confinementSwitch({}, config.confine, env);
  const sandbox = probeSandbox(env, platform);
  const preset = config.floor.preset;
  return sw.on ? { sandbox, preset } : { sandbox, off: sw.why, preset };
}

/** What a command whose writes cannot be placed gets, with no contract armed, where it cannot be confined. */
function unarmedWords(here: ConfinementHere): string {
  return here.preset === 'strict'
    ? 'with no contract armed, a command whose writes cannot be placed is asked (floor preset strict)'
    : "with no contract armed, a command whose writes cannot be placed runs as it is, with stopline's own files within its reach (floor preset strict asks it instead)";
}

/** The machine's line: commands the analysis cannot prove run confined here, or why not. */
export function confinementCheck(here: ConfinementHere): Check {
  const s = here.sandbox;
  if (here.off) return check('confine', 'skip', `turned off (${here.off}): commands the analysis cannot prove are asked or denied; ${unarmedWords(here)}`, 'remove the setting to confine them instead');
  if (s.ok) return check('confine', 'pass', `commands the analysis cannot prove run confined to the contract (${s.version}, ${s.tools.bwrap}); with no contract armed, a command whose writes cannot be placed runs confined away from what stopline protects`);
  return check('confine', 'warn', `commands the analysis cannot prove are asked or denied, not confined: ${s.why}; ${unarmedWords(here)}`, s.fix);
}

/** Whether a host applies a rewritten command before it runs: the registry's rewrite column for its shell tool. */
export function hostRewrites(host: Host): boolean {
  return rewritesShell(REGISTRIES[host]);
}

/**
 * A host's line: its commands are confined here, or why not. `deferredDoor` names a door of the
 * host that confines by a deferred run (the sandbox is built when the command runs).
 */
export function hostConfinementCheck(host: Host, here: ConfinementHere, rewrites: boolean = hostRewrites(host), deferredDoor?: string): Check {
  if (here.off) return check('confine', 'skip', 'not confined here (turned off; see the stopline lines above)');
  if (!here.sandbox.ok) {
    // a door that hands the sandbox to a later run (`deferredDoor`) sees only whether bwrap is
    // installed; where it is but cannot start, that run refuses the command instead of a question
    if (deferredDoor && !/not installed/.test(here.sandbox.why)) return check('confine', 'warn', `not confined here (no sandbox); ${deferredDoor} hands a command it cannot prove to a run that builds the sandbox, and here that run runs nothing (exit 126, with why) instead of asking${here.preset === 'strict' ? '' : '; with no contract armed it runs the command as it is'}`, here.sandbox.fix);
    return check('confine', 'skip', 'not confined here (no sandbox; see the stopline lines above)');
  }
  if (rewrites) return check('confine', 'pass', `${host} runs the confined command stopline hands back`);
  return check('confine', 'skip', `${host} cannot run a rewritten command: commands the analysis cannot prove are asked or denied there; ${unarmedWords(here)}`);
}
