/**
 * The second half of the build (build/finish.mjs) on a scratch output folder: static files,
 * modes, the checks failing the build, the size report, SHA256SUMS.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE, REPO_ROOT } from '../../build/artifacts.mjs';
import type { Artifact } from '../../build/artifacts.mjs';
import { checksumsText, finishBuild } from '../../build/finish.mjs';
import { scratch } from './helpers';

const work = scratch('finish');
afterAll(() => work.cleanup());

// entries must exist for an artifact to count as present; the toy files stand in for sources
const TOY = 'test/build/fixtures/toy-dist';
const hook: Artifact = {
  id: 'toy',
  title: 'toy hook',
  entry: `${TOY}/hook.mjs`,
  output: 'toy/stopline.mjs',
  format: 'es',
  kind: 'command',
  shebang: true,
  sizeBudget: 150 * 1024,
  files: [
    { to: 'plugin.json', generate: (meta) => JSON.stringify({ name: meta.name, version: meta.version }) + '\n' },
    { to: 'plugin.yaml', from: `${TOY}/hermes/toy/plugin.yaml` },
  ],
  install: '',
  cases: [],
};

function outRoot(name: string): string {
  const dir = join(work.dir, name);
  mkdirSync(join(dir, 'toy'), { recursive: true });
  copyFileSync(join(REPO_ROOT, hook.entry), join(dir, 'toy', 'stopline.mjs'));
  return dir;
}

describe('finishing a build', () => {
  it('writes static files, sets modes, writes SHA256SUMS and passes a good artifact', async () => {
    const out = outRoot('good');
    // the toy hook has no banner, which the checks do not require; it has the shebang
    const lines: string[] = [];
    const { problems, rows } = await finishBuild({ outRoot: out, artifacts: [hook], log: (l) => lines.push(l) });
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.bytes)).toEqual([statSync(join(out, 'toy', 'stopline.mjs')).size]);
    expect(JSON.parse(readFileSync(join(out, 'toy', 'plugin.json'), 'utf8'))).toMatchObject({ name: 'stopline' });
    expect(readFileSync(join(out, 'toy', 'plugin.yaml'), 'utf8')).toContain('name: toy-hermes');
    expect(statSync(join(out, 'toy', 'stopline.mjs')).mode & 0o777).toBe(0o755);
    expect(statSync(join(out, 'toy', 'plugin.json')).mode & 0o777).toBe(0o644);
    expect(lines.join('\n')).toContain('stopline build: artifact sizes');
    expect(readFileSync(join(out, 'SHA256SUMS'), 'utf8')).toBe(checksumsText(out));
    if (spawnSync('sha256sum', ['--version']).status === 0) {
      const check = spawnSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      expect(check.stdout.trim().split('\n')).toEqual(['toy/plugin.json: OK', 'toy/plugin.yaml: OK', 'toy/stopline.mjs: OK']);
    }
  });

  it('fails on a missing static source, an artifact over budget and a missing bundle', async () => {
    const out = outRoot('bad');
    const broken: Artifact = { ...hook, sizeBudget: 10, files: [{ to: 'hooks.json', from: 'hosts/nowhere/hooks.json' }] };
    const notWritten: Artifact = { ...hook, id: 'ghost', output: 'ghost/stopline.mjs', files: [] };
    const { problems } = await finishBuild({ outRoot: out, artifacts: [broken, notWritten], log: () => {} });
    const size = statSync(join(out, 'toy', 'stopline.mjs')).size;
    expect(problems).toEqual([
      'toy: hooks.json: source hosts/nowhere/hooks.json does not exist',
      `toy: toy/stopline.mjs is ${size} bytes, over its budget of 10 bytes`,
      'ghost: ghost/stopline.mjs was not written (rollup did not emit it)',
    ]);
    expect(existsSync(join(out, 'toy', 'hooks.json'))).toBe(false);
  });

  it('copies a static artifact with its version placeholder filled in', async () => {
    const out = join(work.dir, 'static');
    mkdirSync(out, { recursive: true });
    const installer: Artifact = { ...hook, id: 'installer', kind: 'static', shebang: false, executable: true, entry: 'test/build/fixtures/installer.sh', output: 'install.sh', files: [] };
    const { problems } = await finishBuild({ outRoot: out, artifacts: [installer], log: () => {} });
    expect(problems).toEqual([]);
    expect(readFileSync(join(out, 'install.sh'), 'utf8')).toBe(`#!/bin/sh\necho "stopline ${PACKAGE.version}"\n`);
    expect(statSync(join(out, 'install.sh')).mode & 0o777).toBe(0o755);
  });
});
