/**
 * The per-program table: one argv in, one verdict out. Order of lookup: how the name is
 * written (a path to a script is unknown), wrappers, shells, git, package managers and
 * toolchains, interpreters, then core utilities. A name nobody lists is unknown.
 */
import { coreutilsBackup, gnuPatch, rsyncBackups, simpleBackups } from './backups';
import { classifyBuiltin, declareRunsCode } from './builtins';
import { mysql, psql, redisCli, sqlite3 } from './databases';
import { batchEditor, isBatchEditor } from './editors';
import { ar, cpio, dpkgDeb, syntaxCheck, versionQuery } from './listings';
import { isNullDevice } from './collect';
import { classifyGit } from './git';
import { READ_TABLES, type ReadTable } from './read-tables';
import { awkEffects, sedEffects } from './scripts';
import { has, mayBeOption, parseOpts, parseTable, tableOptions, value, type OptSpec, type ParsedOpts, type ProgramTable, type TableParse } from './table';
import { HASH_PROGRAMS } from './intents';
import { classifyHostCli } from './host-clis';
import { classifyInterpreter, classifyToolchain, interactive, isInterpreter } from './packages';
import { read, write, unknown, type Leaf, type ProgramContext, type Verdict } from './verdict';
import { classifyWrapper, sensitiveAssignment } from './wrappers';
import { backupName, literalArg, RUNTIME_ARG, staticValue, type Arg } from './words';

const SYSTEM_BIN = /^(?:\/usr)?(?:\/local)?\/s?bin\/|^\/opt\/homebrew\/bin\/|^\/(?:usr\/)?(?:local\/)?opt\/[^/]+\/bin\/|^\/run\/current-system\/sw\/bin\/|^\/nix\/var\/nix\/profiles\/[^/]+\/bin\//;

export type ProgramName = { name: string } | { file: string } | { computed: string };

/** How the command word names a program. */
export function programName(arg: Arg): ProgramName {
  if (arg.value === null || arg.glob) return { computed: arg.text };
  let v = arg.value;
  if (v === '') return { computed: '""' };
  if (v.includes('/') || v.includes('\\')) {
    const slashed = v.replace(/\\/g, '/');
    const base = slashed.slice(slashed.lastIndexOf('/') + 1);
    if (SYSTEM_BIN.test(slashed) || /(^|\/)node_modules\/\.bin\/[^/]+$/.test(slashed) || /^[A-Za-z]:\/(windows\/system32|program files[^/]*\/git\/(usr\/)?bin)\//i.test(slashed)) {
      v = base;
    } else return { file: v };
  }
  v = v.replace(/\.(exe|cmd|bat|com)$/i, '');
  return { name: v };
}

function operands(args: readonly Arg[], spec: OptSpec = {}): Arg[] {
  return parseOpts(args, spec).operands;
}

function allOperandsWrite(name: string, args: readonly Arg[], spec: OptSpec, why: string, extra: Partial<Leaf> = {}): Leaf {
  const ops = operands(args, spec);
  return write(`${name} ${why}`, ops.length ? ops : undefined, extra);
}

/**
 * What copying (or moving, or linking) into the destination writes. Into a folder (-t DIR, more
 * than one source, or a destination that can only be a folder whatever is on disk: `.`, `..`,
 * `~`, a name ending in `/`) each source lands under its own name, and everything else in the
 * folder is left alone. A source whose name is not known (a run-time word, a glob, `.` or `..`,
 * which merge their contents) leaves the folder itself as the target; so does -T, or a
 * destination that may be a file.
 */
function destinations(p: ParsedOpts): Arg[] {
  const t = value(p, '-t', '--target-directory');
  if (t === null) return [RUNTIME_ARG];
  const dest = t !== undefined ? literalArg(`${t}/`) : p.operands[p.operands.length - 1];
  if (!dest) return [];
  const sources = t !== undefined ? p.operands : p.operands.slice(0, -1);
  const v = dest.value;
  const folder = t !== undefined || sources.length > 1 || dest.text === '~' || (v !== null && (v.endsWith('/') || /(^|\/)\.\.?$/.test(v)));
  if (!folder || v === null || dest.glob || has(p, '-T', '--no-target-directory')) return [dest];
  const out: Arg[] = [];
  for (const s of sources) {
    const name = s.value === null || s.glob ? '' : s.value.replace(/\/+$/, '').split('/').pop()!;
    if (name === '' || name === '.' || name === '..') return [dest];
    out.push(literalArg(`${v.replace(/\/+$/, '')}/${name}`));
  }
  return out.length ? out : [dest];
}

/** cp / install / ln: the destination is -t DIR or the last operand (see `destinations`). */
function destinationWrite(name: string, args: readonly Arg[], short: string, long: string[], why: string): Leaf {
  const p = parseOpts(args, { shortWithValue: short, longWithValue: long });
  if (p.operands.length === 0 && value(p, '-t', '--target-directory') === undefined) return read(`${name} with no operands fails`);
  let dests: Arg[];
  if (name === 'ln' && p.operands.length === 1 && value(p, '-t', '--target-directory') === undefined) {
    const target = staticValue(p.operands[0]);
    const base = target ? target.replace(/\/+$/, '').split('/').pop() : null;
    dests = [base ? literalArg(base) : RUNTIME_ARG];
    why = 'creates a link in the current folder';
  } else dests = destinations(p);
  // cp -l / -s make links in place of copies
  const cpLinks = name === 'cp' && has(p, '-l', '--link', '-s', '--symbolic-link');
  if (name !== 'ln' && !cpLinks) return withBackups(name, why, p, dests, [], true);
  // a hard link is a second name of its source: what is written through it changes the source,
  // so the source is written too (stopline's own files among them are self-protection)
  const t = value(p, '-t', '--target-directory');
  const sources = t !== undefined || (name === 'ln' && p.operands.length === 1) ? p.operands : p.operands.slice(0, -1);
  const hard = name === 'ln' ? !has(p, '-s', '--symbolic') : has(p, '-l', '--link');
  if (cpLinks) why = hard ? 'makes hard links in place of copies' : 'makes symbolic links in place of copies';
  const leaf = withBackups(name, hard ? `${why} (a hard link: writing through it changes its source)` : why, p, dests, hard ? sources : [], false);
  // later writes through these names land where the link leads (collect.ts)
  return { ...leaf, links: dests };
}

/**
 * -b, --backup[=CONTROL], -S/--suffix: GNU cp/mv/ln/install keep what they replace beside it
 * (DEST~, DEST+SUFFIX); numbered backups (DEST.~N~) have names chosen at run time.
 */
function withBackups(name: string, why: string, p: ParsedOpts, dests: Arg[], alsoWritten: Arg[], content: boolean): Leaf {
  const m = coreutilsBackup(p);
  const paths = [...alsoWritten, ...dests];
  if (m.kind === 'numbered' || m.kind === 'unknown') return write(`${name} ${why} and keeps numbered backups of what it replaces (names chosen at run time)`, undefined, { writesContent: content });
  if (m.kind === 'simple') return write(`${name} ${why} and keeps a backup (${m.suffix}) of each file it replaces`, [...paths, ...simpleBackups(dests, m.suffix)], { writesContent: content });
  return write(`${name} ${why}`, paths.length ? paths : undefined, { writesContent: content });
}

/** chmod/chown/chgrp/chattr: the first operand is the mode/owner unless --reference is given. */
function metadataWrite(name: string, args: readonly Arg[]): Leaf {
  const ops: Arg[] = [];
  let reference = false;
  let modeSeen = false;
  for (const a of args) {
    const v = a.value;
    if (v !== null && v.startsWith('--')) {
      if (v.startsWith('--reference')) reference = true;
      continue;
    }
    if (v !== null && /^-[RcfvhHLP]+$/.test(v)) continue;
    if (!reference && !modeSeen && (name === 'chmod' || name === 'chattr' || name === 'chown' || name === 'chgrp')) {
      modeSeen = true;
      continue;
    }
    ops.push(a);
  }
  return write(`${name} changes file metadata`, ops.length ? ops : undefined);
}

export const SED_TABLE: ProgramTable = {
  options:
    '-n --quiet --silent --debug -e= --expression= -f= --file= --follow-symlinks -i[=] --in-place[=] -l= --line-length= --posix -E -r --regexp-extended -s --separate --sandbox -u --unbuffered -z --null-data -b --binary',
};

function sed(args: readonly Arg[]): Leaf {
  const p = parseTable(args, SED_TABLE, 'sed');
  const bad = tableProblem(p);
  if (bad) return bad;
  const inPlace = has(p, '-i', '--in-place');
  const scripts = [...(p.flags.get('-e') ?? []), ...(p.flags.get('--expression') ?? [])];
  const hasScriptFile = has(p, '-f', '--file');
  let files = p.operands;
  if (scripts.length === 0 && !hasScriptFile) {
    if (!p.operands[0]) return read('sed without a script fails');
    scripts.push(p.operands[0].value);
    files = p.operands.slice(1);
  }
  if (hasScriptFile) return inPlace ? write('sed -i -f edits files with a script file (it may also write with w or run e)', undefined, { writesContent: true }) : unknown('sed -f runs a script file the hook cannot see (it may write with w or run e)');
  if (scripts.some((x) => x === null)) return unknown('sed script only known at run time');
  const fx = sedEffects(scripts.join('\n'));
  if (fx.unreadable) return unknown(`sed script not understood: ${fx.unreadable}`);
  if (fx.runs) return unknown('sed script runs shell commands (e)');
  const targets: Arg[] = [...(inPlace ? files : []), ...fx.writes.map(literalArg)];
  if (inPlace && files.length === 0) return write('sed -i with no file fails or edits files only known at run time', undefined, { writesContent: true });
  // -iSUFFIX keeps the original as FILE+SUFFIX (a `*` in SUFFIX stands for the file's name)
  const suffix = inPlace ? value(p, '-i', '--in-place') : undefined;
  if (suffix) targets.push(...files.map((f) => backupName(f, suffix)));
  if (targets.length) return write(inPlace ? 'sed -i edits files in place' : 'sed w writes files', targets, { writesContent: true });
  return read('sed prints the edited text');
}

export const AWK_TABLE: ProgramTable = {
  options:
    '-f=X --file=X -v= --assign= -F= --field-separator= -i= --include= -E=X --exec=X -l=X --load=X -e= --source= -b --characters-as-bytes -c --traditional -C --copyright -d[=] --dump-variables[=] -D[=]U --debug[=]U -g --gen-pot -I --trace -k --csv -L[=] --lint[=] -M --bignum -N --use-lc-numeric -n --non-decimal-data -o[=]W --pretty-print[=]W -O --optimize -p[=]W --profile[=]W -P --posix -r --re-interval -s --no-optimize -S --sandbox -t --lint-old -V -h -W=',
};

