// The real Droid runs what `stopline install droid` wrote, beside the custom model runDroid puts
// in ~/.factory/settings.json (harness/installed.ts); a project's .factory/hooks.json needs no trust step.
import { runDroid } from '../harness';
import { describeInstalledHost } from '../harness/installed';

await describeInstalledHost('droid', {
  write: (path) => ({ name: 'Create', input: { file_path: path, content: 'x\n' } }),
  run: (o) => runDroid(o),
  denied: /Error: STOP \/[\s\S]*MODE_FORBIDS_MUTATION/,
});
