/**
 * `stopline matrix`: the support matrix, generated from the per-host registries
 * (core/registry) and the canonical event table (core/canonical.ts), never written by hand:
 * hosts × canonical events (which native name, registered or not, whether a deny there
 * stops anything), hosts × tool classes (which tool names), and what enforcement means on
 * each host (deny, ask, context forms, a rewritten command, blind spots). `--write <file>` writes the Markdown
 * (docs/support-matrix.md), `--check <file>` fails when that file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CANONICAL, CANONICAL_EVENTS } from '../../core/canonical';
import type { CanonicalEvent } from '../../core/canonical';
import { REGISTRIES, VARIANT_REGISTRIES } from '../../core/registry/index';
import { HOST_NAMES } from '../../core/registry/host-specs';
import { DENY_MEANING } from '../../core/registry/deny-forms';
import { FLOOR_RULES, REASONS } from '../../core/registry/reasons';
import type { RegistryFamily } from '../../core/registry/index';
import { rewriteFormOf } from '../../core/registry/rows';
import type { CallRecordColumn, DenyForm, EventEntry, HostRegistry, RewriteForm, ToolKind } from '../../core/registry/types';
import type { ParsedArgs } from './args';
import type { CliIO } from './command-spec';
import { printJson, usageError } from './output';

/** the matrix's host columns, in the host specs' order */
export const HOST_ORDER: readonly RegistryFamily[] = HOST_NAMES;

export const ASK_MEANING: Readonly<Record<HostRegistry['ask'], string>> = {
  'host-ask': "the host's own permission prompt, only while a person attends the session; otherwise a deny",
  'ui-prompt': 'a confirm dialog in the host UI, only where one exists; otherwise a deny',
  approve: "the host's approval gate (blocks when nobody can answer)",
  deny: 'the host cannot ask a person: an ask is rendered as a deny stamp',
};

/** How the host runs a shell command stopline put in place of the model's (the registry's rewrite column). */
export const REWRITE_MEANING: Readonly<Record<RewriteForm, string>> = {
  'updated-input': '`hookSpecificOutput.updatedInput`: the whole tool input with the command replaced; the host runs it and the model reads its output',
  'updated-input-allow': '`hookSpecificOutput.updatedInput` with `permissionDecision: "allow"`, the only form the host runs; the model reads the new command\'s output',
  'tool-input': '`hookSpecificOutput.tool_input`: the whole tool input with the command replaced; the model reads its output and a line that the input was modified',
  'modified-args': '`modifiedArgs`: the whole tool input with the command replaced; the model reads its output',
  'override-input': '`overrideInput`: the whole tool input with the command list replaced by the one rewritten command; the model reads its output',
  'args-in-place': "the plugin sets the command in the tool's own argument object before it runs (a shell-hook door has no such object); the model reads its output",
  'returned-params': "the plugin returns `{params}`, the tool's whole argument object with the command replaced; the host runs the tool with it and the model reads its output",
  'snake-tool-input': '`hook_specific_output.tool_input`: the whole tool input with the command replaced, checked against the tool\'s schema; the model reads its output (its own message still shows the old arguments)',
};

/** The tool classes (ToolKind) in display order, with what the guard does with each. */
export const TOOL_CLASSES: readonly { kind: ToolKind; meaning: string }[] = [
  { kind: 'read', meaning: 'never a change: allowed in every mode' },
  { kind: 'write', meaning: 'writes the files in its path fields: denied in answer/review/monitor, checked against files= in change' },
  { kind: 'multi-edit', meaning: 'several edits of named files: checked like a write' },
  { kind: 'notebook-edit', meaning: 'edits a notebook file: checked like a write' },
  { kind: 'shell', meaning: 'the command is parsed; writes, installs, hashing and subagents in it are checked like the tools; targets it cannot prove are unproven' },
  { kind: 'powershell', meaning: 'a PowerShell command, parsed and checked like shell' },
  { kind: 'apply-patch', meaning: 'every file the patch adds, updates, deletes or moves is a write target' },
  { kind: 'v4a-patch', meaning: 'replace mode writes its path; patch mode writes every file of the V4A text' },
  { kind: 'monitor', meaning: 'a shell command source is checked like shell; a socket source only reads' },
  { kind: 'delegate', meaning: 'starts one subagent: counted against agents=N' },
  { kind: 'delegate-batch', meaning: 'starts as many subagents as its input lists: the whole count is reserved or denied' },
  { kind: 'delegate-unbounded', meaning: 'starts subagents whose number cannot be known: denied under agents=N' },
  { kind: 'task-continuation', meaning: 'continuing a child session is control; starting one counts as a subagent' },
  { kind: 'control', meaning: 'plans, questions, bookkeeping: no repository effect, allowed' },
  { kind: 'unknown', meaning: 'cannot be proven read-only: asks in answer/review/monitor, unproven under files=' },
];

