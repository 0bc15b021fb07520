/**
 * One source of truth, checked over the tree: no host's event list outside core/registry, and
 * no import circle between the modules of core/, hosts/ and build/. The rules themselves are
 * tested on small inputs first, so a rule that stops finding anything fails here too.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRIES } from '../../core/registry';
import { HOST_FAMILIES, HOST_SPECS, type HostSpec } from '../../core/registry/host-specs';
import { ARTIFACTS } from '../../build/artifacts.mjs';
import { ANSWER_DOORS, ANSWER_TYPES, answerTags, hostFileListings, repositoryFiles, LIST_WINDOW, answerReport, codeLines, deadExports, duplicateBlocks, eventListings, eventScanFiles, exportsOf, hostEventNames, hostListScanFiles, hostListings, LITERAL_EXAMPLE, hostSwitchScanFiles, hostSwitches, hostLiterals, hostWords, literalScanFiles, stringLiterals, importCircles, importGraph, importsOf, keptExports, takenNames, testFiles, withoutGeneratedBlocks } from '../../build/source-scan.mjs';

const EVENTS = { claude: ['PreToolUse', 'PostToolUse', 'Stop'], pi: ['input', 'tool_call'] };
const listed = (text: string, file = 'x.ts') => eventListings([{ file, text }], EVENTS).map((r) => `${r.host}:${r.line}`);

describe('the event-list rule', () => {
  it('two names of one host within a window of lines are a list: a Set, an array, a comparison chain', () => {
    expect(listed("const S = new Set(['PreToolUse', 'Stop']);")).toEqual(['claude:1']);
    expect(listed("const A = [\n  'PreToolUse',\n  'PostToolUse',\n];")).toEqual(['claude:2']);
    expect(listed("if (e === 'PostToolUse' || e === 'Stop') x();")).toEqual(['claude:1']);
    expect(listed("const T = {\n  PreToolUse: 1,\n  Stop: 2,\n};")).toEqual(['claude:2']);
    expect(listed('HOOKS = (\n    "tool_call",\n    "input",\n)', 'x.py')).toEqual(['pi:2']);
  });

  it('one name where an adapter renders one event is not a list, nor are names far apart', () => {
    expect(listed("if (event === 'PreToolUse') deny();")).toEqual([]);
    expect(listed(`a('PreToolUse');${'\nx();'.repeat(LIST_WINDOW)}\nb('Stop');`)).toEqual([]);
  });

  it('prose is not a list: comments and plain words are not read', () => {
    expect(listed("// PreToolUse and Stop are both hooked\n/* 'PreToolUse', 'Stop' */\nx();")).toEqual([]);
    expect(listed("# 'tool_call' and 'input'", 'x.py')).toEqual([]);
    // `input` is an ordinary word: only a quoted 'input' counts, never an `input:` key
    expect(listed("f({ input: 1, tool_call: 2 })")).toEqual([]);
  });

  it('names of two hosts together are not one host’s list', () => {
    expect(listed("const m = ['PreToolUse', 'tool_call'];")).toEqual([]);
  });

  it('a block marked as generated from the registry is left out, the rest of the file is not', () => {
    const py = '# generated from core/registry/x.ts\nHOOKS = (\n    "tool_call",\n    "input",\n)\nOTHER = ("tool_call", "input")\n';
    expect(withoutGeneratedBlocks(py.split('\n'))[2]).toBe('');
    expect(listed(py, 'x.py')).toEqual(['pi:6']);
  });

  it('code lines keep their numbers with comments blanked', () => {
    expect(codeLines('a\n// b\nc /* d\ne */ f\ng // h', 'x.ts')).toEqual(['a', '', 'c ', ' f', 'g']);
  });
});

