/**
 * The `floor` key of stopline.json (core/floor/): the preset, the person's exceptions and the
 * paths they keep secret.
 *
 *   "floor": {
 *     "preset": "standard" | "strict" | "off",
 *     "exceptions": [{ "rule": "FLOOR_GIT_DISCARD", "command": "git stash drop" },
 *                    { "rule": "FLOOR_SECRET_READ", "path": ".env.test" }],
 *     "secrets": ["config/prod/**"]
 *   }
 *
 * Bad parts are dropped with a problem line each (the rest of the key still counts); a bad
 * preset keeps the safe default.
 */
import { FLOOR_PRESETS } from '../floor/floor';
import type { FloorException, FloorPreset } from '../floor/floor';
import { FLOOR_RULES } from '../registry/reasons';
import type { FloorReason } from '../registry/reasons';
import type { ParsedFile } from './types';
import { isRecord } from '../check';

/** The rules an exception may lift: the floor's families (stopline's own files are lifted only by `$stopline allow`). */
const LIFTABLE: readonly string[] = FLOOR_RULES;

const PRESET_RANK: Record<FloorPreset, number> = { off: 0, standard: 1, strict: 2 };

export function presetAtLeastAsTight(candidate: FloorPreset, current: FloorPreset): boolean {
  return PRESET_RANK[candidate] >= PRESET_RANK[current];
}

/** Read the `floor` key of one file into `out.floor`, pushing one problem line per bad part. */
export function parseFloor(v: unknown, out: ParsedFile, problems: string[]): void {
  if (!isRecord(v)) {
    problems.push('floor must be an object');
    return;
  }
  for (const k of Object.keys(v)) if (!['preset', 'exceptions', 'secrets'].includes(k)) problems.push(`floor.${/^[A-Za-z0-9_]{1,40}$/.test(k) ? k : 'a key with an unusual name'} is not a floor setting`);
  if ('preset' in v) {
    if (typeof v.preset === 'string' && (FLOOR_PRESETS as readonly string[]).includes(v.preset)) out.floor.preset = v.preset as FloorPreset;
    else problems.push(`floor.preset must be one of ${FLOOR_PRESETS.join('|')}`);
  }
  if ('exceptions' in v) {
    if (!Array.isArray(v.exceptions)) problems.push('floor.exceptions must be a list');
    else {
      const list: FloorException[] = [];
      v.exceptions.forEach((e, i) => {
        const ex = exceptionOf(e);
        if (typeof ex === 'string') problems.push(`floor.exceptions[${i}] ${ex}; it is ignored`);
        else list.push(ex);
      });
      out.floor.exceptions = list;
    }
  }
  if ('secrets' in v) {
    if (!Array.isArray(v.secrets) || !v.secrets.every((x) => typeof x === 'string' && x.trim() !== '')) problems.push('floor.secrets must be a list of paths');
    else out.floor.secrets = (v.secrets as string[]).map((x) => x.trim());
  }
}

function exceptionOf(e: unknown): FloorException | string {
  if (!isRecord(e)) return 'must be an object';
  if (typeof e.rule !== 'string' || !LIFTABLE.includes(e.rule)) return `needs a "rule", one of ${LIFTABLE.join('|')}`;
  const ex: FloorException = { rule: e.rule as FloorReason };
  if (e.command !== undefined) {
    if (typeof e.command !== 'string' || e.command.trim() === '') return '"command" must be the leading words of a command';
    ex.command = e.command.trim();
  }
  if (e.path !== undefined) {
    if (typeof e.path !== 'string' || e.path.trim() === '') return '"path" must be a path or glob';
    ex.path = e.path.trim();
  }
  if (ex.command === undefined && ex.path === undefined) return 'needs a "command" or a "path" (an exception for everything is preset "off")';
  for (const k of Object.keys(e)) if (!['rule', 'command', 'path'].includes(k)) return `has a key it does not know (${/^[A-Za-z0-9_]{1,20}$/.test(k) ? k : '?'})`;
  return ex;
}
