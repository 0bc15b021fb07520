/**
 * Which paths hold secrets: private keys, `.env` files, cloud, package-registry and coding-agent
 * credentials, the agents' settings where keys are written, keychains and password stores. The floor (core/floor/) stops an action that reads,
 * edits or replaces one of them in every session, whatever the task contract says: no task needs
 * the agent to see a key, and a key shown to a model has left the machine.
 *
 * The table is by name and place, compared without case (macOS and Windows file systems ignore
 * it, so `.ENV` is the same file as `.env`). Templates meant to be read (`.env.example`) and
 * public keys (`id_rsa.pub` outside `~/.ssh`) are not secrets.
 */
import { normalizeTarget } from '../paths/paths';
import { HOST_SPECS, type HostLayout } from '../registry/host-specs';

type SecretKind =
  | 'a private key'
  | 'an environment file'
  | 'cloud credentials'
  | 'registry credentials'
  | 'coding agent credentials'
  | 'coding agent settings that can hold keys'
  | 'a keychain or password store'
  | 'a packet capture';

/**
 * Coding agents' settings and MCP server lists: the documented place for a provider's API key, an
 * MCP server's token in its `env` or `headers`, an `apiKeyHelper` command. Not a credential file
 * by purpose, but one often enough that showing it to the model exposes a key.
 */
const AGENT_SETTINGS: SecretKind = 'coding agent settings that can hold keys';

/** Names that are a secret wherever they are. */
const SECRET_NAMES: Readonly<Record<string, SecretKind>> = {
  '.env': 'an environment file',
  '.npmrc': 'registry credentials',
  '.pypirc': 'registry credentials',
  '.netrc': 'registry credentials',
  '_netrc': 'registry credentials',
  '.git-credentials': 'registry credentials',
  '.pgpass': 'registry credentials',
  '.my.cnf': 'registry credentials',
  credentials: 'cloud credentials',
  'credentials.toml': 'registry credentials',
  id_rsa: 'a private key',
  id_dsa: 'a private key',
  id_ecdsa: 'a private key',
  id_ed25519: 'a private key',
  id_ecdsa_sk: 'a private key',
  id_ed25519_sk: 'a private key',
  'service-account.json': 'cloud credentials',
  'application_default_credentials.json': 'cloud credentials',
};

/** `.env` files meant to be read and committed: they hold names, not values. */
const ENV_TEMPLATES = /^\.env\.(example|sample|template|defaults|dist|schema)(\..*)?$/;

/** Private-key base names with a suffix a copy or a rename gives them (`id_rsa.bak`, `id_rsa-old`). */
const KEY_VARIANT = /^id_(rsa|dsa|ecdsa|ed25519)[-_.].+$|^credentials\.(bak|backup|copy|disabled|old|orig|save|tmp|pem|key)$/;

/** `deploy_rsa`, `github_ed25519`: a key named after what it opens. */
const NAMED_KEY = /^.+_(rsa|dsa|ecdsa|ed25519)$/;

/** Extensions of key, certificate-bundle, keystore and password-database files. */
const SECRET_EXTENSIONS: Readonly<Record<string, SecretKind>> = {
  pem: 'a private key',
  key: 'a private key',
  keypair: 'a private key',
  p12: 'a private key',
  pfx: 'a private key',
  pkcs12: 'a private key',
  ppk: 'a private key',
  jks: 'a private key',
  keystore: 'a private key',
  asc: 'a private key',
  ovpn: 'a private key',
  keyring: 'a keychain or password store',
  keychain: 'a keychain or password store',
  'keychain-db': 'a keychain or password store',
  kdb: 'a keychain or password store',
  kdbx: 'a keychain or password store',
  psafe3: 'a keychain or password store',
  agilekeychain: 'a keychain or password store',
  kwallet: 'a keychain or password store',
  // captured traffic carries the session cookies, tokens and passwords that crossed the wire
  pcap: 'a packet capture',
  pcapng: 'a packet capture',
};

