// The stdout table and the target lines. A missed target says by how much.
import { round } from './stats.mjs';

const pct = (x) => `${x >= 1 ? '+' : ''}${round((x - 1) * 100, 1)} %`;

function table(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i < 3 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** Installer picks the fastest runtime present: what that choice saves against node, per call. */
export function fastestRuntimeGain(allHooks) {
  const out = [];
  const hooks = allHooks.filter((h) => !h.skipped && h.kind === 'event' && h.artifact !== 'competitor');
  const keys = new Set(hooks.map((h) => `${h.artifact}|${h.scenario}`));
  for (const key of keys) {
    const rows = hooks.filter((h) => `${h.artifact}|${h.scenario}` === key);
    const node = rows.find((r) => r.runtime === 'node');
    const best = [...rows].sort((a, b) => a.wall.median - b.wall.median)[0];
    if (!node || !best) continue;
    const [artifact, scenario] = key.split('|');
    out.push({ artifact, scenario, fastest: best.runtime, nodeMs: round(node.wall.median, 1), fastestMs: round(best.wall.median, 1), gainMs: round(node.wall.median - best.wall.median, 1), gainCpuMs: round(node.cpu.median - best.cpu.median, 1) });
  }
  return out;
}

const GROWTH_TARGET = 25;

export function targetLines(results) {
  const lines = [];
  const hooks = (results.hooks ?? []).filter((h) => !h.skipped);
  for (const h of hooks.filter((x) => x.target !== null && x.target !== undefined)) {
    const cpu = h.cpuWithEvaluatorRatio ? `; cpu ${round(h.cpuWithEvaluatorRatio, 3)}x with the evaluator's share` : `; cpu ${round(h.cpuRatio, 3)}x`;
    const miss = h.pass ? '' : ` (misses by ${round((h.ratio - h.target) * 100, 1)} points of the floor, ${round(h.overheadMs, 1)} ms over it)`;
    lines.push(`${h.pass ? 'PASS' : 'FAIL'} command hook ${h.artifact} / ${h.runtime} / ${h.scenario}: ${round(h.ratio, 3)}x floor <= ${h.target}x${miss}${cpu}`);
  }
  // at or below the competitor's own ratio, measured beside it (same runtime, same payload)
  for (const c of hooks.filter((x) => x.artifact === 'competitor')) {
    for (const mine of hooks.filter((x) => (x.artifact === 'claude' || x.artifact === 'codex') && x.runtime === c.runtime && x.scenario === c.scenario)) {
      const ok = mine.ratio <= c.ratio;
      lines.push(`${ok ? 'PASS' : 'FAIL'} ${mine.artifact} / ${mine.runtime} / ${mine.scenario} against the competitor: ${round(mine.ratio, 3)}x <= ${round(c.ratio, 3)}x${ok ? '' : ` (worse by ${round((mine.ratio - c.ratio) * 100, 1)} points)`}`);
    }
  }
  for (const s of (results.hooks ?? []).filter((h) => h.skipped)) lines.push(`n/a  ${s.artifact} / ${s.runtime}${s.scenario ? ` / ${s.scenario}` : ''}: skipped (${s.skipped.slice(0, 120)})`);
  if (results.hooks && !hooks.some((h) => h.artifact === 'competitor')) lines.push('n/a  against the competitor: STOPLINE_BENCH_COMPETITOR not set (the path of its hook script)');
  const residentLine = (r, name) => {
    const noWait = r.withoutCoreWait ? `; without waiting for a core p99 ${round(r.withoutCoreWait.p99, 3)} ms` : '';
    return `${r.pass ? 'PASS' : 'FAIL'} resident ${name}: round trip p99 ${round(r.roundTrip.p99, 3)} ms <= 2 ms${r.pass ? '' : ` (misses by ${round(r.roundTrip.p99 - 2, 3)} ms${noWait})`}`;
  };
  for (const r of results.resident ?? []) lines.push(residentLine(r, `${r.label} / ${r.runtime}`));
  if (results.hermes) lines.push(residentLine(results.hermes.resident, 'hermes listen / node'));
  const scale = results.scale;
  if (scale) {
    const top = scale.evidence[scale.evidence.length - 1];
    const ok = top.vsEmpty <= 1.05;
    lines.push(`${ok ? 'PASS' : 'FAIL'} hook latency with ${top.records} records: ${round(top.vsEmpty, 3)}x the empty log <= 1.05x${ok ? '' : ` (misses by ${round((top.vsEmpty - 1.05) * 100, 1)} points; cpu ${round(top.cpuVsEmpty, 3)}x)`}${top.records < 1e6 ? ' [quick run: 10^6 not measured]' : ''}`);
    const s = scale.summary;
    lines.push(`${s.pass ? 'PASS' : 'FAIL'} stopline runtime --all over ${s.records} records (counted ${s.checksCounted} checks): ${round(s.wall.median, 0)} ms <= 2000 ms${s.wall.median <= 2000 ? '' : ` (misses by ${round(s.wall.median - 2000, 0)} ms)`}${s.checksCounted >= s.records ? '' : ' (it did not read every record)'}`);
    const a = scale.agentRace;
    lines.push(`${a.pass ? 'PASS' : 'FAIL'} ${a.processes} processes reserving agents=${a.budget}: ${a.granted} granted (must be exactly ${a.budget}; ${a.grantedByFailOpen} of them by failing open), wait p99 ${round(a.wall.p99, 0)} ms`);
  }
  // 10x the words may cost 10x the time and some slack for the collector; a step that repeats work per word costs 100x and more
  for (const g of results.analysis?.growth ?? []) {
    const ok = g.ratio <= GROWTH_TARGET;
    lines.push(`${ok ? 'PASS' : 'FAIL'} analysis of a long line (${g.shape}): ${round(g.ratio, 2)}x the time for 10x the words <= ${GROWTH_TARGET}x (${round(g.longMs, 0)} ms at ${g.longChars} chars)`);
  }
  for (const a of results.artifacts ?? []) {
    const first = a.firstKib !== undefined ? `; what each event parses, its first part: ${a.firstKib} KiB` : '';
    lines.push(`${a.pass ? 'PASS' : 'FAIL'} artifact ${a.file}: ${a.kib} KiB <= 150 KiB${a.pass ? '' : ` (over by ${round(a.kib - 150, 1)} KiB)`}${first}`);
  }
  for (const r of results.inprocessPlugins ?? []) {
    lines.push(`${r.pass ? 'PASS' : 'FAIL'} in-process ${r.host} / ${r.runtime}: decision p99 ${round(r.decision.p99, 3)} ms <= ${r.target} ms${r.pass ? '' : ` (misses by ${round(r.decision.p99 - r.target, 3)} ms; without waiting for a core p99 ${r.withoutCoreWait ? round(r.withoutCoreWait.p99, 3) : 'n/a'} ms)`}`);
  }
  if (!results.inprocessPlugins) lines.push('n/a  in-process decision p99 <= 0.3 ms (OpenCode plugin, Pi extension): section inprocess-plugins not run');
  const cf = results.confine;
  if (cf?.skipped) lines.push(`n/a  confined true <= 15 ms over a plain one: ${cf.skipped}`);
  else if (cf) lines.push(`${cf.pass ? 'PASS' : 'FAIL'} confined true: +${round(cf.addedMs, 1)} ms over a plain one (median of pairs) <= ${cf.target} ms${cf.pass ? '' : ` (misses by ${round(cf.addedMs - cf.target, 1)} ms)`}; cpu +${round(cf.addedCpuMs, 1)} ms; the plan ${round(cf.plan.median, 1)} ms per confined event`);
  const mod = results.claudeMod?.rows?.[0];
  if (mod?.decision) lines.push(`${mod.pass ? 'PASS' : 'FAIL'} Claude mod inside Claude Code: decision p99 ${round(mod.decision.p99, 3)} ms <= ${mod.target} ms${mod.pass ? '' : ` (misses by ${round(mod.decision.p99 - mod.target, 3)} ms; median ${round(mod.decision.median, 3)} ms)`}`);
  else lines.push(`n/a  Claude mod decision p99 <= 0.3 ms: ${results.claudeMod?.skipped ?? 'section claude-mod not run'}`);
  return lines;
}

export function printReport(results) {
  if (results.hooks) {
    const rows = results.hooks.filter((h) => !h.skipped);
    console.log(`\nCommand hooks, spawn to exit, ms (median / p95 of ${results.size.runs} interleaved runs) against the floor (the runtime reading the same stdin its cheapest way);`);
    console.log('ratio = median of per-pair wall ratios; cpu = the hook process; +eval = the evaluator\'s CPU per call on top, and the cpu ratio with it');
    console.log('event: one hook event as the host runs it (Claude/Codex answered by their resident evaluator); in-process: STOPLINE_EVALUATOR=0, also the first event after an idle spell; tool call: every start the host makes for one tool call');
    table(
      ['artifact', 'runtime', 'scenario', 'wall', 'p95', 'floor', 'ratio', 'cpu', 'floor cpu', '+eval', 'cpu ratio', '+ms'],
      rows.map((h) => [h.artifact, h.runtime, h.scenario, round(h.wall.median, 1), round(h.wall.p95, 1), round(h.floor.median, 1), round(h.ratio, 3), round(h.cpu.median, 1), round(h.floorCpu.median, 1), h.evaluatorCpuPerCall === null || h.evaluatorCpuPerCall === undefined ? '-' : round(h.evaluatorCpuPerCall, 2), round(h.cpuWithEvaluatorRatio ?? h.cpuRatio, 3), round(h.overheadMs, 1)]),
    );
    results.fastestRuntimeGain ??= fastestRuntimeGain(results.hooks);
    console.log('\nInstaller picks the fastest runtime: gain per call against node (wall median)');
    table(['artifact', 'scenario', 'fastest', 'node ms', 'fastest ms', 'gain ms'], results.fastestRuntimeGain.map((g) => [g.artifact, g.scenario, g.fastest, g.nodeMs, g.fastestMs, g.gainMs]));
  }
  for (const r of results.resident ?? []) {
    if (r === results.resident[0]) {
      console.log(`\nResident evaluator: round trip per decision over ${r.calls} calls, ms`);
      console.log('(no wait = the round trip minus the time caller and evaluator waited for a core; cpu = the evaluator\'s CPU per call)');
      console.log('label          runtime  median   p99     max      no wait p99  cpu/call  rss growth KiB');
    }
    const noWait = r.withoutCoreWait ? round(r.withoutCoreWait.p99, 3) : '-';
    console.log(`${r.label.padEnd(14)} ${r.runtime.padEnd(8)} ${String(round(r.roundTrip.median, 3)).padEnd(8)} ${String(round(r.roundTrip.p99, 3)).padEnd(7)} ${String(round(r.roundTrip.max, 1)).padEnd(8)} ${String(noWait).padEnd(12)} ${String(r.evaluatorCpuPerCallMs == null ? '-' : round(r.evaluatorCpuPerCallMs, 3)).padEnd(9)} ${r.memoryGrowthKiB}`);
  }
  if (results.inprocessPlugins?.length) {
    const first = results.inprocessPlugins[0];
    console.log(`\nIn-process decisions: one tool.execute.before (OpenCode) / tool_call (Pi) inside the host process, over ${first.calls} calls, ms; no wait = the call minus the time it waited for a core; cpu = the process's CPU time (all threads) per call`);
    table(
      ['artifact', 'runtime', 'load ms', 'median', 'p99', 'max', 'no wait p99', 'cpu median', 'slow calls in a GC', 'heap +KiB', 'after gc', 'rss +KiB'],
      results.inprocessPlugins.map((r) => [
        r.host, r.runtime, round(r.loadMs, 0), round(r.decision.median, 3), round(r.decision.p99, 3), round(r.decision.max, 1), r.withoutCoreWait ? round(r.withoutCoreWait.p99, 3) : '-', round(r.cpu.median, 3),
        r.slowCallsWithGc ? `${r.slowCallsWithGc.withGc}/${r.slowCallsWithGc.slow}` : '-', r.memory.heapGrowthKiB, r.memory.heapGrowthAfterGcKiB ?? '-', r.memory.rssGrowthKiB,
      ]),
    );
  }
  if (results.claudeMod?.rows) {
    console.log(`\nClaude Code mod: one session of ${results.claudeMod.calls} tool calls under \`$stopline review\` on the real Claude Code 2.1.332 (offline); decision = stopline's time inside Claude Code's process per PreToolUse (first ${5} left out: file loads and warm-up), ms; per tool = the session's wall time per tool call`);
    table(
      ['door', 'decisions', 'median', 'p99', 'max', 'first', 'per tool'],
      results.claudeMod.rows.map((r) => (r.skipped ? [r.door, '-', '-', '-', '-', '-', r.skipped] : [r.door, r.decisions, round(r.decision.median, 3), round(r.decision.p99, 3), round(r.decision.max, 1), r.first === undefined ? '-' : round(r.first, 1), r.wallPerToolMs === undefined ? '-' : round(r.wallPerToolMs, 1)])),
    );
  }
  if (results.hermes) {
    const h = results.hermes;
    console.log(`\nHermes (node): resident round trip median ${round(h.resident.roundTrip.median, 3)} ms (p99 ${round(h.resident.roundTrip.p99, 3)}) against one-shot spawn median ${round(h.oneShot.median, 1)} ms (p95 ${round(h.oneShot.p95, 1)}, cpu ${round(h.oneShotCpuMedian, 1)}): ${round(h.speedup, 0)}x, ${round(h.savedPerCallMs, 1)} ms saved per call`);
  }
  if (results.scale) {
    console.log('\nEvidence scale: claude review deny under node, interleaved across sizes');
    table(['records', '', '', 'wall', 'p95', 'vs empty', 'cpu', 'cpu vs empty'], results.scale.evidence.map((r) => [r.records, '', '', round(r.wall.median, 1), round(r.wall.p95, 1), round(r.vsEmpty, 3), round(r.cpu.median, 1), round(r.cpuVsEmpty, 3)]));
    const s = results.scale.summary;
    console.log(`stopline runtime --all over ${s.records} records: median ${round(s.wall.median, 0)} ms, cpu ${round(s.cpu.median, 0)} ms`);
    const a = results.scale.agentRace;
    console.log(`${a.processes} concurrent hooks reserving agents=${a.budget}: granted ${a.granted}, wait median ${round(a.wall.median, 0)} ms, p99 ${round(a.wall.p99, 0)} ms`);
  }
  if (results.analysis) {
    const a = results.analysis;
    console.log(a.error ? `\nShell analysis: ${a.error}` : `\nShell analysis over ${a.commands} corpus commands (${a.rounds} rounds): per-command median ${a.perCommandMedianUs.median} us, p90 ${a.perCommandMedianUs.p90} us, p99 ${a.perCommandMedianUs.p99} us, max ${a.perCommandMedianUs.max} us; first call ${a.firstCallMs} ms; analysis bundle load ${a.bundleLoadMs} ms`);
  }
  if (results.confine && !results.confine.skipped) {
    const c = results.confine;
    console.log('\nConfinement: `true` started by bash -c as it is and through the confined wrapper (interleaved), ms; plan = confineCommand() for `npm test` under review, in process');
    table(['', 'median', 'p95', 'p99'], [['plain', round(c.plain.median, 1), round(c.plain.p95, 1), round(c.plain.p99, 1)], ['confined', round(c.confined.median, 1), round(c.confined.p95, 1), round(c.confined.p99, 1)], ['plan', round(c.plan.median, 2), round(c.plan.p95, 2), round(c.plan.p99, 2)]]);
    console.log(`${c.mounts} mounts in the wrapper; +${round(c.addedMs, 1)} ms per pair (median), +${round(c.addedCpuMs, 1)} ms cpu`);
    const d = c.deferred;
    if (d && !d.skipped) console.log(`Claude mod's deferred run (the hook script builds the sandbox when the command runs): median ${round(d.deferred.median, 1)} ms against ${round(d.plain.median, 1)} ms plain; +${round(d.addedMs, 1)} ms per pair, +${round(d.addedCpuMs, 1)} ms cpu`);
  }
  if (results.artifacts) {
    console.log('\nArtifacts: size and parse cost (node --check against an empty file, interleaved)');
    table(['file', 'committed', '', 'KiB', 'first part KiB', 'parse +ms', 'parse +cpu ms'], results.artifacts.map((a) => [a.file, a.committedAtHead ? 'HEAD' : 'working tree', '', a.kib, a.firstKib ?? '-', a.parse ? round(a.parse.addedWallMs, 1) : '-', a.parse ? round(a.parse.addedCpuMs, 1) : '-']));
    for (const d of results.dependencies ?? []) console.log(d.error ? `${d.name}: ${d.error}` : `${d.name}: +${round(d.addedWallMs, 1)} ms wall, +${round(d.addedCpuMs, 1)} ms cpu over node's floor`);
  }
  console.log(`\nTargets (load average ${results.loadAverage.before.join(' ')} before, ${results.loadAverage.after.join(' ')} after; ${results.machine.cores} cores):`);
  for (const l of targetLines(results)) console.log(l);
}
