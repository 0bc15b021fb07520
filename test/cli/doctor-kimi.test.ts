/**
 * `stopline doctor kimi` in a throwaway HOME after `stopline install kimi` with dist/kimi: green
 * with the real Kimi Code on PATH, where doctor asks Kimi's own config loader whether it reads
 * stopline's hooks (discovery is not activation); red with the fix when Kimi refuses the config
 * file (it would not start) and when the tables are gone.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, cleanupTempDirs, cli, tempDir, writeFile, type Doc } from './helpers';

const DIST = join(REPO, 'dist');
const KIMI = join(REPO, '.hosts', 'kimi', 'venv', 'bin', 'kimi');
const SLOW = { timeout: 300_000 };

let home: string;
let project: string;
let env: Record<string, string>;

const doctor = async (): Promise<{ code: number; doc: Doc }> => {
  const r = await cli(['doctor', 'kimi', '--json', '--from', DIST], { env, cwd: project });
  return { code: r.code, doc: JSON.parse(r.stdout) as Doc };
};
const checkOf = (doc: Doc, id: string) => doc.reports.find((r) => r.host === 'kimi')?.checks.find((c) => c.id === id);

beforeAll(async () => {
  const root = tempDir('stopline-doctor-kimi-');
  home = join(root, 'home');
  project = join(root, 'project');
  writeFile(join(project, 'README.md'), 'p\n');
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  if (existsSync(KIMI)) symlinkSync(KIMI, join(bin, 'kimi'));
  env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share'), KIMI_DISABLE_TELEMETRY: '1', PATH: `${bin}:/usr/local/bin:/usr/bin:/bin`, NO_COLOR: '1' };
  const r = await cli(['install', 'kimi', '--from', DIST, '--runtime', 'node'], { env, cwd: project });
  expect(r.code, r.stderr).toBe(0);
}, 300_000);

afterAll(cleanupTempDirs);

describe.skipIf(!existsSync(join(DIST, 'kimi', 'stopline.mjs')) || !existsSync(KIMI))('stopline doctor kimi (the real Kimi Code on PATH)', () => {
  it("green: registered, Kimi's own loader reads the six hooks, the probe is denied", SLOW, async () => {
    const { code, doc } = await doctor();
    expect(code, JSON.stringify(doc, null, 1)).toBe(0);
    expect(checkOf(doc, 'registered')?.status).toBe('pass');
    expect(checkOf(doc, 'would-run')).toMatchObject({ status: 'pass', detail: expect.stringContaining("Kimi's own config loader reads stopline's 6 hooks") });
    expect(checkOf(doc, 'enforcement')?.detail).toContain('MODE_FORBIDS_MUTATION');
  });

  it('red when Kimi refuses the config file (an event it does not know), and when the tables are gone', SLOW, async () => {
    const file = join(home, '.kimi', 'config.toml');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, `${original}\n[[hooks]]\nevent = "BeforeEverything"\ncommand = "true"\n`);
    let r = await doctor();
    expect(r.code).toBe(1);
    expect(checkOf(r.doc, 'would-run')).toMatchObject({ status: 'fail', detail: expect.stringContaining('Kimi refuses') });
    writeFileSync(file, '');
    r = await doctor();
    expect(checkOf(r.doc, 'registered')).toMatchObject({ status: 'fail', fix: 'stopline install kimi' });
    writeFileSync(file, original);
    expect((await doctor()).code).toBe(0);
  });
});
