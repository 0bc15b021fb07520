// The in-process hosts' dialects of `stopline guard` kept in their folders (hosts/<host>/guard-door.ts).
// Rendered by build/host-files.mjs from core/registry/host-specs.ts and the host folders that hold
// the module (`node build/host-files.mjs --write` after adding one): not edited by hand.

import type { GuardDoor } from './bridge';
import { guardDoor as opencodeDoor } from '../../opencode/guard-door';
import { guardDoor as hermesDoor } from '../../hermes/guard-door';
import { guardDoor as piDoor } from '../../pi/guard-door';
import { guardDoor as kiloDoor } from '../../kilo/guard-door';
import { guardDoor as openclawDoor } from '../../openclaw/guard-door';

export const FOLDER_DOORS = {
  opencode: opencodeDoor,
  hermes: hermesDoor,
  pi: piDoor,
  kilo: kiloDoor,
  openclaw: openclawDoor,
} as const satisfies Readonly<Record<string, GuardDoor>>;
