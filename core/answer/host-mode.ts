/**
 * A host's own, explicit mode switch as the person's authority over the contract.
 *
 * Some hosts let the person switch the agent's mode in the host itself (OpenCode: switching to
 * an edit-capable agent). When the contract says `review` and the person switches to a mode
 * that edits, that is the person saying "now change it": the contract moves to `change` and
 * keeps every other setting (files=, deps=, hash=, agents= and the subagents already used).
 * Nothing else ever advances: no other mode, no read-only switch, no child session; the
 * adapter decides what counts as an explicit switch and only calls this for the root session.
 *
 * Like handleEvent it never throws: an internal error gets the fail-mode answer (open: nothing
 * changes, one diagnostic).
 */
import { configuredContract, loadConfig } from '../config/config';
import { controlState } from '../contract/types';
import type { Contract } from '../contract/types';
import { appendEvent } from '../evidence/log';
import { buildEvent } from '../evidence/runtime-event';
import { failOutcomeFor } from './failmode';
import { renderContractContext, contractLine } from '../messages/render';
import type { Outcome } from './outcome';
import type { HostInfo } from '../protocol';
import { resolveDataDir } from '../state/datadir';
import { lockTimeoutFromEnv } from '../state/store';
import { sessionStore, updateSession } from '../state/session';

interface HostModeSwitch {
  /** the root session whose contract the person changed */
  sessionId: string;
  cwd?: string;
  host: HostInfo;
}

interface HostModeOptions {
  env: Record<string, string | undefined>;
  cwd?: string;
  now?: () => number;
}

/** The contract a `review` contract becomes when the person switches the host to editing. */
function advanceReviewToChange(c: Contract): Contract | null {
  if (c.mode !== 'review' || controlState(c) === 'OFF') return null;
  return { ...c, mode: 'change', source: 'host', revision: c.revision + 1 };
}

/**
 * Apply the person's switch to an edit-capable host mode. Returns `context` with the new
 * contract (and a notice for the person) when the contract moved from review to change, and
 * `none` when there was nothing to advance.
 */
export function applyHostEditSwitch(input: HostModeSwitch, opts: HostModeOptions): Outcome {
  try {
    const cwd = input.cwd ?? opts.cwd;
    const { config, diagnostics } = loadConfig(opts.env, cwd);
    const dataDir = resolveDataDir(opts.env, { configDataDir: config.dataDir, hostDataDir: input.host.dataDir });
    const store = sessionStore(dataDir, input.sessionId);
    const fresh = (): Contract => configuredContract(config);
    const timeoutMs = lockTimeoutFromEnv(opts.env);
    // lastContextHash is left alone on purpose: the prompt that came with the switch then sees
    // a changed contract and injects its context once
    const u = updateSession<Contract | null>(store, fresh, (s) => {
      const next = advanceReviewToChange(s.contract);
      return next ? { next: { ...s, contract: next }, result: next } : { next: null, result: null };
    }, timeoutMs ? { timeoutMs } : {});
    const changed = u.result;
    const lines = [...diagnostics];
    if (!changed) return lines.length ? { kind: 'none', diagnostics: lines } : { kind: 'none' };
    let eventId: string | undefined;
    try {
      const e = buildEvent({ type: 'contract', sessionKey: store.key, child: false, host: input.host, state: controlState(changed), contract: changed, now: (opts.now ?? Date.now)() });
      appendEvent(dataDir, { ...e, change: { via: 'host' } });
      eventId = e.eventId;
    } catch (err) {
      lines.push(`evidence not written (${(err as NodeJS.ErrnoException).code ?? (err as Error).name}); the contract change stands`);
    }
    const out: Outcome = {
      kind: 'context',
      message: renderContractContext(changed),
      reasonCode: 'CONTRACT_CONTEXT',
      family: 'C',
      notice: `stopline: contract changed by your switch to an editing mode: ${contractLine(changed)}`,
    };
    if (eventId) out.eventId = eventId;
    if (lines.length) out.diagnostics = lines;
    return out;
  } catch (err) {
    return failOutcomeFor(err, { env: opts.env, ...(opts.cwd ? { cwd: opts.cwd } : {}) });
  }
}
