/**
 * The per-program table: one argv in, one verdict out. Order of lookup: how the name is
 * written (a path to a script is unknown), wrappers, shells, git, package managers and
 * toolchains, interpreters, then core utilities. A name nobody lists is unknown.
 */
import { classifyBuiltin, declareRunsCode } from './builtins';
import { classifyGit } from './git';
import { READ_TABLES, type ReadTable } from './read-tables';
import { awkEffects, sedEffects } from './scripts';
import { has, parseTable, value, type ProgramTable, type TableParse } from './table';
import { HASH_PROGRAMS } from './intents';
import { parseOpts, hasAny, optValue, type ParsedOpts } from './opts';
import { classifyInterpreter, classifyToolchain, interactive, isInterpreter } from './packages';
import { read, write, unknown, type Leaf, type ProgramContext, type Verdict } from './verdict';
import { classifyWrapper, sensitiveAssignment } from './wrappers';
import { literalArg, RUNTIME_ARG, staticValue, type Arg } from './words';

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

function operands(args: readonly Arg[], spec: Parameters<typeof parseOpts>[1] = {}): Arg[] {
  return parseOpts(args, spec).operands;
}

function allOperandsWrite(name: string, args: readonly Arg[], spec: Parameters<typeof parseOpts>[1], why: string, extra: Partial<Leaf> = {}): Leaf {
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
  const t = optValue(p, '-t', '--target-directory');
  if (t === null) return [RUNTIME_ARG];
  const dest = t !== undefined ? literalArg(`${t}/`) : p.operands[p.operands.length - 1];
  if (!dest) return [];
  const sources = t !== undefined ? p.operands : p.operands.slice(0, -1);
  const v = dest.value;
  const folder = t !== undefined || sources.length > 1 || dest.text === '~' || (v !== null && (v.endsWith('/') || /(^|\/)\.\.?$/.test(v)));
  if (!folder || v === null || dest.glob || hasAny(p, '-T', '--no-target-directory')) return [dest];
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
  if (p.operands.length === 0 && optValue(p, '-t', '--target-directory') === undefined) return read(`${name} with no operands fails`);
  if (name === 'ln' && p.operands.length === 1 && optValue(p, '-t', '--target-directory') === undefined) {
    const target = staticValue(p.operands[0]);
    const base = target ? target.replace(/\/+$/, '').split('/').pop() : null;
    return write(`ln creates a link in the current folder`, [base ? literalArg(base) : RUNTIME_ARG]);
  }
  return write(`${name} ${why}`, destinations(p), { writesContent: name !== 'ln' });
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
  if (targets.length) return write(inPlace ? 'sed -i edits files in place' : 'sed w writes files', targets, { writesContent: true });
  return read('sed prints the edited text');
}

export const AWK_TABLE: ProgramTable = {
  options:
    '-f=X --file=X -v= --assign= -F= --field-separator= -i= --include= -E=X --exec=X -l=X --load=X -e= --source= -b --characters-as-bytes -c --traditional -C --copyright -d[=] --dump-variables[=] -D[=]U --debug[=]U -g --gen-pot -I --trace -k --csv -L[=] --lint[=] -M --bignum -N --use-lc-numeric -n --non-decimal-data -o[=]W --pretty-print[=]W -O --optimize -p[=]W --profile[=]W -P --posix -r --re-interval -s --no-optimize -S --sandbox -t --lint-old -V -h -W=',
};

function awk(name: string, args: readonly Arg[]): Leaf {
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
  if (fx.runs) return unknown(`${name} program runs commands (system() or a pipe)`);
  const targets = [...(inplace ? files : []), ...fx.writes.map(literalArg)];
  if (fx.unprovenWrite) return write(`${name} program prints into a file whose name is computed`, undefined, { writesContent: true });
  if (inplace && files.length === 0) return write(`${name} -i inplace with no file`, undefined, { writesContent: true });
  if (targets.length) return write(inplace ? `${name} -i inplace edits files` : `${name} program prints into files`, targets, { writesContent: true });
  return read(`${name} prints computed text`);
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
  if (p.writes.length) return write(p.writes[0]!, targets.length ? targets : undefined, { writesContent: true });
  if (targets.length) return write(`${name} writes its output file`, targets, { writesContent: true });
  return read(`${name} only reads or prints`);
}

