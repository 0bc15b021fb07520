import { describe, expect, it } from 'vitest';
import {
  CodexHooksFileError,
  codexEffectiveTimeout,
  codexHookTrustEntries,
  renderCodexHookTrustToml,
} from '../../../hosts/codex/hook-trust';

// A hooks.json that covers every rule of the trust hash. The expected keys and hashes below
// were read from the real Codex 0.171.0 (`codex app-server`, method hooks/list, fields `key`
// and `currentHash`) for this exact file at /tmp/hx/ch/hooks.json; the path is only part of
// the key, not of the hash. test/hosts/harness.test.ts re-checks the live agreement.
const HOOKS_PATH = '/tmp/hx/ch/hooks.json';
const HOOKS = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash|apply_patch',
        hooks: [
          { type: 'command', command: 'echo a', timeout: 30 },
          { type: 'prompt', prompt: 'x' },
          { type: 'command', command: 'echo b', timeout: 0 },
        ],
      },
      { matcher: '', hooks: [{ type: 'command', command: 'echo c', statusMessage: 'hi' }] },
      { hooks: [{ type: 'command', command: 'echo d', async: true }] },
    ],
    Stop: [{ matcher: 'xx', hooks: [{ type: 'command', command: 'echo e' }] }],
    SessionEnd: [
      {
        hooks: [
          { type: 'command', command: 'echo f', timeout: 0 },
          { type: 'command', command: 'echo g', timeout: 10 },
          { type: 'command', command: 'echo h' },
        ],
      },
    ],
    Interrupt: [{ hooks: [{ type: 'command', command: 'echo i', timeout: 2 }] }],
    SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo j' }] }],
    Notification: [{ hooks: [{ type: 'command', command: 'echo k' }] }],
    PostToolUse: [{ matcher: null, hooks: [{ type: 'command', command: 'echo l', timeout: 5 }] }],
  },
};
const CODEX_SAYS: Record<string, string> = {
  'pre_tool_use:0:0': 'sha256:412b7c41a64e132cdb8f02dfe9eae33e9c91f873a4064a99f3b4eba90f2d4859',
  'pre_tool_use:0:2': 'sha256:182485ebe1376793d2d94020928ea67b5d9de8b5299daf0e4da92f20afb7fd2c',
  'pre_tool_use:1:0': 'sha256:d1bbd059f4c16b93a64e32ee005143d6450f5e7355428a2faa360a074076fe45',
  'pre_tool_use:2:0': 'sha256:608f3334d897fb39b635904870515e8bbf33931357224295d553237273706593',
  'post_tool_use:0:0': 'sha256:2d6e2da268956231b40bb9866d9d6c4d75d9b12ac1f0bd5016b53b804fa1d18d',
  'session_start:0:0': 'sha256:b0ac836c68c67412af0bba492fa2ff594a533bfb0c0f3fd35c7187c8a18db11f',
  'session_end:0:0': 'sha256:526a3262f46572c783dd9920944cf9713b4efd7b9aebbb9355352d700f961179',
  'session_end:0:1': 'sha256:f1e4311d3105e1b19776d8704ec530e7ce072dc139a1270de4e7b01e19622d36',
  'session_end:0:2': 'sha256:0bf2dd1173d8caeb26542b60a49e53077c12d5815dec4d3b1b1e2c7d47da1ea8',
  'stop:0:0': 'sha256:d4248248ee5251a12a7ff8ab37f6f077acfd8bdb66aa52d240017cb201ed31de',
  'interrupt:0:0': 'sha256:167dd2cd4fbef6df885762d664611699e36bc1c02d42ca11cc7aea85f0001082',
};

