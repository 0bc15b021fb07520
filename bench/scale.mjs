// Scale: the hook must not slow down as evidence piles up, `stopline runtime` must summarise a
// million records quickly, and 64 processes racing for agents=8 must get exactly 8 grants.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { hookPayloads } from './hooks.mjs';
import { benchHome } from './resident.mjs';
import { median, round, summarize } from './stats.mjs';

const PER_FILE = 8000; // ~3.5 MB a file: under the 4 MiB rotation, as a real session log stays

/**
 * Fill a home with `count` evidence records copied from a real deny record of the artifact
 * under test (fresh ids, spread over session files the way rotation keeps them), plus the
 * measured session's own contract.
 */
async function seededHome(timer, node, claudeFile, count) {
  const h = benchHome();
  const p = hookPayloads('claude', h.project, 'bench-armed');
  const run = (payload) => timer.run([...node.argv, claudeFile], { stdin: JSON.stringify(payload), env: h.env, cwd: h.project });
  await run(p.arm);
  await run(p.write);
  const dir = join(h.env.STOPLINE_HOME, 'runtime');
  const own = readdirSync(dir).find((f) => f.endsWith('.jsonl'));
  const sample = readFileSync(join(dir, own), 'utf8').trim().split('\n').pop();
  const template = JSON.parse(sample);
  // the views list sessions by their state file, so each seeded log gets one (a copy of the
  // measured session's) or `stopline runtime --all` would never read its records
  const ownKey = own.replace(/\.jsonl$/, '');
  const state = readFileSync(join(h.env.STOPLINE_HOME, 'sessions', `${ownKey}.json`), 'utf8');
  let written = 0;
  for (let f = 0; written < count; f++) {
    const key = `ee${f.toString(16).padStart(30, '0')}`; // a session key is 32 hex digits or the views skip it
    const n = Math.min(PER_FILE, count - written);
    const lines = [];
    for (let i = 0; i < n; i++) lines.push(JSON.stringify({ ...template, sessionKey: key, eventId: `evt_${(written + i).toString(16).padStart(20, '0')}` }));
    writeFileSync(join(h.env.STOPLINE_HOME, 'sessions', `${key}.json`), state.split(ownKey).join(key), { mode: 0o600 });
    const fd = openSync(join(dir, `${key}.jsonl`), 'w', 0o600);
    writeSync(fd, lines.join('\n') + '\n');
    closeSync(fd);
    written += n;
  }
  return { ...h, payloads: p };
}

export async function benchEvidenceScale(timer, { node, dist, sizes, runs, warmup, log }) {
  const claudeFile = join(dist, 'claude', 'stopline.mjs');
  const homes = [];
  for (const size of sizes) {
    const t0 = Date.now();
    homes.push({ size, ...(await seededHome(timer, node, claudeFile, size)) });
    log(`  seeded ${size} records in ${Date.now() - t0} ms`);
  }
  const samples = homes.map(() => ({ wall: [], cpu: [] }));
  for (let round_ = 0; round_ < warmup + runs; round_++) {
    // rotate the starting size every round so no size always runs first
    for (let j = 0; j < homes.length; j++) {
      const k = (j + round_) % homes.length;
      const h = homes[k];
      const r = await timer.run([...node.argv, claudeFile], { stdin: JSON.stringify(h.payloads.write), env: h.env, cwd: h.project });
      if (r.error || !/"deny"/.test(r.stdout)) throw new Error(`scale ${h.size}: expected a deny, got ${r.error ?? r.stdout.slice(0, 200)}`);
      if (round_ >= warmup) {
        samples[k].wall.push(r.wall_ms);
        samples[k].cpu.push(r.user_ms + r.sys_ms);
      }
    }
  }
  const base = median(samples[0].wall);
  const baseCpu = median(samples[0].cpu);
  const rows = homes.map((h, k) => ({
    records: h.size, wall: summarize(samples[k].wall), cpu: summarize(samples[k].cpu),
    vsEmpty: median(samples[k].wall) / base, cpuVsEmpty: median(samples[k].cpu) / baseCpu,
  }));
  for (const r of rows) log(`  hook with ${String(r.records).padStart(7)} records: median ${round(r.wall.median, 1)} ms (${round(r.vsEmpty, 3)}x empty), cpu ${round(r.cpu.median, 1)} ms (${round(r.cpuVsEmpty, 3)}x)`);
  return { rows, homes: homes.map((h) => ({ records: h.size, env: h.env, project: h.project })) };
}

