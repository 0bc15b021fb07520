/**
 * Candidate commands for the oracle, generated rather than hand-picked:
 *   1. helpCandidates(): every option a program's own `--help` (git: `git <sub> -h`) lists,
 *      each alone and with typical operands from the fixture; options that take a value get
 *      values chosen from their metavariable (a fixture file, a new output path, a command that
 *      leaves a trace, a number, a word).
 *   2. grammarCandidates(): a seeded, deterministic generator that composes segments into
 *      pipes, lists, redirections, command/process substitutions, wrappers and quoting.
 * Deterministic for a given set of installed program versions (help texts are the input).
 */

/**
 * Programs to enumerate: name -> { help: argv suffix that prints the options, operands: operand
 * lists each option is tried with }. Only programs the analysis can call a read matter for the
 * property; the rest still feed the regression corpus.
 */
export const PROGRAMS = {
  cat: { operands: [['notes.txt']] },
  tac: { operands: [['notes.txt']] },
  head: { operands: [['notes.txt']] },
  tail: { operands: [['notes.txt']] },
  wc: { operands: [['notes.txt']] },
  nl: { operands: [['notes.txt']] },
  od: { operands: [['notes.txt']] },
  file: { operands: [['notes.txt']] },
  stat: { operands: [['notes.txt']] },
  ls: { operands: [[], ['src']] },
  dir: { operands: [['src']] },
  vdir: { operands: [['src']] },
  pwd: { operands: [[]] },
  echo: { help: null, operands: [['hello']] },
  printf: { help: null, operands: [['%s\\n', 'x']] },
  basename: { operands: [['src/app.js']] },
  dirname: { operands: [['src/app.js']] },
  realpath: { operands: [['link.txt']] },
  readlink: { operands: [['link.txt']] },
  diff: { operands: [['notes.txt', 'words.txt']] },
  diff3: { operands: [['notes.txt', 'words.txt', 'README.md']] },
  cmp: { operands: [['notes.txt', 'words.txt']] },
  comm: { operands: [['notes.txt', 'words.txt']] },
  cut: { operands: [['-d,', '-f1', 'data.csv']] },
  tr: { operands: [['a', 'b']] },
  paste: { operands: [['notes.txt', 'words.txt']] },
  join: { operands: [['notes.txt', 'words.txt']] },
  fold: { operands: [['notes.txt']] },
  fmt: { operands: [['README.md']] },
  column: { operands: [['data.csv']] },
  expand: { operands: [['notes.txt']] },
  unexpand: { operands: [['notes.txt']] },
  rev: { operands: [['notes.txt']] },
  seq: { operands: [['3']] },
  printenv: { operands: [[], ['HOME']] },
  id: { operands: [[]] },
  whoami: { operands: [[]] },
  uname: { operands: [[]] },
  nproc: { operands: [[]] },
  df: { operands: [['.']] },
  du: { operands: [['.']] },
  jq: { operands: [['.', 'data.json']] },
  base64: { operands: [['notes.txt']] },
  base32: { operands: [['notes.txt']] },
  basenc: { operands: [['--base64', 'notes.txt']] },
  numfmt: { operands: [['1000']] },
  factor: { operands: [['12']] },
  expr: { help: null, operands: [['1', '+', '2']] },
  sum: { operands: [['notes.txt']] },
  cksum: { operands: [['notes.txt']] },
  md5sum: { operands: [['notes.txt']] },
  sha256sum: { operands: [['notes.txt']] },
  iconv: { operands: [['-f', 'UTF-8', '-t', 'ASCII', 'notes.txt']] },
  tsort: { operands: [['words.txt']] },
  ptx: { operands: [['notes.txt']] },
  pr: { operands: [['notes.txt']] },
  sort: { operands: [['notes.txt']] },
  shuf: { operands: [['notes.txt']] },
  uniq: { operands: [['notes.txt'], ['notes.txt', 'NEW_uniq.txt']] },
  xxd: { operands: [['notes.txt'], ['notes.txt', 'NEW_xxd.txt']] },
  sed: { operands: [['s/a/b/', 'notes.txt'], ['-n', 'p', 'notes.txt']] },
  awk: { operands: [['{print $1}', 'notes.txt']] },
  grep: { operands: [['apple', 'notes.txt'], ['-r', 'TODO', '.']] },
  egrep: { operands: [['apple', 'notes.txt']] },
  zcat: { operands: [['notes.txt.gz']] },
  gzip: { operands: [['-c', 'notes.txt'], ['-l', 'notes.txt.gz']] },
  gunzip: { operands: [['-c', 'notes.txt.gz'], ['-t', 'notes.txt.gz']] },
  tar: { operands: [['-tzf', 'archive.tar.gz'], ['-xzOf', 'archive.tar.gz']] },
  curl: { operands: [['-s', 'http://127.0.0.1:9/']] },
  find: { operands: [['.', '-name', '*.txt']] },
  xargs: { operands: [['echo']] },
  env: { operands: [[], ['ls']] },
  timeout: { operands: [['5', 'ls']] },
  nice: { operands: [['ls']] },
  stdbuf: { operands: [['-oL', 'ls']] },
  date: { operands: [[]] },
  hostname: { operands: [[]] },
  tee: { operands: [['/dev/null']] },
  dd: { help: ['--help'], operands: [['if=notes.txt']] },
  mktemp: { operands: [['-u']] },
  hexdump: { operands: [['notes.txt']] },
  strings: { operands: [['notes.txt']] },
  python3: { operands: [['-c', 'print(1)']] },
  node: { operands: [['-e', '1']] },
  perl: { help: ['-h'], operands: [['-e', 'print 1']] },
};

