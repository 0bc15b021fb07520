/**
 * `stopline doctor` says which Claude door decides (the mod or the command hooks) and why, from
 * what it can read: the plugin's hooks.json and module, the Claude Code version, managed
 * settings, and what Claude Code's own loader says of the module (claude plugin validate, on the
 * pinned real CLI when it is installed).
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeDoorCheck, claudeDoorFacts, modsOnlyFiles, type ClaudeDoorFacts } from '../../hosts/claude/doctor-door';
import { CLAUDE_MOD_SHELL_GUARD } from '../../hosts/claude/mod-live';
import { tempFoldersPerTest } from '../hosts/shared/real-host';
import { repoRoot } from '../hosts/harness';

const newDir = tempFoldersPerTest('doctor-claude-door');
const guarded = { hooks: { PreToolUse: [{ hooks: [{ command: `${CLAUDE_MOD_SHELL_GUARD}exec node x` }] }] } };
const facts = (over: Partial<ClaudeDoorFacts> = {}): ClaudeDoorFacts => ({
  hooks: { modules: ['./stopline-mod.mjs'], ...guarded },
  moduleExists: true,
  version: '2.1.332 (Claude Code)',
  modsOnlyBy: [],
  validate: { ok: true, detail: 'accepted' },
  ...over,
});

describe('claudeDoorCheck', () => {
  it('the mod decides when it is named, present, validated, on a Claude Code with mods and no policy refuses it', () => {
    const c = claudeDoorCheck(facts());
    expect(c.status).toBe('pass');
    expect(c.detail).toMatch(/^the mod decides, inside Claude Code/);
    expect(c.detail).toContain('--bare');
  });

  it('the command hooks decide, and doctor says why', () => {
    expect(claudeDoorCheck(facts({ modsOnlyBy: ['/etc/claude-code/managed-settings.json'] })).detail).toMatch(/^the command hooks decide: managed settings limit mods .*allowManagedModsOnly in \/etc\/claude-code\/managed-settings.json/);
    expect(claudeDoorCheck(facts({ version: '2.1.200 (Claude Code)' })).detail).toMatch(/^the command hooks decide: Claude Code 2.1.200 has no mods/);
    expect(claudeDoorCheck(facts({ hooks: guarded })).detail).toMatch(/^the command hooks decide: this plugin has no mod/);
    const refused = claudeDoorCheck(facts({ validate: { ok: false, detail: 'X is declared again' } }));
    expect([refused.status, refused.detail]).toEqual(['warn', "the command hooks decide: Claude Code's loader refuses the mod (X is declared again)"]);
    expect(claudeDoorCheck(facts({ moduleExists: false })).status).toBe('warn');
  });

  it('fails when the mod is named but a command hook lacks the guard: both doors would decide', () => {
    const c = claudeDoorCheck(facts({ hooks: { modules: ['./stopline-mod.mjs'], hooks: { PreToolUse: [{ hooks: [{ command: 'exec node x' }] }] } } }));
    expect(c.status).toBe('fail');
  });
});

describe('managed settings', () => {
  it('finds allowManagedModsOnly on the policy plugin, in the file and in drop-ins, and nothing else', () => {
    const dir = newDir();
    mkdirSync(join(dir, 'managed-settings.d'));
    writeFileSync(join(dir, 'managed-settings.json'), JSON.stringify({ allowManagedModsOnly: true }));
    expect(modsOnlyFiles(dir)).toEqual([]);
    writeFileSync(join(dir, 'managed-settings.d', '10-mods.json'), JSON.stringify({ pluginConfigs: { 'cc-plugin-sec-default@builtin': { options: { allowManagedModsOnly: true } } } }));
    expect(modsOnlyFiles(dir)).toEqual([join(dir, 'managed-settings.d', '10-mods.json')]);
  });
});

const claude = join(repoRoot, '.hosts', 'claude', 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe');
const built = join(repoRoot, 'dist', 'claude', 'hooks', 'stopline-mod.mjs');

describe.skipIf(!existsSync(claude) || !existsSync(built))('on the pinned Claude Code', () => {
  it('claude plugin validate accepts the shipped mod, and refuses a module that reads $ as a value', async () => {
    const home = newDir();
    const env = { PATH: process.env.PATH, HOME: home, DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' };
    const shipped = await claudeDoorFacts(join(repoRoot, 'dist', 'claude'), { claude, version: '2.1.332', env, timeoutMs: 60_000, policyDir: newDir() });
    expect(shipped.validate).toEqual({ ok: true, detail: 'accepted' });
    expect(claudeDoorCheck(shipped).status).toBe('pass');
    const broken = join(newDir(), 'plugin');
    cpSync(join(repoRoot, 'dist', 'claude'), broken, { recursive: true });
    writeFileSync(join(broken, 'hooks', 'stopline-mod.mjs'), "export function register(on) { on('classic.Stop', ($, e, next) => next($.store?.get?.('x'))); }\n");
    const refused = await claudeDoorFacts(broken, { claude, version: '2.1.332', env, timeoutMs: 60_000, policyDir: newDir() });
    expect(refused.validate?.ok).toBe(false);
    expect(claudeDoorCheck(refused).detail).toMatch(/^the command hooks decide: Claude Code's loader refuses the mod \(.*\$\.store is used as a value/);
  }, 120_000);
});

