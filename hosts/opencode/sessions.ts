/**
 * The session tree as this plugin knows it: session -> parent (null: a root), learnt from bus
 * events first and else read through the SDK, and the OpenCode version the sessions carry.
 * A session whose parent chain cannot be read (an SDK failure, a cycle, a chain too deep) has
 * an uncertain ancestry: it may be anyone's child, so it never speaks for the person.
 */
import { BoundedMap } from '../shared/in-process/bounded';
import type { InProcessRuntime } from '../shared/in-process/runtime';
import { describe } from '../shared/in-process/runtime';
import { MAX_ANCESTRY_DEPTH } from './adapter';
import type { Ancestry } from './adapter';
import type { OpenCodeSdk } from './sdk';
import { isRecord } from '../../core/check';

export class OpenCodeSessions {
  /** session id -> parent id (null: a root) */
  private readonly parents = new BoundedMap<string | null>(4096);
  /** the OpenCode version, from the first session that names it */
  version: string | undefined;

  constructor(
    private readonly rt: InProcessRuntime,
    /** where a session record is read when no event told its parent (v1: the SDK; v2: ctx.session.get) */
    private readonly sdk: Pick<OpenCodeSdk, 'session'>,
  ) {}

  /** A session's parent as an event told it (session.created / session.updated). */
  learn(info: { id: string; parentID: string | null; version?: string }): void {
    this.parents.set(info.id, info.parentID);
    if (info.version) this.version ??= info.version;
  }

  /** The parent as known here: null for a root, undefined when never learnt. */
  parentOf(sessionId: string): string | null | undefined {
    return this.parents.get(sessionId);
  }

  forget(sessionId: string): void {
    this.parents.delete(sessionId);
  }

  /** Where a session sits. Follows parentID (events first, then client.session.get). */
  async ancestry(sessionId: string): Promise<Ancestry> {
    const unknown: Ancestry = { sessionId, rootId: sessionId, certain: false };
    const seen = new Set<string>();
    let current = sessionId;
    for (let depth = 0; depth <= MAX_ANCESTRY_DEPTH; depth++) {
      if (seen.has(current)) return unknown; // a cycle is not an ancestry
      seen.add(current);
      let parent = this.parents.get(current);
      if (parent === undefined) {
        try {
          const data = await this.sdk.session(current);
          if (!isRecord(data)) return unknown;
          parent = typeof data.parentID === 'string' && data.parentID !== '' ? data.parentID : null;
          if (typeof data.version === 'string') this.version ??= data.version;
          this.parents.set(current, parent);
        } catch (err) {
          this.rt.say([`session ancestry not readable (${describe(err)})`]);
          return unknown;
        }
      }
      if (parent === null) return { sessionId, rootId: current, certain: true };
      current = parent;
    }
    return unknown;
  }
}
