#!/usr/bin/env node
/**
 * The options package managers' own help lists, with whether each takes a value: the facts
 * core/analysis/package-options.ts is checked against. Each help line that starts with an option
 * is read for its names and what follows them:
 *   `--x`, `-x`, `--x...` (repeatable), `--x[=V]` (attached only)   a flag
 *   `--x <V>`, `--x=V`, `--x V`, `--x #0`, go's `-x dir`               takes one value
 *   `--x [V]`, `--x [<V>]`, `--x <V>...`                               may take the next word
 * npm lists its options in its config reference instead: a key typed Boolean is a flag, a key
 * whose type also allows a word may take one, every other type takes a value.
 *
 *   node test/core/analysis/package-manager-options.mjs           # print what the installed tools list
 *   node test/core/analysis/package-manager-options.mjs --write   # merge it into fixtures/package-manager-options.json
 * A tool can be pointed at with an environment variable (PNPM=/path/to/pnpm, YARN1=…, YARN=…).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURE = join(here, 'fixtures', 'package-manager-options.json');

/**
 * Each recorded source: the grammar it checks (core/analysis/package-options.ts PACKAGE_GRAMMARS),
 * the program, how to ask for its version, the help commands, and how to read them.
 */
export const SOURCES = {
  npm: { grammar: 'npm', bin: 'npm', version: ['--version'], format: 'npm-config' },
  pnpm: { grammar: 'pnpm', bin: 'pnpm', version: ['--version'], helps: [['add', '--help'], ['install', '--help']] },
  'yarn@1': { grammar: 'yarn', bin: 'yarn', env: 'YARN1', version: ['--version'], versionMatch: /^1\./, helps: [['add', '--help']] },
  'yarn@berry': { grammar: 'yarn', bin: 'yarn', env: 'YARN', version: ['--version'], versionMatch: /^[2-9]\./, helps: [['add', '--help'], ['workspaces', 'foreach', '--help']] },
  bun: { grammar: 'bun', bin: 'bun', version: ['--version'], helps: [['add', '--help'], ['install', '--help']] },
  pip: { grammar: 'pip', bin: 'pip', version: ['--version'], helps: [['install', '--help']] },
  uv: { grammar: 'uv', bin: 'uv', version: ['--version'], helps: [['add', '--help'], ['pip', 'install', '--help']] },
  poetry: { grammar: 'poetry', bin: 'poetry', version: ['--version'], helps: [['add', '--help']] },
  pipenv: { grammar: 'pipenv', bin: 'pipenv', version: ['--version'], helps: [['install', '--help']] },
  cargo: { grammar: 'cargo', bin: 'cargo', version: ['--version'], helps: [['--help'], ['add', '--help'], ['install', '--help']] },
  go: { grammar: 'go', bin: 'go', version: ['version'], helps: [['help', 'build'], ['help', 'get']], format: 'go' },
  gem: { grammar: 'gem', bin: 'gem', version: ['--version'], helps: [['help', 'install']] },
  bundle: { grammar: 'bundle', bin: 'bundle', version: ['--version'], helps: [['add', '--help']], format: 'synopsis' },
  composer: { grammar: 'composer', bin: 'composer', version: ['--version', '--no-ansi'], helps: [['require', '--help', '--no-ansi']] },
  deno: { grammar: 'deno', bin: 'deno', version: ['--version'], helps: [['add', '--help'], ['install', '--help']] },
};

