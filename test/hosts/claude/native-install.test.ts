/**
 * Claude Code's own install route, on the real 2.1.332, offline, in a throwaway HOME:
 * `claude plugin marketplace add <checkout>` (the repository's .claude-plugin/marketplace.json)
 * then `claude plugin install stopline@stopline`, with no `--plugin-dir`, no `--settings` and no
 * `stopline install`. Real `claude -p` sessions in that HOME are then stopped by a review
 * contract, a files= lock and the slash form; an unarmed session runs everything; and
 * `claude plugin uninstall` leaves no stopline hook behind. The last block checks the other
 * route, `stopline install claude`, for the same skill and slash command.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ensureHosts, HOSTS_FOR, requireHost, runClaude, startAnthropicServer, type FakeModelScript } from '../harness';
import { baseEnv } from '../harness/process';
import { doctor, filesMentioning, hostCommand, makeCheckout, statuses } from '../shared/native-install';
import { describeRealHost, realHostRuns, requestText, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.claude);
requireArtifact('claude', 'stopline.mjs');
const CLI = requireArtifact('stopline.mjs');
const TOOLS = ['Read', 'Write', 'Edit', 'Bash'];

const runs = realHostRuns({ prefix: 'claude-native', startServer: startAnthropicServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: 'STOP /', ran: { never: 'STOP /' }, marksError: true });

/** One HOME per route: the run folder whose home/ every session of that route uses. */
interface Installed {
  runDir: string;
  home: string;
  env: Record<string, string>;
}

