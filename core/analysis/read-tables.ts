/**
 * Tables of the programs that read or print: every option, classified (grammar in table.ts).
 * Option lists follow each program's GNU/Debian `--help`; test/core/analysis/option-completeness
 * checks them against the installed programs, so a new option fails a test instead of reading
 * as safe. A program is here only when, with these options, it changes nothing on disk.
 */
import type { ProgramTable } from './table';

export interface ReadTable extends ProgramTable {
  /** `uniq IN OUT`, `xxd IN OUT`: the second operand is written */
  secondOperandWritten?: boolean;
  /** the second operand is written only in this mode (ptx -G IN OUT) */
  secondOperandWrittenWith?: string[];
  /**
   * The program writes by default (a compressor replaces its input files): it is a read only
   * with one of these options (`-c`, `--test`, `--list`), or, with `orWithoutOperands`, when it
   * has no file operand (it filters stdin to stdout). Otherwise a write whose targets are unproven.
   */
  readOnlyWith?: string[];
  orWithoutOperands?: boolean;
  /** why the default writes */
  defaultWrites?: string;
  /**
   * Operands that are not files to read: each must match this for a read (`date +FORMAT`;
   * `date 0101…` sets the clock, `hostname NAME` renames the machine), unless one of
   * `operandsFreeWith` is given (BSD `date -j` only parses its operands).
   */
  operandsMustMatch?: RegExp;
  operandsFreeWith?: string[];
  /** what a non-matching operand does */
  operandEffect?: string;
  /** outside its read-only forms the program changes something other than files (the firewall): unknown, not a write */
  defaultIsUnknown?: boolean;
}

const HASH_SUM = '-b --binary -c --check --tag -t --text -z --zero --ignore-missing --quiet --status --strict -w --warn';
const GREP =
  '-E --extended-regexp -F --fixed-strings -G --basic-regexp -P --perl-regexp -e= --regexp= -f= --file= -i -y --ignore-case --no-ignore-case -w --word-regexp -x --line-regexp -z --null-data -s --no-messages -v --invert-match -V -m= --max-count= -b --byte-offset -n --line-number --line-buffered -H --with-filename -h --no-filename --label= -o --only-matching -q --quiet --silent --binary-files= -a --text -I -d= --directories= -D= --devices= -r --recursive -R --dereference-recursive --include= --exclude= --exclude-from= --exclude-dir= -L --files-without-match -l --files-with-matches -c --count -T --initial-tab -Z --null -B= --before-context= -A= --after-context= -C= --context= --group-separator= --no-group-separator --color[=] --colour[=] -U --binary';
const DECOMPRESS_CAT = '-f --force -l --list -q --quiet -r --recursive -S= --suffix= --synchronous -t --test -v --verbose -c --stdout -d --decompress';
const GZIP = '-c --stdout --to-stdout -d --decompress --uncompress -f --force -k --keep -l --list -L --license -n --no-name -N --name -q --quiet -r --recursive --rsyncable -S= --suffix= --synchronous -t --test -v --verbose -V -1 --fast -9 --best -h';
const BZIP2 = '-h -d --decompress -z --compress -k --keep -f --force -t --test -c --stdout -q --quiet -v --verbose -L --license -V -s --small --fast --best';
const XZ =
  '-z --compress -d --decompress --uncompress -t --test -l --list -k --keep -f --force -c --stdout --to-stdout --single-stream --no-sparse -S= --suffix= --files[=]W --files0[=]W -F= --format= -C= --check= --ignore-check -e --extreme -T= --threads= --block-size= --block-list= --flush-timeout= --memlimit-compress= --memlimit-decompress= --memlimit-mt-decompress= -M= --memlimit= --memory= --no-adjust --lzma1[=] --lzma2[=] --x86[=] --arm[=] --armthumb[=] --arm64[=] --powerpc[=] --ia64[=] --sparc[=] --riscv[=] --delta[=] -q --quiet -v --verbose -Q --no-warn --robot --info-memory -h -H --long-help -V';
const ZSTD =
  '-o=W -k --keep --rm!W -d --decompress --uncompress -z --compress -D= -f --force -h -H -V -c --stdout -v --verbose -q --quiet --trace=W --progress --no-progress -r --filelist=W --output-dir-flat=W --output-dir-mirror=W --asyncio --no-asyncio --check --no-check -C --ultra --fast[=] --adapt[=] --long[=] --patch-from= -T= --threads= --single-thread --auto-threads= -B= --block-size= --rsyncable --exclude-compressed --stream-size= --size-hint= --target-compressed-block-size= --no-dictID --compress-literals --no-compress-literals --row-match-finder --no-row-match-finder --format= -l --list --test -t -M= --memory= --memlimit= --memlimit-decompress= --sparse --no-sparse --pass-through --no-pass-through --content-size --no-content-size --show-default-cparams --mmap-dict --no-mmap-dict -b[=] -e[=] -i[=] -S --priority= --zstd= --train!W --train-cover[=]W --train-fastcover[=]W --train-legacy[=]W --maxdict= --dictID= --split= --no-progress';
/** the compressors: a read only when they print (-c), test or list; by default they replace their inputs */
const compressor = (name: string, options: string, readOnlyWith: string[]): ReadTable => ({
  digits: true,
  options,
  readOnlyWith,
  orWithoutOperands: true,
  defaultWrites: `${name} replaces files with (de)compressed ones`,
});

