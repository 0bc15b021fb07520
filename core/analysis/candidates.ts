/**
 * The values a run-time word may take, for the floor only: a word like `"$f"`, `${X:=.env}` or
 * `$d/id_rsa` is unknown to the analysis, but when the same command assigned `f=.env` before,
 * or the expansion carries its own default, those are values it can have. The floor uses them
 * to stop (`f=.env; cat "$f"` reads a secret); they never make anything free, so an assignment
 * in a branch that may not run is still a candidate.
 */
import type { Arg } from './words';

/** Values a script assigned to each name so far (literal values only). */
export type ScriptVars = Map<string, string[]>;

const MAX_CANDIDATES = 8;

export function remember(vars: ScriptVars, name: string, value: string): void {
  const list = vars.get(name) ?? [];
  if (!list.includes(value) && list.length < MAX_CANDIDATES) list.push(value);
  vars.set(name, list);
}

/**
 * The candidate values of a word whose value is only known at run time (empty when a part of it
 * cannot be guessed: a command substitution, an unknown variable without a default).
 */
export function candidateValues(a: Arg, vars: ScriptVars | undefined, home: string | undefined): string[] {
  const t = a.text;
  // a word a wrapper fills from its input (`{}`) holds no expansion to guess
  if (!t.includes('$')) return [];
  let outs: string[] = [''];
  let i = 0;
  let dq = false;
  const append = (alts: string[]) => {
    const next: string[] = [];
    for (const o of outs) for (const x of alts) if (next.length < MAX_CANDIDATES) next.push(o + x);
    outs = next;
  };
  const valuesOf = (name: string, dflt: string | undefined): string[] | null => {
    const known = name === 'HOME' && home ? [home] : (vars?.get(name) ?? []);
    const alts = [...known];
    if (dflt !== undefined) alts.push(!dq && home && (dflt === '~' || dflt.startsWith('~/')) ? home + dflt.slice(1) : dflt.replace(/^["']|["']$/g, '').replace(/"/g, ''));
    return alts.length ? alts : null;
  };
  while (i < t.length) {
    const c = t[i]!;
    if (c === "'" && !dq) {
      const end = t.indexOf("'", i + 1);
      if (end === -1) return [];
      append([t.slice(i + 1, end)]);
      i = end + 1;
      continue;
    }
    if (c === '"') {
      dq = !dq;
      i++;
      continue;
    }
    if (c === '\\' && i + 1 < t.length) {
      append([t[i + 1]!]);
      i += 2;
      continue;
    }
    if (c === '`') return [];
    if (c === '$') {
      const simple = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9])/.exec(t.slice(i));
      if (simple) {
        const v = valuesOf(simple[1]!, undefined);
        if (!v) return [];
        append(v);
        i += simple[0].length;
        continue;
      }
      const braced = /^\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+)(?:(:?[-=?])([^}]*))?\}/.exec(t.slice(i));
      if (braced) {
        const v = valuesOf(braced[1]!, braced[2] && !braced[2].endsWith('?') ? braced[3] : undefined);
        if (!v) return [];
        append(v);
        i += braced[0].length;
        continue;
      }
      return [];
    }
    append([c]);
    i++;
  }
  return dq ? [] : outs;
}
