/**
 * The installer's memory between runs, `$XDG_CONFIG_HOME/stopline/installed.json`.
 * It is what lets `uninstall` remove exactly what `install` added:
 *  - which files each install placed or edited (files shared by two installs, like the
 *    Claude plugin folder used by user and project scope, stay until the last one goes);
 *  - for every file stopline wrote: whether it existed before, the backup of its
 *    original bytes, and the hash of what stopline last wrote. When the file still has
 *    exactly those bytes at uninstall time, nothing else changed in between and the
 *    original bytes come back; otherwise only stopline's own entries are taken out;
 *  - the folders it created (removed again when empty);
 *  - what was there before stopline set failMode or enabled the Hermes plugin.
 * It holds paths and hashes only.
 */
import type { Host, Scope } from './locations';
import type { Runtime } from './runtime';

export interface InstallEntry {
  host: Host;
  scope: Scope;
  /** the project folder for project scope */
  project?: string;
  runtime?: Runtime;
  failClosed: boolean;
  /** Claude Code, Codex: `--after-evidence` (the after-tool event registered for its evidence) */
  afterEvidence?: true;
  /** files placed from the dist folder */
  artifacts: string[];
  /** user config files this install edited */
  configs: string[];
  // a host's own memory of its install (Codex's trust entries, what Hermes' enable step added) is
  // declared in its folder's install.ts, which adds its field to this interface
}

interface FileEntry {
  existedBefore: boolean;
  /** copy of the bytes before stopline first touched the file */
  backup?: string;
  originalSha256?: string;
  /** false once someone else changed the file between two stopline writes */
  restorable: boolean;
  writtenSha256: string;
}

export interface InstallRecord {
  version: 1;
  installs: Record<string, InstallEntry>;
  files: Record<string, FileEntry>;
  /** folders stopline created, removed again when empty */
  dirs: string[];
  /** set while some install asked for --fail closed; `before` = the raw JSON value (null = no key) */
  failMode?: { before: string | null };
}

export class RecordError extends Error {}

export function emptyRecord(): InstallRecord {
  return { version: 1, installs: {}, files: {}, dirs: [] };
}

export function installKey(host: Host, scope: Scope, project?: string): string {
  return scope === 'project' ? `${host}:project:${project}` : `${host}:user`;
}

export function parseRecord(text: string, file: string): InstallRecord {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new RecordError(`${file} is not valid JSON (${(e as Error).message}); move it away to let stopline start a fresh record`);
  }
  const r = v as Partial<InstallRecord>;
  if (!r || typeof r !== 'object' || r.version !== 1 || typeof r.installs !== 'object' || typeof r.files !== 'object' || !Array.isArray(r.dirs)) {
    throw new RecordError(`${file} is not a stopline install record (version 1); move it away to let stopline start a fresh record`);
  }
  return r as InstallRecord;
}

/** Stable bytes: sorted keys, so a second identical install writes nothing. */
export function serializeRecord(r: InstallRecord): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sortKeys({ ...r, dirs: [...new Set(r.dirs)].sort() }), null, 2) + '\n';
}

/** Every file some install still needs. */
export function referencedFiles(r: InstallRecord): Set<string> {
  const refs = new Set<string>();
  for (const entry of Object.values(r.installs)) for (const f of [...entry.artifacts, ...entry.configs]) refs.add(f);
  return refs;
}
