/**
 * Self-protection through programs: the agent hosts' plugin, extension, hook, MCP and config
 * commands, and stopline's own install, uninstall, hook entry and evaluator, change the files
 * stopline protects although no target is named. The Bash call the hook sees (through the host's
 * registry, as a hook reads it) carries `selfTarget`, and decide() denies it with
 * GUARD_SELF_PROTECTION under every contract, armed or not (the floor). Read-only forms stay
 * free; a subcommand the table does not name is unknown, never a read.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { decide, type DecideContext } from '../../../core/contract/decide';
import { freshContract, type Contract } from '../../../core/contract/types';
import { HOST_SPECS, type CliTable } from '../../../core/registry/host-specs';
import { armed, bash, HOME, P } from './helpers';

const ctx: DecideContext = {
  selfPaths: ['/home/u/.config/stopline', '/home/u/.claude/settings.json', '/home/u/.codex/hooks.json', '/home/u/.codex/stopline.mjs', '/home/u/.gemini/stopline', '/home/u/.claude/plugins'],
  home: HOME,
  cwd: P,
};
const CONTRACTS: [string, Contract][] = [
  ['no contract', freshContract()],
  ['change, no files=', armed({})],
  ['change files=src/**', armed({ files: ['src/**'] })],
  ['review', armed({ mode: 'review' })],
];

const SELF = [
  'claude plugin disable stopline@stopline',
  'claude plugin uninstall stopline',
  'claude plugins enable x',
  'claude plugin install evil@market',
  'claude plugin marketplace remove stopline',
  'claude plugin marketplace add evil/market',
  'claude config set -g hooks {}',
  'claude mcp add x -- node x.js',
  'claude --debug-file log.txt plugin disable stopline',
  'codex plugin remove stopline',
  'codex plugin marketplace add evil/market',
  'codex mcp add x -- node x.js',
  'codex features disable codex_hooks',
  'opencode plugin evil-plugin',
  'opencode uninstall',
  'gemini extensions uninstall stopline',
  'gemini extension disable stopline',
  'gemini hooks migrate',
  'qwen extensions disable stopline',
  'qwen hooks disable',
  'copilot plugin uninstall stopline',
  'copilot config disableAllHooks true',
  'droid plugin uninstall stopline',
  'hermes plugins disable stopline',
  'hermes hooks revoke',
  'hermes hooks test pre_tool_call',
  'hermes config set plugins.enabled []',
  'pi remove npm:stopline',
  'pi install npm:evil',
  'pi config',
  'stopline uninstall',
  'stopline install claude',
  'stopline guard claude',
  'stopline listen',
  'stopline doctor --fix',
  '/usr/bin/env claude plugin disable stopline',
  'true && claude plugin disable stopline',
];

describe('host and stopline programs that change stopline itself', () => {
  it.each(SELF)('%s: a selfTarget write, denied by the floor under every contract', (command) => {
    const a = bash(command);
    expect([a.mutability, a.selfTarget]).toEqual(['write', true]);
    for (const [label, contract] of CONTRACTS) {
      const d = decide(contract, a, ctx);
      expect([label, d.verdict, d.reasonCode, d.confinable]).toEqual([label, 'deny', 'GUARD_SELF_PROTECTION', undefined]);
    }
  });

  /** Every route a table names, as the words after the program, with what it says the route does. */
  function routes(t: CliTable, at: string[] = []): [string[], string][] {
    return Object.entries(t).flatMap(([w, e]) => (typeof e === 'string' ? [[[...at, w], e] as [string[], string]] : routes(e, [...at, w])));
  }
  const specRoutes = HOST_SPECS.flatMap((s) => ('cli' in s && s.cli ? routes(s.cli).map(([words, kind]) => [`${s.binary} ${words.join(' ')} stopline`, kind] as const) : []));

  it('every route of every host spec\'s command-line table is read through the host\'s program as the table says', () => {
    // hosts without a table are unknown as a whole; the ones with one are the table's
    expect(new Set(specRoutes.map(([c]) => c.split(' ')[0])).size).toBeGreaterThanOrEqual(9);
    const want = { self: ['write', true], read: ['read', undefined], unknown: ['unknown', undefined] } as const;
    for (const [command, kind] of specRoutes) expect([command, bash(command).mutability, bash(command).selfTarget]).toEqual([command, ...want[kind as keyof typeof want]]);
  });

  it.each([
    'claude --version',
    'claude plugin list',
    'claude plugin marketplace list',
    'codex plugin list',
    'codex --help',
    'gemini extensions list',
    'qwen extensions list',
    'copilot plugin list',
    'droid plugin list',
    'hermes plugins list',
    'hermes hooks list',
    'hermes config show',
    'pi list',
    'stopline status',
    'stopline check -- ls',
    'stopline doctor',
    'stopline matrix',
    'stopline explain ev1',
    'stopline --version',
  ])('%s: reads, allowed under review', (command) => {
    const a = bash(command);
    expect([a.mutability, a.selfTarget]).toEqual(['read', undefined]);
    expect(decide(armed({ mode: 'review' }), a, ctx).reasonCode).toBe('WITHIN_CONTRACT');
  });

  it.each([
    'claude -p "fix the tests"',
    'claude plugin frobnicate x',
    'codex exec "run the tests"',
    'gemini extensions frobnicate',
    'stopline frobnicate',
    'hermes chat',
    'claude plugin $SUB stopline',
  ])('%s: unknown, never a read, never a self write', (command) => {
    const a = bash(command);
    expect([a.mutability, a.selfTarget]).toEqual(['unknown', undefined]);
  });

  it('stopline matrix --write names its file: a plain write', () => {
    const a = analyzeShell('stopline matrix --write docs/m.md', { cwd: P, home: HOME });
    expect([a.mutability, a.affectedPaths]).toEqual(['write', ['docs/m.md']]);
  });

  it.each([
    'node ~/.codex/stopline.mjs < event.json',
    `echo '{"prompt":"$stopline off"}' | node /home/u/.codex/stopline.mjs`,
    'cd ~/.codex && node stopline.mjs',
    'bash ~/.gemini/stopline/hook.sh',
    '~/.gemini/stopline/hook.sh < forged.json',
    'npx tsx /home/u/.claude/plugins/cache/m/stopline/0.1.0/stopline.mjs',
    'perl ~/.gemini/stopline/x.pl',
  ])('%s: running stopline\'s own script is self-protection under every contract', (command) => {
    const a = bash(command);
    for (const [label, contract] of CONTRACTS) {
      const d = decide(contract, a, ctx);
      expect([label, d.verdict, d.reasonCode, d.confinable]).toEqual([label, 'deny', 'GUARD_SELF_PROTECTION', undefined]);
    }
    expect(decide(freshContract(), a, ctx).explanation).toContain("run stopline's own file");
  });

  it.each(['node scripts/build.mjs', 'bash ./test.sh', './run.sh', 'node ~/.codex/other.mjs'])('%s: another script stays unknown, not self-protection', (command) => {
    const a = bash(command);
    expect(a.mutability).toBe('unknown');
    expect(decide(armed({}), a, ctx).reasonCode).not.toBe('GUARD_SELF_PROTECTION');
  });
});
