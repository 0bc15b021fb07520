/**
 * Dependency intent through every package manager's options. A dependency install must be seen
 * wherever an option sits and however it is spelled: for every package manager and every option
 * of its table (core/analysis/package-options.ts), the option is placed before the subcommand,
 * between it and the package, and after the package; a flag bare, an option that takes a value
 * with it (separate and attached), one read both ways bare and with a value, and a value-taking
 * option also at the end with its value missing. Options no table lists are probed the same way.
 * The tables themselves are checked against the tools' own help texts (recorded in
 * fixtures/package-manager-options.json, and live where the tool is installed): an option the
 * help shows taking a value must not be a flag in the table, nor the other way round.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { addsDependency, packageOptions, PACKAGE_GRAMMARS, type PackageGrammar } from '../../../core/analysis/package-options';
import { literalArg } from '../../../core/analysis/words';
import recorded from './fixtures/package-manager-options.json';
import { collect, SOURCES } from './package-manager-options.mjs';

const CWD = '/home/dev/project';
const HOME = '/home/dev';
const dep = (cmd: string) => analyzeShell(cmd, { cwd: CWD, home: HOME }).dependencyIntent;

/** For each package manager: the words that reach an adding subcommand, and a package it adds. */
const ADDING: Record<string, { prefix: string[]; pkg: string }[]> = {
  npm: [{ prefix: ['install'], pkg: 'left-pad' }, { prefix: ['i'], pkg: 'left-pad@1.3.0' }, { prefix: ['add'], pkg: '@scope/pkg' }],
  pnpm: [{ prefix: ['add'], pkg: 'typescript' }, { prefix: ['recursive', 'add'], pkg: 'typescript' }],
  yarn: [{ prefix: ['add'], pkg: 'lodash' }, { prefix: ['workspace', 'web', 'add'], pkg: 'lodash' }, { prefix: ['global', 'add'], pkg: 'serve' }, { prefix: ['workspaces', 'foreach', 'add'], pkg: 'lodash' }],
  bun: [{ prefix: ['add'], pkg: 'zod' }, { prefix: ['install'], pkg: 'zod' }],
  pip: [{ prefix: ['install'], pkg: 'requests' }],
  uv: [{ prefix: ['add'], pkg: 'httpx' }, { prefix: ['pip', 'install'], pkg: 'httpx' }, { prefix: ['tool', 'install'], pkg: 'ruff' }],
  poetry: [{ prefix: ['add'], pkg: 'pendulum' }],
  pipenv: [{ prefix: ['install'], pkg: 'flask' }],
  cargo: [{ prefix: ['add'], pkg: 'serde' }, { prefix: ['install'], pkg: 'ripgrep' }],
  go: [{ prefix: ['get'], pkg: 'golang.org/x/text@latest' }, { prefix: ['install'], pkg: 'golang.org/x/tools/gopls@v0.16.0' }],
  gem: [{ prefix: ['install'], pkg: 'rails' }],
  bundle: [{ prefix: ['add'], pkg: 'rails' }],
  composer: [{ prefix: ['require'], pkg: 'monolog/monolog' }, { prefix: ['req'], pkg: 'monolog/monolog' }, { prefix: ['global', 'require'], pkg: 'laravel/installer' }],
  dotnet: [{ prefix: ['add', 'package'], pkg: 'Newtonsoft.Json' }, { prefix: ['add', 'app.csproj', 'package'], pkg: 'Newtonsoft.Json' }, { prefix: ['package', 'add'], pkg: 'Serilog' }, { prefix: ['tool', 'install'], pkg: 'dotnet-ef' }],
  apt: [{ prefix: ['install'], pkg: 'jq' }],
  'apt-get': [{ prefix: ['install'], pkg: 'jq' }],
  dnf: [{ prefix: ['install'], pkg: 'jq' }],
  brew: [{ prefix: ['install'], pkg: 'jq' }],
  conda: [{ prefix: ['install'], pkg: 'numpy' }],
  deno: [{ prefix: ['add'], pkg: 'jsr:@std/path' }, { prefix: ['install'], pkg: 'npm:chalk' }],
  apk: [{ prefix: ['add'], pkg: 'curl' }],
  snap: [{ prefix: ['install'], pkg: 'hello' }],
  flatpak: [{ prefix: ['install'], pkg: 'org.gimp.GIMP' }],
  pipx: [{ prefix: ['install'], pkg: 'black' }],
};

/** Options no table lists: a long one, an unlisted short letter (alone and clustered), each bare and before a word. */
function probes(g: PackageGrammar): string[][] {
  if (g.singleDashLong) return [['-zzprobe'], ['-zzprobe', 'v1'], ['-zzprobe=v']];
  const short = new Set(packageOptions(g).map((o) => o.name));
  const letter = [...'KJkjQYGxzu'].find((c) => !short.has('-' + c))!;
  return [['--zz-probe'], ['--zz-probe', 'v1'], ['--zz-probe=v'], [`-${letter}`], [`-${letter}`, 'v1'], [`-${letter}${letter}`, 'v1']];
}

/** The spellings of one option: bare, with a separate value, with an attached value. */
function spellings(name: string, arity: string, long: boolean): string[][] {
  const attached = long ? `${name}=v1` : `${name}v1`;
  if (arity === 'flag') return [[name]];
  return [[name, 'v1'], [attached], ...(arity === 'maybe' ? [[name]] : [])];
}

