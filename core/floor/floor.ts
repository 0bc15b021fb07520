/**
 * The floor: what no task ever needs, stopped in every session and every mode, contract or not.
 * The analysis names what an action would destroy or expose (core/analysis/hazards.ts, the
 * Action's `hazards`); this judges each fact against the person's floor settings and the place
 * the session works in. Pure: the caller hands in the project root, HOME, the temp folders and a
 * probe of the disk.
 *
 * What is proven inside the project stays free (`rm -rf build/`, `git checkout -b x`); what is
 * proven to reach `/`, HOME, the project root itself, its history or anything outside it is
 * denied; a recursive delete whose target only exists at run time is asked (a host that cannot
 * ask a person turns the ask into a deny, as every ask). docs/safety-net.md has each rule.
 */
import { landingOf } from '../paths/path-links';
import type { PathProbe } from '../paths/path-links';
import { globToRegExp, normalizeTarget } from '../paths/paths';
import { SYSTEM_TEMP, tempChoice } from '../paths/temp-folders';
import type { Action, Hazard } from '../protocol';
import type { FloorReason } from '../registry/reasons';

export const FLOOR_PRESETS = ['standard', 'strict', 'off'] as const;
export type FloorPreset = (typeof FLOOR_PRESETS)[number];

/** One exception from the person's own config: the rule it lifts, for a command shape and/or a path. */
export interface FloorException {
  rule: FloorReason;
  /** leading words of the command shape it lifts (`git stash drop`, `rm -rf`); absent = any */
  command?: string;
  /** a path or glob the hazard's every target must fall under (`~/scratch/**`, `.env.test`); absent = any */
  path?: string;
}

export interface FloorSettings {
  preset: FloorPreset;
  /** lifts from the person's own config (a project file cannot add these) */
  exceptions: readonly FloorException[];
  /** more paths whose content the floor keeps from the agent (user and project files may add) */
  secrets: readonly string[];
}

interface FloorPlace {
  /** the project root (the folder holding `.stopline/` or `.git`), else the working folder */
  projectRoot?: string;
  cwd?: string;
  home?: string;
  /** temp folders a delete may empty (the system's and $TMPDIR) */
  tempRoots: readonly string[];
  probe?: PathProbe;
}

/** One floor rule an action breaks. */
interface FloorBreak {
  reasonCode: FloorReason;
  verdict: 'ask' | 'deny';
  explanation: string;
  nextStep: string;
  /** the hazard's command shape (for the person's exception and the allow directive) */
  form: string;
}

const ALLOW_HINT = 'The person can let this one command through for the rest of the session with `$stopline allow`, or lift the rule in their own config (docs/safety-net.md).';

/** A break of `rule` by hazard `h`; the next step ends with how the person lifts it. */
function stop(reasonCode: FloorReason, verdict: 'ask' | 'deny', h: Hazard, explanation: string, nextStep: string): FloorBreak {
  // a command that fails as written is stopped for what it shows it means: fixing the typo would run it
  const shown = h.fails ? `${explanation} As written the command would fail (${h.fails}), but this is what it asks for.` : explanation;
  return { reasonCode, verdict, form: h.form, explanation: shown, nextStep: nextStep ? `${nextStep} ${ALLOW_HINT}` : ALLOW_HINT };
}

function shorten(s: string): string {
  return s.length > 80 ? '...' + s.slice(-77) : s;
}

interface Placed {
  abs: string;
  /** as written, for messages */
  shown: string;
  glob: boolean;
}

type Where = 'root' | 'home' | 'project-root' | 'history' | 'outside' | 'unrooted' | 'temp' | 'inside';


function under(p: string, dir: string): boolean {
  const d = dir.endsWith('/') ? dir : dir + '/';
  return p === dir || p.startsWith(d);
}

/** `*`, `.*`, `*.*`: every name in a folder (what a shell glob of wildcards alone picks). */
function picksAll(pattern: string): boolean {
  return pattern !== '' && !pattern.includes('/') && /^[*.?]+$/.test(pattern) && pattern.includes('*');
}

/**
 * Whether a target reaches all of folder `x`: `x` itself or a folder holding it, or a glob that
 * picks `x` (or every name in it) among the names of its folder.
 */
