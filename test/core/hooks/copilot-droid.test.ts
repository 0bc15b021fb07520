/**
 * The Copilot and Droid dialects of the person's own hooks: `import: ["copilot", "droid"]` reads
 * their hook files in place, each with its host's rules (facts in docs/hosts/copilot.md and
 * docs/hosts/droid.md):
 * - Copilot: every `*.json` of ~/.copilot/hooks plus settings.json `hooks`; camelCase keys hold
 *   flat entries (`bash`/`command`, `exec`+`args`, `timeoutSec`, `cwd`, `env`) and get Copilot's
 *   camelCase payload, Claude's PascalCase keys hold Claude's groups and get Claude's payload;
 *   only the top-level permissionDecision decides under camelCase keys; exit 2 and a crash deny
 *   before a tool, bad JSON and a timeout do not; `disableAllHooks` turns a file off.
 * - Droid: ~/.factory/hooks.json (the bare event map) over settings.json's same events, project
 *   `.factory` too; `commandRegex`; `hooksDisabled`; only hookSpecificOutput decides before a
 *   tool; every failure lets the tool run; the payload's top-level fields are also variables.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFlatPermissionOutput, decodePermissionOnlyOutput, decodeRun } from '../../../core/hooks/decode';
import { defaultTimeoutSec, lookupSpelling, spellingsOf } from '../../../core/hooks/dialects';
import { dispatchHooks } from '../../../core/hooks/dispatch';
import { buildPayload } from '../../../core/hooks/payload';
import type { DispatchInput, HooksConfig } from '../../../core/hooks/types';
import { CWD, HOME, USER_CFG, load, scratchDir } from './helpers';

const dir = scratchDir('copilot-droid');


const summary = (c: HooksConfig): string[] => c.groups.map((g) => `${g.dialect}:${g.event}:${g.spelling}:${g.matcher.source ?? '*'}:${g.hooks.map((h) => (h.type === 'command' ? h.command : h.url)).join('+')}`);

describe('the copilot dialect', () => {
  it('spells each event in camelCase and in Claude\'s PascalCase; 30 s unless set', () => {
    expect(lookupSpelling('copilot', 'preToolUse')).toEqual({ kind: 'canonical', event: 'tool:before' });
    expect(lookupSpelling('copilot', 'PreToolUse')).toEqual({ kind: 'canonical', event: 'tool:before' });
    expect(lookupSpelling('copilot', 'userPromptSubmitted')).toEqual({ kind: 'canonical', event: 'prompt:submit' });
    expect(lookupSpelling('copilot', 'Stop')).toEqual({ kind: 'canonical', event: 'turn:stop' });
    expect(lookupSpelling('copilot', 'permissionRequest')).toEqual({ kind: 'host-only' });
    expect(lookupSpelling('copilot', 'UserPromptExpansion')).toEqual({ kind: 'unknown' });
    expect(spellingsOf('copilot', 'tool:after')).toEqual(['postToolUse', 'postToolUseFailure', 'PostToolUse', 'PostToolUseFailure']);
    expect(defaultTimeoutSec('copilot', 'tool:before')).toBe(30);
  });

  it('import "copilot": every hook file of the folder in name order, then settings.json; each entry a handler', () => {
    const c = load(
      {
        [USER_CFG]: { import: ['copilot'] },
        '/home/u/.copilot/hooks/a.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './a.sh', timeoutSec: 5, matcher: 'bash', cwd: 'tools', env: { X: '1' } }, { exec: '/bin/echo', args: ['hi'] }] } },
        '/home/u/.copilot/hooks/b.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './b.sh', timeout: 7 }] }] } },
        '/home/u/.copilot/hooks/off.json': { disableAllHooks: true, hooks: { preToolUse: [{ bash: './never.sh' }] } },
        '/home/u/.copilot/settings.json': { hooks: { sessionStart: [{ command: './start.sh' }] } },
      },
      { '/home/u/.copilot/hooks': ['off.json', 'b.json', 'notes.txt', 'a.json'] },
    );
    expect(summary(c)).toEqual(['copilot:tool:before:preToolUse:bash:./a.sh', 'copilot:tool:before:preToolUse:*:/bin/echo', 'copilot:tool:before:PreToolUse:Bash:./b.sh', 'copilot:session:start:sessionStart:*:./start.sh']);
    expect(c.groups[0]!.hooks[0]).toMatchObject({ shell: 'bash', timeoutMs: 5000, cwd: 'tools', env: { X: '1' }, onError: 'warn' });
    expect(c.groups[1]!.hooks[0]).toMatchObject({ command: '/bin/echo', args: ['hi'], timeoutMs: 30000 });
    expect(c.groups[2]!.hooks[0]).toMatchObject({ timeoutMs: 7000 });
    expect(c.diagnostics.map((d) => d.message)).toContain("disableAllHooks is true; this file's hooks are not imported");
  });

  it('the copilot artifact skips its own dialect: nothing is imported twice', () => {
    const c = load({ [USER_CFG]: { import: ['copilot'] }, '/home/u/.copilot/hooks/a.json': { hooks: { preToolUse: [{ bash: './a.sh' }] } } }, { '/home/u/.copilot/hooks': ['a.json'] }, { skipDialects: ['copilot'] });
    expect(c.groups).toEqual([]);
  });

  it('a powershell-only entry runs only on Windows: skipped with a warning', () => {
    const c = load({ [USER_CFG]: { import: ['copilot'] }, '/home/u/.copilot/settings.json': { hooks: { preToolUse: [{ powershell: 'Write-Host x' }] } } });
    expect(c.groups).toEqual([]);
    expect(c.diagnostics.some((d) => d.message.includes('only on Windows'))).toBe(true);
  });

  it('decoding: camelCase keys read only the top-level fields; PascalCase keys read Claude\'s too', () => {
    const hso = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'h' } });
    const flat = JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: 'f', additionalContext: 'c' });
    expect(decodeFlatPermissionOutput(hso, 'tool:before', false).decision).toBe('none');
    expect(decodeFlatPermissionOutput(JSON.stringify({ decision: 'block', reason: 'x' }), 'tool:before', false).decision).toBe('none');
    expect(decodeFlatPermissionOutput(flat, 'tool:before', false)).toMatchObject({ decision: 'deny', reason: 'f', contexts: ['c'] });
    expect(decodeFlatPermissionOutput(hso, 'tool:before', true)).toMatchObject({ decision: 'deny', reason: 'h' });
    expect(decodeFlatPermissionOutput('{not json', 'tool:before', false).decision).toBe('none');
  });

  it('exit codes: 2 denies with Copilot\'s fixed text (stderr is dropped); a crash or a missing command denies before a tool; a timeout does not', () => {
    const exit = (code: number, event: 'tool:before' | 'tool:after' = 'tool:before') => decodeRun('copilot', event, { kind: 'exit', code, stdout: '', stderr: 'why' }, 'preToolUse');
    expect(exit(2)).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'hook exited with code 2' } });
    expect(exit(1)).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'hook errored' } });
    expect(exit(127)).toMatchObject({ ok: true, response: { decision: 'deny' } });
    expect(exit(1, 'tool:after')).toMatchObject({ ok: false });
    expect(decodeRun('copilot', 'tool:before', { kind: 'spawn-error', message: 'ENOENT' })).toMatchObject({ ok: true, response: { decision: 'deny' } });
    expect(decodeRun('copilot', 'tool:before', { kind: 'timeout', afterMs: 30000 })).toMatchObject({ ok: false });
  });

  it('payload: camelCase keys get Copilot\'s camelCase payload, PascalCase keys Claude\'s', () => {
    const input: DispatchInput = { event: 'tool:before', hostFamily: 'claude', sessionId: 's1', cwd: CWD, toolName: 'Write', rawInput: { file_path: '/x' }, canonicalInput: { file_path: '/x' } };
    const camel = buildPayload('copilot', 'preToolUse', input);
    expect(camel).toMatchObject({ sessionId: 's1', cwd: CWD, toolName: 'Write', toolArgs: { file_path: '/x' } });
    expect(typeof camel.timestamp).toBe('number');
    expect(camel).not.toHaveProperty('hook_event_name');
    expect(buildPayload('copilot', 'PreToolUse', input)).toMatchObject({ hook_event_name: 'PreToolUse', session_id: 's1', tool_name: 'Write' });
  });
});

describe('the droid dialect', () => {
  it('import "droid": hooks.json is the event map; its events replace settings.json\'s same events in that folder; the project folder too', () => {
    const c = load({
      [USER_CFG]: { import: ['droid'] },
      '/home/u/.factory/hooks.json': { PreToolUse: [{ matcher: 'Execute', commandRegex: '\\brm\\b', hooks: [{ type: 'command', command: './no-rm.sh', timeout: 3 }] }], hooksDisabled: false, showHookOutput: true },
      '/home/u/.factory/settings.json': { customModels: [], hooks: { PreToolUse: [{ hooks: [{ command: './shadowed.sh' }] }], Stop: [{ hooks: [{ command: './stop.sh' }] }] } },
      '/work/proj/.factory/hooks.json': { SessionStart: [{ hooks: [{ command: './proj.sh' }] }] },
    });
    expect(summary(c)).toEqual(['droid:tool:before:PreToolUse:Execute:./no-rm.sh', 'droid:turn:stop:Stop:*:./stop.sh', 'droid:session:start:SessionStart:*:./proj.sh']);
    expect(c.groups[0]!.commandRegex?.source).toBe('\\brm\\b');
    expect(c.groups[0]!.hooks[0]).toMatchObject({ shell: 'sh', timeoutMs: 3000, onError: 'warn' });
    expect(defaultTimeoutSec('droid', 'tool:before')).toBe(60);
    expect(c.diagnostics.filter((d) => d.level === 'error')).toEqual([]);
  });

  it('hooksDisabled turns a file off; a hooks.json wrapped in {"hooks": …} is not an event map (Droid loads it as empty)', () => {
    const c = load({
      [USER_CFG]: { import: ['droid'] },
      '/home/u/.factory/hooks.json': { hooks: { PreToolUse: [{ hooks: [{ command: './wrapped.sh' }] }] } },
      '/home/u/.factory/settings.json': { hooksDisabled: true, hooks: { Stop: [{ hooks: [{ command: './off.sh' }] }] } },
    });
    expect(c.groups).toEqual([]);
    expect(c.diagnostics.some((d) => d.message.includes('hooksDisabled is true'))).toBe(true);
    expect(c.diagnostics.some((d) => d.message.includes('unknown Droid event "hooks"'))).toBe(true);
  });

  it('decoding: before a tool only hookSpecificOutput decides; every failure lets the tool run', () => {
    expect(decodePermissionOnlyOutput(JSON.stringify({ permissionDecision: 'deny' }), 'tool:before').decision).toBe('none');
    expect(decodePermissionOnlyOutput(JSON.stringify({ decision: 'block', reason: 'x' }), 'tool:before').decision).toBe('none');
    expect(decodePermissionOnlyOutput(JSON.stringify({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'r' } }), 'tool:before')).toMatchObject({ decision: 'deny', reason: 'r' });
    expect(decodeRun('droid', 'tool:before', { kind: 'exit', code: 2, stdout: '', stderr: 'no\n' })).toMatchObject({ ok: true, response: { decision: 'deny', reason: 'no' } });
    expect(decodeRun('droid', 'tool:before', { kind: 'exit', code: 1, stdout: '', stderr: '' })).toMatchObject({ ok: false });
    expect(decodeRun('droid', 'tool:before', { kind: 'spawn-error', message: 'ENOENT' })).toMatchObject({ ok: false });
  });
});

describe('running them (real processes)', () => {
  const env = { PATH: process.env.PATH, HOME: dir, OUT: dir };
  const input = (extra: Partial<DispatchInput>): DispatchInput => ({ event: 'tool:before', hostFamily: 'claude', sessionId: 's-1', cwd: dir, ...extra });

  it("a camelCase Copilot hook reads its camelCase payload and denies with the flat form; its Claude-form deny would not count", async () => {
    const c = load(
      {
        [USER_CFG]: { import: ['copilot'] },
        '/home/u/.copilot/hooks/guard.json': {
          hooks: {
            preToolUse: [
              { bash: `cat > "$OUT/copilot-stdin.json"; echo '{"permissionDecision":"deny","permissionDecisionReason":"copilot says no"}'` },
              { bash: `echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"ignored"}}'` },
            ],
          },
        },
      },
      { '/home/u/.copilot/hooks': ['guard.json'] },
    );
    const r = await dispatchHooks(c, input({ toolName: 'Bash', rawInput: { command: 'rm -rf x' }, canonicalInput: { command: 'rm -rf x' } }), { env, log: () => {} });
    expect(r).toMatchObject({ decision: 'deny', reason: 'copilot says no' });
    expect(JSON.parse(readFileSync(join(dir, 'copilot-stdin.json'), 'utf8'))).toMatchObject({ sessionId: 's-1', toolName: 'Bash', toolArgs: { command: 'rm -rf x' } });
  });

  it('a Droid hook with commandRegex runs only for a matching command, and reads the payload fields as variables', async () => {
    const c = load({
      [USER_CFG]: { import: ['droid'] },
      '/home/u/.factory/hooks.json': { PreToolUse: [{ matcher: 'Execute|Bash', commandRegex: '\\brm\\b', hooks: [{ command: `echo "$tool_name $session_id" > "$OUT/droid-env.txt"; echo no >&2; exit 2` }] }] },
    });
    const ls = await dispatchHooks(c, input({ toolName: 'Bash', rawInput: { command: 'ls' }, canonicalInput: { command: 'ls' } }), { env, log: () => {} });
    expect(ls.decision).toBe('none');
    const rm = await dispatchHooks(c, input({ toolName: 'Bash', rawInput: { command: 'rm -rf x' }, canonicalInput: { command: 'rm -rf x' } }), { env, log: () => {} });
    expect(rm).toMatchObject({ decision: 'deny', reason: 'no' });
    expect(readFileSync(join(dir, 'droid-env.txt'), 'utf8')).toBe('Bash s-1\n');
  });
});
