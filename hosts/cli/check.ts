/**
 * `stopline check`: what the guard would answer to one command or tool call, without a session
 * and without recording anything. It analyses the call with the host's own tool table, builds
 * the contract a directive would (or the fresh-session one), reads the person's config for the
 * floor, and decides with the same decide() every host artifact uses.
 *
 *   stopline check [--contract "review files=src/**"] [--host <host>] [--cwd DIR] [--json] -- '<command>'
 *   stopline check [--host <host>] '{"tool_name":"Read","tool_input":{"file_path":".env"}}'
 *
 * Exit 0: the call would run (as it is, or confined); 2: it would be stopped (denied, or asked of the person); 1: a
 * usage error.
 */
import { resolve } from 'node:path';
import { analyzeToolCall } from '../../core/analysis/tool-call';
import { loadConfig } from '../../core/config/config';
import { applyDirective } from '../../core/contract/amend';
import { decide } from '../../core/contract/decide';
import type { Decision } from '../../core/contract/decide';
import { parsePromptCommand } from '../../core/contract/grammar';
import { freshContract } from '../../core/contract/types';
import type { Contract } from '../../core/contract/types';
import { floorContext } from '../../core/floor/context';
import { fsProbe } from '../../core/paths/fs-probe';
import { stampFromDecision } from '../../core/messages/render';
import type { Action } from '../../core/protocol';
import { REGISTRIES } from '../../core/registry/index';
import { CANONICAL_HOST } from '../../core/registry/host-specs';
import type { HostRegistry } from '../../core/registry/types';
import { rewriteFormOf } from '../../core/registry/rows';
import { confineCommand, scopeWords } from '../../core/confine/confine';
import { armed, scopeOf } from '../../core/confine/words';
import type { RegistryFamily } from '../../core/registry/index';
import { homeFrom, pathVars, selfPathTable, selfPaths } from '../../core/paths/self-paths';
import type { SelfPathEntry } from '../../core/paths/self-paths';
import { resolveDataDir } from '../../core/state/datadir';
import type { ParsedArgs } from './args';
import type { CliIO } from './command-spec';
import { printJson, usageError } from './output';
import { isRecord } from '../../core/check';

type Call = { tool: string; input: unknown };

/**
 * A shell brace group (`{ export X=1; }; rm -rf $X`): a `{` and a blank, then a word that does not
 * open a JSON key. A JSON tool call parses; text shaped like one that does not is said to be broken.
 */
