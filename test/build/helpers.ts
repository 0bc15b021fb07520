/** Shared by the build tests: which artifacts are built in the committed dist/, scratch folders. */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ARTIFACTS, REPO_ROOT, partitionArtifacts } from '../../build/artifacts.mjs';
import type { Artifact } from '../../build/artifacts.mjs';

export const COMMITTED_DIST = join(REPO_ROOT, 'dist');

/** Artifacts whose adapter exists (so the committed dist/ must hold them) and the rest. */
export function artifactsByState(): { built: Artifact[]; notYet: Artifact[] } {
  const { present, missing } = partitionArtifacts(ARTIFACTS);
  return { built: present, notYet: missing };
}

export function distFile(artifact: Artifact): string {
  return join(COMMITTED_DIST, artifact.output);
}

export function builtOfKind(kind: Artifact['kind']): Artifact[] {
  return artifactsByState().built.filter((a) => a.kind === kind && existsSync(distFile(a)));
}

/** A scratch folder removed by the returned cleanup. */
export function scratch(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `stopline-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An environment for running an artifact as a user would, with a throwaway HOME. */
export function isolatedEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    // keep Deno's module cache where it already is, so runs stay offline and fast
    DENO_DIR: process.env.DENO_DIR ?? join(process.env.HOME ?? home, '.cache', 'deno'),
    DENO_NO_UPDATE_CHECK: '1',
    LANG: 'C.UTF-8',
    ...extra,
  };
}

export function listTree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(relative(root, full).split('\\').join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** Every way two dist trees differ, as lines a person can act on. */
export function treeDifferences(committed: string, fresh: string): string[] {
  const a = listTree(committed);
  const b = listTree(fresh);
  const diffs: string[] = [];
  for (const f of a) if (!b.includes(f)) diffs.push(`dist/${f} is committed but the build does not produce it (delete it, or add it to build/artifacts.mjs)`);
  for (const f of b) if (!a.includes(f)) diffs.push(`dist/${f} is produced by the build but not committed (run npm run build and commit dist/)`);
  for (const f of a.filter((x) => b.includes(x))) {
    const x = readFileSync(join(committed, f));
    const y = readFileSync(join(fresh, f));
    if (!x.equals(y)) {
      const lx = x.toString('utf8').split('\n');
      const ly = y.toString('utf8').split('\n');
      const line = lx.findIndex((l, i) => l !== ly[i]);
      diffs.push(`dist/${f} differs from a fresh build (first at line ${line + 1}; run npm run build and commit dist/)`);
    }
    const ex = (statSync(join(committed, f)).mode & 0o111) !== 0;
    const ey = (statSync(join(fresh, f)).mode & 0o111) !== 0;
    if (ex !== ey) diffs.push(`dist/${f} executable bit differs (committed ${ex}, fresh ${ey})`);
  }
  return diffs;
}


/** Lines of an strace log (`-y` form) that touch a path inside `dir`. */
export function touches(log: string, dir: string): string[] {
  return log.split('\n').filter((l) => l.includes(`"${dir}/`) || l.includes(`"${dir}"`) || l.includes(`<${dir}/`) || l.includes(`<${dir}>`));
}

