/**
 * Scratch writes: a file an action is proven to write only below a temp folder is not a change of
 * the project, under every contract. A review that writes `git diff > /tmp/d.txt` or a repro
 * script in /tmp has changed nothing the person asked to keep; the confinement draws the same
 * line (a confined command may write temp folders, docs/confinement.md), and a proven write
 * there must not be judged worse than unknown code that may write the same place.
 *
 * This only changes how the contract's mode and files= rules see an action: the analysis still
 * labels the write a write, and the floor and self-protection judge the action as it is before any
 * of this. What is never scratch, even below a temp folder: a target in the project, or anywhere
 * in a temp folder the project lies in (a project in /tmp keeps its rules), in HOME, among or
 * holding stopline's own paths, the temp folder itself, a path that climbs with `..`, a
 * repository's `.git`, and a target whose link leads out of the temp folder or cannot be read.
 * A write whose targets are not all placed stays what it is.
 */
import { landingOf } from '../paths/path-links';
import type { PathProbe } from '../paths/path-links';
import { allowListCovers, entryInsideTarget, normalizeTarget } from '../paths/paths';
import type { NormalizedPath } from '../paths/paths';
import type { Action, Segment } from '../protocol';
import { SYSTEM_TEMP, tempChoice } from '../paths/temp-folders';

type NewEntry = NonNullable<Segment['newEntry']>;


/** Where the session stands, as decide() knows it. */
export interface ScratchPlace {
  cwd?: string;
  home?: string;
  /** the project root (config), else the cwd */
  projectRoot?: string;
  /** temp folders the environment names ($TMPDIR), beyond the system's */
  tempRoots: readonly string[];
  /** stopline's own paths: never scratch (asked only for a target below a temp folder, since placing them may read the disk) */
  selfPaths: () => readonly string[];
  probe?: PathProbe;
}

