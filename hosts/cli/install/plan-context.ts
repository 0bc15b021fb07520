/**
 * What every host planner gets, and the helpers they share for placing artifacts.
 * A planner only reads and writes through the Workspace; it never touches the disk.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { Env, Host, Scope } from './locations';
import type { InstallEntry, InstallRecord } from './record';
import type { RuntimeChoice } from './runtime';
import { FILE_MODE, SCRIPT_MODE, type Workspace } from './workspace';
import { JsonEditError } from './json-edit';

export class PlanError extends Error {}

/**
 * Runs one edit of a person's JSON file; a file stopline cannot edit (invalid JSON) becomes a
 * PlanError that names it and says what to do, before anything is written.
 */
export function editingJson<T>(file: string, edit: () => T): T {
  try {
    return edit();
  } catch (e) {
    if (e instanceof JsonEditError) throw new PlanError(`${file}: ${e.message.replace(`${file}: `, '')}; stopline edits only valid JSON, fix the file and run the install again`);
    throw e;
  }
}

/** Runs one edit whose editor throws `failure` with a message that already names the file and the fix: it becomes a PlanError. */
export function editingWith<T>(failure: new (message: string) => Error, edit: () => T): T {
  try {
    return edit();
  } catch (e) {
    if (e instanceof failure) throw new PlanError(e.message);
    throw e;
  }
}

export interface PlanContext {
  ws: Workspace;
  record: InstallRecord;
  env: Env;
  scope: Scope;
  /** absolute project folder (project scope) */
  project: string;
  /** the record entry of this host+scope before this run, if any */
  previous: InstallEntry | undefined;
  /** lines for the person, printed after the plan */
  notes: string[];
  warnings: string[];
}

export interface InstallContext extends PlanContext {
  distDir: string;
  runtime: RuntimeChoice;
  failClosed: boolean;
  /** `--after-evidence`: register the after-tool event even when no hook of the person needs it */
  afterEvidence: boolean;
}

export interface HostPlanner {
  host: Host;
  /** null = supported; otherwise why this scope cannot be installed */
  unsupportedScope(scope: Scope): string | null;
  /** does this host run the hooks in a process we start (so the runtime matters)? */
  usesRuntime: boolean;
  /** the install registers the after-tool events for evidence when asked (`--after-evidence`) */
  afterEvidence?: true;
  install(ctx: InstallContext): Omit<InstallEntry, 'host' | 'scope' | 'project' | 'failClosed' | 'afterEvidence'>;
  /** takes stopline's entries out of the host's config files (the record decides about whole files) */
  uninstall(ctx: PlanContext): void;
  /** the files this host would have placed, for an uninstall without a record */
  knownArtifacts(ctx: PlanContext): string[];
}

/** Scripts the hosts execute as processes are 0755, everything else 0644. */
export function artifactMode(path: string): number {
  return path.endsWith('.mjs') ? SCRIPT_MODE : FILE_MODE;
}

export function requireDist(distDir: string, rel: string, host: Host): string {
  const path = join(distDir, rel);
  if (!existsSync(path)) {
    throw new PlanError(`the dist folder ${distDir} has no ${rel} (the ${host} artifact); build it with \`npm run build\` or point --from at a dist folder that has it`);
  }
  return path;
}

/** Every file under `dir`, depth first in name order. */
export function listTree(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listTree(p));
    else out.push(p);
  }
  return out;
}

/** Copies one file from the dist folder; returns the destination. */
export function placeFile(ctx: InstallContext, src: string, dest: string): string {
  ctx.ws.write(dest, readFileSync(src), 'artifact', artifactMode(dest));
  return dest;
}

/** Copies a whole artifact folder (a plugin or a bundle the host loads as one). */
export function placeTree(ctx: InstallContext, srcDir: string, destDir: string): string[] {
  return listTree(srcDir).map((src) => placeFile(ctx, src, join(destDir, relative(srcDir, src))));
}

/** Files under `dir` on disk (for an uninstall that has no record to go by). */
export function filesOnDisk(dir: string): string[] {
  return existsSync(dir) ? listTree(dir) : [];
}

/**
 * The real path a host will see for a file that may not exist yet: the longest existing
 * ancestor resolved through symlinks, the rest appended.
 */
export function futureRealpath(path: string): string {
  const tail: string[] = [];
  let p = path;
  for (;;) {
    try {
      return join(realpathSync(p), ...tail.reverse());
    } catch {
      const up = dirname(p);
      if (up === p) return path;
      tail.push(basename(p));
      p = up;
    }
  }
}

/** A hook command belongs to stopline when it runs this exact installed script. */
export function runsScript(script: string): (command: string) => boolean {
  const escaped = script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`(?:^|[\\s'"])${escaped}(?:$|[\\s'"])`);
  return (command) => re.test(command);
}
