/**
 * Patch formats: Codex/OpenCode `apply_patch` envelopes (`*** Begin Patch`,
 * `*** Add|Update|Delete File:`, `*** Move to:`), Hermes V4A (the same plus
 * `*** Move File: a -> b`, space after `***` optional) and unified diffs (`--- a/x`,
 * `+++ b/x`, `diff --git`, renames). Each file yields its target(s) and a Change (added
 * lines, context lines, removed lines) for intent detection. Never throws.
 */
import { MAX_PATCH_CHARS } from './limits';
import type { Change, ChangeLine } from './intents';

export interface PatchFile {
  op: 'add' | 'update' | 'delete';
  /** the path as written in the patch */
  path: string;
  /** rename target (`*** Move to:`, `*** Move File: a -> b`, `rename to`) */
  moveTo?: string;
  change: Change;
  /** unified diffs: the paths carried git's a/ b/ prefixes (or /dev/null), which were removed */
  gitPrefixed?: boolean;
}

interface ParsedPatch {
  format: 'envelope' | 'unified' | 'none';
  files: PatchFile[];
  /** things that make the targets incomplete (too long, unreadable header…) */
  problems: string[];
}

const FILE_HEADER = /^\*\*\*\s*(Add|Update|Delete) File:\s*(.*?)\s*$/;
const MOVE_TO = /^\*\*\*\s*Move to:\s*(.*?)\s*$/;
const MOVE_FILE = /^\*\*\*\s*Move File:\s*(.*?)\s*->\s*(.*?)\s*$/;
const ENVELOPE_MARK = /^\*\*\*\s*(Begin Patch|End Patch|End of File)\s*$/;

function newChange(wholeFile: boolean): Change & { lines: ChangeLine[] } {
  return { lines: [], removed: [], wholeFile };
}

function parseEnvelope(lines: string[]): ParsedPatch {
  const files: PatchFile[] = [];
  const problems: string[] = [];
  let cur: PatchFile | null = null;
  for (const line of lines) {
    const header = FILE_HEADER.exec(line);
    if (header) {
      const op = header[1] === 'Add' ? 'add' : header[1] === 'Delete' ? 'delete' : 'update';
      if (!header[2]) problems.push(`${header[1]} File header without a path`);
      cur = { op, path: header[2] ?? '', change: newChange(op === 'add') };
      files.push(cur);
      continue;
    }
    const mv = MOVE_FILE.exec(line);
    if (mv) {
      cur = { op: 'update', path: mv[1]!, moveTo: mv[2]!, change: newChange(false) };
      files.push(cur);
      continue;
    }
    const to = MOVE_TO.exec(line);
    if (to) {
      if (cur) cur.moveTo = to[1]!;
      else problems.push('Move to: outside a file section');
      continue;
    }
    if (ENVELOPE_MARK.test(line) || !cur) continue;
    if (line.startsWith('@@')) {
      const hint = line.replace(/^@@\s?/, '').replace(/\s?@@\s*$/, '');
      if (hint) cur.change.lines.push({ kind: 'ctx', text: hint });
      continue;
    }
    if (line.startsWith('+')) cur.change.lines.push({ kind: 'add', text: line.slice(1) });
    else if (line.startsWith('-')) cur.change.removed.push(line.slice(1));
    else if (line.startsWith('\\')) continue;
    else cur.change.lines.push({ kind: 'ctx', text: line.startsWith(' ') ? line.slice(1) : line });
  }
  return { format: 'envelope', files, problems };
}

