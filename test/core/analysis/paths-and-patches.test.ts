/**
 * Path extraction: every patch format (apply_patch envelopes incl. Move to, V4A incl.
 * `*** Move File: a -> b`, unified diffs incl. git renames and /dev/null), edit tools, and
 * POSIX / Windows drive / UNC / `..` targets, all relative to the action cwd.
 */
import { describe, expect, it } from 'vitest';
import { parsePatch } from '../../../core/analysis/patch';
import { analyzeShell } from '../../../core/analysis/shell';
import { analyzePowerShell } from '../../../core/analysis/powershell';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { REGISTRIES } from '../../../core/registry/index';

const POSIX = '/home/dev/project';
const WIN = 'C:\\Users\\dev\\project';

describe('parsePatch: formats and targets', () => {
  const cases: [string, string, string, string[], string[]][] = [
    // name, format, text, raw targets, ops
    ['apply_patch add', 'envelope', '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch', ['a.txt'], ['add']],
    ['apply_patch update + delete', 'envelope', '*** Begin Patch\n*** Update File: src/x.ts\n@@\n-a\n+b\n*** Delete File: old.ts\n*** End Patch', ['src/x.ts', 'old.ts'], ['update', 'delete']],
    ['apply_patch Move to', 'envelope', '*** Begin Patch\n*** Update File: a.ts\n*** Move to: lib/a.ts\n@@\n-x\n+y\n*** End Patch', ['a.ts', 'lib/a.ts'], ['update']],
    ['apply_patch End of File marker', 'envelope', '*** Begin Patch\n*** Update File: z.ts\n@@\n-x\n+y\n*** End of File\n*** End Patch', ['z.ts'], ['update']],
    ['V4A without Begin/End', 'envelope', '*** Update File: src/config.ts\n@@ retries @@\n-a\n+b', ['src/config.ts'], ['update']],
    ['V4A Move File a -> b', 'envelope', '*** Begin Patch\n*** Move File: old/name.ts -> new/name.ts\n*** End Patch', ['old/name.ts', 'new/name.ts'], ['update']],
    ['V4A no space after ***', 'envelope', '***Add File: n.ts\n+x', ['n.ts'], ['add']],
    ['V4A all four operations', 'envelope', '*** Add File: a\n+1\n*** Update File: b\n@@\n-1\n+2\n*** Delete File: c\n*** Move File: d -> e', ['a', 'b', 'c', 'd', 'e'], ['add', 'update', 'delete', 'update']],
    ['path with spaces', 'envelope', '*** Add File: docs/my file.md\n+x', ['docs/my file.md'], ['add']],
    ['unified git diff', 'unified', 'diff --git a/src/a.ts b/src/a.ts\nindex 1..2 100644\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,2 +1,2 @@\n-x\n+y\n z', ['src/a.ts'], ['update']],
    ['unified new file', 'unified', 'diff --git a/n.ts b/n.ts\nnew file mode 100644\n--- /dev/null\n+++ b/n.ts\n@@ -0,0 +1 @@\n+x', ['n.ts'], ['add']],
    ['unified deleted file', 'unified', 'diff --git a/d.ts b/d.ts\ndeleted file mode 100644\n--- a/d.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-x', ['d.ts'], ['delete']],
    ['unified git rename', 'unified', 'diff --git a/old.ts b/new.ts\nsimilarity index 90%\nrename from old.ts\nrename to new.ts\n--- a/old.ts\n+++ b/new.ts\n@@ -1 +1 @@\n-a\n+b', ['old.ts', 'new.ts'], ['update']],
    ['unified plain (no git prefixes)', 'unified', '--- lib/a.c\t2024-01-01\n+++ lib/a.c\t2024-01-02\n@@ -1 +1 @@\n-a\n+b', ['lib/a.c'], ['update']],
    ['unified two files', 'unified', '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-1\n+2\n--- a/y\n+++ b/y\n@@ -1 +1,2 @@\n 1\n+2', ['x', 'y'], ['update', 'update']],
    ['unified quoted path', 'unified', 'diff --git "a/sp ace.ts" "b/sp ace.ts"\n--- "a/sp ace.ts"\n+++ "b/sp ace.ts"\n@@ -1 +1 @@\n-a\n+b', ['sp ace.ts'], ['update']],
  ];
  it.each(cases)('%s', (_n, format, text, targets, ops) => {
    const p = parsePatch(text);
    expect(p.format).toBe(format);
    expect(p.files.flatMap((f) => [f.path, f.moveTo].filter(Boolean))).toEqual(targets);
    expect(p.files.map((f) => f.op)).toEqual(ops);
  });

  it('keeps only added lines as added; removed and context apart', () => {
    const p = parsePatch('*** Begin Patch\n*** Update File: a.py\n@@ def f(): @@\n import os\n-import sys\n+import hashlib\n*** End Patch');
    const f = p.files[0]!;
    expect(f.change.lines.filter((l) => l.kind === 'add').map((l) => l.text)).toEqual(['import hashlib']);
    expect(f.change.removed).toEqual(['import sys']);
    expect(f.change.lines.filter((l) => l.kind === 'ctx').map((l) => l.text)).toEqual(['def f():', 'import os']);
  });

  it.each([
    ['not text', 42],
    ['no headers', 'just some words\n+ and a plus line'],
    ['empty', ''],
  ])('reports a patch it cannot read (%s) instead of throwing', (_n, text) => {
    const p = parsePatch(text as unknown as string);
    expect(p.files).toEqual([]);
    expect(p.problems.length).toBeGreaterThan(0);
  });
});