/** Public halves and lists that are safe to show, outside the SSH folder. */
const PUBLIC_NAMES = /\.pub$|^known_hosts$|^authorized_keys$/;

/**
 * A `.pem` whose name says it holds a certificate, a chain of them or a public key (`cert.pem`,
 * `fullchain.pem`, `ca-bundle.pem`, `server_cert.pem`, `pubkey.pem`): what a TLS setup shows to
 * every client. A name that also says key or private (`cert-key.pem`, `privkey.pem`) stays secret.
 */
const PUBLIC_PEM = /(?:^|[-_.])(?:certs?|certificate|crt|chain|fullchain|ca|cacert|rootca|ca-bundle|bundle|pub|public|pubkey|public[-_]key)\.pem$/;
const PRIVATE_WORDS = /priv|secret|(?:^|[-_.])key(?:[-_.]|$)/;

/** Folders under HOME whose whole content is secret (matched below HOME only). */
const HOME_FOLDERS: (readonly [string, SecretKind])[] = [
  ['.ssh', 'a private key'],
  ['.gnupg', 'a private key'],
  ['.aws', 'cloud credentials'],
  ['.azure', 'cloud credentials'],
  ['.gcp', 'cloud credentials'],
  ['.oci', 'cloud credentials'],
  ['.password-store', 'a keychain or password store'],
  ['Library/Keychains', 'a keychain or password store'],
  ['.docker/config.json', 'registry credentials'],
  ['.kube/config', 'cloud credentials'],
  ['.cargo/credentials', 'registry credentials'],
  ['.gem/credentials', 'registry credentials'],
  ['.terraform.d/credentials.tfrc.json', 'cloud credentials'],
  // Amp's MCP sign-ins
  ['.amp/oauth', 'coding agent credentials'],
  // a hosts's settings file below HOME itself (HostLayout.home among its settings): MCP servers with their env and headers
  ...HOST_SPECS.flatMap((spec) => {
    const lay: HostLayout = spec.layout;
    return (lay.home ?? []).filter((f) => lay.settings?.includes(f)).map((f) => [f, AGENT_SETTINGS] as const);
  }),
  // the keyring folder first among the XDG data folder's rows: a read of the whole folder is named by it
  ['.local/share/keyrings', 'a keychain or password store'],
];

/**
 * Agent settings found by their folder's name and their own wherever they lie (a project's
 * `.mcp.json`, a host's settings by name or in a folder named like its user folder, a system-wide
 * copy); `''`: by name alone. A project's shared settings file is meant to be committed and read.
 */
const NAMED_SETTINGS: readonly (readonly [folder: string, name: string])[] = [
  ['', '.mcp.json'],
  // the hosts' own, in any folder named like their user folder (HostLayout.namedSettings) or as their layout names them (anySettings)
  ...HOST_SPECS.flatMap((spec) => {
    const lay: HostLayout = spec.layout;
    const named = (lay.namedSettings ?? []).map((n) => [lay.dir.split('/').at(-1)!, n] as const);
    const any = (lay.anySettings ?? []).map((p) => (p.includes('/') ? ([p.slice(0, p.lastIndexOf('/')), p.slice(p.lastIndexOf('/') + 1)] as const) : (['', p] as const)));
    return [...named, ...any];
  }),
  ['.cursor', 'mcp.json'],
  ['.amp', 'settings.json'],
  ['.amp', 'settings.jsonc'],
  // the settings an administrator deploys for every Amp user (`/etc/ampcode`, macOS's Application Support)
  ['ampcode', 'managed-settings.json'],
];

/** Variables that name one settings or state file itself, and what that file is. */
const MOVABLE_FILES: Readonly<Record<string, SecretKind>> = {
  AMP_SETTINGS_FILE: AGENT_SETTINGS,
  // the hosts' own (HostLayout.settingsVars, secretVars: a database and its write-ahead files)
  ...Object.fromEntries(
    HOST_SPECS.flatMap((spec) => {
      const lay: HostLayout = spec.layout;
      return [...(lay.settingsVars ?? []).map((v) => [v, AGENT_SETTINGS] as const), ...(lay.secretVars ?? []).map((v) => [v, 'coding agent credentials'] as const)];
    }),
  ),
};

