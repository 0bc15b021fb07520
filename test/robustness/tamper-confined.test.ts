/**
 * The launcher scripts of confined commands (`<data>/confined/<hash>.sh`, core/confine/launcher.ts)
 * are run by the host on the guard's word: an agent that could write one could run anything
 * under the name of a confined command. Through every route the tamper corpus knows (each host's
 * file tools, shell redirection, cp/mv/ln/tee/sed, an interpreter one-liner naming the path), a
 * write to a launcher, new or in use, is stopped as self-protection on every host. The one
 * exception is a path that is only text inside an interpreter's code (`python3 -c "open('…')"`):
 * the analysis does not read that code, so the command is unproven and runs only confined, where
 * the data folder is not writable (run here, it fails and the launcher is unchanged), or is
 * stopped as unproven where no sandbox starts.
 *
 * A launcher planted anyway (by someone else, outside the agent) is not trusted: before the guard
 * hands back the short form it puts its own text in place whenever the file there differs, and
 * a link in place of the script is never written through (the host gets the sandbox inline).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { probeSandbox } from '../../core/confine/probe';
import { driverFor, testSandbox } from '../scenarios/drivers';
import type { Sandbox } from '../scenarios/drivers';
import { HOSTS, RENDERERS } from '../scenarios/renderers';
import type { HostName } from '../scenarios/renderers';
import { handedBackConfined } from '../scenarios/parity';

const SHORT_FORM = /^'\/bin\/sh' '([^']+\/confined\/[0-9a-f]{40}\.sh)' /;

/** The data folder a host's driver keeps its sessions in (found on disk: each host places it its own way). */
function dataFolder(box: Sandbox): string | null {
  const walk = (d: string, depth: number): string | null => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return null;
    }
    if (names.includes('sessions') && statSync(join(d, 'sessions')).isDirectory()) return d;
    if (depth === 0) return null;
    for (const n of names) {
      const p = join(d, n);
      if (n === 'project' || !statSync(p, { throwIfNoEntry: false })?.isDirectory()) continue;
      const found = walk(p, depth - 1);
      if (found) return found;
    }
    return null;
  };
  return walk(box.dir, 7);
}

/** Every way the corpus knows to write or change a file, aimed at one launcher path. */
function routes(script: string): { name: string; interpreter?: true; tool: { op: 'write'; path: string; content: string } | { op: 'edit'; path: string; old: string; new: string } | { op: 'shell'; command: string } }[] {
  const q = (s: string) => `'${s}'`;
  return [
    { name: 'the write tool', tool: { op: 'write', path: script, content: '#!/bin/sh\nexec "$@"\n' } },
    { name: 'the edit tool', tool: { op: 'edit', path: script, old: 'exit', new: 'true' } },
    { name: 'redirection >', tool: { op: 'shell', command: `printf 'exec sh -c "$1"\\n' > ${q(script)}` } },
    { name: 'redirection >>', tool: { op: 'shell', command: `echo 'rm -rf ~' >> ${q(script)}` } },
    { name: 'tee', tool: { op: 'shell', command: `echo x | tee ${q(script)}` } },
    { name: 'cp', tool: { op: 'shell', command: `cp README.md ${q(script)}` } },
    { name: 'mv', tool: { op: 'shell', command: `mv a.txt ${q(script)}` } },
    { name: 'ln -s', tool: { op: 'shell', command: `ln -sf /bin/sh ${q(script)}` } },
    { name: 'sed -i', tool: { op: 'shell', command: `sed -i 's/exit/true/' ${q(script)}` } },
    { name: 'python -c', interpreter: true, tool: { op: 'shell', command: `python3 -c "open('${script}', 'w').write('x')"` } },
    { name: 'node -e', interpreter: true, tool: { op: 'shell', command: `node -e "require('fs').writeFileSync('${script}', 'x')"` } },
  ];
}

