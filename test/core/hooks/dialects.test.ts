/**
 * The person's-hooks dialects read their event names from core/registry: every row of a host
 * is either the spelling of its canonical event or a known host-only event, nothing else is
 * known, and the host timeouts are the rows' hostTimeout.
 */
import { describe, expect, it } from 'vitest';
import { CANONICAL_EVENTS } from '../../../core/canonical';
import { defaultTimeoutSec, lookupSpelling, resolveEventName, spellingsOf, timeoutBoundsSec } from '../../../core/hooks/dialects';
import { REGISTRIES } from '../../../core/registry';

const HOST_DIALECTS = ['claude', 'codex', 'hermes', 'droid'] as const;

describe.each(HOST_DIALECTS)('%s dialect agrees with its registry', (dialect) => {
  const reg = REGISTRIES[dialect];

  it.each(reg.events.map((e) => [e.native, e] as const))('%s: means what its row says', (_name, row) => {
    expect(lookupSpelling(dialect, row.native)).toEqual(row.canonical ? { kind: 'canonical', event: row.canonical } : { kind: 'host-only' });
  });

  it('spells each canonical event with exactly the rows that name it, in table order', () => {
    for (const event of CANONICAL_EVENTS) {
      expect(spellingsOf(dialect, event)).toEqual(reg.events.filter((e) => e.canonical === event).map((e) => e.native));
    }
  });

  it('knows no name the registry lacks', () => {
    expect(lookupSpelling(dialect, 'NotAnEventOfAnyHost')).toEqual({ kind: 'unknown' });
    expect(lookupSpelling(dialect, 'tool:before')).toEqual({ kind: 'unknown' });
  });
});

describe('names across dialects', () => {
  it('a canonical name is native; a host spelling resolves to its dialect', () => {
    expect(resolveEventName('tool:before')).toEqual({ event: 'tool:before', dialect: 'native' });
    expect(resolveEventName('PostToolUseFailure')).toEqual({ event: 'tool:after', dialect: 'claude' });
    expect(resolveEventName('on_session_finalize')).toEqual({ event: 'session:end', dialect: 'hermes' });
    // on_session_end fires after every turn in Hermes v0.19.0: it is no session:end
    expect(resolveEventName('on_session_end')).toBeNull();
  });
});

describe('host timeouts come from the rows', () => {
  it('the documented host defaults', () => {
    expect(defaultTimeoutSec('claude', 'tool:before')).toBe(600);
    expect(defaultTimeoutSec('claude', 'session:end')).toBe(1.5);
    expect(defaultTimeoutSec('codex', 'tool:before')).toBe(600);
    expect(defaultTimeoutSec('codex', 'session:end')).toBe(1);
    expect(defaultTimeoutSec('hermes', 'tool:before')).toBe(60);
    expect(defaultTimeoutSec('native', 'tool:before')).toBe(60);
  });

  it('the documented host bounds', () => {
    expect(timeoutBoundsSec('hermes', 'prompt:submit')).toEqual({ min: 1, max: 300 });
    expect(timeoutBoundsSec('codex', 'session:end')).toEqual({ min: 0, max: 3 });
    expect(timeoutBoundsSec('codex', 'tool:before')).toBeNull();
    expect(timeoutBoundsSec('claude', 'session:end')).toBeNull();
    expect(timeoutBoundsSec('native', 'tool:before')).toBeNull();
  });

  it('each value is the hostTimeout of the row the event is spelled with', () => {
    for (const dialect of HOST_DIALECTS) {
      for (const event of CANONICAL_EVENTS) {
        const name = spellingsOf(dialect, event)[0];
        const row = REGISTRIES[dialect].events.find((e) => e.native === name);
        if (row?.hostTimeout) expect(defaultTimeoutSec(dialect, event), `${dialect} ${event}`).toBe(row.hostTimeout.defaultSec);
      }
    }
  });
});
