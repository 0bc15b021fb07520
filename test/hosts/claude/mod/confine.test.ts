/**
 * The Claude Code mod confines a command the analysis cannot prove, as the command hooks do:
 * the built mod (loaded as Claude Code loads it, ./mod-host.ts) answers with the short form
 * every door hands back (`'/bin/sh' '<data>/confined/<hash>.sh' '<command>'`), whose launcher,
 * on disk before the answer, runs the plugin's own hook script with `--stopline-confine`, which
 * builds the sandbox when the command runs (hosts/shared/confine-run.ts). The rewrite is then
 * run by a shell, as Claude Code's Bash tool runs it: the model's command arrives whole (quotes,
 * `$`, a newline), writes the allowed file and cannot write the README beside it. A launcher
 * changed on disk is written again before it is handed back; a link in its place, or in place
 * of its folder, leaves Claude Code the runner line inline.
 *
 * The fixture lives under the repository's `.tmp/`, not in a temp folder, which a confined
 * command may write.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSandbox } from '../../../../core/confine/probe';
import { confineFixtures, repoTempRoot } from '../../harness';
import { handedBackConfined } from '../../../scenarios/parity';
import { readEvidence, readTimings, requireArtifact } from '../../shared/real-host';
import { ModHost } from './mod-host';

const bundle = requireArtifact('claude', 'hooks', 'stopline-mod.mjs');
const script = requireArtifact('claude', 'stopline.mjs');
const pluginRoot = dirname(script);
const SANDBOX = probeSandbox(process.env as Record<string, string>);
const SESSION = '5d1b3c2e-0000-4000-8000-0000000000c1';
const root = repoTempRoot('mod-confine');
const fixture = confineFixtures(root);

/**
 * What the model asks to run: a quote of each kind, a `$` that must stay text, a newline, and a
 * script the analysis cannot read that writes inside and outside files=.
 */
const COMMAND = [`printf '%s|' "it's" 'say "hi"' '$NOT_EXPANDED' "$(echo sub)"`, `sh scripts/w.sh; exit 7`].join('\n');

function person(env: Record<string, string> = {}) {
  const { home, project } = fixture();
  mkdirSync(join(project, 'scripts'));
  writeFileSync(join(project, 'scripts', 'w.sh'), 'echo written > src/config.ts\necho x > README.md\n');
  const data = join(home, '.claude', 'plugins', 'data', 'stopline-inline');
  const load = () =>
    new ModHost(bundle, {
      env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      hookEnv: { CLAUDE_PID: '4242', CLAUDE_PROJECT_DIR: project, CLAUDE_PLUGIN_DATA: data, CLAUDE_CODE_SESSION_ATTENDED: '0', CLAUDE_PLUGIN_ROOT: pluginRoot },
    });
  return { home, project, data, host: load(), load };
}

type Person = ReturnType<typeof person>;

async function arm(p: Person, prompt: string): Promise<void> {
  const base = { session_id: SESSION, transcript_path: join(p.home, 't.jsonl'), cwd: p.project };
  await p.host.raise('classic.SessionStart', { ...base, hook_event_name: 'SessionStart', source: 'startup' });
  await p.host.raise('classic.UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt_id: 'p1', permission_mode: 'default', prompt });
}

async function bash(p: Person, command: string): Promise<{ updatedInput?: { command?: string; description?: string }; deny?: string; ask?: string }> {
  await p.host.raise('tool.call', { tool: 'Bash', tool_use_id: 'toolu_c', command, description: 'run it' });
  const r = await p.host.raise('classic.PreToolUse', { tool: 'Bash', tool_use_id: 'toolu_c', command, description: 'run it' });
  await p.host.settle();
  return r.value as { updatedInput?: { command?: string } };
}

const evidence = (p: Person) => readEvidence(p.data);

/** The launcher script a short form runs. */
function launcherOf(rewritten: string): string {
  const m = /^'\/bin\/sh' '([^']+)' '/.exec(rewritten);
  expect(m, rewritten).not.toBeNull();
  return m![1]!;
}

/** The rewritten command as Claude Code's Bash tool runs it: bash -c in the project, the session's environment. */
function runAsClaude(p: Person, command: string, env: Record<string, string> = {}) {
  return spawnSync('bash', ['-c', command], { cwd: p.project, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: p.home, CLAUDE_PID: '4242', STOPLINE_CLAUDE_MOD: '4242', ...env }, timeout: 60_000 });
}