function tar(args: readonly Arg[]): Leaf {
  let list = [...args];
  // tar's old style: first word is a bundle of letters without a dash
  const first = list[0]?.value;
  if (first && !first.startsWith('-') && /^[A-Za-z]+$/.test(first)) list = [literalArg('-' + first), ...list.slice(1)];
  const p = parseOpts(list, { shortWithValue: 'fCTXbHgKNVL', longWithValue: ['file', 'directory', 'files-from', 'exclude-from', 'blocking-factor', 'format', 'listed-incremental', 'to-command', 'use-compress-program', 'owner', 'group', 'mode', 'transform', 'xform', 'exclude', 'newer', 'after-date', 'label', 'strip-components', 'checkpoint-action', 'info-script', 'new-volume-script', 'rsh-command', 'rmt-command'] });
  if (hasAny(p, '--to-command', '--use-compress-program', '-I', '--info-script', '--new-volume-script', '-F', '--checkpoint-action', '--rsh-command', '--rmt-command')) return unknown('tar option runs another program');
  const file = optValue(p, '-f', '--file');
  const archive = file === undefined || file === '-' ? null : file === null ? RUNTIME_ARG : literalArg(file);
  if (hasAny(p, '-x', '--extract', '--get')) {
    if (hasAny(p, '-O', '--to-stdout')) return unprovenTarOption(p) ?? read('tar -xO extracts to stdout');
    const dir = optValue(p, '-C', '--directory');
    return write('tar -x extracts files', [dir === undefined ? literalArg('.') : dir === null ? RUNTIME_ARG : literalArg(dir)], { writesContent: true });
  }
  if (hasAny(p, '-c', '--create', '-r', '--append', '-u', '--update', '-A', '--catenate', '--concatenate', '--delete')) {
    return archive ? write('tar writes an archive', [archive], { writesContent: true }) : read('tar writes the archive to stdout');
  }
  if (hasAny(p, '-t', '--list', '-d', '--diff', '--compare', '--test-label')) return unprovenTarOption(p) ?? read('tar lists or compares an archive');
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

function wget(args: readonly Arg[]): Leaf {
  const p = parseOpts(args, { shortWithValue: 'OoaPiUeTtwQBl', longWithValue: ['output-document', 'output-file', 'append-output', 'directory-prefix', 'input-file', 'user-agent', 'execute', 'timeout', 'tries', 'wait', 'quota', 'base', 'level', 'header', 'user', 'password', 'post-data', 'post-file', 'body-data', 'body-file', 'method'] });
  if (hasAny(p, '-e', '--execute')) return unknown('wget -e runs wgetrc commands');
  if (hasAny(p, '--post-data', '--post-file', '--body-data', '--body-file', '--method') || args.some((a) => a.value !== null && /^--(post-data|post-file|body-data|body-file|method)=/.test(a.value))) {
    const m = optValue(p, '--method');
    if (!(m && /^(GET|HEAD)$/i.test(m) && !hasAny(p, '--post-data', '--post-file', '--body-data', '--body-file'))) return unknown('wget sends a body or a changing method: a remote change');
  }
  if (hasAny(p, '--spider')) return read('wget --spider only checks');
  const outs: Arg[] = [];
  for (const name of ['-o', '--output-file', '-a', '--append-output', '-P', '--directory-prefix']) {
    for (const v of p.flags.get(name) ?? []) outs.push(v === null ? RUNTIME_ARG : literalArg(v));
  }
  const doc = optValue(p, '-O', '--output-document');
  if (doc === '-') return outs.length ? write('wget writes a log', outs) : read('wget -O - prints what it fetches');
  if (doc !== undefined) return write('wget saves the download', [doc === null ? RUNTIME_ARG : literalArg(doc), ...outs], { writesContent: true });
  if (hasAny(p, '-P', '--directory-prefix')) return write('wget saves downloads in a folder', outs, { writesContent: true });
  return write('wget saves downloads under a server-chosen name in the current folder', undefined, { writesContent: true });
}

function rsyncLike(name: string, args: readonly Arg[]): Leaf {
  const p = parseOpts(args, {
    shortWithValue: name === 'scp' ? 'PioFclSJD' : 'efTBM',
    longWithValue: ['rsh', 'rsync-path', 'exclude', 'include', 'filter', 'files-from', 'log-file', 'backup-dir', 'partial-dir', 'temp-dir', 'chmod', 'chown', 'suffix', 'port', 'password-file', 'exclude-from', 'include-from', 'compare-dest', 'copy-dest', 'link-dest', 'out-format', 'timeout', 'contimeout', 'max-size', 'min-size', 'bwlimit', 'info', 'debug', 'usermap', 'groupmap'],
  });
  if (hasAny(p, '-e', '--rsh', '--rsync-path')) return unknown(`${name} -e runs a remote-shell program`);
  const ops = p.operands;
  if (ops.length < 2) return read(`${name} lists`);
  const dest = ops[ops.length - 1]!;
  const remote = (a: Arg) => a.value !== null && /^[^/]*:/.test(a.value) && !/^[A-Za-z]:[\\/]/.test(a.value);
  if (remote(dest)) return unknown(`${name} copies to another machine`);
  const paths = [dest];
  if (hasAny(p, '--remove-source-files')) paths.push(...ops.slice(0, -1).filter((a) => !remote(a)));
  const log = optValue(p, '--log-file');
  if (log) paths.push(literalArg(log));
  return write(`${name} copies into ${dest.text}`, paths, { writesContent: true });
}

/**
 * openssl: only digest, inspection and printing subcommands are reads, and only without an
 * option that writes (-out, -keyout, -writerand, -sigopt files…) or loads code (-engine, -provider).
 */
const OPENSSL_READ_SUBCOMMANDS = /^(dgst|sha\d*|md5|md4|rmd160|sha3-\d+|blake2[bs]\d*|x509|req|rsa|ec|pkey|verify|version|list|s_client|asn1parse|crl|pkcs7|base64|enc|rand|prime|errstr|ciphers|speed|passwd|mac|kdf|storeutl|sess_id|ocsp|help)$/;
const OPENSSL_WRITE_OPTS = /^-(out|keyout|writerand|rand|CAcreateserial|CAserial|signature|sess_out|keylogfile|msgfile|ign_eof|reconnect|engine|provider|provider-path|config|new|newkey|genkey|x509|sign|CA|CAkey|set_serial|req|days|extfile|signkey|sign|encrypt|decrypt|ocsp|bind|index|chain|cert|key)$/;

function openssl(args: readonly Arg[]): Leaf {
  const sub = args[0]?.value;
  const hash = sub !== null && sub !== undefined && /^(dgst|sha\d*|md5|md4|rmd160|sha3-\d+|blake2[bs]\d*|passwd|mac|kdf)$/.test(sub);
  const outs: Arg[] = [];
  args.forEach((a, i) => {
    if (a.value === '-out' || a.value === '-keyout' || a.value === '-writerand') outs.push(args[i + 1] ?? RUNTIME_ARG);
  });
  if (outs.length) return write(`openssl ${sub ?? ''} writes output files`, outs, { hash, writesContent: true });
  if (sub === null || sub === undefined || !OPENSSL_READ_SUBCOMMANDS.test(sub)) return unknown(`openssl ${sub ?? ''}: not a subcommand this guard knows as read-only`);
  const risky = args.slice(1).find((a) => a.value === null || OPENSSL_WRITE_OPTS.test(a.value));
  // -cert/-key/-CA name inputs for s_client and verify; x509 -req/-signkey etc. produce new material
  if (risky && !((sub === 's_client' || sub === 'verify' || sub === 'x509') && /^-(cert|key|CA|chain)$/.test(risky.value ?? ''))) {
    return unknown(`openssl ${sub} ${risky.text}: an option that writes, signs or loads code`);
  }
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

function shellProgram(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
  if (args.length === 1 && (args[0]!.value === '--version' || args[0]!.value === '--help')) return read(`${name} prints information`);
  let wantsC = false;
  let noexec = false;
  let readStdin = false;
  let i = 0;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return unknown(`${name}: an option or script only known at run time`);
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
  const operand = args[i];
  if (wantsC) {
    if (!operand) return unknown(`${name} -c without a command`);
    if (operand.value === null) return unknown(`${name} -c runs a command only known at run time`);
    if (noexec) return read(`${name} -n only checks syntax`);
    return { kind: 'shell', source: operand.value, why: `${name} -c runs the string as a shell command` };
  }
  if (noexec) return read(`${name} -n only checks syntax`);
  if (operand && !readStdin) return unknown(`${name} runs the script ${operand.text}; its content is not visible to the hook`);
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

function gh(args: readonly Arg[]): Verdict {
  const [a, b] = [args[0]?.value, args[1]?.value];
  if (a === null || b === null) return unknown('gh: a subcommand only known at run time');
  if (!a || a === '--version' || a === 'version' || a === 'help' || a === '--help') return read('gh prints information');
  if (a === 'api') {
    const p = parseOpts(args.slice(1), { shortWithValue: 'XfFHpqt', longWithValue: ['method', 'field', 'raw-field', 'header', 'preview', 'jq', 'template', 'input', 'hostname', 'cache'] });
    const method = (optValue(p, '-X', '--method') ?? 'GET')?.toUpperCase();
    if (method !== 'GET' || hasAny(p, '-f', '-F', '--field', '--raw-field', '--input')) return unknown('gh api sends a changing request');
    return read('gh api GET reads');
  }
  if (b === 'checkout' || (a === 'repo' && b === 'clone')) return write(`gh ${a} ${b} changes the work tree`);
  if (b && ['view', 'list', 'status', 'diff', 'checks', 'search', 'ls'].includes(b)) return read(`gh ${a} ${b} reads`);
  if (a === 'search' || a === 'status' || a === 'auth' && b === 'status') return read(`gh ${a} reads`);
  return unknown(`gh ${a} ${b ?? ''} changes GitHub state`);
}

function systemTool(name: string, args: readonly Arg[]): Verdict | null {
  const first = args[0]?.value;
  switch (name) {
    case 'kill':
    case 'pkill':
    case 'killall':
      return args.length === 0 || first === '-l' || first === '-L' ? read(`${name} lists signals`) : unknown(`${name} signals other processes`);
    case 'systemctl':
    case 'service':
    case 'launchctl': {
      const op = args.find((a) => a.value === null || !a.value.startsWith('-'))?.value;
      if (op && /^(status|is-active|is-enabled|is-failed|list|list-units|list-unit-files|list-timers|list-sockets|show|cat|print|help|--version)$/.test(op)) return read(`${name} ${op} reads`);
      return unknown(`${name} ${op ?? ''} changes services`);
    }
    case 'crontab':
      return args.length === 1 && first === '-l' ? read('crontab -l reads') : unknown('crontab schedules commands for later');
    case 'at':
    case 'batch':
      return args.some((a) => a.value === '-l') ? read(`${name} -l lists jobs`) : unknown(`${name} schedules commands for later`);
    case 'sysctl':
      return args.some((a) => a.value === '-w' || (a.value !== null && a.value.includes('='))) ? unknown('sysctl -w changes the kernel') : read('sysctl reads');
    case 'mount':
    case 'umount':
      return args.length === 0 || (name === 'mount' && first === '-l') ? read('mount lists') : unknown(`${name} changes mounts`);
    case 'date':
      return args.some((a) => a.value === '-s' || (a.value !== null && a.value.startsWith('--set'))) ? unknown('date -s sets the clock') : read('date prints the time');
    case 'hostname':
      return args.every((a) => a.value !== null && a.value.startsWith('-')) ? read('hostname prints') : unknown('hostname <name> renames the machine');
    case 'ip':
      return args.some((a) => a.value !== null && /^(add|del|delete|set|change|replace|flush|append|prepend)$/.test(a.value)) ? unknown('ip changes networking') : read('ip reads networking state');
    case 'iptables':
    case 'ip6tables':
    case 'nft':
    case 'ufw':
      return args.some((a) => a.value === '-L' || a.value === '-S' || a.value === 'status' || a.value === 'list') ? read(`${name} lists rules`) : unknown(`${name} changes the firewall`);
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
    case 'claude':
    case 'codex':
    case 'opencode':
    case 'hermes':
    case 'pi':
    case 'aider':
    case 'gemini':
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
      if (hasAny(p, '-n')) return read('htpasswd -n prints a password hash', { hash: true });
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
  if ('file' in pn) return unknown(`runs the file ${pn.file}; its content is not visible to the hook`);
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
      const ops = args.filter((a) => a.value === null || !/^-[LPe@]+$/.test(a.value));
      const t = ops[0];
      if (!t) return { kind: 'cd', target: ctx.home ? literalArg(ctx.home) : null, why: `${name} to the home folder` };
      if (t.value === '-') return { kind: 'cd', target: null, why: `${name} - returns to a folder known only at run time` };
      return { kind: 'cd', target: t.value === null || t.glob ? null : t, why: `${name} changes folder` };
    }
    case 'popd':
      return { kind: 'cd', target: null, why: 'popd returns to a folder known only at run time' };
    case 'eval': {
      if (args.some((a) => a.value === null)) return unknown('eval runs a string computed at run time');
      return { kind: 'many', verdicts: [unknown('eval runs a string as code'), { kind: 'shell', source: args.map((a) => a.value).join(' '), why: 'eval content' }] };
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
      const p = parseOpts(args, { shortWithValue: 'tS', longWithValue: ['target-directory', 'suffix', 'backup'] });
      // the sources leave their folders; into a folder they land under their own names
      const sources = optValue(p, '-t', '--target-directory') === undefined ? p.operands.slice(0, -1) : p.operands;
      const paths = [...sources, ...destinations(p)];
      return write('mv moves files (source and destination change)', paths.length ? paths : undefined, { writesContent: true });
    }
    case 'cp':
      return destinationWrite('cp', args, 'tS', ['target-directory', 'suffix', 'backup', 'reflink', 'sparse', 'preserve', 'no-preserve'], 'copies into the destination');
    case 'install': {
      const p = parseOpts(args, { shortWithValue: 'mogtS', longWithValue: ['mode', 'owner', 'group', 'target-directory', 'suffix', 'strip-program'] });
      if (hasAny(p, '-d', '--directory')) return write('install -d creates folders', p.operands);
      if (hasAny(p, '--strip-program')) return unknown('install --strip-program runs a program');
      return destinationWrite('install', args, 'mogtS', ['mode', 'owner', 'group', 'target-directory', 'suffix'], 'copies into the destination');
    }
    case 'ln':
    case 'link':
      return destinationWrite('ln', args, 'tS', ['target-directory', 'suffix', 'backup'], 'creates a link');
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
      return write('tee writes its input to files', files, { writesContent: true, content: ctx.stdin.kind === 'text' ? ctx.stdin.text : undefined, append: hasAny(p, '-a', '--append') });
    }
    case 'sponge': {
      const p = parseOpts(args);
      return write('sponge writes its input to a file', p.operands.slice(0, 1), { writesContent: true, content: ctx.stdin.kind === 'text' ? ctx.stdin.text : undefined, append: hasAny(p, '-a') });
    }
    case 'dd': {
      const of = args.find((a) => a.value !== null && a.value.startsWith('of='));
      if (args.some((a) => a.value === null)) return unknown('dd: an operand only known at run time');
      return of ? write('dd writes its output file', [literalArg(of.value!.slice(3))], { writesContent: true }) : read('dd copies to stdout');
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
    case 'yq': {
      const p = parseOpts(args, { shortWithValue: 'pIo', longWithValue: ['input-format', 'output-format', 'indent', 'front-matter'] });
      if (hasAny(p, '-i', '--inplace')) return write('yq -i edits files in place', p.operands.slice(1), { writesContent: true });
      return read('yq prints');
    }
    case 'tar':
    case 'bsdtar':
    case 'gtar':
      return tar(args);
    case 'unzip': {
      const p = parseOpts(args, { shortWithValue: 'dxP', longWithValue: [] });
      if (hasAny(p, '-l', '-t', '-Z', '-v', '-p', '-z')) return read('unzip lists or tests an archive');
      const d = optValue(p, '-d');
      return write('unzip extracts files', [d === undefined ? literalArg('.') : d === null ? RUNTIME_ARG : literalArg(d)], { writesContent: true });
    }
    case 'zip': {
      const p = parseOpts(args, { shortWithValue: 'bintxOPZ', longWithValue: ['temp-path', 'output-file', 'password'] });
      if (hasAny(p, '-T', '--test', '-sf', '--show-files') && p.operands.length <= 1) return read('zip tests an archive');
      const out = optValue(p, '-O', '--output-file');
      return write('zip writes an archive', out ? [literalArg(out)] : p.operands.slice(0, 1), { writesContent: true });
    }
    case '7z':
    case '7za':
    case '7zz': {
      const op = args[0]?.value;
      if (op === 'l' || op === 't' || op === 'i' || op === 'h') return read(`${name} ${op} lists or tests`);
      if (op === 'a' || op === 'u' || op === 'd' || op === 'rn') return write(`${name} ${op} changes an archive`, args[1] ? [args.slice(1).find((a) => a.value === null || !a.value.startsWith('-'))!] : undefined);
      return write(`${name} ${op ?? ''} extracts files`);
    }
    case 'gzip':
    case 'gunzip':
    case 'bzip2':
    case 'bunzip2':
    case 'xz':
    case 'unxz':
    case 'lzma':
    case 'unlzma':
    case 'zstd':
    case 'unzstd':
    case 'lz4':
    case 'brotli':
    case 'compress':
    case 'uncompress':
    case 'pigz':
    case 'unpigz': {
      const p = parseOpts(args, { shortWithValue: 'So', longWithValue: ['suffix', 'output'] });
      if (hasAny(p, '-c', '--stdout', '--to-stdout', '-t', '--test', '-l', '--list') || p.operands.length === 0) return read(`${name} writes to stdout or only tests`);
      return write(`${name} replaces files with (de)compressed ones`);
    }
    case 'patch': {
      const p = parseOpts(args, { shortWithValue: 'pioBdDFgrVYzX', longWithValue: ['strip', 'input', 'output', 'prefix', 'directory', 'ifdef', 'fuzz', 'get', 'reject-file', 'version-control', 'basename-prefix', 'suffix', 'quoting-style'] });
      if (hasAny(p, '--dry-run', '-C', '--check')) return read('patch --dry-run only checks');
      if (ctx.stdin.kind === 'text' && !hasAny(p, '-i', '--input')) return { kind: 'patch', text: ctx.stdin.text, why: 'patch applies the diff on its stdin', targetsUnproven: true };
      return write('patch changes the files its diff names', p.operands.length ? p.operands.slice(0, 1) : undefined, { writesContent: true });
    }
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
      if (hasAny(p, '-u', '--dry-run')) return read('mktemp -u only prints a name');
      return write('mktemp creates a temporary file or folder');
    }
    case 'rg':
    case 'ripgrep': {
      if (args.some((a) => a.value !== null && (a.value === '--pre' || a.value.startsWith('--pre='))) ) return unknown('rg --pre runs a preprocessor program on every file');
      return read('rg only searches');
    }
    case 'gh':
      return gh(args);
    case 'sdiff': {
      const p = parseOpts(args, { shortWithValue: 'oIw', longWithValue: ['output', 'ignore-matching-lines', 'width', 'diff-program'] });
      if (hasAny(p, '--diff-program')) return unknown('sdiff --diff-program runs a program');
      const out = optValue(p, '-o', '--output');
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
    if (leaf.mutability !== 'read') return leaf;
    if ((name === 'bat' || name === 'batcat') && args.some((a) => a.value === 'cache')) return unknown('bat cache changes its syntax cache');
    if (HASH_PROGRAMS.has(name)) return { ...leaf, why: `${name} computes digests`, hash: true };
    if (name === 'cat') {
      const files = args.filter((a) => a.value === null || (a.value !== '-' && !a.value.startsWith('-')));
      return { ...leaf, why: 'cat prints files', content: files.length === 0 && ctx.stdin.kind === 'text' ? ctx.stdin.text : undefined };
    }
    return leaf;
  }
  if (HASH_PROGRAMS.has(name)) return read(`${name} computes digests`, { hash: true });
  if (INTERACTIVE.has(name)) return unknown(`${name} is interactive; keystrokes typed later are never seen by a hook`);
  return unknown(`${name}: not a program this guard knows`);
}

export { RUNTIME_ARG };
