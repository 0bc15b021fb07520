// The real Qwen Code runs what `stopline install qwen` wrote into the person's settings.json
// (harness/installed.ts): doctor passes, and uninstall gives the settings back byte for byte.
import { dirname } from 'node:path';
import { runQwen, startChatServer } from '../harness';
import { describeInstalledHost } from '../harness/installed';

await describeInstalledHost('qwen', {
  write: (path) => ({ name: 'write_file', input: { file_path: path, content: 'x\n' } }),
  run: (o) => runQwen({ ...o, runDir: dirname(o.home), keepSettings: true }),
  denied: /^STOP \/[\s\S]*MODE_FORBIDS_MUTATION/,
  startServer: startChatServer,
  // Qwen writes its settings version in on first use (`$version`); a file that has it stays byte-for-byte
  settings: { file: '.qwen/settings.json', text: `${JSON.stringify({ privacy: { usageStatisticsEnabled: false }, $version: 4 }, null, 2)}\n` },
  doctor: { artifact: 'pass', registered: 'pass', 'would-run': 'pass', runtime: 'pass', enforcement: 'pass' },
});
