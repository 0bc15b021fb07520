/**
 * Dependency and hash intent from file changes. Only lines a change ADDS count; a
 * dependency whose name also appears on a removed line is a bump or a move, not an
 * addition. Context lines (unchanged, from a diff hunk or the part of an edit that stays)
 * are used only to know which manifest section an added line sits in.
 *
 * Command-side intents (npm install x, sha256sum f) live with the program tables
 * (the program classifiers): they are computed per non-read segment.
 */

type LineKind = 'add' | 'ctx';
export interface ChangeLine {
  kind: LineKind;
  text: string;
}
export interface Change {
  /** the new side of the change in order: added lines and the unchanged lines around them */
  lines: ChangeLine[];
  /** lines the change removes */
  removed: string[];
  /** the change starts at the top of the file (a whole-file write or an added file) */
  wholeFile: boolean;
}

function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A whole-file write: every line is added, nothing is known to be removed. */
export function changeFromContent(content: string): Change {
  return { lines: splitLines(content).map((text) => ({ kind: 'add' as const, text })), removed: [], wholeFile: true };
}

/**
 * An edit that replaces `oldText` by `newText`. Lines present on both sides (as a
 * multiset, ignoring indentation) are context; the rest are added / removed.
 */
export function changeFromEdit(oldText: string, newText: string): Change {
  const oldLines = splitLines(oldText);
  const pool = new Map<string, number>();
  for (const l of oldLines) pool.set(l.trim(), (pool.get(l.trim()) ?? 0) + 1);
  const lines: ChangeLine[] = [];
  for (const text of splitLines(newText)) {
    const k = text.trim();
    const n = pool.get(k) ?? 0;
    if (n > 0) {
      pool.set(k, n - 1);
      lines.push({ kind: 'ctx', text });
    } else lines.push({ kind: 'add', text });
  }
  const removed: string[] = [];
  for (const text of oldLines) {
    const k = text.trim();
    const n = pool.get(k) ?? 0;
    if (n > 0) {
      pool.set(k, n - 1);
      removed.push(text);
    }
  }
  return { lines, removed, wholeFile: false };
}

// ---------------------------------------------------------------------------------------
// Manifests

type ManifestKind =
  | 'npm'
  | 'composer'
  | 'deno'
  | 'pyproject'
  | 'requirements'
  | 'pipfile'
  | 'cargo'
  | 'gomod'
  | 'gemfile'
  | 'gemspec'
  | 'dotnet'
  | 'gradle'
  | 'gradle-catalog'
  | 'pom';

function basename(path: string): string {
  const p = path.replace(/\\/g, '/').replace(/\/+$/, '');
  const i = p.lastIndexOf('/');
  return i === -1 ? p : p.slice(i + 1);
}

export function manifestKind(path: string): ManifestKind | null {
  const norm = path.replace(/\\/g, '/');
  const name = basename(norm);
  const lower = name.toLowerCase();
  switch (lower) {
    case 'package.json':
      return 'npm';
    case 'composer.json':
      return 'composer';
    case 'deno.json':
    case 'deno.jsonc':
      return 'deno';
    case 'pyproject.toml':
      return 'pyproject';
    case 'pipfile':
      return 'pipfile';
    case 'cargo.toml':
      return 'cargo';
    case 'go.mod':
      return 'gomod';
    case 'gemfile':
      return 'gemfile';
    case 'pom.xml':
      return 'pom';
    case 'build.gradle':
    case 'build.gradle.kts':
      return 'gradle';
    case 'libs.versions.toml':
      return 'gradle-catalog';
    case 'directory.packages.props':
    case 'packages.config':
      return 'dotnet';
  }
  if (/^requirements.*\.(txt|in)$/i.test(name) || /(^|\/)requirements\/[^/]+\.(txt|in)$/i.test(norm)) return 'requirements';
  if (/\.(cs|fs|vb)proj$/i.test(name)) return 'dotnet';
  if (/\.gemspec$/i.test(name)) return 'gemspec';
  if (/\.gradle(\.kts)?$/i.test(name)) return 'gradle';
  return null;
}

