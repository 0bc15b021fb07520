/**
 * The short form of a confined command, end to end through the core: the host is handed
 * `'/bin/sh' <script> <command>`, the script (in stopline's data folder, 0600 in 0700, named by the
 * hash of its text) holds the sandbox and never the command, runs as the inline wrapper did, is
 * guarded from the agent like the rest of the data folder, and ages out with the evidence. When
 * the script cannot be written the host gets the whole wrapper inline. Needs bubblewrap (CI
 * installs it).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { handleEvent } from '../../../core/answer/controller';
import { readSessionEvents } from '../../../core/evidence/log';
import { sessionStore } from '../../../core/state/session';
import { pruneOldSessions } from '../../../core/state/retention';
import { act, drive, project, runAsHost } from './project';

const WRITES = `node -e "require('fs').writeFileSync('src/config.ts', 'y'); console.log('it\\'s written')"`;

const SHORT = /^'\/bin\/sh' '([^']+)' /;

describe('the short form', () => {
  it('the host gets sh <script> <command>; the script holds the sandbox, not the command, and runs it confined', () => {
    const p = project('launcher');
    const o = drive(p, '$stopline change files=src/config.ts -- fix the port', WRITES);
    expect(o).toMatchObject({ kind: 'rewrite', reasonCode: 'CONFINED' });
    const command = o.rewrite!.command;
    const script = SHORT.exec(command)?.[1];
    expect(script).toBeDefined();
    expect(o.rewrite!.launcher).toBe(script);
    expect(script!.startsWith(join(p.data, 'confined') + '/')).toBe(true);
    expect(script!).toMatch(/\/[0-9a-f]{40}\.sh$/);
    // the line the host shows: the shell, the script, the model's command quoted once
    expect(command).toBe(`'/bin/sh' '${script}' '${WRITES.replace(/'/g, `'\\''`)}'`);
    expect(command.length).toBeLessThan(WRITES.length + 200);
    const text = readFileSync(script!, 'utf8');
    expect(text).toMatch(/bwrap' /);
    expect(text).not.toContain('writeFileSync');
    expect(lstatSync(script!).mode & 0o777).toBe(0o600);
    expect(lstatSync(join(p.data, 'confined')).mode & 0o777).toBe(0o700);
    const r = runAsHost(p, command);
    expect(r.stdout).toContain("it's written");
    expect(r.status).toBe(0);
    expect(readFileSync(join(p.proj, 'src', 'config.ts'), 'utf8')).toBe('y');
  });

  it('outside files= the write fails inside the sandbox with the note; the status comes back', () => {
    const p = project('launcher');
    const o = drive(p, '$stopline review -- look', WRITES);
    const r = runAsHost(p, `${o.rewrite!.command}; echo "status $?"`);
    expect(r.stderr).toContain('Read-only file system');
    expect(r.stderr).toContain('stopline: this command ran confined to the contract (mode review');
    expect(r.stdout).toMatch(/status [1-9]/);
    expect(readFileSync(join(p.proj, 'src', 'config.ts'), 'utf8')).toBe('export const port = 80;\n');
  });

  it('one plan is one script: another command under the same contract reuses it', () => {
    const p = project('launcher');
    const a = drive(p, '$stopline review -- look', 'npm test');
    const b = act(p, 'Bash', { command: 'make check' });
    expect(SHORT.exec(a.rewrite!.command)?.[1]).toBe(SHORT.exec(b.rewrite!.command)?.[1]);
    expect(readdirSync(join(p.data, 'confined'))).toHaveLength(1);
  });

  it('a launcher run with anything but one argument runs nothing', () => {
    const p = project('launcher');
    const o = drive(p, '$stopline review -- look', 'npm test');
    const script = SHORT.exec(o.rewrite!.command)![1]!;
    const r = spawnSync('/bin/sh', [script], { encoding: 'utf8' });
    expect(r.status).toBe(126);
    expect(r.stderr).toContain('takes exactly one argument');
  });

  it('evidence says the short form was handed back, without the script name or the command', () => {
    const p = project('launcher');
    const o = drive(p, '$stopline review -- look', 'npm test');
    const events = readSessionEvents(p.data, sessionStore(p.data, 's-1').key).records;
    const check = events.filter((e) => e.type === 'check').pop()!;
    expect(check.confined).toMatchObject({ launcher: true });
    const text = JSON.stringify(events);
    for (const secret of [SHORT.exec(o.rewrite!.command)![1]!, 'npm test', 'confined/']) expect(text).not.toContain(secret);
  });

  it('a script that cannot be written: the host gets the whole sandbox inline, with a line saying so', () => {
    const p = project('launcher');
    mkdirSync(p.data, { recursive: true, mode: 0o700 });
    writeFileSync(join(p.data, 'confined'), 'not a folder');
    const o = drive(p, '$stopline change files=src/config.ts -- fix', WRITES);
    expect(o).toMatchObject({ kind: 'rewrite', reasonCode: 'CONFINED' });
    expect(o.rewrite!.command).toMatch(/^'\/[^']*bwrap' /);
    expect(o.rewrite!.launcher).toBeUndefined();
    expect(o.diagnostics?.join('\n')).toContain("launcher script was not written");
    const r = runAsHost(p, o.rewrite!.command);
    expect(r.status).toBe(0);
    expect(readFileSync(join(p.proj, 'src', 'config.ts'), 'utf8')).toBe('y');
    const check = readSessionEvents(p.data, sessionStore(p.data, 's-1').key).records.filter((e) => e.type === 'check').pop()!;
    expect(check.confined?.launcher).toBeUndefined();
  });

  it('a link where the folder should be is refused: nothing is written where it leads', () => {
    const p = project('launcher');
    const elsewhere = join(p.root, 'elsewhere');
    mkdirSync(elsewhere);
    mkdirSync(p.data, { recursive: true, mode: 0o700 });
    symlinkSync(elsewhere, join(p.data, 'confined'));
    const o = drive(p, '$stopline review -- look', 'npm test');
    expect(o.rewrite?.command ?? '').not.toMatch(SHORT);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});

describe('a launcher folder others may write', () => {
  it('holding only stopline\'s files: closed to 0700, then used', () => {
    const p = project('launcher');
    drive(p, '$stopline review -- look', 'npm test');
    chmodSync(join(p.data, 'confined'), 0o777);
    const o = act(p, 'Bash', { command: 'make check' });
    expect(o.rewrite?.command).toMatch(SHORT);
    expect(lstatSync(join(p.data, 'confined')).mode & 0o777).toBe(0o700);
  });

  it.skipIf(process.getuid?.() !== 0)('holding another user\'s file: refused, no launcher handed out, the folder named', () => {
    const p = project('launcher');
    drive(p, '$stopline review -- look', 'npm test');
    const planted = join(p.data, 'confined', `${'d'.repeat(40)}.sh`);
    writeFileSync(planted, 'echo planted\n');
    chownSync(planted, 4242, 4242);
    chmodSync(join(p.data, 'confined'), 0o777);
    const o = act(p, 'Bash', { command: 'make check' });
    expect(o.rewrite?.command ?? '').not.toMatch(SHORT);
    expect(o.kind).not.toBe('rewrite');
    expect(o.diagnostics?.join('\n')).toContain(join(p.data, 'confined'));
  });
});

describe('the launcher folder is stopline’s own', () => {
  it('a Write or a Bash redirect into it is stopped as self-protection, under every mode', () => {
    const p = project('launcher');
    const o = drive(p, '$stopline change -- anything', 'npm test');
    const script = o.rewrite?.launcher ?? join(p.data, 'confined', `${'a'.repeat(40)}.sh`);
    for (const [tool, input] of [
      ['Write', { file_path: script, content: 'echo owned\n' }],
      ['Write', { file_path: join(p.data, 'confined', 'new.sh'), content: 'echo owned\n' }],
      ['Bash', { command: `echo 'rm -rf ~' > ${script}` }],
      ['Bash', { command: `cp /tmp/x.sh ${join(p.data, 'confined')}/` }],
    ] as const) {
      const d = act(p, tool, input);
      expect(d.kind, `${tool} ${JSON.stringify(input)}`).toBe('deny');
      expect(d.reasonCode).toBe('GUARD_SELF_PROTECTION');
    }
    expect(readFileSync(script, 'utf8')).not.toContain('owned');
  });
});

describe('retention', () => {
  it('the pass that prunes old sessions removes launcher scripts nobody used for the window, and only those', () => {
    const p = project('launcher');
    const o = drive(p, '$stopline review -- look', 'npm test');
    const used = o.rewrite!.launcher!;
    const dir = join(p.data, 'confined');
    const old = join(dir, `${'b'.repeat(40)}.sh`);
    const torn = join(dir, `${'c'.repeat(40)}.sh.123.ab12cd34.tmp`);
    const notOurs = join(dir, 'notes.txt');
    for (const f of [old, torn, notOurs]) writeFileSync(f, 'x');
    const past = (Date.now() - 31 * 86_400_000) / 1000;
    for (const f of [old, torn, notOurs]) utimesSync(f, past, past);
    handleEvent({ protocolVersion: 1, sessionId: 'another', host: { family: 'claude' }, cwd: p.proj, kind: 'session.start' }, { env: p.env });
    expect(existsSync(old)).toBe(false);
    expect(existsSync(torn)).toBe(false);
    expect(existsSync(notOurs)).toBe(true);
    expect(existsSync(used)).toBe(true);
  });

  it('a script still in use is written again before it could age out', () => {
    const p = project('launcher');
    const first = drive(p, '$stopline review -- look', 'npm test');
    const script = first.rewrite!.launcher!;
    const past = (Date.now() - 2 * 86_400_000) / 1000;
    utimesSync(script, past, past);
    act(p, 'Bash', { command: 'npm test' });
    expect(Date.now() - lstatSync(script).mtimeMs).toBeLessThan(3_600_000);
    expect(pruneOldSessions(p.data, 1, Date.now())).toBe(0);
    expect(existsSync(script)).toBe(true);
  });
});
