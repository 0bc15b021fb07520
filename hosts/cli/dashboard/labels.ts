/**
 * The person's labels on events (correct / incorrect / inconclusive), read incrementally from
 * each data folder's append-only labels.jsonl; the latest label per event counts.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { LABELS } from '../../../core/contract/grammar';
import type { Label } from '../../../core/contract/grammar';
import { labelsFile } from '../../../core/evidence/log';
import type { LabelRecord } from '../../../core/evidence/log';
import {  } from './record-shape';
import { isRecord } from '../../../core/check';

interface FolderLabels {
  /** where labels.jsonl was read to (null: not there) */
  file: { identity: string; offset: number } | null;
  /** the latest label per event */
  labels: Map<string, { label: Label; at: string }>;
}

export class EvidenceLabels {
  private readonly state: FolderLabels[];

  constructor(private readonly folders: readonly string[]) {
    this.state = folders.map(() => ({ file: null, labels: new Map() }));
  }

  /** Read what was appended to a folder's labels file; returns the number of damaged lines met. */
  read(folder: number): number {
    const path = labelsFile(this.folders[folder]!);
    const state = this.state[folder]!;
    let damaged = 0;
    let size: number;
    let identity: string;
    try {
      const st = statSync(path);
      size = st.size;
      identity = `${st.dev}:${st.ino}`;
    } catch {
      state.labels.clear();
      state.file = null;
      return 0;
    }
    if (!state.file || state.file.identity !== identity || size < state.file.offset) {
      state.labels.clear();
      state.file = { identity, offset: 0 };
    }
    const at = state.file;
    if (size === at.offset) return 0;
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return 0;
    }
    try {
      const buf = Buffer.allocUnsafe(size - at.offset);
      const got = readSync(fd, buf, 0, buf.length, at.offset);
      const end = buf.lastIndexOf(10, got - 1);
      if (end === -1) return 0;
      for (const line of buf.toString('utf8', 0, end).split('\n')) {
        let v: unknown;
        try {
          v = JSON.parse(line);
        } catch {
          if (line.trim() !== '') damaged++;
          continue;
        }
        const o = v as Partial<LabelRecord> | null;
        if (isRecord(o) && o.schemaVersion === 1 && typeof o.eventId === 'string' && (LABELS as readonly unknown[]).includes(o.label)) {
          state.labels.set(o.eventId, { label: o.label!, at: typeof o.occurredAt === 'string' ? o.occurredAt : '' });
        } else damaged++;
      }
      at.offset += end + 1;
    } finally {
      closeSync(fd);
    }
    return damaged;
  }

  /** The latest label of an event, from the most specific folder that has one. */
  of(eventId: string): { label: Label; at: string } | undefined {
    for (const st of this.state) {
      const l = st.labels.get(eventId);
      if (l) return l;
    }
    return undefined;
  }

  /** How many events carry each label. */
  counts(): Record<Label, number> {
    const labels: Record<Label, number> = { correct: 0, incorrect: 0, inconclusive: 0 };
    for (const st of this.state) for (const l of st.labels.values()) labels[l.label]++;
    return labels;
  }

  /** A label just appended to a folder's file (the file is read from its old offset next time, which counts it again: same value). */
  remember(folder: number, eventId: string, label: Label, at: string): void {
    this.state[folder]!.labels.set(eventId, { label, at });
  }
}