export const READ_TABLES: Record<string, ReadTable> = {
  // filled in below: dir and vdir are ls, hd is hexdump
  gzip: compressor('gzip', GZIP, ['-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list']),
  gunzip: compressor('gunzip', GZIP, ['-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list']),
  bzip2: compressor('bzip2', BZIP2, ['-c', '--stdout', '-t', '--test']),
  bunzip2: compressor('bunzip2', BZIP2, ['-c', '--stdout', '-t', '--test']),
  xz: compressor('xz', XZ, ['-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list', '--info-memory']),
  unxz: compressor('unxz', XZ, ['-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list']),
  lzma: compressor('lzma', XZ, ['-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list']),
  unlzma: compressor('unlzma', XZ, ['-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list']),
  zstd: compressor('zstd', ZSTD, ['-c', '--stdout', '-l', '--list', '-t', '--test', '-b']),
  unzstd: compressor('unzstd', ZSTD, ['-c', '--stdout', '-l', '--list', '-t', '--test']),
  zstdcat: { options: ZSTD },
  // lz4 picks its output by whether stdout is a terminal and takes `IN OUT`: a read only with -c, -t or --list
  lz4: { ...compressor('lz4', '-1 -9 -d -z -D= -f -k --rm!W -h -H -V -v -q -c -t -m!W -r!W -l -B= -BI -BD -BX --no-frame-crc --content-size --no-content-size --list --sparse --no-sparse --favor-decSpeed --fast[=] --best -b[=] -e[=] -i[=] --decompress --compress --stdout --to-stdout --test --force --keep --multiple!W --verbose --quiet --version --help', ['-c', '--stdout', '--to-stdout', '-t', '--test', '--list']), orWithoutOperands: false, secondOperandWritten: true },
  cat: { options: '-A --show-all -b --number-nonblank -e -E --show-ends -n --number -s --squeeze-blank -t -T --show-tabs -u -v --show-nonprinting' },
  tac: { options: '-b --before -r --regex -s= --separator=' },
  head: { digits: true, options: '-c= --bytes= -n= --lines= -q --quiet --silent -v --verbose -z --zero-terminated' },
  // BSD tail -r prints in reverse
  tail: { digits: true, options: '-r -b= -c= --bytes= -f --follow[=] -F -n= --lines= --max-unchanged-stats= --pid= -q --quiet --silent --retry -s= --sleep-interval= -v --verbose -z --zero-terminated' },
  wc: { options: '-c --bytes -m --chars -l --lines --files0-from= -L --max-line-length -w --words --total=' },
  nl: { options: '-b= --body-numbering= -d= --section-delimiter= -f= --footer-numbering= -h= --header-numbering= -i= --line-increment= -l= --join-blank-lines= -n= --number-format= -p --no-renumber -s= --number-separator= -v= --starting-line-number= -w= --number-width=' },
  od: { digits: true, options: '-A= --address-radix= --endian= -j= --skip-bytes= -N= --read-bytes= -S[=] --strings[=] -t= --format= -v --output-duplicates -w[=] --width[=] --traditional -a -b -c -d -f -i -l -o -s -x' },
  hexdump: { options: '-b --one-byte-octal -c --one-byte-char -C --canonical -d --two-bytes-decimal -o --two-bytes-octal -x --two-bytes-hex -L[=] --color[=] -e= --format= -f= --format-file= -n= --length= -s= --skip= -v --no-squeezing -h -V' },
  strings: { digits: true, options: '-a --all -d --data -f --print-file-name -n= --bytes= -t= --radix= -w --include-all-whitespace -o -T= --target= -e= --encoding= --unicode= -U= -s= --output-separator= -h -v -V' },
  // -C compiles a magic file next to it
  file: { options: '-v -m= --magic-file= -z --uncompress -Z --uncompress-noreport -b --brief -c --checking-printout -e= --exclude= --exclude-quiet= -f= --files-from= -F= --separator= -i --mime --mime-encoding --apple --extension --mime-type -k --keep-going -l --list -L --dereference -h --no-dereference -n --no-buffer -N --no-pad -p --preserve-date -P= --parameter= -r --raw -s --special-files -S --no-sandbox -0 --print0 -C!W --compile!W -d --debug' },
  // BSD stat: -x verbose, -s shell form, -n, -q, -r raw, -l ls form, -F type char (GNU stat has none of these)
  stat: { options: '-L --dereference -f --file-system --cached= -c= --format= --printf= -t --terse -x -s -n -q -r -l -F' },
  ls: {
    options:
      '-a --all -A --almost-all --author -b --escape --block-size= -B --ignore-backups -c -C --color[=] -d --directory -D --dired -f -F --classify[=] --file-type --format= --full-time -g --group-directories-first -G --no-group -h --human-readable --si -H --dereference-command-line --dereference-command-line-symlink-to-dir --hide= --hyperlink[=] --indicator-style= -i --inode -I= --ignore= -k --kibibytes -l -L --dereference -m -n --numeric-uid-gid -N --literal -o -p -q --hide-control-chars --show-control-chars -Q --quote-name --quoting-style= -r --reverse -R --recursive -s --size -S --sort= --time= --time-style= -t -T= --tabsize= -u -U -v -w= --width= -x -X -Z --context --zero -1 -O -@ -e -P -W -y -,',
  },
  pwd: { options: '-L --logical -P --physical' },
  // zipinfo (unzip -Z) only lists: its manual shows no option that writes or runs anything
  zipinfo: { options: '-1 -2 -s -m -l -v -h -M -t -T -z -C -O= -I= -x', anyOptionReads: true },
  grep: { digits: true, options: GREP },
  egrep: { digits: true, options: GREP },
  fgrep: { digits: true, options: GREP },
  zgrep: { digits: true, options: GREP },
  which: { options: '-a -s' },
  realpath: { options: '-e --canonicalize-existing -m --canonicalize-missing -L --logical -P --physical -q --quiet --relative-to= --relative-base= -s --strip --no-symlinks -z --zero' },
  readlink: { options: '-f --canonicalize -e --canonicalize-existing -m --canonicalize-missing -n --no-newline -q --quiet -s --silent -v --verbose -z --zero' },
  basename: { options: '-a --multiple -s= --suffix= -z --zero' },
  dirname: { options: '-z --zero' },
  diff: {
    digits: true,
    options:
      '--normal -q --brief -s --report-identical-files -c -C= --context[=] -u -U= --unified[=] -e --ed -f --forward-ed -n --rcs -y --side-by-side -W= --width= --left-column --suppress-common-lines -p --show-c-function -F= --show-function-line= --label= -t --expand-tabs -T --initial-tab --tabsize= --suppress-blank-empty -l --paginate -r --recursive --no-dereference -N --new-file --unidirectional-new-file --ignore-file-name-case --no-ignore-file-name-case -x= --exclude= -X= --exclude-from= -S= --starting-file= --from-file= --to-file= -i --ignore-case -E --ignore-tab-expansion -Z --ignore-trailing-space -b --ignore-space-change -w --ignore-all-space -B --ignore-blank-lines -I= --ignore-matching-lines= -a --text --strip-trailing-cr -D= --ifdef= --old-group-format= --new-group-format= --unchanged-group-format= --changed-group-format= --line-format= --old-line-format= --new-line-format= --unchanged-line-format= -d --minimal --horizon-lines= --speed-large-files --color[=] --palette= -v',
  },
  // diff3 --diff-program runs another program
  diff3: { options: '-A --show-all -e --ed -E --show-overlap -x --overlap-only -X -3 --easy-only -i -m --merge -a --text --strip-trailing-cr -T --initial-tab --diff-program=X -L= --label= -v' },
  cmp: { options: '-b --print-bytes -i= --ignore-initial= -l --verbose -n= --bytes= -s --quiet --silent -v' },
  comm: { options: '-1 -2 -3 --check-order --nocheck-order --output-delimiter= --total -z --zero-terminated' },
  cut: { options: '-b= --bytes= -c= --characters= -d= --delimiter= -f= --fields= -n --complement -s --only-delimited --output-delimiter= -z --zero-terminated' },
  tr: { options: '-c -C --complement -d --delete -s --squeeze-repeats -t --truncate-set1' },
  paste: { options: '-d= --delimiters= -s --serial -z --zero-terminated' },
  join: { options: '-a= -e= -i --ignore-case -j= -1= -2= -o= -t= -v= --check-order --nocheck-order --header -z --zero-terminated' },
  fold: { options: '-b --bytes -s --spaces -w= --width=' },
  fmt: { digits: true, options: '-c --crown-margin -p= --prefix= -s --split-only -t --tagged-paragraph -u --uniform-spacing -w= --width= -g= --goal=' },
  column: {
    options:
      '-t --table -n= --table-name= -O= --table-order= -N= --table-columns= -l= --table-columns-limit= -E= --table-noextreme= -d --table-noheadings -e --table-header-repeat -H= --table-hide= -R= --table-right= -T= --table-truncate= -W= --table-wrap= -J --json -r --tree= -i= --tree-id= -p= --tree-parent= -c= --output-width= -s= --separator= -o= --output-separator= -x --fillrows -L --keep-empty-lines -h -V',
  },
  expand: { digits: true, options: '-i --initial -t= --tabs=' },
  unexpand: { digits: true, options: '-a --all --first-only -t= --tabs=' },
  rev: { options: '-h -V -0 --zero' },
  seq: { options: '-f= --format= -s= --separator= -w --equal-width' },
  printenv: { options: '-0 --null' },
  id: { options: '-a -Z --context -g --group -G --groups -n --name -r --real -u --user -z --zero' },
  whoami: { options: '' },
  groups: { options: '' },
  uname: { options: '-a --all -s --kernel-name -n --nodename -r --kernel-release -v --kernel-version -m --machine -p --processor -i --hardware-platform -o --operating-system' },
  arch: { options: '' },
  nproc: { options: '--all --ignore=' },
  uptime: { options: '-p --pretty -h -s --since -V' },
  df: { options: '-a --all -B= --block-size= -h --human-readable -H --si -i --inodes -k -l --local --no-sync --output[=] -P --portability --sync --total -t= --type= -T --print-type -x= --exclude-type= -v' },
  du: {
    options:
      '-0 --null -a --all --apparent-size -B= --block-size= -b --bytes -c --total -D --dereference-args -d= --max-depth= --summarize --files0-from= -H -h --human-readable --inodes -k -L --dereference -l --count-links -m -P --no-dereference -S --separate-dirs --si -s -t= --threshold= --time[=] --time-style= -X= --exclude-from= --exclude= -x --one-file-system',
  },
  free: { options: '-b --bytes --kilo --mega --giga --tera --peta -k --kibi -m --mebi -g --gibi --tebi --pebi -h --human --si -l --lohi -L --line -t --total -v --committed -s= --seconds= -c= --count= -w --wide -V' },
  // ps takes BSD letters without a dash and can only print
  ps: { options: '', anyOptionReads: true },
  pgrep: {
    options:
      '-d= --delimiter= -l --list-name -a --list-full -v --inverse -w --lightweight -c --count -f --full -g= --pgroup= -G= --group= -i --ignore-case -n --newest -o --oldest -O= --older= -P= --parent= -s= --session= -t= --terminal= -u= --euid= -U= --uid= --cgroup= -h -x --exact -F= --pidfile= -L --logpidfile -r= --runstates= -A --ignore-ancestors --ns= --nslist= -q --queue= -V',
  },
  pidof: { options: '-s -c -n -q -w -x -o= -S= -d=' },
  // lsof only lists open files (-D can build a device cache file); its letters take optional values in ways getopt does not describe
  lsof: { options: '-D=U', anyOptionReads: true },
  // jq cannot write files or run programs; `>` in its program is a comparison
  jq: { options: '-c --compact-output -n --null-input -e --exit-status -s --slurp -r --raw-output -j --join-output -a --ascii-output -R --raw-input -C --color-output -M --monochrome-output -S --sort-keys --tab --indent= --unbuffered --stream --stream-errors --seq -f= --from-file= -L= --arg== --argjson== --slurpfile== --rawfile== --args --jsonargs --raw-output0 -h' },
  gojq: { options: '', anyOptionReads: true },
  base64: { options: '-d --decode -i --ignore-garbage -w= --wrap=' },
  base32: { options: '-d --decode -i --ignore-garbage -w= --wrap=' },
  basenc: { options: '--base64 --base64url --base32 --base32hex --base16 --base2msbf --base2lsbf -d --decode -i --ignore-garbage -w= --wrap= --z85' },
  sleep: { options: '' },
  locale: { options: '-a --all-locales -m --charmaps -c --category-name -k --keyword-name -v --verbose -? --usage -V' },
  tty: { options: '-s --silent --quiet' },
  getconf: { options: '-v= -a' },
  who: { options: '-a --all -b --boot -d --dead -H --heading --ips -l --login --lookup -m -p --process -q --count -r --runlevel -s --short -t --time -T -w --mesg --message --writable -u --users' },
  w: { options: '-h --no-header -u --no-current -s --short -f --from -o --old-style -i --ip-addr -V' },
  last: { options: '-a --hostlast -d --dns -f= --file= -F --fulltimes -i --ip -n= --limit= -R --nohostname -s= --since= -t= --until= -p= --present= -w --fullnames -x --system --time-format= -h -V', digits: true },
  zcat: { options: DECOMPRESS_CAT },
  bzcat: { options: '-s --small -q --quiet -v --verbose -L --license -V -h -d --decompress -z --compress -k --keep -f --force -t --test -c --stdout --fast --best -1 -2 -3 -4 -5 -6 -7 -8 -9' },
  xzcat: { options: '-k --keep -f --force -q --quiet -v --verbose -T= --threads= -F= --format= -d --decompress -c --stdout --single-stream --no-sparse --ignore-check -z --compress -t --test -l --list -e --extreme -h -H --long-help -V -0 -1 -2 -3 -4 -5 -6 -7 -8 -9' },
  numfmt: { options: '--debug -d= --delimiter= --field= --format= --from= --from-unit= --grouping --header[=] --invalid= --padding= --round= --suffix= --to= --to-unit= -z --zero-terminated' },
  factor: { options: '-h --exponents' },
  expr: { options: '' },
  // GNU bc reads files and has no shell escape (dc's `!` is one, so dc is not here)
  bc: { options: '-h --help -i --interactive -l --mathlib -q --quiet -s --standard -w --warn -v --version' },
  sum: { options: '-r -s --sysv' },
  cksum: { options: '-a= --algorithm= -c --check -l= --length= --tag --untagged -z --zero --ignore-missing --quiet --status --strict -w --warn --debug --base64 --raw' },
  iconv: { options: '-f= --from-code= -t= --to-code= -l --list -c -o=W --output=W -s --silent --verbose -? --usage -V' },
  tput: { options: '-S -T= -V -x' },
  nm: {
    options:
      '-a --debug-syms -A --print-file-name -B -C --demangle[=] --no-demangle --recurse-limit --no-recurse-limit -D --dynamic -e -f= --format= -g --extern-only --ifunc-chars= -j --just-symbols -l --line-numbers -n -v --numeric-sort -o -p --no-sort -P --portability -r --reverse-sort --plugin=U -S --print-size -s --print-armap --quiet --size-sort --special-syms --synthetic -t= --radix= --target= -u --undefined-only -U --defined-only --unicode= -W --no-weak --with-symbol-versions --without-symbol-versions -X= -h -V',
  },
  objdump: {
    options:
      '-a --archive-headers -f --file-headers -p --private-headers -P= --private= -h --section-headers --headers -x --all-headers -d --disassemble[=] -D --disassemble-all -S --source --source-comment[=] -s --full-contents -g --debugging -e --debugging-tags -G --stabs -W[=] --dwarf[=] -L --process-links --ctf[=] --sframe[=] -t --syms -T --dynamic-syms -r --reloc -R --dynamic-reloc -v --version -i --info -H -b= --target= -m= --architecture= -j= --section= -M= --disassembler-options= -E= --file-start-context -I= --include= -l --line-numbers -F --file-offsets -C --demangle[=] --recurse-limit --no-recurse-limit -w --wide -U= --unicode= -z --disassemble-zeroes --start-address= --stop-address= --no-addresses --prefix-addresses --no-show-raw-insn --show-raw-insn --insn-width= --adjust-vma= --show-all-symbols --special-syms --inlines --prefix= --prefix-strip= --dwarf-depth= --dwarf-start= --dwarf-check --ctf-parent= --visualize-jumps[=] --disassembler-color=',
  },
  readelf: {
    options:
      '-a --all -h --file-header -l --program-headers --segments -S --section-headers --sections -g --section-groups -t --section-details -e --headers -s --syms --symbols --dyn-syms --lto-syms --sym-base= -C --demangle[=] --no-demangle --recurse-limit --no-recurse-limit -U= --unicode= -n --notes -r --relocs -u --unwind -d --dynamic -V --version-info -A --arch-specific -c --archive-index -D --use-dynamic -L --lint --enable-checks -x= --hex-dump= -p= --string-dump= -R= --relocated-dump= -z --decompress -w[=] --debug-dump[=] -P --process-links --dwarf-depth= --dwarf-start= --ctf= --ctf-parent= --ctf-symbols= --ctf-strings= --sframe[=] -I --histogram -W --wide -T --silent-truncation -H -v',
  },
  size: { options: '-A -B -G -f --format= -o -d -x --radix= -t --totals --common --target= -h -H -? -v -V' },
  tsort: { options: '' },
  look: { options: '-a --alternative -d --alphanum -f --ignore-case -t= --terminate= -h -V' },
  pr: {
    digits: true,
    options:
      '--pages= --columns= -a --across -c --show-control-chars -d --double-space -D= --date-format= -e[=] --expand-tabs[=] -F -f --form-feed -h= --header= -i[=] --output-tabs[=] -J --join-lines -l= --length= -m --merge -n[=] --number-lines[=] -N= --first-line-number= -o= --indent= -r --no-file-warnings -s[=] --separator[=] -S[=] --sep-string[=] -t --omit-header -T --omit-pagination -v --show-nonprinting -w= --width= -W= --page-width=',
  },
  namei: { options: '-x --mountpoints -m --modes -o --owners -l --long -n --nosymlinks -v --vertical -Z --context -h -V' },
  findmnt: {
    options:
      '-s --fstab -m --mtab -k --kernel -p --poll[=] -w= --timeout= -A --all -a --ascii -b --bytes -C --nocanonicalize -c --canonicalize -D --df -d= --direction= -e --evaluate -F= --tab-file= -f --first-only -i --invert -J --json -l --list -N= --task= -n --noheadings -O= --options= -o= --output= --output-all -P --pairs --pseudo --shadowed -R --submounts -r --raw --real -S= --source= -T= --target= --tree -M= --mountpoint= -t= --types= -U --uniq -u --notruncate -v --nofsroot -y --shell -x --verify --verbose --vfs-all -h -V',
  },
  // blkid -c names a cache file it writes; -g cleans that cache
  blkid: { options: '-c=W --cache-file=W -d --no-encoding -g!W --garbage-collect!W -o= --output= -k --list-filesystems -s= --match-tag= -t= --match-token= -l --list-one -L= --label= -U= --uuid= -n= --match-types= -p --probe -i --info -H= --hint= -S= --size= -O= --offset= -u= --usages= -D --no-part-details -h -V' },
  lsattr: { options: '-R -V -a -d -l -p -v' },
  getfacl: { options: '-a --access -d --default -c --omit-header -e --all-effective -E --no-effective -s --skip-base -R --recursive -L --logical -P --physical -t --tabular -n --numeric -p --absolute-names -v --version -h --one-file-system' },
  true: { options: '', anyOptionReads: true },
  false: { options: '', anyOptionReads: true },
  yes: { options: '' },
  sha1sum: { options: HASH_SUM },
  sha224sum: { options: HASH_SUM },
  sha256sum: { options: HASH_SUM },
  sha384sum: { options: HASH_SUM },
  sha512sum: { options: HASH_SUM },
  md5sum: { options: HASH_SUM },
  b2sum: { options: HASH_SUM + ' -l= --length=' },
  // BSD/macOS md5, sha1, sha256, sha512 (-s STRING hashes a string, -c compares): none writes
  md5: { options: '-s= -p -q -r -t -x -c= -b -d -e -z' },
  sha1: { options: '-s= -p -q -r -t -x -c= -b -d -e -z' },
  sha256: { options: '-s= -p -q -r -t -x -c= -b -d -e -z' },
  sha512: { options: '-s= -p -q -r -t -x -c= -b -d -e -z' },
  b3sum: { options: '-c --check -l= --length= --keyed --derive-key= --no-names --raw --tag --num-threads= --no-mmap --quiet' },
  mkpasswd: { options: '-m= --method= -S= --salt= -R= --rounds= -P= --password-fd= -s --stdin -5' },
  // rhash writes its output (-o), a log (--log) and updates hash files (-u); every other option is listed
  rhash: {
    options:
      '-c --check -k --check-embedded -u=W --update=W -r --recursive --file-list= -m= --message= --follow -v --verbose -P --percents --speed --list-hashes -L --simple --sfv --bsd --magnet --torrent!W --uppercase --lowercase -p= --printf= -t= --template= --sha1 --sha224 --sha256 --sha384 --sha512 --md5 --crc32 --crc32c --md4 --ed2k --btih --aich --whirlpool --ripemd160 --gost12-256 --gost12-512 --gost94 --has160 --snefru128 --snefru256 --tiger --tth --edonr256 --edonr512 --blake2s --blake2b --sha3-224 --sha3-256 --sha3-384 --sha3-512 -a --all -C --accept= --exclude= -i --ignore-case --skip-ok --ignore-missing --brief --hex --base32 -b --base64 --max-depth= --bt-private --bt-transmission --bt-piece-length= --bt-announce= --bt-batch=W --openssl= -o=W --output=W --log=W --export=W --import= --gost-reverse --hash-only -e --embed-crc!W --embed-crc-delimiter= --path-separator= -q --quiet -h -V --list-hashes',
  },
  shasum: { options: '-a= --algorithm= -b --binary -c --check -t --text -U --UNIVERSAL -0 --01 -s --status -q --quiet -w --warn --strict --tag --ignore-missing -h -v' },
  // sort -o / shuf -o write their output file; sort --compress-program runs a program
  sort: {
    options:
      '-b --ignore-leading-blanks -d --dictionary-order -f --ignore-case -g --general-numeric-sort -i --ignore-nonprinting -M --month-sort -h --human-numeric-sort -n --numeric-sort -R --random-sort --random-source= -r --reverse --sort= -V --version-sort --batch-size= -c --check[=] -C --compress-program=X --debug --files0-from= -k= --key= -m --merge -o=W --output=W -s --stable -S= --buffer-size= -t= --field-separator= -T= --temporary-directory= --parallel= -u --unique -z --zero-terminated',
  },
  shuf: { options: '-e --echo -i= --input-range= -n= --head-count= -o=W --output=W --random-source= -r --repeat -z --zero-terminated' },
  // ptx -G IN OUT writes OUT (checked in programs.ts)
  ptx: { secondOperandWrittenWith: ['-G', '--traditional'], options: '-A --auto-reference -G --traditional -F= --flag-truncation= -M= --macro-name= -O -R --right-side-refs -S= --sentence-regexp= -T -W= --word-regexp= -b= --break-file= -f --ignore-case -g= --gap-size= -i= --ignore-file= -o= --only-file= -r --references -t --typeset-mode -w= --width= --format=' },
  // uniq IN OUT / xxd IN OUT write the second operand
  uniq: { digits: true, secondOperandWritten: true, options: '-c --count -d --repeated -D --all-repeated[=] -f= --skip-fields= --group[=] -i --ignore-case -s= --skip-chars= -u --unique -z --zero-terminated -w= --check-chars=' },
  xxd: { secondOperandWritten: true, singleDashLong: true, options: '-a -autoskip -b -bits -C -capitalize -c= -cols= -E -EBCDIC -e -g= -groupsize= -h -help -i -include -l= -len= -n= -name= -o= -offset= -p -ps -postscript -plain -r -revert -d -s= -seek= -u -v -version -R=' },
  // the info and network tools below only print; none of their options writes a file or runs a program
  // an operand other than +FORMAT sets the clock (GNU `date MMDDhhmm`, BSD `date 0101…`); BSD -j only parses it, -v adjusts the shown date
  date: {
    options: '-d= --date= --debug -f= --file= -I[=] --iso-8601[=] --resolution -R --rfc-email --rfc-822 --rfc-2822 --rfc-3339= -r= --reference= -s=U --set=U -u --utc --universal -j -v= -z=',
    operandsMustMatch: /^\+/,
    operandsFreeWith: ['-j'],
    operandEffect: 'date with a time operand sets the clock',
  },
  // `hostname NAME`, -b and -F set the name
  hostname: { options: '-a --alias -A --all-fqdns -d --domain -f --fqdn --long -i --ip-address -I --all-ip-addresses -s --short -y --yp --nis -b!U --boot!U -F=U --file=U -h -V', operandsMustMatch: /^$/, operandEffect: 'hostname NAME renames the machine' },
  // sysctl NAME=VALUE, -w, -p/--load and --system change the kernel
  sysctl: { options: '-a -A -X --all -b --binary -e --ignore -N --names -n --values -q --quiet -r= --pattern= -o -x --deprecated -d -h -V -w!U --write!U -p[=]U --load[=]U -f[=]U --system!U --dry-run', operandsMustMatch: /^[^=]*$/, operandEffect: 'sysctl NAME=VALUE changes the kernel' },
  // iptables lists only with -L/-S; every other command (-Z zeroes counters even beside -L) changes rules
  iptables: { options: '-L --list -S --list-rules -n --numeric -v --verbose -x --exact --line-numbers -t= --table= -w[=] --wait[=] -W= --wait-interval= -4 --ipv4 -6 --ipv6 -h -V', readOnlyWith: ['-L', '--list', '-S', '--list-rules'], defaultWrites: 'iptables changes the firewall', defaultIsUnknown: true },
  ip6tables: { options: '-L --list -S --list-rules -n --numeric -v --verbose -x --exact --line-numbers -t= --table= -w[=] --wait[=] -W= --wait-interval= -4 --ipv4 -6 --ipv6 -h -V', readOnlyWith: ['-L', '--list', '-S', '--list-rules'], defaultWrites: 'ip6tables changes the firewall', defaultIsUnknown: true },
  cal: { options: '', anyOptionReads: true },
  ncal: { options: '', anyOptionReads: true },
  ping: { options: '', anyOptionReads: true },
  ping6: { options: '', anyOptionReads: true },
  dig: { options: '', anyOptionReads: true },
  host: { options: '', anyOptionReads: true },
  nslookup: { options: '', anyOptionReads: true },
  traceroute: { options: '', anyOptionReads: true },
  tracepath: { options: '', anyOptionReads: true },
  whereis: { options: '', anyOptionReads: true },
  locate: { options: '', anyOptionReads: true },
  lscpu: { options: '', anyOptionReads: true },
  lsblk: { options: '', anyOptionReads: true },
  lsusb: { options: '', anyOptionReads: true },
  lspci: { options: '', anyOptionReads: true },
  sw_vers: { options: '', anyOptionReads: true },
  mdls: { options: '', anyOptionReads: true },
  mdfind: { options: '', anyOptionReads: true },
  system_profiler: { options: '', anyOptionReads: true },
  vmstat: { options: '', anyOptionReads: true },
  iostat: { options: '', anyOptionReads: true },
  mpstat: { options: '', anyOptionReads: true },
  whatis: { options: '', anyOptionReads: true },
  apropos: { options: '', anyOptionReads: true },
  tokei: { options: '', anyOptionReads: true },
  eza: { options: '', anyOptionReads: true },
  exa: { options: '', anyOptionReads: true },
  lsd: { options: '', anyOptionReads: true },
  difft: { options: '', anyOptionReads: true },
  colordiff: { options: '', anyOptionReads: true },
  wdiff: { options: '', anyOptionReads: true },
  pbpaste: { options: '', anyOptionReads: true },
  pbcopy: { options: '', anyOptionReads: true },
  xclip: { options: '', anyOptionReads: true },
  xsel: { options: '', anyOptionReads: true },
  otool: { options: '', anyOptionReads: true },
  jless: { options: '', anyOptionReads: true },
  netstat: { options: '', anyOptionReads: true },
  // tree -o writes its listing into a file; -R reruns tree with -o 00Tree.html in every folder
  tree: { options: '-a -d -l -f -x -L= -R!W -P= -I= --gitignore --gitfile= --ignore-case --matchdirs --metafirst --prune --info --infofile= --noreport --charset= --filelimit= -o=W -q -N -Q -p -u -g -s -h --si --du -D --timefmt= -F --inodes --device -v -t -c -U -r --dirsfirst --filesfirst --sort= -i -A -S -n -C -X -J -H= -T= --nolinks --hintro= --houtro= --fromfile --fromtabfile --fflinks' },
  // xmllint --output writes the result; --shell reads commands typed later
  xmllint: { options: '--version --debug --shell!U --xpath= --debugent --copy --recover --huge --noent --noenc --noout --nonet --nocompact --htmlout --nowrap --valid --postvalid --dtdvalid= --dtdvalidfpi= --quiet --timing --output=W -o=W --repeat --insert --compress!U --html --xmlout --nodefdtd --push --pushsmall --memory --maxmem= --nowarning --noblanks --nocdata --format --pretty= --encode= --dropdtd --nsclean --testIO --catalogs --nocatalogs --auto --xinclude --noxincludenode --nofixup-base-uris --loaddtd --dtdattr --stream --walker --pattern= --relaxng= --schema= --schematron= --sax1 --sax --oldxml10 --c14n --c14n11 --exc-c14n --path= --load-trace --chkregister' },
  // ss -K kills the sockets it lists
  ss: { options: '-h -V -n --numeric -r --resolve -a --all -l --listening -o --options -e --extended -m --memory -p --processes -T --threads -i --info --tos --cgroup --tipcinfo -s --summary -E --events -Z --context -z --contexts -N= --net= -b --bpf -4 --ipv4 -6 --ipv6 -0 --packet -t --tcp -M --mptcp -S --sctp -u --udp -d --dccp -w --raw -x --unix --tipc --vsock --xdp --inet-sockets -f= --family= -A= --query= --socket= -D= --diag= -F= --filter= -H --no-header -Q --no-queues -O --oneline --bpf-maps --bpf-map-id= --inet-sockopt -K!U --kill!U' },
  // ripgrep: --pre and --hostname-bin run programs; -z runs the system decompressors on archives (they only read)
  rg: {
    options:
      '-e= --regexp= -f= --file= --pre=X --pre-glob= -z --search-zip -s --case-sensitive --crlf --no-crlf --dfa-size-limit= -E= --encoding= --no-encoding --engine= -F --fixed-strings --no-fixed-strings -i --ignore-case -v --invert-match --no-invert-match -x --line-regexp -m= --max-count= --mmap --no-mmap -U --multiline --no-multiline --multiline-dotall --no-multiline-dotall --no-unicode --unicode --null-data --pcre2 -P --no-pcre2 --no-pcre2-unicode --pcre2-unicode --auto-hybrid-regex --no-auto-hybrid-regex --regex-size-limit= -S --smart-case --stop-on-nonmatch -a --text --no-text -j= --threads= -w --word-regexp --binary --no-binary -L --follow --no-follow -g= --glob= --glob-case-insensitive --no-glob-case-insensitive -. --hidden --no-hidden --iglob= --ignore-file= --ignore-file-case-insensitive --no-ignore-file-case-insensitive -d= --max-depth= --maxdepth= --max-filesize= --no-ignore --ignore --no-ignore-dot --ignore-dot --no-ignore-exclude --ignore-exclude --no-ignore-files --ignore-files --no-ignore-global --ignore-global --no-ignore-parent --ignore-parent --no-ignore-vcs --ignore-vcs --no-require-git --require-git --one-file-system --no-one-file-system -t= --type= -T= --type-not= --type-add= --type-clear= -u --unrestricted -A= --after-context= -B= --before-context= -b --byte-offset --no-byte-offset --color= --colors= --column --no-column -C= --context= --context-separator= --no-context-separator --field-context-separator= --field-match-separator= --heading --no-heading --hyperlink-format= --include-zero --no-include-zero --line-buffered --no-line-buffered --block-buffered --no-block-buffered -n --line-number -N --no-line-number -M= --max-columns= --max-columns-preview --no-max-columns-preview -0 --null -o --only-matching --path-separator= --passthru --passthrough -p --pretty -q --quiet -r= --replace= --sort= --sortr= --sort-files --no-sort-files --trim --no-trim --vimgrep --with-filename -H --no-filename -I -c --count --count-matches -l --files-with-matches --files-without-match --json --no-json --debug --trace --no-ignore-messages --ignore-messages --no-messages --messages --stats --no-stats --files --generate= --no-config --pcre2-version --type-list -h -V --hostname-bin=X',
  },
  // fd: -x/-X run a command on the matches (wrappers.ts); -l runs ls on them (a read)
  fd: {
    options:
      '-H --hidden --no-hidden -I --no-ignore --ignore --no-ignore-vcs --ignore-vcs --no-ignore-parent --no-global-ignore-file --no-require-git -u --unrestricted -s --case-sensitive -i --ignore-case -g --glob --regex -F --fixed-strings --and= -a --absolute-path --relative-path -l --list-details -L --follow --no-follow -p --full-path -0 --print0 -d= --max-depth= --maxdepth= --min-depth= --exact-depth= --prune -t= --type= -e= --extension= -S= --size= --changed-within= --changed-before= --change-newer-than= --change-older-than= --newer= --older= -o= --owner= --format= -E= --exclude= --ignore-file= -c= --color= -j= --threads= --max-results= -1 -q --quiet --show-errors --base-directory= --path-separator= --search-path= --strip-cwd-prefix[=] --one-file-system --mount --xdev --batch-size= --hyperlink[=] --ignore-contain= --max-buffer-time= -h -V -x!X --exec!X -X!X --exec-batch!X',
  },
  // bat cache --build writes its cache (checked in programs.ts); --pager runs a program
  bat: { options: '--pager=X --generate-config-file!W', anyOptionReads: true },
  batcat: { options: '--pager=X --generate-config-file!W', anyOptionReads: true },
  delta: { options: '--pager=X', anyOptionReads: true },
  ag: { options: '--pager=X', anyOptionReads: true },
  ack: { options: '--pager=X', anyOptionReads: true },
  // cloc and scc write reports when told to, and cloc can run an extractor or a VCS command
  // cloc (Getopt::Long: unique prefixes accepted) writes reports and file lists when told to, strips
  // comments into new files, and runs extractors, VCS commands and unpackers; a listed option only
  cloc: {
    options:
      '--by-file --by-file-by-lang --diff --diff-timeout= --docstring-as-code --exclude-content= --exclude-dir= --exclude-ext= --exclude-lang= --exclude-list-file= --explain= --follow-links --force-lang= --force-lang-def= --fullpath --git --git-diff-rel --git-diff-all --hide-rate --ignore-case --ignore-case-ext --ignore-regex= --include-content= --include-ext= --include-lang= --json --list-file= --lang-no-ext= --max-file-size= --md --no-autogen --no-recurse --percent --processes= --progress-rate= --quiet --read-binary-files --read-lang-def= --show-ext[=] --show-lang[=] --show-os --skip-archive= --skip-leading= --skip-uniqueness --sql-project= --sql-style= --sum-one --sum-reports --summary-cutoff= --timeout= --unicode --unix --use-sloccount --v[=] --verbose[=] --windows --xml --yaml --csv --csv-delimiter= --3 --autoconf --count-and-diff --diff-list-file= --help --config= --stdin-name= --match-d= --not-match-d= --match-f= --not-match-f= --fmt= --include-submodules --hide-rate ' +
      '--report-file=W --out=W --sql=W --sql-append!W --write-lang-def=W --write-lang-def-incl-dup=W --categorized=W --counted=W --found=W --ignored=W --unique=W --diff-alignment=W --strip-code=W --strip-comments=W --strip-str-comments!W --original-dir!W --xsl=W --sdir=U --unpack=X --extract-with=X --vcs=X',
  },
  // cobra flags take no abbreviations: --format is its own option, not a prefix of --format-multi
  scc: { options: '-o=W --output=W -f= --format= --format-multi=U', anyOptionReads: true },
  sar: { options: '-o=W', anyOptionReads: true },
  'nvidia-smi': { singleDashLong: true, options: '-L --list-gpus -q --query -x --xml-format -u --unit -i= --id= -d= --display= -l= --loop= -lms= --loop-ms= -f=W --filename=W --query-gpu= --query-compute-apps= --query-supported-clocks= --format= -h' },
  // journalctl only prints unless told to vacuum, rotate, flush or set up keys
  journalctl: {
    options:
      '--system --user -M= --machine= -m --merge -D= --directory= -i= --file= --root= --image= --namespace= -S= --since= -U= --until= -c= --cursor= --after-cursor= --cursor-file=U -b[=] --boot[=] -u= --unit= --user-unit= -t= --identifier= -T= --exclude-identifier= -p= --priority= --facility= -g= --grep= --case-sensitive[=] -k --dmesg -o= --output= --output-fields= -n= --lines= -r --reverse --show-cursor --utc -x --catalog --no-hostname --no-full -l --full -a --all -f --follow --no-tail -q --quiet --no-pager -e --pager-end -N --fields -F= --field= --list-boots --disk-usage --header --list-catalog --dump-catalog --verify --verify-key= --interval=U --force!U --vacuum-size=U --vacuum-files=U --vacuum-time=U --sync!U --relinquish-var!U --smart-relinquish-var!U --flush!U --rotate!U --update-catalog!U --setup-keys!U --list-namespaces --list-invocation -h',
  },
  // dmesg -C/-c clear the kernel ring buffer, -D/-E/-n change the console
  dmesg: { options: '-C!U --clear!U -c!U --read-clear!U -D!U --console-off!U -E!U --console-on!U -n=U --console-level=U -F= --file= -f= --facility= -H --human -J --json -k --kernel -L[=] --color[=] -l= --level= --noescape -P --nopager -p --force-prefix -r --raw -S --syslog -s= --buffer-size= -T --ctime --time-format= -h -V --since= --until= -t --notime -u --userspace -w --follow -W --follow-new -x --decode -d --show-delta -e --reltime' },
};
READ_TABLES.dir = READ_TABLES.ls!;
READ_TABLES.vdir = READ_TABLES.ls!;
READ_TABLES.hd = READ_TABLES.hexdump!;
READ_TABLES.fdfind = READ_TABLES.fd!;
READ_TABLES.ripgrep = READ_TABLES.rg!;
