/**
 * Prompt and agent-switch policy: which words are the person's, what they arm, and what an
 * explicit agent switch means.
 *
 * - only the person's words in a root session arm or change a contract: user text is read back
 *   through the SDK, synthetic/ignored parts and everything this plugin injects never count, a
 *   child session's prompt is the parent's task, and a session whose ancestry cannot be read
 *   never speaks for the person;
 * - an explicit switch to an editing agent is the person's go-ahead from review to change; a
 *   directive in the same message wins, and read-only or unknown agents never advance;
 * - OpenCode has already sent the prompt on (the event hook is not awaited), so a refusal by the
 *   person's hooks can only be told to the model.
 */
import { isStoplineCommand } from '../../core/answer/prompt-intent';
import { BoundedMap, BoundedSet } from '../shared/in-process/bounded';
import type { InProcessRuntime } from '../shared/in-process/runtime';
import { contextTexts, describe } from '../shared/in-process/runtime';
import type { EventCtx } from './adapter';
import { hostInfo, isChild, previousUserAgent, promptEvent, subagentStartEvent, userMessage } from './adapter';
import type { Ancestry, TextPartRef, UserMessage } from './adapter';
import type { OpenCodeSdk } from './sdk';
import type { OpenCodeSessions } from './sessions';

const PLACE = { canAsk: false } as const;

export class OpenCodePrompts {
  /** message id -> role, from message.updated (saves a read for every assistant part) */
  private readonly roles = new BoundedMap<string>(4096);
  /** user messages already processed (a message has several parts and several updates) */
  private readonly seenMessages = new BoundedSet(2048);
  /** root session -> agent of the person's last message (an explicit switch changes it) */
  private readonly lastAgent = new BoundedMap<string>(1024);
  /** child sessions that got the contract at their first prompt */
  private readonly childrenStarted = new BoundedSet(2048);

  constructor(
    private readonly rt: InProcessRuntime,
    private readonly sdk: OpenCodeSdk,
    private readonly sessions: OpenCodeSessions,
    private readonly cwd: string | undefined,
  ) {}

  private ctx(agent?: string): EventCtx {
    const v = this.sessions.version;
    return { cwd: this.cwd, family: this.rt.registry.family, ...(v ? { version: v } : {}), ...(agent ? { agent } : {}) };
  }

  /** message.updated: remember the role before the parts arrive. */
  learnRole(id: string, role: string): void {
    this.roles.set(id, role);
  }

  forget(sessionId: string): void {
    this.lastAgent.delete(sessionId);
  }

  /** A new root session: the person's session:start hooks; their context waits for the first prompt, which names the agent to inject with. */
  async rootCreated(sessionId: string): Promise<void> {
    this.rt.sessionStarted();
    const contexts = await this.rt.observe('session:start', this.cwd, this.rt.hookInput(sessionId, this.cwd, { source: 'startup' }));
    if (contexts.length) {
      this.rt.takeKept(sessionId);
      this.rt.keep(sessionId, contexts);
    }
  }

  /** A text part that may be the person's: read the whole message back and process it once. */
  async personPart(ref: TextPartRef): Promise<void> {
    if (this.seenMessages.has(ref.messageID)) return;
    const role = this.roles.get(ref.messageID);
    if (role !== undefined && role !== 'user') {
      this.seenMessages.add(ref.messageID);
      return;
    }
    let msg: UserMessage | null;
    try {
      msg = userMessage(await this.sdk.message(ref.sessionID, ref.messageID));
    } catch (err) {
      this.rt.say([`message not read, so it cannot change the contract (${describe(err)})`]);
      return;
    }
    this.seenMessages.add(ref.messageID);
    if (!msg) return;
    const ancestry = await this.sessions.ancestry(ref.sessionID);
    if (isChild(ancestry)) {
      await this.childPrompt(ancestry, msg);
      return;
    }
    await this.rootPrompt(ancestry, msg);
  }

  private async rootPrompt(ancestry: Ancestry, msg: UserMessage): Promise<void> {
    const root = ancestry.rootId;
    const texts: string[] = this.rt.takeKept(root);
    const previousAgent = this.lastAgent.get(root) ?? (msg.agent ? await this.agentBefore(root, msg) : undefined);
    if (msg.agent) this.lastAgent.set(root, msg.agent);
    // an explicit directive in the same message wins, so only plain messages count as a switch
    if (msg.agent && previousAgent && msg.agent !== previousAgent && !isStoplineCommand(msg.text)) {
      await this.agentSwitch(root, msg.agent);
    }
    // the guard's own deny here (the fail-closed GUARD_UNAVAILABLE stamp) comes back as context
    const out = await this.rt.answer(promptEvent(ancestry, msg.text, this.ctx(msg.agent)), { row: this.rt.row('person-text') }, this.rt.hookInput(root, this.cwd, { prompt: msg.text }), { cwd: this.cwd, ...PLACE });
    this.rt.say(out.diagnostics);
    if (out.notice) this.rt.say([out.notice]);
    texts.push(...contextTexts(out));
    // the prompt has gone to the model already (its row cannot block): a hook's refusal is told
    if (out.downgraded) texts.unshift(`A hook configured by the person refused this prompt: ${out.message ?? 'blocked by a hook'}`);
    for (const m of out.messages ?? []) this.rt.say([m]);
    await this.sdk.inject(root, texts, msg);
  }

  /** The agent of the person's previous message, read from the session's history (first message of a session in this process). */
  private async agentBefore(root: string, msg: UserMessage): Promise<string | undefined> {
    try {
      return previousUserAgent(await this.sdk.messages(root), msg.id);
    } catch (err) {
      this.rt.say([`session history not readable, an agent switch cannot be seen (${describe(err)})`]);
      return undefined;
    }
  }

  private async agentSwitch(root: string, agent: string): Promise<void> {
    let canEdit: boolean | undefined;
    try {
      canEdit = (await this.sdk.agentTable()).get(agent);
    } catch (err) {
      this.rt.say([`agent list not readable, the switch to "${agent}" does not change the contract (${describe(err)})`]);
      return;
    }
    // read-only and unknown agents never advance the contract
    if (canEdit !== true) return;
    const applySwitch = this.rt.core.applyHostEditSwitch;
    if (!applySwitch) return;
    const out = applySwitch({ sessionId: root, ...(this.cwd ? { cwd: this.cwd } : {}), host: hostInfo(this.sessions.version, agent, this.rt.registry.family) }, { env: this.rt.env, ...(this.cwd ? { cwd: this.cwd } : {}) });
    this.rt.say(out.diagnostics);
    if (out.kind === 'context' && out.notice) this.rt.say([out.notice]);
  }

  /** A child's first prompt: the root's contract (and subagent:start hook context) goes into the child. */
  private async childPrompt(ancestry: Ancestry, msg: UserMessage): Promise<void> {
    if (!ancestry.certain) return; // no known root: nothing to share, and never authority
    if (!this.childrenStarted.add(ancestry.sessionId)) return;
    const out = await this.rt.answer(subagentStartEvent(ancestry, this.ctx(msg.agent)), { row: this.rt.row('person-text'), canonical: 'subagent:start' }, this.rt.hookInput(ancestry.rootId, this.cwd, { agentId: ancestry.sessionId, ...(msg.agent ? { agentType: msg.agent } : {}) }), { cwd: this.cwd, ...PLACE });
    this.rt.say(out.diagnostics);
    await this.sdk.inject(ancestry.sessionId, contextTexts(out), msg);
  }
}
