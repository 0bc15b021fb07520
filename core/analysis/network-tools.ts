/**
 * curl, httpie/xh, wget and rsync-style copies: fetching to stdout reads; a body, an upload or a
 * method other than GET/HEAD changes remote state; a saved download or a copy writes.
 */
import { rsyncBackups } from './backups';
import { isNullDevice } from './collect';
import { has, parseOpts, parseTable, value, type ProgramTable } from './table';
import { tableProblem } from './table-read';
import { read, unknown, write, type Leaf, type ProgramContext } from './verdict';
import { literalArg, RUNTIME_ARG, type Arg } from './words';

/**
 * curl: every option classified; a body, an upload or a method other than GET/HEAD changes remote state.
 * @keep CURL_TABLE the option-completeness test holds it against the installed curl's --help
 */
export const CURL_TABLE: ProgramTable = {
  options:
    '--abstract-unix-socket= --anyauth --aws-sigv4= --basic --cacert= --capath= -E= --cert= --cert-status --cert-type= --ciphers= --compressed --compressed-ssh --connect-timeout= --connect-to= -C= --continue-at= -b= --cookie= --create-dirs --create-file-mode= --crlf --crlfile= --curves= --delegation= --digest -q --disable --disable-eprt --disable-epsv --disallow-username-in-url --dns-interface= --dns-ipv4-addr= --dns-ipv6-addr= --dns-servers= --doh-cert-status --doh-insecure --doh-url= --egd-file= --etag-compare= --expect100-timeout= -f --fail --fail-early --fail-with-body --false-start --form-escape --ftp-account= --ftp-alternative-to-user= --ftp-method= --ftp-pasv -P= --ftp-port= --ftp-pret --ftp-skip-pasv-ip --ftp-ssl-ccc --ftp-ssl-ccc-mode= --ftp-ssl-control -G --get -g --globoff --happy-eyeballs-timeout-ms= --haproxy-protocol --haproxy-clientip= -I --head -H= --header= -h[=] --hostpubmd5= --hostpubsha256= --http0.9 --http1.0 -0 --http1.1 --http2 --http2-prior-knowledge --http3 --http3-only --ignore-content-length -i --include -k --insecure --interface= -j --junk-session-cookies --keepalive-time= --key= --key-type= --krb= --limit-rate= -l --list-only --local-port= -L --location --location-trusted --login-options= -M --manual --max-filesize= --max-redirs= -m= --max-time= --metalink --negotiate -n --netrc --netrc-file= --netrc-optional --no-alpn -N --no-buffer --no-clobber --no-keepalive --no-npn --no-progress-meter --no-sessionid --noproxy= --ntlm --ntlm-wb --oauth2-bearer= --output-dir= -Z --parallel --parallel-immediate --parallel-max= --pass= --path-as-is --pinnedpubkey= --post301 --post302 --post303 --preproxy= --proto= --proto-default= --proto-redir= -x= --proxy= --proxy-anyauth --proxy-basic --proxy-cacert= --proxy-capath= --proxy-cert= --proxy-cert-type= --proxy-ciphers= --proxy-crlfile= --proxy-digest --proxy-header= --proxy-insecure --proxy-key= --proxy-key-type= --proxy-negotiate --proxy-ntlm --proxy-pass= --proxy-pinnedpubkey= --proxy-service-name= --proxy-ssl-allow-beast --proxy-ssl-auto-client-cert --proxy-tls13-ciphers= --proxy-tlsauthtype= --proxy-tlspassword= --proxy-tlsuser= --proxy-tlsv1 -U= --proxy-user= --proxy1.0= -p --proxytunnel --pubkey= --random-file= -r= --range= --rate= --raw -e= --referer= -J --remote-header-name -R --remote-time --remove-on-error --request-target= --resolve= --retry= --retry-all-errors --retry-connrefused --retry-delay= --retry-max-time= --sasl-authzid= --sasl-ir --service-name= -S --show-error -s --silent --socks4= --socks4a= --socks5= --socks5-basic --socks5-gssapi --socks5-gssapi-nec --socks5-gssapi-service= --socks5-hostname= -Y= --speed-limit= -y= --speed-time= --ssl --ssl-allow-beast --ssl-auto-client-cert --ssl-no-revoke --ssl-reqd --ssl-revoke-best-effort -2 --sslv2 -3 --sslv3 --styled-output --suppress-connect-headers --tcp-fastopen --tcp-nodelay -t= --telnet-option= --tftp-blksize= --tftp-no-options -z= --time-cond= --tls-max= --tls13-ciphers= --tlsauthtype= --tlspassword= --tlsuser= -1 --tlsv1 --tlsv1.0 --tlsv1.1 --tlsv1.2 --tlsv1.3 --tr-encoding --trace-time --unix-socket= --url= --url-query= -B --use-ascii -u= --user= -A= --user-agent= -v --verbose -V -w= --write-out= --xattr -4 --ipv4 -6 --ipv6 -: --next -# --progress-bar -X= --request= -d=U --data=U --data-ascii=U --data-binary=U --data-raw=U --data-urlencode=U --json=U -F=U --form=U --form-string=U -T=U --upload-file=U -a!U --append!U -Q=U --quote=U --ftp-create-dirs!U --mail-from=U --mail-rcpt=U --mail-rcpt-allowfails!U --mail-auth=U -K=U --config=U --engine=U -o=W --output=W -D=W --dump-header=W -c=W --cookie-jar=W --trace=W --trace-ascii=W --stderr=W --etag-save=W --libcurl=W --hsts=W --alt-svc=W -O!W --remote-name!W --remote-name-all!W',
};

