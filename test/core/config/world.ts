/**
 * A person's machine for the config tests: a sandbox HOME with their user file, and a git
 * repository whose `.stopline/stopline.json` is the project's file (each written when given).
 */
import { afterEach } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox, writeUserFile, type Sandbox } from '../contract/helpers';

export interface ConfigWorld {
  sb: Sandbox;
  repo: string;
  /** the project's file, whether written or not */
  projectFile: string;
}

/** The maker of the test file's worlds; every world is removed after its test. */
export function configWorlds(): (user: object | null, project: object | null) => ConfigWorld {
  const roots: string[] = [];
  afterEach(() => {
    for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
  });
  return (user, project) => {
    const sb = sandbox();
    roots.push(sb.root);
    const repo = join(sb.root, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    if (user) {
      writeUserFile(sb.home, user);
    }
    const projectFile = join(repo, '.stopline', 'stopline.json');
    if (project) {
      mkdirSync(join(repo, '.stopline'), { recursive: true });
      writeFileSync(projectFile, JSON.stringify(project));
    }
    return { sb, repo, projectFile };
  };
}