function awk(name: string, args: readonly Arg[]): Verdict {
  const p = parseTable(args, AWK_TABLE, name);
  const includes = [...(p.flags.get('-i') ?? []), ...(p.flags.get('--include') ?? [])];
  const inplace = includes.includes('inplace');
  if (includes.some((x) => x !== 'inplace')) return unknown(`${name} -i loads a library the hook cannot see`);
  if (has(p, '-W')) return unknown(`${name} -W: implementation options are not read by this guard`);
  const bad = tableProblem(p);
  if (bad) return bad.mutability === 'write' ? unknown(`${name}: ${bad.why}`) : bad;
  const source = value(p, '-e', '--source');
  const src = source !== undefined ? source : p.operands[0]?.value ?? null;
  const files = p.operands.slice(source !== undefined ? 0 : 1);
  if (src === null || src === undefined) return unknown(`${name} program only known at run time`);
  const fx = awkEffects(src);
  if (fx.unreadable) return unknown(`${name} program: ${fx.unreadable}`);
  if (fx.runs) return unknown(`${name} program runs commands whose text is computed (system() or a pipe)`);
  const targets = [...(inplace ? files : []), ...fx.writes.map(literalArg)];
  let leaf: Leaf;
  if (fx.unprovenWrite) leaf = write(`${name} program prints into a file whose name is computed`, undefined, { writesContent: true });
  else if (inplace && files.length === 0) leaf = write(`${name} -i inplace with no file`, undefined, { writesContent: true });
  else if (targets.length) leaf = write(inplace ? `${name} -i inplace edits files` : `${name} program prints into files`, targets, { writesContent: true });
  else leaf = read(`${name} prints computed text`);
  // commands the program runs through sh as literal strings (print | "sort -u", "date" | getline) are read as shell code
  const commands = fx.commands ?? [];
  if (commands.length === 0) return leaf;
  return { kind: 'many', verdicts: [leaf, ...commands.map((c): Verdict => ({ kind: 'shell', source: c, why: `${name} runs "${c.slice(0, 40)}" through sh` }))] };
}

/** A table parse that is not a plain read: the first unknown, exec or write reason as a leaf. */
function tableProblem(p: TableParse): Leaf | null {
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  if (p.writes.length) return write(p.writes[0]!, undefined, { writesContent: true });
  if (p.targets.length) return write('writes its output file', p.targets, { writesContent: true });
  return null;
}

/** A program from read-tables.ts: read when every option is a read and no operand is written. */
function tableRead(name: string, t: ReadTable, args: readonly Arg[]): Leaf {
  const p = parseTable(args, t, name);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  const targets = [...p.targets];
  const second = t.secondOperandWritten || (t.secondOperandWrittenWith !== undefined && has(p, ...t.secondOperandWrittenWith));
  if (second && p.operands.length >= 2) targets.push(p.operands[1]!);
  // a `!W` option writes files named elsewhere (lz4 -m: one beside each input): never proven
  if (p.writes.length) return write(p.writes[0]!, undefined, { writesContent: true });
  if (targets.length) return write(`${name} writes its output file`, targets, { writesContent: true });
  if (t.operandsMustMatch && !(t.operandsFreeWith && has(p, ...t.operandsFreeWith))) {
    const bad = p.operands.find((o) => o.value === null || !t.operandsMustMatch!.test(o.value));
    if (bad) return unknown(`${t.operandEffect ?? `${name}: an operand this guard cannot prove read-only`} (${bad.text})`);
  }
  if (t.readOnlyWith) {
    const files = p.operands.filter((o) => o.value !== '-');
    if (!has(p, ...t.readOnlyWith) && !(t.orWithoutOperands && files.length === 0)) {
      const why = t.defaultWrites ?? `${name} writes by default`;
      return t.defaultIsUnknown ? unknown(why) : write(why, undefined, { writesContent: true });
    }
  }
  return read(`${name} only reads or prints`);
}

function tar(args: readonly Arg[]): Leaf {
  let list = [...args];
  // tar's old style: first word is a bundle of letters without a dash
  const first = list[0]?.value;
  if (first && !first.startsWith('-') && /^[A-Za-z]+$/.test(first)) list = [literalArg('-' + first), ...list.slice(1)];
  const p = parseOpts(list, { shortWithValue: 'fCTXbHgKNVL', longWithValue: ['file', 'directory', 'files-from', 'exclude-from', 'blocking-factor', 'format', 'listed-incremental', 'to-command', 'use-compress-program', 'owner', 'group', 'mode', 'transform', 'xform', 'exclude', 'newer', 'after-date', 'label', 'strip-components', 'checkpoint-action', 'info-script', 'new-volume-script', 'rsh-command', 'rmt-command'] });
  if (has(p, '--to-command', '--use-compress-program', '-I', '--info-script', '--new-volume-script', '-F', '--checkpoint-action', '--rsh-command', '--rmt-command')) return unknown('tar option runs another program');
  const file = value(p, '-f', '--file');
  // an archive written to /dev/null (or stdout) is not a file written
  const archive = file === undefined || file === '-' || (file !== null && isNullDevice(file)) ? null : file === null ? RUNTIME_ARG : literalArg(file);
  if (has(p, '-x', '--extract', '--get')) {
    if (has(p, '-O', '--to-stdout')) return unprovenTarOption(p) ?? read('tar -xO extracts to stdout');
    const dir = value(p, '-C', '--directory');
    return write('tar -x extracts files', [dir === undefined ? literalArg('.') : dir === null ? RUNTIME_ARG : literalArg(dir)], { writesContent: true });
  }
  if (has(p, '-c', '--create', '-r', '--append', '-u', '--update', '-A', '--catenate', '--concatenate', '--delete')) {
    if (has(p, '--remove-files')) {
      // the files it archives are deleted; they are named relative to -C (one -C only: several move the base as tar reads them)
      const dirs = p.flags.get('-C') ?? p.flags.get('--directory') ?? [];
      const inDir = (a: Arg): Arg => (dirs.length === 0 || a.value === null ? a : dirs.length === 1 && dirs[0] !== null && !a.value.startsWith('/') ? literalArg(`${dirs[0]}/${a.value}`) : RUNTIME_ARG);
      return write('tar --remove-files archives files and deletes them', [...(archive ? [archive] : []), ...(p.operands.length ? p.operands.map(inDir) : [RUNTIME_ARG])], { writesContent: true });
    }
    if (archive) return write('tar writes an archive', [archive], { writesContent: true });
    // to stdout: a read only with options proven not to write (-g/--listed-incremental writes its snapshot file, --index-file an index)
    const other = [...p.flags.keys()].find((k) => !TAR_READ_OPTIONS.has(k) && !TAR_CREATE_OPTIONS.has(k));
    return other === undefined ? read('tar writes the archive to stdout') : unknown(`tar ${other}: an option not proven read-only (tar has options that write files)`);
  }
  if (has(p, '-t', '--list', '-d', '--diff', '--compare', '--test-label')) return unprovenTarOption(p) ?? read('tar lists or compares an archive');
  return unknown('tar without a known mode');
}

/**
 * Options proven not to write in tar's list, compare and extract-to-stdout modes. Any other
 * option makes those modes unknown (tar has output-file options such as --index-file and
 * --volno-file, and new ones come with new versions).
 */
const TAR_READ_OPTIONS = new Set([
  '-t', '--list', '-x', '--extract', '--get', '-O', '--to-stdout', '-d', '--diff', '--compare', '--test-label', '-f', '--file',
  '-z', '--gzip', '--gunzip', '--ungzip', '-j', '--bzip2', '-J', '--xz', '--zstd', '--lzma', '--lzip', '--lzop', '-Z', '--compress', '--uncompress', '-a', '--auto-compress',
  '-v', '--verbose', '--wildcards', '--no-wildcards', '--wildcards-match-slash', '--no-wildcards-match-slash', '--anchored', '--no-anchored', '--ignore-case', '--no-ignore-case',
  '--exclude', '-X', '--exclude-from', '-T', '--files-from', '--strip-components', '--transform', '--xform', '--show-transformed-names', '--show-stored-names',
  '--numeric-owner', '--utc', '--full-time', '--quoting-style', '--occurrence', '-b', '--blocking-factor', '--null', '--no-null', '--verbatim-files-from', '--no-verbatim-files-from',
  '-i', '--ignore-zeros', '-B', '--read-full-records', '--force-local', '-H', '--format', '-R', '--block-number', '--no-recursion', '--recursion', '-C', '--directory',
  '--help', '--usage', '--version', '--show-defaults', '-?',
]);

/** options of tar's create mode that only shape the archive it writes (to stdout here) */
const TAR_CREATE_OPTIONS = new Set([
  '-c', '--create', '-h', '--dereference', '--hard-dereference', '--one-file-system', '--owner', '--group', '--mode', '--mtime', '--sort', '--numeric-owner', '--no-acls', '--no-xattrs', '--no-selinux', '--acls', '--xattrs', '--selinux',
  '--exclude-vcs', '--exclude-vcs-ignores', '--exclude-backups', '--exclude-caches', '--exclude-caches-all', '--exclude-tag', '--totals', '--checkpoint', '-P', '--absolute-names', '--pax-option', '--owner-map', '--group-map', '--label', '-V',
]);

function unprovenTarOption(p: ReturnType<typeof parseOpts>): Leaf | null {
  const other = [...p.flags.keys()].find((k) => !TAR_READ_OPTIONS.has(k));
  return other === undefined ? null : unknown(`tar ${other}: an option not proven read-only (tar has options that write files)`);
}

