/**
 * The OpenCode SDK calls the plugin makes, each bounded in time and read as `{data}` or a
 * failure, and the one write: context injected into a session as a synthetic, no-reply user
 * message with the person's own agent and model.
 */
import type { InProcessRuntime } from '../shared/in-process/runtime';
import { describe } from '../shared/in-process/runtime';
import { agentEditTable, contextParts } from './adapter';
import type { UserMessage } from './adapter';
import { BoundedMap } from '../shared/in-process/bounded';
import { isRecord } from '../../core/check';

/** The parts of OpenCode's v1 SDK client this plugin calls (all in-process). */
export interface OpenCodeClient {
  session: {
    message(opts: { path: { id: string; messageID: string } }): Promise<SdkResult>;
    get(opts: { path: { id: string } }): Promise<SdkResult>;
    messages(opts: { path: { id: string } }): Promise<SdkResult>;
    prompt(opts: { path: { id: string }; body: Record<string, unknown> }): Promise<SdkResult>;
  };
  app: { agents(opts?: unknown): Promise<SdkResult> };
}

export interface SdkResult {
  data?: unknown;
  error?: unknown;
}

class SdkError extends Error {
  override name = 'SdkError';
}

export class OpenCodeSdk {
  /** session -> last text injected there (never inject the same context twice in a row) */
  private readonly lastInjected = new BoundedMap<string>(1024);
  private agents: Promise<Map<string, boolean>> | null = null;

  constructor(
    private readonly rt: InProcessRuntime,
    private readonly client: OpenCodeClient,
    private readonly timeoutMs: number,
  ) {}

  /** One SDK call within the time bound; its `data`, or an error that says which call failed. */
  async call(what: string, call: () => Promise<SdkResult>): Promise<unknown> {
    const res = await this.rt.within(what, this.timeoutMs, call);
    if (!isRecord(res)) throw new SdkError(`${what} returned no result`);
    if (res.error !== undefined && res.error !== null) throw new SdkError(`${what} failed: ${clip(safeJson(res.error))}`);
    return res.data;
  }

  session(id: string): Promise<unknown> {
    return this.call('client.session.get', () => this.client.session.get({ path: { id } }));
  }

  message(sessionId: string, messageId: string): Promise<unknown> {
    return this.call('client.session.message', () => this.client.session.message({ path: { id: sessionId, messageID: messageId } }));
  }

  messages(sessionId: string): Promise<unknown> {
    return this.call('client.session.messages', () => this.client.session.messages({ path: { id: sessionId } }));
  }

  /** The person's agents and whether each can edit (client.app.agents, read once; retried after a failure). */
  agentTable(): Promise<Map<string, boolean>> {
    if (!this.agents) {
      this.agents = this.call('client.app.agents', () => this.client.app.agents()).then(agentEditTable);
      this.agents.catch(() => {
        this.agents = null;
      });
    }
    return this.agents;
  }

  /**
   * Inject context into a session as a synthetic, no-reply user message with the person's own
   * agent and model. Without an agent it is not sent: OpenCode would switch the session to its
   * default agent (seen on 1.18.33).
   */
  async inject(sessionId: string, texts: readonly string[], via: UserMessage): Promise<void> {
    const text = texts.filter((t) => t.trim() !== '').join('\n\n');
    if (text === '' || this.lastInjected.get(sessionId) === text) return;
    if (!via.agent) {
      this.rt.say(['context not injected: the message has no agent, and an injection would switch the session to the default agent']);
      return;
    }
    const body: Record<string, unknown> = { noReply: true, agent: via.agent, parts: contextParts(text) };
    if (via.model) body.model = via.model;
    try {
      await this.call('client.session.prompt', () => this.client.session.prompt({ path: { id: sessionId }, body }));
      this.lastInjected.set(sessionId, text);
    } catch (err) {
      this.rt.say([`context not injected (${describe(err)})`]);
    }
  }

  forget(sessionId: string): void {
    this.lastInjected.delete(sessionId);
  }
}

function safeJson(v: unknown): string {
  try {
    return typeof v === 'string' ? v : JSON.stringify(v);
  } catch {
    return String(v);
  }
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 160 ? one.slice(0, 157) + '...' : one;
}
