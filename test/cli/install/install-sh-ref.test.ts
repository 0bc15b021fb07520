/**
 * `curl -fsSL <raw URL of dist/install.sh> | sh -s -- <host>` with no release: the built
 * dist/install.sh takes its files from the repository's committed dist/ at a tag or a commit,
 * checked against that commit's dist/SHA256SUMS. The "raw host" is a server on 127.0.0.1 that
 * answers `/<owner>/<name>/<ref>/<path>` from a git repository with `git show <ref>:<path>`,
 * the way raw.githubusercontent.com serves a GitHub repository; nothing leaves the machine.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCheckout } from '../../hosts/shared/native-install';
import { requireArtifact } from '../../hosts/shared/real-host';
import { cleanupTempDirs, makeHome, tempDir, type Home } from './helpers';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string };
const TAG = `v${pkg.version}`;
const REPO_NAME = 'someone/stopline';
requireArtifact('install.sh');

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd, encoding: 'utf8' }).trim();

/** A raw-file server over a git repository: GET /<owner>/<name>/<ref>/<path>. */
function rawHost(repo: string): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    requests.push(path);
    const m = /^\/([^/]+\/[^/]+)\/([^/]+)\/(.+)$/.exec(path);
    if (!m || m[1] !== REPO_NAME || m[3]!.includes('..')) {
      res.statusCode = 404;
      return void res.end('404: Not Found');
    }
    try {
      res.end(execFileSync('git', ['show', `${m[2]}:${m[3]}`], { cwd: repo, maxBuffer: 64 * 1024 * 1024 }));
    } catch {
      res.statusCode = 404;
      res.end('404: Not Found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests })));
}

/** `curl -fsSL <url> | sh -s -- <args>`, as typed, in a throwaway HOME. */
function curlPipeSh(url: string, args: string[], env: Record<string, string>, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const line = `curl -fsSL '${url}' | sh -s -- ${args.map((a) => `'${a}'`).join(' ')}`;
    const child = spawn('/bin/sh', ['-c', line], { env, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('curl | sh from the committed dist/ at a tag or a commit', () => {
  let repo = '';
  let commit = '';
  let host: Awaited<ReturnType<typeof rawHost>>;
  beforeAll(async () => {
    repo = makeCheckout(join(tempDir('stopline-raw-'), 'repo'));
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'release');
    git(repo, 'tag', TAG);
    commit = git(repo, 'rev-parse', 'HEAD');
    // a later commit whose dist/ no longer matches its SHA256SUMS
    writeFileSync(join(repo, 'dist', 'claude', 'stopline.mjs'), `${readFileSync(join(repo, 'dist', 'claude', 'stopline.mjs'), 'utf8')}// changed\n`);
    git(repo, 'commit', '-q', '-am', 'dist changed, sums not');
    git(repo, 'tag', 'tampered');
    host = await rawHost(repo);
  });
  afterAll(() => {
    host?.server.close();
    cleanupTempDirs();
  });

  const env = (h: Home) => ({ ...h.env, PATH: process.env.PATH ?? '/usr/bin:/bin', STOPLINE_RAW_URL: host.url });
  const scriptAt = (ref: string) => `${host.url}/${REPO_NAME}/${ref}/dist/install.sh`;

  it(`at the tag ${TAG} (the script's own default ref): downloads, verifies, installs claude`, async () => {
    const h = makeHome();
    const r = await curlPipeSh(scriptAt(TAG), ['claude', '--repo', REPO_NAME, '--runtime', 'node'], env(h), h.project);
    expect(r.code, r.stderr).toBe(0);
    // the CLI and every file the tag's SHA256SUMS lists for the Claude plugin
    const claudeFiles = git(repo, 'show', `${TAG}:dist/SHA256SUMS`).split('\n').filter((l) => / claude\//.test(l)).length;
    expect(claudeFiles).toBeGreaterThanOrEqual(4);
    expect(r.stderr).toContain(`downloaded and verified ${claudeFiles + 1} files from ${host.url}/${REPO_NAME}/${TAG}/dist`);
    // stopline install claude puts the plugin in its local marketplace and runs it from the plugin's hooks.json
    const plugin = join(h.claude, 'plugins', 'stopline-local', 'stopline');
    const installed = join(plugin, 'stopline.mjs');
    expect(readFileSync(installed, 'utf8')).toBe(git(repo, 'show', `${TAG}:dist/claude/stopline.mjs`) + '\n');
    expect(readFileSync(join(plugin, 'hooks', 'hooks.json'), 'utf8')).toContain(installed);
    expect(readFileSync(join(h.claude, 'settings.json'), 'utf8')).toContain('stopline@stopline-local');
  });

  it('at a commit (--ref <sha>): the files come from that commit', async () => {
    const h = makeHome();
    const before = host.requests.length;
    const r = await curlPipeSh(scriptAt(commit), ['codex', '--repo', REPO_NAME, '--ref', commit, '--runtime', 'node'], env(h), h.project);
    expect(r.code, r.stderr).toBe(0);
    const fetched = host.requests.slice(before).filter((p) => !p.endsWith('/install.sh'));
    expect(fetched.length).toBeGreaterThan(2);
    expect(fetched.every((p) => p.startsWith(`/${REPO_NAME}/${commit}/dist/`))).toBe(true);
    expect(existsSync(join(h.codex, 'stopline.mjs'))).toBe(true);
    expect(readFileSync(join(h.codex, 'config.toml'), 'utf8')).toContain('[hooks.state.');
  });

  it('refuses a ref whose dist/ does not match its SHA256SUMS, and installs nothing', async () => {
    const h = makeHome();
    const r = await curlPipeSh(scriptAt('tampered'), ['claude', '--repo', REPO_NAME, '--ref', 'tampered', '--runtime', 'node'], env(h), h.project);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('checksum mismatch for claude/stopline.mjs');
    expect(existsSync(join(h.claude, 'settings.json'))).toBe(false);
    expect(existsSync(join(h.claude, 'plugins', 'stopline'))).toBe(false);
  });

  it('without --repo: uses the repository the build wrote into the script, or says to name one', async () => {
    const h = makeHome();
    const builtIn = /^STOPLINE_DEFAULT_REPO='([^']*)'$/m.exec(git(repo, 'show', `${TAG}:dist/install.sh`))?.[1];
    expect(builtIn).toBeDefined();
    const r = await curlPipeSh(scriptAt(TAG), ['claude', '--dry-run'], env(h), h.project);
    if (builtIn === '') {
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('name the repository to install from: --repo OWNER/NAME');
    } else {
      expect(r.stderr).toContain(`${host.url}/${builtIn}/${TAG}/dist/SHA256SUMS`);
    }
  });
});
