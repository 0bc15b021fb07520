/**
 * The answer of a host whose hook output follows its registry row's `outputs` column, in the JSON
 * both Gemini CLI and Qwen Code read: a tool call's deny in the host's own form (the one thing
 * that differs, with the word of a top-level block), a top-level decision for a block on the
 * prompt or the turn's end, the contract and the person's hooks' feedback (where the row takes
 * feedback) as hookSpecificOutput.additionalContext, notices as systemMessage.
 */
import { stampOf } from '../../core/answer/outcome';
import type { Answer } from '../../core/answer/outcome';
import type { Rendered, RowEvent } from './adapter';
import { exitTwoWith, finishJsonAnswer, SILENT } from './adapter';

interface RowJsonForms {
  /** how the host blocks a tool call */
  toolDeny(reason: string): Rendered;
  /** the top-level `decision` value that blocks a prompt or a stop on this host */
  blockWord: 'deny' | 'block';
  /** the hookSpecificOutput field that carries a rewritten tool input (Gemini's `tool_input`), where the host runs one */
  rewriteField?: string;
}

/**
 * The deny of a host that reads a top-level `{"decision": "deny", "reason"}` whatever the exit
 * and blocks on exit 2 as well: the JSON on stdout, the stamp also on stderr, exit 2.
 */
export function decisionDenyExitTwo(reason: string): Rendered {
  return { ...exitTwoWith(reason), stdout: JSON.stringify({ decision: 'deny', reason }) };
}

export function renderRowJson(answer: Answer, at: RowEvent, forms: RowJsonForms): Rendered {
  const outputs = at.row.outputs;
  const denies = answer.kind === 'deny' || answer.kind === 'ask';
  const before = at.row.control === 'action.before';
  if (denies && before) return forms.toolDeny(stampOf(answer));
  if (outputs.includes('silent')) return SILENT;

  const out: Record<string, unknown> = {};
  const contexts: string[] = [];
  if (denies && outputs.includes('block')) {
    // a person's own hook on the prompt or the turn's end (the guard never denies those)
    out.decision = forms.blockWord;
    out.reason = stampOf(answer);
  } else if ((answer.kind === 'context' || answer.kind === 'rewrite') && answer.message && outputs.includes('context')) {
    contexts.push(answer.message);
  }
  // after the tool, a hook's deny goes to the model next to the output (where the host's own deny would replace it)
  if (answer.feedback && outputs.includes('feedback')) contexts.push(answer.feedback);
  const hso: Record<string, unknown> = { hookEventName: at.name };
  if (contexts.length) hso.additionalContext = contexts.join('\n\n');
  if (answer.kind === 'rewrite' && answer.rewrite?.input && before && forms.rewriteField) hso[forms.rewriteField] = answer.rewrite.input;
  if (Object.keys(hso).length > 1) out.hookSpecificOutput = hso;
  return finishJsonAnswer(out, answer, answer.notice && outputs.includes('notice') ? answer.notice : undefined);
}