const VERSIONISH = /^\s*["']?\s*(?:[\^~=<>!*]|\d|v\d|latest\b|next\b|workspace:|npm:|jsr:|file:|link:|portal:|git\+|git:|github:|https?:|\{)/i;

function normName(n: string): string {
  return n.trim().toLowerCase().replace(/_/g, '-');
}

/** Split lines by kind; keep order. */
function added(change: Change): string[] {
  return change.lines.filter((l) => l.kind === 'add').map((l) => l.text);
}

// --- JSON manifests (package.json, composer.json, deno.json) ---------------------------

interface JsonPair {
  key: string;
  value: string;
  /** enclosing object key; undefined when the fragment does not show it */
  section: string | undefined;
  added: boolean;
}

/** Scan a JSON fragment line by line, tracking which object each "key": "value" sits in. */
function jsonPairs(lines: ChangeLine[]): JsonPair[] {
  const out: JsonPair[] = [];
  const stack: string[] = [];
  let lastString: string | null = null;
  let pendingKey: string | null = null;
  let afterColon = false;
  for (const line of lines) {
    const t = line.text;
    let i = 0;
    while (i < t.length) {
      const c = t[i]!;
      if (c === '"') {
        let j = i + 1;
        let s = '';
        while (j < t.length && t[j] !== '"') {
          if (t[j] === '\\' && j + 1 < t.length) {
            s += t[j + 1];
            j += 2;
          } else s += t[j++];
        }
        i = j + 1;
        if (afterColon && pendingKey !== null) {
          out.push({ key: pendingKey, value: s, section: stack[stack.length - 1], added: line.kind === 'add' });
          afterColon = false;
          pendingKey = null;
        } else lastString = s;
        continue;
      }
      if (c === ':') {
        if (lastString !== null) {
          pendingKey = lastString;
          afterColon = true;
          lastString = null;
        }
      } else if (c === '{' || c === '[') {
        const name = afterColon && pendingKey !== null ? pendingKey : stack.length ? '[]' : '(root)';
        stack.push(c === '[' ? name + '[]' : name);
        afterColon = false;
        pendingKey = null;
      } else if (c === '}' || c === ']') {
        stack.pop();
        afterColon = false;
      } else if (c === ',') {
        afterColon = false;
        lastString = null;
      } else if (!/\s/.test(c) && afterColon) {
        afterColon = false; // number, true, null: not a dependency spec
      }
      i++;
    }
  }
  return out;
}

const NPM_DEP_SECTIONS = new Set(['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']);
const NPM_NON_DEP_KEYS = new Set([
  'name', 'version', 'description', 'main', 'module', 'types', 'typings', 'license', 'author', 'homepage', 'type',
  'private', 'packageManager', 'node', 'npm', 'yarn', 'pnpm', 'bun', 'deno', 'engines', 'browser', 'bin', 'url',
]);

function jsonDeps(kind: 'npm' | 'composer' | 'deno', lines: ChangeLine[]): { name: string; added: boolean }[] {
  const res: { name: string; added: boolean }[] = [];
  for (const p of jsonPairs(lines)) {
    let dep = false;
    if (kind === 'npm') {
      if (p.section === undefined) dep = !NPM_NON_DEP_KEYS.has(p.key) && VERSIONISH.test(p.value);
      else dep = NPM_DEP_SECTIONS.has(p.section);
    } else if (kind === 'composer') {
      if (p.key === 'php') dep = false;
      else if (p.section === undefined) dep = /^[a-z0-9_.-]+\/[a-z0-9_.-]+$|^ext-/i.test(p.key) && VERSIONISH.test(p.value);
      else dep = p.section === 'require' || p.section === 'require-dev';
    } else {
      dep = p.section === 'imports' || (p.section === undefined && /^(jsr:|npm:|https?:)/.test(p.value));
    }
    if (dep) res.push({ name: normName(p.key), added: p.added });
  }
  return res;
}

// --- TOML manifests (pyproject.toml, Pipfile, Cargo.toml, libs.versions.toml) ----------

interface TomlEntry {
  table: string | undefined;
  /** the key, or the array's key for array items (undefined: an item of an array the fragment does not name) */
  key: string | undefined;
  value: string;
  item: boolean;
  header: boolean;
  added: boolean;
}

function stripTomlComment(line: string): string {
  let q: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (q) {
      if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

function tomlStrings(s: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) out.push(m[1] ?? m[2] ?? '');
  return out;
}

function tomlEntries(change: Change): TomlEntry[] {
  const out: TomlEntry[] = [];
  let table: string | undefined = change.wholeFile ? '' : undefined;
  let arrayKey: string | undefined | null = null; // null = not in an array
  for (const line of change.lines) {
    const added = line.kind === 'add';
    const t = stripTomlComment(line.text);
    if (arrayKey !== null) {
      const close = t.indexOf(']');
      const body = close === -1 ? t : t.slice(0, close);
      if (!/^\s*\{/.test(body)) for (const s of tomlStrings(body)) out.push({ table, key: arrayKey, value: s, item: true, header: false, added });
      if (close !== -1) arrayKey = null;
      continue;
    }
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*$/.exec(t);
    if (header) {
      table = header[1]!.replace(/\s*\.\s*/g, '.').replace(/["']/g, '');
      out.push({ table, key: undefined, value: '', item: false, header: true, added });
      continue;
    }
    const kv = /^\s*([A-Za-z0-9_.\-"']+)\s*=\s*(.*)$/.exec(t);
    if (kv) {
      const key = kv[1]!.replace(/["']/g, '');
      const value = kv[2]!.trim();
      if (value.startsWith('[')) {
        const close = value.indexOf(']');
        const body = close === -1 ? value.slice(1) : value.slice(1, close);
        for (const s of tomlStrings(body)) out.push({ table, key, value: s, item: true, header: false, added });
        if (close === -1) arrayKey = key;
      } else out.push({ table, key, value, item: false, header: false, added });
      continue;
    }
    // a bare array item of an array whose key the fragment does not show
    if (/^\s*["'][^"']+["']\s*,?\s*$/.test(t)) {
      for (const s of tomlStrings(t)) out.push({ table, key: undefined, value: s, item: true, header: false, added });
    }
  }
  return out;
}

function pep508Name(spec: string): string | null {
  const m = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(spec);
  return m ? normName(m[1]!) : null;
}

const CARGO_NON_DEP_KEYS = new Set([
  'name', 'version', 'edition', 'rust-version', 'authors', 'description', 'license', 'license-file', 'repository',
  'homepage', 'readme', 'publish', 'build', 'resolver', 'members', 'default-members', 'exclude', 'include', 'keywords',
  'categories', 'documentation', 'links', 'default', 'opt-level', 'debug', 'lto', 'panic', 'codegen-units', 'strip',
]);
const PY_KV_NON_DEP = new Set(['python', 'name', 'version', 'requires-python', 'python_version', 'python_full_version', 'url', 'verify_ssl', 'description', 'readme', 'license']);

function tomlDeps(kind: 'pyproject' | 'pipfile' | 'cargo' | 'gradle-catalog', change: Change): { name: string; added: boolean }[] {
  const res: { name: string; added: boolean }[] = [];
  const push = (name: string | null, added: boolean) => {
    if (name) res.push({ name: normName(name), added });
  };
  for (const e of tomlEntries(change)) {
    const table = e.table;
    if (kind === 'pyproject') {
      if (e.item) {
        const known =
          (table === 'project' && e.key === 'dependencies') ||
          table === 'project.optional-dependencies' ||
          table === 'dependency-groups' ||
          (table === 'build-system' && e.key === 'requires') ||
          (table === 'tool.uv' && e.key === 'dev-dependencies') ||
          table === 'tool.pdm.dev-dependencies';
        const unknownPlace = table === undefined && (e.key === undefined || /dependencies|requires/.test(e.key) || /[<>=~!@]/.test(e.value));
        if (known || unknownPlace) push(pep508Name(e.value), e.added);
      } else if (!e.header && e.key) {
        const poetry = table !== undefined && /^tool\.poetry\.(?:(?:dev-)?dependencies|group\.[^.]+\.dependencies)$/.test(table);
        const unknownPlace = table === undefined && VERSIONISH.test(e.value);
        if ((poetry || unknownPlace) && !PY_KV_NON_DEP.has(e.key)) push(e.key, e.added);
      }
    } else if (kind === 'pipfile') {
      if (e.header || e.item || !e.key) continue;
      const known = table !== undefined && table !== '' && !['source', 'requires', 'scripts', 'pipenv'].includes(table);
      const unknownPlace = table === undefined && (VERSIONISH.test(e.value) || e.value === '"*"');
      if ((known || unknownPlace) && !PY_KV_NON_DEP.has(e.key)) push(e.key, e.added);
    } else if (kind === 'cargo') {
      const depTable = /(?:^|\.)(?:dev-|build-)?dependencies$/;
      if (e.header) {
        const m = table ? /(?:^|\.)(?:dev-|build-)?dependencies\.([^.]+)$/.exec(table) : null;
        if (m) push(m[1]!, e.added);
        continue;
      }
      if (e.item || !e.key) continue;
      const name = e.key.split('.')[0]!;
      const known = table !== undefined && depTable.test(table);
      const unknownPlace = table === undefined && !CARGO_NON_DEP_KEYS.has(name) && (VERSIONISH.test(e.value) || /\.workspace$/.test(e.key));
      if (known || unknownPlace) push(name, e.added);
    } else {
      if (e.header || e.item || !e.key) continue;
      const known = table === 'libraries' || table === 'plugins';
      const unknownPlace = table === undefined && /\b(module|group|id)\s*=/.test(e.value);
      if (known || unknownPlace) push(e.key, e.added);
    }
  }
  return res;
}

// --- line-oriented manifests -------------------------------------------------------------

function requirementName(line: string): string | null {
  let t = line.trim();
  if (!t || t.startsWith('#')) return null;
  t = t.replace(/\s+#.*$/, '');
  const editable = /^(?:-e|--editable)[\s=]+(.+)$/.exec(t);
  if (editable) {
    const egg = /#egg=([A-Za-z0-9._-]+)/.exec(editable[1]!);
    return egg ? normName(egg[1]!) : editable[1]!.trim();
  }
  if (t.startsWith('-')) return null; // -r, -c, --index-url, --hash…: not a new requirement
  const at = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*@/.exec(t);
  if (at) return normName(at[1]!);
  if (/^[a-z+]+:\/\//i.test(t)) {
    const egg = /#egg=([A-Za-z0-9._-]+)/.exec(t);
    return egg ? normName(egg[1]!) : t;
  }
  return pep508Name(t);
}

function goModDeps(change: Change): { name: string; added: boolean }[] {
  const res: { name: string; added: boolean }[] = [];
  let block: string | null | undefined = change.wholeFile ? null : undefined; // undefined = not known
  for (const l of change.lines) {
    const t = l.text.replace(/\/\/.*$/, '');
    const open = /^\s*(require|replace|exclude|retract|tool|godebug)\s*\(\s*$/.exec(t);
    if (open) {
      block = open[1]!;
      continue;
    }
    if (/^\s*\)\s*$/.test(t)) {
      block = null;
      continue;
    }
    const single = /^\s*require\s+(\S+)\s+v\S+/.exec(t) ?? /^\s*tool\s+(\S+)\s*$/.exec(t);
    if (single) {
      res.push({ name: single[1]!, added: l.kind === 'add' });
      continue;
    }
    const inBlock = /^\s*(\S+)\s+v\d\S*/.exec(t);
    if (inBlock && (block === 'require' || (block === undefined && /^[a-z0-9.-]+\.[a-z]{2,}\//i.test(inBlock[1]!)))) {
      res.push({ name: inBlock[1]!, added: l.kind === 'add' });
    } else if (block === 'tool' && /^\s*(\S+)\s*$/.test(t) && t.trim()) {
      res.push({ name: t.trim(), added: l.kind === 'add' });
    }
  }
  return res;
}

function removedGoNames(removed: string[]): Set<string> {
  const s = new Set<string>();
  for (const r of removed) {
    const m = /^\s*(?:require\s+|tool\s+)?([a-z0-9.-]+\.[a-z]{2,}\/\S*)/i.exec(r.replace(/\/\/.*$/, ''));
    if (m) s.add(m[1]!);
  }
  return s;
}

const GRADLE_CONFIG =
  /^\s*(implementation|api|compileOnly|runtimeOnly|testImplementation|testCompileOnly|testRuntimeOnly|androidTestImplementation|debugImplementation|releaseImplementation|annotationProcessor|kapt|ksp|classpath|compile|testCompile|runtime|developmentOnly|testFixturesImplementation|detektPlugins|coreLibraryDesugaring|lintChecks|[a-z][A-Za-z]*Implementation)\b\s*(?:\(|\s)\s*(.*)$/;

function gradleKey(line: string): string | null {
  const m = GRADLE_CONFIG.exec(line);
  if (!m) return null;
  const arg = m[2]!;
  if (/^\s*(project|files|fileTree)\s*\(/.test(arg)) return null;
  const quoted = /["']([^"']+)["']/.exec(arg);
  if (quoted) {
    const q = quoted[1]!;
    const kotlin = /^\s*kotlin\s*\(\s*["']([^"']+)/.exec(arg);
    if (kotlin) return 'kotlin:' + kotlin[1]!;
    return q.split(':').slice(0, 2).join(':').toLowerCase();
  }
  const ident = /\b(libs(?:\.[A-Za-z0-9_]+)+)/.exec(arg);
  if (ident) return ident[1]!.toLowerCase();
  return arg.trim() || null;
}

function pomDeps(change: Change): { name: string; added: boolean }[] {
  const res: { name: string; added: boolean }[] = [];
  const stack: string[] = [];
  const tag = /<(\/?)(dependency|exclusion|plugin|parent|extension|project)\b[^>]*?(\/?)>/g;
  for (const l of change.lines) {
    const t = l.text;
    const art = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(t);
    if (art) {
      const ctx = stack[stack.length - 1];
      if ((ctx === undefined && !change.wholeFile) || ctx === 'dependency') res.push({ name: art[1]!.toLowerCase(), added: l.kind === 'add' });
    }
    let m: RegExpExecArray | null;
    tag.lastIndex = 0;
    while ((m = tag.exec(t))) {
      if (m[3]) continue; // self-closing
      if (m[1]) {
        if (stack[stack.length - 1] === m[2]) stack.pop();
      } else stack.push(m[2]!);
    }
  }
  return res;
}

function lineDeps(kind: ManifestKind, change: Change): { name: string; added: boolean }[] {
  const res: { name: string; added: boolean }[] = [];
  for (const l of change.lines) {
    let name: string | null = null;
    const t = l.text;
    if (kind === 'requirements') name = requirementName(t);
    else if (kind === 'gemfile') name = /^\s*gem\s*\(?\s*["']([^"']+)["']/.exec(t)?.[1] ?? null;
    else if (kind === 'gemspec') name = /\.add_(?:runtime_|development_)?dependency\s*\(?\s*["']([^"']+)["']/.exec(t)?.[1] ?? null;
    else if (kind === 'dotnet')
      name = /<(?:PackageReference|PackageVersion|GlobalPackageReference)\b[^>]*?\bInclude\s*=\s*"([^"]+)"/i.exec(t)?.[1] ?? /<package\b[^>]*?\bid\s*=\s*"([^"]+)"/i.exec(t)?.[1] ?? null;
    else if (kind === 'gradle') name = gradleKey(t);
    if (name) res.push({ name: kind === 'gradle' ? name : normName(name), added: l.kind === 'add' });
  }
  return res;
}

function depsOf(kind: ManifestKind, change: Change): { name: string; added: boolean }[] {
  switch (kind) {
    case 'npm':
    case 'composer':
    case 'deno':
      return jsonDeps(kind, change.lines);
    case 'pyproject':
    case 'pipfile':
    case 'cargo':
    case 'gradle-catalog':
      return tomlDeps(kind, change);
    case 'gomod':
      return goModDeps(change);
    case 'pom':
      return pomDeps(change);
    default:
      return lineDeps(kind, change);
  }
}

/** Names declared on the removed lines (no context: any line that looks like a declaration). */
function removedNames(kind: ManifestKind, removed: string[]): Set<string> {
  if (kind === 'gomod') return removedGoNames(removed);
  const asChange: Change = { lines: removed.map((text) => ({ kind: 'add' as const, text })), removed: [], wholeFile: false };
  const names = new Set<string>();
  for (const d of depsOf(kind, asChange)) names.add(d.name);
  if (kind === 'npm' || kind === 'composer' || kind === 'deno') {
    // a removed JSON line may lack the section the added one shows: any "key": value counts
    for (const r of removed) {
      const m = /^\s*"([^"]+)"\s*:/.exec(r);
      if (m) names.add(normName(m[1]!));
    }
  }
  return names;
}

/**
 * Does this change to `path` add a dependency? False for files that are not manifests.
 * A removed or re-versioned dependency is not an addition.
 */
export function dependencyIntentFromChange(path: string, change: Change): boolean {
  const kind = manifestKind(path);
  if (!kind) return false;
  const gone = removedNames(kind, change.removed);
  for (const d of depsOf(kind, change)) if (d.added && !gone.has(d.name)) return true;
  return false;
}

/** Just the added lines of a change, for hash-intent scans. */
export function addedLines(change: Change): string[] {
  return added(change);
}

// ---------------------------------------------------------------------------------------
// Hashing APIs in code

type Lang = 'js' | 'py' | 'go' | 'rs' | 'jvm' | 'cs' | 'php' | 'rb' | 'c' | 'swift' | 'sh';

const EXT_LANG: Record<string, Lang> = {
  js: 'js', cjs: 'js', mjs: 'js', jsx: 'js', ts: 'js', tsx: 'js', mts: 'js', cts: 'js', vue: 'js', svelte: 'js',
  py: 'py', pyw: 'py', ipynb: 'py',
  go: 'go', rs: 'rs',
  java: 'jvm', kt: 'jvm', kts: 'jvm', scala: 'jvm', groovy: 'jvm', gradle: 'jvm',
  cs: 'cs', fs: 'cs', vb: 'cs',
  php: 'php', rb: 'rb', rake: 'rb',
  c: 'c', cc: 'c', cpp: 'c', cxx: 'c', h: 'c', hpp: 'c', m: 'c', mm: 'c',
  swift: 'swift',
  sh: 'sh', bash: 'sh', zsh: 'sh', ksh: 'sh', ps1: 'sh', psm1: 'sh',
};

export function langOfPath(path: string): Lang | null {
  const name = basename(path);
  if (/^(makefile|gnumakefile|dockerfile|containerfile|justfile)$/i.test(name) || /\.(mk|dockerfile)$/i.test(name)) return 'sh';
  const dot = name.lastIndexOf('.');
  if (dot <= 0 && !name.startsWith('.')) return null;
  return EXT_LANG[name.slice(dot + 1).toLowerCase()] ?? null;
}

const HASH_API: Record<Lang, RegExp> = {
  js: /\bcreateHash\s*\(|\bcreateHmac\s*\(|\bsubtle\s*\.\s*digest\s*\(|\bbcrypt(?:js)?\s*\.\s*(?:hash|hashSync|genSalt)\s*\(|\bargon2\s*\.\s*hash\s*\(|\b(?:pbkdf2|pbkdf2Sync|scrypt|scryptSync)\s*\(|\bCryptoJS\s*\.\s*(?:SHA\d*|MD5|Hmac\w+|SHA3|RIPEMD160)\s*\(|\bBun\s*\.\s*(?:hash\b|CryptoHasher\b|password\s*\.\s*hash\b)|(?:from\s+|require\s*\(\s*)['"](?:bcrypt|bcryptjs|argon2|crypto-js|js-sha256|hash-wasm|@noble\/hashes[^'"]*)['"]/,
  py: /\bhashlib\b|\bhmac\s*\.\s*(?:new|digest)\s*\(|\bbcrypt\s*\.\s*(?:hashpw|gensalt)\s*\(|\bPasswordHasher\s*\(|\bpasslib\b|\b(?:from|import)\s+argon2\b|\bblake3\s*\(|\bpbkdf2_hmac\b|\bhashes\s*\.\s*Hash\s*\(/,
  go: /\b(?:sha1|sha256|sha512|sha3|md5|blake2b|blake2s)\s*\.\s*(?:New\w*|Sum\w*)\s*\(|\bhmac\s*\.\s*New\s*\(|\bbcrypt\s*\.\s*GenerateFromPassword\s*\(|\bargon2\s*\.\s*(?:ID)?Key\s*\(|"crypto\/(?:sha1|sha256|sha512|md5|hmac)"|"golang\.org\/x\/crypto\/(?:bcrypt|argon2|blake2b|sha3|scrypt)"/,
  rs: /\b(?:Sha1|Sha224|Sha256|Sha384|Sha512|Sha3_256|Md5|Blake2b\w*|Blake2s\w*|Keccak256)\s*::\s*(?:new|digest|default)\b|\bblake3\s*::\s*(?:hash|Hasher)\b|\bring\s*::\s*digest\b|\bargon2\s*::|\bbcrypt\s*::\s*hash\b|\buse\s+(?:sha2|sha1|md5|blake3)\b/,
  jvm: /\bMessageDigest\s*\.\s*getInstance\s*\(|\bDigestUtils\s*\.\s*\w+\s*\(|\bHashing\s*\.\s*(?:sha\d+|md5|murmur3_\d+|sipHash24)\s*\(|\bMac\s*\.\s*getInstance\s*\(|\bBCrypt\s*\.\s*(?:hashpw|gensalt)\s*\(|\bBCryptPasswordEncoder\s*\(|\bArgon2PasswordEncoder\b|\bSecretKeyFactory\s*\.\s*getInstance\s*\(\s*"PBKDF2/,
  cs: /\b(?:SHA1|SHA256|SHA384|SHA512|MD5|SHA3_256|HMACSHA\d+|HMACMD5)\s*\.\s*(?:Create|HashData)\s*\(|\bnew\s+HMAC(?:SHA\d+|MD5)\s*\(|\bHashAlgorithm\s*\.\s*Create\s*\(|\bRfc2898DeriveBytes\b|\bBCrypt\s*\.\s*(?:Net\s*\.\s*BCrypt\s*\.\s*)?HashPassword\s*\(|\bIncrementalHash\s*\.\s*Create/,
  php: /\b(?:hash|hash_hmac|hash_file|hash_init|md5|md5_file|sha1|sha1_file|password_hash|crypt|sodium_crypto_generichash|sodium_crypto_pwhash)\s*\(/,
  rb: /\bDigest\s*::\s*(?:SHA\d*|MD5|RMD160|SHA2)\b|\bOpenSSL\s*::\s*(?:Digest|HMAC)\b|\bBCrypt\s*::\s*Password\s*\.\s*create\b|\bArgon2\s*::\s*Password\b|\brequire\s+['"]digest/,
  c: /\b(?:SHA\d+_(?:Init|Update|Final)|SHA\d+|MD5_(?:Init|Update|Final)|MD5|EVP_Digest\w*|EVP_sha\d+|EVP_md5|HMAC|CC_SHA\d+|CC_MD5|crypto_generichash|crypto_pwhash)\s*\(/,
  swift: /\b(?:SHA256|SHA384|SHA512|Insecure\s*\.\s*(?:MD5|SHA1))\s*\.\s*hash\s*\(|\bHMAC\s*<|\bCC_SHA256\s*\(/,
  sh: /(?:^|[\s;|&(`$])(?:sha1sum|sha224sum|sha256sum|sha384sum|sha512sum|md5sum|b2sum|b3sum|shasum|cksum|md5|openssl\s+(?:dgst|sha\d*|md5|passwd)|certutil(?:\.exe)?\s+-hashfile|Get-FileHash|git\s+hash-object)(?=\s|$|[;|&)])/i,
};

function isCommentLine(t: string, lang: Lang): boolean {
  const s = t.trimStart();
  if (s.startsWith('//') || s.startsWith('/*') || s.startsWith('* ') || s === '*') return true;
  if ((lang === 'py' || lang === 'rb' || lang === 'sh') && s.startsWith('#')) return true;
  return false;
}

/** Do added lines of code call a hashing API? Only files of known code languages count. */
export function hashIntentFromLines(path: string | null, lines: readonly string[], lang?: Lang): boolean {
  const l = lang ?? (path ? langOfPath(path) : null);
  if (!l) return false;
  const re = HASH_API[l];
  for (const line of lines) if (!isCommentLine(line, l) && re.test(line)) return true;
  return false;
}

/** Hashing APIs in inline interpreter code (`python -c`, `node -e`, …). */
export function hashIntentInCode(lang: Lang, code: string): boolean {
  return hashIntentFromLines(null, code.split(/\r?\n|;/), lang);
}
export type { Lang as CodeLanguage };

/** Programs whose whole purpose is computing a digest. */
export const HASH_PROGRAMS: ReadonlySet<string> = new Set([
  'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'md5sum', 'b2sum', 'b3sum', 'shasum', 'cksum',
  'md5', 'sha1', 'sha256', 'sha512', 'rhash', 'mkpasswd',
]);
