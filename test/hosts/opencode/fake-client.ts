/**
 * An in-memory stand-in for the parts of OpenCode 1.18.33's v1 SDK client the plugin calls,
 * shaped like the real answers (`{data}` / `{error}`; sessions with `parentID`, messages with
 * `{info, parts}`, agents with rule-list permissions as captured in
 * test/fixtures/opencode/client.app.agents-result.json). Tests script sessions, messages and
 * failures, and read back what the plugin injected.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenCodeClient, SdkResult } from '../../../hosts/opencode/door';

export const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'opencode');

export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Record<string, unknown>;
}

export interface Injection {
  sessionId: string;
  body: Record<string, unknown>;
  text: string;
}

interface Msg {
  info: Record<string, unknown>;
  parts: Record<string, unknown>[];
}

export class FakeOpenCode {
  readonly sessions = new Map<string, { id: string; parentID?: string; version: string }>();
  readonly messages = new Map<string, Msg>();
  readonly injections: Injection[] = [];
  readonly calls: string[] = [];
  agents: unknown[] = JSON.parse(readFileSync(join(FIXTURES, 'client.app.agents-result.json'), 'utf8')).data as unknown[];
  /** make a call fail: name -> 'error' (SDK error result) | 'throw' | 'hang' */
  failing = new Map<string, 'error' | 'throw' | 'hang'>();
  /** delay (ms) before client.session.message answers */
  messageDelayMs = 0;
  private seq = 0;

  addSession(id: string, parentID?: string): void {
    this.sessions.set(id, { id, ...(parentID ? { parentID } : {}), version: '1.18.33' });
  }

  /** Store a user message and return the message.updated and message.part.updated events OpenCode would publish. */
  userMessage(sessionID: string, text: string, opts: { agent?: string; synthetic?: boolean; role?: string; extraParts?: Record<string, unknown>[] } = {}): { id: string; events: unknown[] } {
    const id = `msg_test${String(++this.seq).padStart(6, '0')}`;
    const info: Record<string, unknown> = { id, role: opts.role ?? 'user', sessionID, time: { created: 1 }, model: { providerID: 'fake', modelID: 'scripted' } };
    if (opts.agent !== '') info.agent = opts.agent ?? 'build';
    const part: Record<string, unknown> = { type: 'text', text, messageID: id, sessionID, id: `prt_${id}` };
    if (opts.synthetic) part.synthetic = true;
    this.messages.set(id, { info, parts: [part, ...(opts.extraParts ?? [])] });
    return {
      id,
      events: [
        { id: `evt_u${id}`, type: 'message.updated', properties: { sessionID, info } },
        { id: `evt_p${id}`, type: 'message.part.updated', properties: { sessionID, part, time: 1 } },
      ],
    };
  }

  private async answer(name: string, data: () => unknown): Promise<SdkResult> {
    this.calls.push(name);
    const f = this.failing.get(name);
    if (f === 'throw') throw new Error(`${name} exploded`);
    if (f === 'hang') return new Promise<SdkResult>(() => {});
    if (f === 'error') return { error: { name: 'NotFoundError', data: { message: `${name} failed` } } };
    return { data: data() };
  }

  client(): OpenCodeClient {
    return {
      session: {
        message: async (opts) => {
          if (this.messageDelayMs) await new Promise((r) => setTimeout(r, this.messageDelayMs));
          return this.answer('session.message', () => this.messages.get(opts.path.messageID));
        },
        get: (opts) => this.answer('session.get', () => this.sessions.get(opts.path.id)),
        messages: (opts) => this.answer('session.messages', () => [...this.messages.values()].filter((m) => m.info.sessionID === opts.path.id)),
        prompt: (opts) =>
          this.answer('session.prompt', () => {
            const parts = (opts.body.parts as { text?: string }[] | undefined) ?? [];
            this.injections.push({ sessionId: opts.path.id, body: opts.body, text: parts.map((p) => p.text ?? '').join('') });
            return { info: { id: `msg_inj${this.injections.length}`, role: 'user' }, parts: [] };
          }),
      },
      app: { agents: () => this.answer('app.agents', () => this.agents) },
    };
  }
}