/** curl: every option classified; a body, an upload or a method other than GET/HEAD changes remote state. */
export const CURL_TABLE: ProgramTable = {
  options:
    '--abstract-unix-socket= --anyauth --aws-sigv4= --basic --cacert= --capath= -E= --cert= --cert-status --cert-type= --ciphers= --compressed --compressed-ssh --connect-timeout= --connect-to= -C= --continue-at= -b= --cookie= --create-dirs --create-file-mode= --crlf --crlfile= --curves= --delegation= --digest -q --disable --disable-eprt --disable-epsv --disallow-username-in-url --dns-interface= --dns-ipv4-addr= --dns-ipv6-addr= --dns-servers= --doh-cert-status --doh-insecure --doh-url= --egd-file= --etag-compare= --expect100-timeout= -f --fail --fail-early --fail-with-body --false-start --form-escape --ftp-account= --ftp-alternative-to-user= --ftp-method= --ftp-pasv -P= --ftp-port= --ftp-pret --ftp-skip-pasv-ip --ftp-ssl-ccc --ftp-ssl-ccc-mode= --ftp-ssl-control -G --get -g --globoff --happy-eyeballs-timeout-ms= --haproxy-protocol --haproxy-clientip= -I --head -H= --header= -h[=] --hostpubmd5= --hostpubsha256= --http0.9 --http1.0 -0 --http1.1 --http2 --http2-prior-knowledge --http3 --http3-only --ignore-content-length -i --include -k --insecure --interface= -j --junk-session-cookies --keepalive-time= --key= --key-type= --krb= --limit-rate= -l --list-only --local-port= -L --location --location-trusted --login-options= -M --manual --max-filesize= --max-redirs= -m= --max-time= --metalink --negotiate -n --netrc --netrc-file= --netrc-optional --no-alpn -N --no-buffer --no-clobber --no-keepalive --no-npn --no-progress-meter --no-sessionid --noproxy= --ntlm --ntlm-wb --oauth2-bearer= --output-dir= -Z --parallel --parallel-immediate --parallel-max= --pass= --path-as-is --pinnedpubkey= --post301 --post302 --post303 --preproxy= --proto= --proto-default= --proto-redir= -x= --proxy= --proxy-anyauth --proxy-basic --proxy-cacert= --proxy-capath= --proxy-cert= --proxy-cert-type= --proxy-ciphers= --proxy-crlfile= --proxy-digest --proxy-header= --proxy-insecure --proxy-key= --proxy-key-type= --proxy-negotiate --proxy-ntlm --proxy-pass= --proxy-pinnedpubkey= --proxy-service-name= --proxy-ssl-allow-beast --proxy-ssl-auto-client-cert --proxy-tls13-ciphers= --proxy-tlsauthtype= --proxy-tlspassword= --proxy-tlsuser= --proxy-tlsv1 -U= --proxy-user= --proxy1.0= -p --proxytunnel --pubkey= --random-file= -r= --range= --rate= --raw -e= --referer= -J --remote-header-name -R --remote-time --remove-on-error --request-target= --resolve= --retry= --retry-all-errors --retry-connrefused --retry-delay= --retry-max-time= --sasl-authzid= --sasl-ir --service-name= -S --show-error -s --silent --socks4= --socks4a= --socks5= --socks5-basic --socks5-gssapi --socks5-gssapi-nec --socks5-gssapi-service= --socks5-hostname= -Y= --speed-limit= -y= --speed-time= --ssl --ssl-allow-beast --ssl-auto-client-cert --ssl-no-revoke --ssl-reqd --ssl-revoke-best-effort -2 --sslv2 -3 --sslv3 --styled-output --suppress-connect-headers --tcp-fastopen --tcp-nodelay -t= --telnet-option= --tftp-blksize= --tftp-no-options -z= --time-cond= --tls-max= --tls13-ciphers= --tlsauthtype= --tlspassword= --tlsuser= -1 --tlsv1 --tlsv1.0 --tlsv1.1 --tlsv1.2 --tlsv1.3 --tr-encoding --trace-time --unix-socket= --url= --url-query= -B --use-ascii -u= --user= -A= --user-agent= -v --verbose -V -w= --write-out= --xattr -4 --ipv4 -6 --ipv6 -: --next -# --progress-bar -X= --request= -d=U --data=U --data-ascii=U --data-binary=U --data-raw=U --data-urlencode=U --json=U -F=U --form=U --form-string=U -T=U --upload-file=U -a!U --append!U -Q=U --quote=U --ftp-create-dirs!U --mail-from=U --mail-rcpt=U --mail-rcpt-allowfails!U --mail-auth=U -K=U --config=U --engine=U -o=W --output=W -D=W --dump-header=W -c=W --cookie-jar=W --trace=W --trace-ascii=W --stderr=W --etag-save=W --libcurl=W --hsts=W --alt-svc=W -O!W --remote-name!W --remote-name-all!W',
};

