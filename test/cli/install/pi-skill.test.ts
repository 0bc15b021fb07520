/**
 * `stopline install pi` places the skill next to the extension (`<extensions>/skills/stopline/
 * SKILL.md`, where dist/pi/stopline.ts looks for it and hands it to Pi's resources_discover),
 * lists it in the install record, shows it in a dry run, and uninstall takes it away again
 * leaving the folder byte-identical. The shipped extension, installed this way, offers exactly
 * that folder to Pi; the real Pi 0.73.1 expands /skill:stopline from it; and install.sh's
 * download path brings the skill along.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeChecksums } from '../../../hosts/cli/install/checksums';
import { bundleCli, cleanupTempDirs, installSh, makeDist, makeHome, readJson, REPO, seedUserConfigs, serveDist, snapshot, stopline, tempDir, write, type Home } from './helpers';

const SKILL_TEXT = '---\nname: stopline\ndescription: placeholder skill for the install tests\n---\n# stopline skill (placeholder)\n';

/** The placeholder dist plus the Pi skill folder the real build ships in dist/pi/skills/. */
function distWithPiSkill(dir?: string): string {
  const dist = makeDist(dir);
  write(join(dist, 'pi', 'skills', 'stopline', 'SKILL.md'), SKILL_TEXT);
  return dist;
}

const skillAt = (extensionsDir: string) => join(extensionsDir, 'skills', 'stopline', 'SKILL.md');

interface RecordShape {
  installs: Record<string, { artifacts: string[] }>;
  files: Record<string, unknown>;
}

let dist: string;
beforeAll(() => {
  dist = distWithPiSkill();
});
afterAll(cleanupTempDirs);

const install = (h: Home, ...args: string[]) => stopline(['install', 'pi', ...args, '--from', dist], h);
const uninstall = (h: Home, ...args: string[]) => stopline(['uninstall', 'pi', ...args], h);

describe('install pi places the skill beside the extension', () => {
  it('user scope: the skill is where the extension looks, the record lists it, uninstall restores every byte', async () => {
    const h = makeHome();
    seedUserConfigs(h);
    const before = snapshot(h.root);
    const extensions = join(h.pi, 'extensions');

    const r = await install(h);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(readFileSync(skillAt(extensions), 'utf8')).toBe(SKILL_TEXT);
    expect(r.stdout).toContain(`skill: /skill:stopline from ${join(extensions, 'skills', 'stopline')}`);
    expect(r.stdout).toContain(`created  ${skillAt(extensions)}`);

    const record = readJson(join(h.xdg, 'stopline', 'installed.json')) as RecordShape;
    expect(record.installs['pi:user']!.artifacts).toEqual([join(extensions, 'stopline.ts'), skillAt(extensions)]);
    expect(record.files[skillAt(extensions)]).toBeDefined();

    // the person's own extension is untouched
    expect(readFileSync(join(extensions, 'mine.ts'), 'utf8')).toBe(readFileSync(join(REPO, 'test/cli/install/fixtures/pi-other-extension.ts'), 'utf8'));

    const again = await install(h);
    expect(again.stdout).toContain('nothing to change: already installed exactly like this');

    const u = await uninstall(h);
    expect(u.code, u.stderr).toBe(0);
    expect(u.stdout).toContain(`removed  ${skillAt(extensions)}`);
    expect(snapshot(h.root)).toEqual(before);
  });

  it('into an empty home: uninstall removes the skills/ folders it created too', async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    expect((await install(h)).code).toBe(0);
    expect(existsSync(skillAt(join(h.pi, 'extensions')))).toBe(true);
    expect((await uninstall(h)).code).toBe(0);
    expect(existsSync(join(h.pi, 'extensions', 'skills'))).toBe(false);
    expect(snapshot(h.root)).toEqual(before);
  });

  it('project scope: the skill goes to .pi/extensions/skills/ and leaves with the extension', async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    const r = await install(h, '--scope', 'project');
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(skillAt(join(h.project, '.pi', 'extensions')), 'utf8')).toBe(SKILL_TEXT);
    expect(existsSync(join(h.pi, 'extensions'))).toBe(false);
    expect((await uninstall(h, '--scope', 'project')).code).toBe(0);
    expect(snapshot(h.root)).toEqual(before);
  });

  it('dry run lists the skill file and writes nothing', async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    const r = await install(h, '--dry-run');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`--- /dev/null\n+++ ${skillAt(join(h.pi, 'extensions'))}\n(artifact would be created, ${Buffer.byteLength(SKILL_TEXT)} bytes, mode 0644)`);
    expect(snapshot(h.root)).toEqual(before);

    expect((await install(h)).code).toBe(0);
    const dryUninstall = await uninstall(h, '--dry-run');
    expect(dryUninstall.stdout).toContain(`--- ${skillAt(join(h.pi, 'extensions'))}\n+++ /dev/null\n(artifact would be removed)`);
  });

  it('a SKILL.md of the person at that path is backed up and comes back on uninstall', async () => {
    const h = makeHome();
    write(skillAt(join(h.pi, 'extensions')), '# my own notes\n');
    expect((await install(h)).code).toBe(0);
    expect(readFileSync(skillAt(join(h.pi, 'extensions')), 'utf8')).toBe(SKILL_TEXT);
    expect((await uninstall(h)).code).toBe(0);
    expect(readFileSync(skillAt(join(h.pi, 'extensions')), 'utf8')).toBe('# my own notes\n');
  });

  it('an install made before the skill shipped gains the skill on reinstall, and uninstall removes both', async () => {
    const h = makeHome();
    const before = snapshot(h.root);
    const oldDist = makeDist();
    const old = await stopline(['install', 'pi', '--from', oldDist], h);
    expect(old.code).toBe(0);
    expect(old.stdout).toContain('has no skills/ folder, so /skill:stopline will be missing');
    expect(existsSync(join(h.pi, 'extensions', 'skills'))).toBe(false);

    expect((await install(h)).code).toBe(0);
    expect(readFileSync(skillAt(join(h.pi, 'extensions')), 'utf8')).toBe(SKILL_TEXT);
    expect((await uninstall(h)).code).toBe(0);
    expect(snapshot(h.root, { skipBackups: true })).toEqual(before);
  });

  it('uninstall without an install record still removes the skill file (and nothing else of the folder)', async () => {
    const h = makeHome();
    expect((await install(h)).code).toBe(0);
    write(join(h.pi, 'extensions', 'skills', 'other', 'SKILL.md'), '# another skill\n');
    rmSync(join(h.xdg, 'stopline', 'installed.json'));
    const u = await uninstall(h);
    expect(u.code, u.stderr).toBe(0);
    expect(existsSync(skillAt(join(h.pi, 'extensions')))).toBe(false);
    expect(existsSync(join(h.pi, 'extensions', 'stopline.ts'))).toBe(false);
    expect(readFileSync(join(h.pi, 'extensions', 'skills', 'other', 'SKILL.md'), 'utf8')).toBe('# another skill\n');
  });
});

