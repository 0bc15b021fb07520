/**
 * The answer of a host whose hook output follows its registry row's `outputs` column, in the JSON
 * both Gemini CLI and Qwen Code read: a tool call's deny in the host's own form (the one thing
 * that differs, with the word of a top-level block), a top-level decision for a block on the
 * prompt or the turn's end, the contract and the person's hooks' feedback (where the row takes
 * feedback) as hookSpecificOutput.additionalContext, notices as systemMessage.
 */
import { stampOf } from '../../core/outcome';
import type { Outcome } from '../../core/outcome';
import type { HostRegistry } from '../../core/registry/types';
import type { HostAnswer, NativeEvent, Rendered } from './adapter';
import { eventEntry, finishJsonAnswer, SILENT } from './adapter';

export interface RowJsonForms {
  /** how the host blocks a tool call */
  toolDeny(reason: string): Rendered;
  /** the top-level `decision` value that blocks a prompt or a stop on this host */
  blockWord: 'deny' | 'block';
}

export function renderRowJson(registry: HostRegistry, outcome: Outcome | HostAnswer, native: NativeEvent, forms: RowJsonForms): Rendered {
  const event = native.name;
  const extra = outcome as HostAnswer;
  const row = eventEntry(registry, event);
  const outputs = row?.outputs ?? [];
  const denies = outcome.kind === 'deny' || outcome.kind === 'ask';
  if (denies && row?.control === 'action.before') return forms.toolDeny(stampOf(outcome));
  if (outputs.includes('silent')) return SILENT;

  const out: Record<string, unknown> = {};
  const contexts: string[] = [];
  if (denies && outputs.includes('block')) {
    // a person's own hook on the prompt or the turn's end (the guard never denies those)
    out.decision = forms.blockWord;
    out.reason = stampOf(outcome);
  } else if (outcome.kind === 'context' && outcome.message && outputs.includes('context')) {
    contexts.push(outcome.message);
  }
  // after the tool, a hook's deny goes to the model next to the output (where the host's own deny would replace it)
  if (extra.feedback && outputs.includes('feedback')) contexts.push(extra.feedback);
  if (contexts.length) out.hookSpecificOutput = { hookEventName: event, additionalContext: contexts.join('\n\n') };
  return finishJsonAnswer(out, extra, outcome.notice && outputs.includes('notice') ? outcome.notice : undefined);
}