/**
 * Folders of coding agents and tools that an environment variable may move, with the files in them
 * that hold credentials (sign-in tokens, API keys), not plain settings. `home` is where the folder
 * lies below HOME when the variable is not set; every file is also a HOME_FOLDERS row through it.
 * The supported hosts' own folders come from their layout (HOST_SPECS); these are the rest.
 */
const MOVABLE_FOLDERS: { readonly name: string; readonly home: string; files: string[]; settings?: string[] }[] = [];

/** A folder's files and settings added to its row (one row per variable, made where it is first named). */
function addMovable(name: string, home: string, files: readonly string[], settings: readonly string[]): void {
  const row = MOVABLE_FOLDERS.find((m) => m.name === name);
  if (row) {
    row.files.push(...files);
    (row.settings ??= []).push(...settings);
  } else MOVABLE_FOLDERS.push({ name, home, files: [...files], settings: [...settings] });
}

// the hosts' other folders first (HostLayout.otherFolders): a read of a whole XDG folder is named by the first row below it
for (const spec of HOST_SPECS) {
  const lay: HostLayout = spec.layout;
  for (const f of lay.otherFolders ?? []) addMovable(f.env, f.home, f.secrets ?? [], f.settings ?? []);
}
// Cursor keeps the tokens of each MCP server's sign-in per project
addMovable('CURSOR_DATA_DIR', '.cursor', ['auth.json', 'projects/*/mcp-auth.json'], ['mcp.json']);
// `amp/amp.json`: the name some setups write Amp's user settings under, with the same MCP servers and keys
addMovable('XDG_CONFIG_HOME', '.config', ['gh/hosts.yml', 'hub', 'gcloud', 'cursor/auth.json'], ['amp/settings.json', 'amp/settings.jsonc', 'amp/amp.json']);
addMovable('XDG_DATA_HOME', '.local/share', ['keyrings', 'amp/secrets.json'], []);

// a host's credential files, under each variable that moves its folder (`VAR/sub`: below `sub`
// of the folder the variable names), and below HOME where no variable moves it
for (const spec of HOST_SPECS) {
  const lay: HostLayout = spec.layout;
  const secrets = lay.secrets ?? [];
  const settings = lay.settings ?? [];
  if (!lay.env) {
    HOME_FOLDERS.push(...secrets.map((f) => [`${lay.dir}/${f}`, 'coding agent credentials'] as const));
    HOME_FOLDERS.push(...settings.map((f) => [`${lay.dir}/${f}`, AGENT_SETTINGS] as const));
  }
  for (const v of lay.env ?? []) {
    const [name, ...sub] = v.split('/');
    const at = sub.join('/');
    const home = at === '' ? lay.dir : lay.dir === at ? '' : lay.dir.slice(0, -at.length - 1);
    const below = (f: string) => (at === '' ? f : `${at}/${f}`);
    addMovable(name!, home, secrets.map(below), settings.map(below));
  }
}

function movableKind(file: string): SecretKind {
  if (file === 'keyrings') return 'a keychain or password store';
  if (file === 'gcloud') return 'cloud credentials';
  return /^(gh|hub)\b/.test(file) ? 'registry credentials' : 'coding agent credentials';
}

for (const m of MOVABLE_FOLDERS) {
  for (const f of m.files) HOME_FOLDERS.push([m.home === '' ? f : `${m.home}/${f}`, movableKind(f)]);
  for (const f of m.settings ?? []) HOME_FOLDERS.push([m.home === '' ? f : `${m.home}/${f}`, AGENT_SETTINGS]);
}

/**
 * Every secret path holds one of these letters runs (a name, an extension or a folder of the
 * tables above): most words of most commands are ruled out by this one test, without placing them.
 */
