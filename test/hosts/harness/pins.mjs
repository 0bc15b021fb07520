// The pinned real hosts: the shared pins in this folder's pins.json and each host's own
// pins in test/hosts/<host>/pins.json, so a new host brings its pin in its own folder.
// Read by test/hosts/install-hosts.mjs (plain Node) and the harness (hosts.ts).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const testHosts = join(dirname(fileURLToPath(import.meta.url)), '..');

function pinsIn(file) {
  const hosts = JSON.parse(readFileSync(file, 'utf8')).hosts;
  if (typeof hosts !== 'object' || hosts === null) throw new Error(`${file}: no "hosts" object`);
  return hosts;
}

/** Every pin by install name; a name pinned in two files is an error rather than a silent winner. */
export function loadPins(root = testHosts) {
  const files = [join(root, 'harness', 'pins.json')];
  for (const entry of readdirSync(root, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(root, entry.name, 'pins.json');
    if (entry.isDirectory() && entry.name !== 'harness' && existsSync(file)) files.push(file);
  }
  const pins = {};
  const from = {};
  for (const file of files) {
    for (const [name, pin] of Object.entries(pinsIn(file))) {
      if (name in pins) throw new Error(`pin "${name}" is in both ${from[name]} and ${file}`);
      pins[name] = pin;
      from[name] = file;
    }
  }
  return pins;
}