describe('no host event list outside core/registry', () => {
  const rows = eventListings(eventScanFiles(), hostEventNames(REGISTRIES));

  it('no file outside core/registry lists a host\'s events (renderers read the rows\' columns, in-process doors bind handlers by the rows)', () => {
    const outside = rows.map((r) => `${r.file}:${r.line} lists ${r.host} events (${r.names.join(', ')}): take them from core/registry`);
    expect(outside).toEqual([]);
  });

  it('the scan reads the adapters and the generated shim, and not the registry', () => {
    const files = eventScanFiles().map((f) => f.file);
    expect(files).toContain('hosts/claude/adapter.ts');
    expect(files).toContain('hosts/hermes/__init__.py');
    expect(files).toContain('core/hooks/dialects.ts');
    expect(files.filter((f) => f.startsWith('core/registry/'))).toEqual([]);
    expect(files).not.toContain('hosts/claude/hooks.json');
  });
});

describe('the host-list rule', () => {
  const hosts = (text: string, file = 'x.ts') => hostListings([{ file, text }], HOST_FAMILIES).map((r) => `${r.line}:${r.names.join(',')}`);

  it('an array with two host names is a list, on one line or several, nested or typed', () => {
    expect(hosts("export const HOSTS = ['claude', 'codex'] as const;")).toEqual(['1:claude,codex']);
    expect(hosts("const order: string[] = [\n  'pi',\n  'guard',\n];")).toEqual(['1:pi,guard']);
    expect(hosts("f([['x', 'opencode', \"droid\"]]);")).toEqual(['1:opencode,droid']);
    expect(hosts('HOSTS = ["qwen", "gemini"]', 'x.py')).toEqual(['1:qwen,gemini']);
  });

  it('a string that writes host names as choices is a list, prose naming hosts is not', () => {
    expect(hosts("usage: 'stopline doctor [claude|codex|all] [--json]',")).toEqual(['1:claude,codex']);
    expect(hosts("const u = `x <native|pi|droid>`;")).toEqual(['1:pi,droid']);
    expect(hosts("const s = 'claude and codex';\nconst t = 'claude|native';")).toEqual([]);
  });

  it('a sentence naming three hosts or more one after another is a list, even after a string holding /*', () => {
    expect(hosts("const s = 'forms: claude (default), codex, opencode or pi';")).toEqual(['1:claude,codex,opencode,pi']);
    expect(hosts("const a = 'files=src/**';\nconst s = `install (claude, codex and droid)`;")).toEqual(['2:claude,codex,droid']);
    expect(hosts("const s = 'claude, the tool, codex';")).toEqual([]);
  });

  it('one host name, names in comments or strings, keyed tables and arrays of records are not lists', () => {
    expect(hosts("const a = ['claude', 'native'];")).toEqual([]);
    expect(hosts("// ['claude', 'codex']\n/* ['pi', 'qwen'] */\nconst s = '[\"claude\", \"codex\"]';")).toEqual([]);
    expect(hosts("const T = { claude: 1, codex: 2 };")).toEqual([]);
    expect(hosts("const A = [\n  { id: 'claude' },\n  { id: 'codex' },\n];")).toEqual([]);
    expect(hosts("const x = ['claude'];\nconst y = ['codex'];")).toEqual([]);
    expect(hosts("const t = ['claude', 'codex'];", 'x.json')).toEqual([]);
  });

  it('no file of core/, hosts/ or build/ outside core/registry writes a list of hosts: they come from core/registry/host-specs.ts', () => {
    const files = hostListScanFiles();
    expect(files.map((f) => f.file)).toContain('hosts/cli/matrix.ts');
    expect(files.filter((f) => f.file.startsWith('core/registry/'))).toEqual([]);
    const rows = hostListings(files, HOST_FAMILIES).map((r) => `${r.file}:${r.line} lists hosts (${r.names.join(', ')}): derive it from core/registry/host-specs.ts`);
    expect(rows).toEqual([]);
  });

  it('every host spec names an artifact the build makes (its own, named after it, unless it says another)', () => {
    const ids = ARTIFACTS.map((a) => a.id);
    expect(HOST_SPECS.map((s: HostSpec) => s.artifact ?? s.name).filter((id) => !ids.includes(id))).toEqual([]);
  });
});

