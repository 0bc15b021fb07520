// Runner preconditions: a wrong server, project or plugin file is a clear error before any
// host starts (no installed host needed for these).
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { runClaude } from '../claude/harness';
import { runCodex } from '../codex/harness';
import { startAnthropicServer } from './fake-anthropic';
import { startChatServer } from './fake-openai-chat';
import { OpenCodePluginError, runOpenCode } from '../opencode/harness';
import { runPi, type PiVariant } from '../pi/harness';
import { makeTempRoot } from './temp';

const root = makeTempRoot('runner-inputs');
const chat = await startChatServer({ threads: [] });
const anthropic = await startAnthropicServer({ threads: [] });
afterAll(async () => {
  await Promise.all([chat.close(), anthropic.close()]);
  rmSync(root, { recursive: true, force: true });
});

describe('runner input checks', () => {
  it('refuses a server that speaks another protocol', async () => {
    await expect(runClaude({ project: root, prompt: 'x', server: chat })).rejects.toThrow('Claude Code talks anthropic, but the server given speaks openai-chat');
    await expect(runCodex({ project: root, prompt: 'x', server: anthropic })).rejects.toThrow('Codex talks openai-responses');
    await expect(runPi({ variant: 'ew', project: root, prompt: 'x', server: anthropic })).rejects.toThrow('Pi talks openai-chat');
  });

  it('refuses a relative or missing project folder', async () => {
    await expect(runClaude({ project: 'relative/dir', prompt: 'x', server: anthropic })).rejects.toThrow(/absolute path/);
    await expect(runOpenCode({ project: `${root}/missing`, prompt: 'x', server: chat })).rejects.toThrow(/existing folder/);
  });

  it('refuses an OpenCode plugin file OpenCode would not discover (.mjs)', async () => {
    await expect(runOpenCode({ project: root, prompt: 'x', server: chat, pluginFile: `${root}/guard.mjs` })).rejects.toThrow(OpenCodePluginError);
  });

  it('refuses an unknown Pi variant', async () => {
    await expect(runPi({ variant: 'latest' as PiVariant, project: root, prompt: 'x', server: chat })).rejects.toThrow("Pi variant must be 'ew' or 'mz'");
  });
});
