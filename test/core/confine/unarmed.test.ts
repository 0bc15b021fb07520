/**
 * With no contract armed (a fresh session, watch, off) the floor is the only rule: a shell command
 * whose writes nobody can place runs confined away from what stopline protects, so one line of
 * code nobody can read cannot rewrite a host's settings and switch the guard off. The core is
 * driven as a host door drives it (project.ts), and the rewritten command is run with bash in a
 * real project. A proven read or write costs nothing; where no sandbox can hold the command, it
 * runs as before under preset standard and is asked under preset strict. Needs bubblewrap.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSandbox } from '../../../core/confine/probe';
import { readSessionEvents } from '../../../core/evidence/log';
import { selfPathTable } from '../../../core/paths/self-paths';
import { sessionStore } from '../../../core/state/session';
import { writeUserFile } from '../contract/helpers';
import { act, drive, project, runAsHost } from './project';

const SANDBOX = probeSandbox(process.env as Record<string, string>);
const SETTINGS = '{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"stopline"}]}]}}\n';

/** A project, and a home holding the first host settings file stopline protects there, with stopline's hook in it. */
function withSettings(env: Record<string, string> = {}) {
  const p = project('unarmed', env);
  const file = selfPathTable({ env: p.env, dataDir: p.data, projectDir: p.proj }).find((e) => e.path.startsWith(`${p.home}/`) && e.path.endsWith('/settings.json'))!.path;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, SETTINGS);
  // the path below HOME, as code spells it in pieces nobody can place
  const rel = file.slice(p.home.length + 1);
  return { ...p, settings: file, rel };
}

type Place = ReturnType<typeof withSettings>;

/** Code that builds the settings path at run time (no analysis can place it), and writes a project file first. */
const tamper = (p: Place) =>
  `node -e "const fs=require('fs'); fs.writeFileSync('out.txt','made'); const p=require('os').homedir()+'/${p.rel.slice(0, 3)}'+'${p.rel.slice(3)}'; try { fs.writeFileSync(p,'{}'); console.log('settings: written') } catch (e) { console.log('settings:', e.code) }"`;

/** The same from python, the path made of character codes. */
const pyTamper = (p: Place) => `python3 -c "import os; open(os.path.join(os.environ['HOME'], ''.join(map(chr, [${[...p.rel].map((c) => c.charCodeAt(0)).join(', ')}]))),'w').write('{}')"`;

function strict(p: Place) {
  writeUserFile(p.home, { floor: { preset: 'strict' } });
}

const bash = (p: Place, command: string, opts = {}) => act(p, 'Bash', { command }, { canRewrite: true, ...opts });

