/**
 * What `find <roots> … -exec <cmd> {} +` changes: each match is at or below a search root, so a
 * command that writes `{}` writes there, as find -delete does. A guard that treated the matches
 * as unplaceable let such a command past self-protection in a session with no contract, and asked
 * about it under a files= contract that covers the roots.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { decide } from '../../../core/contract/decide';
import { freshContract, type Contract } from '../../../core/contract/types';
import { analyzeToolCall } from '../../../core/analysis/tool-call';
import { REGISTRIES } from '../../../core/registry/index';

const CWD = '/w/p';
const HOME = '/home/u';
const SETTINGS = `${HOME}/.claude/settings.json`;

function written(command: string): string[] | null {
  return analyzeShell(command, { cwd: CWD, home: HOME }).affectedPaths;
}

describe('find -exec: where the matches are written', () => {
  it.each([
    ['one root', 'find src -name "*.tmp" -exec rm {} +', ['src']],
    ['two roots', 'find src lib -type f -exec sed -i s/a/b/ {} +', ['src', 'lib']],
    ['-ok asks first, then writes the same place', 'find build -name "*.o" -ok rm {} \\;', ['build']],
    ['the default root', 'find -name "*.orig" -exec rm {} \\;', ['.']],
  ])('%s: the roots', (_n, command, roots) => {
    expect(written(command)).toEqual(roots);
  });

  it.each([
    ['-execdir writes from the match\'s own folder', 'find src -execdir rm {} +'],
    ['a word built on the match names a sibling of it', 'find src -exec mv {} {}.bak \\;'],
    ['a root known only at run time', 'find "$DIR" -exec rm {} +'],
  ])('%s: not placed', (_n, command) => {
    expect(written(command)).toBeNull();
  });

  it('a command that only reads the matches still reads', () => {
    expect(analyzeShell('find src -name "*.ts" -exec grep -l TODO {} +', { cwd: CWD }).mutability).toBe('read');
  });
});

function verdict(contract: Contract, command: string, present: readonly string[] = []): string {
  const action = analyzeToolCall(REGISTRIES.claude, 'Bash', { command }, { cwd: CWD, home: HOME });
  const d = decide(contract, action, {
    selfPaths: [`${HOME}/.config/stopline`, SETTINGS],
    home: HOME,
    cwd: CWD,
    probe: (p) => (present.includes(p) ? { real: p } : 'missing'),
    floor: { settings: { preset: 'standard', exceptions: [], secrets: [] }, projectRoot: CWD, tempRoots: [] },
  });
  return `${d.outcome} ${d.reasonCode}`;
}

const srcOnly: Contract = { ...freshContract(), mode: 'change', level: 'guard', source: 'directive', revision: 1, files: ['src/**'] };

describe('find -exec: what the guard decides', () => {
  it("removing matches in a folder that holds the host's settings is self-protection, with no contract too", () => {
    expect(verdict(freshContract(), 'find ~/.claude -name settings.json -exec rm {} +', [SETTINGS])).toBe('deny GUARD_SELF_PROTECTION');
    expect(verdict(freshContract(), 'find ~/.claude -name "*.json" -exec sed -i s/stopline// {} +', [SETTINGS])).toBe('deny GUARD_SELF_PROTECTION');
  });

  it('the same folder without stopline\'s files in it is not, but the files it picks there lie outside the project', () => {
    expect(verdict(freshContract(), 'find ~/.claude -name settings.json -exec rm {} +')).toBe('deny FLOOR_WHOLESALE_DELETE');
    expect(verdict(freshContract(), 'find /tmp/job -name settings.json -exec rm {} +')).toBe('allow CONTROL_INACTIVE');
  });

  it('under files=src/**: rewriting matches under src is within the contract; under the project root it is not', () => {
    expect(verdict(srcOnly, 'find src -type f -exec sed -i s/a/b/ {} +')).toBe('allow WITHIN_CONTRACT');
    expect(verdict(srcOnly, 'find . -name "*.pyc" -exec rm {} +')).toBe('deny PATH_OUTSIDE_CONTRACT');
  });
});
