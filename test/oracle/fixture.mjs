/**
 * The oracle's fixture: one small repository every candidate command runs against (a fresh
 * copy each time). Built once per run from the text below, deterministic: fixed contents,
 * fixed commit dates, fixed file times.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, utimesSync, writeFileSync, readdirSync, lstatSync } from 'node:fs';
import { join } from 'node:path';

const FIXED = new Date('2021-03-04T05:06:07Z');

/** Files of the repository (path -> content). */
export const FILES = {
  'README.md': '# demo\n\nA small project for the oracle.\n\n## Usage\n\nRun `node src/app.js`.\n',
  'notes.txt': 'banana\napple\ncherry\napple\ndate 2021\nelderberry\nfig\n',
  'words.txt': 'alpha beta\ngamma delta\nalpha omega\n',
  'data.json': '{"name":"demo","items":[{"id":1,"tag":"a"},{"id":2,"tag":"b"}],"nested":{"k":"v"}}\n',
  'data.csv': 'id,name,score\n1,ann,3\n2,bob,5\n3,cid,4\n',
  'package.json': '{\n  "name": "demo",\n  "version": "1.0.0",\n  "private": true,\n  "scripts": { "test": "node src/app.js", "build": "touch BUILT" },\n  "dependencies": {}\n}\n',
  'src/app.js': "const fs = require('fs');\nfunction add(a, b) { return a + b; }\nconsole.log(add(1, 2));\nmodule.exports = { add };\n",
  'src/util.py': 'import os\n\n\ndef greet(name):\n    return "hello " + name\n\n\nif __name__ == "__main__":\n    print(greet("world"))\n',
  'src/lib.sh': '#!/bin/sh\n# touches a file when run: a command that runs it is not a read\ntouch "${1:-RAN_LIB_SH}"\n',
  'docs/guide.md': '# Guide\n\nTODO: write more.\n',
  '.gitignore': 'node_modules/\n*.log\n',
};