describe.skipIf(!SANDBOX.ok)('no contract armed: an unplaced write runs confined', () => {
  it('a fresh session: rewritten; the project write is made, the host settings file is not', () => {
    const p = withSettings();
    const o = bash(p, tamper(p));
    expect(o).toMatchObject({ kind: 'rewrite', reasonCode: 'CONFINED' });
    // the note names no contract: nobody set one
    expect(o.message).toContain("stopline's own files and the coding agents' settings");
    expect(o.message).not.toContain('confined to the contract');
    const r = runAsHost(p, o.rewrite!.command);
    expect(r.stdout).toContain('settings: EROFS');
    expect(r.status).toBe(0);
    expect(readFileSync(p.settings, 'utf8')).toBe(SETTINGS);
    expect(readFileSync(join(p.proj, 'out.txt'), 'utf8')).toBe('made');
  });

  it('the same command run plain would have switched the hook off (the fixture can fail)', () => {
    const p = withSettings();
    const r = runAsHost(p, tamper(p));
    expect(r.stdout).toContain('settings: written');
    expect(readFileSync(p.settings, 'utf8')).toBe('{}');
  });

  it('a failing confined run says on stderr what was kept out, in words for no contract', () => {
    const p = withSettings();
    const o = bash(p, pyTamper(p));
    expect(o).toMatchObject({ kind: 'rewrite', reasonCode: 'CONFINED' });
    const r = runAsHost(p, o.rewrite!.command);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('Read-only file system');
    expect(r.stderr).toContain('no task contract is armed');
    expect(readFileSync(p.settings, 'utf8')).toBe(SETTINGS);
  });

  it('watch level: confined too, and the model still reads the WATCH note', () => {
    const p = withSettings();
    const o = drive(p, '$stopline review watch -- look', tamper(p));
    expect(o).toMatchObject({ kind: 'rewrite', reasonCode: 'CONFINED' });
    expect(o.message).toContain('WATCH');
    expect(o.message).toContain('MUTABILITY_UNPROVEN');
    const r = runAsHost(p, o.rewrite!.command);
    expect(r.stdout).toContain('settings: EROFS');
    // watch holds nothing of the contract: the project write is made
    expect(readFileSync(join(p.proj, 'out.txt'), 'utf8')).toBe('made');
  });

  it('off: confined too (the floor stays on)', () => {
    const p = withSettings();
    const o = drive(p, '$stopline off', tamper(p));
    expect(o).toMatchObject({ kind: 'rewrite', reasonCode: 'CONFINED' });
    runAsHost(p, o.rewrite!.command);
    expect(readFileSync(p.settings, 'utf8')).toBe(SETTINGS);
  });

  it('evidence: CONFINED with no rule, and no path or command text', () => {
    const p = withSettings();
    bash(p, tamper(p));
    const events = readSessionEvents(p.data, sessionStore(p.data, 's-1').key).records;
    const check = events.filter((e) => e.type === 'check').pop()!;
    expect(check.decision).toMatchObject({ verdict: 'allow', reasonCode: 'CONFINED', response: 'rewrite_returned' });
    expect(check.confined).toMatchObject({ rules: [] });
    const text = JSON.stringify(events);
    for (const secret of [p.proj, p.home, p.rel, 'node -e']) expect(text).not.toContain(secret);
  });
});

describe('no contract armed: what the analysis places costs nothing', () => {
  it.each([
    ['a proven read', 'cat src/config.ts'],
    ['a proven write inside the project', 'echo x > out.txt'],
    ['a proven write with a literal path', 'sed -i s/80/81/ src/config.ts'],
  ])('%s runs as it is', (_label, command) => {
    const p = withSettings();
    expect(bash(p, command)).toMatchObject({ kind: 'none', reasonCode: 'CONTROL_INACTIVE' });
  });
});

describe('no contract armed, no sandbox to hold it', () => {
  const SWITCHED_OFF = { STOPLINE_CONFINE: '0' };

  it('preset standard: the host runs no rewritten command, so it runs as it is', () => {
    const p = withSettings();
    expect(bash(p, tamper(p), { canRewrite: false })).toMatchObject({ kind: 'none', reasonCode: 'CONTROL_INACTIVE' });
  });

  it('preset standard: STOPLINE_CONFINE=0, so it runs as it is', () => {
    const p = withSettings(SWITCHED_OFF);
    expect(bash(p, tamper(p))).toMatchObject({ kind: 'none', reasonCode: 'CONTROL_INACTIVE' });
  });

  it('preset strict: asked, with a stamp that names no contract', () => {
    const p = withSettings();
    strict(p);
    const o = bash(p, tamper(p), { canRewrite: false, canAsk: true });
    expect(o).toMatchObject({ kind: 'ask', reasonCode: 'GUARD_SELF_UNPROVEN' });
    expect(o.message).toContain('No task contract is armed');
    const off = withSettings(SWITCHED_OFF);
    strict(off);
    expect(bash(off, tamper(off), { canAsk: true })).toMatchObject({ kind: 'ask', reasonCode: 'GUARD_SELF_UNPROVEN' });
  });

  it('preset strict: a proven write is not asked', () => {
    const p = withSettings();
    strict(p);
    expect(bash(p, 'echo x > out.txt', { canRewrite: false, canAsk: true })).toMatchObject({ kind: 'none' });
  });

  it('preset strict: `$stopline allow` lets the asked command through for the session', () => {
    const p = withSettings();
    strict(p);
    expect(bash(p, tamper(p), { canRewrite: false })).toMatchObject({ kind: 'deny', reasonCode: 'GUARD_SELF_UNPROVEN' });
    expect(drive(p, '$stopline allow', tamper(p), { canRewrite: false })).toMatchObject({ kind: 'none' });
  });
});
