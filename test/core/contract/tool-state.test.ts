/**
 * Writes a tool makes only to its own state outside the project (per-user caches, telemetry,
 * first-run files) while the command itself only reads: never a read, never a proven change of
 * the project either. Under every armed contract they are unproven, so a sandbox can hold them
 * (review no longer stops `go version` or `pnpm list` outright), and without one they are asked
 * as unknowns are. A command that also writes the project keeps its proven write.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../core/analysis/shell';
import { decide } from '../../../core/contract/decide';
import type { DecideContext } from '../../../core/contract/decide';
import type { Action } from '../../../core/protocol';
import { armed } from './helpers';

const HOME = '/home/u';
const P = '/w/p';
const ctx: DecideContext = { selfPaths: ['/home/u/.config/stopline', '/home/u/.codex/hooks.json', '/w/p/.stopline'], home: HOME, cwd: P };
const REVIEW = armed({ mode: 'review' });
const FILES = armed({ files: ['src/**'] });
const NO_FILES = armed({ files: [] });
const OPEN = armed({});

function shell(command: string): Action {
  const a = analyzeShell(command, { cwd: P, home: HOME });
  return {
    name: 'Bash',
    mutability: a.mutability,
    affectedPaths: a.affectedPaths,
    cwd: P,
    dependencyIntent: a.dependencyIntent,
    hashIntent: a.hashIntent,
    delegationCount: 0,
    unboundedDelegation: false,
    command,
    segments: a.segments,
  };
}

// each of these only reads the project; the tool writes its cache, telemetry or first-run state
const TOOL_STATE = ['go version', 'go vet ./...', 'go list -m all', 'go doc fmt', 'pnpm list', 'pip list', 'pip3 list --outdated', 'poetry show', 'uv tree --frozen', 'dotnet --info', 'yarn list', 'composer show'];

describe('tool-state writes: unproven, never read, never a proven project change', () => {
  it.each(TOOL_STATE)('%s: its segment is a write of tool state; the action is unproven', (command) => {
    const a = analyzeShell(command, { cwd: P, home: HOME });
    expect(a.mutability).toBe('unknown');
    expect(a.affectedPaths).toBeNull();
    expect(a.segments.some((s) => s.mutability === 'write' && s.toolState === true)).toBe(true);
    expect(a.unknownReasons.join('\n')).toContain('its own state outside the project');
  });

  it.each(TOOL_STATE)('%s under review: asked and confinable, not a MODE_FORBIDS_MUTATION deny', (command) => {
    const d = decide(REVIEW, shell(command), ctx);
    expect([d.verdict, d.reasonCode, d.confinable]).toEqual(['ask', 'MUTABILITY_UNPROVEN', { rules: ['MUTABILITY_UNPROVEN'] }]);
  });

  it.each([
    ['files=src/**', FILES, 'ask', 'WRITE_PATH_UNPROVEN', { rules: ['WRITE_PATH_UNPROVEN'] }],
    // an empty files= refuses a proven write; tool state is no write of the project, so a sandbox holds it
    ['files= (empty)', NO_FILES, 'ask', 'WRITE_PATH_UNPROVEN', { rules: ['WRITE_PATH_UNPROVEN'] }],
    ['change, no files=', OPEN, 'allow', 'WITHIN_CONTRACT', { rules: [] }],
  ] as const)('go version under %s: confinable', (_label, contract, verdict, code, confinable) => {
    const d = decide(contract, shell('go version'), ctx);
    expect([d.verdict, d.reasonCode, d.confinable]).toEqual([verdict, code, confinable]);
  });

  it('go test ./... under review runs confined (it runs project code: unknown)', () => {
    const d = decide(REVIEW, shell('go test ./...'), ctx);
    expect([d.reasonCode, d.confinable]).toEqual(['MUTABILITY_UNPROVEN', { rules: ['MUTABILITY_UNPROVEN'] }]);
  });

  it.each([
    // a proven write of the project beside tool state stays a write: review denies it
    ['go version; rm a.txt', 'write'],
    ['go version > out.txt', 'write'],
    ['pnpm list && touch src/x.ts', 'write'],
    // the tool's own options that write into the project are not tool state
    ['pip list --log f.txt', 'write'],
    ['go list -export ./...', 'write'],
    // setting a tool's config is a change of settings, not its cache
    ['poetry config virtualenvs.in-project true', 'write'],
  ])('%s: still a proven write, denied under review', (command, mutability) => {
    expect(analyzeShell(command, { cwd: P, home: HOME }).mutability).toBe(mutability);
    const d = decide(REVIEW, shell(command), ctx);
    expect([d.verdict, d.reasonCode, d.confinable]).toEqual(['deny', 'MODE_FORBIDS_MUTATION', undefined]);
  });

  it('go vet with a tool of its own runs that program: unknown, not tool state', () => {
    const a = analyzeShell('go vet -vettool=./x ./...', { cwd: P, home: HOME });
    expect(a.mutability).toBe('unknown');
    expect(a.segments.some((s) => s.toolState)).toBe(false);
  });

  it.each(['pip list --disable-pip-version-check', 'uv --version', 'pnpm --version'])('%s: the options that turn the default off keep it a read', (command) => {
    expect(analyzeShell(command, { cwd: P, home: HOME }).mutability).toBe('read');
  });
});
