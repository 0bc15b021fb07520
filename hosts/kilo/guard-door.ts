/** Kilo Code's dialect of `stopline guard`: it loads OpenCode's plugin, so the bridge reads it as OpenCode's, with Kilo's rows. */
import { kiloRegistry } from '../../core/registry/kilo';
import { opencodeFamilyDoor } from '../opencode/guard-door';

export const guardDoor = opencodeFamilyDoor(kiloRegistry);