function curl(args: readonly Arg[]): Leaf {
  const p = parseTable(args, CURL_TABLE, 'curl');
  if (p.unknowns.length) return unknown(p.unknowns[0]!.replace('its effect cannot be proven read-only', 'sends a body, uploads, or reads options from a file: at least a remote change'));
  const method = value(p, '-X', '--request');
  if (method !== undefined && (method === null || !/^(GET|HEAD|OPTIONS)$/i.test(method))) return unknown(`curl -X ${method ?? '<run time>'} sends a request that can change remote state`);
  const targets = p.targets.filter((a) => a.value !== '-');
  // -w '%output{FILE}' (curl 8.3+) writes the rest of the format into FILE; -w @FILE reads a format that may do so
  for (const w of [...(p.flags.get('-w') ?? []), ...(p.flags.get('--write-out') ?? [])]) {
    if (w === null || w.startsWith('@') || /%output\{/.test(w)) return write('curl -w writes its report into a file named in the format', undefined, { writesContent: true });
  }
  if (p.writes.length) return write('curl -O saves downloads under a server-chosen name', undefined, { writesContent: true });
  if (targets.length) return write('curl saves output to files', targets, { writesContent: true });
  return read('curl prints what it fetches');
}

/** httpie (http/https) and xh: a method other than GET/HEAD, or a data/file item, sends a change. */
const HTTPIE_TABLE: ProgramTable = {
  options: '-d!W --download!W -o=W --output=W -c --continue --session=W --session-read-only= -F --follow -A= --auth-type= -a= --auth= -v --verbose -h --headers -b --body -p= --print= -P= --history-print= -q --quiet -j --json -f --form --multipart --boundary= --raw=U -x --compress -s= --style= --pretty= --offline --timeout= --verify= --cert= --cert-key= --proxy= --max-redirects= --check-status --ignore-stdin -I --all --path-as-is --chunked --stream -S --unsorted --sorted --response-charset= --response-mime= --format-options= --ssl= --ciphers= --default-scheme= --debug --traceback --max-headers= --version --help',
  anyOptionReads: false,
};

function httpie(name: string, args: readonly Arg[], ctx: ProgramContext): Leaf {
  const p = parseTable(args, HTTPIE_TABLE, name);
  const bad = tableProblem(p);
  if (bad) return bad.mutability === 'read' ? bad : bad.mutability === 'write' ? bad : unknown(bad.why);
  const ops = p.operands;
  let i = 0;
  const method = ops[0]?.value;
  if (method === null) return unknown(`${name}: the method or URL is only known at run time`);
  if (method !== undefined && /^[A-Za-z]+$/.test(method) && ops.length > 1) {
    if (!/^(GET|HEAD|OPTIONS)$/i.test(method)) return unknown(`${name} ${method} sends a request that can change remote state`);
    i = 1;
  }
  for (const item of ops.slice(i + 1)) {
    const v = item.value;
    if (v === null) return unknown(`${name}: a request item only known at run time`);
    // `a==b` is a query parameter and `H:v` a header; `a=b`, `a:=json`, `a@file` are body data
    if (/^[^=:@]*==/.test(v) || /^[A-Za-z0-9-]+:(?!=)/.test(v)) continue;
    return unknown(`${name} sends a request body (${v}): a remote change`);
  }
  if (ctx.stdin.kind !== 'tty' && !has(p, '--ignore-stdin')) return unknown(`${name} sends its stdin as the request body`);
  return read(`${name} GET prints what it fetches`);
}

/** wget's options in its printing forms (--spider, -O -): the ones that write a file are classified. */
const WGET_READ: ProgramTable = {
  options:
    '--spider -O= --output-document= -q --quiet -nv --no-verbose -v --verbose -d --debug -S --server-response -T= --timeout= --dns-timeout= --connect-timeout= --read-timeout= -t= --tries= -w= --wait= --waitretry= --random-wait -U= --user-agent= --header= --user= --password= --http-user= --http-password= --no-check-certificate --check-certificate --max-redirect= -4 -6 --inet4-only --inet6-only --prefer-family= --no-cache --no-cookies --load-cookies= --compression= --progress= --show-progress --no-proxy --https-only --ca-certificate= --ca-directory= --secure-protocol= --referer= --content-on-error --no-config --retry-connrefused --retry-on-http-error= --retry-on-host-error --ignore-length --auth-no-challenge --no-hsts --no-dns-cache --limit-rate= -Q= --quota= -e=U --execute=U --config=U -i=U --input-file=U -o=W --output-file=W -a=W --append-output=W --save-cookies=W --keep-session-cookies --save-headers --warc-file=W --rejected-log=W --hsts-file=W --post-data=U --post-file=U --body-data=U --body-file=U --method=U --delete-after -h -V',
};

function wget(args: readonly Arg[]): Leaf {
  const p = parseOpts(args, { shortWithValue: 'OoaPiUeTtwQBl', longWithValue: ['output-document', 'output-file', 'append-output', 'directory-prefix', 'input-file', 'user-agent', 'execute', 'timeout', 'tries', 'wait', 'quota', 'base', 'level', 'header', 'user', 'password', 'post-data', 'post-file', 'body-data', 'body-file', 'method'] });
  if (has(p, '-e', '--execute')) return unknown('wget -e runs wgetrc commands');
  if (has(p, '--post-data', '--post-file', '--body-data', '--body-file', '--method') || args.some((a) => a.value !== null && /^--(post-data|post-file|body-data|body-file|method)=/.test(a.value))) {
    const m = value(p, '--method');
    if (!(m && /^(GET|HEAD)$/i.test(m) && !has(p, '--post-data', '--post-file', '--body-data', '--body-file'))) return unknown('wget sends a body or a changing method: a remote change');
  }
  const outs: Arg[] = [];
  for (const name of ['-o', '--output-file', '-a', '--append-output', '-P', '--directory-prefix']) {
    for (const v of p.flags.get(name) ?? []) outs.push(v === null ? RUNTIME_ARG : literalArg(v));
  }
  const doc = value(p, '-O', '--output-document');
  if (has(p, '--spider') || doc === '-' || (doc && isNullDevice(doc))) {
    // a read only when every option is one that neither writes (logs, cookies, WARC) nor reads commands
    const t = parseTable(args, WGET_READ, 'wget');
    if (t.unknowns.length || t.writes.length || t.targets.length) return outs.length || t.targets.length ? write('wget writes a log or cookie file', [...outs, ...t.targets]) : unknown(t.unknowns[0] ?? 'wget option not proven read-only');
    return read(has(p, '--spider') ? 'wget --spider only checks' : doc === '-' ? 'wget -O - prints what it fetches' : `wget -O ${doc} discards what it fetches`);
  }
  if (doc !== undefined) return write('wget saves the download', [doc === null ? RUNTIME_ARG : literalArg(doc), ...outs], { writesContent: true });
  if (has(p, '-P', '--directory-prefix')) return write('wget saves downloads in a folder', outs, { writesContent: true });
  return write('wget saves downloads under a server-chosen name in the current folder', undefined, { writesContent: true });
}

/** rsync's options in its listing form (one operand) */
const RSYNC_LIST: ProgramTable = {
  options:
    '-a --archive -r --recursive -v --verbose -q --quiet -h --human-readable -l --links -L --copy-links -n --dry-run --list-only -i --itemize-changes -8 --8-bit-output --no-motd --exclude= --include= --filter= -f= --exclude-from= --include-from= --files-from= -0 --from0 -s --protect-args --port= --contimeout= --timeout= --address= -4 -6 --ipv4 --ipv6 -z --compress --stats --progress --out-format= --info= --debug= -x --one-file-system -t --times -p --perms -o --owner -g --group -D --devices --specials -H --hard-links -A --acls -X --xattrs --numeric-ids -R --relative -d --dirs -m --prune-empty-dirs --password-file= --safe-links --copy-unsafe-links -e=X --rsh=X --rsync-path=X',
};

/**
 * rsync's options in a dry run (-n, --dry-run, also inside a cluster such as -avn): a dry run
 * changes nothing but its log (--log-file) and batch files; every other option listed here only
 * shapes what would be copied. An option not listed makes the dry run unknown.
 */
const RSYNC_DRY: ProgramTable = {
  options:
    RSYNC_LIST.options.replace(/ -e=X --rsh=X --rsync-path=X$/, '') +
    ' -u --update -c --checksum -I --ignore-times --size-only --existing --ignore-existing -W --whole-file --no-whole-file --inplace --append --append-verify --partial -P --mkpath -C --cvs-exclude -S --sparse -k --copy-dirlinks -K --keep-dirlinks -O --omit-dir-times -J --omit-link-times -E --executability -U --atimes -N --crtimes -F -b --backup --backup-dir= --suffix= --delete --del --delete-before --delete-during --delete-delay --delete-after --delete-excluded --delete-missing-args --ignore-missing-args --ignore-errors --force --max-delete= --max-size= --min-size= --remove-source-files --prune-empty-dirs -y --fuzzy --compare-dest= --copy-dest= --link-dest= --partial-dir= -T= --temp-dir= --delay-updates --chmod= --chown= --usermap= --groupmap= --super --fake-super --no-implied-dirs --modify-window= -@= --bwlimit= --compress-level= --skip-compress= --checksum-choice= --compress-choice= --stop-after= --stop-at= --no-motd --human-readable -B= --block-size= --one-file-system --open-noatime --preallocate --trust-sender --copy-devices --write-devices --blocking-io --no-blocking-io --safe-links --munge-links --list-only --iconv= --timeout= ' +
    '--log-file=W --log-file-format= --write-batch=W --only-write-batch=W',
};

function rsyncLike(name: string, args: readonly Arg[]): Leaf {
  const p = parseOpts(args, {
    shortWithValue: name === 'scp' ? 'PioFclSJD' : 'efTBM@',
    longWithValue: ['rsh', 'rsync-path', 'exclude', 'include', 'filter', 'files-from', 'log-file', 'log-file-format', 'backup-dir', 'partial-dir', 'temp-dir', 'chmod', 'chown', 'suffix', 'port', 'password-file', 'exclude-from', 'include-from', 'compare-dest', 'copy-dest', 'link-dest', 'out-format', 'timeout', 'contimeout', 'max-size', 'min-size', 'bwlimit', 'info', 'debug', 'usermap', 'groupmap', 'write-batch', 'only-write-batch', 'read-batch', 'modify-window', 'max-delete', 'block-size', 'iconv', 'checksum-choice', 'compress-choice', 'compress-level', 'skip-compress', 'stop-after', 'stop-at', 'remote-option', 'address', 'sockopts', 'outbuf', 'copy-as', 'protocol'],
  });
  if (has(p, '-e', '--rsh', '--rsync-path')) return unknown(`${name} -e runs a remote-shell program`);
  const ops = p.operands;
  if (ops.length < 2) {
    // rsync SRC lists SRC: a read only with options from the listing table (--log-file, batches and backups write)
    if (name !== 'rsync') return unknown(`${name} with fewer than two operands`);
    const t = parseTable(args, RSYNC_LIST, 'rsync');
    return t.unknowns.length || t.execs.length ? unknown(t.unknowns[0] ?? t.execs[0]!) : read('rsync SRC lists the source');
  }
  const dest = ops[ops.length - 1]!;
  const remote = (a: Arg) => a.value === null || (/^[^/]*:/.test(a.value) && !/^[A-Za-z]:[\\/]/.test(a.value));
  if (remote(dest)) return unknown(`${name} copies to another machine (or to a place only known at run time)`);
  if (name === 'rsync' && has(p, '-n', '--dry-run')) {
    if (ops.some(remote)) return unknown('rsync --dry-run from another machine still connects to it');
    const t = parseTable(args, RSYNC_DRY, 'rsync --dry-run');
    if (t.unknowns.length || t.execs.length) return unknown(t.unknowns[0] ?? t.execs[0]!);
    // --write-batch in a dry run writes nothing; --log-file does
    const logs = (p.flags.get('--log-file') ?? []).map((v) => (v === null ? RUNTIME_ARG : literalArg(v)));
    return logs.length ? write('rsync --dry-run still writes its log file', logs, { writesContent: true }) : read('rsync --dry-run only reports what it would copy');
  }
  const paths = [dest];
  if (has(p, '--remove-source-files')) paths.push(...ops.slice(0, -1).filter((a) => !remote(a)));
  for (const opt of ['--log-file', '--write-batch', '--only-write-batch']) {
    for (const v of p.flags.get(opt) ?? []) {
      if (v === null) return write(`${name} ${opt} with a file only known at run time`, undefined, { writesContent: true });
      paths.push(literalArg(v));
      // a batch comes with its replay script, FILE.sh
      if (opt !== '--log-file') paths.push(literalArg(`${v}.sh`));
    }
  }
  const backups = name === 'rsync' ? rsyncBackups(p, dest) : [];
  if (backups === null) return write(`${name} keeps backups where only the run decides`, undefined, { writesContent: true });
  paths.push(...backups);
  return write(`${name} copies into ${dest.text}`, paths, { writesContent: true });
}

/**
 * openssl: digest, inspection and printing subcommands are reads when every option is one of the
 * read-only options below (inputs, display switches, digest and cipher names); -out, -keyout and
 * -writerand name files written; anything else (-engine/-provider load code, -respout, -reqout,
 * -CAcreateserial, -new, signing with a CA…) is unknown.
 */
const OPENSSL_READ_SUBCOMMANDS = /^(dgst|sha\d*|md5|md4|rmd160|sha3-\d+|blake2[bs]\d*|x509|req|rsa|ec|pkey|verify|version|list|s_client|asn1parse|crl|pkcs7|base64|enc|rand|prime|errstr|ciphers|speed|passwd|mac|kdf|storeutl|sess_id|help)$/;
const OPENSSL_READ_OPTIONS = new Set(
  (
    '-in -inform -noout -text -subject -issuer -dates -startdate -enddate -serial -fingerprint -hash -subject_hash -issuer_hash -ocspid -ocsp_uri -email -purpose -pubkey -modulus -nameopt -certopt -reqopt -ext -checkend -checkhost -checkemail -checkip -alias -verify -pubin -pubout -check -passin -connect -servername -noservername -showcerts -CAfile -CApath -CAstore -no-CAfile -no-CApath -verify_return_error -status -alpn -tls1 -tls1_1 -tls1_2 -tls1_3 -no_tls1_3 -dtls -brief -quiet -starttls -proxy -host -port -crlf -debug -msg -state -prexit -ign_eof -no_ign_eof -cert -key -keyform -certform -untrusted -verbose -show_chain -crl_check -crl_check_all -CRLfile -x509_strict -hex -binary -r -c -d -e -a -A -base64 -p -P -nosalt -salt -pass -k -K -iv -S -md -pbkdf2 -iter -none -sign -prverify -signature -sigopt -i -dump -dlimit -offset -length -strparse -genstr -lastupdate -nextupdate -crlnumber -print -print_certs -print_certs -generate -bits -safe -checks -elapsed -evp -seconds -bytes -multi -1 -5 -6 -apr1 -aixmd5 -crypt -stdin -table -noverify -reverse -digest -cipher -macopt -kdfopt -keylen -certs -keys -crls -context -v -V -s -ciphersuites -psk -srp -stdname -convert -help -b -f -o -m -commands -standard-commands -digest-commands -digest-algorithms -cipher-commands -cipher-algorithms -public-key-algorithms -public-key-methods -kdf-algorithms -mac-algorithms -random-generators -encoder -decoder -key-managers -key-exchange-algorithms -signature-algorithms -asymcipher-algorithms -store-loaders -providers -disabled -objects -options -select -all-algorithms -propquery -nocert -ext -ext_dump -no_check_time -attime -policy -explicit_policy -auth_level -verify_depth -verify_name -servername -sess_in -reconnect? -nbio -no_ticket -trace -security_debug -keylogfile?'
  )
    .split(' ')
    .filter((o) => !o.endsWith('?')),
);
const OPENSSL_DIGEST_OR_CIPHER = /^-(sha\d+|sha\d+-\d+|sha3-\d+|md5|md4|md5-sha1|rmd160|ripemd160?|blake2[bs]\d*|sm3|shake\d+|whirlpool|mdc2|(aes|aria|bf|blowfish|camellia|cast5?|chacha20|des|des3|desx|idea|rc[245]|seed|sm4)[\w-]*)$/;

function openssl(args: readonly Arg[]): Leaf {
  const sub = args[0]?.value;
  const hash = sub !== null && sub !== undefined && /^(dgst|sha\d*|md5|md4|rmd160|sha3-\d+|blake2[bs]\d*|passwd|mac|kdf)$/.test(sub);
  const outs: Arg[] = [];
  args.forEach((a, i) => {
    const next = args[i + 1];
    // -out /dev/null discards the output
    if ((a.value === '-out' || a.value === '-keyout' || a.value === '-writerand') && !(next?.value && isNullDevice(next.value))) outs.push(next ?? RUNTIME_ARG);
  });
  if (outs.length) return write(`openssl ${sub ?? ''} writes output files`, outs, { hash, writesContent: true });
  if (sub === null || sub === undefined || !OPENSSL_READ_SUBCOMMANDS.test(sub)) return unknown(`openssl ${sub ?? ''}: not a subcommand this guard knows as read-only`);
  const discarded = (i: number) => /^-(out|keyout|writerand)$/.test(args[i]?.value ?? '') && isNullDevice(args[i + 1]?.value ?? '');
  const bad = args.slice(1).find((a, j) => !discarded(j + 1) && (a.value === null ? mayBeOption(a) : a.value.startsWith('-') && a.value !== '-' && !OPENSSL_READ_OPTIONS.has(a.value) && !OPENSSL_DIGEST_OR_CIPHER.test(a.value)));
  if (bad) return unknown(`openssl ${sub} ${bad.text}: an option this guard does not know as read-only (openssl options write files, sign or load code)`);
  return read(`openssl ${sub} prints its output`, { hash });
}

function echoContent(name: string, args: readonly Arg[]): string | undefined {
  if (args.some((a) => a.value === null)) return undefined;
  let vals = args.map((a) => a.value!);
  if (name === 'echo') while (vals[0] && /^-[neE]+$/.test(vals[0])) vals = vals.slice(1);
  if (name === 'printf') vals = vals.slice(vals[0] === '--' ? 1 : 0);
  return vals.join(' ') + '\n';
}

const INTERACTIVE = new Set(['less', 'more', 'most', 'vi', 'vim', 'nvim', 'view', 'nano', 'pico', 'emacs', 'ed', 'ex', 'joe', 'micro', 'mcedit', 'kak', 'hx', 'helix', 'man', 'info', 'top', 'htop', 'btop', 'tmux', 'screen', 'fzf', 'mc', 'ranger', 'nnn', 'lf', 'tig', 'lazygit', 'ssh', 'mosh', 'telnet', 'ftp', 'sftp', 'psql', 'mysql', 'mariadb', 'sqlite3', 'redis-cli', 'mongo', 'mongosh', 'cqlsh', 'script', 'expect']);

const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'rbash', 'yash', 'posh', 'busybox-sh']);
const FOREIGN_SHELLS = new Set(['fish', 'csh', 'tcsh', 'nu', 'xonsh', 'elvish', 'cmd']);

