/** pwsh/powershell as a program: -Command and -EncodedCommand (UTF-16LE base64) text goes to the PowerShell analysis. */
import { interactive } from './interpreters';
import { unknown, type ProgramContext, type Verdict } from './verdict';
import type { Arg } from './words';

export function pwshProgram(name: string, args: readonly Arg[], ctx: ProgramContext): Verdict {
  let cwd: Arg | undefined;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return unknown(`${name}: an argument only known at run time`);
    const lower = v.toLowerCase();
    if (['-command', '-c', '/c', '-com', '-comm', '-comma', '-comman'].includes(lower)) {
      const rest = args.slice(i + 1);
      if (rest.length === 1 && rest[0]!.value === '-') {
        return ctx.stdin.kind === 'text' ? { kind: 'powershell', source: ctx.stdin.text, why: `${name} -Command - runs stdin` } : unknown(`${name} runs commands from stdin`);
      }
      if (rest.some((a) => a.value === null)) return unknown(`${name} -Command with parts only known at run time`);
      const source = rest.map((a) => a.value).join(' ');
      const v2: Verdict = { kind: 'powershell', source, why: `${name} -Command runs PowerShell code` };
      return cwd ? { kind: 'many', verdicts: [unknown(`${name} -WorkingDirectory moves relative paths`), v2] } : v2;
    }
    if (['-encodedcommand', '-e', '-ec', '-enc'].includes(lower)) {
      const b64 = args[i + 1]?.value;
      if (!b64) return unknown(`${name} -EncodedCommand with a value only known at run time`);
      const decoded = decodeUtf16Base64(b64);
      if (decoded === null) return unknown(`${name} -EncodedCommand is not valid base64 UTF-16`);
      return { kind: 'powershell', source: decoded, why: `${name} -EncodedCommand runs decoded PowerShell code` };
    }
    if (['-file', '-f'].includes(lower)) return unknown(`${name} -File runs a script whose content is not visible`);
    if (['-executionpolicy', '-ep', '-ex', '-windowstyle', '-w', '-inputformat', '-outputformat', '-of', '-if', '-version', '-v', '-configurationname', '-custompipename', '-settingsfile', '-psconsolefile'].includes(lower)) {
      i++;
      continue;
    }
    if (lower === '-workingdirectory' || lower === '-wd' || lower === '-wo') {
      cwd = args[i + 1];
      i++;
      continue;
    }
    if (lower.startsWith('-')) continue; // -NoProfile, -NonInteractive, -NoLogo, -Login…
    return unknown(`${name} ${v}: a bare argument is a script path or code depending on the PowerShell edition`);
  }
  return ctx.stdin.kind === 'text' ? { kind: 'powershell', source: ctx.stdin.text, why: `${name} runs the script on its stdin` } : interactive(name, ctx);
}

function decodeUtf16Base64(b64: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) return null;
  try {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    if (bytes.length % 2 !== 0) return null;
    let s = '';
    for (let i = 0; i < bytes.length; i += 2) s += String.fromCharCode(bytes[i]! | (bytes[i + 1]! << 8));
    return s;
  } catch {
    return null;
  }
}