export interface EventCell {
  /** whenNeeded: an observe-only row, registered only where the person's hooks (or --after-evidence) need it */
  natives: { name: string; registered: boolean; blockable: boolean; whenNeeded?: true; note?: string }[];
  /** why the host cannot expose this event */
  unsupported?: string;
}

export interface PatternView {
  pattern: string;
  note?: string;
}

export interface Matrix {
  hosts: {
    family: RegistryFamily;
    name: string;
    verifiedVersion: string;
    deny: DenyForm;
    denyMeaning: string;
    ask: HostRegistry['ask'];
    askMeaning: string;
    context: string;
    /** how a rewritten shell command runs: the row and tools it applies to, or why it cannot */
    rewrite: { form: RewriteForm; meaning: string; event: string; tools: string[] } | { none: string };
    /** native events the guard reads that have no canonical name of their own */
    otherGuardEvents: { name: string; control: string; registered: boolean; note?: string }[];
    blindSpots: string[];
    /** the host's own record of tool calls, and whether the per-session check reads it */
    callRecord: CallRecordColumn;
  }[];
  events: { canonical: CanonicalEvent; meaning: string; blockable: boolean; guardKind: string | null; cells: Record<RegistryFamily, EventCell> }[];
  toolClasses: { kind: ToolKind; meaning: string; cells: Record<RegistryFamily, { tools: string[]; patterns: PatternView[] }> }[];
  /** host versions with a table of their own (VARIANT_REGISTRIES), each shown whole */
  variants: VariantView[];
  /** the floor (docs/safety-net.md): each rule, and per host the tools it reads it in */
  floor: { code: string; summary: string; cells: Record<RegistryFamily, string[]> }[];
}

/** The tool kinds whose calls the floor reads for a rule: commands for all, files too for secrets and stopline's own files. */
const COMMAND_KINDS: readonly ToolKind[] = ['shell', 'powershell', 'monitor'];
const FILE_WRITE_KINDS: readonly ToolKind[] = ['write', 'multi-edit', 'notebook-edit', 'apply-patch', 'v4a-patch'];

function floorTools(r: HostRegistry, code: string): string[] {
  const kinds = code === 'FLOOR_SECRET_READ' ? [...COMMAND_KINDS, ...FILE_WRITE_KINDS, 'read' as const] : code === 'GUARD_SELF_PROTECTION' ? [...COMMAND_KINDS, ...FILE_WRITE_KINDS] : COMMAND_KINDS;
  return r.tools
    .filter((t) => kinds.includes(t.kind) && (t.kind !== 'read' || (t.pathFields?.length ?? 0) + (t.readFields?.length ?? 0) + (t.nameFields?.length ?? 0) > 0))
    .map((t) => t.name);
}

/** One host version of its own: its enforcement forms, every event row and its tools by class. */
export interface VariantView {
  family: RegistryFamily;
  name: string;
  verifiedVersion: string;
  /** why no real run proved these facts, when none did */
  notRunOnRealHost?: string;
  denyMeaning: string;
  askMeaning: string;
  context: string;
  events: { name: string; canonical: CanonicalEvent | null; control: string | null; registered: boolean; blockable: boolean; note?: string }[];
  unsupported: { canonical: CanonicalEvent; why: string }[];
  toolClasses: { kind: ToolKind; tools: string[] }[];
  blindSpots: string[];
}

function variantView(r: HostRegistry): VariantView {
  return {
    family: r.family as RegistryFamily,
    name: r.displayName,
    verifiedVersion: r.verifiedVersion,
    ...(r.notRunOnRealHost ? { notRunOnRealHost: r.notRunOnRealHost } : {}),
    denyMeaning: denyMeaningOf(r),
    askMeaning: ASK_MEANING[r.ask],
    context: r.context,
    events: r.events.map((e) => ({ name: e.native, canonical: e.canonical, control: e.control, registered: e.registered, blockable: e.blockable, ...(e.note ? { note: e.note } : {}) })),
    unsupported: r.unsupported.map((u) => ({ ...u })),
    toolClasses: TOOL_CLASSES.map(({ kind }) => ({ kind, tools: r.tools.filter((t) => t.kind === kind).map((t) => t.name) })).filter((c) => c.tools.length > 0),
    blindSpots: [...r.blindSpots],
  };
}