describe('patch tools: targets relative to the action cwd', () => {
  const codex = (patch: string, cwd: string) => analyzeToolCall(REGISTRIES.codex, 'apply_patch', { command: patch }, { cwd });
  it.each([
    ['relative', POSIX, '*** Begin Patch\n*** Add File: src/n.ts\n+x\n*** End Patch', ['src/n.ts']],
    ['absolute inside cwd', POSIX, '*** Begin Patch\n*** Update File: /home/dev/project/src/a.ts\n@@\n-a\n+b\n*** End Patch', ['src/a.ts']],
    ['.. escapes cwd', POSIX, '*** Begin Patch\n*** Add File: ../other/x.ts\n+x\n*** End Patch', ['/home/dev/other/x.ts']],
    ['./ and // collapse', POSIX, '*** Begin Patch\n*** Add File: ./src//b.ts\n+x\n*** End Patch', ['src/b.ts']],
    ['move to another folder', POSIX, '*** Begin Patch\n*** Update File: a.ts\n*** Move to: ../a.ts\n@@\n-a\n+b\n*** End Patch', ['a.ts', '/home/dev/a.ts']],
    ['Windows drive path under a Windows cwd', WIN, '*** Begin Patch\n*** Add File: C:\\Users\\dev\\project\\src\\w.ts\n+x\n*** End Patch', ['src/w.ts']],
    ['Windows relative with backslashes', WIN, '*** Begin Patch\n*** Add File: src\\sub\\v.ts\n+x\n*** End Patch', ['src/sub/v.ts']],
    ['Windows other drive', WIN, '*** Begin Patch\n*** Add File: D:\\data\\x.txt\n+x\n*** End Patch', ['D:/data/x.txt']],
    ['UNC path', WIN, '*** Begin Patch\n*** Add File: \\\\server\\share\\x.txt\n+x\n*** End Patch', ['//server/share/x.txt']],
    ['Windows .. out of the project', WIN, '*** Begin Patch\n*** Add File: ..\\up.txt\n+x\n*** End Patch', ['C:/Users/dev/up.txt']],
  ])('%s', (_n, cwd, patch, paths) => {
    const a = codex(patch, cwd);
    expect(a.mutability).toBe('write');
    expect(a.affectedPaths).toEqual(paths);
  });

  it('Hermes V4A Move File names both sides', () => {
    const a = analyzeToolCall(REGISTRIES.hermes, 'patch', { mode: 'patch', patch: '*** Begin Patch\n*** Move File: src/a.ts -> src/b.ts\n*** End Patch' }, { cwd: POSIX });
    expect(a.affectedPaths).toEqual(['src/a.ts', 'src/b.ts']);
  });

  it('OpenCode apply_patch reads patchText', () => {
    const a = analyzeToolCall(REGISTRIES.opencode, 'apply_patch', { patchText: '*** Begin Patch\n*** Delete File: gone.ts\n*** End Patch' }, { cwd: POSIX });
    expect(a.affectedPaths).toEqual(['gone.ts']);
  });

  it('a patch with no readable headers is a write with unproven targets', () => {
    const a = codex('*** Begin Patch\n+orphan line\n*** End Patch', POSIX);
    expect(a.mutability).toBe('write');
    expect(a.affectedPaths).toBeNull();
  });
});

