/**
 * Core utilities that write the files their operands name (cp, mv, install, ln, chmod, …): the
 * destination from -t or the last operand, and the backups GNU options add.
 */
import { coreutilsBackup, simpleBackups } from './backups';
import { has, parseOpts, value, type OptSpec, type ParsedOpts } from './table';
import { read, write, type Leaf } from './verdict';
import { literalArg, RUNTIME_ARG, staticValue, type Arg } from './words';

export function operands(args: readonly Arg[], spec: OptSpec = {}): Arg[] {
  return parseOpts(args, spec).operands;
}

export function allOperandsWrite(name: string, args: readonly Arg[], spec: OptSpec, why: string, extra: Partial<Leaf> = {}): Leaf {
  const ops = operands(args, spec);
  return write(`${name} ${why}`, ops.length ? ops : undefined, extra);
}

/**
 * What copying (or moving, or linking) into the destination writes. Into a folder (-t DIR, more
 * than one source, or a destination that can only be a folder whatever is on disk: `.`, `..`,
 * `~`, a name ending in `/`) each source lands under its own name, and everything else in the
 * folder is left alone. A source whose name is not known (a run-time word, a glob, `.` or `..`,
 * which merge their contents) leaves the folder itself as the target; so does -T, or a
 * destination that may be a file.
 */
export function destinations(p: ParsedOpts): Arg[] {
  const t = value(p, '-t', '--target-directory');
  if (t === null) return [RUNTIME_ARG];
  const dest = t !== undefined ? literalArg(`${t}/`) : p.operands[p.operands.length - 1];
  if (!dest) return [];
  const sources = t !== undefined ? p.operands : p.operands.slice(0, -1);
  const v = dest.value;
  const folder = t !== undefined || sources.length > 1 || dest.text === '~' || (v !== null && (v.endsWith('/') || /(^|\/)\.\.?$/.test(v)));
  if (!folder || v === null || dest.glob || has(p, '-T', '--no-target-directory')) return [dest];
  const out: Arg[] = [];
  for (const s of sources) {
    const name = s.value === null || s.glob ? '' : s.value.replace(/\/+$/, '').split('/').pop()!;
    if (name === '' || name === '.' || name === '..') return [dest];
    out.push(literalArg(`${v.replace(/\/+$/, '')}/${name}`));
  }
  return out.length ? out : [dest];
}

/** cp / install / ln: the destination is -t DIR or the last operand (see `destinations`). */
export function destinationWrite(name: string, args: readonly Arg[], short: string, long: string[], why: string): Leaf {
  const p = parseOpts(args, { shortWithValue: short, longWithValue: long });
  if (p.operands.length === 0 && value(p, '-t', '--target-directory') === undefined) return read(`${name} with no operands fails`);
  let dests: Arg[];
  if (name === 'ln' && p.operands.length === 1 && value(p, '-t', '--target-directory') === undefined) {
    const target = staticValue(p.operands[0]);
    const base = target ? target.replace(/\/+$/, '').split('/').pop() : null;
    dests = [base ? literalArg(base) : RUNTIME_ARG];
    why = 'creates a link in the current folder';
  } else dests = destinations(p);
  // cp -l / -s make links in place of copies
  const cpLinks = name === 'cp' && has(p, '-l', '--link', '-s', '--symbolic-link');
  if (name !== 'ln' && !cpLinks) return withBackups(name, why, p, dests, [], true);
  // a hard link is a second name of its source: what is written through it changes the source,
  // so the source is written too (stopline's own files among them are self-protection)
  const t = value(p, '-t', '--target-directory');
  const sources = t !== undefined || (name === 'ln' && p.operands.length === 1) ? p.operands : p.operands.slice(0, -1);
  const hard = name === 'ln' ? !has(p, '-s', '--symbolic') : has(p, '-l', '--link');
  if (cpLinks) why = hard ? 'makes hard links in place of copies' : 'makes symbolic links in place of copies';
  const leaf = withBackups(name, hard ? `${why} (a hard link: writing through it changes its source)` : why, p, dests, hard ? sources : [], false);
  // later writes through these names land where the link leads (collect.ts)
  return { ...leaf, links: dests };
}

/**
 * -b, --backup[=CONTROL], -S/--suffix: GNU cp/mv/ln/install keep what they replace beside it
 * (DEST~, DEST+SUFFIX); numbered backups (DEST.~N~) have names chosen at run time.
 */
export function withBackups(name: string, why: string, p: ParsedOpts, dests: Arg[], alsoWritten: Arg[], content: boolean): Leaf {
  const m = coreutilsBackup(p);
  const paths = [...alsoWritten, ...dests];
  if (m.kind === 'numbered' || m.kind === 'unknown') return write(`${name} ${why} and keeps numbered backups of what it replaces (names chosen at run time)`, undefined, { writesContent: content });
  if (m.kind === 'simple') return write(`${name} ${why} and keeps a backup (${m.suffix}) of each file it replaces`, [...paths, ...simpleBackups(dests, m.suffix)], { writesContent: content });
  return write(`${name} ${why}`, paths.length ? paths : undefined, { writesContent: content });
}

/** chmod/chown/chgrp/chattr: the first operand is the mode/owner unless --reference is given. */
export function metadataWrite(name: string, args: readonly Arg[]): Leaf {
  const ops: Arg[] = [];
  let reference = false;
  let modeSeen = false;
  for (const a of args) {
    const v = a.value;
    if (v !== null && v.startsWith('--')) {
      if (v.startsWith('--reference')) reference = true;
      continue;
    }
    if (v !== null && /^-[RcfvhHLP]+$/.test(v)) continue;
    if (!reference && !modeSeen && (name === 'chmod' || name === 'chattr' || name === 'chown' || name === 'chgrp')) {
      modeSeen = true;
      continue;
    }
    ops.push(a);
  }
  return write(`${name} changes file metadata`, ops.length ? ops : undefined);
}
