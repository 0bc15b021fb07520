/**
 * The run-time confinement of the Claude plugin's hook script, spawned as the shell runs the mod's
 * rewrite: `node dist/claude/stopline.mjs --stopline-confine <scope> -- <command>`. Where a sandbox
 * starts, the command runs inside it (the allowed file is written, the one beside it is not, the
 * exit status and stdout pass through); where none can be built, or confinement is switched off,
 * the command is not run at all: exit 126 and one line on stderr naming why and the rule.
 *
 * The fixture lives under the repository's `.tmp/`, not in a temp folder, which a confined
 * command may write.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSandbox } from '../../core/confine/probe';
import { confineFixtures, repoTempRoot } from '../hosts/harness';
import { requireArtifact, writeUserConfig } from '../hosts/shared/real-host';
import { RUNTIMES } from '../hosts/shared/runtimes';
import { confineCommand as modConfine, sawBubblewrap } from '../../hosts/claude/mod/confine';

const script = requireArtifact('claude', 'stopline.mjs');
const SANDBOX = probeSandbox(process.env as Record<string, string>);
const nextFixture = confineFixtures(repoTempRoot('deferred-run'));

function fixture() {
  const f = nextFixture();
  writeFileSync(join(f.home, 'canary.txt'), 'canary\n');
  return f;
}

type Fixture = ReturnType<typeof fixture>;

const scopeOf = (f: Fixture, files: string[] | null, mode = 'change') => JSON.stringify({ mode, files, project: f.project, rules: ['WRITE_PATH_UNPROVEN'] });

function run(f: Fixture, args: string[], env: Record<string, string> = {}, input = '') {
  return spawnSync(process.execPath, [script, '--stopline-confine', ...args], {
    cwd: f.project,
    encoding: 'utf8',
    input,
    // the session's own marker is in the environment of every Bash command Claude Code runs with the mod loaded
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: f.home, CLAUDE_PID: '99', STOPLINE_CLAUDE_MOD: '99', ...env },
    timeout: 60_000,
  });
}

const WRITES = 'cat; echo inside > src/config.ts && echo ok-inside; echo x > README.md || echo readme-refused; echo x > "$HOME/canary.txt" || echo canary-refused; exit 5';

describe.skipIf(!SANDBOX.ok)('run-time confinement where a sandbox starts', () => {
  it('files=src/config.ts: the allowed write is made, the README and a file in HOME are not; stdin, stdout and the status pass through', () => {
    const f = fixture();
    const r = run(f, [scopeOf(f, ['src/config.ts']), '--', WRITES], {}, 'from-stdin\n');
    expect(r.stdout).toBe('from-stdin\nok-inside\nreadme-refused\ncanary-refused\n');
    expect(r.status).toBe(5);
    expect(readFileSync(join(f.project, 'src', 'config.ts'), 'utf8')).toBe('inside\n');
    expect(readFileSync(join(f.project, 'README.md'), 'utf8')).toBe('readme\n');
    expect(readFileSync(join(f.home, 'canary.txt'), 'utf8')).toBe('canary\n');
    expect(r.stderr).toContain('Read-only file system');
    expect(r.stderr).toContain('stopline: this command ran confined to the contract (files=src/config.ts writable');
  });

  it('a command that succeeds exits 0 with its output alone', () => {
    const f = fixture();
    const r = run(f, [scopeOf(f, ['src/config.ts']), '--', `printf '%s' "a'b \\$c"`]);
    expect(r.stdout).toBe(`a'b $c`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it("stopline's own data folder stays read-only even under a scope with no files=", () => {
    const f = fixture();
    const data = join(f.home, '.stopline');
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'stopline.json'), '{}\n');
    const r = run(f, [scopeOf(f, null, 'open'), '--', 'echo open > README.md; echo "{\\"failMode\\":\\"open\\"}" > "$HOME/.stopline/stopline.json"'], { STOPLINE_HOME: data });
    expect(readFileSync(join(f.project, 'README.md'), 'utf8')).toBe('open\n');
    expect(readFileSync(join(data, 'stopline.json'), 'utf8')).toBe('{}\n');
    expect(r.status).not.toBe(0);
  });
});

describe.skipIf(!SANDBOX.ok)("the mod's own command line, as Claude Code's shell runs it", () => {
  /** A PATH holding what /usr/bin and /bin hold, less node; bun from node_modules when asked. */
  function pathWithout(f: Fixture, withBun: boolean): string {
    const bin = join(f.dir, withBun ? 'bin-bun' : 'bin-none');
    mkdirSync(bin);
    const seen = new Set(['node', 'nodejs', 'bun']);
    for (const dir of ['/usr/local/bin', '/usr/bin', '/bin']) {
      for (const name of existsSync(dir) ? readdirSync(dir) : []) {
        if (seen.has(name)) continue;
        seen.add(name);
        symlinkSync(join(dir, name), join(bin, name));
      }
    }
    if (withBun) symlinkSync(RUNTIMES.bun![0]!, join(bin, 'bun'));
    return bin;
  }
  function modCommand(f: Fixture, command: string): string {
    sawBubblewrap(true);
    const r = modConfine({ command, contract: { mode: 'change', files: ['src/config.ts'] }, project: f.project, env: { CLAUDE_PLUGIN_ROOT: dirname(script) }, protectedPaths: [], now: Date.now(), configOn: true, rules: ['WRITE_PATH_UNPROVEN'] });
    if (!r.ok) throw new Error(r.why);
    return r.command;
  }

  it('with bun the only runtime on PATH, the plugin script runs under bun and confines the command', () => {
    const f = fixture();
    const r = spawnSync('bash', ['-c', modCommand(f, 'echo inside > src/config.ts && echo x > README.md || echo readme-refused')], {
      cwd: f.project,
      encoding: 'utf8',
      env: { PATH: pathWithout(f, true), HOME: f.home, CLAUDE_PID: '99', STOPLINE_CLAUDE_MOD: '99' },
      timeout: 60_000,
    });
    expect(r.stdout).toBe('readme-refused\n');
    expect(readFileSync(join(f.project, 'src', 'config.ts'), 'utf8')).toBe('inside\n');
    expect(readFileSync(join(f.project, 'README.md'), 'utf8')).toBe('readme\n');
  });

  it('with neither node nor bun on PATH, nothing runs and the shell says so (status 127)', () => {
    const f = fixture();
    const r = spawnSync('bash', ['-c', modCommand(f, 'echo inside > src/config.ts')], { cwd: f.project, encoding: 'utf8', env: { PATH: pathWithout(f, false), HOME: f.home }, timeout: 60_000 });
    expect(r.status).toBe(127);
    expect(readFileSync(join(f.project, 'src', 'config.ts'), 'utf8')).toBe('before\n');
  });
});

