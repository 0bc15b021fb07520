/**
 * One-liners that run a program with its words given apart (`spawnSync('rm', ['-rf', '/'])`,
 * Perl's `system("git", "reset", "--hard")`, an aliased `subprocess`), delete a glob or a tree in
 * a language's own words (Perl's `unlink glob`, R's `unlink(…, recursive = TRUE)`,
 * `Deno.removeSync`), read the files after `-n`/`-p` code, or come from Lua, R and `deno eval`:
 * judged as the same command typed bare. Everyday one-liners stay free.
 */
import { describe, expect, it } from 'vitest';
import { reviewVerdictOf, verdictOf } from './helpers';

const STOPPED: readonly [string, string][] = [
  [`python3 -c "import subprocess as s; s.check_call(['git','reset','--hard'])"`, 'deny FLOOR_GIT_DISCARD'],
  [`python3 -c "import os; os.execvp('rm', ['rm','-rf','/home/u'])"`, 'deny FLOOR_WHOLESALE_DELETE'],
  [`node -e "require('child_process').spawnSync('rm',['-rf','/'])"`, 'deny FLOOR_WHOLESALE_DELETE'],
  [`node -e "require('child_process').execFileSync('git',['clean','-fdx'])"`, 'deny FLOOR_GIT_DISCARD'],
  [`perl -e 'system("git", "reset", "--hard")'`, 'deny FLOOR_GIT_DISCARD'],
  [`php -r 'pcntl_exec("/bin/rm", ["-rf", "/home/u"]);'`, 'deny FLOOR_WHOLESALE_DELETE'],
  // Perl and Ruby call without parentheses
  [`perl -e 'exec "rm", "-rf", "/home/u"'`, 'deny FLOOR_WHOLESALE_DELETE'],
  [`ruby -e 'system "git reset --hard"'`, 'deny FLOOR_GIT_DISCARD'],
  [`perl -e 'unlink glob("/home/u/*")'`, 'deny FLOOR_WHOLESALE_DELETE'],
  // a module option's value (`-MFile::Path`) holds no code letter
  [`perl -MFile::Path -e 'rmtree("/home/u")'`, 'deny FLOOR_WHOLESALE_DELETE'],
  ['perl -ne print ~/.ssh/id_rsa', 'deny FLOOR_SECRET_READ'],
  [`perl -pe 's/a/b/' .env`, 'deny FLOOR_SECRET_READ'],
  [`ruby -ne 'puts $_' ~/.netrc`, 'deny FLOOR_SECRET_READ'],
  // a module run with -m reads the files named after it
  ['python3 -m base64 ~/.ssh/id_rsa', 'deny FLOOR_SECRET_READ'],
  ['python -m json.tool .env', 'deny FLOOR_SECRET_READ'],
  [`lua -e 'os.execute("rm -rf ~")'`, 'deny FLOOR_WHOLESALE_DELETE'],
  [`Rscript -e 'system("git reset --hard")'`, 'deny FLOOR_GIT_DISCARD'],
  [`Rscript -e 'unlink("/home/u", recursive=TRUE)'`, 'deny FLOOR_WHOLESALE_DELETE'],
  [`deno eval "Deno.removeSync('/home/u',{recursive:true})"`, 'deny FLOOR_WHOLESALE_DELETE'],
];

const FREE: readonly string[] = [
  `python3 -c "import subprocess; subprocess.run(['npm','test'])"`,
  `node -e "require('child_process').spawnSync('ls',['-la'])"`,
  `perl -ne 'print if /x/' src/a.txt`,
  `perl -p -i -e 's/a/b/' src/a.txt`,
  `python3 -c "import asyncio; asyncio.run(main())"`,
  `lua -e 'print(1)'`,
  `Rscript -e 'unlink("build", recursive=TRUE)'`,
  `perl -e 'unlink glob("*.o")'`,
  `deno eval 'console.log(1)'`,
  `perl -MJSON -e 'print 1'`,
  `ruby -e 'system "bundle install"'`,
  'python3 -m json.tool package.json',
  'python3 -m pytest tests/',
];

describe('one-liners that run a program or delete in their own words', () => {
  it.each(STOPPED)('%s → %s', (command, want) => expect(verdictOf(command)).toBe(want));
  it.each(FREE)('%s is not stopped', (command) => expect(verdictOf(command)).not.toMatch(/^(deny|ask) FLOOR_/));
  it('the same under review', () => {
    for (const [command, want] of STOPPED) expect(reviewVerdictOf(command), command).toBe(want);
  });
});
