/**
 * The core end to end, as a host door would drive it: a Bash call the analysis cannot prove
 * (`npm test`), analysed and answered through handleEvent (project.ts) on a door that can
 * rewrite; then the rewritten command run with bash in a real project, as the host would run it.
 * Needs bubblewrap (CI installs it).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSessionEvents } from '../../../core/evidence/log';
import { sessionStore } from '../../../core/state/session';
import { drive, project, runAsHost } from './project';

/** A small npm project under git: its test writes the config, tries a file outside, and build output. */
function npmProject() {
  const p = project('confine-core', { npm_config_update_notifier: 'false' });
  writeFileSync(join(p.home, 'canary.txt'), 'canary\n');
  writeFileSync(join(p.proj, '.gitignore'), 'dist/\n');
  writeFileSync(join(p.proj, 'package.json'), JSON.stringify({ name: 'fixture', private: true, scripts: { test: 'node check.js' } }));
  writeFileSync(
    join(p.proj, 'check.js'),
    [
      "const fs = require('fs');",
      "const tryWrite = (p) => { try { fs.writeFileSync(p, 'x'); return 'written'; } catch (e) { return e.code; } };",
      "fs.mkdirSync('dist', { recursive: true });",
      "console.log('dist:', tryWrite('dist/out.js'));",
      "console.log('config:', tryWrite('src/config.ts'));",
      "console.log('outside:', tryWrite('src/other.ts'));",
      "console.log('home:', tryWrite(require('os').homedir() + '/canary.txt'));",
      "console.log('4 tests passed');",
    ].join('\n'),
  );
  return p;
}

describe('a confined npm test', () => {
  it('files=src/config.ts: rewritten; the run writes the config and build output, nothing else', () => {
    const p = npmProject();
    expect(`${drive(p, '$stopline change files=src/config.ts -- fix the port', 'npm test', {}).kind}`).toBe('deny');
    const o = drive(p, '$stopline change files=src/config.ts -- fix the port', 'npm test');
    expect(o).toMatchObject({ kind: 'rewrite', reasonCode: 'CONFINED' });
    expect(o.message).toContain('files=src/config.ts');
    const r = runAsHost(p, o.rewrite!.command);
    expect(r.stdout).toContain('dist: written');
    expect(r.stdout).toContain('config: written');
    expect(r.stdout).toContain('outside: EROFS');
    expect(r.stdout).toContain('home: EROFS');
    expect(r.stdout).toContain('4 tests passed');
    expect(r.status).toBe(0);
    expect(readFileSync(join(p.proj, 'src', 'config.ts'), 'utf8')).toBe('x');
    expect(existsSync(join(p.proj, 'src', 'other.ts'))).toBe(false);
    expect(readFileSync(join(p.home, 'canary.txt'), 'utf8')).toBe('canary\n');
  });

  it('review: rewritten; the project stays as it was, and a failing run says why on stderr', () => {
    const p = npmProject();
    const o = drive(p, '$stopline review -- look at the port', 'npm test');
    expect(o).toMatchObject({ kind: 'rewrite', reasonCode: 'CONFINED' });
    const r = runAsHost(p, o.rewrite!.command);
    expect(r.stdout).toContain('config: EROFS');
    expect(r.stdout).toContain('dist: written');
    expect(readFileSync(join(p.proj, 'src', 'config.ts'), 'utf8')).toBe('export const port = 80;\n');
    const failing = drive(p, '$stopline review -- look', 'node -e "require(\'fs\').writeFileSync(\'src/config.ts\', \'y\')"');
    const f = runAsHost(p, failing.rewrite!.command);
    expect(f.status).not.toBe(0);
    expect(f.stderr).toContain('Read-only file system');
    expect(f.stderr).toContain('stopline: this command ran confined to the contract (mode review: nothing in the project writable');
  });

  it('a proven read runs as it is; a proven write outside files= keeps its STOP stamp', () => {
    const p = npmProject();
    expect(drive(p, '$stopline change files=src/config.ts -- x', 'cat src/config.ts')).toMatchObject({ kind: 'none', reasonCode: 'WITHIN_CONTRACT' });
    const d = drive(p, '$stopline change files=src/config.ts -- x', 'echo x > lib.ts');
    expect(d).toMatchObject({ kind: 'deny', reasonCode: 'PATH_OUTSIDE_CONTRACT' });
    expect(d.message).toContain('STOP /');
  });

  it('evidence: allowed as CONFINED with the unproven rule and counts, and no path or command text', () => {
    const p = npmProject();
    drive(p, '$stopline change files=src/config.ts -- x', 'npm test');
    const events = readSessionEvents(p.data, sessionStore(p.data, 's-1').key).records;
    const check = events.filter((e) => e.type === 'check').pop()!;
    expect(check.decision).toMatchObject({ verdict: 'allow', outcome: 'allow', reasonCode: 'CONFINED', response: 'rewrite_returned' });
    expect(check.confined).toMatchObject({ rules: ['WRITE_PATH_UNPROVEN'], unguarded: 0 });
    expect(check.confined!.writable).toBeGreaterThan(0);
    const text = JSON.stringify(events);
    for (const secret of [p.proj, p.home, 'config.ts', 'npm test', 'bwrap']) expect(text).not.toContain(secret);
  });
});
