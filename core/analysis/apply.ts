/**
 * Turning program verdicts into segments: resolve targets against the current folder,
 * follow wrappers (`exec`), re-enter the shell or PowerShell walker for code strings,
 * parse patches, track `cd`. Shared by the POSIX and PowerShell walkers.
 */
import { Collector, contentIntents, isAbsoluteLike, isNullDevice, joinDir, patchSegments, resolvePath, type Base } from './collect';
import { MAX_NESTING } from './limits';
import { parsePatch } from './patch';
import { classifyArgv, programName } from './programs';
import type { StdinInfo, Verdict } from './verdict';
import { RUNTIME_ARG, staticValue, type Arg } from './words';

/** Where commands run: '' = the action cwd, a path, or null = not known. */
export interface Scope {
  dir: string | null;
}

export interface Walk {
  col: Collector;
  base: Base;
  /** parse and walk POSIX shell code */
  shell(source: string, scope: Scope, depth: number, why: string): void;
  /** parse and walk PowerShell code */
  powershell(source: string, scope: Scope, depth: number, why: string): void;
}

const MAX_WRAPPER_HOPS = 64;

export function resolveDir(arg: Arg, scope: Scope, base: Base): string | null {
  const raw = staticValue(arg);
  if (raw === null) return null;
  if (isAbsoluteLike(raw)) {
    if ((raw === '~' || raw.startsWith('~/')) && base.home) return base.home + raw.slice(1);
    return raw;
  }
  if (scope.dir === null) return null;
  return joinDir(scope.dir, raw);
}

function displayName(arg: Arg | undefined): string {
  if (!arg) return '(empty)';
  const pn = programName(arg);
  return 'name' in pn ? pn.name : 'file' in pn ? pn.file : pn.computed;
}

/** Classify and record one argv; returns the text it prints when that is statically known. */
export function runArgv(w: Walk, argv: readonly Arg[], stdin: StdinInfo, scope: Scope, depth: number, prefix = ''): string | undefined {
  const v = classifyArgv(argv, { stdin, home: w.base.home });
  return applyVerdict(w, v, displayName(argv[0]), scope, depth, stdin, prefix, 0);
}

export function applyVerdict(w: Walk, v: Verdict, program: string, scope: Scope, depth: number, stdin: StdinInfo, prefix: string, hops: number): string | undefined {
  const base = w.base;
  switch (v.kind) {
    case 'leaf': {
      const paths: string[] = [];
      let proven = v.mutability === 'write' ? v.paths !== undefined : v.mutability === 'read';
      for (const a of v.paths ?? []) {
        const raw = staticValue(a);
        if (raw === null) {
          proven = false;
          continue;
        }
        if (isNullDevice(raw)) continue;
        const p = resolvePath(raw, scope.dir, base);
        if (p === null) proven = false;
        else if (!paths.includes(p)) paths.push(p);
      }
      // a write that names nothing it writes has not proven where it writes
      if (v.mutability === 'write' && paths.length === 0) proven = false;
      let dep = !!v.dep;
      let hash = !!v.hash;
      if (v.mutability === 'write' && v.writesContent) {
        for (const p of paths) {
          const ci = contentIntents(p, v.content, !!v.append);
          dep ||= ci.dep;
          hash ||= ci.hash;
        }
      }
      w.col.add({
        program,
        mutability: v.mutability,
        paths: v.mutability === 'write' ? paths : [],
        pathsProven: proven,
        why: prefix + v.why,
        dependencyIntent: dep || undefined,
        hashIntent: hash || undefined,
      });
      return v.mutability === 'read' ? v.content : undefined;
    }
    case 'exec': {
      if (hops >= MAX_WRAPPER_HOPS) {
        w.col.unknown(program, prefix + `more than ${MAX_WRAPPER_HOPS} nested wrappers`);
        return undefined;
      }
      const inner: Scope = v.cwd ? { dir: resolveDir(v.cwd, scope, base) } : scope;
      const argv = v.runtimeArgs ? [...v.argv, RUNTIME_ARG] : v.argv;
      const innerStdin: StdinInfo = v.keepStdin ? stdin : { kind: 'file' };
      const next = classifyArgv(argv, { stdin: innerStdin, home: base.home });
      return applyVerdict(w, next, displayName(argv[0]), inner, depth, innerStdin, `${prefix}${v.why}; `, hops + 1);
    }
    case 'shell':
    case 'powershell': {
      if (depth + 1 > MAX_NESTING) {
        w.col.unknown(program, `${prefix}${v.why}, nested deeper than ${MAX_NESTING} levels`);
        return undefined;
      }
      const child: Scope = { dir: v.kind === 'shell' && v.cwdUnknown ? null : scope.dir };
      if (v.kind === 'shell') w.shell(v.source, child, depth + 1, prefix + v.why);
      else w.powershell(v.source, child, depth + 1, prefix + v.why);
      // eval/trap/source may run in this shell: a folder change inside leaves us unsure where we are
      if (child.dir !== scope.dir && !(v.kind === 'shell' && v.cwdUnknown)) scope.dir = null;
      return undefined;
    }
    case 'patch': {
      const parsed = parsePatch(v.text);
      const unproven = v.targetsUnproven || (v.needsGitPrefixes && parsed.files.some((f) => !f.gitPrefixed));
      for (const s of patchSegments(program, parsed.files, parsed.problems, scope.dir, base, prefix + v.why)) {
        w.col.add(unproven ? { ...s, paths: [], pathsProven: false, why: `${s.why} (path prefixes stripped as ${program} decides at run time)` } : s);
      }
      return undefined;
    }
    case 'cd': {
      w.col.add({ program, mutability: 'read', paths: [], pathsProven: true, why: prefix + v.why });
      scope.dir = v.target ? resolveDir(v.target, scope, base) : null;
      return undefined;
    }
    case 'many': {
      for (const sub of v.verdicts) applyVerdict(w, sub, program, scope, depth, stdin, prefix, hops);
      return undefined;
    }
  }
}
