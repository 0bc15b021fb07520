// The real Gemini CLI runs what `stopline install gemini` wrote into the person's settings.json
// (harness/installed.ts): doctor passes, uninstall gives the settings back byte for byte, and a
// project's .gemini/settings.json loads only in a trusted folder (GEMINI_CLI_TRUST_WORKSPACE).
import { dirname } from 'node:path';
import { GEMINI_OFFLINE_SETTINGS, runGemini, startGeminiServer } from '../harness';
import { describeInstalledHost } from '../harness/installed';

await describeInstalledHost('gemini', {
  write: (path) => ({ name: 'write_file', input: { file_path: path, content: 'x\n' } }),
  run: (o, trusted) => runGemini({ ...o, runDir: dirname(o.home), keepSettings: true, trust: trusted ? 'env' : 'skip' }),
  denied: /Tool execution blocked: STOP \/[\s\S]*MODE_FORBIDS_MUTATION/,
  trusts: true,
  startServer: startGeminiServer,
  settings: { file: '.gemini/settings.json', text: JSON.stringify(GEMINI_OFFLINE_SETTINGS, null, 2) },
  doctor: { artifact: 'pass', registered: 'pass', 'would-run': 'pass', runtime: 'pass', enforcement: 'pass' },
});