/** `stopline runtime --all --json` over the largest home. */
export async function benchSummary(timer, { node, dist, home, runs, log }) {
  const wall = [];
  const cpu = [];
  let counted = null;
  for (let i = 0; i < runs; i++) {
    const r = await timer.run([...node.argv, join(dist, 'stopline.mjs'), 'runtime', '--all', '--json'], { env: home.env, cwd: home.project, maxStdout: 256 * 1024 * 1024 });
    if (r.error || r.code !== 0) throw new Error(`stopline runtime exit ${r.code}: ${r.error ?? r.stderr.slice(0, 300)}`);
    wall.push(r.wall_ms);
    cpu.push(r.user_ms + r.sys_ms);
    counted = JSON.parse(r.stdout).summary;
  }
  // the seeded records plus the measured session's own (its contract and the timed denies)
  const ok = counted.checks >= home.records;
  const row = { records: home.records, checksCounted: counted.checks, sessionsCounted: counted.sessions, wall: summarize(wall), cpu: summarize(cpu), target: 2000, pass: ok && median(wall) <= 2000 };
  log(`  stopline runtime --all over ${home.records} records (it counted ${counted.checks} checks in ${counted.sessions} sessions): median ${round(row.wall.median, 0)} ms, cpu ${round(row.cpu.median, 0)} ms`);
  return row;
}

/** 64 hook processes at once, each launching one subagent under agents=8. */
export async function benchAgentRace({ node, dist, processes = 64, budget = 8, log }) {
  const h = benchHome();
  const claudeFile = join(dist, 'claude', 'stopline.mjs');
  const p = hookPayloads('claude', h.project, 'bench-race');
  const arm = { ...p.arm, prompt: `/stopline:stopline change agents=${budget} -- fan out` };
  const once = (payload) => new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(node.argv[0], [...node.argv.slice(1), claudeFile], { env: h.env, cwd: h.project, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (err += b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, code, out, err }));
    child.stdin.end(JSON.stringify(payload));
  });
  const armed = await once(arm);
  if (!armed.out.includes(`agents=0/${budget}`)) throw new Error(`race: contract not armed: ${armed.out.slice(0, 200)}`);
  const calls = Array.from({ length: processes }, (_, i) => ({ ...p.write, tool_name: 'Agent', tool_input: { description: `bench ${i}`, prompt: 'reply', subagent_type: 'general-purpose', run_in_background: false }, tool_use_id: `toolu_race_${i}` }));
  const results = await Promise.all(calls.map(once));
  const granted = results.filter((r) => r.code === 0 && !/"deny"/.test(r.out)).length;
  const failed = results.filter((r) => r.code !== 0).length;
  const wall = summarize(results.map((r) => r.ms));
  // a grant the guard gave only because it could not decide (lock timeout, failing open) is
  // not a budget grant; count those apart so an over-grant shows its cause
  const grantedByFailOpen = results.filter((r) => r.code === 0 && !/"deny"/.test(r.out) && /fail(ing)? open/i.test(r.err)).length;
  const stderrSample = results.find((r) => r.err.trim())?.err.trim().split('\n')[0].slice(0, 300) ?? null;
  const row = { processes, budget, granted, grantedByFailOpen, stderrSample, failedProcesses: failed, wall, pass: granted === budget, sampleDeny: results.find((r) => /"deny"/.test(r.out))?.out.slice(0, 300) ?? null };
  log(`  ${processes} processes, agents=${budget}: granted ${granted} (${grantedByFailOpen} by failing open: ${stderrSample}), wait median ${round(wall.median, 0)} ms, p99 ${round(wall.p99, 0)} ms`);
  return row;
}

/** The seeded homes hold up to ~450 MB; remove them once measured. */
export function removeHomes(homes) {
  for (const h of homes) rmSync(join(h.env.STOPLINE_HOME, '..'), { recursive: true, force: true });
}