const run = (cwd, args, env = {}) => {
  const r = spawnSync(args[0], args.slice(1), {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Ann', GIT_AUTHOR_EMAIL: 'ann@example.invalid', GIT_COMMITTER_NAME: 'Ann', GIT_COMMITTER_EMAIL: 'ann@example.invalid', GIT_AUTHOR_DATE: '2021-03-04T05:06:07Z', GIT_COMMITTER_DATE: '2021-03-04T05:06:07Z', ...env },
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
};

function writeTree(root, files) {
  for (const [rel, text] of Object.entries(files)) {
    const p = join(root, rel);
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, text);
  }
}

function setTimes(p) {
  const st = lstatSync(p);
  if (st.isSymbolicLink()) return;
  if (st.isDirectory()) for (const n of readdirSync(p)) if (n !== '.git') setTimes(join(p, n));
  utimesSync(p, FIXED, FIXED);
}

/**
 * Build the template sandbox at `box`: repo/ (git history: two commits on main, a branch
 * `feature` with one more, a tag), home/, tmp/, xdg/*. `owner` = {uid,gid} to chown to.
 */
export function buildTemplate(box, owner) {
  const repo = join(box, 'repo');
  for (const d of ['escape/tmp', 'escape/var-tmp', 'escape/shm', 'repo', 'home', 'tmp', 'xdg/config', 'xdg/cache', 'xdg/data', 'xdg/state', 'xdg/runtime']) mkdirSync(join(box, d), { recursive: true });
  chmodSync(join(box, 'xdg/runtime'), 0o700);
  for (const d of ['escape/tmp', 'escape/var-tmp', 'escape/shm']) chmodSync(join(box, d), 0o1777);
  writeFileSync(join(box, 'home/.gitconfig'), '[user]\n\tname = Oracle\n\temail = oracle@example.invalid\n[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n');

  writeTree(repo, FILES);
  chmodSync(join(repo, 'src/lib.sh'), 0o755);
  setTimes(repo);
  run(repo, ['git', 'init', '-q', '-b', 'main']);
  // copies of the template get new inodes and ctimes; compare only what a copy keeps, so a
  // plain `git status` has no reason to rewrite the index of a fresh copy
  run(repo, ['git', 'config', 'core.checkStat', 'minimal']);
  run(repo, ['git', 'config', 'core.trustctime', 'false']);
  run(repo, ['git', 'config', 'gc.auto', '0']);
  run(repo, ['git', 'add', '-A']);
  run(repo, ['git', 'commit', '-q', '-m', 'initial import']);
  writeFileSync(join(repo, 'notes.txt'), FILES['notes.txt'] + 'grape\n');
  utimesSync(join(repo, 'notes.txt'), FIXED, FIXED);
  run(repo, ['git', 'commit', '-q', '-am', 'notes: add grape'], { GIT_AUTHOR_DATE: '2021-03-05T05:06:07Z', GIT_COMMITTER_DATE: '2021-03-05T05:06:07Z' });
  run(repo, ['git', 'tag', 'v1']);
  run(repo, ['git', 'checkout', '-q', '-b', 'feature']);
  writeFileSync(join(repo, 'feature.txt'), 'feature work\n');
  run(repo, ['git', 'add', 'feature.txt']);
  run(repo, ['git', 'commit', '-q', '-m', 'feature: start'], { GIT_AUTHOR_DATE: '2021-03-06T05:06:07Z', GIT_COMMITTER_DATE: '2021-03-06T05:06:07Z' });
  run(repo, ['git', 'checkout', '-q', 'main']);
  // an uncommitted change and an untracked file, so status/diff/stash have something to see
  writeFileSync(join(repo, 'README.md'), FILES['README.md'] + '\nLocal edit.\n');
  writeFileSync(join(repo, 'scratch.txt'), 'untracked\n');

  // archives and a symlink (made after the history, not committed)
  mkdirSync(join(repo, 'pack'), { recursive: true });
  writeFileSync(join(repo, 'pack/one.txt'), 'one\n');
  writeFileSync(join(repo, 'pack/two.txt'), 'two\n');
  setTimes(join(repo, 'pack'));
  run(repo, ['tar', '--mtime=2021-03-04 05:06:07', '--owner=0', '--group=0', '--numeric-owner', '--sort=name', '-czf', 'archive.tar.gz', 'pack']);
  run(repo, ['sh', '-c', 'gzip -n -c notes.txt > notes.txt.gz']);
  symlinkSync('notes.txt', join(repo, 'link.txt'));
  for (const p of ['README.md', 'scratch.txt', 'archive.tar.gz', 'notes.txt.gz', 'notes.txt', 'feature.txt', 'pack']) {
    try {
      setTimes(join(repo, p));
    } catch {
      /* feature.txt is not on main */
    }
  }
  buildLab(join(repo, 'lab'));
  // refresh the index once now (files are older than the index: no racy entries later)
  run(repo, ['git', 'status', '--porcelain']);
  setTimes(repo);
  if (owner) run(box, ['chown', '-R', `${owner.uid}:${owner.gid}`, box]);
}

/**
 * repo/lab: inputs for the toolchain, formatter, archive, database, editor and patch families
 * (test/corpus/precision/cases.tsv): a Go module, Go files to format, a Cargo package, archives in each format, SQLite
 * databases (one in WAL mode), scripts that leave a trace when they run, and a file with diffs
 * that apply exactly, with fuzz, and not at all. An artifact whose tool is missing here is left out
 * (the commands that need it then find no tool either, and the oracle reports them as not installed).
 */
export const LAB_FILES = {
  'go/go.mod': 'module example.com/lab\n\ngo 1.19\n',
  'go/main.go': 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("lab") }\n',
  // outside the module: a file gofmt rewrites and one it leaves as it is
  'fmt/messy.go': 'package messy\n\nfunc  F( ) int {\nreturn 1\n}\n',
  'fmt/tidy.go': 'package messy\n\nfunc G() int {\n\treturn 2\n}\n',
  'rust/Cargo.toml': '[package]\nname = "lab"\nversion = "0.1.0"\nedition = "2018"\n\n[dependencies]\n',
  'rust/src/main.rs': 'fn main() {\n    println!("lab");\n}\n',
  'arch/one.txt': 'one\n',
  'arch/two.txt': 'two\n',
  'php/app.php': "<?php\nfile_put_contents('RAN_PHP', 'x');\necho \"ran\\n\";\n",
  'node/app.js': "require('fs').writeFileSync('RAN_NODE', 'x');\n",
  'ruby/app.rb': "File.write('RAN_RUBY', 'x')\n",
  'patch/base.txt': 'alpha\nbravo\ncharlie\ndelta\necho\nfoxtrot\ngolf\nhotel\n',
  // the same change three ways: exactly, against a neighbour line that differs (fuzz), against text that is not there
  'patch/fix.diff': '--- base.txt\n+++ base.txt\n@@ -2,5 +2,5 @@\n bravo\n charlie\n-delta\n+DELTA\n echo\n foxtrot\n',
  'patch/fuzz.diff': '--- base.txt\n+++ base.txt\n@@ -2,5 +2,5 @@\n bravo\n CHARLIE\n-delta\n+DELTA\n echo\n foxtrot\n',
  'patch/fail.diff': '--- base.txt\n+++ base.txt\n@@ -2,3 +2,3 @@\n xray\n-yankee\n+YANKEE\n zulu\n',
};

function tryRun(cwd, args, env) {
  try {
    run(cwd, args, env);
    return true;
  } catch {
    return false;
  }
}

export function buildLab(lab) {
  writeTree(lab, LAB_FILES);
  for (const d of ['db', 'out-ready']) mkdirSync(join(lab, d), { recursive: true });
  setTimes(lab);
  const arch = join(lab, 'arch');
  tryRun(arch, ['tar', '--mtime=2021-03-04 05:06:07', '--owner=0', '--group=0', '--numeric-owner', '-cf', 'pack.tar', 'one.txt', 'two.txt']);
  tryRun(arch, ['zip', '-X', '-q', 'pack.zip', 'one.txt', 'two.txt']);
  tryRun(arch, ['sh', '-c', 'printf "one.txt\ntwo.txt\n" | cpio -o --quiet > pack.cpio']);
  tryRun(arch, ['7z', 'a', '-bd', '-bso0', 'a.7z', 'one.txt', 'two.txt']);
  tryRun(arch, ['ar', 'rcD', 'lib.a', 'one.txt', 'two.txt']);
  const db = join(lab, 'db');
  tryRun(db, ['sqlite3', 'data.db', 'create table t(a integer, b text); insert into t values (1, "x"), (2, "y"), (3, "z");']);
  tryRun(db, ['sqlite3', 'wal.db', 'pragma journal_mode=wal; create table t(a integer); insert into t values (1), (2);']);
  setTimes(lab);
}
