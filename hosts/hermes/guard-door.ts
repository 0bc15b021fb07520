/** Hermes' dialect of `stopline guard`: its shell-hook payload; the Python shim dispatches the plugin's callbacks to its own resident door. */
import type { GuardDoor } from '../cli/guard/bridge';
import { commandHookDoor } from '../cli/guard/bridge';
import { hermesListenHandler, shellHookDoor } from './doors';

export const guardDoor: GuardDoor = { ...commandHookDoor(shellHookDoor), resident: hermesListenHandler };
