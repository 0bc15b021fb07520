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
import type { Action } from '../protocol';
import { SYSTEM_TEMP, tempChoice } from '../paths/temp-folders';


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

/** A target as written lies below a temp folder (before links and the project's place are read). */
function writtenInTemp(raw: string, place: ScratchPlace, text: TextFrame): boolean {
  const abs = normalizeTarget(raw, place.cwd, place.home ? { home: place.home } : {}).abs;
  if (abs === null) return false;
  const { home, root } = text;
  if ((root !== undefined && under(abs, root)) || (home !== undefined && under(abs, home))) return false;
  // a temp folder holding the project is the project's neighbourhood, not scratch (frameOf)
  return text.temps.some((t) => abs !== t && under(abs, t) && !(root !== undefined && under(root, t)));
}

/** An absolute place strictly below a temp folder and outside the project and HOME. */
function inTemp(abs: string, frame: Frame): boolean {
  if (frame.kept.some((k) => under(abs, k))) return false;
  return frame.temps.some((t) => abs !== t && under(abs, t));
}

function scratchTarget(raw: string, place: ScratchPlace, frame: Frame): boolean {
  // a `..` is resolved by the kernel after the links before it, not by the text; a repository's
  // history is history wherever it lies (the floor says the same of a clone in /tmp)
  const names = raw.split(/[\\/]/);
  if (names.includes('..') || names.includes('.git')) return false;
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
  return writes.every((s) => s.pathsProven === true && s.paths.length > 0 && s.paths.every((p) => scratchTarget(p, place, frame)));
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
  const written = paths ?? (action.segments ?? []).filter((x) => x.mutability === 'write').flatMap((x) => x.paths);
  const text = textFrameOf(place);
  if (!written.some((p) => writtenInTemp(p, place, text))) return { action, scratch: false };
  const frame = frameOf(text, place.probe);
  if (paths === null) return onlyScratchWrites(action, place, frame) ? { action: { ...action, mutability: 'unknown' }, scratch: true } : { action, scratch: false };
  const rest = paths.filter((p) => !scratchTarget(p, place, frame));
  if (rest.length === paths.length) return { action, scratch: false };
  const judged: Action = rest.length ? { ...action, affectedPaths: rest } : { ...action, mutability: 'read', affectedPaths: [] };
  return { action: judged, scratch: true };
}