/**
 * A POSIX shell's own options, read the way it does: where its first operand is (the `-c` code or
 * the script), and whether `-c`, `-n` (check only) or `-s` (code from stdin) were given. A word
 * only known at run time stops the reading there (`runTime`).
 */
export function shellOptions(args: readonly Arg[]): { at: number; wantsC: boolean; noexec: boolean; readStdin: boolean; runTime: boolean } {
  let wantsC = false;
  let noexec = false;
  let readStdin = false;
  let i = 0;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return { at: i, wantsC, noexec, readStdin, runTime: true };
    if (v === '--') {
      i++;
      break;
    }
    if (v === '-o' || v === '+o' || v === '-O' || v === '+O' || v === '--rcfile' || v === '--init-file') {
      i++;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(v)) {
      if (v.startsWith('-') && v.includes('c')) wantsC = true;
      if (v.startsWith('-') && v.includes('n')) noexec = true;
      if (v.startsWith('-') && v.includes('s')) readStdin = true;
      continue;
    }
    if (v.startsWith('--')) continue;
    break;
  }
  return { at: i, wantsC, noexec, readStdin, runTime: false };
}

function shellProgram(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
  if (args.length === 1 && (args[0]!.value === '--version' || args[0]!.value === '--help')) return read(`${name} prints information`);
  const opts = shellOptions(args);
  if (opts.runTime) return unknown(`${name}: an option or script only known at run time`);
  const { wantsC, readStdin } = opts;
  let { noexec } = opts;
  const i = opts.at;
  const operand = args[i];
  // -n is ignored by an interactive shell, and a login shell or --rcfile reads startup files first
  if (noexec && args.some((a) => a.value !== null && (/^-[A-Za-z]*[il]/.test(a.value) || /^--(login|rcfile|init-file|interactive)$/.test(a.value)))) noexec = false;
  if (wantsC) {
    if (!operand) return unknown(`${name} -c without a command`);
    if (operand.value === null) return unknown(`${name} -c runs a command only known at run time`);
    if (noexec) return read(`${name} -n only checks syntax`);
    return { kind: 'shell', source: operand.value, why: `${name} -c runs the string as a shell command` };
  }
  if (noexec) return read(`${name} -n only checks syntax`);
  if (operand && !readStdin) return unknown(`${name} runs the script ${operand.text}; its content is not visible to the hook`, { runs: [operand] });
  switch (ctx.stdin.kind) {
    case 'text':
      return { kind: 'shell', source: ctx.stdin.text, why: `${name} runs the script given on its stdin` };
    case 'pipe':
      return unknown(`${name} runs commands piped into it (computed at run time)`);
    case 'file':
      return unknown(`${name} runs commands from a redirected file`);
    default:
      return interactive(name, ctx);
  }
}

function pwshProgram(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
  let cwd: Arg | undefined;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return unknown(`${name}: an argument only known at run time`);
    const lower = v.toLowerCase();
    if (['-command', '-c', '/c', '-com', '-comm', '-comma', '-comman'].includes(lower)) {
      const rest = args.slice(i + 1);
      if (rest.length === 1 && rest[0]!.value === '-') {
        return ctx.stdin.kind === 'text' ? { kind: 'powershell', source: ctx.stdin.text, why: `${name} -Command - runs stdin` } : unknown(`${name} runs commands from stdin`);
      }
      if (rest.some((a) => a.value === null)) return unknown(`${name} -Command with parts only known at run time`);
      const source = rest.map((a) => a.value).join(' ');
      const v2: Verdict = { kind: 'powershell', source, why: `${name} -Command runs PowerShell code` };
      return cwd ? { kind: 'many', verdicts: [unknown(`${name} -WorkingDirectory moves relative paths`), v2] } : v2;
    }
    if (['-encodedcommand', '-e', '-ec', '-enc'].includes(lower)) {
      const b64 = args[i + 1]?.value;
      if (!b64) return unknown(`${name} -EncodedCommand with a value only known at run time`);
      const decoded = decodeUtf16Base64(b64);
      if (decoded === null) return unknown(`${name} -EncodedCommand is not valid base64 UTF-16`);
      return { kind: 'powershell', source: decoded, why: `${name} -EncodedCommand runs decoded PowerShell code` };
    }
    if (['-file', '-f'].includes(lower)) return unknown(`${name} -File runs a script whose content is not visible`);
    if (['-executionpolicy', '-ep', '-ex', '-windowstyle', '-w', '-inputformat', '-outputformat', '-of', '-if', '-version', '-v', '-configurationname', '-custompipename', '-settingsfile', '-psconsolefile'].includes(lower)) {
      i++;
      continue;
    }
    if (lower === '-workingdirectory' || lower === '-wd' || lower === '-wo') {
      cwd = args[i + 1];
      i++;
      continue;
    }
    if (lower.startsWith('-')) continue; // -NoProfile, -NonInteractive, -NoLogo, -Login…
    return unknown(`${name} ${v}: a bare argument is a script path or code depending on the PowerShell edition`);
  }
  return ctx.stdin.kind === 'text' ? { kind: 'powershell', source: ctx.stdin.text, why: `${name} runs the script on its stdin` } : interactive(name, ctx);
}

export function decodeUtf16Base64(b64: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) return null;
  try {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    if (bytes.length % 2 !== 0) return null;
    let s = '';
    for (let i = 0; i < bytes.length; i += 2) s += String.fromCharCode(bytes[i]! | (bytes[i + 1]! << 8));
    return s;
  } catch {
    return null;
  }
}

/**
 * gh: a read is a known command group with a read verb and options from a table of display and
 * filter options. Any other first word is an extension or an alias (code the hook cannot see);
 * `gh api` reads only with GET/HEAD and no fields, body or cache.
 */
const GH_READ_VERBS: Record<string, RegExp> = {
  pr: /^(view|list|ls|status|diff|checks)$/,
  issue: /^(view|list|ls|status)$/,
  repo: /^(view|list|ls)$/,
  release: /^(view|list|ls)$/,
  run: /^(view|list|ls|watch)$/,
  workflow: /^(view|list|ls)$/,
  gist: /^(view|list|ls)$/,
  label: /^(list|ls)$/,
  cache: /^(list|ls)$/,
  secret: /^(list|ls)$/,
  variable: /^(list|ls|get)$/,
  org: /^(list|ls)$/,
  project: /^(view|list|ls|field-list|item-list)$/,
  ruleset: /^(view|list|ls|check)$/,
  search: /^(repos|issues|prs|commits|code)$/,
  extension: /^(list|ls|search)$/,
  alias: /^(list|ls)$/,
  auth: /^(status|token)$/,
  config: /^(get|list|ls)$/,
  'ssh-key': /^(list|ls)$/,
  'gpg-key': /^(list|ls)$/,
  completion: /^$/,
};
const GH_READ_OPTIONS: ProgramTable = {
  options:
    '-R= --repo= --json= -q= --jq= -t= --template= -w --web -L= --limit= -s= --state= -a --all --assignee= -A= --author= -l= --label= -B= --base= -H= --head= -S= --search= -m= --milestone= -d --draft --app= -c --comments -e --exit-status --patch --name-only --color= --required --watch -i= --interval= --fail-fast --log --log-failed -j= --job= -v --verbose --attempt= -b= --branch= -u= --user= --event= --workflow= --commit= --created= --status= --yaml -r= --ref= --raw --filename= --files -o= --owner= --visibility= --fork --source --archived --no-archived --topic= --language= --order= --sort= --match= --include-forks= --hostname= --show-token --active --key= --org= --env= --host= --format= --shell= -h --help --exclude-drafts --exclude-pre-releases --jq=',
};
const GH_API_OPTIONS: ProgramTable = {
  options: '-X= --method= -H= --header= -q= --jq= -t= --template= --paginate --slurp -i --include --silent --verbose --hostname= -p= --preview= -f=U -F=U --field=U --raw-field=U --input=U --cache=U -h --help',
};

function gh(args: readonly Arg[]): Verdict {
  const [a, b] = [args[0]?.value, args[1]?.value];
  if (a === null || b === null) return unknown('gh: a subcommand only known at run time');
  if (args.length === 0 || (args.length === 1 && /^(--version|version|help|--help|-h|status)$/.test(a!))) return read('gh prints information');
  if (a === 'api') {
    const p = parseTable(args.slice(1), GH_API_OPTIONS, 'gh api');
    if (p.unknowns.length) return unknown(p.unknowns[0]!.replace('its effect cannot be proven read-only', 'sends a body or fields, or fills a cache'));
    const method = value(p, '-X', '--method');
    if (method !== undefined && (method === null || !/^(GET|HEAD)$/i.test(method))) return unknown(`gh api -X ${method ?? '<run time>'} sends a changing request`);
    if (p.operands.some((o) => o.value === 'graphql')) return unknown('gh api graphql can run mutations');
    return read('gh api GET reads');
  }
  if (b === 'checkout' || (a === 'repo' && b === 'clone')) return write(`gh ${a} ${b} changes the work tree`);
  const verbs = a === undefined ? undefined : GH_READ_VERBS[a];
  if (!verbs) return unknown(`gh ${a ?? ''}: not a command group this guard knows (an extension or alias runs code)`);
  if (a === 'status' || a === 'completion' ? false : !(b !== undefined && verbs.test(b))) return unknown(`gh ${a} ${b ?? ''} changes GitHub state or local settings`);
  const p = parseTable(args.slice(a === 'completion' ? 1 : 2), GH_READ_OPTIONS, `gh ${a} ${b ?? ''}`.trim());
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  return read(`gh ${a} ${b ?? ''} reads`.trim());
}

