#!/usr/bin/env node
/**
 * Red-team sets (test/corpus/redteam/set-*.tsv): commands written to break the shell analysis,
 * each set written before the analysis was fixed against it. Columns: kind (M = changes files,
 * runs code or changes state elsewhere; R = a read), family, oracle flag (`o` = the execution
 * oracle can run it in its sandbox: an M must change the sandbox, an R must not; `-` = it needs
 * a network, a service, privileges or a program CI lacks), the command (`␤` = a newline).
 *
 * Prints, per set and per family: mutating commands classified `read` (the soundness number,
 * must be 0), reads classified unknown (asked under review: a cost) and write (denied).
 * Analyses the bundled analysis (as the host artifacts run it).
 *
 *   node test/corpus/redteam/measure.mjs [set-a.tsv …] [--list] [--json]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAnalysis } from '../bundle.mjs';
import { readSet } from './sets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const files = args.filter((a) => a.endsWith('.tsv'));
const sets = (files.length ? files : readdirSync(here).filter((f) => /^set-.*\.tsv$/.test(f)).sort()).map((f) => (f.includes('/') ? f : join(here, f)));

const { mod, cleanup } = await bundleAnalysis();
try {
  const cwd = '/home/dev/project';
  const home = '/home/dev';
  const report = [];
  for (const file of sets) {
    const rows = readSet(readFileSync(file, 'utf8'));
    const fam = new Map();
    const res = { set: basename(file), mutating: 0, reads: 0, mutationsRead: [], readsUnknown: [], readsWrite: [], families: {} };
    for (const r of rows) {
      const a = mod.analyzeShell(r.cmd, { cwd, home });
      const f = fam.get(r.family) ?? { mutating: 0, mutationsRead: 0, reads: 0, readsUnknown: 0, readsWrite: 0 };
      fam.set(r.family, f);
      if (r.kind === 'M') {
        res.mutating++;
        f.mutating++;
        if (a.mutability === 'read') {
          res.mutationsRead.push(r.cmd);
          f.mutationsRead++;
        }
      } else {
        res.reads++;
        f.reads++;
        if (a.mutability === 'unknown') {
          res.readsUnknown.push(r.cmd);
          f.readsUnknown++;
        }
        if (a.mutability === 'write') {
          res.readsWrite.push(r.cmd);
          f.readsWrite++;
        }
      }
    }
    res.families = Object.fromEntries(fam);
    report.push(res);
  }
  if (args.includes('--json')) console.log(JSON.stringify(report.map((r) => ({ ...r, mutationsRead: r.mutationsRead.length, readsUnknown: r.readsUnknown.length, readsWrite: r.readsWrite.length }))));
  else {
    for (const r of report) {
      console.log(`${r.set}: ${r.mutating} mutating, ${r.reads} reads`);
      console.log(`  mutating classified read: ${r.mutationsRead.length}`);
      console.log(`  reads classified unknown (asked under review): ${r.readsUnknown.length}; classified write (denied): ${r.readsWrite.length}`);
      for (const [name, f] of Object.entries(r.families)) {
        if (f.mutationsRead || f.readsUnknown || f.readsWrite) console.log(`    ${name.padEnd(8)} M read ${f.mutationsRead}/${f.mutating}  R unknown ${f.readsUnknown}/${f.reads}  R write ${f.readsWrite}/${f.reads}`);
      }
      if (args.includes('--list')) {
        for (const c of r.mutationsRead) console.log(`MUTATION READ\t${c.replace(/\n/g, '␤')}`);
        for (const c of r.readsWrite) console.log(`READ WRITE\t${c.replace(/\n/g, '␤')}`);
        for (const c of r.readsUnknown) console.log(`READ UNKNOWN\t${c.replace(/\n/g, '␤')}`);
      }
    }
  }
} finally {
  cleanup();
}