/**
 * Where the person's tooling and the build still branch on a host by name, and the test files
 * that still write a list of hosts: counts that may only fall. Each is a place a new host must be
 * added to by hand; when one goes, lower its count here (a count above it fails, and so does one
 * below, so the table stays the truth).
 */
const KNOWN_HOST_BRANCHES: Readonly<Record<string, number>> = {};
const KNOWN_TEST_HOST_LISTS: Readonly<Record<string, number>> = {};

function perFile(rows: readonly { file: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.file] = (out[r.file] ?? 0) + 1;
  return out;
}

describe('host-specific branches and test lists of hosts', () => {
  const HOSTS = HOST_SPECS.map((s: HostSpec) => s.name);
  const branches = (text: string) => hostSwitches([{ file: 'x.ts', text }], HOSTS).map((r: { line: number; name: string }) => `${r.line}:${r.name}`);

  it('a host name compared as a string (case, ===, !==, either side) is a branch; comments and other strings are not', () => {
    expect(branches("switch (h) {\n  case 'kimi':\n    return 1;\n}")).toEqual(['2:kimi']);
    expect(branches("if (host === 'kimi' || 'pi' !== host) x();")).toEqual(['1:kimi', '1:pi']);
    expect(branches("// case 'kimi':\nif (mode === 'review') x();\nconst s = 'kimi';")).toEqual([]);
  });

  it('hosts/cli/ and build/ branch on a host by name no more than they did (lower the count when one goes)', () => {
    expect(perFile(hostSwitches(hostSwitchScanFiles(), HOSTS))).toEqual(KNOWN_HOST_BRANCHES);
  });

  it('the list files of test/build, test/scenarios and test/robustness write no more lists of hosts than they did', () => {
    const files = ['test/build', 'test/scenarios', 'test/robustness'].flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => /\.ts$/.test(f) && f !== 'source-scan.test.ts')
        .map((f) => ({ file: `${dir}/${f}`, text: readFileSync(join(dir, f), 'utf8') })),
    );
    expect(perFile(hostListings(files, HOST_FAMILIES))).toEqual(KNOWN_TEST_HOST_LISTS);
  });
});

