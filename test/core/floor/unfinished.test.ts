/**
 * Commands that would fail as written are stopped for what they show: a find -exec the shell's
 * `;` left without an end, a one-liner whose code is a shell line rather than the interpreter's
 * language, and xargs handing a shell its input in a way that runs nothing. The next try, typo
 * fixed, would run it. The stamp says both; the command's own verdict (mutability) stays as the
 * tables give it, and what is valid, harmless or already read stays as it was.
 */
import { describe, expect, it } from 'vitest';
import { armed, judge, shellAction } from './helpers';

const FIND_FAILS = "find's -exec has no `;` or `+` to end it";
const XARGS_WORDS = 'xargs splits its input into words and the shell runs only the first as code';
const XARGS_REPLACED = 'xargs puts its input only where the replacement string is, so `-c` gets no code';
const EMPTY_REPLACE = 'an empty --replace= makes xargs run nothing';
const invalid = (language: string) => `the code is not valid ${language}`;

/** [command, outcome and reason with no contract, why it would fail] */
const STOPPED: readonly [string, string, string][] = [
  // the unescaped `;` ends the shell command: find sees an -exec with no end and refuses
  ['find . -exec git reset --hard ;', 'deny FLOOR_GIT_DISCARD', FIND_FAILS],
  ["find . -exec sh -c 'git clean -fdx' ;", 'deny FLOOR_GIT_DISCARD', FIND_FAILS],
  ['find . -exec env rm -rf {} ;', 'deny FLOOR_WHOLESALE_DELETE', FIND_FAILS],
  ['find ~ -exec sudo rm -r {} ;', 'deny FLOOR_WHOLESALE_DELETE', FIND_FAILS],
  ['find . -type f -exec cat ~/.aws/credentials ;', 'deny FLOOR_SECRET_READ', FIND_FAILS],
  // a first -exec that ends does not end the second
  ['find . -exec true \\; -exec rm -rf / ;', 'deny FLOOR_WHOLESALE_DELETE', FIND_FAILS],
  // `+` ends -execdir only right after `{}`; here it is one more word for rm
  ['find /srv -execdir rm -rf cache +', 'ask FLOOR_DELETE_UNPROVEN', FIND_FAILS],
  // one-liners that are shell lines, not code of the interpreter's language
  ['node -e "rm -rf ~"', 'deny FLOOR_WHOLESALE_DELETE', invalid('JavaScript')],
  ['python3 -c "git reset --hard origin/main"', 'deny FLOOR_GIT_DISCARD', invalid('Python')],
  ["ruby -e 'rm -rf /opt'", 'deny FLOOR_WHOLESALE_DELETE', invalid('Ruby')],
  ["perl -e 'dd if=/dev/zero of=/dev/sda'", 'deny FLOOR_DEVICE_WRITE', invalid('Perl')],
  ["node - <<'EOF'\nrm -rf ~/work\nEOF", 'deny FLOOR_WHOLESALE_DELETE', invalid('JavaScript')],
  ['python3 - <<EOF\ngit clean -fdx\nEOF', 'deny FLOOR_GIT_DISCARD', invalid('Python')],
  ["perl <<<'rm -rf /var'", 'deny FLOOR_WHOLESALE_DELETE', invalid('Perl')],
  // xargs into a shell: the input it reads is the code meant
  ["echo 'rm -rf /opt' | xargs bash -c", 'deny FLOOR_WHOLESALE_DELETE', XARGS_WORDS],
  ["printf 'git reset --hard' | xargs -n1 sh -c", 'deny FLOOR_GIT_DISCARD', XARGS_WORDS],
  ["echo 'rm -rf ~' | xargs -I{} zsh -c", 'deny FLOOR_WHOLESALE_DELETE', XARGS_REPLACED],
  ["echo /etc | xargs --replace= sh -c 'rm -rf {}'", 'deny FLOOR_WHOLESALE_DELETE', EMPTY_REPLACE],
];

describe('a command that would fail as written is stopped for what it shows', () => {
  it.each(STOPPED)('%s', (command, expected, fails) => {
    for (const contract of [undefined, armed('review')]) {
      const d = judge(shellAction(command), contract ? { contract } : {});
      expect(`${d.outcome} ${d.reasonCode}`).toBe(expected);
      expect(d.explanation).toContain(`As written the command would fail (${fails}), but this is what it asks for.`);
    }
  });

  it('the command keeps its own verdict: a find that refuses to start still reads', () => {
    const a = shellAction('find . -exec git reset --hard ;');
    expect(a.mutability).toBe('read');
    expect(a.hazards?.map((h) => h.fails)).toEqual([FIND_FAILS]);
  });

  it('the same commands written so they run are stopped without the note', () => {
    for (const command of ['find . -exec git reset --hard \\;', 'sh -c "rm -rf ~"', "echo /etc | xargs --replace sh -c 'rm -rf {}'"]) {
      const d = judge(shellAction(command));
      expect(d.outcome, command).toBe('deny');
      expect(d.explanation, command).not.toContain('As written');
    }
  });
});

describe('what runs as written, or does no harm, stays as it was', () => {
  const FREE = [
    "find . -name '*.pyc' -delete",
    'git clean -nf',
    'command -v git',
    'find . -exec ls {} ;',
    "node -e 'console.log(process.version)'",
    "python3 - <<PY\ns = 'mkfs /dev/sda1'\nPY",
    // valid code that only names a shell program: an assignment, a Perl or Python 2 function
    "python3 -c \"cmd = 'mkfs' '/dev/sda1'\"",
    "perl -e 'unlink \"old.log\"'",
    'echo ls | xargs sh -c',
  ];
  it.each(FREE)('free: %s', (command) => {
    const d = judge(shellAction(command));
    expect(`${d.outcome} ${d.reasonCode}`).toBe('allow CONTROL_INACTIVE');
    expect((shellAction(command).hazards ?? []).filter((h) => h.fails)).toEqual([]);
  });

  it('a one-liner the analysis reads in its language is judged by that reading', () => {
    const a = shellAction(`python3 -c "import shutil; shutil.rmtree('/opt')"`);
    expect(a.hazards?.map((h) => [h.form, h.fails])).toEqual([['python3 shutil.rmtree', undefined]]);
  });
});