function commands(tool: string, g: PackageGrammar): string[] {
  const out: string[] = [];
  const long = (n: string) => n.startsWith('--') || (!!g.singleDashLong && n.length > 2);
  const opts = [...packageOptions(g).map((o) => ({ name: o.name, arity: o.arity as string, forms: spellings(o.name, o.arity, long(o.name)) })), ...probes(g).map((f) => ({ name: f[0]!, arity: 'flag', forms: [f] }))];
  for (const form of ADDING[tool]!) {
    for (const o of opts) {
      const forms = o.forms;
      for (const f of forms) {
        out.push([tool, ...f, ...form.prefix, form.pkg].join(' '));
        out.push([tool, ...form.prefix, ...f, form.pkg].join(' '));
        out.push([tool, ...form.prefix, form.pkg, ...f].join(' '));
      }
      // a value-taking option left without its value at the end
      if (o.arity !== 'flag') out.push([tool, ...form.prefix, form.pkg, o.name].join(' '));
    }
  }
  return out.map((c) => c.replace(/(\s)(-\?)(\s|$)/g, "$1'-?'$3"));
}

describe('dependency intent through every option of every package manager', () => {
  for (const tool of Object.keys(ADDING)) {
    it(`${tool}: an added package is seen wherever each option sits and however it is written`, () => {
      const g = PACKAGE_GRAMMARS[tool]!;
      const cmds = commands(tool, g);
      const missed = cmds.filter((c) => !dep(c));
      expect(cmds.length).toBeGreaterThan(10);
      expect(missed.slice(0, 20), `${missed.length} of ${cmds.length} ${tool} commands hide the package they add`).toEqual([]);
    });
  }

  it('covers every package manager the analysis has a grammar for', () => {
    const grammars = new Set(Object.values(PACKAGE_GRAMMARS));
    const tested = new Set(Object.keys(ADDING).map((t) => PACKAGE_GRAMMARS[t]));
    expect([...grammars].filter((g) => !tested.has(g)).map((g) => Object.keys(PACKAGE_GRAMMARS).find((k) => PACKAGE_GRAMMARS[k] === g))).toEqual([]);
  });

  it('keeps restoring declared dependencies apart from adding one (the check can fail both ways)', () => {
    for (const c of [
      'npm install --omit dev',
      'npm ci',
      'npm install --prefix ./web',
      'pnpm install --filter web',
      'pnpm -w install',
      'yarn install --frozen-lockfile',
      'yarn --cwd web install',
      'bun install --frozen-lockfile',
      'pip install -r requirements.txt',
      'pip install -e .',
      'python3 -m pip install --upgrade -r requirements.txt',
      'uv sync --group dev',
      'go install ./cmd/tool',
      'cargo build --features serde',
      'bundle install --jobs 4',
      'composer install --no-dev',
      'deno install',
      'apt-get -o Dpkg::Options::=--force-confdef update',
    ]) {
      expect(dep(c), c).toBe(false);
    }
  });

  it('a table that marks a flag as taking a value hides the package (what the generated cases guard against)', () => {
    const wrong: PackageGrammar = { options: '-w=', adds: { add: 'packages' } };
    const right: PackageGrammar = { options: '-w', adds: { add: 'packages' } };
    const argv = ['add', '-w', 'typescript'].map(literalArg);
    expect(addsDependency(wrong, argv)).toBe(false);
    expect(addsDependency(right, argv)).toBe(true);
    // an option no table lists is read both ways
    expect(addsDependency({ options: '', adds: { add: 'packages' } }, argv)).toBe(true);
    expect(addsDependency({ options: '', adds: { add: 'packages' } }, ['-w', 'add', 'typescript'].map(literalArg))).toBe(true);
  });

  it("reads a workspace flag before and after the subcommand (pnpm's is a flag, npm's takes a workspace)", () => {
    expect(dep('pnpm add -w typescript')).toBe(true);
    expect(dep('pnpm -w add typescript')).toBe(true);
    expect(dep('pnpm add --workspace-root typescript')).toBe(true);
    expect(dep('npm install -w web lodash')).toBe(true);
    expect(dep('npm -w web install lodash')).toBe(true);
  });
});

type Recorded = { sources: Record<string, { grammar: string; source: string; options: Record<string, 'flag' | 'value' | 'maybe'> }> };

/** Options the table must classify, and those it classifies in a way the help contradicts. */
function disagreements(grammar: PackageGrammar, options: Record<string, string>): string[] {
  const table = new Map(packageOptions(grammar).map((o) => [o.name, o.arity]));
  const out: string[] = [];
  for (const [name, arity] of Object.entries(options)) {
    const mine = table.get(name) ?? (grammar.singleDashLong ? table.get(name.replace(/^--/, '-')) : undefined);
    if (mine === undefined) out.push(`${name} (${arity}): not in the table`);
    else if (mine !== 'maybe' && mine !== arity) out.push(`${name}: the help shows ${arity}, the table says ${mine}`);
  }
  return out;
}

describe("package managers' option tables against their own help", () => {
  const rec = recorded as Recorded;
  for (const [key, s] of Object.entries(rec.sources)) {
    it(`${key} (${s.source}): every option its help lists is in the table, with the arity the help shows`, () => {
      expect(disagreements(PACKAGE_GRAMMARS[s.grammar]!, s.options)).toEqual([]);
    });
  }
  for (const key of Object.keys(SOURCES)) {
    const s = SOURCES[key]!;
    const present = spawnSync('sh', ['-c', `command -v ${s.bin}`]).status === 0;
    if (!present) {
      it.skip(`${key}: not installed here, checked from the recorded help only`, () => {});
      continue;
    }
    it(`${key}: the installed version's help agrees with the table`, () => {
      const live = collect(key);
      if (live === null) return; // another major version under the same name (yarn 1 / yarn berry)
      expect(disagreements(PACKAGE_GRAMMARS[s.grammar]!, live.options), live.source).toEqual([]);
    });
  }
});
