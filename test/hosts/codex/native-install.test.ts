/**
 * Codex's own install route, on the real 0.171.0, offline, in a throwaway CODEX_HOME:
 * `codex plugin marketplace add <checkout>` (the repository's .agents/plugins/marketplace.json,
 * which Codex reads before .claude-plugin/marketplace.json) then `codex plugin add
 * stopline@stopline`. No `stopline install`, no hooks.json of our own in CODEX_HOME.
 *
 * Codex loads the plugin's hooks with no feature switch (0.171.0 lists `plugin_hooks` as a
 * removed flag) but runs a hook only when it is trusted, and it says nothing when it skips one.
 * Trust for a plugin hook is two hashes in config.toml: the handler's and a fingerprint of the
 * whole installed plugin folder. The floor below runs with those entries taken from what Codex
 * itself reports (`app-server hooks/list`, the list its /hooks screen trusts from); the last
 * tests show what happens without them and after the plugin's files change.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { codexHooksList, ensureHosts, HOSTS_FOR, requireHost, startResponsesServer, type CodexListedHook, type FakeModelScript, type FakeModelServer } from '../harness';
import { baseEnv, runProcess } from '../harness/process';
import { doctor, filesMentioning, hostCommand, makeCheckout, statuses } from '../shared/native-install';
import { describeRealHost, realHostRuns, requireArtifact, stopAssertions, type RealHostCase } from '../shared/real-host';

const status = await ensureHosts(HOSTS_FOR.codex);
requireArtifact('codex', '.codex-plugin', 'plugin.json');

const runs = realHostRuns({ prefix: 'codex-native', startServer: startResponsesServer, describeTimings: () => null });
const { expectStopped, expectRan } = stopAssertions({ stopped: /(Command|Tool call) blocked by PreToolUse hook: STOP \//, ran: { never: /blocked by PreToolUse hook/ } });

interface Person {
  runDir: string;
  codexHome: string;
  env: Record<string, string>;
}

function personIn(runDir: string): Person {
  const home = join(runDir, 'home');
  const codexHome = join(runDir, 'codex-home');
  const env = { ...baseEnv(home, join(runDir, 'tmp')), CODEX_HOME: codexHome, FAKE_MODEL_API_KEY: 'harness-dummy-key', RUST_LOG: 'error' };
  for (const d of [home, codexHome, join(runDir, 'tmp')]) mkdirSync(d, { recursive: true });
  return { runDir, codexHome, env };
}

const codexCli = (p: Person, ...args: string[]) => hostCommand(process.execPath, args, p.env, p.runDir, { prefix: [requireHost('codex')] });

/**
 * The model provider, pointed at the fake server, as `-c` overrides: config.toml holds only
 * what `codex plugin …` wrote (the marketplace, the enabled plugin) and the trust entries. The
 * plugin feature stays at its default (on).
 */
function providerArgs(s: FakeModelServer): string[] {
  const settings = [
    'model="gpt-5.5"',
    'model_provider="fake"',
    'check_for_update_on_startup=false',
    'model_providers.fake.name="Scripted fake model"',
    `model_providers.fake.base_url="${s.baseUrl}"`,
    'model_providers.fake.env_key="FAKE_MODEL_API_KEY"',
    'model_providers.fake.wire_api="responses"',
    'model_providers.fake.request_max_retries=0',
    'model_providers.fake.stream_max_retries=0',
    'analytics.enabled=false',
    'feedback.enabled=false',
  ];
  return settings.flatMap((kv) => ['-c', kv]);
}

/** The stopline hooks Codex sees for this HOME (source, key, hash, trust). */
const listed = async (p: Person, c: RealHostCase): Promise<CodexListedHook[]> =>
  (await codexHooksList({ codexHome: p.codexHome, cwd: c.project })).filter((h) => h.command.includes('stopline.mjs'));

