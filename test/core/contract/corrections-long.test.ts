/**
 * Corrections inside long prompts, in both languages docs/contract.md names: every phrase the
 * review row lists (and the clause forms of "no changes") switches `change` to `review` wherever
 * it sits in a prompt of several hundred characters, and descriptive sentences that merely
 * contain the words, or quoted and pasted text, do not.
 */
import { describe, expect, it } from 'vitest';
import { detectCorrection } from '../../../core/contract/corrections';

const EN_FILLER = [
  'I have been chasing a crash in the importer since this morning and the stack trace points at the CSV reader.',
  'The failing input is the quarterly export, about forty megabytes, and it only breaks on rows with quoted newlines.',
  'Yesterday the same file went through without trouble, so something in the last two merges must have changed the parsing.',
  'Take your time and read the reader, the tokenizer and the tests around them before you say anything.',
];
const ZH_FILLER = [
  '我从早上开始一直在排查导入模块的崩溃问题，堆栈指向了CSV读取器。',
  '出问题的是季度导出文件，大约四十兆，只有在带引号换行的行上才会失败。',
  '昨天同一个文件还能正常处理，所以最近两次合并里肯定有什么改动影响了解析。',
  '请先把读取器、分词器和相关测试都看一遍再下结论。',
];

/** The phrase at the start, in the middle and at the end of a long prompt. */
function placements(phrase: string, filler: string[], joiner: string): string[] {
  const body = filler.join(joiner);
  const mid = Math.floor(filler.length / 2);
  return [
    `${phrase}${joiner}${body}`,
    [...filler.slice(0, mid), phrase, ...filler.slice(mid)].join(joiner),
    `${body}${joiner}${phrase}`,
  ];
}

const EN_REVIEW = [
  'no edits please, just tell me what you see.',
  'No edits.',
  'no edits — just tell me what is wrong',
  'Please, no code edits for now.',
  'No changes please, just tell me what you see.',
  'no code changes, only your reading of it.',
  'Review only.',
  'only review this, I will fix it myself.',
  "Don't edit anything, just tell me.",
  'Do not change any files.',
  'never touch the code in this session.',
  "please don't make any changes, just explain.",
];
const ZH_REVIEW = ['只看不改。', '只审查，不要动。', '不要修改代码，告诉我原因。', '不要修改任何文件。', '别改代码，先说说你的判断。', '不要改，只告诉我你看到了什么。', '这次不做任何修改。', '只读不改，谢谢。'];

const EN_NOT = [
  'There are no changes in the log since Tuesday.',
  'git status shows no changes at all, which is odd.',
  'The PR has no changes to the reader, and CI passed.',
  'The README says "no edits" about the vendored folder.',
  'The config has `review only` in a comment.',
  'It stopped making progress after the first chunk.',
];
const ZH_NOT = ['他说不要改变量名这件事以后再说。', '日志里「只看不改」这几个字是什么意思？', '改动已经合并了。'];

describe('corrections in long prompts', () => {
  const cases: [string, 'review' | null][] = [];
  for (const p of EN_REVIEW) for (const t of placements(p, EN_FILLER, ' ')) cases.push([t, 'review']);
  for (const p of ZH_REVIEW) for (const t of placements(p, ZH_FILLER, '')) cases.push([t, 'review']);
  for (const p of EN_NOT) for (const t of placements(p, EN_FILLER, ' ')) cases.push([t, null]);
  for (const p of ZH_NOT) for (const t of placements(p, ZH_FILLER, '')) cases.push([t, null]);

  it('are long prompts (several hundred characters)', () => {
    for (const [t] of cases) expect(t.length).toBeGreaterThan(100);
  });

  for (const [text, rule] of cases) {
    it(`${rule ?? 'no correction'}: ${JSON.stringify(text.slice(0, 70))}…`, () => {
      expect(detectCorrection(text, 'change')?.rule ?? null).toBe(rule);
    });
  }

  it('a review phrase in a long prompt also reaches review from open and from an unconfirmed session', () => {
    const t = placements('no edits please, just tell me what you see.', EN_FILLER, ' ')[1]!;
    expect(detectCorrection(t, 'open')).toEqual({ mode: 'review', rule: 'review' });
    expect(detectCorrection(t, 'unconfirmed')).toEqual({ mode: 'review', rule: 'review' });
  });
});
