/**
 * core/hooks runs the person's hooks of every host from the hosts' hook-file rows
 * (core/registry/hook-files.ts): a host's name in its code is a fact that escaped its row, and a
 * new host speaking an existing form would then need an edit here.
 */
import { describe, expect, it } from 'vitest';
import { hookEngineScanFiles, hostNamesInCode } from '../../../build/source-scan.mjs';
import { HOST_NAMES } from '../../../core/registry/host-specs';

const found = (text: string, file = 'core/hooks/x.ts') => hostNamesInCode([{ file, text }], HOST_NAMES).map((r: { line: number; name: string }) => `${r.line}:${r.name}`);

describe('host names in the hook engine', () => {
  it('a host name in code is found (a branch, a message, an id, any case); in a comment or inside a longer word it is not', () => {
    expect(found("if (dialect === 'kimi') x();")).toEqual(['1:kimi']);
    expect(found('report(`Gemini CLI hook type`);\nconst id = `codex.user`;')).toEqual(['1:gemini', '2:codex']);
    expect(found("// Claude's PostToolUse\n/** Hermes shell hooks */\nconst env = 'CLAUDE_PROJECT_DIR';\nconst pipe = 1;")).toEqual([]);
  });

  it('core/hooks names no host in its code: every host fact it reads is a row in core/registry', () => {
    const files = hookEngineScanFiles();
    expect(files.length).toBeGreaterThan(10);
    expect(hostNamesInCode(files, HOST_NAMES).map((r: { file: string; line: number; name: string }) => `${r.file}:${r.line} ${r.name}`)).toEqual([]);
  });
});
