/**
 * Plain-language corrections: a person typing "review only", "stop" or 只看不改 means it
 * as much as a directive. Only the person's own words count, so text inside quotes,
 * inline code, fenced or indented code blocks and quoted (`>`) lines is ignored: pasted
 * logs and examples must not re-scope the task.
 */
import { NON_MUTATING_MODES } from './types';
import type { Mode, NamedMode } from './types';

/** @keep CorrectionRule the type of the correction rows the grammar tests list */
export type CorrectionRule = 'stop' | 'review' | 'answer' | 'monitor' | 'fix';

export interface Correction {
  mode: NamedMode;
  rule: CorrectionRule;
}

/**
 * Remove everything that is not the person's own words.
 * @keep stripQuotedAndCode what a correction is read from (quotes and code left out): the tests check each
 *   form it drops
 */
export function stripQuotedAndCode(text: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = null;
      continue;
    }
    if (f) {
      fence = f[1]!;
      continue;
    }
    if (/^( {4,}|\t)/.test(line)) continue; // indented code block
    if (/^ {0,3}>/.test(line)) continue; // quoted text
    out.push(line);
  }
  return (
    out
      .join('\n')
      // inline code, including double-backtick spans
      .replace(/(`+)[\s\S]*?\1/g, ' ')
      // double quotes, curly quotes and CJK corner brackets / book-title marks
      .replace(/"[^"\n]*"/g, ' ')
      .replace(/\u201c[^\u201d\n]*\u201d/g, ' ')
      .replace(/\u300c[^\u300d\n]*\u300d/g, ' ')
      .replace(/\u300e[^\u300f\n]*\u300f/g, ' ')
      .replace(/\u2018[^\u2019\n]*\u2019/g, ' ')
      // single quotes only when they open after a space or bracket and close before one,
      // so the apostrophe in "don't" is not taken for a quote
      .replace(/(^|[\s([{])'[^'\n]*'(?=$|[\s.,;:!?)\]}])/g, '$1 ')
  );
}

const STOP_WHOLE = /^(please\s+)?(stop|stop now|stop it|stop that|stop here|stop please|halt)$|^(停|停止|停下|停下来|先停下|停一下|别动了)$/i;

/** Where a clause starts or ends: the prompt's edges, punctuation, a dash. */
const CLAUSE_START = String.raw`(?:^|[.!?;:,(]\s*|\s[-\u2013\u2014]\s*|\b(?:and|but|so|please|just|ok(?:ay)?|also)\s+)`;
const CLAUSE_END = String.raw`(?:\s+(?:please|yet|for now|at all|this time|whatsoever))*\s*(?=$|[.!?;:,)]|\s[-\u2013\u2014]|\s+(?:just|only|and|but)\b)`;

const REVIEW = [
  /\breview[- ]only\b/i,
  /\bonly review\b/i,
  /\bjust review\b/i,
  /\b(do not|don't|dont|never)\s+(edit|change|modify|touch|fix|write to)\s+(anything|any files?|any code|the (repo|repository|codebase|code|files?)|files|code)\b/i,
  /\b(do not|don't|dont|never)\s+make\s+(any\s+)?(edits|changes|modifications)\b/i,
  // "no edits" anywhere in the person's words, however long the prompt
  /\bno\s+(code\s+|file\s+)?edits\b/i,
  // "no changes" only as a clause of its own ("no changes please, just look"), not "there are no changes in the log"
  new RegExp(`${CLAUSE_START}no\\s+(code\\s+|file\\s+)?(changes|modifications)${CLAUSE_END}`, 'im'),
  /只审查|只审阅|只看不改|只读不改/,
  /(不要|别|不准|不许|请勿|勿)(修改|改动|改|动|编辑)(任何|代码|文件|仓库)/,
  // 不要改 / 别动 as a clause of their own (不要改，只告诉我…), and 不做任何修改
  /(不要|别|不准|不许|请勿|勿)(修改|改动|改|动|编辑)(?=$|[\s，,。.！!；;：:、]|只|先|就)/,
  /不(要)?(做|进行|作)(任何)?(修改|改动|编辑)/,
];

const ANSWER = [/\banswer[- ]only\b/i, /\bjust answer\b/i, /\bonly answer\b/i, /只回答|只需回答|只要回答/];

const MONITOR = [/\bmonitor[- ]only\b/i, /\bonly monitor\b/i, /\bjust monitor\b/i, /\bwatch[- ]only\b/i, /只监控|只观察|只监视/];

/** "fix it" style go-aheads: must open the prompt, so "how would you fix it?" stays a question. */
const FIX = [
  /^(ok(ay)?[,.!]?\s+|now\s+|then\s+|go ahead and\s+|please\s+)*(fix|implement|apply|patch|make the (change|fix|edit)s?|change it)\b/i,
  /^(好的?[，,。]?\s*)?(请|那就|现在)?(修复|修改|实现|应用补丁|改吧|改一下|动手改|开始改)/,
  /^把.{1,40}(修复|修改|改掉|改好)/,
];

/**
 * Detect a correction in the person's own words; null when there is none. Rules are tried in
 * this order and the first wins, so "review only, don't fix anything" stays review.
 * A go-ahead ("fix it") only counts after a non-mutating mode.
 */
export function detectCorrection(text: string, currentMode: Mode): Correction | null {
  const own = stripQuotedAndCode(text).trim();
  if (!own) return null;
  const bare = own.replace(/[\s.!。！,，]+$/u, '').trim();
  if (STOP_WHOLE.test(bare)) return { mode: 'answer', rule: 'stop' };
  if (REVIEW.some((re) => re.test(own))) return { mode: 'review', rule: 'review' };
  if (ANSWER.some((re) => re.test(own))) return { mode: 'answer', rule: 'answer' };
  if (MONITOR.some((re) => re.test(own))) return { mode: 'monitor', rule: 'monitor' };
  if (NON_MUTATING_MODES.includes(currentMode) && FIX.some((re) => re.test(own))) return { mode: 'change', rule: 'fix' };
  return null;
}