const MAY_NAME_SECRET = new RegExp(
  [
    /env|rc\b|mcp|netrc|credential|id_|pgpass|my\.cnf|account|_(rsa|dsa|ecdsa|ed25519)|\.(pem|key|p12|pfx|pkcs12|ppk|jks|keystore|asc|ovpn|keyring|keychain|kdbx?|psafe3|agilekeychain|kwallet|pcap)|ssh|gnupg|aws|azure|gcp|gcloud|\.oci|password-store|keyrings|keychains|docker|kube|gh\/|hub|cargo|\.gem|terraform|amp|cursor|auth|secret|models\.json|\.db\b|\$\{?[A-Z_]/.source,
    // the folders and files of the hosts' own credentials and settings (their layouts), below HOME or
    // moved; of their other folders and settings found anywhere each segment (a glob's is named by its folder's)
    ...HOST_SPECS.flatMap((spec) => {
      const lay: HostLayout = spec.layout;
      const own = lay.secrets || lay.settings ? [...lay.dir.split('/'), ...(lay.secrets ?? []), ...(lay.settings ?? [])] : [];
      const other = [...(lay.otherFolders ?? []).flatMap((f) => [...(f.secrets ?? []), ...(f.settings ?? [])]), ...(lay.anySettings ?? [])].flatMap((p) => p.split('/'));
      return [...own, ...other].filter((x) => x !== '' && !x.includes('*')).map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    }),
  ].join('|'),
  'i',
);

interface SecretBase {
  cwd?: string | undefined;
  home?: string | undefined;
  /** the values the hook's environment gives the variables that move an agent's folder (a host's layout `env`, XDG_DATA_HOME) */
  vars?: Readonly<Record<string, string>> | undefined;
}

/**
 * The name a copy or a backup of a file would carry stripped back to the file's own name
 * (`config.bak`, `auth.json.old`, `credentials-old`, `hosts.yml~`, `id_rsa copy 2`, and the
 * swap file an editor keeps beside it, `.config.json.swp`): each name it may be a copy of.
 */
function unbackup(name: string): string[] {
  const out: string[] = [];
  const m = /^(.+?)(?: copy(?: \d+)?|~|[.\-_](?:bak|backup|old|orig|save|prev|copy|tmp|swp))$/i.exec(name);
  if (m) out.push(m[1]!);
  const swap = /^\.(.+)\.sw[a-p]$/i.exec(name);
  if (swap) out.push(swap[1]!);
  return out;
}

/** A path below a folder, matched without case; `*` stands for any letters within one segment. */
function below(path: string, folder: string): boolean {
  const p = path.split('/');
  const f = folder.toLowerCase().split('/');
  if (p.length < f.length) return false;
  return f.every((seg, i) => seg === p[i] || (seg.includes('*') && segmentGlob(seg).test(p[i]!)));
}

const segmentGlobs = new Map<string, RegExp>();

function segmentGlob(seg: string): RegExp {
  let re = segmentGlobs.get(seg);
  if (!re) {
    re = new RegExp('^' + seg.split('*').map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*') + '$');
    segmentGlobs.set(seg, re);
  }
  return re;
}

/** What HOME_FOLDERS says of a path given relative to HOME (lower case), or null. */
function homeRow(rel: string): SecretKind | null {
  for (const [folder, kind] of HOME_FOLDERS) if (below(rel, folder)) return kind;
  return null;
}

/** What MOVABLE_FOLDERS says of a path relative to the folder one variable names (lower case). */
function movedRow(name: string, rel: string): SecretKind | null {
  const m = MOVABLE_FOLDERS.find((x) => x.name === name);
  if (!m) return null;
  for (const f of m.files) if (below(rel, f)) return movableKind(f);
  for (const f of m.settings ?? []) if (below(rel, f)) return AGENT_SETTINGS;
  return null;
}

/** The last path segment, compared without case. */
function baseName(p: string): string {
  const parts = p.split('/').filter((x) => x !== '');
  return (parts[parts.length - 1] ?? '').toLowerCase();
}

/** What kind of secret a file of this name is, wherever it lies (null: not by its name). */
function secretByName(name: string): SecretKind | null {
  const n = name.toLowerCase();
  if (n === '' || /\s/.test(n)) return null;
  if (ENV_TEMPLATES.test(n)) return null;
  if (PUBLIC_NAMES.test(n)) return null;
  if (PUBLIC_PEM.test(n) && !PRIVATE_WORDS.test(n.replace(/pub(?:lic)?[-_]?key/, ''))) return null;
  const exact = SECRET_NAMES[n];
  if (exact) return exact;
  if (n.startsWith('.env.')) return 'an environment file';
  if (KEY_VARIANT.test(n) || NAMED_KEY.test(n)) return 'a private key';
  const dot = n.lastIndexOf('.');
  if (dot > 0) {
    const ext = SECRET_EXTENSIONS[n.slice(dot + 1)];
    if (ext) return ext;
  }
  return null;
}

/**
 * The secret kind of a path (relative to `base.cwd`, or absolute), or null. A URL names a file on
 * another machine and is never a local secret; a word with blanks is prose, not a path.
 */
export function secretKindOf(raw: string, base: SecretBase): SecretKind | null {
  if (raw === '' || !(MAY_NAME_SECRET.test(raw) || namesMovedFile(base))) return null;
  // a `file://` address of this machine names the same file as its path
  const local = /^file:\/\/(?:localhost)?(\/.*)$/i.exec(raw);
  const path = local ? decodeUri(local[1]!) : raw;
  // blanks: prose, unless all of them are a copy's ` copy` suffix (`id_rsa copy 2`) or lie in the
  // folders of a path written from the root or HOME (`/Library/Application Support/…`)
  const bare = path.replace(/ copy(?: \d+)?$/i, '');
  const folders = /^(\/|~\/)/.test(bare) ? bare.slice(0, bare.lastIndexOf('/') + 1) : '';
  if (/\s/.test(bare.slice(folders.length)) || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(path)) return null;
  const kind = pathKind(path, base);
  if (kind) return kind;
  const slash = path.lastIndexOf('/');
  // a copy of a credential or of settings that hold keys holds the same keys
  for (const orig of unbackup(path.slice(slash + 1))) {
    const copied = pathKind(path.slice(0, slash + 1) + orig, base);
    if (copied) return copied;
  }
  return null;
}

/** Whether the hook's environment names a settings or state file by a variable of MOVABLE_FILES. */
function namesMovedFile(base: SecretBase): boolean {
  for (const name in base.vars ?? {}) if (name in MOVABLE_FILES) return true;
  return false;
}

/** What NAMED_SETTINGS says of a path by its last two segments (lower case), or null. */
function namedSettings(lowerAbs: string): SecretKind | null {
  const parts = lowerAbs.split('/');
  const name = parts[parts.length - 1]!;
  const folder = parts[parts.length - 2] ?? '';
  for (const [f, n] of NAMED_SETTINGS) if (n === name && (f === '' || f === folder)) return AGENT_SETTINGS;
  return null;
}

function decodeUri(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

function pathKind(raw: string, base: SecretBase): SecretKind | null {
  // `$VAR/auth.json`: the variable names the agent's folder, whatever its value
  const v = /^\$(?:\{([A-Z_][A-Z0-9_]*)\}|([A-Z_][A-Z0-9_]*))\/(.+)$/.exec(raw);
  if (v) {
    const kind = movedRow(v[1] ?? v[2]!, v[3]!.toLowerCase());
    if (kind) return kind;
  }
  const n = normalizeTarget(raw, base.cwd, base.home ? { home: base.home } : {});
  const abs = n.abs ?? n.rel;
  const lowerAbs = abs.toLowerCase();
  if (base.home) {
    const home = normalizeTarget(base.home, undefined).abs ?? base.home;
    const lowerHome = home.toLowerCase().replace(/\/+$/, '');
    if (lowerAbs.startsWith(lowerHome + '/')) {
      const kind = homeRow(lowerAbs.slice(lowerHome.length + 1));
      if (kind) return kind;
    }
  }
  // the SSH and GnuPG folders of another home (another user's, one mounted or copied elsewhere):
  // their keys and settings, all but the public halves and lists. One below the working folder is
  // the project's own (a test fixture); its keys are still known by their names.
  const keyFolder = /(^|\/)\.(ssh|gnupg)\/(.+)$/.exec(lowerAbs);
  const cwd = base.cwd ? (normalizeTarget(base.cwd, undefined).abs ?? base.cwd).toLowerCase().replace(/\/+$/, '') : undefined;
  if (keyFolder && !(cwd && lowerAbs.startsWith(cwd + '/')) && !PUBLIC_NAMES.test(baseName(keyFolder[3]!))) return 'a private key';
  for (const [name, value] of Object.entries(base.vars ?? {})) {
    if (!value.startsWith('/')) continue;
    const dir = value.toLowerCase().replace(/\/+$/, '');
    if (!lowerAbs.startsWith(dir + '/')) continue;
    const kind = movedRow(name, lowerAbs.slice(dir.length + 1));
    if (kind) return kind;
  }
  for (const [name, value] of Object.entries(base.vars ?? {})) {
    const kind = MOVABLE_FILES[name];
    if (!kind || !value.startsWith('/')) continue;
    const file = value.toLowerCase();
    // a database is also its write-ahead log and shared-memory file
    if (lowerAbs === file || (kind === 'coding agent credentials' && (lowerAbs === file + '-wal' || lowerAbs === file + '-shm'))) return kind;
  }
  return namedSettings(lowerAbs) ?? secretByName(baseName(abs));
}

/**
 * Whether a folder holds a secret folder of HOME (`~`, `~/.config`): a recursive read of it
 * (grep -r, rg, a search tool rooted there) reads those secrets too.
 */
export function holdsHomeSecrets(raw: string, base: SecretBase): SecretKind | null {
  if (!base.home || raw === '' || /\s/.test(raw)) return null;
  const n = normalizeTarget(raw, base.cwd, { home: base.home });
  const abs = (n.abs ?? n.rel).toLowerCase().replace(/\/+$/, '');
  const home = (normalizeTarget(base.home, undefined).abs ?? base.home).toLowerCase().replace(/\/+$/, '');
  if (abs === home) return HOME_FOLDERS[0]![1];
  if (!abs.startsWith(home + '/')) return null;
  const below = abs.slice(home.length + 1);
  const hit = HOME_FOLDERS.find(([folder]) => folder.toLowerCase().startsWith(below + '/'));
  return hit ? hit[1] : null;
}

/**
 * Whether a glob over file names (a search tool's pattern, `find -name`) selects a secret: the
 * pattern's own letters name one, with each wildcard read as nothing or as one letter
 * (`.env*`, `*.pem`, `**\/id_rsa`). A pattern of wildcards alone (`*`, `**\/*`) names nothing.
 */
export function globNamesSecret(pattern: string): SecretKind | null {
  const last = pattern.replace(/\\/g, '/').split('/').filter((x) => x !== '').pop() ?? '';
  if (!/[A-Za-z0-9_]/.test(last)) return null;
  for (const alt of braceAlternatives(last)) {
    for (const fill of ['', 'x']) {
      const name = alt.replace(/\[[^\]]*\]/g, 'x').replace(/[*?]+/g, fill);
      // `**/id_rsa~`: a pattern for a secret's backups selects the secret
      for (const n of [name, ...unbackup(name)]) {
        const kind = secretByName(n);
        if (kind) return kind;
      }
    }
  }
  return null;
}

/** `{a,b}` alternatives of a name pattern, one level deep (enough for `.{env,npmrc}`). */
function braceAlternatives(p: string): string[] {
  const m = /^(.*?)\{([^{}]*)\}(.*)$/.exec(p);
  if (!m) return [p];
  return m[2]!.split(',').flatMap((x) => braceAlternatives(m[1]! + x + m[3]!));
}
