/** What the registry conformance suites share: the captured payloads of a host and a core stand-in that checks what a door sends. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { failOutcome, handleEvent } from '../../core/answer/controller';
import { parseControlEvent, type ControlEvent } from '../../core/protocol';
import type { HostRegistry } from '../../core/registry/types';

const FIX = join(__dirname, '..', 'fixtures');

/** The captured payloads of test/fixtures/<host>/<sub>, without the notes and indexes beside them. */
export function jsonFixtures(host: string, sub = ''): { file: string; data: Record<string, unknown> }[] {
  const dir = join(FIX, host, sub);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('_') && f !== 'index.json')
    .map((file) => ({ file: join(sub, file), data: JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown> }));
}

/** The native names of the rows a registry says its artifact registers, sorted. */
export const registered = (reg: HostRegistry) => reg.events.filter((e) => e.registered).map((e) => e.native).sort();

/** A core stand-in that validates every event the in-process guard sends, then asks the real core. */
export function checkingCore(seen: ControlEvent[], invalid: string[]) {
  return {
    handleEvent: (event: unknown, opts: Parameters<typeof handleEvent>[1]) => {
      const r = parseControlEvent(event);
      if (!r.ok) invalid.push(r.error);
      else seen.push(r.event);
      return handleEvent(event, opts);
    },
    failOutcome,
  };
}

/** Fixture files of an in-process host that are not hook payloads (SDK results, configs, captured model requests). */
export const NOT_HOOK_FILES = /^(client\.|config|plugin-input|model-request-|run-format-|tool\.definition-|shell\.env|chat\.headers|chat\.params|experimental\.(chat|text)\.)/;