/** git subcommands that the analysis may call a read in some form, with typical operands. */
export const GIT_SUBCOMMANDS = {
  log: [[], ['-1']],
  show: [[], ['HEAD~1']],
  diff: [[], ['HEAD~1']],
  status: [[]],
  branch: [[]],
  tag: [[]],
  'ls-files': [[]],
  'ls-tree': [['HEAD']],
  'cat-file': [['-p', 'HEAD']],
  'rev-parse': [['HEAD']],
  'rev-list': [['HEAD']],
  blame: [['notes.txt']],
  grep: [['apple']],
  describe: [['--always']],
  shortlog: [['HEAD']],
  reflog: [[]],
  config: [['--list']],
  remote: [[]],
  stash: [['list']],
  'format-patch': [['-1', '--stdout']],
  'diff-tree': [['HEAD']],
  'diff-files': [[]],
  'diff-index': [['HEAD']],
  'for-each-ref': [[]],
  'show-ref': [[]],
  'name-rev': [['HEAD']],
  'merge-base': [['main', 'feature']],
  fsck: [[]],
  'count-objects': [[]],
  'interpret-trailers': [['notes.txt']],
  archive: [['HEAD']],
  'check-ignore': [['x.log']],
  'check-attr': [['-a', 'notes.txt']],
  var: [['-l']],
  whatchanged: [['-1']],
  cherry: [['feature']],
  'range-diff': [['main...feature']],
  notes: [['list']],
  worktree: [['list']],
  'show-branch': [[]],
  'ls-remote': [['.']],
  'verify-pack': [[]],
  bundle: [['list-heads']],
  'merge-tree': [['main', 'feature']],
  'mktree': [[]],
  'hash-object': [['notes.txt']],
};

/** Values for an option that takes one, from its metavariable and its name. */
export function valuesFor(optName, meta) {
  const n = optName.replace(/^-+/, '').toLowerCase();
  const m = (meta ?? '').toLowerCase();
  if (/output|^out$|^o$|log|save|dump|write|backup|jar|trace|record|report|stderr|^tee$|result|export|target|dest/.test(n) || /out|dest/.test(m)) return ['NEW_out.txt', 'notes.txt'];
  if (/command|cmd|program|prog|exec|script|filter|hook|helper|pager|editor|shell|tool|textconv|compress|rsh|pre$|^run|askpass/.test(n + ' ' + m)) return ['touch ORACLE_EXEC', './src/lib.sh'];
  if (/dir|folder|prefix/.test(n + ' ' + m)) return ['NEW_dir', 'docs'];
  if (/file|path|name|^f$/.test(m) || /file|path|from|reference|template|config/.test(n)) return ['notes.txt', 'NEW_file.txt'];
  if (/num|^n$|count|size|lines|bytes|width|depth|level|limit|max|min|int|digits|columns|chars|fields|skip|unit|^k$|time|seconds|sec/.test(m + ' ' + n)) return ['2'];
  if (/commit|rev|ref|branch|tag|object|tree/.test(m + ' ' + n)) return ['HEAD'];
  return ['apple', 'notes.txt'];
}

/**
 * Options listed in a help text: [{ spellings: ['-o', '--output'], arg: null|'required'|'optional', meta }].
 * Reads only the option column (the part before the description).
 */