/** unzip: list, test, pipe and comment modes read (with options from the table); everything else extracts. -T re-dates the archive. */
export const UNZIP_TABLE: ProgramTable = {
  options: '-p -l -f -u -t -z -v -Z -T!W -x -d= -n -q -o -j -U -C -L -X -V -K -M!U -a -b -B -c -D -F= -I= -O= -P= -s -W -h -hh -qq -aa -UU -2 -:',
};

function unzip(args: readonly Arg[]): Leaf {
  // unzip -Z is zipinfo: the rest are zipinfo's options
  if (args[0]?.value === '-Z') return tableRead('unzip -Z', READ_TABLES.zipinfo!, args.slice(1));
  const p = parseTable(args, UNZIP_TABLE, 'unzip');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.writes.length) return write(p.writes[0]!, p.operands.slice(0, 1), { writesContent: true });
  if (has(p, '-l', '-t', '-Z', '-v', '-p', '-z', '-c', '-h', '-hh')) return read('unzip lists, tests or prints an archive');
  const d = value(p, '-d');
  return write('unzip extracts files', [d === undefined ? literalArg('.') : d === null ? RUNTIME_ARG : literalArg(d)], { writesContent: true });
}

/** zip writes its archive (-O another one); -m deletes the files it adds; -TT runs a test command. */
export const ZIP_TABLE: ProgramTable = {
  options:
    '-f --freshen -u --update -d --delete -U --copy-entries -0 -1 -2 -3 -4 -5 -6 -7 -8 -9 -e --encrypt -P= --password= -F --fix -FF --fixfix -A --adjust-sfx -J --junk-sfx -T --test -TT=X --unzip-command=X -X --no-extra -y --symlinks -r --recurse-paths -R --recurse-patterns -j --junk-paths -D --no-dir-entries -l --to-crlf -ll --from-crlf -q --quiet -v --verbose -c --entry-comments -z --archive-comment -o --latest-time -O=W --output-file=W -x= --exclude= -i= --include= -b= --temp-path= -t= --from-date= -tt= --before-date= -n= --suffixes= -Z= --compression-method= -s= --split-size= -sp --split-pause -sb --split-bell -sv --split-verbose -sf --show-files -su --show-unicode -sU --show-just-unicode -sd --show-debug -sc --show-command -so --show-options -m!W --move!W -MM --must-match -nw --no-wild -ws --wild-stop-dirs -@ --names-stdin -$ --volume-label -k --DOS-names -g --grow -h --help -h2 --more-help -L --license -UN= --unicode= -AC --archive-clear -AS --archive-set -db --display-bytes -dc --display-counts -dd --display-dots -dg --display-globaldots -ds= --dot-size= -du --display-usize -dv --display-volume -lf= --logfile-path=W -lF!W -la --log-append -li --log-info -sC --show-command -ic --case-insensitive -nw',
  singleDashLong: true,
};

function zip(args: readonly Arg[]): Leaf {
  const p = parseTable(args, ZIP_TABLE, 'zip');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.execs.length) return unknown(p.execs[0]!);
  const archive = p.operands[0];
  if (has(p, '-sf', '--show-files', '-h', '--help', '-h2', '--more-help', '-L', '--license') && !has(p, '-m', '--move') && p.operands.length <= 1 && !p.targets.length) return read('zip only lists or prints');
  if (!archive) return write('zip writes an archive to stdout or from names read at run time');
  const out = [...p.targets];
  if (has(p, '-m', '--move')) return write('zip -m adds files to the archive and deletes them', [archive, ...out, ...p.operands.slice(1)], { writesContent: true });
  if (archive.value === '-') return out.length ? write('zip writes its output file', out, { writesContent: true }) : read('zip writes the archive to stdout');
  return write('zip writes an archive', out.length && has(p, '-O', '--output-file') ? out : [archive, ...out], { writesContent: true });
}

/** 7-Zip: l (list), t (test), i (info), h (hash) read with switches from a read-only list; other commands change archives or extract. */
function sevenZip(name: string, args: readonly Arg[]): Leaf {
  const op = args[0]?.value;
  if (op === null || op === undefined) return op === undefined ? read(`${name} prints usage`) : unknown(`${name}: the command is only known at run time`);
  const switches = args.slice(1).filter((a) => a.value === null || a.value.startsWith('-'));
  // x/e with -so extract to stdout and write nothing
  const toStdout = /^(x|e)$/.test(op) && switches.some((a) => a.value === '-so');
  if (/^(l|t|i|h)$/.test(op) || toStdout) {
    const bad = switches.find((a) => a.value === null || !/^-(p.*|t\w+|slt|ba|r-?|y|bs[oep]\d|bb\d?|bd|sc[scr]\w*|scrc\w*|i[r!]?[@!].*|x[r!]?[@!].*|sn\w*|so)$/.test(a.value));
    if (bad) return unknown(`${name} ${op} ${bad.text}: a switch this guard does not know as read-only`);
    return read(toStdout ? `${name} ${op} -so extracts to stdout` : `${name} ${op} lists, tests or hashes`);
  }
  const archive = args.slice(1).find((a) => a.value === null || !a.value.startsWith('-'));
  if (/^(a|u|d|rn)$/.test(op)) return write(`${name} ${op} changes an archive`, archive && !switches.length ? [archive] : undefined, { writesContent: true });
  return write(`${name} ${op} extracts or changes files`, undefined, { writesContent: true });
}

/**
 * yq (two programs share the name: the Python jq wrapper and the Go one). Options from both;
 * -i/--inplace/--in-place edit their files, Go yq -s/--split-exp writes one file per document,
 * and Python yq's -s (--slurp) is the same letter: unknown which program runs, so -s is unprovable.
 */
export const YQ_TABLE: ProgramTable = {
  options:
    '-i!W --inplace!W --in-place!W -s=U --split-exp=U --split-exp-file=U -y --yaml-output --yml-output -Y --yaml-roundtrip --yml-roundtrip --yaml-output-grammar-version= -w= -t --toml-output -x --xml-output --xml-item-depth= --xml-dtd --xml-root= --xml-force-list= --explicit-start --explicit-end --width= --indentless-lists --indentless --yml-out-ver= -e --exit-status -n --null-input -r --raw-output -j --join-output -a --ascii-output -c --compact-output -C --color-output -M --monochrome-output -S --sort-keys --tab --indent= --arg== --argjson== --slurpfile== --rawfile== --args --jsonargs -f= --from-file= -L= --seq --stream -R --raw-input -I= -p= --input-format= -o= --output-format= -P --prettyPrint -N --no-doc --no-colors --colors -0 --nul-output --header-preprocess --no-header-preprocess --front-matter= --expression= --lua-globals --lua-prefix= --lua-suffix= --lua-unquoted --properties-separator= --properties-array-brackets --csv-auto-parse --csv-separator= --tsv-auto-parse --xml-attribute-prefix= --xml-content-name= --xml-directive-name= --xml-keep-namespace --xml-proc-inst-prefix= --xml-raw-token --xml-skip-directives --xml-skip-proc-inst --xml-strict-mode -v --verbose -V --version -h --help --unwrapScalar --unwrap-scalar --string-interpolation --no-string-interpolation --security-disable-env-ops --security-disable-file-ops',
};

function yq(args: readonly Arg[]): Leaf {
  const p = parseTable(args, YQ_TABLE, 'yq');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  if (p.writes.length) {
    const ops = p.operands[0]?.value && /^(e|eval|ea|eval-all)$/.test(p.operands[0].value) ? p.operands.slice(2) : p.operands.slice(1);
    return write('yq -i edits files in place', ops.length ? ops : undefined, { writesContent: true });
  }
  return read('yq prints');
}

/**
 * systemctl: read verbs, each option from a table of read-only ones (an unlisted option, a job
 * mode, --now or --root make it unknown, as does every other verb).
 */
const SYSTEMCTL_READ_OPTIONS: ProgramTable = {
  options:
    '--user --system --global -a --all -t= --type= --state= -p= --property= -P= -l --full --no-pager --no-legend --no-ask-password -n= --lines= -o= --output= -H= --host= -M= --machine= --plain --value -q --quiet --failed --reverse --before --after -r --recursive --show-types --with-dependencies --timestamp= --check-inhibitors= -i --ignore-inhibitors --legend= -h -V',
};
const SYSTEMCTL_READ_VERBS = /^(status|show|cat|help|is-active|is-enabled|is-failed|is-system-running|list-units|list-unit-files|list-timers|list-sockets|list-jobs|list-dependencies|list-machines|list-paths|list-automounts|get-default|show-environment|whoami|--version)$/;

function systemctl(args: readonly Arg[]): Leaf {
  const p = parseTable(args, SYSTEMCTL_READ_OPTIONS, 'systemctl');
  const verb = p.operands[0];
  if (verb === undefined) return p.unknowns.length ? unknown(p.unknowns[0]!) : read('systemctl lists units');
  if (verb.value === null || !SYSTEMCTL_READ_VERBS.test(verb.value)) return unknown(`systemctl ${verb.text} changes services or is not a verb this guard knows as read-only`);
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  return read(`systemctl ${verb.value} reads`);
}

/** iproute2: global options, then OBJECT, then a read verb (show/list/get) or none; netns exec runs a command, -batch runs a file of commands. */
const IP_TABLE: ProgramTable = {
  singleDashLong: true,
  options:
    '-4 -6 -0 -B -M -family= -f= -r -resolve -s -stats -statistics -d -details -o -oneline -br -brief -c[=] -color[=] -j -json -p -pretty -t -timestamp -ts -tshort -h -human -human-readable -iec -l= -loops= -rc= -rcvbuf= -a -all -N -Numeric -n= -netns= -V -Version -help -b!U -batch!U -force',
};

function ipCommand(args: readonly Arg[]): Verdict {
  // options come before the object; everything after it is the object's own grammar
  let i = 0;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null || !v.startsWith('-')) break;
    const name = v.replace(/^--?/, '-');
    const rule = tableOptions(IP_TABLE).find((r) => r.name === name);
    if (!rule) return unknown(`ip ${v}: an option this guard's table does not list`);
    if (rule.effect !== 'read') return unknown(`ip ${v} runs commands from a file`);
    if (rule.arity === 1) i++;
  }
  const obj = args[i]?.value;
  if (obj === undefined) return read('ip prints usage');
  if (obj === null) return unknown('ip: the object is only known at run time');
  const verb = args[i + 1]?.value;
  if (/^(mo|mon|moni|monit|monito|monitor|help)$/.test(obj)) return read(`ip ${obj} reads`);
  if (/^netns$/.test(obj)) {
    if (verb === undefined || /^(list|ls|lst|identify|pids|list-id|monitor)$/.test(verb ?? '')) return read('ip netns lists namespaces');
    if (verb === 'exec') return unknown('ip netns exec runs a command in another network namespace');
    return unknown(`ip netns ${verb ?? ''} changes namespaces`);
  }
  if (verb === undefined) return read(`ip ${obj} lists`);
  if (verb !== null && /^(s|sh|sho|show|l|li|lis|list|ls|lst|g|ge|get|save|showdump)$/.test(verb)) return read(`ip ${obj} ${verb} reads`);
  return unknown(`ip ${obj} ${verb ?? '<run time>'} changes networking or is not a verb this guard knows as read-only`);
}