describe('an agent cannot write or change a confined command launcher, on any host', () => {
  it.each(HOSTS.map((h) => [h] as [HostName]))('%s: every route to a launcher in use and to a new one is stopped as self-protection', async (host) => {
    const box = testSandbox();
    const d = driverFor(host, box);
    await d.prompt('$stopline change files=src/** -- edit');
    const ctx = { project: box.project, home: box.home };
    // a launcher in use, where the host runs confined commands through one
    const confined = await d.tool(RENDERERS[host]({ op: 'shell', command: 'npm test' }, ctx)!);
    const inUse = SHORT_FORM.exec(confined.rewrite ?? '')?.[1];
    const data = inUse ? dirname(dirname(inUse)) : dataFolder(box);
    expect(data, 'the data folder of this host was not found').not.toBeNull();
    const fresh = join(data!, 'confined', `${'5e'.repeat(20)}.sh`);
    const passed: string[] = [];
    for (const script of inUse ? [inUse, fresh] : [fresh]) {
      const before = existsSync(script) ? readFileSync(script, 'utf8') : null;
      for (const r of routes(script)) {
        const t = RENDERERS[host](r.tool, ctx);
        // a host without such a tool has no such route
        if (!t) continue;
        const seen = await d.tool(t);
        if (r.interpreter && seen.decision === 'allow' && handedBackConfined(seen.rewrite ?? '', box.dir)) {
          // the path is text inside the interpreter's own code, which the analysis does not read: the
          // command is unproven and runs only confined, where stopline's data folder is not writable
          const ran = spawnSync('bash', ['-c', seen.rewrite!], { cwd: box.project, env: box.env, encoding: 'utf8', timeout: 60_000 });
          expect(ran.status, ran.stderr).not.toBe(0);
          expect(existsSync(script) ? readFileSync(script, 'utf8') : null).toBe(before);
          continue;
        }
        // or, where no sandbox can start (or the host runs no rewritten command), it is stopped as unproven
        if (r.interpreter && seen.decision === 'deny' && /WRITE_PATH_UNPROVEN/.test(seen.stamp ?? '')) continue;
        if (seen.decision === 'allow' || !(seen.stamp ?? '').includes('GUARD_SELF_PROTECTION')) passed.push(`${r.name} -> ${script === inUse ? 'in use' : 'new'}: ${JSON.stringify(seen)}`);
      }
      expect(existsSync(script) ? readFileSync(script, 'utf8') : null).toBe(before);
    }
    expect(passed).toEqual([]);
  }, 120_000);
});

describe('a launcher planted by someone else is not run as found', () => {
  const canConfine = probeSandbox(process.env as Record<string, string>).ok;
  // every door writes the launcher through the same core code; a host that runs no rewritten command gets none
  it.skipIf(!canConfine).each(HOSTS.map((h) => [h] as [HostName]))('%s: other content under the launcher name is replaced before the short form is handed back; a link there is not written through', async (host) => {
    const box = testSandbox();
    const d = driverFor(host, box);
    await d.prompt('$stopline change files=src/** -- edit');
    const ctx = { project: box.project, home: box.home };
    const ask = () => d.tool(RENDERERS[host]({ op: 'shell', command: 'npm test' }, ctx)!);
    const first = await ask();
    const script = SHORT_FORM.exec(first.rewrite ?? '')?.[1];
    if (first.decision !== 'allow') {
      expect(first.stamp ?? '').toContain('WRITE_PATH_UNPROVEN');
      return;
    }
    expect(script, JSON.stringify(first)).toBeDefined();
    const text = readFileSync(script!, 'utf8');
    // the same name, other content, as fresh as the guard's own
    writeFileSync(script!, '#!/bin/sh\nsh -c "$1"\n');
    const again = await ask();
    expect(again.rewrite).toBe(first.rewrite);
    expect(readFileSync(script!, 'utf8')).toBe(text);
    expect(handedBackConfined(again.rewrite ?? '', box.dir)).toBe(true);
    // a link to a file elsewhere in place of the script: the guard never writes through it
    const elsewhere = join(box.dir, 'elsewhere.sh');
    writeFileSync(elsewhere, 'kept\n');
    rmSync(script!);
    symlinkSync(elsewhere, script!);
    const viaLink = await ask();
    expect(viaLink.decision).toBe('allow');
    expect(viaLink.rewrite ?? '').not.toContain(script!);
    expect(handedBackConfined(viaLink.rewrite ?? '', box.dir), viaLink.rewrite).toBe(true);
    expect(readFileSync(elsewhere, 'utf8')).toBe('kept\n');
  }, 120_000);
});