function nativeOf(e: EventEntry): EventCell['natives'][number] {
  return { name: e.native, registered: e.registered, blockable: e.blockable, ...(e.install?.observeOnly ? { whenNeeded: true as const } : {}), ...(e.note ? { note: e.note } : {}) };
}

/** The host's before-a-tool row and the shell tools it runs a rewritten command for, or why none. */
function rewriteOf(r: HostRegistry): Matrix['hosts'][number]['rewrite'] {
  const row = r.events.find((e) => e.control === 'action.before' && e.registered);
  const form = row?.rewrite;
  if (!row || form === undefined) return { none: 'no answer form runs a rewritten command' };
  if (typeof form !== 'string') return { none: form.why };
  const tools = r.tools.filter((t) => rewriteFormOf(row, t) !== null).map((t) => t.name);
  return { form, meaning: REWRITE_MEANING[form], event: row.native, tools };
}

/** What a deny means on the host: its registry file's words, else the table's row for its form. */
function denyMeaningOf(r: HostRegistry): string {
  const meaning = r.denyMeaning ?? DENY_MEANING[r.deny];
  if (meaning === undefined) throw new Error(`${r.displayName}: deny form ${r.deny} has no meaning (add denyMeaning to its registry file)`);
  return meaning;
}

/** One cell per host, keyed by family in the hosts' order. */
function perHost<T>(regs: readonly HostRegistry[], cellOf: (r: HostRegistry) => T): Record<RegistryFamily, T> {
  return Object.fromEntries(regs.map((r) => [r.family, cellOf(r)])) as Record<RegistryFamily, T>;
}

export function buildMatrix(): Matrix {
  const regs = HOST_ORDER.map((f) => REGISTRIES[f]);
  const hosts = regs.map((r) => ({
    family: r.family as RegistryFamily,
    name: r.displayName,
    verifiedVersion: r.verifiedVersion,
    deny: r.deny,
    denyMeaning: denyMeaningOf(r),
    ask: r.ask,
    askMeaning: ASK_MEANING[r.ask],
    context: r.context,
    rewrite: rewriteOf(r),
    otherGuardEvents: r.events
      .filter((e) => e.canonical === null && e.control !== null)
      .map((e) => ({ name: e.native, control: e.control!, registered: e.registered, ...(e.note ? { note: e.note } : {}) })),
    blindSpots: [...r.blindSpots],
    callRecord: r.callRecord,
  }));
  const events = CANONICAL_EVENTS.map((canonical) => {
    const info = CANONICAL[canonical];
    const cells = perHost(regs, (r): EventCell => {
      const natives = r.events.filter((e) => e.canonical === canonical).map(nativeOf);
      const why = r.unsupported.find((u) => u.canonical === canonical)?.why;
      return { natives, ...(why ? { unsupported: why } : {}) };
    });
    return { canonical, meaning: info.meaning, blockable: info.blockable, guardKind: info.controlKind, cells };
  });
  const toolClasses = TOOL_CLASSES.map(({ kind, meaning }) => {
    // a tool whose kind depends on an input field is listed under its default kind
    const cells = perHost(regs, (r) => ({
      tools: r.tools.filter((t) => t.kind === kind).map((t) => t.name),
      patterns: r.toolPatterns.filter((p) => p.kind === kind).map((p): PatternView => ({ pattern: p.namePattern, ...(p.note ? { note: p.note } : {}) })),
    }));
    return { kind, meaning, cells };
  });
  const floor = ['GUARD_SELF_PROTECTION', ...FLOOR_RULES].map((code) => ({ code, summary: REASONS[code as keyof typeof REASONS].summary, cells: perHost(regs, (r) => floorTools(r, code)) }));
  return { hosts, events, toolClasses, variants: VARIANT_REGISTRIES.map(variantView), floor };
}

// ---------------------------------------------------------------------------------- Markdown

const GENERATED_NOTE =
  'Generated from `core/registry/` and `core/canonical.ts` by `stopline matrix --write docs/support-matrix.md`. Do not edit by hand: ' +
  '`test/cli/matrix.test.ts` fails when this file and the registry disagree.';

/** Table cells: `|` and line breaks would break the row. */
function cell(text: string): string {
  return text.replace(/\\?\|/g, '\\|').replace(/\n/g, ' ');
}

