/**
 * Opening the page in the person's browser: best effort, never waited for. No browser is
 * opened with STOPLINE_NO_BROWSER=1, or where there is no display to open it on (a Linux or
 * BSD session without DISPLAY / WAYLAND_DISPLAY: ssh, containers, CI).
 */
import { spawn } from 'node:child_process';

type Env = Readonly<Record<string, string | undefined>>;

/** Why no browser may be opened, or null when one may. */
export function browserBlocker(env: Env, platform: NodeJS.Platform = process.platform): string | null {
  if (env.STOPLINE_NO_BROWSER === '1') return 'STOPLINE_NO_BROWSER=1';
  if (platform !== 'darwin' && platform !== 'win32' && !env.DISPLAY?.trim() && !env.WAYLAND_DISPLAY?.trim()) return 'no display (DISPLAY and WAYLAND_DISPLAY are unset)';
  return null;
}

export function openBrowser(url: string, platform: NodeJS.Platform = process.platform): void {
  const [file, args] = platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(file, args, { detached: true, stdio: 'ignore', windowsHide: true, windowsVerbatimArguments: platform === 'win32' });
    child.on('error', () => {
      /* no opener installed: the address was printed */
    });
    child.unref();
  } catch {
    /* same */
  }
}
