/**
 * Names a command builds before it uses them: a secret's name spelled in pieces inside an
 * interpreter one-liner, a `sh -c` body filled from its positional words, a git alias whose value
 * comes from a variable, and a parallel job whose command is a function handed over by `--env`.
 * Judged through every host's shell tools with no contract; what provably reads or runs nothing
 * harmful stays free.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRIES } from '../../../core/registry/index';
import { reviewVerdictOf, shellTools, toolVerdict, verdictOf } from './helpers';

const STOPPED: readonly (readonly [string, string])[] = [
  // a secret's name joined from literals in the code that opens it
  [`python3 -c "print(open('.' + 'env').read())"`, 'deny FLOOR_SECRET_READ'],
  [`python3 -c "print(open('.ss' 'h/id_ed25519').read())"`, 'deny FLOOR_SECRET_READ'],
  [`node -e "process.stdout.write(require('fs').readFileSync('.n' + 'pmrc', 'utf8'))"`, 'deny FLOOR_SECRET_READ'],
  [`perl -e 'open(my $f, "<", ".ne" . "trc"); print <$f>'`, 'deny FLOOR_SECRET_READ'],
  [`ruby -e "puts File.read('.aws/' + 'credentials')"`, 'deny FLOOR_SECRET_READ'],
  // HOME joined with a key's path inside the one-liner
  [`python3 -c "import os; print(open(os.path.join(os.environ['HOME'], '.ssh/id_ed25519')).read())"`, 'deny FLOOR_SECRET_READ'],
  [`node -e "require('fs').readFileSync(require('os').homedir() + '/.aws/credentials')"`, 'deny FLOOR_SECRET_READ'],
  // a sh -c body with its positional words put in
  [`bash -c '"$@"' _ cat ~/.ssh/id_ed25519`, 'deny FLOOR_SECRET_READ'],
  [`sh -c 'head -n 3 "$1"' sh .env.production`, 'deny FLOOR_SECRET_READ'],
  [`bash -c '$1 $2 $3' _ git reset --hard`, 'deny FLOOR_GIT_DISCARD'],
  [`sh -c 'rm -rf "$1"' _ ~`, 'deny FLOOR_WHOLESALE_DELETE'],
  // a git alias whose value is a variable's
  ['git --config-env=alias.tidy=TIDY_CMD tidy', 'ask FLOOR_UNSEEN_CODE'],
  ['git --config-env alias.tidy=TIDY_CMD tidy', 'ask FLOOR_UNSEEN_CODE'],
  [`TIDY_CMD='reset --hard' git --config-env=alias.tidy=TIDY_CMD tidy`, 'deny FLOOR_GIT_DISCARD'],
  // a parallel job whose command is a function or alias handed over by --env
  ['parallel --env build_one build_one ::: a b', 'ask FLOOR_UNSEEN_CODE'],
  ['env_parallel --env=lint_all lint_all ::: src test', 'ask FLOOR_UNSEEN_CODE'],
  ['env_parallel --env _ fmt ::: a', 'ask FLOOR_UNSEEN_CODE'],
];

const FREE: readonly string[] = [
  // the pieces make a name that is no secret, or the code only prints the joined name
  `python3 -c "print(open('READ' + 'ME.md').read())"`,
  `python3 -c "print('.' + 'env')"`,
  `node -e "console.log(['.', 'env'].length)"`,
  // the positional word stays one word: `wc` counts the one file named there
  `sh -c 'wc -l "$1"' _ src/a.ts`,
  // an empty alias value: git refuses to expand it and runs nothing
  `TIDY_CMD='' git --config-env=alias.tidy=TIDY_CMD tidy`,
  'git --config-env=user.name=AUTHOR_NAME status',
  // --env names a variable, not the command
  'parallel --env LANG echo ::: a b',
  // a dry run prints the jobs and runs none
  'parallel --dry-run --env build_one build_one ::: a b',
];

describe('names built at run time, no contract', () => {
  it.each(STOPPED)('%s → %s', (command, want) => expect(verdictOf(command)).toBe(want));
  it.each(FREE)('%s stays free', (command) => expect(verdictOf(command)).toBe('allow CONTROL_INACTIVE'));
  it('the same verdicts hold under review (the floor is judged first)', () => {
    for (const [command, want] of STOPPED) expect(reviewVerdictOf(command), command).toBe(want);
  });
});

describe('a sh -c body that grows past what the hook can read once its arguments are in', () => {
  // each "$@" repeats every argument: 400 of each would be 160,000 words to judge
  const grown = `bash -c '${'"$@" '.repeat(400)}' _ ${'true '.repeat(400)}`;
  it('is judged as code not seen (asked), not expanded', () => {
    expect(verdictOf(grown)).toBe('ask FLOOR_UNSEEN_CODE');
  });
  it('the same body with a few arguments is read and stays free', () => {
    expect(verdictOf(`bash -c '${'"$@" '.repeat(3)}' _ true true`)).toBe('allow CONTROL_INACTIVE');
  });
});

describe('through every host shell tool', () => {
  for (const { registry, tool } of shellTools(Object.values(REGISTRIES))) {
    it(`${registry.displayName} ${tool.name}`, () => {
      for (const [command, want] of STOPPED) expect(toolVerdict(registry, tool, command), command).toBe(want);
      for (const command of FREE) expect(toolVerdict(registry, tool, command), command).toBe('allow CONTROL_INACTIVE');
    });
  }
});