export function curl(args: readonly Arg[]): Leaf {
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

export function httpie(name: string, args: readonly Arg[], ctx: ProgramContext): Leaf {
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

export function wget(args: readonly Arg[]): Leaf {
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

/** A listing that also logs: the log file is its one write. */
const RSYNC_LIST_LOGGED: ProgramTable = { options: RSYNC_LIST.options + ' --log-file=W --log-file-format=' };

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

export function rsyncLike(name: string, args: readonly Arg[]): Leaf {
  const p = parseOpts(args, {
    shortWithValue: name === 'scp' ? 'PioFclSJD' : 'efTBM@',
    longWithValue: ['rsh', 'rsync-path', 'exclude', 'include', 'filter', 'files-from', 'log-file', 'log-file-format', 'backup-dir', 'partial-dir', 'temp-dir', 'chmod', 'chown', 'suffix', 'port', 'password-file', 'exclude-from', 'include-from', 'compare-dest', 'copy-dest', 'link-dest', 'out-format', 'timeout', 'contimeout', 'max-size', 'min-size', 'bwlimit', 'info', 'debug', 'usermap', 'groupmap', 'write-batch', 'only-write-batch', 'read-batch', 'modify-window', 'max-delete', 'block-size', 'iconv', 'checksum-choice', 'compress-choice', 'compress-level', 'skip-compress', 'stop-after', 'stop-at', 'remote-option', 'address', 'sockopts', 'outbuf', 'copy-as', 'protocol'],
  });
  if (has(p, '-e', '--rsh', '--rsync-path')) return unknown(`${name} -e runs a remote-shell program`);
  const ops = p.operands;
  if (ops.length < 2) {
    // rsync SRC lists SRC: a read only with options from the listing table (--log-file, batches and backups write)
    if (name !== 'rsync') return unknown(`${name} with fewer than two operands`);
    const t = parseTable(args, RSYNC_LIST_LOGGED, 'rsync');
    if (t.unknowns.length || t.execs.length) return unknown(t.unknowns[0] ?? t.execs[0]!);
    return t.targets.length ? write('rsync SRC lists the source and writes its log file', t.targets, { writesContent: true }) : read('rsync SRC lists the source');
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