function braceGroup(text: string): boolean {
  if (!/^\{\s+[^"\s}]/.test(text)) return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/** The call: a JSON tool call, or a shell command for the host's shell tool. */
function callOf(text: string, host: RegistryFamily): Call | string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') && !braceGroup(trimmed)) {
    let v: unknown;
    try {
      v = JSON.parse(trimmed);
    } catch {
      return 'the tool call is not valid JSON';
    }
    if (!isRecord(v)) return 'the tool call must be a JSON object';
    const tool = v.tool_name ?? v.tool ?? v.name;
    if (typeof tool !== 'string' || tool === '') return 'the tool call needs "tool_name" (and "tool_input")';
    return { tool, input: v.tool_input ?? v.input ?? v.args ?? {} };
  }
  const shell = REGISTRIES[host].tools.find((t) => t.kind === 'shell');
  if (!shell) return `${REGISTRIES[host].displayName} has no shell tool; give a tool call as JSON`;
  return { tool: shell.name, input: { [shell.commandField ?? 'command']: text } };
}

/** The contract a directive would set in a fresh session, or the fresh session's own. */
function contractOf(directive: string | undefined, config: ReturnType<typeof loadConfig>['config']): Contract | string {
  const level = config.defaultLevel === 'off' ? 'off' : config.defaultMode === 'unconfirmed' ? 'watch' : config.defaultLevel;
  const fresh = freshContract({ mode: config.defaultMode, level, defaults: config.defaults });
  if (directive === undefined) return fresh;
  const cmd = parsePromptCommand(`$stopline ${directive.replace(/^\s*\$stopline\s*/i, '')}`);
  if (cmd.kind !== 'directive') return cmd.kind === 'error' ? cmd.message : `"${directive}" is not a contract directive (e.g. "review" or "change files=src/**")`;
  const applied = applyDirective(fresh, cmd.directive, { defaults: config.defaults, armLevel: config.defaultLevel === 'watch' ? 'watch' : 'guard' });
  return applied.ok ? applied.contract : applied.message;
}

function analysisView(a: Action) {
  return {
    tool: a.name,
    mutability: a.mutability,
    affectedPaths: a.affectedPaths,
    segments: (a.segments ?? []).map((s) => ({ program: s.program, mutability: s.mutability, paths: s.paths, why: s.why })),
    hazards: a.hazards ?? [],
  };
}

/**
 * Whether the host would run this call confined instead of as decided: a confinable decision, a
 * host that runs a rewritten shell command, then the guard's own confinement, planned and not
 * prepared (nothing is written), so every condition it applies is applied here too.
 */
function confinedBy(d: Decision, req: { contract: Contract; registry: HostRegistry; call: Call; project: string; configOn: boolean; env: Record<string, string | undefined>; home?: string; selfPaths: readonly SelfPathEntry[] }): { on: true } | { on: false; why?: string } {
  if (!d.confinable) return { on: false };
  const { registry, call } = req;
  const row = registry.events.find((e) => e.control === 'action.before' && e.registered);
  const tool = registry.tools.find((t) => t.name === call.tool);
  if (!rewriteFormOf(row, tool) || !tool?.commandField || !isRecord(call.input)) return { on: false, why: `${registry.displayName} does not run a rewritten command, so nothing is confined there` };
  const command = call.input[tool.commandField];
  if (typeof command !== 'string') return { on: false, why: 'the call carries no command to confine' };
  const planned = confineCommand({
    command,
    contract: req.contract,
    project: req.project,
    env: req.env,
    ...(req.home ? { home: req.home } : {}),
    protectedPaths: req.selfPaths,
    now: Date.now(),
    configOn: req.configOn,
    dryRun: true,
  });
  return planned.ok ? { on: true } : { on: false, why: planned.why.startsWith('confinement is off') ? planned.why : `not confined here: ${planned.why}` };
}

function verdictWord(d: Decision, canAsk: boolean, confined: boolean, contract: Contract): string {
  if (confined) return armed(contract) ? 'run confined (inside a sandbox built from the contract)' : "run confined (inside a sandbox that keeps what stopline protects read-only)";
  if (d.outcome === 'allow') return 'allow';
  if (d.outcome === 'context') return 'allow, with a WATCH note to the model';
  if (d.outcome === 'ask') return canAsk ? 'ask the person' : 'deny (the host cannot ask a person)';
  return 'deny';
}

export async function runCheck(args: ParsedArgs, io: CliIO): Promise<number> {
  const hostOpt = args.options.host;
  const host = (typeof hostOpt === 'string' ? hostOpt : CANONICAL_HOST) as RegistryFamily;
  if (!(host in REGISTRIES)) return usageError(io, 'check', `unknown host "${String(hostOpt)}"; one of ${Object.keys(REGISTRIES).join(', ')}`);
  const text = args.positionals.join(' ');
  if (text.trim() === '') return usageError(io, 'check', 'give the command after `--`, or a tool call as JSON');
  const cwdOpt = args.options.cwd;
  const cwd = typeof cwdOpt === 'string' ? resolve(io.cwd, cwdOpt) : io.cwd;
  const call = callOf(text, host);
  if (typeof call === 'string') return usageError(io, 'check', call);

  const env = io.env as Record<string, string | undefined>;
  const { config, diagnostics } = loadConfig(env, cwd);
  const contractOpt = args.options.contract;
  const contract = contractOf(typeof contractOpt === 'string' ? contractOpt : undefined, config);
  if (typeof contract === 'string') return usageError(io, 'check', `--contract: ${contract}`);

  const home = homeFrom(env);
  const registry = REGISTRIES[host];
  const action: Action = { ...analyzeToolCall(registry, call.tool, call.input, { cwd, ...(home ? { home } : {}), vars: pathVars(env) }) };
  const dataDir = resolveDataDir(env, config.dataDir ? { configDataDir: config.dataDir } : {});
  const projectDir = config.projectRoot ?? cwd;
  const ctx = {
    selfPaths: selfPaths({ env, dataDir, projectDir }),
    cwd,
    ...(home ? { home } : {}),
    probe: fsProbe(),
    floor: floorContext(config, cwd, env, action),
  };
  let d = decide(contract, action, ctx);
  const canAsk = registry.ask === 'host-ask' || registry.ask === 'ui-prompt' || registry.ask === 'approve';
  const confine: { on: boolean; why?: string } = confinedBy(d, { contract, registry, call, project: action.cwd ?? cwd, configOn: config.confine, env, ...(home ? { home } : {}), selfPaths: selfPathTable({ env, dataDir, projectDir }) });
  // with no contract armed, what cannot be confined is decided once more, as the guard does (the strict floor asks it)
  const unarmedFallback = !confine.on && d.confinable !== undefined && !armed(contract);
  if (unarmedFallback) d = decide(contract, action, { ...ctx, unconfined: true });
  if (unarmedFallback && confine.why) confine.why += d.outcome === 'allow' ? `; with no contract armed it runs as it is under floor preset ${config.floor.preset}` : '; with no contract armed it is asked under floor preset strict';
  const stopped = !confine.on && (d.outcome === 'deny' || d.outcome === 'ask');
  const stamp = d.outcome === 'allow' || confine.on ? null : stampFromDecision(d, contract, d.outcome === 'context' ? 'watch' : d.outcome === 'ask' && canAsk ? 'ask' : 'stop', undefined, d.outcome === 'ask' && !canAsk);

  if (args.options.json === true) {
    printJson(io, {
      host,
      verdict: d.verdict,
      outcome: confine.on ? 'confined' : d.outcome,
      ...(confine.on ? { confined: { scope: scopeOf(contract).kind, armed: armed(contract), writable: scopeWords(contract) } } : !confine.on && confine.why ? { notConfined: confine.why } : {}),
      reasonCode: d.reasonCode,
      family: d.family,
      explanation: d.explanation,
      ...(d.nextStep ? { nextStep: d.nextStep } : {}),
      also: (d.also ?? []).map((b) => b.reasonCode),
      contract: { mode: contract.mode, level: contract.level, files: contract.files, deps: contract.deps, hash: contract.hash, agents: contract.agents },
      floor: { preset: config.floor.preset, exceptions: config.floor.exceptions.length },
      stamp,
      analysis: analysisView(action),
      diagnostics,
    });
    return stopped ? 2 : 0;
  }
  const lines: string[] = [];
  lines.push(`verdict: ${verdictWord(d, canAsk, confine.on, contract)} on ${registry.displayName}`);
  if (confine.on && armed(contract)) lines.push(`confined: writable ${scopeWords(contract)}, plus build, cache and temp folders; stopline's own files read-only (reason CONFINED)`);
  else if (confine.on) lines.push("confined: no contract armed; everything is writable but what stopline protects (its own files, the agents' settings and install folders), which stays read-only (reason CONFINED)");
  lines.push(`${confine.on ? 'unproven' : 'rule'}: ${d.reasonCode}${d.family ? ` (${d.family})` : ''}: ${d.explanation}`);
  if (!confine.on && confine.why) lines.push(`not confined: ${confine.why}`);
  for (const b of d.also ?? []) lines.push(`also breaks: ${b.reasonCode}: ${b.explanation}`);
  lines.push(`contract: ${contract.mode} ${contract.level}${contract.files ? ` files=${contract.files.join('|')}` : ''}; floor preset: ${config.floor.preset}${config.floor.exceptions.length ? ` (${config.floor.exceptions.length} exception${config.floor.exceptions.length === 1 ? '' : 's'})` : ''}`);
  const a = analysisView(action);
  lines.push(`analysis: ${a.tool} is ${a.mutability}; writes ${a.affectedPaths === null ? 'targets it cannot prove' : a.affectedPaths.length ? a.affectedPaths.join(', ') : 'nothing'}`);
  for (const s of a.segments) lines.push(`  ${s.program}: ${s.mutability}${s.paths.length ? ` ${s.paths.join(', ')}` : ''} (${s.why})`);
  for (const h of a.hazards) lines.push(`  hazard ${h.kind}: ${h.form}${h.paths === null ? ' (target only known at run time)' : h.paths.length ? ` ${h.paths.join(', ')}` : ''}`);
  if (stamp) lines.push('', 'the agent would read:', ...stamp.split('\n').map((l) => `  ${l}`));
  for (const dg of diagnostics) lines.push(dg);
  io.stdout.write(lines.join('\n') + '\n');
  return stopped ? 2 : 0;
}
