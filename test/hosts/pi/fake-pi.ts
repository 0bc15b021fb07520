/**
 * Stand-ins for Pi's ExtensionContext and ExtensionAPI, built from the ctx snapshots captured
 * with the real Pi 1.6.0 / 0.73.1 (test/fixtures/pi): session id from the session manager,
 * cwd, hasUI, mode (1.6.0 only), isIdle(), and a UI whose notify/confirm calls are recorded.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PiContext } from '../../../hosts/pi/adapter';

export const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'pi');
export const FIXTURES_MZ = join(FIXTURES, 'mariozechner-0.73.1');

export interface Captured {
  event: Record<string, unknown>;
  ctx: { cwd: string; mode?: string; hasUI: boolean; isIdle: boolean; sessionId: string };
}

export function captured(name: string, dir = FIXTURES): Captured {
  return JSON.parse(readFileSync(join(dir, name), 'utf8')) as Captured;
}

export function capturedNames(dir = FIXTURES): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('_'));
}

export interface FakeUi {
  notes: { message: string; type?: string }[];
  asked: { title: string; message: string }[];
  /** what confirm answers: a value, or 'throw' */
  answer: boolean | 'throw';
}

export function fakeCtx(data: Partial<Omit<Captured['ctx'], 'sessionId'>> & { sessionId?: string | null }, ui?: FakeUi): PiContext & { ui: NonNullable<PiContext['ui']> } {
  const u: FakeUi = ui ?? { notes: [], asked: [], answer: false };
  const ctx: PiContext & { ui: NonNullable<PiContext['ui']> } = {
    cwd: data.cwd ?? '/home/dev/project',
    hasUI: data.hasUI ?? false,
    sessionManager: { getSessionId: () => (data.sessionId === null ? undefined : (data.sessionId ?? 'pi-session-1')) },
    isIdle: () => data.isIdle ?? true,
    ui: {
      notify: (message, type) => {
        u.notes.push({ message, ...(type ? { type } : {}) });
      },
      confirm: async (title, message) => {
        u.asked.push({ title, message });
        if (u.answer === 'throw') throw new Error('dialog broke');
        return u.answer;
      },
    },
  };
  if (data.mode) ctx.mode = data.mode;
  return ctx;
}

export function newUi(answer: boolean | 'throw' = false): FakeUi {
  return { notes: [], asked: [], answer };
}