/** Trust every listed stopline hook the way Codex's /hooks screen persists it: the handler hash plus the plugin fingerprint. */
async function trustPluginHooks(p: Person, c: RealHostCase): Promise<void> {
  let toml = '';
  for (const h of await listed(p, c)) {
    const [handler, content] = h.currentHash.split('/');
    toml += `\n[hooks.state."${h.key}"]\ntrusted_hash = "${handler}"\ntrusted_content_hash = "${content}"\n`;
  }
  appendFileSync(join(p.codexHome, 'config.toml'), toml);
}

async function exec(p: Person, c: RealHostCase, script: FakeModelScript, prompt: string, extra: string[] = []): Promise<FakeModelServer> {
  const s = await runs.server(script);
  const args = [requireHost('codex'), 'exec', ...providerArgs(s), '--json', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', ...extra, prompt];
  const r = await runProcess({ command: process.execPath, args, cwd: c.project, env: p.env, timeoutMs: 180_000 });
  expect(r.code, `codex exited ${r.code}\nstderr: ${r.stderr.slice(-3000)}`).toBe(0);
  return s;
}

const patch = (body: string) => `*** Begin Patch\n${body}*** End Patch\n`;

function reviewScript(): FakeModelScript {
  return {
    threads: [
      {
        name: 'main',
        turns: [
          { toolCalls: [{ id: 'call_add', name: 'apply_patch', input: patch('*** Add File: new.txt\n+new\n') }] },
          { toolCalls: [{ id: 'call_update', name: 'apply_patch', input: patch('*** Update File: a.txt\n@@\n-alpha\n+beta\n') }] },
          { toolCalls: [{ id: 'call_touch', name: 'exec_command', input: { cmd: 'touch x' } }] },
          { toolCalls: [{ id: 'call_cat', name: 'exec_command', input: { cmd: 'cat a.txt' } }] },
          { text: 'done' },
        ],
      },
    ],
  };
}

describeRealHost(status, 'Codex 0.171.0: installed with `codex plugin` from a checkout', HOSTS_FOR.codex, 240_000, () => {
  let p: Person;

  beforeAll(async () => {
    const root = runs.newCase('native').runDir;
    const checkout = makeCheckout(join(root, 'checkout'));
    p = personIn(join(root, 'person'));
    await codexCli(p, 'plugin', 'marketplace', 'add', checkout);
    await codexCli(p, 'plugin', 'add', 'stopline@stopline');
  });

  it('Codex lists the plugin hooks, untrusted until trusted; the skill is in the installed plugin', async () => {
    const c = runs.newCase('list');
    const hooks = await listed(p, c);
    expect(hooks.map((h) => h.eventName).sort()).toEqual(['preToolUse', 'sessionEnd', 'sessionStart', 'stop', 'subagentStart', 'userPromptSubmit']);
    expect(hooks.every((h) => h.key.startsWith('stopline@stopline:') && h.trustStatus === 'untrusted')).toBe(true);
    expect(existsSync(join(p.codexHome, 'plugins', 'cache', 'stopline', 'stopline', '0.1.0', 'skills', 'stopline', 'SKILL.md'))).toBe(true);
    // doctor sees the plugin install and says Codex will not run it yet
    const d = await doctor('codex', p.env, p.runDir);
    expect(d.ok).toBe(false);
    expect(statuses(d.reports.find((r) => r.scope === 'native stopline@stopline'))).toMatchObject({ installed: 'pass', artifact: 'pass', 'would-run': 'fail' });
  });

  it('untrusted: Codex skips the hooks without a word and a review contract stops nothing', async () => {
    const c = runs.newCase('untrusted');
    const s = await exec(p, c, reviewScript(), '$stopline review -- look at a.txt');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expectRan(s, 'call_add');
  });

  it('untrusted, one run with --dangerously-bypass-hook-trust: the plugin hooks run for that run only (review stops the add)', async () => {
    const c = runs.newCase('bypass');
    const s = await exec(p, c, reviewScript(), '$stopline review -- look at a.txt', ['--dangerously-bypass-hook-trust']);
    expectStopped(s, 'call_add', 'MODE_FORBIDS_MUTATION');
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect((await listed(p, c)).every((h) => h.trustStatus === 'untrusted')).toBe(true);
  });

  it('trusted: review stops apply_patch add, apply_patch update and `touch x`; `cat` runs', async () => {
    const c = runs.newCase('review');
    await trustPluginHooks(p, c);
    expect((await listed(p, c)).every((h) => h.trustStatus === 'trusted')).toBe(true);
    const s = await exec(p, c, reviewScript(), '$stopline review -- look at a.txt');
    expect(existsSync(join(c.project, 'new.txt'))).toBe(false);
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(existsSync(join(c.project, 'x'))).toBe(false);
    for (const id of ['call_add', 'call_update', 'call_touch']) expectStopped(s, id, 'MODE_FORBIDS_MUTATION');
    expectRan(s, 'call_cat');
    // trusted: doctor's probe of the plugin's own hook command is denied; the trust it cannot re-check is a warning
    const d = await doctor('codex', p.env, p.runDir);
    expect(statuses(d.reports.find((r) => r.scope === 'native stopline@stopline'))).toMatchObject({ installed: 'pass', artifact: 'pass', 'would-run': 'warn', enforcement: 'pass' });
  });

  it('files=a.txt: patching a.txt runs, adding b.txt is stopped', async () => {
    const c = runs.newCase('files');
    const s = await exec(
      p,
      c,
      {
        threads: [
          {
            name: 'main',
            turns: [
              { toolCalls: [{ id: 'call_a', name: 'apply_patch', input: patch('*** Update File: a.txt\n@@\n-alpha\n+changed\n') }] },
              { toolCalls: [{ id: 'call_b', name: 'apply_patch', input: patch('*** Add File: b.txt\n+b\n') }] },
              { toolCalls: [{ id: 'call_sh', name: 'exec_command', input: { cmd: 'echo x > c.txt' } }] },
              { text: 'done' },
            ],
          },
        ],
      },
      '$stopline change files=a.txt -- update a.txt',
    );
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(existsSync(join(c.project, 'b.txt'))).toBe(false);
    expect(existsSync(join(c.project, 'c.txt'))).toBe(false);
    expectRan(s, 'call_a');
    expectStopped(s, 'call_b', 'PATH_OUTSIDE_CONTRACT');
    expectStopped(s, 'call_sh', 'PATH_OUTSIDE_CONTRACT');
  });

  it('unarmed: every tool runs', async () => {
    const c = runs.newCase('unarmed');
    const s = await exec(p, c, reviewScript(), 'tidy up a.txt');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expect(readFileSync(join(c.project, 'a.txt'), 'utf8')).toBe('beta\n');
    expect(existsSync(join(c.project, 'x'))).toBe(true);
    for (const id of ['call_add', 'call_update', 'call_touch', 'call_cat']) expectRan(s, id);
  });

  it('any change to the installed plugin folder turns every hook back to untrusted (`modified`), and Codex skips them', async () => {
    const c = runs.newCase('modified');
    const skill = join(p.codexHome, 'plugins', 'cache', 'stopline', 'stopline', '0.1.0', 'skills', 'stopline', 'SKILL.md');
    const before = readFileSync(skill, 'utf8');
    writeFileSync(skill, `${before}\n`);
    try {
      expect((await listed(p, c)).every((h) => h.trustStatus === 'modified')).toBe(true);
      const s = await exec(p, c, reviewScript(), '$stopline review -- look at a.txt');
      expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
      expectRan(s, 'call_add');
    } finally {
      writeFileSync(skill, before);
    }
  });

  it('`codex plugin remove` + `marketplace remove` leave no stopline hook: Codex lists none and a review session writes', async () => {
    await codexCli(p, 'plugin', 'remove', 'stopline@stopline');
    await codexCli(p, 'plugin', 'marketplace', 'remove', 'stopline');
    const c = runs.newCase('removed');
    expect(await listed(p, c)).toEqual([]);
    expect(filesMentioning(p.codexHome, 'stopline.mjs', (rel) => rel.startsWith('sessions') || rel.endsWith('.sqlite'))).toEqual([]);
    const s = await exec(p, c, reviewScript(), '$stopline review -- look at a.txt');
    expect(readFileSync(join(c.project, 'new.txt'), 'utf8')).toBe('new\n');
    expectRan(s, 'call_add');
  });
});
