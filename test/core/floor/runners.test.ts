/**
 * Every runner judged the same way: a command another program runs for it (a wrapper, a shell's
 * code, a git alias, find's actions), one or two runners deep, gets the floor rule the command
 * gets alone. find's `{}` stands for each path find yields: a recursive delete over all of them
 * is a delete of the start point, one over the paths a test narrows stays inside it.
 */
import { describe, expect, it } from 'vitest';
import { reviewVerdictOf, verdictOf } from './helpers';

/** Commands the floor stops, one or more per family. */
const PAYLOADS = [
  'git reset --hard',
  'git clean -fdx',
  'git push --force origin main',
  'git stash clear',
  'git checkout -- .',
  'rm -rf /',
  'rm -rf ~',
  'rm -rf /etc/nginx',
  'rm -rf ../other',
  'cat ~/.ssh/id_rsa',
  'head -c 100 .env',
  'base64 ~/.aws/credentials',
  'dd if=/dev/zero of=/dev/sda bs=1M',
  'mkfs.ext4 /dev/sdb1',
];

/** One runner: the command it runs given as words (a wrapper's argv) or as one shell word. */
type Runner = [name: string, wrap: (c: string) => string];

/** Runners that take the command as words; they nest inside one another. */
const WORD_RUNNERS: readonly Runner[] = [
  ['find -exec', (c) => `find . -maxdepth 0 -exec ${c} \\;`],
  ['find -execdir', (c) => `find . -maxdepth 0 -execdir ${c} \\;`],
  ['find -ok', (c) => `find . -maxdepth 0 -ok ${c} \\;`],
  ['find -okdir', (c) => `find . -maxdepth 0 -okdir ${c} \\;`],
  ['xargs', (c) => `xargs -a names.txt ${c}`],
  ['timeout', (c) => `timeout 5 ${c}`],
  ['env', (c) => `env A=1 ${c}`],
  ['nice', (c) => `nice -n 5 ${c}`],
  ['nohup', (c) => `nohup ${c}`],
  ['sudo', (c) => `sudo -u root ${c}`],
  ['command', (c) => `command ${c}`],
  ['watch -x', (c) => `watch -x ${c}`],
  ['sh -c "$@"', (c) => `sh -c '"$@"' sh ${c}`],
];

/** Runners that take the command as one shell word (quoted here; payloads hold no single quote). */
const CODE_RUNNERS: readonly Runner[] = [
  ['watch', (c) => `watch -n 2 '${c}'`],
  ['env -S', (c) => `env -S '${c}'`],
  ['sh -c', (c) => `sh -c '${c}'`],
  ['bash -lc', (c) => `bash -lc '${c}'`],
  ['parallel', (c) => `parallel '${c}' ::: once`],
  ['git -c alias', (c) => `git -c 'alias.go=!${c}' go`],
  ['find -exec sh -c', (c) => `find . -maxdepth 0 -exec sh -c '${c}' \\;`],
  ['sh -c eval "$1"', (c) => `sh -c 'eval "$1"' _ '${c}'`],
];

/** busybox runs its own applets only: no git, no mkfs.ext4 among them. */
function busyboxRuns(c: string): boolean {
  return !/^(git|mkfs)/.test(c);
}

/**
 * The verdict a runner must give: the command's own, except that -execdir and -okdir run it in
 * each match's folder, where a relative path names a place only known at run time (a recursive
 * delete of one is asked, as `cd "$D" && rm -rf ../other` is). Under xargs find's words end with
 * its input, so find's own reading is unknown and the words it holds are judged where they stand.
 */
function expected(wrapped: string, c: string): string {
  if (/ -(exec|ok)dir /.test(wrapped) && !wrapped.startsWith('xargs') && /^rm -rf \.\./.test(c)) return 'ask FLOOR_DELETE_UNPROVEN';
  return verdictOf(c);
}

/** The payloads whose verdict differs through `wrap` from the one expected. */
function disagreements(wrap: (c: string) => string, payloads = PAYLOADS): string[] {
  return payloads.filter((c) => verdictOf(wrap(c)) !== expected(wrap(c), c)).map((c) => `${wrap(c)} -> ${verdictOf(wrap(c))}, alone ${verdictOf(c)}`);
}

describe('each runner: the floor rule of the command it runs', () => {
  it('the commands alone are stopped (what the runners must keep)', () => {
    for (const c of PAYLOADS) expect(verdictOf(c), c).toMatch(/^deny FLOOR_/);
  });
  it.each([...WORD_RUNNERS, ...CODE_RUNNERS])('%s', (_name, wrap) => expect(disagreements(wrap)).toEqual([]));
  it('busybox (its applets)', () => expect(disagreements((c) => `busybox ${c}`, PAYLOADS.filter(busyboxRuns))).toEqual([]));
  it.each(WORD_RUNNERS)('%s around every runner', (outer, wrapOuter) => {
    // an action of find inside another's is cut short: the first `;` ends the outer action
    const inner = [...WORD_RUNNERS, ...CODE_RUNNERS].filter(([n]) => !(outer.startsWith('find') && n.startsWith('find')));
    const nested = inner.flatMap(([, wrapInner]) => disagreements((c) => wrapOuter(wrapInner(c))));
    expect(nested).toEqual([]);
  });
});

