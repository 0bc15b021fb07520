/**
 * The CLI entry (hosts/cli): command registry, help, version, usage errors with a
 * suggestion, colours only where they belong. Runs the sources with a fake terminal; the
 * built file is covered by the runtime matrix.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../hosts/cli/args';
import { runCli } from '../../hosts/cli/cli';
import { COMMANDS } from '../../hosts/cli/commands';
import type { CliIO, CommandSpec } from '../../hosts/cli/commands';
import { colorEnabled } from '../../hosts/cli/style';
import { suggest } from '../../hosts/cli/suggest';

const ESC = '\u001b[';

function fakeIO(opts: { tty?: boolean; env?: Record<string, string> } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdin: process.stdin,
    stdout: { write: (s: string) => out.push(s), isTTY: opts.tty ?? false },
    stderr: { write: (s: string) => err.push(s), isTTY: opts.tty ?? false },
    env: opts.env ?? {},
    cwd: '/',
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

async function run(argv: string[], opts: { tty?: boolean; env?: Record<string, string> } = {}, registry?: readonly CommandSpec[]) {
  const t = fakeIO(opts);
  const code = await runCli(argv, t.io, registry);
  return { code, stdout: t.stdout(), stderr: t.stderr() };
}

describe('version and help', () => {
  it('--version and `version` print one line on stdout', async () => {
    for (const argv of [['--version'], ['version']]) {
      const r = await run(argv);
      expect(r).toEqual({ code: 0, stdout: 'stopline 0.0.0-dev\n', stderr: '' });
    }
  });

  it('--help lists every registered command with its options', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    for (const spec of COMMANDS) {
      expect(r.stdout).toContain(spec.name);
      expect(r.stdout).toContain(spec.summary);
      for (const o of spec.options) expect(r.stdout).toContain(o.flag);
    }
  });

  it('no arguments shows the same help', async () => {
    expect((await run([])).stdout).toBe((await run(['--help'])).stdout);
  });

  it('`help <command>` and `<command> --help` show its usage and every option', async () => {
    for (const spec of COMMANDS) {
      const a = await run(['help', ...spec.name.split(' ')]);
      const b = await run([...spec.name.split(' '), '--help']);
      expect(a.code).toBe(0);
      expect(a.stdout).toBe(b.stdout);
      expect(a.stdout).toContain(`Usage: ${spec.usage.split('\n')[0]}`);
      for (const o of spec.options) expect(a.stdout).toContain(o.flag);
      expect(a.stdout).toContain('--help');
    }
  });
});

describe('usage errors', () => {
  it('unknown command: exit 1, stderr names it and suggests the closest', async () => {
    const r = await run(['hlep']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('stopline: unknown command "hlep"; did you mean "help"?\nRun "stopline help" to list the commands.\n');
  });

  it('unknown command with nothing close: no suggestion', async () => {
    const r = await run(['zzzzzz']);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('stopline: unknown command "zzzzzz"');
  });

  it('unknown global option suggests the real one', async () => {
    const r = await run(['--verison']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe('stopline: unknown option "--verison"; did you mean "--version"?');
  });

  it("unknown option of a command is checked against that command's options", async () => {
    const registry: CommandSpec[] = [
      { name: 'status', summary: 'show the contract', usage: 'stopline status [--json]', options: [{ flag: '--json', summary: 'machine output' }], run: async () => 0 },
    ];
    const r = await run(['status', '--jsn'], {}, registry);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe('stopline status: unknown option "--jsn"; did you mean "--json"?');
  });

  it('`help <unknown>` suggests too', async () => {
    const r = await run(['help', 'verison']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown command "verison"; did you mean "version"?');
  });

  it('a command that throws gives one stderr line and exit 1', async () => {
    const registry: CommandSpec[] = [
      { name: 'boom', summary: 'fails', usage: 'stopline boom', options: [], run: async () => { throw new Error('disk gone\nstack…'); } },
    ];
    const r = await run(['boom'], {}, registry);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'stopline boom: internal error: disk gone\nPlease report this with the command you ran.\n' });
  });
});

describe('multi-word commands', () => {
  const seen: unknown[] = [];
  const registry: CommandSpec[] = [
    {
      name: 'hooks validate',
      summary: 'check the hooks config',
      usage: 'stopline hooks validate [--json]',
      options: [{ flag: '--json', summary: 'machine output' }, { flag: '--host', value: 'name', summary: 'only this host' }],
      run: async (args) => {
        seen.push(args);
        return 0;
      },
    },
    { name: 'hooks list', summary: 'list hooks', usage: 'stopline hooks list', options: [], run: async () => 0 },
  ];

  it('dispatches the longest name and parses its options', async () => {
    expect((await run(['hooks', 'validate', '--json', '--host', 'codex', 'extra'], {}, registry)).code).toBe(0);
    expect(seen[0]).toMatchObject({ options: { json: true, host: 'codex' }, positionals: ['extra'] });
  });

  it('a bare group lists its commands; a mistyped member gets a suggestion', async () => {
    const g = await run(['hooks'], {}, registry);
    expect(g.code).toBe(0);
    expect(g.stdout).toContain('hooks validate');
    expect(g.stdout).toContain('hooks list');
    const bad = await run(['hooks', 'valdate'], {}, registry);
    expect(bad.code).toBe(1);
    expect(bad.stderr.split('\n')[0]).toBe('stopline: unknown command "hooks valdate"; did you mean "hooks validate"?');
  });
});

describe('option parsing', () => {
  const specs = [
    { flag: '--json', short: '-j', summary: '' },
    { flag: '--host', value: 'name', summary: '' },
  ];
  it('handles switches, values, = forms, short forms and --', () => {
    expect(parseArgs(['-j', '--host=pi', 'a', '--', '--json'], specs)).toEqual({ ok: true, args: { options: { json: true, host: 'pi' }, positionals: ['a', '--json'], argv: ['-j', '--host=pi', 'a', '--', '--json'] } });
  });
  it('rejects a missing value and a value given to a switch', () => {
    expect(parseArgs(['--host'], specs)).toEqual({ ok: false, error: 'option "--host" needs a value <name>' });
    expect(parseArgs(['--host', '--json'], specs)).toEqual({ ok: false, error: 'option "--host" needs a value <name>' });
    expect(parseArgs(['--json=yes'], specs)).toEqual({ ok: false, error: 'option "--json" takes no value' });
  });
});

describe('suggestions', () => {
  it('counts a swapped pair as one edit', () => {
    expect(suggest('hlep', ['help', 'install'])).toBe('help');
  });
  it('prefers a unique prefix, then the closest name within the typo limit', () => {
    expect(suggest('stat', ['status', 'install'])).toBe('status');
    expect(suggest('instal', ['install', 'uninstall'])).toBe('install');
    expect(suggest('doctr', ['doctor', 'dashboard'])).toBe('doctor');
    expect(suggest('xyz', ['doctor', 'dashboard'])).toBeUndefined();
  });
});

describe('colours', () => {
  it('only on a TTY, never with NO_COLOR or STOPLINE_NO_COLOR', () => {
    expect(colorEnabled({ write() {}, isTTY: true }, {})).toBe(true);
    expect(colorEnabled({ write() {}, isTTY: false }, {})).toBe(false);
    expect(colorEnabled({ write() {} }, {})).toBe(false);
    expect(colorEnabled({ write() {}, isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled({ write() {}, isTTY: true }, { STOPLINE_NO_COLOR: 'yes' })).toBe(false);
    // no-color.org: an empty value does not count
    expect(colorEnabled({ write() {}, isTTY: true }, { NO_COLOR: '' })).toBe(true);
  });

  it('help and errors carry escapes on a TTY and none otherwise', async () => {
    expect((await run(['--help'], { tty: true })).stdout).toContain(ESC);
    expect((await run(['hlep'], { tty: true })).stderr).toContain(ESC);
    expect((await run(['--help'], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toContain(ESC);
    expect((await run(['hlep'], { tty: true, env: { STOPLINE_NO_COLOR: '1' } })).stderr).not.toContain(ESC);
    expect((await run(['--help'])).stdout).not.toContain(ESC);
  });
});
