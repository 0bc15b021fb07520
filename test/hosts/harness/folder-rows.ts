// The hosts' rows of the shared test suites kept in their test folders (test/hosts/<host>/rows.ts).
// Rendered by build/host-files.mjs from core/registry/host-specs.ts and the host folders that hold
// the module (`node build/host-files.mjs --write` after adding one): not edited by hand.

import type { HostTestRows } from './host-rows';
import { rows as codexRows } from '../codex/rows';
import { rows as opencodeRows } from '../opencode/rows';
import { rows as hermesRows } from '../hermes/rows';
import { rows as piRows } from '../pi/rows';
import { rows as geminiRows } from '../gemini/rows';
import { rows as qwenRows } from '../qwen/rows';
import { rows as copilotRows } from '../copilot/rows';
import { rows as droidRows } from '../droid/rows';
import { rows as clineRows } from '../cline/rows';
import { rows as kimiRows } from '../kimi/rows';
import { rows as kiloRows } from '../kilo/rows';
import { rows as openhandsRows } from '../openhands/rows';
import { rows as openclawRows } from '../openclaw/rows';
import { rows as vibeRows } from '../vibe/rows';

export const FOLDER_ROWS = {
  codex: codexRows,
  opencode: opencodeRows,
  hermes: hermesRows,
  pi: piRows,
  gemini: geminiRows,
  qwen: qwenRows,
  copilot: copilotRows,
  droid: droidRows,
  cline: clineRows,
  kimi: kimiRows,
  kilo: kiloRows,
  openhands: openhandsRows,
  openclaw: openclawRows,
  vibe: vibeRows,
} as const satisfies Readonly<Record<string, HostTestRows>>;