describe('the host-files rule', () => {
  it('counts a file that names a host as a whole word, any case, in code or prose; not its registry, its folders, dist/, docs/ or a generated file', () => {
    const files = [
      { file: 'hosts/cli/a.ts', text: '// what Mistral Vibe reads\nx();' },
      { file: 'hosts/cli/b.ts', text: 'const vibes = 1;\nconst vibe_x = 2;' },
      // a program's long option spelled like a host is not the host; the host after a single dash is
      { file: 'core/analysis/t.ts', text: "free: '--vibe -h'" },
      { file: 'core/analysis/u.ts', text: "'-vibe'" },
      { file: 'test/hosts/kimi/x.ts', text: "run('VIBE-like');" },
      { file: 'hosts/vibe/adapter.ts', text: 'vibe' },
      { file: 'test/hosts/vibe/x.test.ts', text: 'vibe' },
      { file: 'test/fixtures/vibe/p.json', text: 'vibe' },
      { file: 'core/registry/vibe.ts', text: 'vibe' },
      { file: 'docs/hosts/vibe.md', text: 'vibe' },
      { file: 'dist/vibe/stopline.mjs', text: 'vibe' },
      { file: 'hosts/cli/gen.ts', text: 'vibe' },
      // a Markdown file's generated blocks are its generator's text; the rest of it counts
      { file: 'README.md', text: 'intro <!-- names:start (generated by x) -->Mistral Vibe<!-- names:end --> end' },
      { file: 'docs-like.md', text: '<!-- a:start (generated by x) -->kimi<!-- a:end -->\nVibe' },
    ];
    expect(hostFileListings(files, ['vibe', 'kimi'], ['hosts/cli/gen.ts'])).toEqual({ vibe: ['core/analysis/u.ts', 'docs-like.md', 'hosts/cli/a.ts', 'test/hosts/kimi/x.ts'], kimi: [] });
  });

  it('the files naming each host outside its own places are no more than they were, and none for a host added since (lower the count when one goes)', () => {
    const names = HOST_SPECS.map((s: HostSpec) => s.name);
    const rows = hostFileListings(repositoryFiles(), names);
    expect(Object.fromEntries(Object.entries(rows).map(([host, files]) => [host, files.length]))).toEqual(Object.fromEntries(names.map((h) => [h, KNOWN_HOST_FILES[h] ?? 0])));
    // a host that reaches 0 leaves the table, so a new host is never named here either
    expect(Object.entries(KNOWN_HOST_FILES).filter(([h, n]) => !names.includes(h) || n <= 0)).toEqual([]);
  });

  it('Mistral Vibe, the host added last, is named in no file of the tooling or the build (hosts/cli/, build/, rollup.config.ts)', () => {
    const rows = hostFileListings(repositoryFiles(), ['vibe']);
    expect(rows.vibe!.filter((f) => f.startsWith('hosts/') || f.startsWith('build/') || f === 'rollup.config.ts')).toEqual([]);
  });

  it('runs from the command line: one host lists its files, an unknown host is a usage error', () => {
    const run = spawnSync(process.execPath, ['build/source-scan.mjs', 'host-files', 'vibe'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe(`vibe: ${KNOWN_HOST_FILES.vibe ?? 0} file(s) outside its registry, its folders and generated files`);
    expect(lines.length).toBe((KNOWN_HOST_FILES.vibe ?? 0) + 2);
    const bad = spawnSync(process.execPath, ['build/source-scan.mjs', 'host-files', 'vibes'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^source-scan host-files: no host named vibes \(one of claude, /);
  }, 60_000);
});

/**
 * Per host, the files that name it outside core/registry, its folders (hosts/<host>/,
 * test/hosts/<host>/, test/fixtures/<host>/), dist/, docs/ and the generated files: each is a
 * file a new host of its kind would have to be added to by hand. Counts that may only fall; when
 * one does, lower it here (a count below fails too, so the table stays the truth). A host that is
 * not in the table must be named nowhere but its own places, and one whose count reaches 0 leaves it.
 */
const KNOWN_HOST_FILES: Readonly<Record<string, number>> = {
  claude: 231,
  codex: 128,
  opencode: 111,
  hermes: 96,
  pi: 95,
  gemini: 38,
  qwen: 33,
  copilot: 35,
  droid: 31,
  kimi: 16,
  openhands: 11,
  vibe: 11,
};

/**
 * Per file of core/, hosts/cli/, hosts/shared/ and build/, the string literals that name a host
 * (its id, or a folder or variable its layout owns) outside core/registry and the files rendered
 * from it: host facts written by hand. Counts that may only fall, 0 the goal; when one does, lower
 * it here (a count below fails too, so the table stays the truth), and a file that reaches 0 leaves it.
 */
const KNOWN_HOST_LITERALS: Readonly<Record<string, number>> = {};

describe('the literal rule', () => {
  // hosts made up for the rule: a real one named here would be one more file that names it
  const SPECS = [
    { name: 'acme', layout: { dir: '.works', env: ['WORKS_HOME_OVERRIDE/.works'] } },
    { name: 'xy', layout: { dir: '.xy/agent', env: ['XY_AGENT_DIR'] } },
    { name: 'basil', layout: { dir: '.config', env: ['XDG_CONFIG_HOME'], system: ['BASIL_X='] } },
    { name: 'fork', layout: { dir: '.config/fork', env: ['XDG_CONFIG_HOME/fork'] }, loadedBy: { pidVar: 'FORK_PID', versionVar: 'FORKCODE_VERSION' } },
  ];
  const found = (text: string, file = 'hosts/cli/x.ts') => hostLiterals([{ file, text }], hostWords(SPECS)).map((r: { line: number; hosts: string[] }) => `${r.line}:${r.hosts.join(',')}`);

  it('a string naming a host by its id (any case, in a path, a variable or prose) or a folder or variable its layout owns is a literal', () => {
    expect(found("const a = 'acme';\nconst b = \"Acme Works\";\nconst c = `${home}/.works/x`;\nenv.WORKS_HOME_OVERRIDE ?? env['WORKS_HOME_OVERRIDE'];")).toEqual(['1:acme', '2:acme', '3:acme', '4:acme']);
    expect(found("'FORKCODE_VERSION'; 'FORK_PID'; 'BASIL_X'; 'xy-extension'; '(Xy loads it)'; 'xy'")).toEqual(['1:fork', '1:fork', '1:basil', '1:xy', '1:xy', '1:xy']);
    // a template literal across lines is one literal, at the line it opens
    expect(found('const t = `one\ntwo acme\nthree`;\nx();')).toEqual(['1:acme']);
  });

  it('comments, code outside strings, other words, long options, a folder or variable two hosts share and a short id as a lowercase word of prose are not', () => {
    expect(found("// 'acme'\n/* 'acme' */\nconst acme = 1; // acme\nconst d = 'acmes forked --fork';\nconst x = '.config XDG_CONFIG_HOME';\nconst f = 'abs xy sqrt';")).toEqual([]);
    expect(stringLiterals("a('x', \"y\"); // 'z'", 'x.ts')).toEqual([{ line: 1, text: 'x' }, { line: 1, text: 'y' }]);
  });

  it('reads core/, hosts/cli/, hosts/shared/ and build/, and not core/registry, a host folder, the tests, a file rendered from the registry or the README example run', () => {
    const files = literalScanFiles().map((f: { file: string }) => f.file);
    expect(files).toContain('core/analysis/secrets.ts');
    expect(files).toContain('hosts/shared/runner.ts');
    expect(files).toContain('build/source-scan.mjs');
    expect(files).toContain('build/artifacts.mjs');
    expect(files.filter((f: string) => f.startsWith('core/registry/') || /^hosts\/(?!cli\/|shared\/)/.test(f) || f.startsWith('test/') || f === 'hosts/cli/host-folders.ts' || f === 'build/readme-example.mjs')).toEqual([]);
    expect(LITERAL_EXAMPLE).toBe('build/readme-example.mjs');
  });

  it('the literals naming a host per file are no more than they were, and none in a file added since (lower the count when one goes)', () => {
    expect(perFile(hostLiterals(literalScanFiles(), hostWords(HOST_SPECS)))).toEqual(KNOWN_HOST_LITERALS);
    expect(Object.values(KNOWN_HOST_LITERALS).filter((n) => n <= 0)).toEqual([]);
  });

  it('runs from the command line and ends with the count', () => {
    const { lines, last } = report('literals');
    const total = Object.values(KNOWN_HOST_LITERALS).reduce((a, b) => a + b, 0);
    expect(last).toBe(`${total} string literal(s) naming a host in core, hosts/cli, hosts/shared, build outside core/registry`);
    expect(lines.length).toBe(total);
  }, 60_000);
});

describe('import circles', () => {
  it('finds a circle of two, a longer one and a self-import, and none in a tree', () => {
    expect(importCircles({ a: ['b'], b: ['a'], c: [] })).toEqual([['a', 'b']]);
    expect(importCircles({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] })).toEqual([['a', 'b', 'c']]);
    expect(importCircles({ a: ['a'] })).toEqual([['a']]);
    expect(importCircles({ a: ['b', 'c'], b: ['c'], c: [] })).toEqual([]);
  });

  it('reads relative imports, type-only and dynamic ones included, and resolves them to files', () => {
    const exists = (f: string) => ['core/x.ts', 'core/y/index.ts', 'build/z.mjs'].includes(f);
    const text = "import type { A } from './x';\nexport { B } from './y';\nconst z = await import('../build/z.mjs');\nimport fs from 'node:fs';";
    expect(importsOf('core/w.ts', text, exists).sort()).toEqual(['build/z.mjs', 'core/x.ts', 'core/y/index.ts']);
  });

  it('core/, hosts/ and build/ have none', () => {
    expect(importCircles(importGraph()).map((c) => c.join(' <-> '))).toEqual([]);
  });
});

describe('duplicate blocks', () => {
  it('a run of six equal code lines in two files is one block, counted where it repeats', () => {
    const body = ['const a = 1;', 'const b = 2;', 'const c = a + b;', 'log(c);', 'save(c);', 'done(a, b, c);'].join('\n');
    const clones = duplicateBlocks([
      { file: 'a.ts', text: `${body}\nother();` },
      { file: 'b.ts', text: `start();\n${body}` },
    ]);
    expect(clones).toEqual([{ file: 'b.ts', line: 2, lines: 6, first: 'a.ts', firstLine: 1 }]);
  });

  it('five equal lines, or brackets and blank lines, are not a block', () => {
    const five = ['a();', 'b();', 'c();', 'd();', 'e();'].join('\n');
    expect(duplicateBlocks([{ file: 'a.ts', text: five }, { file: 'b.ts', text: five }])).toEqual([]);
    const brackets = ['}', '});', '', ']', ')', '{', '}', '};'].join('\n');
    expect(duplicateBlocks([{ file: 'a.ts', text: brackets }, { file: 'b.ts', text: brackets }])).toEqual([]);
  });
});

/**
 * Blocks of six or more lines the test files repeat from one another: a count that may only
 * fall. A setup, a spawn-and-read helper or a reader copied into a second test file belongs in
 * the shared helper the first one should have used; when a copy goes, lower the count here.
 */
const KNOWN_TEST_DUPES = 0;

describe('duplicate blocks among the tests', () => {
  it('the finder reads test/ with its fixtures, and the report says how many blocks it found', () => {
    const files: string[] = testFiles();
    expect(files).toContain('test/build/source-scan.test.ts');
    expect(files.some((f: string) => f.includes('/fixtures/'))).toBe(true);
    expect(files.filter((f: string) => !f.startsWith('test/'))).toEqual([]);
    const run = spawnSync(process.execPath, ['build/source-scan.mjs', 'dupes', 'test'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const count = Number(lines.at(-1)?.match(/^(\d+) duplicated block\(s\) of >= 6 lines in test\/, \d+ lines$/)?.[1]);
    expect(lines.slice(0, -1).filter((l) => !/^test\/\S+:\d+ \(\d+ lines\) = test\/\S+:\d+$/.test(l))).toEqual([]);
    expect(lines.length - 1).toBe(count);
    // the test files repeat no more blocks than they did (lower the count when a copy goes)
    expect(count).toBeLessThanOrEqual(KNOWN_TEST_DUPES);
  }, 60_000);

  it('an unknown scope is a usage error; without one the report is the sources\' as before', () => {
    const bad = spawnSync(process.execPath, ['build/source-scan.mjs', 'dupes', 'tests'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^source-scan dupes: unknown scope tests /);
    const src = spawnSync(process.execPath, ['build/source-scan.mjs', 'dupes'], { encoding: 'utf8' });
    expect(src.status).toBe(0);
    const lines = src.stdout.trim().split('\n');
    // the sources (core/, hosts/, build/) repeat no block: a copy goes into the module both should use
    expect(lines.at(-1)).toBe('0 duplicated block(s) of >= 6 lines, 0 lines');
    expect(lines.slice(0, -1).filter((l) => !/^(core|hosts|build)\//.test(l))).toEqual([]);
  }, 60_000);
});

describe('the scan as a person runs it', () => {
  it('each report runs from the command line and ends with its count (a renamed registry file broke `hosts`)', () => {
    for (const [what, last] of [['hosts', /^0 hand-written list\(s\) of hosts/], ['cycles', /^0 import circle\(s\)$/], ['lines', /^test\/: \d+ files, \d+ lines, \d+ code lines$/]] as const) {
      const run = spawnSync(process.execPath, ['build/source-scan.mjs', what], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout.trim().split('\n').at(-1)).toMatch(last);
    }
  }, 120_000);
});

/** The last line and the other lines of a report, run as a person runs it. */
function report(what: string): { lines: string[]; last: string } {
  const run = spawnSync(process.execPath, ['build/source-scan.mjs', what], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const lines = run.stdout.trim().split('\n');
  return { lines: lines.slice(0, -1), last: lines.at(-1) ?? '' };
}


describe('dead exports', () => {
  const files = (o: Record<string, string>) => Object.entries(o).map(([file, text]) => ({ file, text }));
  const dead = (o: Record<string, string>, opts: { entries?: string[]; standIns?: Record<string, string> } = {}) =>
    deadExports(files(o), { ...opts, exists: (c: string) => Object.hasOwn(o, c) }).map((d: { file: string; name: string }) => `${d.file}#${d.name}`);

  it('reads declared, destructured, listed and default exports, and what an import takes', () => {
    expect(exportsOf('export function f() {}\nexport const { a, b: c } = x;\nexport interface I {}\nexport { g, h as k };\nexport default 1;\n// export const no = 1;').sort()).toEqual(['I', 'a', 'c', 'default', 'f', 'g', 'k'].sort());
    const exists = (c: string) => ['core/x.ts', 'core/y.ts', 'core/z.ts'].includes(c);
    expect(takenNames('core/w.ts', "import { a, type B, c as d } from './x';\nimport * as y from './y';\ntype T = import('./z').Z;", exists)).toEqual({ 'core/x.ts': ['a', 'B', 'c'], 'core/y.ts': ['*'], 'core/z.ts': ['Z'] });
  });

  it('a name no other file takes is dead; one taken through a barrel, a stand-in or a whole-module import is not; entries are the host\'s', () => {
    expect(dead({ 'core/a.ts': 'export function f() {}\nexport function g() {}', 'hosts/b.ts': "import { f } from '../core/a';" })).toEqual(['core/a.ts#g']);
    expect(dead({ 'core/a.ts': 'export const f = 1;', 'core/index.ts': "export * from './a';", 'hosts/b.ts': "import { f } from '../core/index';" })).toEqual([]);
    expect(dead({ 'core/a.ts': 'export const f = 1;', 'hosts/m.ts': 'export const f = 2;', 'hosts/b.ts': "import { f } from '../core/a';" }, { standIns: { 'core/a.ts': 'hosts/m.ts' } })).toEqual([]);
    expect(dead({ 'core/a.ts': 'export const f = 1;', 'hosts/b.ts': "const m = await import('../core/a');" })).toEqual([]);
    expect(dead({ 'hosts/main.ts': 'export default 1;\nexport const x = 2;' }, { entries: ['hosts/main.ts'] })).toEqual([]);
    // a stand-in for a Node built-in gives what the sources import from the built-in, and its default
    expect(dead({ 'hosts/p.ts': 'export const join = 1;\nexport const extra = 2;\nexport default {};', 'core/a.ts': "import { join } from 'node:path';" }, { standIns: { 'node:path': 'hosts/p.ts' } })).toEqual(['hosts/p.ts#extra']);
  });

  it('reads why an export is kept from the @keep tag on it, one or more per comment, across wrapped lines', () => {
    const text = [
      '/**',
      ' * Says what f does.',
      ' * @keep f the tests call it with a',
      ' *   fake clock',
      ' */',
      'export function f() {}',
      '/** @keep A the tests expect it @keepUntested B the bundle takes it whole */',
      "export { A, B, C } from './x';",
      '// @keep D a line comment is not a tag',
      'export const D = 1;',
    ].join('\n');
    expect(keptExports([{ file: 'core/a.ts', text }])).toEqual([
      { file: 'core/a.ts', name: 'f', test: true, why: 'the tests call it with a fake clock' },
      { file: 'core/a.ts', name: 'A', test: true, why: 'the tests expect it' },
      { file: 'core/a.ts', name: 'B', test: false, why: 'the bundle takes it whole' },
    ]);
  });

  it('the report as a person runs it: the answer path (core/answer, hosts/shared) exports nothing no one takes, the other core rooms only test seams, and every kept seam is still one', () => {
    const { lines, last } = report('dead');
    expect(last).toMatch(/^\d+ dead export\(s\) in core\/ and hosts\/, \d+ kept on purpose$/);
    expect(lines.filter((l) => /^(core\/answer|hosts\/shared)\//.test(l))).toEqual([]);
    // the rest of core/ outside the analysis, the floor and the registry: what is left is taken by tests only
    expect(lines.filter((l) => /^core\/(hooks|config|state|confine|paths|contract|evidence|messages\/|[\w-]+\.ts)/.test(l) && !l.endsWith('(taken by tests only)'))).toEqual([]);
    // a kept test seam that no test takes any more is dead, and shows above; a tag on a name that is taken keeps nothing
    const tags = keptExports(repositoryFiles().filter((f) => /^(core|hosts)\//.test(f.file) && /\.(ts|mts|mjs|js)$/.test(f.file)));
    expect(Number(last.match(/, (\d+) kept/)?.[1])).toBe(tags.length);
    // every name is decided: a new export nobody takes is unexported, deleted or kept with its why
    expect(Number(last.match(/^(\d+) dead/)?.[1])).toBe(0);
    expect(lines.filter((l) => !l.startsWith('kept: '))).toEqual([]);
  }, 120_000);
});

describe('answer types and the answer path', () => {
  it('finds the doors that reach answer() through their imports, and a type named like an answer that nobody classified', () => {
    const r = answerReport(
      [
        { file: 'core/answer/answer.ts', text: 'export async function answer() {}\nexport interface SideAnswer {}' },
        { file: 'hosts/x/runner.ts', text: "import { answer } from '../../core/answer/answer';\nexport const run = () => answer();" },
        { file: 'hosts/x/door.ts', text: "import { run } from './runner';\nrun();" },
        { file: 'hosts/y/door.ts', text: "import type { SideAnswer } from '../../core/answer/answer';\nexport type Other = SideAnswer;" },
      ],
      [
        { door: 'x', file: 'hosts/x/door.ts' },
        { door: 'y', file: 'hosts/y/door.ts' },
      ],
      [],
    );
    expect(r.doors.map((d: { door: string; via: string[] | null }) => [d.door, d.via])).toEqual([
      ['x', ['hosts/x/door.ts', 'hosts/x/runner.ts']],
      ['y', null],
    ]);
    expect(r.types.map((t: { name: string; role: string }) => `${t.name}:${t.role}`)).toEqual(['SideAnswer:unclassified']);
  });

  it('reads a host folder\'s own answer types and doors from their tags: the type after the comment, the door\'s file', () => {
    const tags = answerTags([
      { file: 'hosts/x/wire.ts', text: '/**\n * What the host reads back.\n * @answerType wire the host\'s own result\n */\nexport interface XResult {}\n/** not tagged */\nexport type Other = 1;' },
      { file: 'hosts/x/door.ts', text: '/**\n * The door.\n * @door x-door\n */\nimport { a } from \'./a\';' },
    ]);
    expect(tags.types).toEqual([{ file: 'hosts/x/wire.ts', name: 'XResult', role: 'wire', why: "the host's own result" }]);
    expect(tags.doors).toEqual([{ door: 'x-door', file: 'hosts/x/door.ts' }]);
  });

  it('the tables of answer types and doors name no host folder: a host\'s own are tagged there', () => {
    const rows = [...ANSWER_TYPES.map((t: { file: string }) => t.file), ...ANSWER_DOORS.map((d: { file: string }) => d.file)];
    expect(rows.filter((f) => /^hosts\/(?!cli\/|shared\/)/.test(f))).toEqual([]);
  });

  it('the report as a person runs it: one answer type, every other one a wire format, a wrapper or the mod\'s, and every door on answer()', () => {
    const { lines, last } = report('answers');
    expect(last).toMatch(/^1 answer type\(s\), 0 unclassified; (\d+) of \1 doors reach answer\(\)/);
    expect(lines.filter((l) => l.startsWith('missing:') || l.startsWith('unclassified:'))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('answer:'))).toEqual([`answer: core/answer/outcome.ts Answer: ${ANSWER_TYPES.find((t) => t.role === 'answer')?.why}`]);
    expect(lines.filter((l) => l.startsWith('door ')).length).toBeGreaterThanOrEqual(6);
  }, 120_000);
});
