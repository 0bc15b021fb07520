/**
 * The one renderer for everything stopline says: the STOP / WATCH stamp, the contract
 * context line, directive results and the status / runtime / explain / help answers.
 * Adapters put these strings where their host shows them and never write their own.
 */
import type { Decision } from '../contract/decide';
import { controlState } from '../contract/types';
import type { Contract } from '../contract/types';
import type { RuntimeEventV1 } from '../evidence/runtime-event';
import type { LabelRecord, RuntimeSummary } from '../evidence/log';
import { FAMILY_WORDS } from '../registry/reasons';
import type { Family } from '../registry/reasons';

const FOUR_QUESTIONS =
  'Before each step ask: Was it requested? Is it necessary? What reachable evidence supports it? Would leaving it out fail acceptance?';

const MODE_GUIDANCE: Record<string, string> = {
  answer: 'Answer only: answer the question; do not change files or start side work.',
  review: 'Review only: read and report findings; do not change files.',
  monitor: 'Monitor only: observe and report; do not change files.',
  change: 'Change: make the requested change inside this contract and nothing beyond it.',
  open: 'Open task: changes are allowed; stay with what was asked.',
};

function filesText(files: string[] | null): string {
  if (files === null) return 'unbounded';
  if (files.length === 0) return '(none: no writes)';
  return files.join('|');
}

export function stateText(c: Contract): string {
  const s = controlState(c);
  return `${s} / ${c.mode} ${c.level}`;
}

/** `mode=review level=guard | files=src/** | deps=ask | hash=deny | agents=0/2` (and `| confine=off` when the person said so) */
export function contractLine(c: Contract): string {
  return `mode=${c.mode} level=${c.level} | files=${filesText(c.files)} | deps=${c.deps} | hash=${c.hash} | agents=${c.agentsUsed}/${c.agents}${c.confine === false ? ' | confine=off' : ''}`;
}

/** The context injected at session start, subagent start and when the contract changes. */
export function renderContractContext(c: Contract): string {
  const state = controlState(c);
  if (state === 'OFF') {
    return 'stopline is off for this session. The person can re-arm it with `$stopline <mode>` (e.g. `$stopline review -- task`).';
  }
  if (c.mode === 'unconfirmed') {
    return [
      'stopline (OBSERVING): no task mode is confirmed, so nothing is blocked; checks are recorded.',
      'The person can set one: `$stopline answer|review|monitor|change|open [files=...] -- task`.',
      FOUR_QUESTIONS,
    ].join('\n');
  }
  const lines = [`stopline contract (${state}): ${contractLine(c)}`, MODE_GUIDANCE[c.mode] ?? ''];
  if (state === 'OBSERVING') lines.push('Watch level: nothing is blocked, but every step outside the contract is reported.');
  lines.push(FOUR_QUESTIONS, 'Report real findings; name reachable evidence before widening scope. stopline is a guardrail, not a sandbox.');
  return lines.filter((l) => l !== '').join('\n');
}

type StampKind = 'stop' | 'ask' | 'watch';

interface StampInput {
  kind: StampKind;
  family: Family | null;
  reasonCode: string;
  explanation: string;
  nextStep?: string;
  contract: Contract;
  eventId?: string;
  /** the host cannot ask a person now, so an ask is rendered as a denial */
  askAsDeny?: boolean;
  /** the other rules the action breaks (decide()'s `also`), named so the model does not retry them */
  also?: readonly { reasonCode: string; family: Family | null; explanation: string; nextStep?: string }[];
}

/**
 * The STOP stamp. First line `STOP / <FAMILY>` (or `WATCH / <FAMILY>` when only watching),
 * then what happened, the reason code, one `Also breaks:` line per other rule the action
 * breaks, the state, the event id and a next step (the other rules' next steps follow it).
 */
function renderStamp(s: StampInput): string {
  const word = FAMILY_WORDS[s.family ?? 'C'];
  const head = `${s.kind === 'watch' ? 'WATCH' : 'STOP'} / ${word}`;
  const what =
    s.kind === 'watch'
      ? `stopline is watching and did not block this: ${s.explanation}`
      : s.kind === 'ask'
        ? s.askAsDeny
          ? `stopline needs the person's approval for this, and no one can approve it here, so it is denied: ${s.explanation}`
          : `stopline asks the person to approve this: ${s.explanation}`
        : `stopline denied this action: ${s.explanation}`;
  const lines = [head, what, `Reason: ${s.reasonCode}${s.family ? ` (${s.family})` : ''}`];
  for (const b of s.also ?? []) lines.push(`Also breaks: ${b.reasonCode}${b.family ? ` (${b.family})` : ''}: ${b.explanation}`);
  lines.push(`State: ${stateText(s.contract)}`);
  if (s.eventId) lines.push(`Event: ${s.eventId}`);
  let next = s.nextStep ?? 'Continue within the contract.';
  for (const b of s.also ?? []) if (b.nextStep) next += ` ${b.nextStep}`;
  if (s.kind === 'ask' && s.askAsDeny) next += s.family === 'F' ? ' Approval means the person types `$stopline allow`.' : ' Approval means the person re-issues the contract with the setting allowed.';
  lines.push(`Next: ${next}`);
  return lines.join('\n');
}

