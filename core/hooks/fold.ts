/**
 * Fold the responses of all hooks that ran for one event, in config order (they ran
 * concurrently; order here is config order, never finish order):
 *
 * - decision: deny > ask > allow > none; the reasons of the winning rank are joined;
 * - a rewritten command (tool:before): the first in config order (the person's user file before
 *   a project's), and none when a hook denied or asked;
 * - the first `continue: false` stops, with its stopReason;
 * - contexts and system messages accumulate in order;
 * - a deny or ask on an event that cannot block is downgraded to none (`downgraded`,
 *   raw decision and reason kept); on tool:after the deny reason becomes `feedback` the
 *   host may append to the tool result.
 *
 * foldGuardWithHooks then puts the built-in guard above the user's hooks: a guard deny
 * cannot be overridden by any hook allow, and a command the guard rewrote (to run it confined)
 * is not undone by a hook's rewrite.
 */
import { CANONICAL, type CanonicalEvent } from '../canonical';
import type { Answer, Outcome } from '../answer/outcome';
import type { Decision, FoldedResult, HookResponse, HookRun } from './types';

const RANK: Readonly<Record<Decision, number>> = { none: 0, allow: 1, ask: 2, deny: 3 };

const DEFAULT_DENY_REASON = 'blocked by a hook';

export function noHooksResult(): FoldedResult {
  return { decision: 'none', stop: false, contexts: [], messages: [], downgraded: false, runs: [] };
}

export function foldHookResponses(event: CanonicalEvent, entries: readonly { response: HookResponse; run: HookRun }[]): FoldedResult {
  const out = noHooksResult();
  let best: Decision = 'none';
  let reasons: string[] = [];
  for (const { response, run } of entries) {
    out.runs.push(run);
    const d = response.decision;
    if (RANK[d] > RANK[best]) {
      best = d;
      reasons = [];
    }
    if (d === best && d !== 'none' && response.reason && !reasons.includes(response.reason)) reasons.push(response.reason);
    if (response.stop && !out.stop) {
      out.stop = true;
      if (response.stopReason) out.stopReason = response.stopReason;
    }
    out.contexts.push(...response.contexts);
    out.messages.push(...response.messages);
    if (response.rewrite && !out.rewrite && event === 'tool:before') out.rewrite = response.rewrite;
  }
  if (best === 'deny' || best === 'ask') delete out.rewrite;
  const reason = reasons.length > 0 ? reasons.join('\n\n') : best === 'deny' ? DEFAULT_DENY_REASON : undefined;
  if ((best === 'deny' || best === 'ask') && !CANONICAL[event].blockable) {
    out.downgraded = true;
    out.rawDecision = best;
    if (reason !== undefined) out.rawReason = reason;
    if (event === 'tool:after' && best === 'deny' && reason !== undefined) out.feedback = reason;
    return out;
  }
  out.decision = best;
  if (reason !== undefined) out.reason = reason;
  return out;
}

/**
 * Guard first: the guard's deny always stands (a hook deny reason is appended to it); a
 * hook can add a deny or an ask the guard did not have, and context; a hook allow never
 * lifts a guard deny or ask. A command rewritten by the guard stays the guard's; one a hook
 * rewrote goes ahead where the guard had no objection (core/answer/answer.ts then judges it).
 */
export function foldGuardWithHooks(guard: Outcome, hooks: FoldedResult): Answer {
  const guardText = (guard.kind === 'context' || guard.kind === 'rewrite') && guard.message ? [guard.message] : [];
  const contexts = [...guardText, ...hooks.contexts];
  const ignored = guard.kind === 'rewrite' && hooks.rewrite ? ["hooks: a hook's rewritten command was not applied: stopline runs this command confined"] : [];
  const diagnostics = [...(guard.diagnostics ?? []), ...ignored];
  const base = {
    contexts,
    messages: [...hooks.messages],
    stop: hooks.stop,
    ...(hooks.stopReason !== undefined ? { stopReason: hooks.stopReason } : {}),
    ...(hooks.feedback !== undefined ? { feedback: hooks.feedback } : {}),
    ...(guard.notice !== undefined ? { notice: guard.notice } : {}),
    ...(diagnostics.length ? { diagnostics } : {}),
    ...(guard.eventId !== undefined ? { eventId: guard.eventId } : {}),
  };
  const join = (...parts: (string | undefined)[]): string | undefined => {
    const kept = parts.filter((p): p is string => typeof p === 'string' && p !== '');
    return kept.length ? kept.join('\n\n') : undefined;
  };
  const withGuardCodes = { ...(guard.reasonCode !== undefined ? { reasonCode: guard.reasonCode } : {}), ...(guard.family !== undefined ? { family: guard.family } : {}) };

  if (guard.kind === 'deny') {
    const message = join(guard.message, hooks.decision === 'deny' ? hooks.reason : undefined);
    return { ...base, kind: 'deny', ...withGuardCodes, ...(message !== undefined ? { message } : {}) };
  }
  if (hooks.decision === 'deny') {
    return { ...base, kind: 'deny', message: hooks.reason ?? 'blocked by a hook', reasonCode: 'hook-deny' as const, family: 'hooks' };
  }
  if (guard.kind === 'ask' || hooks.decision === 'ask') {
    const message = join(guard.kind === 'ask' ? guard.message : undefined, hooks.decision === 'ask' ? hooks.reason : undefined);
    const codes = guard.kind === 'ask' ? withGuardCodes : { reasonCode: 'hook-ask' as const, family: 'hooks' };
    return { ...base, kind: 'ask', ...codes, ...(message !== undefined ? { message } : {}) };
  }
  const allow = hooks.decision === 'allow' ? { allow: true } : {};
  const message = contexts.length ? { message: contexts.join('\n\n') } : {};
  if (guard.kind === 'rewrite') return { ...base, ...allow, kind: 'rewrite', ...withGuardCodes, ...(guard.rewrite ? { rewrite: guard.rewrite } : {}), ...message };
  if (hooks.rewrite) return { ...base, ...allow, kind: 'rewrite', rewrite: { command: hooks.rewrite.command }, reasonCode: 'hook-rewrite' as const, family: 'hooks', ...message };
  if (contexts.length > 0) {
    return { ...base, ...allow, kind: 'context', ...withGuardCodes, message: contexts.join('\n\n') };
  }
  return { ...base, ...allow, kind: 'none', ...withGuardCodes };
}