function reachesAll(abs: string, glob: boolean, x: string): boolean {
  if (!glob) return under(x, abs);
  const dir = fixedPart(abs);
  const pattern = abs.slice(dir.length).replace(/^\//, '');
  if (!under(x, dir)) return false;
  if (x === dir) return picksAll(pattern);
  const names = x.slice(dir === '/' ? 1 : dir.length + 1).split('/');
  const parts = pattern.split('/');
  for (let i = 0; i < parts.length; i++) {
    if (i >= names.length) return picksAll(parts.slice(i).join('/'));
    if (!globToRegExp(parts[i]!, false).test(names[i]!)) return false;
  }
  return true;
}

/**
 * Where a placed target reaches, the worst place first: `/`, HOME, the project root (or a folder
 * holding it), the project's history (`.git`), then inside the project, a temp folder, or
 * elsewhere.
 */
function whereIs(abs: string, place: FloorPlace, glob: boolean, climbs: boolean): Where {
  let root = place.projectRoot ? (normalizeTarget(place.projectRoot, undefined).abs ?? place.projectRoot) : undefined;
  const home = place.home ? (normalizeTarget(place.home, undefined).abs ?? place.home) : undefined;
  const dir = glob ? fixedPart(abs) : abs;
  let unrooted = false;
  if (reachesAll(abs, glob, '/')) return 'root';
  if (home && reachesAll(abs, glob, home)) return 'home';
  // a session working in HOME itself (or in `/`) has no project: being below that folder proves
  // nothing about the task, and `rm -rf build` there reaches whatever HOME keeps under that name
  if (root && (root === '/' || (home && under(home, root)))) {
    if (reachesAll(abs, glob, root + '/.git') || under(dir, root + '/.git')) return 'history';
    if (under(dir, root)) unrooted = true;
    root = undefined;
  }
  if (root) {
    if (reachesAll(abs, glob, root)) return 'project-root';
    if (reachesAll(abs, glob, root + '/.git') || under(dir, root + '/.git')) return 'history';
    if (under(dir, root)) return 'inside';
  }
  const temps = [...SYSTEM_TEMP, ...place.tempRoots.map((t) => normalizeTarget(t, undefined).abs ?? t).filter((t) => tempChoice(t, home, place.projectRoot))];
  // a temp folder itself is not scratch space: other programs and sessions keep their files there
  if (temps.some((t) => reachesAll(abs, glob, t))) return 'outside';
  // another repository's history (a linked worktree's main `.git`, a clone in /tmp) is history
  // wherever it lies: its unpushed commits have no other copy
  if (/(^|\/)\.git(\/|$)/.test(dir)) return 'history';
  // scratch space the command names as such: below a temp folder (not the folder itself), never
  // reached by climbing out of somewhere else with `..`, and never in HOME
  if (!climbs && !(home && under(dir, home))) {
    for (const t of temps) if (dir !== t && under(dir, t)) return 'temp';
  }
  return unrooted ? 'unrooted' : 'outside';
}

/** The part of a glob path before its first wildcard, cut back to a whole folder. */
function fixedPart(p: string): string {
  const i = p.search(/[*?[]/);
  if (i === -1) return p;
  const cut = p.lastIndexOf('/', i);
  return cut <= 0 ? '/' : p.slice(0, cut);
}

function place(raw: string, p: FloorPlace): Placed | null {
  const n = normalizeTarget(raw, p.cwd, p.home ? { home: p.home } : {});
  if (n.abs === null) return null;
  return { abs: n.abs, shown: raw, glob: /[*?[]/.test(raw) };
}

/** The places a placed target reaches: as written, and where its links lead when that differs. */
function reaches(t: Placed, p: FloorPlace, linkItself: boolean): string[] | null {
  if (!p.probe) return [t.abs];
  // a delete of a link written without a slash removes the link where it is, not what it leads to
  if (linkItself && !t.glob) {
    const cut = t.abs.lastIndexOf('/');
    if (cut > 0) {
      const real = landingOf(t.abs.slice(0, cut), p.probe);
      if (real === null) return null;
      const here = `${real}${t.abs.slice(cut)}`;
      return here === t.abs ? [t.abs] : [t.abs, here];
    }
  }
  // a glob picks its names where its fixed folder really is: `rm -rf link/*` empties the link's target
  const fixed = t.glob ? fixedPart(t.abs) : t.abs;
  const real = landingOf(fixed, p.probe);
  if (real === null) return null;
  return real === fixed ? [t.abs] : [t.abs, real + t.abs.slice(fixed.length)];
}

const WHAT: Record<'delete' | 'truncate' | 'permissions', string> = {
  delete: 'delete',
  truncate: 'truncate',
  permissions: 'change the permissions of',
};

/** The break a delete, truncation or permission change is, or null when it stays free. */
function judgeBulk(h: Hazard, p: FloorPlace, strict: boolean): FloorBreak | null {
  const kind = h.kind as 'delete' | 'truncate' | 'permissions';
  const wholesale = h.recursive === true || kind === 'truncate' || h.below === true;
  if (h.paths === null) {
    // entries a test picks below a target only known at run time: as free as a glob there
    if (!wholesale || (h.below && h.recursive !== true && kind !== 'truncate')) return null;
    return stop('FLOOR_DELETE_UNPROVEN', 'ask', h, `\`${h.form}\` would ${WHAT[kind]} everything below a target that is only known when the command runs, so nobody can tell whether it is inside the project.`, `Name the target as a literal path inside the project (e.g. \`${kind === 'delete' ? 'rm -rf build' : kind === 'truncate' ? 'truncate -s 0 build/out.log' : 'chmod -R u+w build'}\`).`);
  }
  for (const raw of h.paths) {
    const t = place(raw, p);
    if (!t) continue;
    const spots = reaches(t, p, kind === 'delete' && !/[\\/]$/.test(raw));
    if (spots === null) {
      if (!wholesale) continue;
      return stop('FLOOR_DELETE_UNPROVEN', 'ask', h, `\`${h.form}\` would ${WHAT[kind]} ${shorten(t.shown)}, and a link on the way cannot be read to tell where it leads.`, '');
    }
    for (const abs of spots) {
      const where = whereIs(abs, p, t.glob, h.climbs === true);
      const via = abs === t.abs ? '' : ` (through a link to ${shorten(abs)})`;
      const lost = lostText(where, kind);
      if (where === 'inside' || where === 'temp') continue;
      // entries picked below the project root are inside it (a pick of `.git`'s own is its own fact);
      // below a folder holding it (`find ..`) they are outside as well
      if (where === 'project-root' && h.below && p.projectRoot && abs === (normalizeTarget(p.projectRoot, undefined).abs ?? p.projectRoot)) continue;
      if (where === 'history' && !(wholesale || t.glob)) continue;
      if ((where === 'outside' || where === 'unrooted') && !wholesale && !(strict && kind !== 'permissions')) continue;
      if ((where === 'project-root' || where === 'home' || where === 'root') && kind === 'delete' && !wholesale) continue;
      return stop('FLOOR_WHOLESALE_DELETE', 'deny', h, `\`${h.form}\` would ${WHAT[kind]} ${shorten(t.shown)}${via}: ${lost}`, where === 'unrooted' ? 'Work in the project folder (cd into it), or in a temp folder (/tmp).' : where === 'outside' ? 'Work inside the project, or in a temp folder (/tmp).' : 'Name the folders inside the project the task needs (e.g. `rm -rf build dist`).');
    }
  }
  return null;
}

function lostText(where: Where, kind: string): string {
  const verb = kind === 'permissions' ? 'changed' : 'lost';
  switch (where) {
    case 'root':
      return `the whole file system would be ${verb}.`;
    case 'home':
      return `the home folder (every project, key and setting in it) would be ${verb}.`;
    case 'project-root':
      return `the whole project, uncommitted work included, would be ${verb}.`;
    case 'history':
      return `the repository's history (every commit not pushed) would be ${verb}.`;
    case 'unrooted':
      return `the session works in the home folder itself (or \`/\`), not in a project, so nothing proves it belongs to the task.`;
    default:
      return `it lies outside the project, where no task of this session reaches.`;
  }
}

function judgeOne(h: Hazard, p: FloorPlace, strict: boolean): FloorBreak | null {
  switch (h.kind) {
    case 'git-discard':
      if (h.paths === null) return stop('FLOOR_GIT_DISCARD', 'ask', h, `\`${h.form}\`: the words that decide whether it discards uncommitted or unpushed work come from its input when it runs.`, 'Run the git command with its words written out.');
      return stop('FLOOR_GIT_DISCARD', 'deny', h, `\`${h.form}\` throws away work git cannot give back (uncommitted changes, untracked files, stashes, unmerged branches or history others rely on).`, 'Keep the work: `git stash` first, `git clean -n` to preview, `git push --force-with-lease`, `git branch -d`; or tell the person what you would discard and why.');
    case 'delete':
    case 'truncate':
    case 'permissions':
      return judgeBulk(h, p, strict);
    case 'device':
      return stop('FLOOR_DEVICE_WRITE', 'deny', h, `\`${h.form}\` ${h.form === 'shred' ? 'overwrites its files so nothing can be recovered' : 'writes a disk or file system directly'}: everything stored there would be lost.`, 'No task needs this from an agent: tell the person what you wanted to do.');
    case 'secret': {
      const where = h.paths?.[0] ? ` (${shorten(h.paths[0])})` : '';
      const lost = h.write ? 'a key or credential replaced by an agent cannot be restored' : 'a secret shown to the model has left the machine';
      return stop('FLOOR_SECRET_READ', 'deny', h, `This action ${h.form}${where}: ${lost}.`, 'Do not read secrets. Use the name of the variable or key the code needs, check that the file exists with `test -f` or `ls -l`, or read a template such as `.env.example`.');
    }
    case 'download-exec':
      return stop('FLOOR_DOWNLOAD_EXEC', 'deny', h, `\`${h.form}\` runs code straight from the network: nobody has seen what it does before it runs.`, 'Download the script to a file, show the person what it does, and run it only if they agree.');
    case 'unseen-code':
      return stop('FLOOR_UNSEEN_CODE', strict ? 'deny' : 'ask', h, `\`${h.form}\`: the code it runs only exists when it runs (from its input, a variable or a command's output), so nothing can be proven about it.`, 'Write the command out in full so it can be checked.');
  }
}

/** Whether the person's exception lifts this break. */
function lifts(e: FloorException, b: FloorBreak, h: Hazard, p: FloorPlace): boolean {
  if (e.rule !== b.reasonCode) return false;
  if (e.command !== undefined) {
    const want = e.command.trim().split(/\s+/);
    const have = h.form.trim().split(/\s+/);
    if (want.length > have.length || want.some((w, i) => w.toLowerCase() !== have[i]!.toLowerCase())) return false;
  }
  if (e.path !== undefined) {
    if (!h.paths || h.paths.length === 0) return false;
    const pattern = normalizeTarget(e.path, p.projectRoot ?? p.cwd, p.home ? { home: p.home } : {}).abs;
    if (!pattern) return false;
    const re = /[*?]/.test(pattern) ? globToRegExp(pattern, false) : null;
    for (const raw of h.paths) {
      const abs = normalizeTarget(raw, p.cwd, p.home ? { home: p.home } : {}).abs;
      if (!abs) return false;
      if (!(re ? re.test(abs) : under(abs, pattern))) return false;
    }
  }
  return true;
}

/** Extra secret paths of the settings (globs or folders), as hazards the analysis did not know. */
function extraSecrets(a: Action, s: FloorSettings, p: FloorPlace): Hazard[] {
  if (s.secrets.length === 0) return [];
  const out: Hazard[] = [];
  const candidates = [...(a.affectedPaths ?? []), ...(a.reads ?? []), ...(a.segments ?? []).flatMap((x) => x.paths)];
  for (const raw of candidates) {
    const abs = normalizeTarget(raw, p.cwd, p.home ? { home: p.home } : {}).abs;
    if (!abs) continue;
    for (const entry of s.secrets) {
      const pat = normalizeTarget(entry, p.projectRoot ?? p.cwd, p.home ? { home: p.home } : {}).abs;
      if (pat && ((/[*?]/.test(pat) && globToRegExp(pat, false).test(abs)) || under(abs, pat))) {
        out.push({ kind: 'secret', form: 'reaches a path kept secret in the config', paths: [raw] });
        break;
      }
    }
  }
  return out;
}

/**
 * Every floor rule the action breaks, in the order of FLOOR_ORDER, each rule once; exceptions and
 * the session's allow grants (`allowed(rule)`) taken off. Empty: the floor has nothing to say.
 */
export function judgeFloor(a: Action, s: FloorSettings, p: FloorPlace, allowed: (rule: FloorReason) => boolean = () => false): FloorBreak[] {
  if (s.preset === 'off') return [];
  const strict = s.preset === 'strict';
  const hazards = [...(a.hazards ?? []), ...extraSecrets(a, s, p)];
  const found = new Map<FloorReason, FloorBreak>();
  for (const h of hazards) {
    const b = judgeOne(h, p, strict);
    if (!b) continue;
    if (strict && b.verdict === 'ask') b.verdict = 'deny';
    if (s.exceptions.some((e) => lifts(e, b, h, p))) continue;
    if (allowed(b.reasonCode)) continue;
    const prev = found.get(b.reasonCode);
    if (!prev || (prev.verdict === 'ask' && b.verdict === 'deny')) found.set(b.reasonCode, b);
  }
  return FLOOR_ORDER.map((r) => found.get(r)).filter((b): b is FloorBreak => b !== undefined);
}

/** The floor's rules, worst first (docs/reason-codes.md lists them in this order). */
const FLOOR_ORDER: readonly FloorReason[] = ['FLOOR_GIT_DISCARD', 'FLOOR_WHOLESALE_DELETE', 'FLOOR_DEVICE_WRITE', 'FLOOR_SECRET_READ', 'FLOOR_DOWNLOAD_EXEC', 'FLOOR_DELETE_UNPROVEN', 'FLOOR_UNSEEN_CODE'];