function personIn(runDir: string): Installed {
  const home = join(runDir, 'home');
  const tmp = join(runDir, 'tmp');
  mkdirSync(home, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  const env = {
    ...baseEnv(home, tmp),
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_UPDATES: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
    CLAUDE_CODE_TMPDIR: tmp,
  };
  return { runDir, home, env };
}

const claudeCli = (p: Installed, ...args: string[]) => hostCommand(requireHost('claude'), args, p.env, p.home);

async function session(p: Installed, c: RealHostCase, script: FakeModelScript, prompt: string) {
  const s = await runs.server(script);
  const r = await runClaude({ project: c.project, prompt, server: s, allowedTools: TOOLS, runDir: p.runDir });
  expect(r.code, `claude exited ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(0);
  return s;
}

/** Write new.txt, edit a.txt (alpha to beta), `touch x`, then a closing text. */
function writeEditTouch(c: RealHostCase): FakeModelScript {
  return {
    threads: [
      {
        name: 'main',
        turns: [
          { toolCalls: [{ id: 'toolu_write', name: 'Write', input: { file_path: join(c.project, 'new.txt'), content: 'new\n' } }] },
          { toolCalls: [{ id: 'toolu_edit', name: 'Edit', input: { file_path: join(c.project, 'a.txt'), old_string: 'alpha', new_string: 'beta' } }] },
          { toolCalls: [{ id: 'toolu_bash', name: 'Bash', input: { command: 'touch x' } }] },
          { text: 'done' },
        ],
      },
    ],
  };
}

function expectUntouched(c: RealHostCase): void {
  expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
  expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
  expect(existsSync(join(c.project, 'x'))).toBe(false);
}

/**
 * Files in the Claude config that name stopline, other than session transcripts, the plugin
 * cache (Claude keeps an uninstalled plugin's cached copy, marked `.orphaned_at`, until its own
 * clean-up removes it; nothing loads it) and the backups `stopline install` took (never deleted).
 */
function stoplineMentions(home: string): string[] {
  return filesMentioning(join(home, '.claude'), 'stopline', (rel) => rel.startsWith('projects') || rel.startsWith('plugins/cache') || rel.startsWith('plugins/data') || rel.startsWith('backups') || rel.includes('.stopline-backup-') || rel.endsWith('.jsonl'));
}

describeRealHost(status, 'Claude Code 2.1.332: installed with its own plugin commands from a checkout', HOSTS_FOR.claude, 240_000, () => {
  let p: Installed;
  let checkout: string;

  beforeAll(async () => {
    const root = runs.newCase('native').runDir;
    checkout = makeCheckout(join(root, 'checkout'));
    p = personIn(join(root, 'person'));
    await claudeCli(p, 'plugin', 'marketplace', 'add', checkout);
    await claudeCli(p, 'plugin', 'install', 'stopline@stopline');
  });

  it('`claude plugin details` shows the skill and the hooks; the plugin is enabled in user settings', async () => {
    const details = (await claudeCli(p, 'plugin', 'details', 'stopline@stopline')).stdout;
    expect(details).toMatch(/Skills \(1\)\s+stopline/);
    expect(details).toMatch(/Hooks \(7\)\s+SessionStart, UserPromptSubmit, UserPromptExpansion, PreToolUse, SubagentStart, Stop, SessionEnd/);
    const settings = JSON.parse(readFileSync(join(p.home, '.claude', 'settings.json'), 'utf8'));
    expect(settings.enabledPlugins).toEqual({ 'stopline@stopline': true });
    // nothing registered outside the plugin system
    expect(settings.hooks).toBeUndefined();
  });

  it('review: Write, Edit and `touch x` are stopped and the project is unchanged', async () => {
    const c = runs.newCase('review');
    const s = await session(p, c, writeEditTouch(c), '$stopline review -- look at a.txt');
    expectUntouched(c);
    for (const id of ['toolu_write', 'toolu_edit', 'toolu_bash']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
    // the skill is offered to the model under the plugin's name
    expect(requestText(s.requests.find((r) => r.kind === 'turn')?.body)).toContain('stopline:stopline');
  });

  it('files=a.txt: a.txt is written, b.txt is stopped and never created', async () => {
    const c = runs.newCase('files');
    const s = await session(
      p,
      c,
      {
        threads: [
          {
            name: 'main',
            turns: [
              { toolCalls: [{ id: 'toolu_a', name: 'Write', input: { file_path: join(c.project, 'a.txt'), content: 'changed\n' } }] },
              { toolCalls: [{ id: 'toolu_b', name: 'Write', input: { file_path: join(c.project, 'b.txt'), content: 'b\n' } }] },
              { text: 'done' },
            ],
          },
        ],
      },
      '$stopline change files=a.txt -- update a.txt',
    );
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
    expectRan(s, 'toolu_a');
    expectStopped(s, 'toolu_b', 'PATH_OUTSIDE_CONTRACT');
  });

  it('the slash form `/stopline review -- …` arms the same contract', async () => {
    const c = runs.newCase('slash');
    const s = await session(p, c, writeEditTouch(c), '/stopline review -- look at a.txt');
    expectUntouched(c);
    for (const id of ['toolu_write', 'toolu_edit', 'toolu_bash']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
  });

  it('unarmed: every tool runs', async () => {
    const c = runs.newCase('unarmed');
    const s = await session(p, c, writeEditTouch(c), 'tidy up a.txt');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    for (const id of ['toolu_write', 'toolu_edit', 'toolu_bash']) expectRan(s, id);
  });

  it('`stopline doctor` recognises the plugin install, probes it, and warns once `stopline install claude` registers the hooks too', async () => {
    const env = { ...p.env, XDG_CONFIG_HOME: join(p.home, '.config') };
    const native = await doctor('claude', env, p.home);
    expect(native.ok, JSON.stringify(native.reports, null, 1)).toBe(true);
    const report = native.reports.find((r) => r.scope === 'native stopline@stopline');
    expect(statuses(report)).toMatchObject({ installed: 'pass', artifact: 'pass', 'would-run': 'pass', enforcement: 'pass' });
    // no "missing" report for the stopline-install place
    expect(native.reports.filter((r) => r.host === 'claude').map((r) => r.scope)).toEqual(['native stopline@stopline']);
    await hostCommand(process.execPath, [CLI, 'install', 'claude', '--runtime', 'node'], env, p.home);
    const both = await doctor('claude', env, p.home);
    const twice = both.reports.flatMap((r) => r.checks).find((c) => c.id === 'twice');
    expect(twice?.status).toBe('warn');
    expect(twice?.fix).toContain('claude plugin uninstall stopline@stopline');
    await hostCommand(process.execPath, [CLI, 'uninstall', 'claude'], env, p.home);
  });

  it('`claude plugin uninstall` + `marketplace remove` leave no stopline hook: a review session then writes', async () => {
    await claudeCli(p, 'plugin', 'uninstall', 'stopline@stopline');
    await claudeCli(p, 'plugin', 'marketplace', 'remove', 'stopline');
    expect(stoplineMentions(p.home)).toEqual([]);
    expect(existsSync(join(p.home, '.claude', 'plugins', 'cache', 'stopline', 'stopline', '0.1.0', '.orphaned_at'))).toBe(true);
    const c = runs.newCase('after-uninstall');
    const s = await session(p, c, writeEditTouch(c), '$stopline review -- look at a.txt');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    for (const id of ['toolu_write', 'toolu_edit', 'toolu_bash']) expectRan(s, id);
    expect(requestText(s.requests.find((r) => r.kind === 'turn')?.body)).not.toContain('stopline (OBSERVING)');
  });
});

describeRealHost(status, 'Claude Code 2.1.332: `stopline install claude` (a directory marketplace and an enabled plugin)', HOSTS_FOR.claude, 240_000, () => {
  let p: Installed;

  beforeAll(async () => {
    p = personIn(join(runs.newCase('cli-route').runDir, 'person'));
    await hostCommand(process.execPath, [CLI, 'install', 'claude', '--runtime', 'node'], { ...p.env, XDG_CONFIG_HOME: join(p.home, '.config') }, p.home);
  });

  it('the skill is offered to the model, `/stopline review -- …` is a real command, and the review contract stops the Write', async () => {
    const settings = JSON.parse(readFileSync(join(p.home, '.claude', 'settings.json'), 'utf8'));
    expect(settings.enabledPlugins).toEqual({ 'stopline@stopline-local': true });
    expect(settings.hooks).toBeUndefined();
    const c = runs.newCase('cli-slash');
    const s = await session(p, c, writeEditTouch(c), '/stopline review -- look at a.txt');
    expectUntouched(c);
    for (const id of ['toolu_write', 'toolu_edit', 'toolu_bash']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
    const first = requestText(s.requests.find((r) => r.kind === 'turn')?.body);
    expect(first).toContain('stopline contract (ARMED): mode=review');
    expect(first).toContain('stopline:stopline');
    expect(first).not.toContain('no command with that name is available in this session');
  });

  it('`$stopline review` (the skill directive) stops Write, Edit and `touch x`; the project is unchanged', async () => {
    const c = runs.newCase('cli-review');
    const s = await session(p, c, writeEditTouch(c), '$stopline review -- look at a.txt');
    expectUntouched(c);
    for (const id of ['toolu_write', 'toolu_edit', 'toolu_bash']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
  });
});
