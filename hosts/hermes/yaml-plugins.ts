/**
 * Text-level edit of Hermes' config.yaml: add or remove one name in `plugins.enabled`.
 * Hermes loads a user plugin only when its name is in that list. The edit touches one
 * line (or one list item) and keeps comments, quoting and everything else as written;
 * shapes it cannot edit safely (multi-line flow lists, anchors, a non-mapping `plugins`)
 * are refused with a message that says what to add by hand.
 */

import { splitLines, type Line } from '../cli/install/text-lines';

export class YamlEditError extends Error {}

const indentOf = (s: string): number => /^ */.exec(s)![0].length;
const isNeutral = (s: string): boolean => s.trim() === '' || s.trim().startsWith('#');

/** The value part after `key:` with a trailing comment removed (quotes respected). */
function valueAfterColon(line: string): string {
  const colon = line.indexOf(':');
  return stripComment(line.slice(colon + 1)).trim();
}

function stripComment(s: string): string {
  let quote: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(s[i - 1]!))) return s.slice(0, i);
  }
  return s;
}

function unquote(s: string): string {
  const t = s.trim();
  if ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'"))) return t.slice(1, -1);
  return t;
}

interface KeyLine {
  index: number;
  indent: number;
  value: string;
}

/** Finds `key:` among the direct children of a block that starts after `from`, at `indent`. */
function findChildKey(lines: Line[], from: number, to: number, indent: number, key: string): KeyLine | undefined {
  const re = new RegExp(`^ {${indent}}(?:${key}|"${key}"|'${key}')\\s*:(?:\\s|$)`);
  for (let i = from; i < to; i++) {
    const t = lines[i]!.text;
    if (isNeutral(t)) continue;
    if (indentOf(t) === indent && re.test(t)) return { index: i, indent, value: valueAfterColon(t) };
  }
  return undefined;
}

/** End (exclusive line index) of the block of lines more indented than `indent`, after `from`. */
function blockEnd(lines: Line[], from: number, indent: number, allowSameIndentDash = false): number {
  let last = from;
  for (let i = from + 1; i < lines.length; i++) {
    const t = lines[i]!.text;
    if (isNeutral(t)) continue;
    const ind = indentOf(t);
    // a list under a key may sit at the key's own indentation (`key:\n- a`)
    if (ind > indent || (allowSameIndentDash && ind === indent && t.trimStart().startsWith('-'))) last = i;
    else break;
  }
  return last + 1;
}

function firstChildIndent(lines: Line[], from: number, end: number): number | undefined {
  for (let i = from + 1; i < end; i++) if (!isNeutral(lines[i]!.text)) return indentOf(lines[i]!.text);
  return undefined;
}

function refuse(file: string, why: string, name: string): never {
  throw new YamlEditError(`${file}: ${why}; add "${name}" to plugins.enabled by hand (a YAML list), then run the install again`);
}

interface EnabledList {
  lines: Line[];
  plugins?: KeyLine;
  pluginsEnd: number;
  childIndent: number;
  enabled?: KeyLine;
  /** for a block list: the item lines */
  items: { index: number; indent: number; name: string }[];
  flow?: { names: string[]; open: number; close: number }; // offsets of [ and ] in the document
}

function readEnabled(text: string, file: string, name: string): EnabledList {
  const lines = splitLines(text);
  const plugins = findChildKey(lines, 0, lines.length, 0, 'plugins');
  if (!plugins) return { lines, pluginsEnd: 0, childIndent: 2, items: [] };
  if (!['', 'null', '~', '{}'].includes(plugins.value)) refuse(file, `"plugins" is not a block mapping (${plugins.value})`, name);
  const pluginsEnd = blockEnd(lines, plugins.index, 0);
  const childIndent = firstChildIndent(lines, plugins.index, pluginsEnd) ?? 2;
  const enabled = findChildKey(lines, plugins.index + 1, pluginsEnd, childIndent, 'enabled');
  const out: EnabledList = { lines, plugins, pluginsEnd, childIndent, items: [] };
  if (!enabled) return out;
  out.enabled = enabled;
  const v = enabled.value;
  if (v === '' || v === 'null' || v === '~') {
    const end = blockEnd(lines, enabled.index, childIndent, true);
    for (let i = enabled.index + 1; i < end; i++) {
      const t = lines[i]!.text;
      if (isNeutral(t)) continue;
      const m = /^( *)- +(.*)$/.exec(t) ?? /^( *)-$/.exec(t);
      if (!m) refuse(file, `plugins.enabled has an entry stopline cannot read (line ${i + 1})`, name);
      out.items.push({ index: i, indent: m[1]!.length, name: unquote(stripComment(m[2] ?? '')) });
    }
    return out;
  }
  if (v.startsWith('[')) {
    if (!v.endsWith(']')) refuse(file, 'plugins.enabled is a flow list spread over several lines', name);
    const line = lines[enabled.index]!;
    const open = line.start + line.text.indexOf('[', line.text.indexOf(':'));
    const close = line.start + stripComment(line.text).lastIndexOf(']');
    const inner = text.slice(open + 1, close);
    const names = inner.trim() === '' ? [] : inner.split(',').map(unquote);
    out.flow = { names, open, close };
    return out;
  }
  return refuse(file, `plugins.enabled is not a list (${v})`, name);
}

interface EnableResult {
  text: string;
  /** the name was already listed (then the text is unchanged) */
  alreadyEnabled: boolean;
  /** the name is also in plugins.disabled, which wins in Hermes */
  disabledToo: boolean;
  /** this edit added the `enabled:` key / the `plugins:` key (uninstall drops them again when empty) */
  createdEnabledKey: boolean;
  createdPluginsKey: boolean;
}

