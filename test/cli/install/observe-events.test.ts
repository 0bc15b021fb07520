/**
 * The observe-only events (PostToolUse, SubagentStop): the guard takes nothing from them,
 * and each registered one costs a process start every time it fires, so `stopline install`
 * registers them only where the person's own hooks (or the after-tool evidence they asked for)
 * need them; the shipped plugin files register none; doctor says what is registered and why,
 * and goes red when a need is not registered.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeRegistry } from '../../../core/registry/claude';
import { codexRegistry } from '../../../core/registry/codex';
import { codexHookTrustEntries } from '../../../hosts/codex/hook-trust';
import { NO_NEEDS, registrations, rowsToRegister } from '../../../hosts/cli/install/observe-events';
import { cleanupTempDirs, makeDist, makeHome, readJson, seedUserConfigs, stopline, write, type Home } from './helpers';

let dist: string;
beforeAll(() => {
  dist = makeDist();
});
afterAll(cleanupTempDirs);

type Settings = { hooks: Record<string, { matcher?: string; hooks: { type?: string; command: string }[] }[]> };

const install = (h: Home, ...args: string[]) => stopline(['install', ...args, '--runtime', 'node', '--from', dist], h);
const claudeHooks = (h: Home) => readJson(join(h.claude, 'plugins', 'stopline-local', 'stopline', 'hooks', 'hooks.json')) as Settings;
const codexHooks = (h: Home) => readJson(join(h.codex, 'hooks.json')) as Settings;
const oursIn = (s: Settings, script: string) => Object.keys(s.hooks).filter((e) => s.hooks[e]!.some((g) => g.hooks.every((x) => x.command.includes(script))));
const claudeEvents = (h: Home) => oursIn(claudeHooks(h), 'stopline-local/stopline/stopline.mjs');
const codexEvents = (h: Home) => oursIn(codexHooks(h), join(h.codex, 'stopline.mjs'));

/** The person's stopline.json with hooks for these canonical events. */
function personHooks(h: Home, events: string[], extra: Record<string, unknown> = {}): void {
  const hooks = Object.fromEntries(events.map((e) => [e, [{ hooks: [{ command: 'true' }] }]]));
  write(join(h.xdg, 'stopline', 'stopline.json'), JSON.stringify({ hooks, ...extra }, null, 2));
}

// Stop is the guard's own: the per-session check runs at every turn end
const GUARD_CLAUDE = ['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion', 'PreToolUse', 'SubagentStart', 'Stop', 'SessionEnd'];
const GUARD_CODEX = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'SubagentStart', 'Stop', 'SessionEnd'];

describe('what decides an observe-only registration', () => {
  it('nothing needs them: only the guard rows', () => {
    expect(rowsToRegister(claudeRegistry, NO_NEEDS).map((r) => r.native)).toEqual(GUARD_CLAUDE);
    expect(rowsToRegister(codexRegistry, NO_NEEDS).map((r) => r.native)).toEqual(GUARD_CODEX);
    const off = registrations(claudeRegistry, NO_NEEDS).filter((r) => !r.registered);
    expect(off.map((r) => r.row.native)).toEqual(['PostToolUse', 'SubagentStop']);
    expect(off[0]!.why).toBe('nothing needs it (no tool:after hooks, no --after-evidence)');
  });

  it("each row follows the person's hooks for its canonical event; after-tool evidence adds PostToolUse", () => {
    const regs = registrations(claudeRegistry, { hookEvents: new Set(['subagent:end', 'tool:after']), afterEvidence: true });
    const on = Object.fromEntries(regs.filter((r) => r.registered && r.row.install.observeOnly).map((r) => [r.row.native, r.why]));
    expect(on).toEqual({ PostToolUse: 'your tool:after hooks and after-tool evidence (--after-evidence)', SubagentStop: 'your subagent:end hooks' });
    const evidenceOnly = registrations(codexRegistry, { hookEvents: new Set(), afterEvidence: true }).filter((r) => r.registered && r.row.install.observeOnly);
    expect(evidenceOnly.map((r) => r.row.native)).toEqual(['PostToolUse']);
  });
});