function under(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

function absOf(p: string | undefined): string | undefined {
  return p === undefined ? undefined : (normalizeTarget(p, undefined).abs ?? undefined);
}

/** A folder's text and, once the disk says it differs, its real place. */
function bothPlaces(p: string, probe: PathProbe | undefined): string[] {
  const real = probe ? landingOf(p, probe) : null;
  return real && real !== p ? [p, real] : [p];
}

/**
 * Where the session stands as written, before the disk is asked anything: HOME, the project root
 * (the config's, else the cwd) and the temp folders (the system's and those of $TMPDIR it may use).
 */
interface TextFrame {
  home?: string;
  root?: string;
  temps: string[];
}

function textFrameOf(place: ScratchPlace): TextFrame {
  const home = absOf(place.home);
  const root = absOf(place.projectRoot ?? place.cwd);
  const chosen = place.tempRoots.map((t) => absOf(t) ?? t).filter((t) => tempChoice(t, home, root));
  return { ...(home === undefined ? {} : { home }), ...(root === undefined ? {} : { root }), temps: [...SYSTEM_TEMP, ...chosen] };
}

/** What one decision compares targets with: the temp folders, and the places that are never scratch. */
interface Frame {
  temps: string[];
  /** the project root and HOME, as written and where they really are */
  kept: string[];
}

function frameOf(text: TextFrame, probe: PathProbe | undefined): Frame {
  const roots = text.root === undefined ? [] : bothPlaces(text.root, probe);
  // a temp folder the project lies in holds the project's neighbours, not scratch: `../notes.txt`
  // from a project in /tmp/work/p is outside the project, as it would be anywhere else
  const temps = [...new Set(text.temps.flatMap((t) => bothPlaces(t, probe)))].filter((t) => !roots.some((r) => under(r, t)));
  const kept = [...(text.home === undefined ? [] : bothPlaces(text.home, probe)), ...roots];
  return { temps, kept };
}

/**
 * A place as written lies below a temp folder (before links and the project's place are read):
 * strictly below for a target, at or below for the folder a new entry is made in.
 */
function writtenInTemp(raw: string, place: ScratchPlace, text: TextFrame, folder = false): boolean {
  const abs = normalizeTarget(raw, place.cwd, place.home ? { home: place.home } : {}).abs;
  if (abs === null) return false;
  const { home, root } = text;
  if ((root !== undefined && under(abs, root)) || (home !== undefined && under(abs, home))) return false;
  // a temp folder holding the project is the project's neighbourhood, not scratch (frameOf)
  return text.temps.some((t) => (folder || abs !== t) && under(abs, t) && !(root !== undefined && under(root, t)));
}

/** An absolute place strictly below a temp folder (at or below, for a folder a new entry is made in) and outside the project and HOME. */
function inTemp(abs: string, frame: Frame, folder = false): boolean {
  if (frame.kept.some((k) => under(abs, k))) return false;
  return frame.temps.some((t) => (folder || abs !== t) && under(abs, t));
}

/**
 * A `..` is resolved by the kernel after the links before it, not by the text; a repository's
 * history is history wherever it lies (the floor says the same of a clone in /tmp).
 */
function climbsOrHistory(raw: string): boolean {
  const names = raw.split(/[\\/]/);
  return names.includes('..') || names.includes('.git');
}

function scratchTarget(raw: string, place: ScratchPlace, frame: Frame): boolean {
  if (climbsOrHistory(raw)) return false;
  const opts = place.home ? { home: place.home } : {};
  const t: NormalizedPath = normalizeTarget(raw, place.cwd, opts);
  if (t.abs === null || t.style !== 'posix' || !inTemp(t.abs, frame)) return false;
  const own = place.selfPaths();
  if (allowListCovers(own, t, place.cwd, opts) || entryInsideTarget(t, own, place.cwd, opts) !== undefined) return false;
  if (!place.probe) return true;
  const real = landingOf(t.abs, place.probe);
  return real !== null && (real === t.abs || inTemp(real, frame));
}

/**
 * A new entry a write makes in a folder, named at run time (Segment.newEntry): scratch when the
 * folder is a temp folder or lies below one, outside the project and HOME, where it really is
 * too, and the name could not be one of stopline's own paths there. mktemp never takes a name
 * that exists, but one of stopline's own not made yet is never the agent's to make first.
 */
function scratchEntry(entry: NewEntry, place: ScratchPlace, frame: Frame): boolean {
  if (climbsOrHistory(entry.folder)) return false;
  const opts = place.home ? { home: place.home } : {};
  const folder = normalizeTarget(entry.folder, place.cwd, opts).abs;
  if (folder === null || !folder.startsWith('/') || !inTemp(folder, frame, true)) return false;
  const own = place.selfPaths().map((p) => normalizeTarget(p, place.cwd, opts).abs);
  if (own.some((p) => p === null || under(folder, p) || mayBeNamed(p, folder, entry.prefix))) return false;
  if (!place.probe) return true;
  const real = landingOf(folder, place.probe);
  return real !== null && (real === folder || inTemp(real, frame, true));
}

/** `p` lies at or below an entry of `folder` whose name starts with `prefix`. */
function mayBeNamed(p: string, folder: string, prefix: string): boolean {
  if (p === folder || !under(p, folder)) return false;
  const name = p.slice(folder === '/' ? 1 : folder.length + 1).split('/')[0]!;
  return name.startsWith(prefix);
}

/** A write segment that says every place it writes: its paths (pathsProven), or the one new entry it makes. */
function placedWhole(s: Segment): boolean {
  return (s.pathsProven === true && s.paths.length > 0) || (s.newEntry !== undefined && s.paths.length === 0);
}

/** Every target a whole-placed write segment names is scratch. */
function scratchSegment(s: Segment, place: ScratchPlace, frame: Frame): boolean {
  return placedWhole(s) && s.paths.every((p) => scratchTarget(p, place, frame)) && (s.newEntry === undefined || scratchEntry(s.newEntry, place, frame));
}

/**
 * A command whose writes are all placed, some of them new entries named at run time (`mktemp -d`,
 * `mktemp && echo x > src/a`): the analysis could not list them as paths, so affectedPaths is
 * null; when every new entry is scratch, what is left is the other paths, judged as any write.
 */
function withoutScratchEntries(action: Action, place: ScratchPlace, frame: Frame): Action | null {
  const segments = action.segments ?? [];
  const writes = segments.filter((s) => s.mutability === 'write');
  if (!writes.some((s) => s.newEntry) || segments.some((s) => s.mutability === 'unknown' || s.program === '(limit)') || !writes.every(placedWhole)) return null;
  if (!writes.every((s) => s.newEntry === undefined || scratchEntry(s.newEntry, place, frame))) return null;
  const rest = [...new Set(writes.flatMap((s) => s.paths))].filter((p) => !scratchTarget(p, place, frame));
  return rest.length ? { ...action, affectedPaths: rest } : { ...action, mutability: 'read', affectedPaths: [] };
}

/**
 * An unknown program whose output goes to a file in a temp folder (`pytest > /tmp/log`,
 * `npm test 2>&1 | tee /tmp/out.log`): the command's targets are unproven because of the program,
 * not of its writes. A write segment the analysis placed whole (`pathsProven`: a redirection, a
 * `tee` of literal names; one through a link made earlier in the command is not) says every file
 * it writes; when every write is such a one into a temp folder, what is left is the unknown part
 * alone. A write that names some of its targets and not all keeps the command a write.
 */
function onlyScratchWrites(action: Action, place: ScratchPlace, frame: Frame): boolean {
  const segments = action.segments ?? [];
  const writes = segments.filter((s) => s.mutability === 'write');
  // past the analysis's segment limit nothing is seen, writes included
  if (writes.length === 0 || !segments.some((s) => s.mutability === 'unknown') || segments.some((s) => s.program === '(limit)')) return false;
  return writes.every((s) => scratchSegment(s, place, frame));
}

/**
 * The action as the mode and files= rules judge it: a write whose placed targets are all scratch
 * is the read it is for the project; one with scratch and other targets is judged by the others;
 * an unknown program whose only writes are redirections into a temp folder is the unknown it is.
 * Anything else (targets nobody can place, a write of stopline's own files) comes back as it is.
 * `scratch` says whether any target was set aside.
 */
export function withoutScratch(action: Action, place: ScratchPlace): { action: Action; scratch: boolean } {
  const paths = action.affectedPaths;
  if (action.mutability !== 'write' || action.selfTarget || paths?.length === 0) return { action, scratch: false };
  // the disk is asked only when a target is written below a temp folder: a write in the project
  // costs no probe (an in-process host reads ahead what a decision asks, and this it cannot foresee)
  const writes = paths === null ? (action.segments ?? []).filter((x) => x.mutability === 'write') : [];
  const written = paths ?? writes.flatMap((x) => x.paths);
  const folders = writes.flatMap((x) => (x.newEntry ? [x.newEntry.folder] : []));
  const text = textFrameOf(place);
  if (!written.some((p) => writtenInTemp(p, place, text)) && !folders.some((f) => writtenInTemp(f, place, text, true))) return { action, scratch: false };
  const frame = frameOf(text, place.probe);
  if (paths === null) {
    const placed = withoutScratchEntries(action, place, frame);
    if (placed) return { action: placed, scratch: true };
    return onlyScratchWrites(action, place, frame) ? { action: { ...action, mutability: 'unknown' }, scratch: true } : { action, scratch: false };
  }
  const rest = paths.filter((p) => !scratchTarget(p, place, frame));
  if (rest.length === paths.length) return { action, scratch: false };
  const judged: Action = rest.length ? { ...action, affectedPaths: rest } : { ...action, mutability: 'read', affectedPaths: [] };
  return { action: judged, scratch: true };
}
