/**
 * One renderer per host: a neutral tool action -> the tool name and input that host really
 * sends (field names from the captured payloads in test/fixtures/<host>/). A host with no such
 * tool returns null, and the registry must say why (see `missingTool`).
 */
import { isAbsolute, join } from 'node:path';
import type { NeutralTool, PathForm } from './types';
import { HOST_FAMILIES, type HostFamily } from '../../core/registry/host-specs';
import { FOLDER_ROWS } from '../hosts/harness/folder-rows';
import type { HostTestRows } from '../hosts/harness/host-rows';

/** Every host family the parity corpus renders for: each host of HOST_SPECS, and the guard bridge. */
export type HostName = HostFamily;
export const HOSTS: readonly HostName[] = HOST_FAMILIES;

export interface RenderContext {
  project: string;
  home: string;
}

export interface RenderedTool {
  name: string;
  input: Record<string, unknown>;
}

/** `~/x` is the test's home; other relative paths stay relative (as the host sends them) or become absolute where the host always sends absolute paths. */
function place(path: string, ctx: RenderContext, absolute: boolean): string {
  if (path.startsWith('~/')) return join(ctx.home, path.slice(2));
  if (!absolute || isAbsolute(path)) return path;
  return join(ctx.project, path);
}

/** One value for each host that keeps its rows in its test folder, keyed by host. */
function folderRows<T>(pick: (rows: HostTestRows, host: HostName) => T): Record<keyof typeof FOLDER_ROWS, T> {
  return Object.fromEntries(Object.entries<HostTestRows>(FOLDER_ROWS).map(([host, rows]) => [host, pick(rows, host as HostName)])) as Record<keyof typeof FOLDER_ROWS, T>;
}

/** The forms each host reads itself (core/registry/<host>.ts path resolvers, docs/hosts/<host>.md). */
const HOST_FORMS: Record<HostName, readonly PathForm[]> = {
  claude: ['dotdot', 'absolute', 'home'],
  guard: ['dotdot', 'absolute', 'home'],
  // the hosts that keep their rows in their own test folder (test/hosts/<host>/rows.ts)
  ...folderRows((r) => r.pathForms),
};

/**
 * A write's path in the host's own spelling of `form`; a host without that form gets its
 * plain spelling of the same file (`place`). `~/…` paths are the test's home.
 */
function spell(host: HostName, t: Extract<NeutralTool, { op: 'write' }>, ctx: RenderContext, absolute: boolean): string {
  const form = t.form;
  if (!form || !HOST_FORMS[host].includes(form)) return place(t.path, ctx, absolute);
  const home = t.path.startsWith('~/');
  const abs = home ? join(ctx.home, t.path.slice(2)) : join(ctx.project, t.path);
  switch (form) {
    case 'mention':
      return '@' + t.path;
    case 'dotdot':
      return home ? place(t.path, ctx, absolute) : `src/../${t.path}`;
    case 'absolute':
      return abs;
    case 'home':
      return home ? t.path : place(t.path, ctx, absolute);
    case 'file-url':
      return `file://${abs}`;
  }
}

/** Claude Code (and the guard's native form, which takes Claude's tool names). */
function claudeLike(t: NeutralTool, ctx: RenderContext, host: HostName = 'claude'): RenderedTool | null {
  switch (t.op) {
    case 'write':
      return { name: 'Write', input: { file_path: spell(host, t, ctx, true), content: t.content } };
    case 'edit':
      return { name: 'Edit', input: { file_path: place(t.path, ctx, true), old_string: t.old, new_string: t.new, replace_all: false } };
    case 'read':
      return { name: 'Read', input: { file_path: place(t.path, ctx, true) } };
    case 'shell':
      return { name: 'Bash', input: { command: t.command, description: 'run it' } };
    case 'delegate':
      return { name: 'Agent', input: { description: 'help', prompt: t.task, subagent_type: 'general-purpose' } };
    case 'batch':
      return null;
    case 'mcp':
      return { name: `mcp__${t.server}__${t.tool}`, input: t.args };
  }
}

export const RENDERERS: Readonly<Record<HostName, (t: NeutralTool, ctx: RenderContext) => RenderedTool | null>> = {
  claude: claudeLike,
  guard: (t, ctx) => claudeLike(t, ctx, 'guard'),
  ...folderRows((r, host) => (t: NeutralTool, ctx: RenderContext) => r.render(t, ctx, { spell: (w, c, absolute) => spell(host, w, c, absolute), place })),
};