const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** Options of one help line's name part (`-r, --requirement <file>`), or [] when the line is not one. */
export function optionsOfLine(line, { go = false } = {}) {
  // go's help indents each flag with one tab; deeper lines are prose about it
  // (an option starts near the left margin; a line indented to the description column continues a description)
  const m = go ? /^\t(-.*)$/.exec(line) : /^(?: {1,10}|\t)(-.*)$/.exec(line);
  if (!m) return [];
  // the names end where two spaces (or a tab) start the description
  let names = m[1].split(/ {2,}|\t/)[0].trim();
  // `- default: …` list items and `--` alone are not options
  if (/^-{1,2}(\s|$)/.test(names)) return [];
  if (go) {
    const g = /^(-[A-Za-z][\w-]*)(.*)$/.exec(names);
    return g ? [{ name: g[1], arity: g[2].trim() === '' ? 'flag' : 'value' }] : [];
  }
  const out = [];
  let groupArity = null;
  // `-v|vv|vvv, --verbose` (cleo, Symfony): several counts of one flag
  names = names.replace(/^-(\w)\|((?:\1+\|?)+)/, (_, c, more) => ['-' + c, ...more.split('|').filter(Boolean).map((x) => '-' + x)].join(', '));
  for (const part of names.split(/,\s*|\s*\|\s*(?=-)/)) {
    const p = /^(--?\[no-\][\w-]+|--?[A-Za-z?][\w.-]*)(.*)$/.exec(part.trim());
    if (!p) continue;
    const rest = p[2].trim();
    // `--both --version '>= 0'`: a line of defaults or prose naming several options, not an option
    if (/(^|\s)-{1,2}[A-Za-z]/.test(rest)) return [];
    let arity = 'flag';
    if (rest === '' || rest === '...' || /^\[=[^\]]*\]$/.test(rest)) arity = 'flag';
    else if (/^\[/.test(rest) || /\.\.\.$/.test(rest)) arity = 'maybe';
    else arity = 'value';
    if (arity !== 'flag') groupArity = arity;
    // clap's `--verbose...`: a flag given more than once
    const name = p[1].replace(/\.+$/, '');
    if (name.startsWith('--[no-]')) out.push({ name: '--' + name.slice(7), arity }, { name: '--no-' + name.slice(7), arity: 'flag' });
    else if (name.startsWith('-[no-]')) out.push({ name: '-' + name.slice(6), arity });
    else out.push({ name, arity });
  }
  // `-r, --requirement <file>`: the value shown once belongs to every name of the group
  if (groupArity) for (const o of out) if (o.arity === 'flag' && !o.name.startsWith('--no-')) o.arity = groupArity;
  return out;
}

/** Read a help text into name -> arity (a name seen with two classes is 'maybe'). */
export function optionsOfHelp(text, { go = false, synopsis = false } = {}) {
  const out = {};
  const add = (name, arity) => {
    if (out[name] && out[name] !== arity) out[name] = 'maybe';
    else out[name] = arity;
  };
  const clean = strip(text);
  if (!synopsis) for (const line of clean.split('\n')) for (const o of optionsOfLine(line, { go })) add(o.name, o.arity);
  if (go && /usage: go get/.test(clean)) {
    // go help get describes its own flags in prose: "The -t flag instructs …"
    for (const m of clean.matchAll(/The (-[a-z]+) flag/g)) add(m[1], 'flag');
  }
  if (synopsis) {
    // bundler's pages: the SYNOPSIS says which options take a value (`[--group=GROUP]`), OPTIONS only names them
    const syn = /SYNOPSIS([\s\S]*?)\n[A-Z]/.exec(clean)?.[1] ?? '';
    const known = {};
    for (const m of syn.matchAll(/\[(--[\w-]+)(=[^\]\s|]+)?(?:\|[^\]]*)?\]/g)) known[m[1]] = m[2] ? 'value' : 'flag';
    // each OPTIONS entry (`--version, -v`): its class from the synopsis, or unknown (may take a word) when the synopsis leaves it out
    for (const m of clean.matchAll(/^ {4,8}(--[\w-]+)((?:, (?:-\w)?)*)\s*$/gm)) {
      const arity = known[m[1]] ?? 'maybe';
      add(m[1], arity);
      for (const s of m[2].matchAll(/-\w/g)) add(s[0], arity);
    }
  }
  return out;
}

