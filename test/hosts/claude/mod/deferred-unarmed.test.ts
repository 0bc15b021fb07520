/**
 * The Claude Code mod's deferred confinement with no contract armed: the mod names no mode in the
 * scope (mode null), the run reads it back as "everything but what stopline protects", and the
 * hook script's run (hosts/shared/confine-run.ts, called here in this process) builds that
 * sandbox: the project write is made, the host's settings file is not. A scope that names no mode
 * but a files list is refused, so the word cannot say two things.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDeferred } from '../../../../core/confine/deferred';
import { probeSandbox } from '../../../../core/confine/probe';
import { confineCommand as modConfine, sawBubblewrap } from '../../../../hosts/claude/mod/confine';
import { runConfined } from '../../../../hosts/shared/confine-run';
import { project } from '../../../core/confine/project';

const SANDBOX = probeSandbox(process.env as Record<string, string>);

/** The scope word and command the mod hands over, as the hook script receives them. */
function handedOver(contract: { mode: 'unconfirmed' | 'review'; level: 'watch' | 'guard'; files: string[] | null }, command: string) {
  sawBubblewrap(true);
  const r = modConfine({ command, contract, project: '/w/p', env: { CLAUDE_PLUGIN_ROOT: '/plugin' }, protectedPaths: [], now: 0, configOn: true, rules: [] });
  if (!r.ok) throw new Error(r.why);
  const m = / --stopline-confine ('(?:[^']|'\\'')*') -- /.exec(r.command);
  const word = m![1]!.slice(1, -1).replace(/'\\''/g, "'");
  return { r, word };
}

describe('the scope word with no contract armed', () => {
  it('a fresh session: mode null, no files; the note names no contract', () => {
    const { r, word } = handedOver({ mode: 'unconfirmed', level: 'watch', files: null }, 'make');
    expect(JSON.parse(word)).toMatchObject({ mode: null, files: null });
    expect(r.ok && r.message).not.toContain('confined to the contract');
    expect(readDeferred([word, '--', 'make'])).toMatchObject({ ok: true, scope: { mode: null, files: null } });
  });

  it('watch over a named mode: mode null too (the contract is only watched)', () => {
    expect(JSON.parse(handedOver({ mode: 'review', level: 'watch', files: ['src/**'] }, 'make').word)).toMatchObject({ mode: null, files: null });
    expect(JSON.parse(handedOver({ mode: 'review', level: 'guard', files: null }, 'make').word)).toMatchObject({ mode: 'review' });
  });

  it('no mode with a files list is refused', () => {
    expect(readDeferred([JSON.stringify({ mode: null, files: ['a'], project: '/w/p', rules: [] }), '--', 'make'])).toMatchObject({ ok: false, why: 'its scope has a files list and no mode' });
  });
});

describe.skipIf(!SANDBOX.ok)('the run with no contract armed', () => {
  it('the project write is made, the host settings file is not', async () => {
    const p = project('deferred-unarmed');
    mkdirSync(join(p.home, '.claude'), { recursive: true });
    writeFileSync(join(p.home, '.claude', 'settings.json'), '{"hooks":{}}\n');
    const word = JSON.stringify({ mode: null, files: null, project: p.proj, rules: [] });
    const command = `echo made > out.txt; echo '{}' > "$HOME/.cl""aude/settings.json"; exit 3`;
    const lines: string[] = [];
    const status = await runConfined([word, '--', command], { env: p.env, cwd: p.proj, uid: process.getuid?.() ?? null, stderr: async (t) => void lines.push(t) });
    expect(lines).toEqual([]);
    expect(status).toBe(3);
    expect(readFileSync(join(p.proj, 'out.txt'), 'utf8')).toBe('made\n');
    expect(readFileSync(join(p.home, '.claude', 'settings.json'), 'utf8')).toBe('{"hooks":{}}\n');
  });
});

describe('the run with no contract armed, where no sandbox can be built', () => {
  const command = 'echo made > out.txt; exit 4';
  const runOff = async (p: ReturnType<typeof project>) => {
    const lines: string[] = [];
    const word = JSON.stringify({ mode: null, files: null, project: p.proj, rules: [] });
    const status = await runConfined([word, '--', command], { env: { ...p.env, STOPLINE_CONFINE: '0' }, cwd: p.proj, uid: null, stderr: async (t) => void lines.push(t) });
    return { status, lines };
  };

  it('preset standard: runs as it is, as every other door answers it', async () => {
    const p = project('deferred-unarmed-off');
    expect(await runOff(p)).toEqual({ status: 4, lines: [] });
    expect(readFileSync(join(p.proj, 'out.txt'), 'utf8')).toBe('made\n');
  });

  it('preset strict: not run (nobody can be asked here), and the line says why', async () => {
    const p = project('deferred-unarmed-strict');
    mkdirSync(join(p.home, '.config', 'stopline'), { recursive: true });
    writeFileSync(join(p.home, '.config', 'stopline', 'stopline.json'), JSON.stringify({ floor: { preset: 'strict' } }));
    const r = await runOff(p);
    expect(r.status).toBe(126);
    expect(r.lines.join('')).toContain('stopline: not run: confinement is off (STOPLINE_CONFINE=0)');
    expect(existsSync(join(p.proj, 'out.txt'))).toBe(false);
  });
});
