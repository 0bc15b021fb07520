/**
 * `stopline listen`: the line protocol of core/hooks/listen.ts on stdin/stdout, wired to the
 * guard and the person's hooks, for a host that talks to stopline from another process or
 * language and wants one resident evaluator instead of a process per event.
 *
 *   {"op":"dispatch","host":"hermes","event":"pre_tool_call","payload":{…kwargs,"cwd"}}
 *       -> {"ok":true,"output":<the Hermes callback's return value, or null>}
 *       (the Hermes adapter's own plugin door: the Python shim in hosts/hermes depends on it)
 *   {"op":"dispatch","event":"tool:before","payload":{…native form…}}
 *   {"op":"dispatch","host":<any other host of the registry>,"event":<its hook name>,"payload":{…}}
 *       -> {"ok":true,"decision":"allow"|"block","kind":…,"reason"?,"context"?,"rewrite"?,…,"output"?}
 *       (the verdict `stopline guard` prints, without the exit code; `"canRewrite":true` on the
 *       request is `guard --can-rewrite`: the caller runs a rewritten command)
 *   a payload the dialect cannot map -> {"ok":false,"error":"…"}
 *   {"op":"reload"} -> the diagnostics of the person's hook config, read afresh
 *   {"op":"ping"}, {"op":"bye"} as in the protocol
 */
import { Writable } from 'node:stream';
import type { Readable } from 'node:stream';
import { CANONICAL, CANONICAL_EVENTS, isCanonicalEvent } from '../../core/canonical';
import type { CanonicalEvent } from '../../core/canonical';
import { listen, loadHooksConfigFromSystem } from '../../core/hooks';
import type { Diagnostic, ListenHandler } from '../../core/hooks';
import { eventEntry } from '../shared/adapter';
import type { HookEnv } from '../shared/adapter';
import type { ParsedArgs } from './args';
import type { CliIO } from './command-spec';
import { DIALECTS, GUARD_DOORS, acceptedEvents, isGuardDialect } from './guard/adapters';
import type { GuardDialect } from './guard/adapters';
import { decideGuard } from './guard/decide';
import { usageError } from './output';

/** The canonical event a dialect's hook name is filed under (its own, or that of its guard kind). */
function canonicalFor(dialect: GuardDialect, name: string): CanonicalEvent | null {
  if (dialect === 'native') return isCanonicalEvent(name) ? name : null;
  if (!acceptedEvents(dialect).includes(name)) return null;
  const row = eventEntry(GUARD_DOORS[dialect].adapter.registry, name);
  if (!row) return null;
  if (row.canonical) return row.canonical;
  return CANONICAL_EVENTS.find((c) => row.control !== null && CANONICAL[c].controlKind === row.control) ?? null;
}

export interface ListenContext {
  env: HookEnv;
  cwd: string;
  log(line: string): void;
}

export function cliListenHandler(ctx: ListenContext): ListenHandler {
  // a host's own resident door, made on its first request
  const residents = new Map<GuardDialect, ListenHandler | undefined>();
  const residentOf = (dialect: GuardDialect): ListenHandler | undefined => {
    if (!residents.has(dialect)) residents.set(dialect, GUARD_DOORS[dialect].resident?.({ env: ctx.env, cwd: ctx.cwd, log: ctx.log }));
    return residents.get(dialect);
  };
  const dialectOf = (host: string | undefined): GuardDialect => {
    const d = host ?? 'native';
    if (!isGuardDialect(d)) throw new Error(`unknown host "${d}" (hosts: ${DIALECTS.filter((x) => x !== 'native').join(', ')}; none for the native form)`);
    return d;
  };
  return {
    resolveEvent(name, host) {
      if (host !== undefined && !isGuardDialect(host)) return null;
      const dialect = dialectOf(host);
      const own = residentOf(dialect);
      return own ? (own.resolveEvent?.(name, host) ?? null) : canonicalFor(dialect, name);
    },
    async dispatch(req) {
      const dialect = dialectOf(req.host);
      const own = residentOf(dialect);
      if (own) return own.dispatch(req);
      const result = await decideGuard({ dialect, payload: req.payload, eventName: req.event, ...(req.canRewrite ? { canRewrite: true } : {}), env: ctx.env, cwd: ctx.cwd });
      if (result.kind === 'input-error') throw new Error(result.message);
      // a guard bridge process writes this to stderr; a resident one logs the non-stamp lines
      if (result.exitCode === 0 && result.stderr) ctx.log(result.stderr);
      return { ...result.verdict };
    },
    reload() {
      const config = loadHooksConfigFromSystem(ctx.cwd, { env: ctx.env });
      return { diagnostics: config.diagnostics as Diagnostic[] };
    },
  };
}

/** process.stdout is a Writable; a test's fake terminal is only `{ write }`. */
function writableOf(stream: CliIO['stdout']): Writable {
  const s = stream as unknown as Partial<Writable>;
  if (typeof s.on === 'function' && typeof s.once === 'function' && typeof s.off === 'function') return stream as unknown as Writable;
  return new Writable({
    write(chunk: Buffer | string, _enc, done) {
      stream.write(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      done();
    },
  });
}

export async function runListen(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 0) return usageError(io, 'listen', `unexpected argument "${args.positionals[0]}"; requests go on stdin, one JSON object per line`);
  const log = (line: string): void => {
    try {
      io.stderr.write(line.endsWith('\n') ? line : `${line}\n`);
    } catch {
      // a closed stderr must not stop the evaluator
    }
  };
  const handler = cliListenHandler({ env: io.env, cwd: io.cwd, log });
  await listen({ input: io.stdin as unknown as Readable, output: writableOf(io.stdout), handler, log, endOutput: false });
  // after `bye` the input may still be open; let go of it so the process can end
  (io.stdin as unknown as { destroy?: () => void }).destroy?.();
  return 0;
}