describe('stopline install registers what the person needs', () => {
  it('without hooks: the guard rows only, and the note names what was left out', async () => {
    const h = makeHome();
    const r = await install(h, 'claude');
    expect(r.code, r.stderr).toBe(0);
    expect(claudeEvents(h)).toEqual(GUARD_CLAUDE);
    expect(r.stdout).toContain('not registered (nothing needs them): PostToolUse, SubagentStop');
  });

  it("the person's tool:after and subagent:end hooks: PostToolUse and SubagentStop join, on both hosts", async () => {
    const h = makeHome();
    personHooks(h, ['tool:after', 'subagent:end']);
    const claude = await install(h, 'claude');
    expect(claude.code, claude.stderr).toBe(0);
    expect(claudeEvents(h)).toEqual(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion', 'PreToolUse', 'PostToolUse', 'SubagentStart', 'SubagentStop', 'Stop', 'SessionEnd']);
    expect(claude.stdout).toContain('PostToolUse for your tool:after hooks, SubagentStop for your subagent:end hooks');
    expect(claudeHooks(h).hooks.PostToolUse![0]!.matcher).toBe('*');
    expect((await install(h, 'codex')).code).toBe(0);
    expect(codexEvents(h)).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'SubagentStart', 'SubagentStop', 'Stop', 'SessionEnd']);
  });

  it("Claude-dialect hooks imported into stopline: Claude runs them itself, so only Codex registers for them", async () => {
    const h = makeHome();
    write(join(h.claude, 'settings.json'), JSON.stringify({ hooks: { PostToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'true' }] }] } }));
    write(join(h.xdg, 'stopline', 'stopline.json'), JSON.stringify({ import: ['claude'] }));
    expect((await install(h, 'claude')).code).toBe(0);
    expect(claudeEvents(h)).not.toContain('PostToolUse');
    expect((await install(h, 'codex')).code).toBe(0);
    expect(codexEvents(h)).toContain('PostToolUse');
  });

  it('--after-evidence registers PostToolUse with no hook needing it, and the record keeps the choice', async () => {
    const h = makeHome();
    const r = await install(h, 'claude', '--after-evidence');
    expect(r.code, r.stderr).toBe(0);
    expect(claudeEvents(h)).toContain('PostToolUse');
    expect(claudeEvents(h)).not.toContain('SubagentStop');
    expect(r.stdout).toContain('PostToolUse for after-tool evidence (--after-evidence)');
    const record = readJson(join(h.xdg, 'stopline', 'installed.json')) as { installs: Record<string, { afterEvidence?: boolean }> };
    expect(record.installs['claude:user']!.afterEvidence).toBe(true);
    // installed again without it: the event goes
    expect((await install(h, 'claude')).code).toBe(0);
    expect(claudeEvents(h)).not.toContain('PostToolUse');
  });

  it("Codex: a need that went away takes stopline's group out, and the person's later group keeps its trust under its new place", async () => {
    const h = makeHome();
    seedUserConfigs(h);
    personHooks(h, ['subagent:end']);
    expect((await install(h, 'codex')).code).toBe(0);
    // SubagentStop: stopline's; the person adds one of their own after it and trusts it
    const doc = codexHooks(h);
    expect(doc.hooks.SubagentStop!.map((g) => g.hooks[0]!.command)).toEqual([expect.stringContaining('stopline.mjs')]);
    doc.hooks.SubagentStop!.push({ hooks: [{ type: 'command', command: 'echo later' }] });
    write(join(h.codex, 'hooks.json'), JSON.stringify(doc, null, 2));
    const later = codexHookTrustEntries(join(h.codex, 'hooks.json'), doc).find((e) => e.event === 'SubagentStop' && e.groupIndex === 1)!;
    const tomlFile = join(h.codex, 'config.toml');
    write(tomlFile, `${readFileSync(tomlFile, 'utf8')}\n[hooks.state.${JSON.stringify(later.key)}]\ntrusted_hash = ${JSON.stringify(later.trustedHash)}\n`);

    personHooks(h, []);
    const r = await install(h, 'codex');
    expect(r.code, r.stderr).toBe(0);
    const after = codexHooks(h);
    expect(after.hooks.SubagentStop!.map((g) => g.hooks[0]!.command)).toEqual(['echo later']);
    const moved = codexHookTrustEntries(join(h.codex, 'hooks.json'), after).find((e) => e.event === 'SubagentStop' && e.groupIndex === 0)!;
    const toml = readFileSync(tomlFile, 'utf8');
    expect(toml).toContain(`[hooks.state.${JSON.stringify(moved.key)}]\ntrusted_hash = ${JSON.stringify(later.trustedHash)}`);
    expect(toml).not.toContain(JSON.stringify(later.key));
    // and the file's trust entries are exactly stopline's current handlers and the person's moved one
    const ours = codexHookTrustEntries(join(h.codex, 'hooks.json'), after).filter((e) => after.hooks[e.event]![e.groupIndex]!.hooks[0]!.command.includes('stopline.mjs'));
    const keys = [...toml.matchAll(/^\[hooks\.state\.("[^\n]*")\]$/gm)].map((m) => JSON.parse(m[1]!) as string).filter((k) => k.startsWith(h.codex));
    expect(keys.sort()).toEqual([...ours.map((e) => e.key), moved.key].sort());
  });
});

