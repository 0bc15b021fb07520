/**
 * What a command-hook artifact's second part (its decision code, see load.ts) offers the first:
 * the answer in this process, the fail mode's answer, the evaluator, and starting one. Each
 * host's `decide.ts` exports `decisionPart(<its adapter>)`'s members.
 */
import type { CommandHookAdapter, HookEnv, Rendered } from '../adapter';
import { answerInput, failWith } from '../runner';
import type { HookContext } from '../runner';
import type { StdinResult } from '../stdin';
import type { ConfineRunIO } from '../confine-run';
import { DEFAULT_IDLE_MS, serveEvaluator } from './server';
import { startEvaluator, type StartOptions } from './start';

export interface DecisionPart {
  /** the hook's answer, decided in this process */
  answer(input: StdinResult, ctx: HookContext): Promise<Rendered>;
  /** the fail mode's answer for this payload, when the evaluator took it and did not answer */
  failAnswer(stdin: string, why: string, ctx: HookContext): Rendered;
  /** run as the evaluator until idle; `code` is the digest the loaded part was checked against */
  serve(socket: string, build: string, env: HookEnv, code: string): Promise<void>;
  /** start an evaluator for the next event (best effort) */
  start(opts: StartOptions): boolean;
  /** run a command confined at run time (hosts/shared/confine-run.ts): only where a door defers it */
  confine?(args: readonly string[], io: ConfineRunIO): Promise<number>;
}

function idleMs(env: HookEnv): number {
  const v = Number(env.STOPLINE_EVALUATOR_IDLE_MS);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_IDLE_MS;
}

export function decisionPart(adapter: CommandHookAdapter): DecisionPart {
  return {
    answer: (input, ctx) => answerInput(adapter, input, ctx),
    failAnswer: (stdin, why, ctx) => failWith(adapter, new Error(why), stdin, ctx),
    serve: (socket, build, env, code) => serveEvaluator(adapter, { socket, build, code, idleMs: idleMs(env) }),
    start: (opts) => startEvaluator(opts),
  };
}