function unquoteGitPath(p: string): string {
  let s = p.trim();
  const tab = s.indexOf('\t');
  if (tab !== -1) s = s.slice(0, tab);
  if (s.startsWith('"') && s.endsWith('"') && s.length >= 2) {
    s = s.slice(1, -1).replace(/\\(["\\tn])/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : c));
  }
  return s;
}

function stripPrefix(p: string, prefix: 'a/' | 'b/'): string {
  return p.startsWith(prefix) ? p.slice(2) : p;
}

function parseUnified(lines: string[]): ParsedPatch {
  const files: PatchFile[] = [];
  const problems: string[] = [];
  let cur: PatchFile | null = null;
  let gitStyle = false;
  let oldPath: string | null = null;
  let oldLeft = 0;
  let newLeft = 0;
  const start = (op: PatchFile['op'], path: string, moveTo?: string, gitPrefixed = false) => {
    cur = { op, path, moveTo, change: newChange(op === 'add'), gitPrefixed };
    files.push(cur);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (oldLeft > 0 || newLeft > 0) {
      const c = line[0];
      if (c === '+' && cur) {
        (cur as PatchFile).change.lines.push({ kind: 'add', text: line.slice(1) });
        newLeft--;
        continue;
      }
      if (c === '-' && cur) {
        (cur as PatchFile).change.removed.push(line.slice(1));
        oldLeft--;
        continue;
      }
      if ((c === ' ' || line === '') && cur) {
        (cur as PatchFile).change.lines.push({ kind: 'ctx', text: line.slice(1) });
        oldLeft--;
        newLeft--;
        continue;
      }
      if (c === '\\') continue;
      oldLeft = newLeft = 0; // malformed hunk: fall through to header parsing
    }
    const git = /^diff --git (\S+|"[^"]*") (\S+|"[^"]*")\s*$/.exec(line);
    if (git) {
      gitStyle = true;
      const a = stripPrefix(unquoteGitPath(git[1]!), 'a/');
      const b = stripPrefix(unquoteGitPath(git[2]!), 'b/');
      start('update', a, a !== b ? b : undefined, git[1]!.replace(/^"/, '').startsWith('a/') && git[2]!.replace(/^"/, '').startsWith('b/'));
      oldPath = a;
      continue;
    }
    if (cur && gitStyle) {
      const c = cur as PatchFile;
      if (/^new file mode/.test(line)) {
        c.op = 'add';
        c.change.wholeFile = true;
        continue;
      }
      if (/^deleted file mode/.test(line)) {
        c.op = 'delete';
        continue;
      }
      const rf = /^(?:rename|copy) from (.*)$/.exec(line);
      if (rf) {
        c.path = unquoteGitPath(rf[1]!);
        continue;
      }
      const rt = /^(?:rename|copy) to (.*)$/.exec(line);
      if (rt) {
        c.moveTo = unquoteGitPath(rt[1]!);
        continue;
      }
    }
    if (line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ')) {
      const rawOld = unquoteGitPath(line.slice(4));
      const rawNew = unquoteGitPath(lines[i + 1]!.slice(4));
      i++;
      const prefixed = (rawOld.startsWith('a/') || rawOld === '/dev/null') && (rawNew.startsWith('b/') || rawNew === '/dev/null');
      const o = prefixed ? stripPrefix(rawOld, 'a/') : rawOld;
      const n = prefixed ? stripPrefix(rawNew, 'b/') : rawNew;
      const op: PatchFile['op'] = o === '/dev/null' ? 'add' : n === '/dev/null' ? 'delete' : 'update';
      const path = op === 'add' ? n : o;
      const moveTo = op === 'update' && n !== o ? n : undefined;
      if (cur && gitStyle && oldPath !== null && ((cur as PatchFile).path === path || (cur as PatchFile).moveTo === n)) {
        (cur as PatchFile).op = op === 'update' ? (cur as PatchFile).op : op;
        if (op === 'add') (cur as PatchFile).change.wholeFile = true;
      } else start(op, path, moveTo, prefixed);
      oldPath = null;
      continue;
    }
    const hunk = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@(.*)$/.exec(line);
    if (hunk) {
      if (!cur) {
        problems.push('hunk before any file header');
        continue;
      }
      oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
      newLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
      const hint = hunk[3]!.trim();
      if (hint) (cur as PatchFile).change.lines.push({ kind: 'ctx', text: hint });
    }
  }
  return { format: 'unified', files, problems };
}

export function parsePatch(text: unknown): ParsedPatch {
  if (typeof text !== 'string') return { format: 'none', files: [], problems: ['patch is not text'] };
  if (text.length > MAX_PATCH_CHARS) return { format: 'none', files: [], problems: [`patch longer than ${MAX_PATCH_CHARS} characters`] };
  const lines = text.split(/\r?\n/);
  if (lines.some((l) => FILE_HEADER.test(l) || MOVE_FILE.test(l))) return parseEnvelope(lines);
  if (lines.some((l, i) => /^diff --git /.test(l) || (l.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ')))) return parseUnified(lines);
  return { format: 'none', files: [], problems: ['no file headers found'] };
}