/** nftables: only `list` (and describe) commands read; -f and -i run rule files or keystrokes. */
const NFT_TABLE: ProgramTable = { options: '-a --handle -c --check -s --stateless -t --terse -n --numeric -N -S --service -u --guid -y --numeric-priority -p --numeric-protocol -T --numeric-time -j --json -e --echo -d= --debug= -I= --includepath= -o --optimize -V -v --version -h --help -f=U --file=U -i!U --interactive!U' };

function nftCommand(args: readonly Arg[]): Leaf {
  const p = parseTable(args, NFT_TABLE, 'nft');
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  const verb = p.operands[0]?.value;
  if (verb === undefined) return has(p, '-V', '-v', '--version', '-h', '--help') ? read('nft prints information') : unknown('nft without a command reads rules from stdin');
  if (verb === 'list' || verb === 'describe' || has(p, '-c', '--check')) return read(`nft ${verb ?? ''} reads`);
  return unknown(`nft ${verb ?? '<run time>'} changes the firewall`);
}

function systemTool(name: string, args: readonly Arg[]): Verdict | null {
  const first = args[0]?.value;
  switch (name) {
    case 'kill':
    case 'pkill':
    case 'killall':
      return args.length === 0 || first === '-l' || first === '-L' ? read(`${name} lists signals`) : unknown(`${name} signals other processes`);
    case 'systemctl':
      return systemctl(args);
    case 'service': {
      // service NAME status | service --status-all
      if (args.length === 1 && args[0]!.value === '--status-all') return read('service --status-all lists services');
      if (args.length === 2 && args[1]!.value === 'status') return read('service NAME status reads');
      return unknown(`service ${args.map((a) => a.text).join(' ')} changes services`);
    }
    case 'launchctl': {
      const op = first;
      if (op && /^(list|print|print-disabled|print-cache|blame|hostinfo|version|help|managerpid|manageruid|managername|error|procinfo|dumpstate|dumpjpcategory|resolveport|examine)$/.test(op)) return read(`launchctl ${op} reads`);
      return unknown(`launchctl ${op ?? ''} changes services`);
    }
    case 'crontab':
      return args.length === 1 && first === '-l' ? read('crontab -l reads') : unknown('crontab schedules commands for later');
    case 'at':
    case 'batch':
      return name === 'at' && args.length === 1 && first === '-l' ? read('at -l lists jobs') : unknown(`${name} schedules commands for later`);
    case 'atq':
      return args.length === 0 ? read('atq lists jobs') : unknown('atq with options');
    case 'mount':
      return args.every((a) => a.value !== null && /^(-l|--show-labels|-h|--help|-V|--version)$/.test(a.value)) ? read('mount lists mounts') : unknown('mount changes mounts');
    case 'umount':
      return unknown('umount changes mounts');
    case 'ip':
      return ipCommand(args);
    case 'nft':
      return nftCommand(args);
    // macOS: the printing forms of defaults, diskutil, pkgutil, security, log and plutil
    case 'defaults':
      return args.find((a) => a.value === null || !a.value.startsWith('-'))?.value?.match(/^(read|read-type|domains|find|help)$/) ? read('defaults reads preferences') : unknown('defaults changes preferences');
    case 'diskutil':
      return /^(list|info|activity)$/.test(first ?? '') || (first === 'apfs' && /^(list|listSnapshots|listCryptoUsers)$/.test(args[1]?.value ?? '')) ? read('diskutil lists disks') : unknown('diskutil changes disks');
    case 'pkgutil':
      return args.length > 0 && args.every((a) => a.value !== null && (!a.value.startsWith('-') || /^--(pkgs|pkgs-plist|pkg-info|pkg-info-plist|files|file-info|file-info-plist|lsbom|payload-files|check-signature|export-plist|groups|group-pkgs|volume|regexp|only-files|only-dirs)(=|$)/.test(a.value))) ? read('pkgutil reads receipts') : unknown('pkgutil changes receipts or expands packages');
    case 'security':
      return /^(find-identity|find-certificate|find-generic-password|find-internet-password|find-key|show-keychain-info|dump-trust-settings|verify-cert|list-smartcards)$/.test(first ?? '') || (/^(list-keychains|default-keychain|login-keychain)$/.test(first ?? '') && !args.some((a) => a.value === '-s' || a.value === '-d')) ? read('security reads keychains') : unknown('security changes keychains or trust');
    case 'log':
      return /^(show|stream|stats|help)$/.test(first ?? '') && !args.some((a) => a.value === '--output' || a.value?.startsWith('--output=')) ? read('log reads the unified log') : unknown('log erases, configures or collects the log');
    case 'plutil':
      return args.length > 0 && args.every((a) => a.value !== null && (!a.value.startsWith('-') || /^-(p|lint|s|help|type)$/.test(a.value))) && args.some((a) => /^-(p|lint|help|type)$/.test(a.value ?? '')) ? read('plutil prints or checks property lists') : unknown('plutil converts or edits property lists in place');
    case 'ufw':
      return args.some((a) => a.value === '--dry-run') || (args.length >= 1 && /^(status|show|version)$/.test(first ?? '')) || (first === 'app' && /^(list|info)$/.test(args[1]?.value ?? '')) ? read('ufw reads its rules') : unknown('ufw changes the firewall');
    case 'shutdown':
    case 'reboot':
    case 'halt':
    case 'poweroff':
    case 'useradd':
    case 'userdel':
    case 'usermod':
    case 'groupadd':
    case 'passwd':
    case 'chpasswd':
    case 'visudo':
    case 'modprobe':
    case 'insmod':
    case 'rmmod':
    case 'swapon':
    case 'swapoff':
    case 'enable':
    case 'nc':
    case 'ncat':
    case 'netcat':
    case 'socat':
    case 'open':
    case 'xdg-open':
    case 'start':
    case 'code':
    case 'cursor':
    case 'subl':
    case 'osascript':
    case 'aider':
    case 'su':
    case 'runuser':
    case 'login':
    case 'newgrp':
    case 'sg':
      if (name === 'su' || name === 'runuser') {
        const c = args.findIndex((a) => a.value === '-c' || a.value === '--command');
        const src = c === -1 ? undefined : args[c + 1]?.value;
        if (src) return { kind: 'shell', source: src, why: `${name} -c runs a shell command as another user` };
      }
      return unknown(`${name} acts outside the file system view of this hook (processes, users, other programs or agents)`);
    case 'mkfs':
    case 'fdisk':
    case 'sfdisk':
    case 'gdisk':
    case 'sgdisk':
    case 'parted':
    case 'wipefs':
    case 'mkswap':
    case 'blkdiscard':
    case 'badblocks':
      return write(`${name} writes a block device`);
    case 'htpasswd': {
      const p = parseOpts(args);
      if (has(p, '-n')) return read('htpasswd -n prints a password hash', { hash: true });
      return write('htpasswd writes a password file', p.operands[0] ? [p.operands[0]] : undefined, { hash: true, writesContent: true });
    }
    case 'certutil': {
      const lower = args.map((a) => (a.value ?? '').toLowerCase());
      if (lower.includes('-hashfile')) return read('certutil -hashfile computes a hash', { hash: true });
      if (lower.includes('-decode') || lower.includes('-encode') || lower.includes('-decodehex')) {
        const ops = args.filter((a) => a.value !== null && !a.value.startsWith('-'));
        return write('certutil -decode writes a file', ops.length >= 2 ? [ops[ops.length - 1]!] : undefined, { writesContent: true });
      }
      return unknown('certutil can download and change certificate stores');
    }
  }
  if (/^mkfs\./.test(name)) return write(`${name} formats a block device`);
  return null;
}

/** Classify one simple command (name + arguments). */
export function classifyArgv(argv: readonly Arg[], ctx: ProgramContext): Verdict {
  const head = argv[0];
  if (!head) return read('empty command');
  const pn = programName(head);
  if ('computed' in pn) return unknown(`the command name ${pn.computed} is computed at run time`);
  if ('file' in pn) return unknown(`runs the file ${pn.file}; its content is not visible to the hook`, { runs: [head] });
  const name = pn.name;
  const args = argv.slice(1);

  const wrapped = classifyWrapper(name, args, ctx);
  if (wrapped) return wrapped;
  if (SHELLS.has(name)) return shellProgram(name, args, ctx);
  if (FOREIGN_SHELLS.has(name)) {
    if (args.length === 1 && args[0]!.value === '--version') return read(`${name} prints its version`);
    return unknown(`${name} runs code in a shell language this hook does not parse`);
  }
  if (name === 'pwsh' || name === 'powershell' || name === 'powershell.exe') return pwshProgram(name, args, ctx);
  if (name === 'git') return classifyGit(args, ctx);
  if (name === 'apply_patch' || name === 'applypatch') {
    const text = args[0]?.value ?? (ctx.stdin.kind === 'text' ? ctx.stdin.text : null);
    if (args[0] && args[0].value === null) return write('apply_patch with a patch only known at run time');
    return text ? { kind: 'patch', text, why: `${name} applies a patch` } : write(`${name} applies a patch read at run time`);
  }
  const host = classifyHostCli(name, args);
  if (host) return host;
  const tool = classifyToolchain(name, args, ctx);
  if (tool) return tool;
  if (isInterpreter(name)) return classifyInterpreter(name, args, ctx);
  const sys = systemTool(name, args);
  if (sys) return sys;
  return classifyCoreutil(name, args, ctx);
}

