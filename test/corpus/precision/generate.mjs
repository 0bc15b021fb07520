#!/usr/bin/env node
/**
 * Generated cases for the classes where the analysis was wrong in either direction (dependency
 * intent hidden by option parsing, defaults that write across a tool's family, options that make
 * a writing mode read-only, read-only forms with no table, backup files), written as red-team rows:
 * kind (M changes something, R only reads), family, oracle flag (`o` = the execution oracle runs
 * it in its sandbox, against the fixture's repo/lab; `-` = it needs a network, a server, or a tool
 * version CI does not have), the command. Labels come from what the programs do (checked by
 * test/oracle/precision.test.ts where CI can run them), not from what the analysis says.
 *
 *   node test/corpus/precision/generate.mjs          # print the rows
 *   node test/corpus/precision/generate.mjs --write  # rewrite cases.tsv (a test checks it is current)
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const CASES = join(here, 'cases.tsv');

/** Every combination of the given lists, in order. */
function* product(...lists) {
  if (lists.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = lists;
  for (const x of first) for (const tail of product(...rest)) yield [x, ...tail];
}

const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

export function generate() {
  const rows = [];
  const add = (kind, family, oracle, cmd) => rows.push([kind, family, oracle ? 'o' : '-', cmd]);

  // 1. dependency intent through option parsing: an option before, between and after, with and without its value
  const installs = [
    ['pnpm', 'add', 'typescript', ['-w', '--workspace-root', '-D', '--filter web', '-F web', '-C web', '--dir=web', '-r', '--save-exact', '--cpu x64']],
    ['npm', 'install', 'left-pad', ['-w web', '--workspace=web', '-D', '--prefix ./web', '-g', '--save-exact', '--omit=dev', '--loglevel silent', '--no-save']],
    ['yarn', 'add', 'lodash', ['-D', '--dev', '-W', '--prod', '--cwd web', '-E', '--exact', '--mode=skip-build']],
    ['bun', 'add', 'zod', ['-d', '--dev', '-E', '--cwd=web', '--filter web', '-g', '--no-save']],
    ['pip', 'install', 'requests', ['-U', '--user', '--index-url https://pypi.org/simple', '-i https://pypi.org/simple', '--target vendor', '-q', '--no-deps']],
    ['uv', 'add', 'httpx', ['--dev', '--group dev', '--project web', '--directory web', '-p 3.12', '--frozen']],
    ['cargo', 'add', 'serde', ['-F derive', '--features derive', '--dev', '--manifest-path web/Cargo.toml', '-p web', '--optional']],
    ['composer', 'require', 'monolog/monolog', ['--dev', '-d web', '--working-dir=web', '-W', '--no-update', '--sort-packages']],
    ['gem', 'install', 'rails', ['-v 7.1.0', '--version 7.1.0', '--no-document', '-N', '--user-install', '-i vendor']],
    ['poetry', 'add', 'pendulum', ['-G dev', '--group dev', '-D', '-C web', '--directory web', '--dry-run']],
    ['go', 'get', 'golang.org/x/text@latest', ['-u', '-t', '-x', '-C web', '-modfile go.alt.mod', '-tags integration']],
    ['bundle', 'add', 'rails', ['--group development', '-g development', '--version "~> 7.1"', '--skip-install']],
  ];
  for (const [pm, sub, pkg, opts] of installs) {
    for (const o of opts) {
      add('M', 'deps', false, `${pm} ${o} ${sub} ${pkg}`);
      add('M', 'deps', false, `${pm} ${sub} ${o} ${pkg}`);
      add('M', 'deps', false, `${pm} ${sub} ${pkg} ${o}`);
    }
  }
  for (const c of ['yarn workspace web add lodash', 'yarn workspaces foreach -A add lodash', 'pnpm recursive add lodash', 'pnpm -r --filter web add lodash', 'composer req monolog/monolog', 'composer global require laravel/installer', 'dotnet add package Newtonsoft.Json', 'dotnet add app.csproj package Newtonsoft.Json', 'dotnet package add Serilog', 'cargo +nightly add serde', 'python3 -m pip --isolated install requests', 'uv pip install --system requests', 'pipenv install flask', 'pipenv install --dev pytest', 'pipenv install -r requirements.txt', 'go mod edit -require=golang.org/x/text@v0.14.0', 'apt-get --target-release bookworm install jq', 'bundle -r 3 add rails', 'gem --config-file gemrc install rails', 'corepack pnpm add -w typescript']) add('M', 'deps', false, c);

  // 2. defaults that write across a tool's family (measured in a fresh HOME)
  const go = 'cd lab/go && ';
  for (const c of ['go list ./...', 'go list -json .', 'go list -deps .', 'go vet ./...', 'go build ./...']) add('M', 'family', true, go + c);
  // Go 1.23+ telemetry: every go command writes counters (CI's Go predates it)
  for (const c of ['go version', 'go env GOCACHE', 'go env', 'go doc fmt', 'go list -m', 'go mod graph', 'go mod why fmt', 'go help build', 'go telemetry']) add('M', 'family', false, go + c);
  const rust = 'cd lab/rust && ';
  for (const c of ['cargo tree', 'cargo tree --depth 1', 'cargo tree -e normal', 'cargo metadata --format-version 1', 'cargo generate-lockfile']) add('M', 'family', true, rust + c);
  // cargo 1.78+ records its global cache even with --locked; a registry query fills the index cache
  for (const c of ['cargo tree --locked', 'cargo tree --frozen', 'cargo metadata --locked --format-version 1', 'cargo metadata --frozen --format-version 1', 'cargo search serde', 'cargo info serde']) add('M', 'family', false, rust + c);
  for (const c of ['cargo metadata --no-deps --format-version 1', 'cargo metadata --no-deps --format-version 1 --offline', 'cargo metadata --no-deps --offline --quiet --format-version 1', 'cargo locate-project', 'cargo verify-project', 'cargo read-manifest', 'cargo --version', 'cargo -V', 'cargo -vV', 'cargo --list', 'cargo version']) add('R', 'family', true, rust + c);
  for (const c of ['pnpm ls', 'pnpm why react', 'pnpm outdated', 'yarn info react', 'yarn why react', 'yarn --version', 'composer show', 'composer validate', 'composer licenses', 'uv pip list', 'uv tree --frozen', 'uv python list', 'poetry show', 'poetry config --list', 'pip list', 'pip list --outdated', 'python3 -m pip list', 'pip index versions requests', 'pipenv --venv', 'dotnet --info', 'dotnet list package', 'dotnet sln list']) add('M', 'family', false, c);
  for (const c of ['pip list --disable-pip-version-check', 'pip list --no-index', 'pip show pip', 'pip freeze', 'pip check', 'uv --no-cache pip list', 'poetry check', 'poetry env info', 'pipenv --where', 'pnpm --version', 'composer --version', 'gem list', 'gem env', 'bundle list', 'dotnet --list-sdks']) add('R', 'family', false, c);

  // 3. options that make a writing mode read-only: stdout extraction, /dev/null targets, dry runs in clusters, the last flag winning
  const arch = 'cd lab/arch && ';
  for (const [op, extra] of product(['x', 'e'], ['', ' -y', ' -bd', ' -pX', ' -r', ' -tzip'])) add('R', 'ro-mode', extra !== ' -tzip', `${arch}7z ${op} -so${extra} a.7z`);
  for (const c of ['7z e -so a.7z one.txt', '7z x -so a.7z two.txt > /dev/null', '7z l a.7z', '7z l -slt a.7z', '7z t a.7z']) add('R', 'ro-mode', true, arch + c);
  for (const c of ['7z x -oout a.7z', '7z e -y -oout a.7z', '7z a new.7z one.txt', '7z x -so -oout a.7z > x.txt']) add('M', 'ro-mode', true, arch + c);
  for (const tail of ['of=/dev/null', 'of=/dev/null bs=1', 'of=/dev/null status=none', 'of=copy.txt of=/dev/null', 'of=/dev/stdout', 'status=none', 'of=/dev/null count=2 bs=4']) add('R', 'ro-mode', true, `dd if=notes.txt ${tail}`);
  for (const tail of ['of=/dev/null of=copy.txt', 'of=copy.txt', 'of=copy.txt conv=notrunc', 'of=copy.txt of=copy2.txt']) add('M', 'ro-mode', true, `dd if=notes.txt ${tail}`);
  for (const [flags, dest] of product(['-an', '-na', '-avn', '-nav', '-rn', '-anv --delete', '-a --dry-run', '-a --dry-run --delete', '-avn --delete --exclude=one.txt', '-ani', '-an --remove-source-files', '-an -b --backup-dir=bk', '-rlptn --delete-after'], ['lab/arch/ out/', 'lab/arch/ docs/'])) add('R', 'ro-mode', true, `rsync ${flags} ${dest}`);
  for (const c of ['rsync -a lab/arch/ out/', 'rsync -a --delete lab/arch/ docs/', 'rsync -avn --log-file=r.log lab/arch/ out/', 'rsync -a --write-batch=bat lab/arch/ out/', 'rsync -a lab/arch/one.txt notes.txt']) add('M', 'ro-mode', true, c);
  for (const c of ['tar -cf /dev/null src', 'tar -czf /dev/null src docs', 'tar -cf - src > /dev/null', 'tar -xOf archive.tar.gz', 'tar -tzf archive.tar.gz']) add('R', 'ro-mode', true, c);
  add('M', 'ro-mode', true, 'tar -cf out.tar src');
  // rsync SRC lists the source; a log file is its one write
  add('M', 'ro-mode', true, 'rsync -r --log-file=rl.txt lab/arch/');
  add('R', 'ro-mode', true, 'rsync -r --log-file=/dev/null lab/arch/');
  // files tar writes besides the archive: the snapshot, the index of -v output
  for (const c of ['tar -cf out2.tar -g snap.snar src', 'tar -cvf out3.tar --index-file=idx.txt src', 'tar -cz --listed-incremental=snap2 src | wc -c', 'tar -xvf archive.tar.gz --index-file idx2.txt -C docs']) add('M', 'ro-mode', true, c);
  for (const c of ['git format-patch --stdout --no-stdout HEAD~1', 'git add -n --no-dry-run scratch.txt', 'git add --dry-run --no-dry-run scratch.txt', 'git rm -n --no-dry-run --cached notes.txt', 'git mv -n --no-dry-run notes.txt n2.txt', 'git clean -n --no-dry-run -f']) add('M', 'ro-mode', true, c);
  for (const c of ['git format-patch --no-stdout --stdout HEAD~1', 'git add --no-dry-run -n scratch.txt', 'git add -nA', 'git rm -rn --cached src', 'git mv -n notes.txt n2.txt', 'git clean -nd', 'git clean -n -f']) add('R', 'ro-mode', true, c);
  for (const c of ['npm pack --dry-run --ignore-scripts --no-dry-run', 'npm pack --dry-run=false --ignore-scripts', 'npm pack --ignore-scripts --dry-run false']) add('M', 'ro-mode', true, c);
  // a dry run still stores the tarball in npm's cache
  add('M', 'ro-mode', true, 'npm pack --dry-run --ignore-scripts');
  add('M', 'ro-mode', false, 'tsc --noEmit --noEmit false');
  for (const c of ['openssl rand -hex 4 -out /dev/null', 'openssl rand -out /dev/null 16', 'wget -q -O /dev/null http://127.0.0.1:9/']) add('R', 'ro-mode', true, c);
  for (const c of ['openssl rand -out r.bin 16', 'wget -q -O page.html http://127.0.0.1:9/']) add('M', 'ro-mode', true, c);

  // 4. read-only forms with no table
  for (const c of ['rustc --version', 'rustc -V', 'rustc --version --verbose', 'rustc -vV', 'rustc -Vv', 'rustc --print sysroot', 'rustc --print cfg', 'rustc --print target-list', 'rustc --print=crate-name lab/rust/src/main.rs'.replace(' lab/rust/src/main.rs', ''), 'gcc --version', 'gcc -dumpmachine', 'gcc -dumpversion', 'gcc -print-search-dirs', 'cc --version', 'ld --version', 'as --version', 'python3 -VV', 'python3 -V', 'node --version', 'php -v', 'php -m', 'php --ini', 'php -i > /dev/null', 'perl -v', 'ruby --version']) add('R', 'no-table', true, c);
  add('M', 'no-table', false, 'rustc --print cfg=cfg.txt');
  for (const c of ['php -l lab/php/app.php', 'php -n -l lab/php/app.php', 'php --syntax-check lab/php/app.php', 'node --check lab/node/app.js', 'node -c lab/node/app.js', 'ruby -c lab/ruby/app.rb', 'ruby -wc lab/ruby/app.rb']) add('R', 'no-table', true, c);
  for (const c of ['php lab/php/app.php', 'node lab/node/app.js', 'php -d display_errors=1 -l lab/php/app.php && php lab/php/app.php']) add('M', 'no-table', true, c);
  for (const flags of ['', '-1', '-2', '-s', '-m', '-l', '-v', '-h', '-t', '-z', '-T', '-2 -h -t', '-l -x one.txt']) add('R', 'no-table', true, `${arch}zipinfo ${flags} pack.zip`.replace('  ', ' '));
  for (const c of ['unzip -Z -1 pack.zip', 'cpio -t < pack.cpio', 'cpio -it < pack.cpio', 'cpio -itv < pack.cpio', 'cpio -t -F pack.cpio', 'cpio -t -I pack.cpio', 'cpio -i --to-stdout < pack.cpio', 'cpio -i --to-stdout one.txt < pack.cpio', 'cpio -i --only-verify-crc < pack.cpio', 'ar t lib.a', 'ar tv lib.a', 'ar p lib.a', 'ar p lib.a one.txt', 'python3 -m zipfile -l pack.zip', 'python3 -m zipfile -t pack.zip', 'python3 -m zipfile --list pack.zip', 'python3 -m tarfile -l pack.tar', 'python3 -m tarfile -v -l pack.tar', 'python3 -m tarfile -t pack.tar']) add('R', 'no-table', true, arch + c);
  for (const c of ['cpio -iu < pack.cpio', 'cpio -i -d -D out-dir < pack.cpio', 'ar x lib.a', 'ar q lib.a two.txt', 'python3 -m zipfile -e pack.zip out', 'python3 -m tarfile -e pack.tar out', 'python3 -m zipfile -c new.zip one.txt']) add('M', 'no-table', true, arch + c);
  const scripts = ['p', '%p', 'g/a/p', 'g/apple/#', 'v/a/p', '1,3p', '$p', 'g/a/nu', '%l', '=', 'g!/a/p', '%s/a/b/g', 'g/a/d', '1d', '2,3m0', '%j', 'set nu', '%p|%p'];
  for (const [s, quit] of product(scripts, ['q!', 'qa!', 'cq'])) add('R', 'no-table', true, `vim -es -c ${q(s)} -c ${q(quit)} notes.txt`);
  for (const s of ['%p', 'g/a/p', '%s/a/b/g']) {
    add('R', 'no-table', true, `ex -s +${q(s)} +q! notes.txt`);
    add('R', 'no-table', true, `vim -Es -u NONE -n -c ${q(s)} -c 'q!' notes.txt`);
  }
  // a quit after `|` ends the script; inside :g it would quit only when a line matches
  for (const s of ['%p', '%s/a/b/g', '1,2p']) add('R', 'no-table', true, `vim -e -s -c ${q(s + '|q!')} notes.txt`);
  for (const c of ["vim -es -c '%s/a/b/g' -c 'wq' notes.txt", "vim -es -c '%s/a/A/g' -c 'x' notes.txt", "vim -es -c 'w out.txt' -c 'q!' notes.txt", "vim -es -c 'g/a/d' -c 'x' notes.txt", "ex -s +'%s/a/A/g' +wq notes.txt", "vim -es -c '!touch ran' -c 'q!' notes.txt", "vim -es -c 'call writefile([\"x\"], \"wf.txt\")' -c 'q!' notes.txt", "vim -es -c 'redir > r.txt' -c 'p' -c 'redir END' -c 'q!' notes.txt", "vim -es -c 'sav copy.txt' -c 'q!' notes.txt"]) add('M', 'no-table', true, c);
  for (const s of [',p', '1,3p', 'g/a/p', ',n', '=']) add('R', 'no-table', true, `ed -s notes.txt <<< $'${s}\\nq'`);
  add('M', 'no-table', true, "ed -s notes.txt <<< $',s/a/b/\\nw\\nq'");
  // a script that writes names its files: the current one (every file given) or a plain name
  for (const c of ["vim -es -c '%s/a/b/g' -c 'w! out2.txt' -c 'q!' notes.txt", "vim -es -c '%s/a/b/g' -c 'wa' -c 'q!' notes.txt words.txt", "vim -es -c 'redir >> r2.txt' -c '%p' -c 'redir END' -c 'q!' notes.txt", "vim -es -c 'sav copy2.txt' -c 'x' notes.txt", "vim -es -c 'w %.bak' -c 'q!' notes.txt", "ed -s notes.txt <<< $'2d\\nw\\nq'", "ed -s notes.txt <<< $'1,2w part.txt\\nq'", "ed -s notes.txt <<< $'w !cat > piped.txt\\nq'"]) add('M', 'no-table', true, c);
  for (const c of ["ed -s notes.txt <<< $',s/a/b/g\\n,p\\nQ'", "ed -s notes.txt <<< $'2d\\n,p\\nQ'"]) add('R', 'no-table', true, c);
  const db = 'cd lab/db && ';
  const selects = ['select 1', 'select count(*) from t', 'select * from t where a > 1 order by a limit 2', 'select max(a), min(a) from t', 'with x as (select a from t) select * from x', "select lower('A'), length(b) from t", 'select typeof(a) from t', 'explain query plan select * from t', 'pragma table_info(t)', 'pragma integrity_check', '.tables', '.schema t', "select json_object('a', a) from t", 'select a from t; select count(*) from t'];
  for (const [s, mode] of product(selects, ['-deserialize', '-deserialize -json', '-deserialize -csv -header'])) add('R', 'no-table', true, `${db}sqlite3 ${mode} data.db ${q(s)}`);
  for (const s of selects.slice(0, 6)) {
    add('R', 'no-table', true, `${db}sqlite3 'file:data.db?immutable=1' ${q(s)}`);
    add('R', 'no-table', true, `${db}sqlite3 -deserialize wal.db ${q(s)}`);
    // -readonly on a database in WAL mode creates its -wal and -shm files once a statement reads it
    if (s !== 'select 1') add('M', 'no-table', true, `${db}sqlite3 -readonly wal.db ${q(s)}`);
  }
  // statements that read no table never open the database's pages
  for (const s of ['select 1', "select lower('A'), 1 + 2", "select json_object('a', 1)"]) add('R', 'no-table', true, `${db}sqlite3 -readonly wal.db ${q(s)}`);
  for (const c of ["sqlite3 data.db 'insert into t values (9, \"w\")'", "sqlite3 new.db 'select 1'", "sqlite3 -readonly data.db \"select writefile('wf.txt', 'x')\"", "sqlite3 -readonly data.db \"vacuum into 'vac.db'\"", "sqlite3 -readonly data.db '.output out.txt' 'select 1'", "sqlite3 -readonly data.db '.once o.txt' 'select 1'", "sqlite3 -readonly data.db '.shell touch ran'", "sqlite3 data.db 'with x as (select 5) insert into t(a) select * from x'", "sqlite3 data.db 'create table u(a)'", "sqlite3 data.db 'pragma user_version=3'", "sqlite3 -deserialize data.db \"select writefile('wf2.txt', 'x')\""]) add('M', 'no-table', true, db + c);
  // results to a file, or a copy: written at the name given (the database itself only read)
  for (const c of ["sqlite3 -deserialize data.db \"vacuum into 'vac2.db'\"", "sqlite3 -deserialize data.db '.output out2.txt' 'select count(*) from t'", "sqlite3 -deserialize data.db '.once once2.txt' 'select 1'", "sqlite3 data.db \"vacuum main into 'vac3.db'\""]) add('M', 'no-table', true, db + c);
  // servers are not part of the sandbox: the labels are the statements' own
  for (const c of ["psql -c 'SELECT 1'", "psql -X -d app -c 'select count(*) from users'", "psql -c '\\dt'", "psql -l", "psql -At -c 'select now()'", "mysql -e 'SHOW TABLES'", "mysql -u app -D app -e 'select count(*) from users'", "mysql -N -B -e 'describe users'", 'redis-cli GET k', 'redis-cli -n 2 HGETALL h', 'redis-cli --scan --pattern "user:*"', 'redis-cli INFO memory', 'redis-cli CONFIG GET maxmemory']) add('R', 'no-table', false, c);
  for (const c of ["psql -c 'select nextval($$s$$)'", "psql -c 'select * from t for update'", "psql -c 'with d as (delete from t returning *) select * from d'", "psql -c '\\! touch x'", "psql -o out.txt -c 'select 1'", "mysql -e 'select * from t into outfile \"/tmp/x\"'", "mysql -e 'system touch x'", "mysql -e 'show tables; drop table t'", 'redis-cli SET k v', 'redis-cli GETDEL k', 'redis-cli CONFIG SET maxmemory 1', 'redis-cli --rdb dump.rdb', 'redis-cli FLUSHALL']) add('M', 'no-table', false, c);
  for (const piped of ['sort', 'sort -u', 'uniq -c', 'wc -l', 'head -2', 'sort -r | head -3', 'cat -n']) add('R', 'no-table', true, `awk ${q(`{print $1 | "${piped}"}`)} notes.txt`);
  for (const c of ['BEGIN { while (("ls" | getline l) > 0) print l }', 'BEGIN { "date" | getline d; print d }', 'BEGIN { system("ls") }', 'BEGIN { system("true") }']) add('R', 'no-table', true, `awk ${q(c)}`);
  for (const c of ['{print | "sort > sorted.txt"}', '{print | "tee copy.txt"}', 'BEGIN { system("touch ran") }', 'BEGIN { "touch ran2" | getline }']) add('M', 'no-table', true, `awk ${q(c)} notes.txt`);
  for (const c of ["eval 'ls -1 src'", 'eval "ls -1 src"', 'eval ls src', "eval 'cat notes.txt | sort'", "eval 'wc -l notes.txt'"]) add('R', 'no-table', true, c);
  for (const c of ["eval 'touch ran'", 'eval "echo x > out.txt"', "eval 'rm scratch.txt'"]) add('M', 'no-table', true, c);

  // 6. backup files: every path the program writes must be named (the oracle's path check)
  const patchOpts = ['', '-b', '-b -z .bak', '-b -B pre_', '-b -Y y_', '-z .sv', '--no-backup-if-mismatch', '--posix', '-r rej.txt', '-r -', '-o out.txt', '--merge', '-b -V numbered', '-s -N'];
  for (const [o, diff, form] of product(patchOpts, ['fix', 'fuzz', 'fail'], ['arg', 'stdin', 'input'])) {
    const opts = o ? `${o} ` : '';
    const cmd = form === 'arg' ? `patch ${opts}base.txt ${diff}.diff` : form === 'stdin' ? `patch ${opts}base.txt < ${diff}.diff` : `patch ${opts}-i ${diff}.diff base.txt`;
    add('M', 'backups', true, `cd lab/patch && ${cmd}`);
  }
  for (const diff of ['fix', 'fuzz', 'fail']) add('M', 'backups', true, `patch -d lab/patch base.txt ${diff}.diff`);
  const backup = ['-b', '--backup', '--backup=simple', '--backup=existing', '--backup=nil', '--backup=never', '--backup=numbered', '--backup=t', '-S .bak', '--suffix=.old', '-b -S .b', '--backup=none'];
  for (const [b, target] of product(backup, ['notes.txt words.txt', 'notes.txt docs/', 'notes.txt words.txt docs/'])) {
    add('M', 'backups', true, `cp ${b} ${target}`);
    add('M', 'backups', true, `mv ${b} ${target}`);
    add('M', 'backups', true, `install ${b} -m 644 ${target}`);
  }
  for (const b of backup) {
    add('M', 'backups', true, `ln -f ${b} notes.txt words.txt`);
    add('M', 'backups', true, `ln -sf ${b} notes.txt words.txt`);
  }
  for (const c of ['rsync -I -b lab/arch/one.txt lab/arch/two.txt', 'rsync -I -b --suffix=.old lab/arch/one.txt lab/arch/two.txt', 'rsync -I --backup-dir=bk lab/arch/one.txt lab/arch/two.txt', 'rsync -I --backup-dir=../bk2 lab/arch/one.txt lab/arch/two.txt', 'rsync -I --backup-dir=/tmp/bk lab/arch/one.txt lab/arch/two.txt', 'rsync -rI -b lab/arch/ docs/', 'rsync -I -b lab/arch/one.txt words.txt']) add('M', 'backups', true, c);
  for (const c of ["sed -i.bak 's/a/b/' notes.txt", "sed -i'.orig' -e 's/a/b/' notes.txt words.txt", "perl -pi.bak -e 's/a/b/' notes.txt", "perl -i.orig -pe 's/a/b/' notes.txt"]) add('M', 'backups', true, c);

  // 7. in-place formatters: the files and folders given are what they rewrite; a check form writes nothing
  for (const c of ['gofmt -w lab/fmt/messy.go', 'gofmt -w lab/fmt', 'gofmt -l -w lab/fmt', 'cd lab/fmt && gofmt -s -w .', 'gofmt -w lab/fmt/tidy.go lab/fmt/messy.go']) add('M', 'in-place', true, c);
  for (const c of ['gofmt -l lab/fmt', 'gofmt -d lab/fmt/messy.go', 'gofmt lab/fmt/messy.go', 'gofmt -s -l lab/fmt']) add('R', 'in-place', true, c);
  // tools CI does not install: labelled from their manuals
  const formatters = [
    ['clang-format -i src/main.c', 'clang-format --dry-run src/main.c'],
    ['clang-format -style=file -i src/a.cc src/b.h', 'clang-format -style=file -n src/a.cc'],
    ['shfmt -w scripts', 'shfmt -d scripts'],
    ['shfmt -i 2 -ci --write run.sh', 'shfmt -i 2 -l run.sh'],
    ['autopep8 --in-place -a src/app.py', 'autopep8 --diff -a src/app.py'],
    ['autopep8 -ir src', 'autopep8 -r src'],
    ['yapf -i src/app.py', 'yapf --diff src/app.py'],
    ['yapf -ri --style=pep8 src', 'yapf -r -d --style=pep8 src'],
    ['autoflake -i --remove-all-unused-imports src/app.py', 'autoflake --check --remove-all-unused-imports src/app.py'],
    ['autoflake --in-place -r src', 'autoflake -r src'],
    ['prettier --write src', 'prettier --check src'],
  ];
  // converters: the output they are told is what they write; without one they print
  formatters.push(
    ['pandoc README.md -o README.html', 'pandoc README.md'],
    ['pandoc -s --toc -t html5 --output=site/index.html README.md', 'pandoc -s --toc -t html5 README.md'],
    ['dot -Tsvg graph.dot -o graph.svg', 'dot -Tsvg graph.dot'],
    ['dot -Tpng -O graph.dot', 'dot -V'],
    ['pdftotext doc.pdf', 'pdftotext doc.pdf -'],
    ['pdftotext -layout doc.pdf doc-layout.txt', 'pdftotext -layout -f 1 -l 2 doc.pdf -'],
    ['sass src/app.scss dist/app.css', 'sass src/app.scss'],
    ['sass --no-source-map styles:public/css', 'sass --no-source-map -s compressed styles/app.scss'],
    ['optipng -o7 img.png', 'optipng -simulate -o7 img.png'],
    ['optipng -out small.png img.png', 'optipng -v'],
  );
  for (const [m, r] of formatters) {
    add('M', 'in-place', false, m);
    add('R', 'in-place', false, r);
  }
  return rows;
}

export function toTsv(rows) {
  const head = '# Generated by test/corpus/precision/generate.mjs (do not edit by hand). kind, family, oracle, command (␤ = newline)\n';
  return head + rows.map((r) => r.map((c) => String(c).replace(/\n/g, '␤')).join('\t')).join('\n') + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = generate();
  const seen = new Set();
  for (const r of rows) {
    if (seen.has(r[3])) throw new Error(`duplicate row: ${r[3]}`);
    seen.add(r[3]);
  }
  if (process.argv.includes('--write')) {
    writeFileSync(CASES, toTsv(rows));
    console.log(`wrote ${rows.length} rows to ${CASES}`);
  } else process.stdout.write(toTsv(rows));
}