describe('edit tools: targets from file_path / path / filePath / edits[] / notebook paths', () => {
  it.each([
    ['Claude Write absolute', 'claude', 'Write', { file_path: '/home/dev/project/a/b.txt', content: 'x' }, POSIX, ['a/b.txt']],
    ['Claude Edit outside', 'claude', 'Edit', { file_path: '/etc/hosts', old_string: 'a', new_string: 'b' }, POSIX, ['/etc/hosts']],
    ['Claude MultiEdit', 'claude', 'MultiEdit', { file_path: '/home/dev/project/m.ts', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }] }, POSIX, ['m.ts']],
    ['Claude NotebookEdit', 'claude', 'NotebookEdit', { notebook_path: '/home/dev/project/nb/a.ipynb', new_source: 'x = 1' }, POSIX, ['nb/a.ipynb']],
    ['OpenCode write filePath relative', 'opencode', 'write', { filePath: 'allowed.txt', content: 'x' }, POSIX, ['allowed.txt']],
    ['OpenCode multiedit per-edit paths', 'opencode', 'multiedit', { filePath: 'a.ts', edits: [{ filePath: 'b.ts', oldString: 'x', newString: 'y' }, { oldString: 'p', newString: 'q' }] }, POSIX, ['b.ts', 'a.ts']],
    ['Pi edit path + edits[]', 'pi', 'edit', { path: 'target.txt', edits: [{ oldText: 'a', newText: 'b' }] }, POSIX, ['target.txt']],
    ['Hermes write_file', 'hermes', 'write_file', { path: 'src/config.ts', content: 'x' }, POSIX, ['src/config.ts']],
    ['Hermes patch replace mode', 'hermes', 'patch', { mode: 'replace', path: 'src/config.ts', old_string: 'a', new_string: 'b' }, POSIX, ['src/config.ts']],
    ['Hermes patch without mode = replace', 'hermes', 'patch', { path: 'x.ts', old_string: 'a', new_string: 'b' }, POSIX, ['x.ts']],
    ['Windows absolute under Windows cwd', 'claude', 'Write', { file_path: 'C:\\Users\\dev\\project\\src\\a.ts', content: 'x' }, WIN, ['src/a.ts']],
    ['Windows path with forward slashes', 'claude', 'Write', { file_path: 'C:/Users/dev/project/b.ts', content: 'x' }, WIN, ['b.ts']],
    ['UNC target', 'claude', 'Write', { file_path: '\\\\fs01\\team\\notes.md', content: 'x' }, WIN, ['//fs01/team/notes.md']],
    ['Windows drive path under a POSIX cwd stays absolute', 'claude', 'Write', { file_path: 'C:\\temp\\x.txt', content: 'x' }, POSIX, ['C:/temp/x.txt']],
    ['.. inside the project collapses', 'pi', 'write', { path: 'src/../lib/x.ts', content: 'x' }, POSIX, ['lib/x.ts']],
    ['.. out of the project', 'pi', 'write', { path: '../../etc/x', content: 'x' }, POSIX, ['/home/etc/x']],
  ])('%s', (_n, fam, tool, input, cwd, paths) => {
    const a = analyzeToolCall(REGISTRIES[fam as keyof typeof REGISTRIES], tool, input, { cwd });
    expect(a.mutability).toBe('write');
    expect(a.affectedPaths).toEqual(paths);
  });

  it.each([
    ['missing path', 'claude', 'Write', { content: 'x' }],
    ['path of the wrong type', 'claude', 'Edit', { file_path: 42, old_string: 'a', new_string: 'b' }],
    ['input not an object', 'pi', 'write', 'oops'],
    ['edits not an array', 'pi', 'edit', { edits: 'x' }],
  ])('%s: still a write, target unproven', (_n, fam, tool, input) => {
    const a = analyzeToolCall(REGISTRIES[fam as keyof typeof REGISTRIES], tool, input, { cwd: POSIX });
    expect(a.mutability).toBe('write');
    expect(a.affectedPaths).toBeNull();
  });
});

describe('shell and PowerShell targets: Windows, UNC and ..', () => {
  it.each([
    ['rm with .. inside the project', 'rm src/../a.txt', POSIX, ['a.txt']],
    ['cd .. then a relative target', 'cd .. && touch z', POSIX, ['/home/dev/z']],
    ['cd to an absolute folder', 'cd /tmp && rm x', POSIX, ['/tmp/x']],
    ['a Windows path in Git Bash', 'rm "C:\\\\Users\\\\dev\\\\project\\\\a.txt"', WIN, ['a.txt']],
    ['mixed separators under a Windows cwd', 'rm src/sub\\\\x.ts', WIN, ['src/sub/x.ts']],
  ])('%s', (_n, cmd, cwd, paths) => {
    expect(analyzeShell(cmd, { cwd, home: '/home/dev' }).affectedPaths).toEqual(paths);
  });

  it.each([
    ['drive path', 'Remove-Item C:\\Users\\dev\\project\\build -Recurse', WIN, ['build']],
    ['UNC path', 'Set-Content \\\\srv\\share\\x.txt 1', WIN, ['//srv/share/x.txt']],
    ['.. path', 'Remove-Item ..\\sibling', WIN, ['C:/Users/dev/sibling']],
    ['$HOME path', 'Remove-Item $HOME\\x.txt', WIN, ['C:/Users/dev/x.txt']],
    ['~ path', 'Remove-Item ~\\y.txt', WIN, ['C:/Users/dev/y.txt']],
  ])('PowerShell %s', (_n, cmd, cwd, paths) => {
    expect(analyzePowerShell(cmd, { cwd, home: 'C:\\Users\\dev' }).affectedPaths).toEqual(paths);
  });

  it('a tool workdir moves where relative targets land, paths stay relative to cwd', () => {
    const a = analyzeToolCall(REGISTRIES.hermes, 'terminal', { command: 'touch a.txt', workdir: '/home/dev/project/pkg' }, { cwd: POSIX });
    expect(a.affectedPaths).toEqual(['pkg/a.txt']);
    const b = analyzeToolCall(REGISTRIES.opencode, 'bash', { command: 'rm ../b', workdir: 'sub' }, { cwd: POSIX });
    expect(b.affectedPaths).toEqual(['b']);
  });
});
