/**
 * Real-host test harness: scripted fake model servers on 127.0.0.1 plus runners for the real
 * Claude Code, Codex, OpenCode and Pi CLIs, each in an isolated HOME. See README.md.
 */
export * from './script';
export { requestAfterToolCall, toolResultFor, type FakeModelServer, type FakeServerOptions, type ProtocolName } from './fake-server';
export { startAnthropicServer } from './fake-anthropic';
export { startResponsesServer } from './fake-openai-responses';
export { startChatServer, FAKE_TITLE } from './fake-openai-chat';
export { startGeminiServer } from './fake-gemini';
export { runClaude, type ClaudeRunOptions, type ClaudeRunResult } from './claude';
export { runCodex, codexHooksList, codexConfigToml, codexBinary, type CodexRunOptions, type CodexRunResult, type CodexTrustMode, type CodexListedHook } from './codex';
export { runOpenCode, seedOpenCodeConfigDir, openCodeConfig, OpenCodePluginError, type OpenCodeRunOptions, type OpenCodeRunResult } from './opencode';
export { runPi, piRuntime, piModelsJson, type PiRunOptions, type PiRunResult, type PiVariant, type PiMode } from './pi';
export { runGemini, geminiEnv, GEMINI_OFFLINE_SETTINGS, type GeminiRunOptions, type GeminiRunResult } from './gemini';
export { runQwen, qwenEnv, type QwenRunOptions, type QwenRunResult } from './qwen';
export { runCopilot, copilotBinary, copilotCacheDir, copilotEnv, startHostChatServer, hostChatProtocol, type CopilotRunOptions, type CopilotRunResult } from './copilot';
export { runDroid, droidBinary, droidEnv, droidModelSettings, type DroidRunOptions, type DroidRunResult } from './droid';
export { writeProbeHook, probeCommand, probeCalls, probeSmoke, PROBE_DENY, type ProbeCall, type ProbeDenyFormat } from './probe-hook';
export { jsonLines, type HostRunResult } from './run-result';
export { ensureHosts, missingHosts, HOSTS_FOR, type HostsStatus } from './ensure-hosts';
export { hostEntry, hostVersion, isHostInstalled, requireHost, HostNotInstalledError, repoRoot, type InstalledHost } from './hosts';
export { makeTempRoot } from './temp';
export { describeWithHosts } from './host-suite';
