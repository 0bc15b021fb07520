/**
 * The dashboard command line: options, usage and help text. Kept apart from the server code
 * so the command registry can list them without loading it.
 */
import type { OptionSpec } from '../args';

export const DASHBOARD_OPTIONS: readonly OptionSpec[] = [
  { flag: '--port', value: 'n', summary: 'port on 127.0.0.1 (default: STOPLINE_DASHBOARD_PORT, else dashboard.port in stopline.json, else 7391); a port in use falls back to a free one' },
  { flag: '--no-browser', summary: 'print the address only (also STOPLINE_NO_BROWSER=1; no browser is opened without a display)' },
  { flag: '--data-dir', value: 'dir', summary: 'the evidence folder to show (default: the data folder the hooks use)' },
  { flag: '--autostart', summary: 'how the session:start hook starts it: quiet, and no second browser when one already runs' },
];

export const DASHBOARD_USAGE = 'stopline dashboard [--port <n>] [--no-browser] [--data-dir <dir>]';

export const DASHBOARD_DESCRIPTION =
  'Serves one page on 127.0.0.1 that shows what the guard did: checked actions and denials over time, by host, by reason code and by tool class; ' +
  'the current contract of recent sessions; recent events with their explain text, and labels you set from the page (written to labels.jsonl). ' +
  'The evidence holds metadata only, so no prompt, command or path text can appear. Runs until Ctrl-C; a second start prints the address of the running one. See docs/dashboard.md.';