export function parseHelp(text) {
  const out = [];
  const seen = new Set();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\t/g, '    ');
    const m = /^\s{1,14}(-\S.*?)(?:\s{2,}|$)/.exec(line);
    if (!m) continue;
    const spec = m[1];
    const parts = spec.split(/,\s+|\s+\|\s+/);
    const spellings = [];
    let arg = null;
    let meta = null;
    for (const part of parts) {
      const p = /^(--?)(\[no-\])?([A-Za-z0-9?#@][\w.#@-]*)(\[=?[^\]]*\]|=\S*|\s+<[^>]+>|\s+[A-Z][A-Z0-9_[\]-]*|\s+\[[^\]]*\])?/.exec(part.trim());
      if (!p) continue;
      const dash = p[1];
      const name = p[3];
      if (dash === '-' && name.length > 1 && !/^[a-z]$/i.test(name) && !/^[a-z]{2,}$/i.test(name)) continue;
      spellings.push(dash + name);
      if (p[2]) spellings.push(`--no-${name}`);
      const a = p[4];
      if (a) {
        const optional = a.startsWith('[');
        const mm = /([A-Za-z][\w-]*)/.exec(a);
        meta = mm ? mm[1] : meta;
        arg = optional ? 'optional' : 'required';
      }
    }
    if (!spellings.length) continue;
    const key = spellings.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ spellings, arg, meta });
  }
  return out;
}