describe("find's `{}`: each path find yields, the start point included", () => {
  /** Ways of putting a recursive delete of `{}` after -exec. */
  const REMOVES = ['rm -rf {} +', 'rm -r {} \\;', 'env rm -rf {} +', 'sudo rm -rf {} +', 'nice -n 5 rm -rf {} \\;', 'command rm -rf {} +', 'busybox rm -rf {} +', 'timeout 9 rm -rf {} +', 'env -S "rm -rf" {} +', `sh -c 'rm -rf "$1"' _ {} \\;`, `bash -c 'rm -rf -- "$@"' sh {} +`, `sh -c 'cd /tmp && rm -rf "\${1}"' x {} \\;`];
  const ACTIONS = ['-exec', '-execdir', '-ok'];
  it('over every path below a start point: what `rm -rf <start>` is', () => {
    const off: string[] = [];
    for (const start of ['.', '~', '/', '/etc', '..', '/w/p']) {
      for (const action of ACTIONS) {
        for (const r of REMOVES) {
          const c = `find ${start} ${action} ${r}`;
          if (verdictOf(c) !== verdictOf(`rm -rf ${start}`)) off.push(`${c} -> ${verdictOf(c)}`);
        }
      }
    }
    expect(off).toEqual([]);
  });
  it('below the start point only (-mindepth 1) of the project, HOME or `/`: all of it still', () => {
    for (const start of ['.', '~', '/']) {
      for (const r of REMOVES) expect(verdictOf(`find ${start} -mindepth 1 -exec ${r}`), r).toBe('deny FLOOR_WHOLESALE_DELETE');
    }
  });
  it('a test that narrows what matches keeps the delete inside the project free', () => {
    const off: string[] = [];
    for (const test of ["-name '*.pyc'", '-path ./build/cache', '-newer stamp', '-empty', "-name '*.o' -type f", "-path ./.git -prune -o -name '*.tmp'"]) {
      for (const r of [...REMOVES, 'rm {} +', 'env rm -f {} +', `sh -c 'rm "$1"' _ {} \\;`]) {
        const c = `find . ${test} -exec ${r}`;
        if (!verdictOf(c).startsWith('allow')) off.push(`${c} -> ${verdictOf(c)}`);
      }
    }
    expect(off).toEqual([]);
  });
  it('-delete and -exec rm agree', () => {
    const off: string[] = [];
    for (const expr of ['.', '~/tmp', "-name '*.pyc'", '-empty', '-type d -empty', '-name hooks', '-L src', "/tmp/x -name '*.log'", '"$X"', '/etc -name x']) {
      const del = verdictOf(`find ${expr} -delete`);
      for (const r of ['rm -rf {} +', 'env rm -rf {} +', 'sudo rm -rf {} \\;']) if (verdictOf(`find ${expr} -exec ${r}`) !== del) off.push(`find ${expr} -exec ${r} -> ${verdictOf(`find ${expr} -exec ${r}`)}, -delete ${del}`);
    }
    expect(off).toEqual([]);
  });
  it('the executed command is judged whole: git, secrets, devices through `{}`', () => {
    expect(verdictOf('find . -name .env -exec env cat {} \\;')).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf('find ~/.ssh -exec nice head {} +')).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf('find . -maxdepth 0 -exec sudo git reset --hard \\;')).toBe('deny FLOOR_GIT_DISCARD');
    expect(verdictOf("find src -name '*.ts' -exec env sed -i s/a/b/ {} +")).toBe('allow CONTROL_INACTIVE');
  });
  it('an -exec left unended runs nothing as written (the shell takes its `;`, or an inner find takes the first), but is judged by what it shows', () => {
    expect(verdictOf('find . -exec env rm -rf {} ;')).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf('find . -exec find . -exec git reset --hard \\; \\;')).toBe('deny FLOOR_GIT_DISCARD');
  });
  it('a shell positional word stands for the matches only when it is `{}`, quoted and whole', () => {
    // unquoted, a match splits into words that are not matches; a known word or xargs' input is not find's
    expect(verdictOf(`find . -exec sh -c 'rm -rf $1' _ {} \\;`)).toBe('ask FLOOR_DELETE_UNPROVEN');
    expect(verdictOf(`find . -exec sh -c 'rm -rf "$2"' _ {} \\;`)).toBe('ask FLOOR_DELETE_UNPROVEN');
    expect(verdictOf(`printf '%s\\n' a b | xargs sh -c 'rm -rf -- "$@"' sh`)).toBe('ask FLOOR_DELETE_UNPROVEN');
    expect(verdictOf(`find . -exec sh -c 'true' _ {} \\; ; sh -c 'rm -rf "$1"'`)).toBe('ask FLOOR_DELETE_UNPROVEN');
    expect(verdictOf(`find . -name '*.o' -exec sh -c 'true' _ {} \\; ; eval 'rm -rf "$1"'`)).toBe('ask FLOOR_DELETE_UNPROVEN');
  });
  it('known words handed along with `{}` are in place too: an option among them counts', () => {
    expect(verdictOf(`find /srv/d -exec sh -c 'rm "$@"' _ -rf {} +`)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf(`find . -exec sh -c 'rm -rf "$@"' _ -v {} +`)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf(`find . -exec sh -c 'rm -rf "$@"' _ x {} \\;`)).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf(`find /tmp/job -exec sh -c 'rm "$@"' _ -rf {} +`)).toBe('allow CONTROL_INACTIVE');
    expect(verdictOf(`find . -name '*.o' -exec sh -c 'rm "$@"' _ -f {} +`)).toBe('allow CONTROL_INACTIVE');
  });
  it('a loop over the positional words (`for f; do`, `for f in "$@"`) hands each match to "$f"', () => {
    for (const loop of [`for f; do rm -rf "$f"; done`, `for f in "$@"; do rm -rf -- "$f"; done`, `for f do rm -rf "\${f}"; done`]) {
      for (const start of ['.', '~', '/srv/data']) expect(verdictOf(`find ${start} -exec sh -c '${loop}' sh {} +`), `${start} ${loop}`).toBe(verdictOf(`rm -rf ${start}`));
      expect(verdictOf(`find /tmp/job -exec sh -c '${loop}' sh {} +`)).toBe('allow CONTROL_INACTIVE');
      expect(verdictOf(`find . -name '*.pyc' -exec bash -c '${loop}' _ {} +`)).toBe('allow CONTROL_INACTIVE');
    }
    // a loop over other words, or "$f" after its loop ended, is not the matches
    expect(verdictOf(`find . -exec sh -c 'for f in a b; do rm -rf "$f"; done' _ {} +`)).toBe('ask FLOOR_DELETE_UNPROVEN');
    expect(verdictOf(`find /srv/d -exec sh -c 'for f; do :; done; rm -rf "$f"' _ {} +`)).toBe('ask FLOOR_DELETE_UNPROVEN');
  });
  it('`$*` and an unquoted `$@` split each match, so the targets are only known at run time', () => {
    for (const w of ['$*', '"$*"', '$@']) expect(verdictOf(`find /srv/d -exec sh -c 'rm -rf ${w}' _ {} +`), w).toBe('ask FLOOR_DELETE_UNPROVEN');
  });
  it('a permission change or truncation of the matches a test picks: free inside the project and below a temp folder, stopped elsewhere', () => {
    for (const act of ['chmod 777 {} +', 'chown me {} +', 'chgrp staff {} \\;', 'truncate -s 0 {} +', `sh -c 'chmod 777 "$@"' _ {} +`, `sh -c 'for f; do chmod 666 "$f"; done' _ {} +`]) {
      for (const start of ['/', '~', '/etc', '/tmp', '..']) expect(verdictOf(`find ${start} -name x -exec ${act}`), `${start} ${act}`).toBe('deny FLOOR_WHOLESALE_DELETE');
      for (const start of ['.', 'src', '/tmp/job']) expect(verdictOf(`find ${start} -name x -exec ${act}`), `${start} ${act}`).toBe('allow CONTROL_INACTIVE');
    }
    expect(verdictOf('find ~ -exec chmod 700 {} +')).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf('find . -type f -exec chmod 644 {} +')).toBe('allow CONTROL_INACTIVE');
    // the one file a plain chmod names stays the contract's business, as before
    expect(verdictOf('chmod 600 /etc/app.conf')).toBe('allow CONTROL_INACTIVE');
  });
  it('a delete of the matches a test picks outside the project is the glob delete there', () => {
    for (const c of ["find / -name '*.log' -delete", "find ~ -name '*.bak' -exec rm -f {} +", 'find /etc -name x -exec env rm {} \\;', "find /tmp -name '*.sock' -delete"]) expect(verdictOf(c), c).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdictOf('rm -f ~/*.bak')).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(reviewVerdictOf("find / -name '*.log' -exec chmod 666 {} +")).toBe('deny FLOOR_WHOLESALE_DELETE');
    for (const c of ["find /tmp/job -name '*.log' -delete", "find src -name '*.orig' -exec rm {} +", 'find "$OUT" -name x -delete']) expect(verdictOf(c), c).toBe('allow CONTROL_INACTIVE');
  });
  it('a secret named in the folder of each match (-execdir) is still a secret', () => {
    expect(verdictOf('find . -name app -type d -execdir cat .env \\;')).toBe('deny FLOOR_SECRET_READ');
    expect(verdictOf('find . -name app -type d -execdir cat README.md \\;')).toBe('allow CONTROL_INACTIVE');
  });
});
