/**
 * `SHA256SUMS` for a dist folder, in the format `sha256sum` prints and `sha256sum -c`
 * reads (`<hex>  <relative path>`, sorted). install.sh downloads this file first and checks
 * every artifact it fetches against it. The build writes it after all artifacts exist.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sha256 } from './workspace';

const CHECKSUMS_FILE = 'SHA256SUMS';

function files(dir: string, root: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return files(p, root);
      const rel = relative(root, p).split(sep).join('/');
      return rel === CHECKSUMS_FILE ? [] : [rel];
    });
}

function checksumsFor(distDir: string): string {
  return files(distDir, distDir)
    .sort()
    .map((rel) => `${sha256(readFileSync(join(distDir, rel)))}  ${rel}\n`)
    .join('');
}

/**
 * Writes `<distDir>/SHA256SUMS`; returns its text.
 * @keep writeChecksums the SHA256SUMS the installer verifies: the tests serve a dist with it
 */
export function writeChecksums(distDir: string): string {
  const text = checksumsFor(distDir);
  writeFileSync(join(distDir, CHECKSUMS_FILE), text, { mode: 0o644 });
  return text;
}
