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
export function fastestRuntimeGain(hooks) {
  const out = [];
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

export function targetLines(results) {
  const lines = [];
  for (const h of results.hooks ?? []) {
    const miss = h.pass ? '' : ` (misses by ${round((h.ratio - h.target) * 100, 1)} points of the floor, ${round(h.overheadMs, 1)} ms over it)`;
    lines.push(`${h.pass ? 'PASS' : 'FAIL'} command hook ${h.artifact} / ${h.runtime} / ${h.scenario}: ${round(h.ratio, 3)}x floor <= ${h.target}x${miss}`);
  }
  return lines;
}

export function printReport(results) {
  if (results.hooks) {
    console.log(`\nCommand hooks: one PreToolUse, spawn to exit, ms (median / p95 of ${results.size.runs} interleaved runs); ratio = median of per-pair wall ratios`);
    table(
      ['artifact', 'runtime', 'scenario', 'wall', 'p95', 'floor', 'ratio', 'cpu', 'floor cpu', 'cpu ratio', '+ms'],
      results.hooks.map((h) => [h.artifact, h.runtime, h.scenario, round(h.wall.median, 1), round(h.wall.p95, 1), round(h.floor.median, 1), round(h.ratio, 3), round(h.cpu.median, 1), round(h.floorCpu.median, 1), round(h.cpuRatio, 3), round(h.overheadMs, 1)]),
    );
    results.fastestRuntimeGain ??= fastestRuntimeGain(results.hooks);
    console.log('\nInstaller picks the fastest runtime: gain per call against node (wall median)');
    table(['artifact', 'scenario', 'fastest', 'node ms', 'fastest ms', 'gain ms'], results.fastestRuntimeGain.map((g) => [g.artifact, g.scenario, g.fastest, g.nodeMs, g.fastestMs, g.gainMs]));
  }
  console.log(`\nTargets (load average ${results.loadAverage.before.join(' ')} before, ${results.loadAverage.after.join(' ')} after; ${results.machine.cores} cores):`);
  for (const l of targetLines(results)) console.log(l);
}