const shq = (s) => (/^[A-Za-z0-9_./=:,@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
export const joinArgv = (argv) => argv.map(shq).join(' ');

/** The option forms one parsed option contributes (without the program or its operands). */
export function optionForms(opt) {
  const forms = [];
  for (const sp of opt.spellings) {
    const long = sp.startsWith('--');
    if (!opt.arg || opt.arg === 'optional' || sp.startsWith('--no-')) forms.push([sp]);
    if (!opt.arg || sp.startsWith('--no-')) continue;
    for (const v of valuesFor(sp, opt.meta)) {
      if (long) forms.push([`${sp}=${v}`]);
      else if (opt.arg === 'required') {
        forms.push([sp, v]);
        if (/^NEW_|ORACLE/.test(v)) forms.push([`${sp}${v}`]);
      }
    }
  }
  return forms;
}

/**
 * Candidates from help texts. `helps` maps a program key ('sort', 'git log') to its help text.
 * Returns [{ cmd, source }] deduplicated, in a stable order.
 */
export function helpCandidates(helps) {
  const out = new Map();
  const add = (argv, source) => {
    const cmd = joinArgv(argv);
    if (!out.has(cmd)) out.set(cmd, source);
  };
  for (const [key, text] of Object.entries(helps)) {
    const [prog, sub] = key.split(' ');
    const head = sub ? [prog, sub] : [prog];
    const operandSets = sub ? GIT_SUBCOMMANDS[sub] : PROGRAMS[prog].operands;
    for (const ops of operandSets) add([...head, ...ops], `plain:${key}`);
    for (const opt of parseHelp(text ?? '')) {
      for (const form of optionForms(opt)) {
        for (const ops of operandSets) add([...head, ...form, ...ops], `help:${key}`);
      }
    }
  }
  return [...out].map(([cmd, source]) => ({ cmd, source }));
}

/** mulberry32: a small seeded PRNG, so the grammar run is the same on every machine. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Segments that change something, mixed in so compositions of reads with writes are tried. */
export const MUTATORS = ['touch NEW_t.txt', 'rm notes.txt', 'mkdir NEW_d', 'cp notes.txt NEW_c.txt', 'mv words.txt NEW_m.txt', 'chmod +x notes.txt', 'git commit -qam wip', 'git tag NEW_tag', 'git branch NEW_b', 'git stash', 'sed -i s/apple/pear/ notes.txt', 'ln -s notes.txt NEW_l', 'tar -xzf archive.tar.gz -C docs', 'gzip -k notes.txt', 'sort -o NEW_s.txt notes.txt', 'python3 -c "open(\'NEW_py\',\'w\')"', 'node -e "require(\'fs\').writeFileSync(\'NEW_js\',\'\')"', 'perl -e "open(F,\'>NEW_pl\')"', './src/lib.sh', 'sh src/lib.sh', 'truncate -s 0 notes.txt'];

/** Filters that go on the right of a pipe. */
const FILTERS = ['sort', 'head -n 3', 'wc -l', 'grep a', 'cat', 'tee /dev/null', 'tee NEW_tee.txt', 'uniq', 'sed s/a/b/', 'awk "{print \\$1}"', 'xargs echo', 'xargs -I{} echo {}', 'xargs touch', 'tr a-z A-Z', 'cut -c1-3', 'tail -n 1', 'rev', 'jq -R .', 'base64', 'sha256sum', 'od -c', 'sh', 'bash', 'xargs -n1 ls', 'tee -a notes.txt', 'dd of=NEW_dd.txt', 'cat > NEW_cat.txt', 'python3 -c "import sys; sys.stdin.read()"'];

const WRAPPERS = [(s) => `env ${s}`, (s) => `env -i PATH=/usr/bin:/bin ${s}`, (s) => `env FOO=bar ${s}`, (s) => `timeout 5 ${s}`, (s) => `timeout -s KILL 5 ${s}`, (s) => `nice ${s}`, (s) => `nice -n 5 ${s}`, (s) => `command ${s}`, (s) => `builtin ${s}`, (s) => `exec ${s}`, (s) => `nohup ${s}`, (s) => `stdbuf -oL ${s}`, (s) => `time ${s}`, (s) => `echo notes.txt | xargs ${s}`, (s) => `printf '%s\\0' notes.txt | xargs -0 ${s}`, (s) => `bash -c ${shq(s)}`, (s) => `sh -c ${shq(s)}`, (s) => `bash -lc ${shq(s)}`, (s) => `eval ${shq(s)}`, (s) => `find . -maxdepth 0 -exec ${s} \\;`, (s) => `( ${s} )`, (s) => `{ ${s}; }`, (s) => `if true; then ${s}; fi`, (s) => `for f in notes.txt; do ${s}; done`, (s) => `f() { ${s}; }; f`, (s) => `while false; do :; done; ${s}`];

const REDIRECTS = ['> /dev/null', '2>/dev/null', '>/dev/null 2>&1', '&>/dev/null', '2>&1', '< notes.txt', '> NEW_r.txt', '>> notes.txt', '2> NEW_err.txt', '>| NEW_f.txt', '> /dev/stdout', '> /dev/stderr', '1>&2', '3> NEW_fd3.txt', '<<< apple', '<> notes.txt', '> "$TMPDIR/x"', '> ~/NEW_home.txt', '> /tmp/NEW_escape.txt'];

/** Quoting variants of a simple command (a word list): the program name or options quoted. */
function quoted(seg, r) {
  const words = seg.split(' ');
  const i = Math.floor(r() * words.length);
  const w = words[i];
  if (!/^[A-Za-z0-9_./=-]+$/.test(w)) return seg;
  const variants = [`'${w}'`, `"${w}"`, w.length > 1 ? `${w[0]}\\${w.slice(1)}` : w, `${w.slice(0, 1)}''${w.slice(1)}`, `$'${w}'`, `"${w.slice(0, 1)}"${w.slice(1)}`];
  words[i] = variants[Math.floor(r() * variants.length)];
  return words.join(' ');
}

/**
 * `count` composed commands from `segments` (simple commands, e.g. the help candidates), seeded.
 * Every composition form is used with about the same weight.
 */
export function grammarCandidates(segments, count, seed = 16) {
  const r = prng(seed);
  const pick = (arr) => arr[Math.floor(r() * arr.length)];
  const seg = () => (r() < 0.12 ? pick(MUTATORS) : pick(segments));
  const forms = [
    () => `${seg()} | ${pick(FILTERS)}`,
    () => `${seg()} | ${pick(FILTERS)} | ${pick(FILTERS)}`,
    () => `${seg()} && ${seg()}`,
    () => `${seg()}; ${seg()}`,
    () => `${seg()} || ${seg()}`,
    () => `${seg()} ${pick(REDIRECTS)}`,
    () => `${seg()} ${pick(REDIRECTS)} | ${pick(FILTERS)}`,
    () => `echo "$(${seg()})"`,
    () => `X=$(${seg()}); echo "$X"`,
    () => `echo \`${seg()}\``,
    () => `cat <(${seg()})`,
    () => `diff <(${seg()}) <(${seg()})`,
    () => `${seg()} > >(cat)`,
    () => `${seg()} > >(tee NEW_ps.txt)`,
    () => pick(WRAPPERS)(seg()),
    () => pick(WRAPPERS)(`${seg()} ${pick(REDIRECTS)}`),
    () => quoted(seg(), r),
    () => `${quoted(seg(), r)} | ${pick(FILTERS)}`,
    () => `${pick(WRAPPERS)(quoted(seg(), r))}`,
    () => `${seg()} &`,
    () => `cat notes.txt | ${seg()}`,
    () => `${seg()} <<'EOF'\napple\nEOF`,
  ];
  const out = new Map();
  let guard = 0;
  while (out.size < count && guard++ < count * 20) {
    const cmd = pick(forms)();
    if (!out.has(cmd)) out.set(cmd, 'grammar');
  }
  return [...out].map(([cmd, source]) => ({ cmd, source }));
}
