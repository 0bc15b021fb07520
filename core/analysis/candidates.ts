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
  if (!t.includes('$') && !t.includes('`')) return [];
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
    if (c === '`' || t.startsWith('$(', i)) {
      // a substitution that only decodes text written out (`$(echo LmVudg== | base64 -d)`): its output is known
      const d = decodedSubstitution(t.slice(i));
      if (!d) return [];
      append([d.value]);
      i += d.length;
      continue;
    }
    if (c === '$') {
      // `$*`, `$@`: the positional words this script handed its code, joined as the shell joins them
      const all = /^\$(\{[@*]\}|[@*])/.exec(t.slice(i));
      if (all) {
        const words = positionalWords(vars);
        if (words === null) return [];
        const ifs = vars?.get('IFS');
        append([words.join(ifs && ifs.length === 1 ? (ifs[0]![0] ?? '') : ' ')]);
        i += all[0].length;
        continue;
      }
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

/** The base64 alphabet (standard and URL-safe), padded or not. */
const B64 = String.raw`[A-Za-z0-9+/_-]{4,}={0,2}`;

/**
 * `$(echo TEXT | base64 -d)`, `$(printf %s TEXT | base64 --decode)`, `$(base64 -d <<< TEXT)` and
 * the same in backticks: the text the substitution prints, and how many characters it spans. Null
 * for any other substitution (or a text that does not decode to a printable name).
 */
function decodedSubstitution(t: string): { value: string; length: number } | null {
  const q = String.raw`(['"]?)(${B64})\2`;
  const dec = String.raw`base64\s+(?:-d|-D|--decode)`;
  const forms = [new RegExp(String.raw`^(\$\(|\`)\s*(?:echo(?:\s+-n)?|printf(?:\s+['"]?%s['"]?)?)\s+${q}\s*\|\s*${dec}\s*(\)|\`)`), new RegExp(String.raw`^(\$\(|\`)\s*${dec}\s*<<<\s*${q}\s*(\)|\`)`)];
  for (const re of forms) {
    const m = re.exec(t);
    if (!m || (m[1] === '$(') !== (m[4] === ')')) continue;
    const value = decodeBase64(m[3]!);
    if (value !== null) return { value, length: m[0].length };
  }
  return null;
}

/** Base64 (standard or URL-safe) decoded to printable text, or null. */
export function decodeBase64(text: string): string | null {
  const std = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (std.length % 4 === 1) return null;
  let bits = 0;
  let acc = 0;
  let out = '';
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (const ch of std) {
    const v = abc.indexOf(ch);
    if (v === -1) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((acc >> bits) & 0xff);
    }
  }
  return /^[\x20-\x7e]+$/.test(out) ? out.trim() : null;
}

/** `$1 $2 …` as this script last gave them (`sh -c CODE $0 $1 …`), or null when there are none. */
function positionalWords(vars: ScriptVars | undefined): string[] | null {
  const out: string[] = [];
  for (let n = 1; n <= 64; n++) {
    const v = vars?.get(String(n));
    if (!v || v.length === 0) break;
    out.push(v[v.length - 1]!);
  }
  return out.length ? out : null;
}
