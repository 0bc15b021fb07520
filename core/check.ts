/**
 * Hand-written field checks for the core's own data (the ControlEvent, the session state file).
 * Plain functions, nothing built at load: a command hook pays for every object its modules
 * construct at start-up, on every event. Each check returns the value with its type narrowed or
 * throws BadField naming the path of the first bad field (`action.delegationCount: expected int`).
 */

/** The first field that failed a check; `message` is `<path>: <what was expected>`. */
export class BadField extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path}: ${expected}`);
    this.name = 'BadField';
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown, at: string): string {
  if (typeof v !== 'string') throw new BadField(at, 'expected string');
  return v;
}

export function nonEmpty(v: unknown, at: string): string {
  if (str(v, at).length === 0) throw new BadField(at, 'expected a non-empty string');
  return v as string;
}

export function bool(v: unknown, at: string): boolean {
  if (typeof v !== 'boolean') throw new BadField(at, 'expected boolean');
  return v;
}

/** An integer of at least `min`. */
export function int(v: unknown, at: string, min: number): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new BadField(at, 'expected int');
  if (v < min) throw new BadField(at, `expected int >= ${min}`);
  return v;
}

export function enumOf<T extends string>(v: unknown, values: readonly T[], at: string): T {
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) throw new BadField(at, `expected one of ${values.join('|')}`);
  return v as T;
}

/** A check of a list whose every item passes `item` (an item's path ends in its index). */
export function listOf<T>(item: (v: unknown, at: string) => T): (v: unknown, at: string) => T[] {
  return (v, at) => {
    if (!Array.isArray(v)) throw new BadField(at, 'expected array');
    return v.map((x, i) => item(x, `${at}.${i}`));
  };
}

export const strArray = listOf(str);

/**
 * An optional field: absent (or undefined) leaves `out` without it; present, it must pass
 * `check` and is copied to `out`. `at` is the path of the object holding it ('' at the top).
 */
export function optional<T>(from: Record<string, unknown>, key: string, check: (v: unknown, at: string) => T, out: object, at: string): void {
  const v = from[key];
  if (v === undefined) return;
  (out as Record<string, unknown>)[key] = check(v, at ? `${at}.${key}` : key);
}
