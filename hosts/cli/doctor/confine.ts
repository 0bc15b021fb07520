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
import { check } from './report';
import type { Check } from './report';

type Env = Readonly<Record<string, string | undefined>>;

export interface ConfinementHere {
  sandbox: SandboxProbe;
  /** why the person turned it off, when they did */
  off?: string;
}

export function confinementHere(env: Env, cwd: string, platform: string = process.platform): ConfinementHere {
  const { config } = loadConfig(env, cwd);
  const sw = confinementSwitch({}, config.confine, env);
  const sandbox = probeSandbox(env, platform);
  return sw.on ? { sandbox } : { sandbox, off: sw.why };
}

/** The machine's line: commands the analysis cannot prove run confined here, or why not. */
export function confinementCheck(here: ConfinementHere): Check {
  const s = here.sandbox;
  if (here.off) return check('confine', 'skip', `turned off (${here.off}): commands the analysis cannot prove are asked or denied`, 'remove the setting to confine them instead');
  if (s.ok) return check('confine', 'pass', `commands the analysis cannot prove run confined to the contract (${s.version}, ${s.tools.bwrap})`);
  return check('confine', 'warn', `commands the analysis cannot prove are asked or denied, not confined: ${s.why}`, s.fix);
}

/**
 * Whether a host applies a rewritten command before it runs. The registry's column for how each
 * host rewrites a command answers this once it is there; until then every host reads as
 * "not known" and its line says so.
 */
export function hostRewrites(_host: Host): boolean | undefined {
  return undefined;
}

/** A host's line: its commands are confined here, or why not. */
export function hostConfinementCheck(host: Host, here: ConfinementHere, rewrites: boolean | undefined = hostRewrites(host)): Check {
  if (here.off || !here.sandbox.ok) return check('confine', 'skip', `not confined here (${here.off ? 'turned off' : 'no sandbox'}; see the stopline lines above)`);
  if (rewrites === true) return check('confine', 'pass', `${host} runs the confined command stopline hands back`);
  if (rewrites === false) return check('confine', 'skip', `${host} cannot run a rewritten command: commands the analysis cannot prove are asked or denied there`);
  return check('confine', 'skip', `whether ${host} runs a rewritten command is not known to this build: commands the analysis cannot prove are asked or denied there`);
}