describe('codexHookTrustEntries', () => {
  it('computes the same keys and hashes as Codex 0.171.0 hooks/list', () => {
    const entries = codexHookTrustEntries(HOOKS_PATH, HOOKS);
    const got = Object.fromEntries(entries.map((e) => [e.key.slice(HOOKS_PATH.length + 1), e.trustedHash]));
    expect(got).toEqual(CODEX_SAYS);
  });

  it('keeps the index of a skipped prompt handler and ignores unknown events', () => {
    const keys = codexHookTrustEntries(HOOKS_PATH, HOOKS).map((e) => e.key);
    expect(keys).toContain(`${HOOKS_PATH}:pre_tool_use:0:2`);
    expect(keys).not.toContain(`${HOOKS_PATH}:pre_tool_use:0:1`);
    expect(keys.some((k) => k.includes(':notification:'))).toBe(false);
  });

  it('hashes quotes, non-ASCII text, escapes and a large timeout like Codex', () => {
    // verified with hooks/list: timeoutSec 99999999, this currentHash
    const [entry] = codexHookTrustEntries(HOOKS_PATH, {
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'node "/a b/ü.mjs" --x=\'y\'\\n', timeout: 99999999 }] },
        ],
      },
    });
    expect(entry?.trustedHash).toBe('sha256:75a1b2f88d9ca6cd74241342f8dd1f7ee35cd47a80a3e81558d2abd5d6c7ff5c');
  });

  it('changes the hash when the command changes (an edited hook is untrusted again)', () => {
    const one = codexHookTrustEntries(HOOKS_PATH, { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'a' }] }] } });
    const two = codexHookTrustEntries(HOOKS_PATH, { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'b' }] }] } });
    expect(one[0]?.key).toBe(two[0]?.key);
    expect(one[0]?.trustedHash).not.toBe(two[0]?.trustedHash);
  });

  it.each([
    ['a relative path', 'hooks.json', { hooks: {} }, /must be absolute/],
    ['no hooks object', HOOKS_PATH, { PreToolUse: [] }, /"hooks" object/],
    ['groups not an array', HOOKS_PATH, { hooks: { Stop: {} } }, /hooks\.Stop must be an array/],
    ['a group without hooks', HOOKS_PATH, { hooks: { Stop: [{ matcher: 'x' }] } }, /hooks\.Stop\[0\] must be an object with a "hooks" array/],
    ['a handler without type', HOOKS_PATH, { hooks: { Stop: [{ hooks: [{ command: 'x' }] }] } }, /type must be "command"/],
    ['a blank command', HOOKS_PATH, { hooks: { Stop: [{ hooks: [{ type: 'command', command: '  ' }] }] } }, /command must be a non-empty string/],
    ['a string timeout', HOOKS_PATH, { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: '30' }] }] } }, /timeout/],
    ['a negative timeout', HOOKS_PATH, { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: -1 }] }] } }, /timeout/],
    ['a fractional timeout', HOOKS_PATH, { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: 1.5 }] }] } }, /timeout/],
    ['a numeric matcher', HOOKS_PATH, { hooks: { PreToolUse: [{ matcher: 3, hooks: [] }] } }, /matcher must be a string/],
  ])('refuses %s with a clear message', (_what, path, file, message) => {
    expect(() => codexHookTrustEntries(path, file)).toThrow(CodexHooksFileError);
    expect(() => codexHookTrustEntries(path, file)).toThrow(message);
  });
});

describe('codexEffectiveTimeout', () => {
  it('applies the defaults, the one-second floor and the short-event clamp', () => {
    expect(codexEffectiveTimeout('PreToolUse', undefined)).toBe(600);
    expect(codexEffectiveTimeout('PreToolUse', 0)).toBe(1);
    expect(codexEffectiveTimeout('SessionEnd', undefined)).toBe(1);
    expect(codexEffectiveTimeout('SessionEnd', 10)).toBe(3);
    expect(codexEffectiveTimeout('Interrupt', 2)).toBe(2);
  });
});

describe('renderCodexHookTrustToml', () => {
  it('renders one [hooks.state."key"] table per entry with quoted, escaped keys', () => {
    const toml = renderCodexHookTrustToml([
      { key: '/p/a "q"\\b/hooks.json:stop:0:0', trustedHash: 'sha256:ab', event: 'Stop', groupIndex: 0, handlerIndex: 0 },
      { key: '/p/hooks.json:pre_tool_use:1:0', trustedHash: 'sha256:cd', event: 'PreToolUse', groupIndex: 1, handlerIndex: 0 },
    ]);
    expect(toml).toBe(
      '[hooks.state."/p/a \\"q\\"\\\\b/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:ab"\n' +
        '\n[hooks.state."/p/hooks.json:pre_tool_use:1:0"]\ntrusted_hash = "sha256:cd"\n',
    );
  });

  it('renders nothing for no entries', () => {
    expect(renderCodexHookTrustToml([])).toBe('');
  });
});
