/**
 * Compaction: OpenCode's `experimental.session.compacting` hook (declared in the 1.18.33 Hooks
 * type, not seen firing) lets the person's compact:before hooks add context to the compaction
 * prompt. Nothing here can block, so any error is one line.
 */
import type { InProcessRuntime } from '../shared/in-process/runtime';
import { describe } from '../shared/in-process/runtime';
import {  } from './adapter';
import { isRecord } from '../../core/check';

/** compact:before for the person's hooks: their context goes into the compaction prompt. */
export async function compacting(rt: InProcessRuntime, cwd: string | undefined, rawInput: unknown, output: unknown): Promise<void> {
  try {
    if (!rt.hasHooks('compact:before', cwd)) return;
    const sessionId = isRecord(rawInput) && typeof rawInput.sessionID === 'string' ? rawInput.sessionID : '';
    const texts = await rt.observe('compact:before', cwd, rt.hookInput(sessionId, cwd, { trigger: 'auto' }));
    if (texts.length && isRecord(output) && Array.isArray(output.context)) (output.context as unknown[]).push(...texts);
  } catch (err) {
    rt.say([`compaction hooks not run (${describe(err)})`]);
  }
}

