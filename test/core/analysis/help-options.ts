/**
 * Reads the options a program's own `--help` lists. GNU-style help puts each option at the
 * start of an indented line (`  -a, --all  do not ignore…`, `      --block-size=SIZE`); the
 * words before the description are option names, with `=ARG` / `[=ARG]` / ` ARG` marking a value.
 */
import { spawnSync } from 'node:child_process';

export interface HelpOption {
  name: string;
  /** the help shows a value: `--x=ARG`, `-x ARG` */
  takesValue: boolean;
}

export function helpText(program: string, args: readonly string[] = ['--help']): string | null {
  const r = spawnSync(program, args, { encoding: 'utf8', timeout: 10_000, env: { ...process.env, LC_ALL: 'C', LANG: 'C', COLUMNS: '200', MANPAGER: 'cat', PAGER: 'cat', GIT_PAGER: 'cat' } });
  if (r.error) return null;
  const text = `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
  return text.trim() === '' ? null : text;
}

const OPTION = /^(-{1,2}[A-Za-z0-9?][A-Za-z0-9_.-]*)(\[=[^\]\s]*\]|=[^\s,]+|\[[A-Za-z_-]+\]| [A-Z][A-Z_-]*\b|\s?<[^>]+>)?/;

export function parseHelp(text: string): HelpOption[] {
  const out = new Map<string, HelpOption>();
  for (const rawLine of text.split('\n')) {
    const m = /^(\s+)(-.*)$/.exec(rawLine);
    if (!m) continue;
    let rest = m[2]!;
    const group: HelpOption[] = [];
    // option names come first, separated by ", " or " | "; the description starts after two spaces
    for (;;) {
      const o = OPTION.exec(rest);
      if (!o) break;
      const name = o[1]!.replace(/[.]+$/, '');
      // `-NUM`, `-COLUMN`, `--GTYPE-group-format` are placeholders, `-M` in "-M  from first to M'th field" a range
      if (name === '-' || name === '--' || /^-\d+$/.test(name) || /^-{1,2}[A-Z]{3,}/.test(name) || /^\s+from first to/.test(rest.slice(name.length))) break;
      const value = o[2] ?? '';
      const takesValue = value !== '' && !value.startsWith('[=') && !/^\[[A-Za-z_-]+\]$/.test(value);
      group.push({ name, takesValue });
      rest = rest.slice(o[0].length);
      const sep = /^(,\s*|\s*\|\s*|\/)(?=-)/.exec(rest);
      if (!sep) break;
      rest = rest.slice(sep[0].length);
    }
    // `-I, --ignore=PATTERN`: the value belongs to every name of the group
    const groupValue = group.some((o) => o.takesValue);
    for (const o of group) {
      const takesValue = o.takesValue || (groupValue && /^-[^-]$/.test(o.name));
      if (!out.has(o.name) || takesValue) out.set(o.name, { name: o.name, takesValue });
    }
  }
  return [...out.values()];
}