/** npm's config reference: `#### \`key\`` then `* Type: …`; shorthands from the list of CLI niceties. */
export function optionsOfNpmConfig(md) {
  const out = {};
  const blocks = md.split(/^#### `/m).slice(1);
  for (const b of blocks) {
    const key = b.slice(0, b.indexOf('`'));
    const t = /^\* Type: ([\s\S]*?)\n(?!  )/m.exec(b);
    if (!t) continue;
    const type = t[1].replace(/\s+/g, ' ').trim();
    out['--' + key] = type === 'Boolean' ? 'flag' : /Boolean/.test(type) ? 'maybe' : 'value';
  }
  const niceties = /### Shorthands and Other CLI Niceties([\s\S]*?)\n### /.exec(md)?.[1] ?? '';
  for (const m of niceties.matchAll(/^\* `(-{1,2}[^`]+)`: `--([\w.-]+)(?: ([^`]+))?`/gm)) {
    const [, short, long, fixed] = m;
    // `-d` is `--loglevel info`: a flag, whatever --loglevel takes
    out[short] = fixed ? 'flag' : out['--' + long] ?? 'maybe';
  }
  return out;
}

function run(bin, args) {
  const r = spawnSync(bin, args, { encoding: 'utf8', timeout: 30_000, env: { ...process.env, NO_COLOR: '1', COLUMNS: '200', CI: '1', FORCE_COLOR: '0', COREPACK_ENABLE_STRICT: '0' } });
  if (r.error || (r.status !== 0 && !(r.stdout ?? '').trim())) return null;
  return `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
}

/** What the installed tool lists, or null when it is not installed (or another major version). */
export function collect(key) {
  const s = SOURCES[key];
  const bin = process.env[s.env ?? s.bin.toUpperCase()] ?? s.bin;
  const version = run(bin, s.version);
  if (version === null) return null;
  // the version number alone (pip also prints where it is installed)
  const v = (/\d+\.\d+(\.\d+)?/.exec(strip(version)) ?? ['?'])[0];
  if (s.versionMatch && !s.versionMatch.test(v)) return null;
  if (s.format === 'npm-config') {
    const root = run(bin, ['root', '-g'])?.trim().split('\n')[0];
    const md = root ? join(root, 'npm', 'docs', 'content', 'using-npm', 'config.md') : null;
    if (!md || !existsSync(md)) return null;
    return { source: `${key} ${v}: docs/content/using-npm/config.md`, options: optionsOfNpmConfig(readFileSync(md, 'utf8')) };
  }
  const merged = {};
  for (const h of s.helps) {
    const text = run(bin, h);
    if (text === null) return null;
    for (const [name, arity] of Object.entries(optionsOfHelp(text, { go: s.format === 'go', synopsis: s.format === 'synopsis' }))) {
      merged[name] = merged[name] && merged[name] !== arity ? 'maybe' : arity;
    }
  }
  return { source: `${s.bin} ${v}: ${s.helps.map((h) => h.join(' ')).join('; ')}`, options: merged };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const write = process.argv.includes('--write');
  const fixture = existsSync(FIXTURE) ? JSON.parse(readFileSync(FIXTURE, 'utf8')) : { note: '', sources: {} };
  for (const key of Object.keys(SOURCES)) {
    const got = collect(key);
    console.log(`${key}: ${got ? `${Object.keys(got.options).length} options (${got.source})` : 'not installed'}`);
    if (got) fixture.sources[key] = { grammar: SOURCES[key].grammar, ...got };
  }
  if (write) {
    fixture.note = "Options each package manager's help lists (flag, value, maybe = may take the next word), recorded by test/core/analysis/package-manager-options.mjs --write";
    const sorted = Object.fromEntries(Object.entries(fixture.sources).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, { ...v, options: Object.fromEntries(Object.entries(v.options).sort(([a], [b]) => (a < b ? -1 : 1))) }]));
    writeFileSync(FIXTURE, JSON.stringify({ note: fixture.note, sources: sorted }, null, 1) + '\n');
    console.log(`wrote ${FIXTURE}`);
  }
}