function code(name: string): string {
  return '`' + name.replace(/`/g, "'") + '`';
}

/** What a deny at an event row does on its host. */
function denyThere(row: { registered: boolean; blockable: boolean; whenNeeded?: true }): string {
  return !row.registered ? 'not registered' : row.whenNeeded ? 'observed where needed' : row.blockable ? '**blocks**' : 'observed';
}

function eventCellText(c: EventCell): string {
  if (c.natives.length === 0) return c.unsupported ? `— (${cell(c.unsupported)})` : '—';
  return c.natives.map((n) => `${code(n.name)} ${denyThere(n)}`).join('<br>');
}

export function renderMarkdown(m: Matrix): string {
  const names = m.hosts.map((h) => h.name);
  const head = (first: string[]) => [`| ${[...first, ...names].join(' | ')} |`, `| ${[...first, ...names].map(() => '---').join(' | ')} |`];
  const out: string[] = ['# stopline support matrix', '', GENERATED_NOTE, ''];

  out.push('## Hosts and what enforcement means there', '');
  out.push('| host | facts verified on | a deny | an ask | context |', '| --- | --- | --- | --- | --- |');
  for (const h of m.hosts) out.push(`| ${h.name} | ${h.verifiedVersion} | ${cell(h.denyMeaning)} | ${cell(h.askMeaning)} | ${cell(h.context)} |`);
  out.push('', `Any other harness: ${DENY_MEANING['guard-exit2']!} (see [wire-your-own-harness.md](wire-your-own-harness.md)).`, '');

  out.push('## A rewritten command', '');
  out.push("Where the host runs a shell command stopline puts in place of the model's (a command your own hook rewrote, or one stopline runs confined), and how. Where it cannot, such a command is answered as it would be without a rewrite: a hook's rewrite is not applied, and a command stopline would only run confined is stopped.", '');
  out.push('| host | event | tools | how |', '| --- | --- | --- | --- |');
  for (const h of m.hosts) {
    const r = h.rewrite;
    out.push('none' in r ? `| ${h.name} | — | — | cannot: ${cell(r.none)} |` : `| ${h.name} | ${code(r.event)} | ${r.tools.map(code).join(', ')} | ${cell(r.meaning)} |`);
  }
  out.push('', 'Any other harness: `stopline guard --can-rewrite` (or `"canRewrite": true` on a listen dispatch) puts the command in the verdict\'s `rewrite` field, for the harness to run in place of the model\'s.', '');

  out.push('## Canonical events', '');
  out.push('Each cell names the host event stopline maps to the canonical one. **blocks**: stopline registers it and a deny there stops the action; observed: registered, but the host cannot be stopped there; observed where needed: the guard takes nothing from it, so `stopline install` registers it only for your own hooks on that event (or `--after-evidence`); not registered: mapped (universal hooks can use it) but the shipped artifact does not listen.', '');
  out.push(...head(['canonical event', 'a deny can block']));
  for (const e of m.events) {
    out.push(`| ${code(e.canonical)}: ${cell(e.meaning)} | ${e.blockable ? 'yes' : 'no'} | ${m.hosts.map((h) => eventCellText(e.cells[h.family])).join(' | ')} |`);
  }
  const others = m.hosts.filter((h) => h.otherGuardEvents.length > 0);
  if (others.length > 0) {
    out.push('', 'Host events the guard also reads, without a canonical name of their own:', '');
    for (const h of others) {
      for (const o of h.otherGuardEvents) out.push(`- ${h.name} ${code(o.name)} → \`${o.control}\`${o.registered ? '' : ' (not registered)'}${o.note ? `: ${o.note}` : ''}`);
    }
  }
  out.push('');

  out.push('## Tool classes', '');
  out.push('How the guard reads a tool depends on its class; the tool names are the ones the host hands to its hooks. A tool whose class depends on an input field is listed under its default class.', '');
  out.push(...head(['class', 'what the guard does']));
  for (const t of m.toolClasses) {
    const cells = m.hosts.map((h) => {
      const c = t.cells[h.family];
      // a pattern is shown by what it means (its note); the regex itself is in --json
      const parts = [...c.tools.map(code), ...c.patterns.map((p) => (p.note ? `other names: ${p.note.trim()}` : `names matching ${code(p.pattern)}`))];
      return parts.length ? cell(parts.join(', ')) : '—';
    });
    out.push(`| ${t.kind} | ${cell(t.meaning)} | ${cells.join(' | ')} |`);
  }
  out.push('');

  out.push('## The per-session check', '');
  out.push(
    "At each turn end stopline compares the tool calls the host recorded for the session with the calls its guard checked; a call that ran unchecked (the hook did not run for it) is told to the person and the model, and `stopline status --session <id>` shows the same count. It needs a record the host keeps and hook payloads that carry the call's id.",
    '',
  );
  out.push('| host | the host\'s record of tool calls | compared |', '| --- | --- | --- |');
  for (const h of m.hosts) {
    const r = h.callRecord;
    const where = r.status === 'none' ? 'none stopline can read' : cell(r.where);
    const compared = r.status === 'compared' ? '**yes**, at every turn end' : `no: ${cell(r.why)}`;
    out.push(`| ${h.name} | ${where} | ${compared} |`);
  }

  out.push('## The floor', '');
  out.push('What no task needs, stopped in every session whatever the contract says ([safety-net.md](safety-net.md)). Each cell names the tools whose calls the rule is read in: commands for every rule, and the read, search and edit tools (by their path, search-root and name-pattern fields) for secrets.', '');
  out.push(...head(['rule', 'what it stops']));
  for (const f of m.floor) out.push(`| ${code(f.code)} | ${cell(f.summary)} | ${m.hosts.map((h) => (f.cells[h.family].length ? cell(f.cells[h.family].map(code).join(', ')) : '—')).join(' | ')} |`);
  out.push('');

  out.push('## Blind spots', '', 'What each host can do that stopline does not see or cannot stop.', '');
  for (const h of m.hosts) {
    out.push(`### ${h.name}`, '');
    if (h.blindSpots.length === 0) out.push('- none recorded');
    for (const b of h.blindSpots) out.push(`- ${b}`);
    out.push('');
  }
  if (m.variants.length > 0) out.push(...renderVariants(m.variants));
  return out.join('\n').replace(/\n+$/, '\n');
}

function renderVariants(variants: readonly VariantView[]): string[] {
  const out: string[] = ['## Host versions with a plugin API of their own', '', 'A newer version of a host whose plugin API changed has a table of its own; the artifact carries an entry for each version.', ''];
  for (const v of variants) {
    out.push(`### ${v.name}`, '');
    out.push(`- facts from: ${v.verifiedVersion}`);
    if (v.notRunOnRealHost) out.push(`- **not run on the real host**: ${v.notRunOnRealHost}`);
    out.push(`- a deny: ${v.denyMeaning}`, `- an ask: ${v.askMeaning}`, `- context: ${v.context}`, '');
    out.push('| host event | canonical event | guard reads it as | a deny there | note |', '| --- | --- | --- | --- | --- |');
    for (const e of v.events) out.push(`| ${code(e.name)} | ${e.canonical ? code(e.canonical) : '—'} | ${e.control ? code(e.control) : '—'} | ${denyThere(e)} | ${cell(e.note ?? '')} |`);
    for (const u of v.unsupported) out.push(`| — | ${code(u.canonical)} | — | — | ${cell(u.why)} |`);
    out.push('', '| class | tools |', '| --- | --- |');
    for (const c of v.toolClasses) out.push(`| ${c.kind} | ${c.tools.map(code).join(', ')} |`);
    out.push('', 'Blind spots:', '');
    for (const b of v.blindSpots) out.push(`- ${b}`);
    out.push('');
  }
  return out;
}

// ----------------------------------------------------------------------------------- command

export async function runMatrix(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.positionals.length > 0) return usageError(io, 'matrix', `unexpected argument "${args.positionals[0]}"`);
  const write = args.options.write;
  const check = args.options.check;
  if (write !== undefined && check !== undefined) return usageError(io, 'matrix', '--write and --check exclude each other');
  const matrix = buildMatrix();
  if (args.options.json === true) {
    if (write !== undefined || check !== undefined) return usageError(io, 'matrix', '--json prints the data; --write and --check work on the Markdown');
    printJson(io, matrix);
    return 0;
  }
  const markdown = renderMarkdown(matrix);
  if (typeof write === 'string') {
    const file = resolve(io.cwd, write);
    try {
      writeFileSync(file, markdown);
    } catch (e) {
      io.stderr.write(`stopline matrix: cannot write ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
      return 1;
    }
    io.stdout.write(`stopline matrix: wrote ${file}\n`);
    return 0;
  }
  if (typeof check === 'string') {
    const file = resolve(io.cwd, check);
    let current: string | null = null;
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (current === markdown) {
      io.stdout.write(`stopline matrix: ${file} matches the registry\n`);
      return 0;
    }
    io.stderr.write(`stopline matrix: ${file} ${current === null ? 'does not exist' : 'is stale'}; regenerate it with: stopline matrix --write ${check}\n`);
    return 1;
  }
  io.stdout.write(markdown);
  return 0;
}