describe('the Claude mod confines an unproven command by deferring the sandbox to run time', () => {
  it('change files=src/config.ts: the rewrite names the plugin hook script and carries the command whole; run, it writes only src/config.ts', async () => {
    const p = person();
    await arm(p, '$stopline change files=src/config.ts -- fix it and run the tests');
    const answer = await bash(p, COMMAND);
    expect(answer.deny, JSON.stringify(answer)).toBeUndefined();
    const rewritten = answer.updatedInput?.command ?? '';
    // the short form, its launcher in the data folder, on disk, private, handing its argument to the hook script
    expect(handedBackConfined(rewritten, p.home), rewritten).toBe(true);
    const launcher = launcherOf(rewritten);
    expect(launcher.startsWith(`${join(p.data, 'confined')}/`)).toBe(true);
    expect(rewritten).toBe(`'/bin/sh' '${launcher}' '${COMMAND.replace(/'/g, `'\\''`)}'`);
    expect(readFileSync(launcher, 'utf8')).toContain(`'${script}' --stopline-confine '`);
    expect(statSync(launcher).mode & 0o777).toBe(0o600);
    // the rest of the tool input is kept
    expect(answer.updatedInput?.description).toBe('run it');
    const records = evidence(p).filter((r) => r.decision?.reasonCode === 'CONFINED');
    expect(records).toHaveLength(1);
    expect(records[0]!.confined).toMatchObject({ rules: ['WRITE_PATH_UNPROVEN'], deferred: true });

    const r = runAsClaude(p, rewritten);
    if (!SANDBOX.ok) {
      expect(r.status).toBe(126);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('stopline: not run: this command cannot be confined here');
      expect(readFileSync(join(p.project, 'src', 'config.ts'), 'utf8')).toBe('before\n');
      return;
    }
    expect(r.stdout).toBe(`it's|say "hi"|$NOT_EXPANDED|sub|`);
    expect(r.status).toBe(7);
    expect(readFileSync(join(p.project, 'src', 'config.ts'), 'utf8')).toBe('written\n');
    expect(readFileSync(join(p.project, 'README.md'), 'utf8')).toBe('readme\n');
    expect(r.stderr).toContain('Read-only file system');
    expect(r.stderr).toContain('ran confined to the contract (files=src/config.ts writable');
  });

  it('review: an unproven one-liner is rewritten; run, it writes nothing', async () => {
    const p = person();
    await arm(p, '$stopline review -- look at the project');
    const answer = await bash(p, `python3 -c "open('x.txt','w').write('1')"`);
    const rewritten = answer.updatedInput?.command ?? '';
    expect(handedBackConfined(rewritten, p.home), rewritten).toBe(true);
    expect(readFileSync(launcherOf(rewritten), 'utf8')).toContain('--stopline-confine');
    expect(evidence(p).filter((r) => r.decision?.reasonCode === 'CONFINED')[0]?.confined).toMatchObject({ rules: ['MUTABILITY_UNPROVEN'], deferred: true });
    const r = runAsClaude(p, rewritten);
    expect(r.status).not.toBe(0);
    expect(existsSync(join(p.project, 'x.txt'))).toBe(false);
  });

  it('no contract armed: code that builds the settings path at run time is rewritten; run, the project write is made and the settings file is not', async () => {
    const p = person();
    mkdirSync(join(p.home, '.claude'), { recursive: true });
    writeFileSync(join(p.home, '.claude', 'settings.json'), '{"hooks":{}}\n');
    await arm(p, 'look at the project and run the tests');
    const tamper = `node -e "const fs=require('fs'); fs.writeFileSync('out.txt','made'); fs.writeFileSync(require('os').homedir()+'/.cl'+'aude/settings.json','{}')"`;
    const answer = await bash(p, tamper);
    const rewritten = answer.updatedInput?.command ?? '';
    expect(handedBackConfined(rewritten, p.home), rewritten).toBe(true);
    expect(readFileSync(launcherOf(rewritten), 'utf8')).toContain(`--stopline-confine '{"mode":null,"files":null,`);
    expect(evidence(p).filter((r) => r.decision?.reasonCode === 'CONFINED')[0]?.confined).toMatchObject({ rules: [], deferred: true });
    // where bubblewrap is there but cannot start, the run falls back to the command as it is (preset standard)
    if (!SANDBOX.ok) return;
    const r = runAsClaude(p, rewritten);
    expect(readFileSync(join(p.home, '.claude', 'settings.json'), 'utf8')).toBe('{"hooks":{}}\n');
    expect(r.stderr).toContain('no task contract is armed');
    expect(readFileSync(join(p.project, 'out.txt'), 'utf8')).toBe('made');
  });

  it('a launcher changed on disk after the mod wrote it is written again before it is handed back, and runs as the guard wrote it', async () => {
    const p = person();
    await arm(p, '$stopline change files=src/config.ts -- fix it');
    const first = launcherOf((await bash(p, COMMAND)).updatedInput?.command ?? '');
    const text = readFileSync(first, 'utf8');
    // someone else (not the agent: self-protection stops it) plants other content under the same name
    writeFileSync(first, '#!/bin/sh\necho planted > README.md\n');
    const again = (await bash(p, COMMAND)).updatedInput?.command ?? '';
    expect(launcherOf(again)).toBe(first);
    expect(readFileSync(first, 'utf8')).toBe(text);
    runAsClaude(p, again);
    expect(readFileSync(join(p.project, 'README.md'), 'utf8')).toBe('readme\n');
  });

  it('a launcher goes on disk once, before the run that hands it back; found in place later, it is read, not written again', async () => {
    const timing = join(root, 'reuse-timing.jsonl');
    const p = person({ STOPLINE_TIMING_FILE: timing });
    await arm(p, '$stopline change files=src/config.ts -- fix it');
    const writes = (h: ModHost, path: string) => h.calls.filter((c) => c.noun === 'fs.write' && c.args[0] === path).length;
    const first = (await bash(p, COMMAND)).updatedInput?.command ?? '';
    const launcher = launcherOf(first);
    // the write-out after the answer does not write it a second time
    expect(writes(p.host, launcher)).toBe(1);
    expect((await bash(p, COMMAND)).updatedInput?.command).toBe(first);
    expect(writes(p.host, launcher)).toBe(1);
    // the next process: the same session resumed, the launcher on disk from the first, written again once
    const later = { ...p, host: p.load() };
    await arm(later, '$stopline change files=src/config.ts -- fix it');
    const second = (await bash(later, COMMAND)).updatedInput?.command ?? '';
    expect(second).toBe(first);
    expect(writes(later.host, launcher)).toBe(1);
    expect(handedBackConfined(second, p.home)).toBe(true);
    expect(evidence(p).filter((r) => r.decision?.reasonCode === 'CONFINED').map((r) => (r.confined as { launcher?: true } | undefined)?.launcher)).toEqual([true, true, true]);
    const lines = readTimings<{ hook: string; runs: number }>(timing);
    // a script to put in place takes the run that names it and the one that hands it back
    expect(lines.filter((l) => l.hook === 'PreToolUse').map((l) => l.runs)).toEqual([2, 1, 2]);
  });

  it('a link in place of the launcher, or of its folder, is not written through: Claude Code gets the runner line inline', async () => {
    const p = person();
    await arm(p, '$stopline change files=src/config.ts -- fix it');
    const launcher = launcherOf((await bash(p, COMMAND)).updatedInput?.command ?? '');
    const elsewhere = join(p.home, 'elsewhere.sh');
    writeFileSync(elsewhere, 'kept\n');
    rmSync(launcher);
    symlinkSync(elsewhere, launcher);
    const viaLink = (await bash(p, COMMAND)).updatedInput?.command ?? '';
    expect(viaLink).toContain(`'${script}' --stopline-confine '`);
    expect(viaLink.endsWith(` -- '${COMMAND.replace(/'/g, `'\\''`)}'`)).toBe(true);
    expect(readFileSync(elsewhere, 'utf8')).toBe('kept\n');
    expect(p.host.logs.some((l) => l.debug && l.text.includes("launcher script was not written (ELOOP)"))).toBe(true);
    // the record says what Claude Code was handed: the short form first, then the sandbox inline
    expect(evidence(p).filter((r) => r.decision?.reasonCode === 'CONFINED').map((r) => (r.confined as { launcher?: true } | undefined)?.launcher ?? false)).toEqual([true, false]);
    // the folder itself moved aside and a link to another folder put in its place
    const folder = dirname(launcher);
    const other = join(p.home, 'other-folder');
    mkdirSync(other);
    renameSync(folder, join(p.home, 'moved'));
    symlinkSync(other, folder);
    expect(lstatSync(folder).isSymbolicLink()).toBe(true);
    const viaFolder = (await bash(p, COMMAND)).updatedInput?.command ?? '';
    expect(viaFolder).toContain('--stopline-confine');
    expect(viaFolder.startsWith("'/bin/sh'")).toBe(false);
    expect(existsSync(join(other, launcher.slice(folder.length + 1)))).toBe(false);
  });

  it('STOPLINE_CONFINE=0 in Claude Code’s environment: no rewrite, the command is stopped as before', async () => {
    const p = person({ STOPLINE_CONFINE: '0' });
    await arm(p, '$stopline change files=src/config.ts -- fix it');
    const answer = await bash(p, COMMAND);
    expect(answer.updatedInput).toBeUndefined();
    expect(answer.deny).toContain('WRITE_PATH_UNPROVEN');
    expect(evidence(p).some((r) => r.decision?.reasonCode === 'CONFINED')).toBe(false);
  });

  it('no bubblewrap on PATH when the mod starts: no rewrite, the command is stopped as before', async () => {
    const empty = mkdtempSync(join(root, 'nobin-'));
    const p = person({ PATH: empty });
    await arm(p, '$stopline change files=src/config.ts -- fix it');
    const answer = await bash(p, COMMAND);
    expect(answer.updatedInput).toBeUndefined();
    expect(answer.deny).toContain('WRITE_PATH_UNPROVEN');
  });

  it('a proven read is not rewritten', async () => {
    const p = person();
    await arm(p, '$stopline change files=src/config.ts -- fix it');
    const answer = await bash(p, 'git status');
    expect(answer.updatedInput).toBeUndefined();
    expect(answer.deny).toBeUndefined();
  });
});