export function stampFromDecision(d: Decision, contract: Contract, kind: StampKind, eventId?: string, askAsDeny?: boolean): string {
  const s: StampInput = { kind, family: d.family, reasonCode: d.reasonCode, explanation: d.explanation, contract };
  if (d.nextStep) s.nextStep = d.nextStep;
  if (eventId) s.eventId = eventId;
  if (askAsDeny) s.askAsDeny = true;
  if (d.also?.length) s.also = d.also;
  return renderStamp(s);
}

export { renderUnavailable } from './unavailable';

export function renderDirectiveApplied(c: Contract, via: 'directive' | 'correction'): string {
  const how = via === 'directive' ? 'contract set' : 'contract changed by your words';
  return `stopline: ${how}: ${stateText(c)} | ${contractLine(c)}`;
}

export function renderDirectiveError(code: string, message: string, c: Contract): { notice: string; context: string } {
  const notice = `stopline: directive not applied (${code}): ${message} The contract is unchanged: ${stateText(c)}.`;
  const context = [
    `stopline: the person's $stopline directive was NOT applied (${code}): ${message}`,
    `The contract is unchanged. ${renderContractContext(c)}`,
  ].join('\n');
  return { notice, context };
}

export function renderStatus(c: Contract, info: { dataDir: string; checks: number; child: boolean; configSources: string[] }): string {
  const lines = [
    `stopline status: ${stateText(c)}`,
    `Contract: ${contractLine(c)} (revision ${c.revision}, set by ${c.source})`,
    `Evidence: ${info.checks} checked action${info.checks === 1 ? '' : 's'} this session; host effect is unobserved (stopline records what it answered, not what the host then did).`,
    `Data folder: ${info.dataDir}`,
  ];
  if (info.configSources.length) lines.push(`Config: ${info.configSources.join(', ')}`);
  if (info.child) lines.push('This is a subagent or child session: it shares the root contract and cannot change it.');
  return lines.join('\n');
}

export function renderRuntime(s: RuntimeSummary, all: boolean): string {
  const reasons = Object.entries(s.byReason)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return [
    `stopline runtime (${all ? `all sessions: ${s.sessions}` : 'this session'}):`,
    `checks ${s.checks}: allowed ${s.allowed}, context ${s.contexts}, ask ${s.asks}, denied ${s.denies}; after-tool records ${s.after}; contract changes ${s.contractChanges}; state recoveries ${s.recoveries}`,
    `by reason: ${reasons || '(none)'}`,
    `labels: correct ${s.labels.correct}, incorrect ${s.labels.incorrect}, inconclusive ${s.labels.inconclusive}; damaged lines skipped: ${s.damaged}`,
    'Host effect: unobserved.',
  ].join('\n');
}

export function renderExplain(e: RuntimeEventV1, label: LabelRecord | undefined): string {
  const lines = [`stopline explain ${e.eventId}: ${e.type} at ${e.occurredAt} (${e.host}${e.child ? ', subagent' : ''})`];
  lines.push(`State: ${e.controlState.toUpperCase()} / ${e.contract.mode} ${e.contract.level}; files entries ${e.contract.allowedPathCount ?? 'unbounded'}; deps=${e.contract.deps} hash=${e.contract.hash} agents=${e.contract.agentsUsed}/${e.contract.agentBudget}`);
  if (e.action) {
    const a = e.action;
    lines.push(`Action: ${a.tool ?? `tool#${a.toolKey}`} mutability=${a.mutability} paths=${a.pathCount ?? 'unproven'} delegation=${a.delegationCount}${a.unboundedDelegation ? ' (unbounded)' : ''} hashIntent=${a.hashIntent} dependencyIntent=${a.dependencyIntent}`);
  }
  if (e.decision) {
    const d = e.decision;
    const also = d.alsoReasonCodes?.length ? `; also breaks ${d.alsoReasonCodes.join(', ')}` : '';
    lines.push(`Decision: ${d.outcome} (rule says ${d.verdict}) ${d.reasonCode}${d.family ? ` (${d.family})` : ''}${also}; response ${d.response}; host effect ${d.hostEffect}`);
  }
  if (e.change) lines.push(`Changed by: ${e.change.via}${e.change.rule ? ` (${e.change.rule})` : ''}`);
  lines.push(`Label: ${label ? `${label.label} (${label.occurredAt})` : 'none'}`);
  return lines.join('\n');
}

export const HELP_TEXT = [
  'stopline: state the task contract at the start of a prompt.',
  '  $stopline <answer|review|monitor|change|open> [watch|guard|off] [files=a|dir/**] [deps=deny|ask|allow] [hash=deny|ask|allow] [agents=N|allow] -- task',
  '  $stopline watch | guard | off        change the level of the current contract',
  '  $stopline status | help | runtime [all] | explain <event-id> | label <event-id> correct|incorrect|inconclusive',
  'Plain words work too: "review only", "don\'t edit anything", "answer only", "stop", 只审查, 只看不改, 不要修改代码, 停止; "fix it" / 修复 after a read-only mode moves to change.',
].join('\n');
