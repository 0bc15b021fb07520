/**
 * What the in-process doors (the OpenCode plugin, the Pi extension) share about an answer, so
 * neither keeps its own copy.
 */
import type { Outcome } from '../../core/outcome';

/** Every context text of a (possibly hook-folded) outcome, guard first. */
export function contextTexts(o: Outcome): string[] {
  const c = (o as { contexts?: unknown }).contexts;
  if (Array.isArray(c)) return c.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  return o.kind === 'context' && o.message ? [o.message] : [];
}
