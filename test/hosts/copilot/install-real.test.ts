// The real Copilot CLI runs what `stopline install copilot` wrote (harness/installed.ts); a project's
// .github/hooks run only in a trusted folder (`--trust-folder` trusts the folder it runs in).
import { runCopilot } from '../harness';
import { describeInstalledHost } from '../harness/installed';

await describeInstalledHost('copilot', {
  write: (path) => ({ name: 'create', input: { path, file_text: 'x\n' } }),
  run: (o, trusted) => runCopilot({ ...o, args: trusted ? ['--trust-folder'] : [] }),
  denied: /Denied by preToolUse hook: STOP \/[\s\S]*MODE_FORBIDS_MUTATION/,
  trusts: true,
});
