/**
 * The text-level editors behind the installer: what they change, what they keep, and that
 * add-then-remove gives back the text in the layouts people actually write.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../../hosts/cli/install/diff';
import { mergeHookGroups, removeHookGroups, type EventGroup } from '../../../hosts/cli/install/hook-groups';
import { JsonEditError, appendArrayItem, nodeValue, parseJsonDocument, removeArrayItem, removeProperty, setProperty } from '../../../hosts/cli/install/json-edit';
import { parseTableHeader } from '../../../hosts/cli/install/toml-trust';
import { removeTrustEntries, renameTrustEntries, upsertTrustEntries } from '../../../hosts/codex/trust';
import { disablePlugin, enablePlugin, isPluginEnabled } from '../../../hosts/hermes/yaml-plugins';
import { cleanupTempDirs, pythonParse, tempDir } from './helpers';

afterAll(cleanupTempDirs);

describe('JSON edits keep the rest of the text', () => {
  it('adds a key in the document’s own indentation (tabs, 4 spaces) and removes it back to the same bytes', () => {
    for (const doc of ['{\n\t"a": 1\n}\n', '{\n    "a": [\n        1\n    ]\n}\n', '{"a": 1}', '{}\n', '{\n  // note\n  "a": 1,\n}\n']) {
      const added = setProperty(doc, ['failMode'], 'closed');
      expect(nodeValue(parseJsonDocument(added))).toMatchObject({ failMode: 'closed' });
      expect(removeProperty(added, ['failMode'])).toBe(doc);
    }
    expect(setProperty('{\n\t"a": 1\n}\n', ['b'], { c: [1] })).toBe('{\n\t"a": 1,\n\t"b": {\n\t\t"c": [\n\t\t\t1\n\t\t]\n\t}\n}\n');
    expect(setProperty('{"a": 1}', ['b'], 2)).toBe('{"a": 1, "b": 2}');
  });

  it('replaces a value in place and keeps comments around it', () => {
    const doc = '{\n  // why\n  "failMode": "open", // was open\n  "x": 1\n}\n';
    expect(setProperty(doc, ['failMode'], 'closed')).toBe('{\n  // why\n  "failMode": "closed", // was open\n  "x": 1\n}\n');
  });

  it('creates missing parents as one nested value', () => {
    expect(appendArrayItem('{\n  "a": 1\n}\n', ['hooks', 'Stop'], { x: 1 })).toBe('{\n  "a": 1,\n  "hooks": {\n    "Stop": [\n      {\n        "x": 1\n      }\n    ]\n  }\n}\n');
  });

  it('append then remove of an array item is the identity, for any item at the end of any list', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer(), fc.string(), fc.constant(null)), { maxLength: 4 }), fc.jsonValue(), fc.constantFrom('  ', '    ', '\t'), (items, extra, unit) => {
        const doc = JSON.stringify({ list: items, other: 'x' }, null, unit) + '\n';
        const added = appendArrayItem(doc, ['list'], extra);
        // (through JSON itself: -0 has no JSON spelling)
        expect(JSON.parse(added)).toEqual({ list: [...items, JSON.parse(JSON.stringify(extra))], other: 'x' });
        expect(removeArrayItem(added, ['list'], items.length)).toBe(doc);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses broken JSON with the line and column', () => {
    expect(() => setProperty('{\n  "a": 1,,\n}', ['b'], 1)).toThrow(JsonEditError);
    expect(() => setProperty('{\n  "a": 1,,\n}', ['b'], 1)).toThrow(/line 2, column/);
    expect(() => setProperty('[1]', ['b'], 1)).toThrow(/not an object/);
  });
});

describe('hook groups (Claude settings.json, Codex hooks.json)', () => {
  const ours = (c: string) => c.includes('/x/stopline.mjs');
  const group = (cmd: string): EventGroup['group'] => ({ hooks: [{ type: 'command', command: cmd, timeout: 10 }] });

  it('appends after the person’s groups, updates its own in place, drops duplicates', () => {
    const doc = JSON.stringify({ hooks: { Stop: [group('echo mine'), group('node /x/stopline.mjs --old'), group('node /x/stopline.mjs --dup')] } }, null, 2) + '\n';
    const merged = mergeHookGroups(doc, [{ event: 'Stop', group: group('node /x/stopline.mjs') }], ours, 'f');
    expect(JSON.parse(merged).hooks.Stop).toEqual([group('echo mine'), group('node /x/stopline.mjs')]);
  });

  it('a group mixing the person’s handler with ours is not ours', () => {
    const mixed = { hooks: [{ type: 'command', command: 'echo mine' }, { type: 'command', command: 'node /x/stopline.mjs' }] };
    const doc = JSON.stringify({ hooks: { Stop: [mixed] } });
    const r = removeHookGroups(doc, ours);
    expect(r.removedCount).toBe(0);
    expect(r.text).toBe(doc);
  });

  it('removal reports how the remaining groups moved', () => {
    const doc = JSON.stringify({ hooks: { PreToolUse: [group('a'), group('node /x/stopline.mjs'), group('b'), group('c')] } }, null, 2);
    const r = removeHookGroups(doc, ours);
    expect(JSON.parse(r.text).hooks.PreToolUse).toEqual([group('a'), group('b'), group('c')]);
    expect([...r.moved.get('PreToolUse')!]).toEqual([
      [2, 1],
      [3, 2],
    ]);
  });

  it('refuses a hooks entry that is not a list', () => {
    expect(() => mergeHookGroups('{"hooks": {"Stop": {}}}', [{ event: 'Stop', group: group('x') }], ours, 'settings.json')).toThrow(/hooks.Stop" is not a list/);
  });
});

describe('Codex trust tables in config.toml', () => {
  const e = (key: string, h = 'sha256:' + 'a'.repeat(64)) => ({ key, trustedHash: h });

  it('reads headers with basic, literal and bare keys', () => {
    expect(parseTableHeader('[hooks.state."/p/hooks.json:stop:0:0"]  # c')).toEqual(['hooks', 'state', '/p/hooks.json:stop:0:0']);
    expect(parseTableHeader("[ hooks . state . '/p/x' ]")).toEqual(['hooks', 'state', '/p/x']);
    expect(parseTableHeader('[[hooks.PreToolUse]]')).toBeNull();
    expect(parseTableHeader('key = "[not]"')).toBeNull();
  });

  it('appends, updates in place, and removes with the blank line it added', () => {
    const original = '# top\nmodel = "m"\n\n[tui]\nx = 1 # keep\n';
    const added = upsertTrustEntries(original, [e('/p:stop:0:0'), e('/p:session_start:0:0')], 'config.toml');
    expect(added).toBe(original + '\n[hooks.state."/p:stop:0:0"]\ntrusted_hash = "sha256:' + 'a'.repeat(64) + '"\n\n[hooks.state."/p:session_start:0:0"]\ntrusted_hash = "sha256:' + 'a'.repeat(64) + '"\n');
    expect(upsertTrustEntries(added, [e('/p:stop:0:0'), e('/p:session_start:0:0')], 'config.toml')).toBe(added);
    const updated = upsertTrustEntries(added, [e('/p:stop:0:0', 'sha256:' + 'b'.repeat(64))], 'config.toml');
    expect(updated).toBe(added.replace('"/p:stop:0:0"]\ntrusted_hash = "sha256:' + 'a'.repeat(64), '"/p:stop:0:0"]\ntrusted_hash = "sha256:' + 'b'.repeat(64)));
    expect(removeTrustEntries(added, ['/p:stop:0:0', '/p:session_start:0:0'])).toBe(original);
  });

  it('ignores look-alike headers inside multi-line strings and keeps a comment that belongs to the next table', () => {
    const original = 'notes = """\n[hooks.state."/p:stop:0:0"]\n"""\n\n[hooks.state."/p:stop:0:0"]\ntrusted_hash = "old"\n# about tui\n[tui]\nx = 1\n';
    const r = removeTrustEntries(original, ['/p:stop:0:0']);
    expect(r).toBe('notes = """\n[hooks.state."/p:stop:0:0"]\n"""\n# about tui\n[tui]\nx = 1\n');
  });

  it('renames chains of moved keys in one pass', () => {
    const t = '[hooks.state."/p:stop:2:0"]\ntrusted_hash = "two"\n\n[hooks.state."/p:stop:3:0"] # mine\ntrusted_hash = "three"\n';
    const r = renameTrustEntries(
      t,
      new Map([
        ['/p:stop:2:0', '/p:stop:1:0'],
        ['/p:stop:3:0', '/p:stop:2:0'],
      ]),
    );
    expect(r).toBe('[hooks.state."/p:stop:1:0"]\ntrusted_hash = "two"\n\n[hooks.state."/p:stop:2:0"] # mine\ntrusted_hash = "three"\n');
  });

  it('refuses a duplicate table (Codex could not read the file)', () => {
    const t = '[hooks.state."/p:stop:0:0"]\ntrusted_hash = "x"\n[hooks.state."/p:stop:0:0"]\ntrusted_hash = "y"\n';
    expect(() => upsertTrustEntries(t, [e('/p:stop:0:0')], 'config.toml')).toThrow(/appears 2 times/);
  });

  it('the result still parses as TOML (python tomllib, when present)', () => {
    const dir = tempDir();
    const file = join(dir, 'config.toml');
    writeFileSync(file, upsertTrustEntries('a = 1\n[x]\ny = "z"', [e('/tmp/h "q".json:stop:0:0')], 'config.toml'));
    const parsed = pythonParse('toml', file) as { hooks?: { state: Record<string, { trusted_hash: string }> } } | undefined;
    if (parsed) expect(parsed.hooks!.state['/tmp/h "q".json:stop:0:0']!.trusted_hash).toBe('sha256:' + 'a'.repeat(64));
  });
});

describe('Hermes plugins.enabled in config.yaml', () => {
  const cases: [string, string, string][] = [
    ['no file content', '', 'plugins:\n  enabled:\n    - stopline\n'],
    ['no plugins key', 'model: x\n', 'model: x\nplugins:\n  enabled:\n    - stopline\n'],
    ['plugins without enabled', 'plugins:\n  disabled: []\n', 'plugins:\n  enabled:\n    - stopline\n  disabled: []\n'],
    ['block list', 'plugins:\n  enabled:\n    - a # mine\n\nx: 1\n', 'plugins:\n  enabled:\n    - a # mine\n    - stopline\n\nx: 1\n'],
    ['compact block list', 'plugins:\n  enabled:\n  - a\n', 'plugins:\n  enabled:\n  - a\n  - stopline\n'],
    ['flow list', 'plugins:\n  enabled: [a, "b"]  # two\n', 'plugins:\n  enabled: [a, "b", stopline]  # two\n'],
    ['empty flow list', 'plugins:\n  enabled: []\n', 'plugins:\n  enabled: [stopline]\n'],
    ['4-space indent, comments between', 'plugins:\n    # c\n    enabled:\n        # first\n        - a\n', 'plugins:\n    # c\n    enabled:\n        # first\n        - a\n        - stopline\n'],
    ['null list', 'plugins:\n  enabled: null\n', 'plugins:\n  enabled:\n    - stopline\n'],
  ];

  it.each(cases)('%s: adds the name, and takes it out again', (name, before, after) => {
    const r = enablePlugin(before, 'stopline', 'config.yaml');
    expect(r.text).toBe(after);
    expect(isPluginEnabled(r.text, 'stopline', 'config.yaml')).toBe(true);
    expect(enablePlugin(r.text, 'stopline', 'config.yaml').alreadyEnabled).toBe(true);
    const back = disablePlugin(r.text, 'stopline', 'config.yaml', { dropEmptyEnabled: r.createdEnabledKey, dropEmptyPlugins: r.createdPluginsKey });
    if (!name.startsWith('null')) expect(back).toBe(before);
    else expect(isPluginEnabled(back, 'stopline', 'config.yaml')).toBe(false);
  });

  it('does not confuse another section’s `enabled:` with plugins.enabled', () => {
    const before = 'analytics:\n  enabled: false\nplugins:\n  disabled: []\n';
    const r = enablePlugin(before, 'stopline', 'config.yaml');
    expect(r.text).toBe('analytics:\n  enabled: false\nplugins:\n  enabled:\n    - stopline\n  disabled: []\n');
    const parsedFile = join(tempDir(), 'c.yaml');
    writeFileSync(parsedFile, r.text);
    const parsed = pythonParse('yaml', parsedFile) as Record<string, unknown> | undefined;
    if (parsed) expect(parsed).toEqual({ analytics: { enabled: false }, plugins: { enabled: ['stopline'], disabled: [] } });
  });

  it('warns when the name is also disabled, and refuses shapes it cannot edit safely', () => {
    expect(enablePlugin('plugins:\n  enabled: []\n  disabled:\n    - stopline\n', 'stopline', 'c.yaml').disabledToo).toBe(true);
    expect(() => enablePlugin('plugins: [a]\n', 'stopline', 'c.yaml')).toThrow(/not a block mapping/);
    expect(() => enablePlugin('plugins:\n  enabled: [a,\n    b]\n', 'stopline', 'c.yaml')).toThrow(/spread over several lines/);
    expect(() => enablePlugin('plugins:\n  enabled: all\n', 'stopline', 'c.yaml')).toThrow(/not a list/);
  });
});

describe('unified diff', () => {
  /** GNU diff -u is the reference: same hunks, same lines (headers differ by design). */
  function gnuDiff(a: string, b: string): string | undefined {
    const dir = tempDir();
    writeFileSync(join(dir, 'a'), a);
    writeFileSync(join(dir, 'b'), b);
    const r = spawnSync('diff', ['-u', join(dir, 'a'), join(dir, 'b')], { encoding: 'utf8' });
    if (r.error) return undefined;
    return r.stdout.split('\n').slice(2).join('\n');
  }

  it('matches diff -u on edits, appends, removals and missing final newlines', () => {
    const base = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const pairs: [string, string][] = [
      [base, base.replace('line 3\n', 'line 3\nnew\n').replace('line 25', 'changed')],
      [base, base + 'tail\n'],
      [base, base.replace('line 10\nline 11\n', '')],
      ['a\nb', 'a\nb\n'],
      ['a\nb\n', 'a\nc'],
      ['', 'x\n'],
    ];
    for (const [a, b] of pairs) {
      const ours = unifiedDiff('f', a, b).split('\n').slice(2).join('\n');
      const ref = gnuDiff(a, b);
      if (ref !== undefined) expect(ours).toBe(ref);
    }
  });

  it('names /dev/null for a created or removed file and is empty when nothing changes', () => {
    expect(unifiedDiff('/p', null, 'x\n')).toBe('--- /dev/null\n+++ /p\n@@ -0,0 +1 @@\n+x\n');
    expect(unifiedDiff('/p', 'x\n', null)).toBe('--- /p\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n');
    expect(unifiedDiff('/p', 'same\n', 'same\n')).toBe('');
  });
});