describe('the command is not run when it cannot be confined', () => {
  it('STOPLINE_CONFINE=0: exit 126, one line naming the switch and the rule, nothing written', () => {
    const f = fixture();
    const off = run(f, [scopeOf(f, ['src/config.ts']), '--', 'echo ran; echo inside > src/config.ts'], { STOPLINE_CONFINE: '0' });
    expect(off.status).toBe(126);
    expect(off.stdout).toBe('');
    expect(off.stderr).toBe('stopline: not run: confinement is off (STOPLINE_CONFINE=0) and this command cannot be proven; reason WRITE_PATH_UNPROVEN\n');
    expect(readFileSync(join(f.project, 'src', 'config.ts'), 'utf8')).toBe('before\n');
  });

  it('"confine": false in the user config: not run', () => {
    const f = fixture();
    writeUserConfig(f.home, { confine: false });
    const r = run(f, [scopeOf(f, ['src/config.ts']), '--', 'echo inside > src/config.ts']);
    expect(r.status).toBe(126);
    expect(r.stderr).toBe('stopline: not run: confinement is off ("confine": false in the user config) and this command cannot be proven; reason WRITE_PATH_UNPROVEN\n');
    expect(readFileSync(join(f.project, 'src', 'config.ts'), 'utf8')).toBe('before\n');
  });

  it('no bubblewrap on PATH: not run, and the line says how it failed', () => {
    const f = fixture();
    const bin = join(f.dir, 'bin');
    mkdirSync(bin);
    for (const tool of ['git', 'bash']) symlinkSync(spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim(), join(bin, tool));
    const r = run(f, [scopeOf(f, ['src/config.ts']), '--', 'echo inside > src/config.ts'], { PATH: bin });
    expect(r.status).toBe(126);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('stopline: not run: this command cannot be confined here (bubblewrap (bwrap) is not installed); reason WRITE_PATH_UNPROVEN\n');
    expect(readFileSync(join(f.project, 'src', 'config.ts'), 'utf8')).toBe('before\n');
  });

  it('arguments it cannot read: not run', () => {
    const f = fixture();
    for (const args of [['not json', '--', 'true'], [scopeOf(f, ['src/config.ts']), 'true'], [JSON.stringify({ mode: 'yolo', files: null, project: f.project, rules: ['MUTABILITY_UNPROVEN'] }), '--', 'true'], [JSON.stringify({ mode: 'open', files: null, project: 'rel', rules: [] }), '--', 'true']]) {
      const r = run(f, args);
      expect(r.status, args.join(' ')).toBe(126);
      expect(r.stderr).toMatch(/^stopline: not run: this command cannot be confined here \(.+\)(; reason [A-Z_]+)?\n$/);
    }
  });
});
