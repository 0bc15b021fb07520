/**
 * First thing the Claude hook script does, before any other module of it is evaluated: when the
 * mod of this Claude Code process decides (hosts/claude/mod-live.ts), the command hook answers
 * nothing and exits. Imported first by hosts/claude/main.ts for that reason.
 */
import { modDecides } from './mod-live';

if (modDecides(process.env)) process.exit(0);