function classifyCoreutil(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
  switch (name) {
    case 'cd':
    case 'chdir':
    case 'pushd': {
      // `--` ends the options; pushd -n only adds to the stack; pushd +N/-N rotates it (the folder comes from the stack)
      const ops = args.filter((a) => a.value === null || !/^-[LPe@]+$/.test(a.value)).filter((a, i, all) => !(a.value === '--' && i === 0 && all.length > 1));
      if (name === 'pushd' && ops.some((a) => a.value === '-n')) return { kind: 'cd', target: literalArg('.'), why: 'pushd -n only adds a folder to the stack' };
      if (name === 'pushd' && ops.some((a) => a.value !== null && /^[+-]\d+$/.test(a.value))) return { kind: 'cd', target: null, why: 'pushd +N/-N rotates the folder stack: the folder is known only at run time' };
      const t = ops[0];
      if (!t) return { kind: 'cd', target: ctx.home ? literalArg(ctx.home) : null, why: `${name} to the home folder` };
      if (t.value === '-') return { kind: 'cd', target: null, why: `${name} - returns to a folder known only at run time` };
      return { kind: 'cd', target: t.value === null || t.glob ? null : t, why: `${name} changes folder` };
    }
    case 'popd':
      return { kind: 'cd', target: null, why: 'popd returns to a folder known only at run time' };
    case 'eval': {
      if (args.some((a) => a.value === null)) return unknown('eval runs a string computed at run time');
      // a glob expands to file names that eval would then run as code
      if (args.some((a) => a.glob)) return unknown('eval of a glob runs file names as code');
      // literal text: eval runs it in this shell, as the walker reads it (a cd inside leaves the folder unknown after it)
      return { kind: 'shell', source: args.map((a) => a.value).join(' '), why: 'eval runs this text as shell code' };
    }
    case 'source':
    case '.':
      return unknown(`${name} runs the commands of ${args[0]?.text ?? 'a file'}; that file is not visible to the hook`);
    case 'trap': {
      const first = args[0]?.value;
      if (args.length === 0 || first === '-p' || first === '-l') return read('trap lists handlers');
      if (first === null) return unknown('trap with a handler only known at run time');
      if (first === '-' || first === '') return read('trap resets a handler');
      return { kind: 'shell', source: first!, why: 'trap runs this handler later' };
    }
    case 'alias':
      return args.some((a) => a.value === null || a.value.includes('=')) ? unknown('alias defines a name that later runs other commands') : read('alias lists aliases');
    case 'export':
    case 'declare':
    case 'typeset':
    case 'local':
    case 'readonly':
    case 'set':
    case 'unset':
    case 'shopt':
    case 'setopt': {
      const code = declareRunsCode(args);
      if (code) return unknown(`${name}: ${code}`);
      if (/^(declare|typeset|local)$/.test(name) && args.some((a) => a.value !== null && /^-[A-Za-z]*n/.test(a.value))) return unknown(`${name} -n makes a name reference: a later assignment through it reaches any variable`);
      for (const a of args) {
        if (a.value === null) return unknown(`${name}: an argument only known at run time`);
        const s = sensitiveAssignment(a.value);
        if (s) return unknown(`${name} sets ${s}, which changes what later commands run or load`);
        if (name === 'shopt' && a.value === 'expand_aliases') return unknown('shopt expand_aliases makes aliases run other commands');
      }
      return read(`${name} changes shell variables only`);
    }
    case 'rm':
    case 'rmdir':
    case 'unlink':
    case 'rimraf':
    case 'trash':
    case 'trash-put':
      return allOperandsWrite(name, args, { longWithValue: ['interactive', 'preserve-root'] }, 'removes files');
    case 'shred':
      return allOperandsWrite(name, args, { shortWithValue: 'ns', longWithValue: ['iterations', 'size', 'random-source'] }, 'overwrites files');
    case 'mkdir':
      return allOperandsWrite(name, args, { shortWithValue: 'm', longWithValue: ['mode'] }, 'creates folders');
    case 'mkfifo':
    case 'mknod':
      return write(`${name} creates special files`, operands(args, { shortWithValue: 'mZ', longWithValue: ['mode', 'context'] }).slice(0, 1));
    case 'touch':
      return allOperandsWrite(name, args, { shortWithValue: 'dtr', longWithValue: ['date', 'reference', 'time'] }, 'creates or updates files');
    case 'truncate':
      return allOperandsWrite(name, args, { shortWithValue: 'sr', longWithValue: ['size', 'reference'] }, 'resizes files', { writesContent: true });
    case 'dos2unix':
    case 'unix2dos':
    case 'mac2unix':
      return allOperandsWrite(name, args, {}, 'rewrites files in place', { writesContent: true });
    case 'mv': {
      const p = parseOpts(args, { shortWithValue: 'tS', longWithValue: ['target-directory', 'suffix'] });
      // the sources leave their folders; into a folder they land under their own names
      const sources = value(p, '-t', '--target-directory') === undefined ? p.operands.slice(0, -1) : p.operands;
      return withBackups('mv', 'moves files (source and destination change)', p, destinations(p), sources, true);
    }
    case 'cp':
      return destinationWrite('cp', args, 'tS', ['target-directory', 'suffix', 'no-preserve'], 'copies into the destination');
    case 'install': {
      const p = parseOpts(args, { shortWithValue: 'mogtS', longWithValue: ['mode', 'owner', 'group', 'target-directory', 'suffix', 'strip-program'] });
      if (has(p, '-d', '--directory')) return write('install -d creates folders', p.operands);
      if (has(p, '--strip-program')) return unknown('install --strip-program runs a program');
      return destinationWrite('install', args, 'mogtS', ['mode', 'owner', 'group', 'target-directory', 'suffix'], 'copies into the destination');
    }
    case 'ln':
    case 'link':
      return destinationWrite('ln', args, 'tS', ['target-directory', 'suffix'], 'creates a link');
    case 'chmod':
    case 'chown':
    case 'chgrp':
    case 'chattr':
      return metadataWrite(name, args);
    case 'setfacl':
      return allOperandsWrite(name, args, { shortWithValue: 'mxMX', longWithValue: ['modify', 'remove', 'modify-file', 'remove-file', 'set', 'set-file'] }, 'changes file ACLs');
    case 'tee': {
      const p = parseOpts(args, { longWithValue: ['output-error'] });
      const files = p.operands.filter((a) => a.value !== '/dev/null' && a.value !== '/dev/stdout' && a.value !== '/dev/stderr');
      if (files.length === 0) return read('tee only copies to stdout');
      return write('tee writes its input to files', files, { writesContent: true, content: ctx.stdin.kind === 'text' ? ctx.stdin.text : undefined, append: has(p, '-a', '--append') });
    }
    case 'sponge': {
      const p = parseOpts(args);
      return write('sponge writes its input to a file', p.operands.slice(0, 1), { writesContent: true, content: ctx.stdin.kind === 'text' ? ctx.stdin.text : undefined, append: has(p, '-a') });
    }
    case 'dd': {
      if (args.some((a) => a.value === null)) return unknown('dd: an operand only known at run time');
      // operands are read in order and a later of= replaces an earlier one; /dev/null is not a file written
      const of = [...args].reverse().find((a) => a.value!.startsWith('of='));
      const target = of ? of.value!.slice(3) : null;
      if (target === null || isNullDevice(target)) return read(target === null ? 'dd copies to stdout' : `dd copies into ${target}`);
      return write('dd writes its output file', [literalArg(target)], { writesContent: true });
    }
    case 'sed':
      return sed(args);
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk':
      return awk(name, args);
    case 'split':
    case 'csplit':
      return write(`${name} writes pieces next to a prefix`);
    case 'yq':
      return yq(args);
    case 'tar':
    case 'bsdtar':
    case 'gtar':
      return tar(args);
    case 'unzip':
      return unzip(args);
    case 'zip':
      return zip(args);
    case '7z':
    case '7za':
    case '7zr':
    case '7zz':
      return sevenZip(name, args);
    // compressors without a table (not installed where their --help could be checked): they replace files
    case 'brotli':
    case 'compress':
    case 'uncompress':
    case 'pigz':
    case 'unpigz':
    case 'lzip':
    case 'lunzip':
    case 'lzop':
    case 'lz4c':
    case 'pbzip2':
    case 'lbzip2':
    case 'plzip':
    case 'pixz':
      return write(`${name} replaces files with (de)compressed ones (its options are not tabled: never a read)`);
    case 'patch':
      return gnuPatch(args, ctx.stdin.kind === 'text' ? ctx.stdin.text : null);
    case 'rsync':
    case 'scp':
      return rsyncLike(name, args);
    case 'curl':
      return curl(args);
    case 'http':
    case 'https':
    case 'xh':
    case 'xhs':
      return httpie(name, args, ctx);
    case 'wget':
    case 'wget2':
      return wget(args);
    case 'openssl':
      return openssl(args);
    case 'mktemp': {
      const p = parseOpts(args, { shortWithValue: 'p', longWithValue: ['tmpdir', 'suffix'] });
      if (has(p, '-u', '--dry-run')) return read('mktemp -u only prints a name');
      return write('mktemp creates a temporary file or folder');
    }
    case 'gh':
      return gh(args);
    case 'cpio':
      return cpio(args);
    case 'ar':
      return ar(args);
    case 'dpkg-deb':
      return dpkgDeb(args);
    case 'sqlite3':
      return sqlite3(args, ctx);
    case 'psql':
      return psql(args, ctx);
    case 'mysql':
    case 'mariadb':
      return mysql(name, args, ctx);
    case 'redis-cli':
      return redisCli(args);
    case 'sdiff': {
      const p = parseOpts(args, { shortWithValue: 'oIw', longWithValue: ['output', 'ignore-matching-lines', 'width', 'diff-program'] });
      if (has(p, '--diff-program')) return unknown('sdiff --diff-program runs a program');
      const out = value(p, '-o', '--output');
      return out !== undefined ? unknown('sdiff -o merges interactively') : read('sdiff prints');
    }
  }
  const builtin = classifyBuiltin(name, args);
  if (builtin) {
    if (name === 'echo' || name === 'printf') return builtin.mutability === 'read' ? { ...builtin, content: echoContent(name, args) } : builtin;
    return builtin;
  }
  const table = READ_TABLES[name];
  if (table) {
    const leaf = tableRead(name, table, args);
    if (leaf.mutability !== 'read') return HASH_PROGRAMS.has(name) ? { ...leaf, hash: true } : leaf;
    if ((name === 'bat' || name === 'batcat') && args.some((a) => a.value === 'cache')) return unknown('bat cache changes its syntax cache');
    if (HASH_PROGRAMS.has(name)) return { ...leaf, why: `${name} computes digests`, hash: true };
    if (name === 'cat') {
      const files = args.filter((a) => a.value === null || (a.value !== '-' && !a.value.startsWith('-')));
      return { ...leaf, why: 'cat prints files', content: files.length === 0 && ctx.stdin.kind === 'text' ? ctx.stdin.text : undefined };
    }
    return leaf;
  }
  if (HASH_PROGRAMS.has(name)) return unknown(`${name}: a hashing program without an option table (some write hash files or logs)`, { hash: true });
  if (isBatchEditor(name) && args.length > 0) return batchEditor(name, args, ctx);
  const info = versionQuery(name, args) ?? syntaxCheck(name, args);
  if (info) return info;
  if (INTERACTIVE.has(name)) return unknown(`${name} is interactive; keystrokes typed later are never seen by a hook`);
  return unknown(`${name}: not a program this guard knows`);
}

export { RUNTIME_ARG };