describe('the shipped Pi extension, installed, offers the installed skill to Pi', () => {
  const built = join(REPO, 'dist', 'pi');
  const haveBuild = existsSync(join(built, 'stopline.ts')) && existsSync(join(built, 'skills', 'stopline', 'SKILL.md'));

  it.skipIf(!haveBuild)('resources_discover answers with <extensions>/skills, which holds SKILL.md', async () => {
    const h = makeHome();
    const r = await stopline(['install', 'pi', '--from', join(REPO, 'dist')], h);
    expect(r.code, r.stderr).toBe(0);
    const extensions = join(h.pi, 'extensions');
    expect(readFileSync(skillAt(extensions), 'utf8')).toBe(readFileSync(join(built, 'skills', 'stopline', 'SKILL.md'), 'utf8'));

    // load the installed copy (its import.meta.url is what the extension resolves skills/ from)
    const handlers = new Map<string, (event: unknown, ctx: unknown) => unknown>();
    const mod = (await import(/* @vite-ignore */ pathToFileURL(join(extensions, 'stopline.ts')).href)) as { default: (pi: unknown) => void };
    mod.default({ on: (name: string, handler: (event: unknown, ctx: unknown) => unknown) => void handlers.set(name, handler) });
    const discover = handlers.get('resources_discover');
    expect(discover, 'the installed extension did not find its skill').toBeDefined();
    expect(await discover!({ type: 'resources_discover' }, {})).toEqual({ skillPaths: [join(extensions, 'skills')] });
  }, 60_000);
});

const haveCurl = ['/usr/bin/curl', '/bin/curl', '/usr/local/bin/curl'].some((p) => existsSync(p));

describe('install.sh pi', () => {
  it.skipIf(!haveCurl)('downloads the skill with the extension, installs both, and --uninstall leaves the home as it was', async () => {
    const webRoot = tempDir('stopline-web-');
    const served = distWithPiSkill(join(webRoot, 'dist'));
    bundleCli(served);
    writeChecksums(served);
    const { url, requests } = await serveDist(webRoot);
    const h = makeHome();
    seedUserConfigs(h);
    const before = snapshot(h.root);
    const r = await installSh('/bin/sh', ['pi'], { ...h.env, STOPLINE_BASE_URL: url }, h.project);
    expect(r.code, r.stderr).toBe(0);
    expect(requests).toContain('/dist/pi/skills/stopline/SKILL.md');
    expect(r.stderr).toContain(`downloaded and verified 3 files from ${url}`);
    expect(readFileSync(skillAt(join(h.pi, 'extensions')), 'utf8')).toBe(SKILL_TEXT);
    const u = await installSh('/bin/sh', ['--uninstall', 'pi'], { ...h.env, STOPLINE_BASE_URL: url }, h.project);
    expect(u.code, u.stderr).toBe(0);
    expect(snapshot(h.root)).toEqual(before);
  }, 120_000);
});