describe('doctor: what is registered and why', () => {
  const events = async (h: Home, host: 'claude' | 'codex') => {
    const r = await stopline(['doctor', host, '--json', '--from', dist], h);
    const doc = JSON.parse(r.stdout) as { reports: { checks: { id: string; status: string; detail: string; fix?: string }[] }[] };
    return doc.reports.flatMap((x) => x.checks).find((c) => c.id === 'events')!;
  };

  it('green with the reasons; red when a hook needs an event that is not registered; a warning for one nothing needs', async () => {
    const h = makeHome();
    personHooks(h, ['tool:after']);
    expect((await install(h, 'claude')).code).toBe(0);
    let c = await events(h, 'claude');
    expect(c.status).toBe('pass');
    expect(c.detail).toBe('SessionStart, UserPromptSubmit, UserPromptExpansion, PreToolUse, SubagentStart, Stop, SessionEnd for the guard; PostToolUse for your tool:after hooks; not registered (nothing needs it): SubagentStop');

    // the person adds subagent:end hooks after the install: they would never run
    personHooks(h, ['tool:after', 'subagent:end']);
    c = await events(h, 'claude');
    expect(c).toMatchObject({ status: 'fail', detail: 'SubagentStop is not registered, so your subagent:end hooks never run', fix: 'stopline install claude' });
    expect((await install(h, 'claude')).code).toBe(0);
    expect((await events(h, 'claude')).status).toBe('pass');

    // and takes all hooks away: two events now cost a start for nothing
    personHooks(h, []);
    c = await events(h, 'claude');
    expect(c.status).toBe('warn');
    expect(c.detail).toContain('PostToolUse, SubagentStop are registered but nothing needs them: a process start every time they fire');
  });

  it('an install with --after-evidence: PostToolUse is explained by it, and the fix keeps the flag', async () => {
    const h = makeHome();
    expect((await install(h, 'codex', '--after-evidence')).code).toBe(0);
    expect((await events(h, 'codex')).detail).toContain('PostToolUse for after-tool evidence (--after-evidence)');
    const doc = codexHooks(h);
    delete doc.hooks.PostToolUse;
    write(join(h.codex, 'hooks.json'), JSON.stringify(doc, null, 2));
    expect(await events(h, 'codex')).toMatchObject({ status: 'fail', detail: 'PostToolUse is not registered, so after-tool evidence (--after-evidence) never runs', fix: 'stopline install codex --after-evidence' });
  });
});
