/**
 * The CLI docs stay in step with the code: every command and option of the registry is in
 * docs/cli.md, every STOPLINE_* variable the sources read is in docs/environment.md's table,
 * and the fail-closed shell wrapper of docs/wire-your-own-harness.md really fails closed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../hosts/cli/commands';
import { DIST_CLI, REPO, cleanupTempDirs, isolatedEnv, tempDir, writeFile } from './helpers';

afterAll(cleanupTempDirs);

const doc = (name: string) => readFileSync(join(REPO, 'docs', name), 'utf8');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.(ts|py|sh)$/.test(name)) out.push(p);
  }
  return out;
}

/** Names that look like variables but are not read from the environment. */
const NOT_VARIABLES: Readonly<Record<string, string>> = {
  STOPLINE_VERSION: 'the version constant in core/evidence/version.ts',
  STOPLINE_VERSION__: 'the build-time version token',
  STOPLINE_LOCK_TIMEOUT: 'an error code',
  STOPLINE_LOCK_BUSY: 'an error code (the evaluator decides the event again)',
  STOPLINE_NOT_A_FILE: 'an error code (a link or other non-file where a state file should be)',
  STOPLINE_NOT_A_FOLDER: "an error code (a link or file where stopline's launcher folder should be)",
  STOPLINE_DATA_DIR_UNSAFE: 'an error code (a data folder others may change)',
  STOPLINE_SUM_FILE: "install.sh's own hand-over to the runtime that hashes a file",
  STOPLINE_DEFAULT_REPO: "install.sh's own default for STOPLINE_REPO (filled in by the build)",
  STOPLINE_DEFAULT_REF: "install.sh's own default for STOPLINE_REF (filled in by the build)",
};

describe('docs/cli.md', () => {
  it('names every command and every option of the registry', () => {
    const text = doc('cli.md');
    for (const spec of COMMANDS) {
      expect(text, spec.name).toContain(`\`${spec.name.split(' ')[0]}`);
      for (const o of spec.options) expect(text, `${spec.name} ${o.flag}`).toContain(o.flag);
    }
  });
});

describe('docs/environment.md', () => {
  it('lists every STOPLINE_* variable the sources read', () => {
    const table = doc('environment.md')
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .join('\n');
    const read = new Set<string>();
    for (const file of [...sources(join(REPO, 'core')), ...sources(join(REPO, 'hosts'))]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bSTOPLINE_[A-Z_]+/g)) read.add(m[0]);
    }
    const missing = [...read].filter((v) => !(v in NOT_VARIABLES) && !table.includes(`\`${v}\``)).sort();
    expect(missing).toEqual([]);
    for (const v of ['STOPLINE_HOME', 'STOPLINE_CONFIG', 'STOPLINE_FAIL_OPEN', 'STOPLINE_GUARD_TIMEOUT_MS', 'STOPLINE_RUNTIME', 'STOPLINE_NO_COLOR', 'NO_COLOR', 'STOPLINE_TASK_ID']) {
      expect(table).toContain(`\`${v}\``);
    }
  });
});

describe('docs/wire-your-own-harness.md', () => {
  const text = doc('wire-your-own-harness.md');
  const block = /POSIX shell, fail closed:\n\n```sh\n([\s\S]*?)```/.exec(text)?.[1];

  it('has the shell wrapper', () => {
    expect(block).toBeDefined();
  });

  it('its shell wrapper allows, blocks, and blocks when the guard cannot run (unless STOPLINE_FAIL_OPEN=1)', { timeout: 300_000 }, () => {
    const home = tempDir();
    const project = join(home, 'p');
    writeFile(join(project, 'README.md'), 'x');
    const wrapper = (mjs: string) => {
      const file = join(home, `guard-${mjs.length}.sh`);
      writeFile(file, block!.replace('/usr/bin/node', process.execPath).replace('/opt/stopline/stopline.mjs', mjs));
      return file;
    };
    const good = wrapper(DIST_CLI);
    const gone = wrapper(join(home, 'nowhere', 'stopline.mjs'));
    const env = isolatedEnv(home, { STOPLINE_HOME: join(home, 'data') });
    const run = (file: string, event: object, extra: Record<string, string> = {}) =>
      spawnSync('sh', [file], { input: JSON.stringify(event), env: { ...env, ...extra }, cwd: project, encoding: 'utf8', timeout: 120_000 });
    const base = { session_id: 'wrap', cwd: project };
    expect(run(good, { ...base, hook_event_name: 'prompt:submit', prompt: '$stopline review -- check' }).status).toBe(0);
    expect(run(good, { ...base, hook_event_name: 'tool:before', tool_name: 'Read', tool_input: { file_path: 'README.md' } }).status).toBe(0);
    const write = run(good, { ...base, hook_event_name: 'tool:before', tool_name: 'Write', tool_input: { file_path: 'x.txt', content: 'x' } });
    expect(write.status).toBe(2);
    expect(write.stderr).toContain('MODE_FORBIDS_MUTATION');
    const unavailable = run(gone, { ...base, hook_event_name: 'tool:before', tool_name: 'Read', tool_input: { file_path: 'README.md' } });
    expect(unavailable.status).toBe(2);
    expect(unavailable.stderr).toContain('stopline guard unavailable (exit 1): blocked');
    expect(run(gone, { ...base, hook_event_name: 'tool:before', tool_name: 'Read', tool_input: {} }, { STOPLINE_FAIL_OPEN: '1' }).status).toBe(0);
  });
});
