/**
 * Text-preserving edits of a JSON (or JSONC) document. The installer owns a few keys in
 * files that belong to the user (a host's settings or hooks file, stopline.json);
 * everything it does not own must stay exactly as the user wrote it, so edits are splices
 * into the original text, never a re-serialisation of the whole document.
 *
 * Insertions and removals are written as exact inverses (append `,\n<indent>value` after
 * the last item; remove from the end of the previous item), so install then uninstall
 * gives back the original bytes in the common layouts.
 */

import { nodeValue, parseJsonc } from '../../../core/hooks/jsonc';
import type { ArrayNode, JsonNode, ObjectNode, PropNode } from '../../../core/hooks/jsonc';

export type { JsonNode } from '../../../core/hooks/jsonc';
export { nodeValue };

export class JsonEditError extends Error {}

/** The document's value tree with offsets (the core's JSONC reader); a broken document throws JsonEditError. */
export function parseJsonDocument(text: string): JsonNode {
  const r = parseJsonc(text);
  if (!r.ok) throw new JsonEditError(`${r.message} at line ${r.position.line}, column ${r.position.col}`);
  return r.root;
}

export function findProp(node: ObjectNode, key: string): PropNode | undefined {
  // JSON allows duplicate keys; the last one wins in every parser the hosts use
  let hit: PropNode | undefined;
  for (const p of node.props) if (p.key === key) hit = p;
  return hit;
}

/** Follows object keys; undefined when a step is missing or not an object. */
export function nodeAt(root: JsonNode, path: readonly string[]): JsonNode | undefined {
  let node: JsonNode | undefined = root;
  for (const key of path) {
    if (!node || node.type !== 'object') return undefined;
    node = findProp(node, key)?.value;
  }
  return node;
}

/** The indentation unit the document already uses (first indented member), default 2 spaces. */
function detectIndentUnit(text: string): string {
  const m = /\n([ \t]+)["}\]]/.exec(text);
  return m?.[1] ?? '  ';
}

function lineIndentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

function renderValue(value: unknown, indent: string, unit: string): string {
  return JSON.stringify(value, null, unit).replace(/\n/g, `\n${indent}`);
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

/** Whether a container was written across lines (then new members go on their own line). */
function isMultiline(text: string, node: ObjectNode | ArrayNode): boolean {
  return text.slice(node.start, node.end).includes('\n');
}

function insertMember(text: string, container: ObjectNode | ArrayNode, member: (indent: string, unit: string) => string, compact: string): string {
  const unit = detectIndentUnit(text);
  const members = container.type === 'object' ? container.props.map((p) => ({ start: p.keyStart, end: p.value.end })) : container.items;
  const last = members[members.length - 1];
  if (last) {
    if (!isMultiline(text, container)) return splice(text, last.end, last.end, `, ${compact}`);
    const indent = lineIndentAt(text, members[0]!.start);
    return splice(text, last.end, last.end, `,\n${indent}${member(indent, unit)}`);
  }
  const outer = lineIndentAt(text, container.start);
  const inner = text.slice(container.start + 1, container.end - 1);
  const indent = outer + unit;
  if (/^\s*$/.test(inner)) {
    return splice(text, container.start + 1, container.end - 1, `\n${indent}${member(indent, unit)}\n${outer}`);
  }
  // only comments inside: keep them, put the member first
  return splice(text, container.start + 1, container.start + 1, `\n${indent}${member(indent, unit)}`);
}

function requireObject(root: JsonNode, path: readonly string[], what: string): ObjectNode {
  const node = nodeAt(root, path);
  if (!node || node.type !== 'object') throw new JsonEditError(`${what}: ${path.length ? path.join('.') : 'the document'} is not an object`);
  return node;
}

/**
 * Sets `path` to `value`. Missing parent objects are created; an existing value is
 * replaced in place (its key keeps its position).
 */
export function setProperty(text: string, path: readonly string[], value: unknown): string {
  const root = parseJsonDocument(text);
  // deepest existing object on the path
  let depth = 0;
  let parent = requireObject(root, [], 'cannot edit');
  while (depth < path.length - 1) {
    const next = findProp(parent, path[depth]!)?.value;
    if (!next) break;
    if (next.type !== 'object') throw new JsonEditError(`cannot edit: ${path.slice(0, depth + 1).join('.')} is not an object`);
    parent = next;
    depth++;
  }
  const key = path[depth]!;
  // the rest of the path becomes one nested value
  let nested: unknown = value;
  for (let i = path.length - 1; i > depth; i--) nested = { [path[i]!]: nested };
  const existing = findProp(parent, key);
  if (existing) {
    const rendered = isMultiline(text, parent) ? renderValue(nested, lineIndentAt(text, existing.keyStart), detectIndentUnit(text)) : JSON.stringify(nested);
    return splice(text, existing.value.start, existing.value.end, rendered);
  }
  return insertMember(text, parent, (indent, unit) => `${JSON.stringify(key)}: ${renderValue(nested, indent, unit)}`, `${JSON.stringify(key)}: ${JSON.stringify(nested)}`);
}

/** Appends `value` to the array at `path`, creating the array (and parents) when missing. */
export function appendArrayItem(text: string, path: readonly string[], value: unknown): string {
  const root = parseJsonDocument(text);
  const node = nodeAt(root, path);
  if (!node) return setProperty(text, path, [value]);
  if (node.type !== 'array') throw new JsonEditError(`cannot edit: ${path.join('.')} is not a list`);
  return insertMember(text, node, (indent, unit) => renderValue(value, indent, unit), JSON.stringify(value));
}

/** Replaces item `index` of the array at `path`, keeping its position and indentation. */
export function replaceArrayItem(text: string, path: readonly string[], index: number, value: unknown): string {
  const node = nodeAt(parseJsonDocument(text), path);
  if (!node || node.type !== 'array' || !node.items[index]) throw new JsonEditError(`cannot edit: ${path.join('.')}[${index}] does not exist`);
  const item = node.items[index];
  const rendered = isMultiline(text, node) ? renderValue(value, lineIndentAt(text, item.start), detectIndentUnit(text)) : JSON.stringify(value);
  return splice(text, item.start, item.end, rendered);
}

function removeMember(text: string, container: ObjectNode | ArrayNode, index: number): string {
  const members = container.type === 'object' ? container.props.map((p) => ({ start: p.keyStart, end: p.value.end })) : container.items;
  const target = members[index];
  if (!target) return text;
  if (members.length === 1) return splice(text, container.start + 1, container.end - 1, '');
  if (index > 0) return splice(text, members[index - 1]!.end, target.end, '');
  return splice(text, target.start, members[1]!.start, '');
}

export function removeArrayItem(text: string, path: readonly string[], index: number): string {
  const node = nodeAt(parseJsonDocument(text), path);
  if (!node || node.type !== 'array') return text;
  return removeMember(text, node, index);
}

export function removeProperty(text: string, path: readonly string[]): string {
  const parent = nodeAt(parseJsonDocument(text), path.slice(0, -1));
  if (!parent || parent.type !== 'object') return text;
  const key = path[path.length - 1]!;
  // remove the last occurrence (the effective one); earlier duplicates are the user's business
  let index = -1;
  parent.props.forEach((p, i) => {
    if (p.key === key) index = i;
  });
  return index < 0 ? text : removeMember(text, parent, index);
}
