/** openssl, systemctl, ip, nft and the other system programs classified one by one. */
import { isNullDevice } from './collect';
import { has, mayBeOption, parseOpts, parseTable, tableOptions, type ProgramTable } from './table';
import { read, unknown, write, type Leaf, type Verdict } from './verdict';
import { RUNTIME_ARG, type Arg } from './words';

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

export function openssl(args: readonly Arg[]): Leaf {
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

/** Power, users, kernel modules, swap, sockets, and other programs or agents a command hands work to */
const OUTSIDE_VIEW = new Set('shutdown reboot halt poweroff useradd userdel usermod groupadd passwd chpasswd visudo modprobe insmod rmmod swapon swapoff enable nc ncat netcat socat open xdg-open start code cursor subl osascript aider su runuser login newgrp sg'.split(' '));
/** Partitioners and formatters: they write a block device */
const BLOCK_WRITERS = new Set('mkfs fdisk sfdisk gdisk sgdisk parted wipefs mkswap blkdiscard badblocks'.split(' '));

export function systemTool(name: string, args: readonly Arg[]): Verdict | null {
  const first = args[0]?.value;
  if (OUTSIDE_VIEW.has(name)) {
    if (name === 'su' || name === 'runuser') {
      const c = args.findIndex((a) => a.value === '-c' || a.value === '--command');
      const src = c === -1 ? undefined : args[c + 1]?.value;
      if (src) return { kind: 'shell', source: src, why: `${name} -c runs a shell command as another user` };
    }
    return unknown(`${name} acts outside the file system view of this hook (processes, users, other programs or agents)`);
  }
  if (BLOCK_WRITERS.has(name)) return write(`${name} writes a block device`);
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
