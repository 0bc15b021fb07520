/**
 * A host path stopline cannot check, recorded when the host at least tells us it was taken
 * (Pi 1.6.0 emits `user_bash` for a command the person typed with `!`; it never reaches
 * `tool_call`). The person's own command is theirs to run: nothing is blocked. The record is
 * metadata only, like every evidence record (tool kind, mutability, counts; no command text),
 * so `stopline runtime` can show that checks were bypassed in this session.
 *
 * Never throws: a record that cannot be written becomes a diagnostic line.
 */
import { configuredContract, loadConfig } from '../config/config';
import { controlState } from '../contract/types';
import { appendEvent } from '../evidence/log';
import { actionSummary, buildEvent } from '../evidence/runtime-event';
import { describeError } from './failmode';
import type { Outcome } from './outcome';
import type { Action, HostInfo } from '../protocol';
import { resolveDataDir } from '../state/datadir';
import { readSession, sessionStore } from '../state/session';

interface BypassInput {
  /** the root session the bypass happened in */
  sessionId: string;
  cwd?: string;
  host: HostInfo;
  /** what ran, analysed like a tool call of the host */
  action: Omit<Action, 'id'>;
}

export function recordBypass(input: BypassInput, opts: { env: Record<string, string | undefined>; cwd?: string; now?: () => number }): Outcome {
  try {
    const cwd = input.cwd ?? opts.cwd;
    const { config, diagnostics } = loadConfig(opts.env, cwd);
    const dataDir = resolveDataDir(opts.env, { configDataDir: config.dataDir, hostDataDir: input.host.dataDir });
    const store = sessionStore(dataDir, input.sessionId);
    const contract = readSession(store, () => configuredContract(config)).state.contract;
    const e = buildEvent({ type: 'bypass', sessionKey: store.key, child: false, host: input.host, state: controlState(contract), contract, now: (opts.now ?? Date.now)() });
    appendEvent(dataDir, { ...e, action: actionSummary({ ...input.action }) });
    const out: Outcome = { kind: 'none', eventId: e.eventId };
    if (diagnostics.length) out.diagnostics = diagnostics;
    return out;
  } catch (err) {
    return { kind: 'none', diagnostics: [`bypass not recorded (${describeError(err)})`] };
  }
}