function isDisabled(lines: Line[], list: EnabledList, name: string): boolean {
  if (!list.plugins) return false;
  const disabled = findChildKey(lines, list.plugins.index + 1, list.pluginsEnd, list.childIndent, 'disabled');
  if (!disabled) return false;
  if (disabled.value.startsWith('[')) return disabled.value.replace(/[[\]]/g, '').split(',').map(unquote).includes(name);
  const end = blockEnd(lines, disabled.index, list.childIndent, true);
  for (let i = disabled.index + 1; i < end; i++) {
    const m = /^ *- +(.*)$/.exec(lines[i]!.text);
    if (m && unquote(stripComment(m[1]!)) === name) return true;
  }
  return false;
}

export function enablePlugin(text: string, name: string, file: string): EnableResult {
  const list = readEnabled(text, file, name);
  const disabledToo = isDisabled(list.lines, list, name);
  const lines = list.lines;
  const done = (t: string, already = false, createdEnabledKey = false, createdPluginsKey = false): EnableResult => ({ text: t, alreadyEnabled: already, disabledToo, createdEnabledKey, createdPluginsKey });
  if (!list.plugins) {
    const sep = text.length && !text.endsWith('\n') ? '\n' : '';
    return done(`${text}${sep}plugins:\n  enabled:\n    - ${name}\n`, false, true, true);
  }
  const ci = ' '.repeat(list.childIndent);
  if (!list.enabled) {
    const pl = lines[list.plugins.index]!;
    let head = text.slice(pl.start, pl.end);
    // `plugins: {}` / `plugins: null` become a block mapping
    if (list.plugins.value !== '') head = head.replace(/:\s*(\{\}|null|~)/, ':');
    const nl = head.endsWith('\n') ? '' : '\n';
    return done(text.slice(0, pl.start) + head + nl + `${ci}enabled:\n${ci}  - ${name}\n` + text.slice(pl.end), false, true);
  }
  if (list.flow) {
    if (list.flow.names.includes(name)) return done(text, true);
    const { open, close } = list.flow;
    if (list.flow.names.length === 0) return done(text.slice(0, open + 1) + name + text.slice(close));
    const inner = text.slice(open + 1, close);
    const lastEnd = open + 1 + inner.trimEnd().length;
    return done(text.slice(0, lastEnd) + `, ${name}` + text.slice(lastEnd));
  }
  if (list.items.some((i) => i.name === name)) return done(text, true);
  const en = lines[list.enabled.index]!;
  const last = list.items[list.items.length - 1];
  if (last) {
    const ll = lines[last.index]!;
    const nl = text.slice(ll.start, ll.end).endsWith('\n') ? '' : '\n';
    return done(text.slice(0, ll.end) + nl + `${' '.repeat(last.indent)}- ${name}\n` + text.slice(ll.end));
  }
  let head = text.slice(en.start, en.end);
  if (list.enabled.value !== '') head = head.replace(/:\s*(null|~)/, ':');
  const nl = head.endsWith('\n') ? '' : '\n';
  return done(text.slice(0, en.start) + head + nl + `${ci}  - ${name}\n` + text.slice(en.end));
}

interface DisableOptions {
  /** also remove `enabled:` when it is left empty (stopline created it) */
  dropEmptyEnabled: boolean;
  /** also remove `plugins:` when it is left empty (stopline created it) */
  dropEmptyPlugins: boolean;
}

/** Removes `name` from plugins.enabled; the rest of the file is left as it is. */
export function disablePlugin(text: string, name: string, file: string, opts: DisableOptions): string {
  const list = readEnabled(text, file, name);
  if (!list.enabled || !list.plugins) return text;
  if (list.flow) {
    const { open, close, names } = list.flow;
    if (!names.includes(name)) return text;
    const inner = text.slice(open + 1, close);
    const parts = inner.split(',');
    const kept = parts.filter((p) => unquote(p) !== name);
    let joined = kept.join(',');
    // keep the padding of the list (`[ a, stopline ]` -> `[ a ]`)
    if (kept.length && unquote(parts[0]!) === name) joined = (/^\s*/.exec(parts[0]!)![0]) + joined.replace(/^\s+/, '');
    if (kept.length && unquote(parts[parts.length - 1]!) === name) joined = joined.replace(/\s*$/, '') + /\s*$/.exec(parts[parts.length - 1]!)![0];
    text = text.slice(0, open + 1) + joined + text.slice(close);
    if (kept.length || !opts.dropEmptyEnabled) return text;
  } else {
    const item = list.items.find((i) => i.name === name);
    if (!item) return text;
    const ln = list.lines[item.index]!;
    text = text.slice(0, ln.start) + text.slice(ln.end);
    if (list.items.length > 1 || !opts.dropEmptyEnabled) return text;
  }
  // `enabled:` is now empty and was ours: drop its line
  const after = splitLines(text);
  const en = after[list.enabled.index]!;
  text = text.slice(0, en.start) + text.slice(en.end);
  if (!opts.dropEmptyPlugins) return text;
  const again = splitLines(text);
  const pl = again[list.plugins.index]!;
  const end = blockEnd(again, list.plugins.index, 0);
  const hasChildren = again.slice(list.plugins.index + 1, end).some((l) => !isNeutral(l.text));
  if (hasChildren) return text;
  return text.slice(0, pl.start) + text.slice(pl.end);
}

/**
 * Whether `name` is listed in plugins.enabled (for messages and checks).
 * @keep isPluginEnabled whether a plugins list enables a name: the tests read the installer's edits back with
 *   it
 */
export function isPluginEnabled(text: string, name: string, file: string): boolean {
  const list = readEnabled(text, file, name);
  return list.flow ? list.flow.names.includes(name) : list.items.some((i) => i.name === name);
}
