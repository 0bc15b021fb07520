/**
 * PowerShell analysis (Claude Code's PowerShell tool, `pwsh -c`). A small tokenizer
 * (quotes, here-strings, `$(…)`, `(…)`, `{…}` script blocks, pipes, redirections) and a
 * cmdlet/alias table: Get-Content, Get-ChildItem, Select-String… read; Set-Content,
 * Add-Content, Out-File, New-Item, Remove-Item, Move-Item, Copy-Item… write, with targets
 * from -Path/-LiteralPath/-Destination/-FilePath or position. Native programs (git, npm)
 * go to the POSIX program table. Invoke-Expression, Start-Process, .NET calls and
 * anything unlisted are unknown. Script blocks and sub-expressions are analysed as code.
 */
import { runArgv, resolveDir, type Scope, type Walk } from './apply';
import { contentIntents, isNullDevice, resolvePath } from './collect';
import { MAX_COMMAND_CHARS, MAX_NESTING } from './limits';
import type { StdinInfo } from './verdict';
import { literalArg, type Arg } from './words';

type Tok =
  | { t: 'word'; text: string; value: string | null; quoted: boolean; code: string[] }
  | { t: 'sub'; source: string }
  | { t: 'block'; source: string }
  | { t: 'op'; op: '|' | ';' | '&&' | '||' | '&' }
  | { t: 'redir'; op: string }
  | { t: 'dyn'; text: string; call: boolean };

interface Env {
  home?: string;
}

const KEYWORDS = new Set(['if', 'elseif', 'else', 'foreach', 'for', 'while', 'do', 'until', 'switch', 'try', 'catch', 'finally', 'function', 'filter', 'param', 'return', 'throw', 'break', 'continue', 'exit', 'trap', 'begin', 'process', 'end', 'class', 'enum', 'using', 'data', 'dynamicparam', 'workflow', 'parallel', 'sequence', 'inlinescript']);

/** index just past the matching close bracket, honouring quotes, nesting and comments */
function scanBalanced(s: string, i: number, open: string, close: string): number {
  let depth = 0;
  for (; i < s.length; i++) {
    const c = s[i]!;
    if (c === '`') {
      i++;
      continue;
    }
    if (c === "'") {
      i = skipSingle(s, i);
      continue;
    }
    if (c === '"') {
      i = skipDouble(s, i);
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(s[i - 1]!))) {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    if (c === open || (open !== '(' && c === '(') || (open !== '{' && c === '{')) depth++;
    else if (c === close || (close !== ')' && c === ')') || (close !== '}' && c === '}')) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function skipSingle(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === "'") {
      if (s[j + 1] === "'") {
        j++;
        continue;
      }
      return j;
    }
  }
  return s.length;
}

function skipDouble(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === '`') {
      j++;
      continue;
    }
    if (s[j] === '$' && s[j + 1] === '(') {
      const e = scanBalanced(s, j + 1, '(', ')');
      if (e === -1) return s.length;
      j = e - 1;
      continue;
    }
    if (s[j] === '"') {
      if (s[j + 1] === '"') {
        j++;
        continue;
      }
      return j;
    }
  }
  return s.length;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b' };

function homeVar(name: string, env: Env): string | null {
  const n = name.toLowerCase();
  if ((n === 'home' || n === 'env:home' || n === 'env:userprofile') && env.home) return env.home;
  if (n === 'pwd') return '.';
  return null;
}

/** Expand a double-quoted body: literal text, known variables; `$(…)` goes to `code`. */
function expandDouble(body: string, env: Env, code: string[]): string | null {
  let out = '';
  let known = true;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '`') {
      const n = body[i + 1] ?? '';
      out += ESCAPES[n] ?? n;
      i++;
      continue;
    }
    if (c === '$') {
      if (body[i + 1] === '(') {
        const e = scanBalanced(body, i + 1, '(', ')');
        code.push(body.slice(i + 2, e === -1 ? body.length : e - 1));
        known = false;
        i = e === -1 ? body.length : e - 1;
        continue;
      }
      const m = /^\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z_][A-Za-z0-9_]*)?)/.exec(body.slice(i));
      if (m) {
        const v = homeVar(m[1]!.replace(/^\{|\}$/g, ''), env);
        if (v === null) known = false;
        else out += v;
        i += m[0].length - 1;
        continue;
      }
    }
    if (c === '"' && body[i + 1] === '"') {
      out += '"';
      i++;
      continue;
    }
    out += c;
  }
  return known ? out : null;
}

/** Tokens plus what the tokenizer could not read (stray closers, unbalanced brackets). */
function tokenize(src: string, env: Env, problems: string[]): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    if (c === ')' || c === '}') {
      problems.push(`unbalanced ${c}`);
      i++;
      continue;
    }
    if (c === '\n' || c === '\r') {
      toks.push({ t: 'op', op: ';' });
      i++;
      continue;
    }
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '`' && (src[i + 1] === '\n' || src[i + 1] === '\r')) {
      i += src[i + 1] === '\r' && src[i + 2] === '\n' ? 3 : 2; // line continuation
      continue;
    }
    if (c === '#') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '<' && src[i + 1] === '#') {
      const e = src.indexOf('#>', i + 2);
      i = e === -1 ? n : e + 2;
      continue;
    }
    if (c === ';') {
      toks.push({ t: 'op', op: ';' });
      i++;
      continue;
    }
    if (c === '|') {
      if (src[i + 1] === '|') {
        toks.push({ t: 'op', op: '||' });
        i += 2;
      } else {
        toks.push({ t: 'op', op: '|' });
        i++;
      }
      continue;
    }
    if (c === '&') {
      if (src[i + 1] === '&') {
        toks.push({ t: 'op', op: '&&' });
        i += 2;
      } else {
        toks.push({ t: 'op', op: '&' });
        i++;
      }
      continue;
    }
    const redir = /^(?:[1-6*])?>>?(?:&[12])?/.exec(src.slice(i, i + 5));
    if (redir && (c === '>' || /[1-6*]/.test(c)) && (c === '>' || src[i + 1] === '>')) {
      toks.push({ t: 'redir', op: redir[0] });
      i += redir[0].length;
      continue;
    }
    if (c === '{') {
      const e = scanBalanced(src, i, '{', '}');
      if (e === -1) problems.push('unbalanced {');
      const end = e === -1 ? n : e;
      toks.push({ t: 'block', source: src.slice(i + 1, e === -1 ? n : e - 1) });
      i = end;
      continue;
    }
    if (c === '(' || ((c === '$' || c === '@') && src[i + 1] === '(')) {
      const start = c === '(' ? i : i + 1;
      const e = scanBalanced(src, start, '(', ')');
      if (e === -1) problems.push('unbalanced (');
      toks.push({ t: 'sub', source: src.slice(start + 1, e === -1 ? n : e - 1) });
      i = e === -1 ? n : e;
      continue;
    }
    if (c === '@' && src[i + 1] === '{') {
      const e = scanBalanced(src, i + 1, '{', '}');
      const body = src.slice(i + 2, e === -1 ? n : e - 1);
      toks.push({ t: 'dyn', text: '@{…}', call: /[({]/.test(body) });
      i = e === -1 ? n : e;
      continue;
    }
    if (c === '@' && (src[i + 1] === "'" || src[i + 1] === '"')) {
      const q = src[i + 1]!;
      const e = src.indexOf('\n' + q + '@', i + 2);
      const body = src.slice(src.indexOf('\n', i) + 1, e === -1 ? n : e);
      const code: string[] = [];
      const value = q === "'" ? body : expandDouble(body, env, code);
      toks.push({ t: 'word', text: src.slice(i, e === -1 ? n : e + 3), value, quoted: true, code });
      i = e === -1 ? n : e + 3;
      continue;
    }
    if (c === '[') {
      // type literal: [IO.File]::WriteAllText(…) or a cast
      const e = src.indexOf(']', i);
      const after = e === -1 ? '' : src.slice(e + 1);
      const m = /^::\s*[A-Za-z_][\w]*\s*(\()?/.exec(after);
      if (e !== -1 && /^\[[A-Za-z_][\w.`\[\], ]*\]$/.test(src.slice(i, e + 1))) {
        toks.push({ t: 'dyn', text: src.slice(i, e + 1) + (m ? m[0] : ''), call: !!m });
        i = e + 1 + (m ? m[0].length : 0);
        if (m && m[1]) {
          const pe = scanBalanced(src, i - 1, '(', ')');
          toks.push({ t: 'sub', source: src.slice(i, pe === -1 ? n : pe - 1) });
          i = pe === -1 ? n : pe;
        }
        continue;
      }
    }
    // a word: bare text, quoted parts, variables, possibly joined (e.g. $HOME\.ssh\x)
    const wordStart = i;
    let text = '';
    let value: string | null = '';
    let quoted = false;
    const code: string[] = [];
    let isVarStart = false;
    while (i < n) {
      const d = src[i]!;
      if (/[\s;|&{}()]/.test(d) && !(d === '(' && text === '' )) {
        if (d === '(' && text !== '') {
          // Name(…) or $x.Method(…): a call
          const e = scanBalanced(src, i, '(', ')');
          const inner = src.slice(i + 1, e === -1 ? n : e - 1);
          toks.push({ t: 'dyn', text: text + '(…)', call: true });
          toks.push({ t: 'sub', source: inner });
          i = e === -1 ? n : e;
          text = '';
          value = null;
        }
        break;
      }
      if (d === '>' ) break;
      if (d === "'") {
        const e = skipSingle(src, i);
        const body = src.slice(i + 1, e).replace(/''/g, "'");
        text += src.slice(i, e + 1);
        if (value !== null) value += body;
        quoted = true;
        i = e + 1;
        continue;
      }
      if (d === '"') {
        const e = skipDouble(src, i);
        const body = src.slice(i + 1, e);
        text += src.slice(i, e + 1);
        const v = expandDouble(body, env, code);
        value = value === null || v === null ? null : value + v;
        quoted = true;
        i = e + 1;
        continue;
      }
      if (d === '`') {
        const nx = src[i + 1] ?? '';
        text += d + nx;
        if (value !== null) value += ESCAPES[nx] ?? nx;
        i += 2;
        continue;
      }
      if (d === '$') {
        if (src[i + 1] === '(') {
          const e = scanBalanced(src, i + 1, '(', ')');
          code.push(src.slice(i + 2, e === -1 ? n : e - 1));
          text += src.slice(i, e === -1 ? n : e);
          value = null;
          i = e === -1 ? n : e;
          continue;
        }
        const m = /^\$(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z_][A-Za-z0-9_]*)?|[?^$_])/.exec(src.slice(i));
        if (m) {
          if (text === '') isVarStart = true;
          const v = homeVar(m[1]!.replace(/^\{|\}$/g, ''), env);
          text += m[0];
          value = value === null || v === null ? null : value + v;
          i += m[0].length;
          // $x.Method(  -> a .NET call
          const mm = /^\.[A-Za-z_]\w*\(/.exec(src.slice(i));
          if (mm) {
            const e = scanBalanced(src, i + mm[0].length - 1, '(', ')');
            toks.push({ t: 'dyn', text: text + mm[0] + '…)', call: true });
            toks.push({ t: 'sub', source: src.slice(i + mm[0].length, e === -1 ? n : e - 1) });
            i = e === -1 ? n : e;
            text = '';
            value = null;
            break;
          }
          continue;
        }
      }
      text += d;
      if (value !== null) value += d;
      i++;
    }
    if (text !== '') toks.push({ t: 'word', text, value: isVarStart && value === null ? null : value, quoted, code });
    else if (i === wordStart) {
      // nothing consumed: a character no rule above takes; never loop on it
      problems.push(`unexpected ${JSON.stringify(src[i])}`);
      i++;
    }
  }
  return toks;
}

// ---------------------------------------------------------------------------------------
// Cmdlet table

interface CmdletSpec {
  kind: 'read' | 'write' | 'unknown' | 'cd' | 'code' | 'dep';
  canonical: string;
  /** parameters whose values are written paths */
  writes?: string[];
  /** parameters whose values are read paths or other values (take a value) */
  values?: string[];
  switches?: string[];
  positional?: string[];
  /** the -Value parameter carries the content written */
  content?: string;
  append?: string;
  hash?: boolean;
}

const COMMON_VALUES = ['erroraction', 'warningaction', 'informationaction', 'errorvariable', 'warningvariable', 'informationvariable', 'outvariable', 'outbuffer', 'pipelinevariable', 'progressaction'];
const COMMON_SWITCHES = ['verbose', 'debug', 'whatif', 'confirm', 'force', 'passthru', 'usetransaction'];

const W = (canonical: string, s: Omit<CmdletSpec, 'kind' | 'canonical'>): CmdletSpec => ({ kind: 'write', canonical, ...s });

const CMDLETS: Record<string, CmdletSpec> = {};
function def(names: string[], spec: CmdletSpec) {
  for (const n of names) CMDLETS[n] = spec;
}
let tableReady = false;
function table(): Record<string, CmdletSpec> {
  if (tableReady) return CMDLETS;
  tableReady = true;
  const R = (canonical: string, hash = false): CmdletSpec => ({ kind: 'read', canonical, hash });
  for (const [names, canon] of [
    [['get-content', 'gc', 'cat', 'type'], 'Get-Content'],
    [['get-childitem', 'gci', 'ls', 'dir'], 'Get-ChildItem'],
    [['get-item', 'gi'], 'Get-Item'],
    [['get-itemproperty', 'gp', 'get-itempropertyvalue', 'gpv'], 'Get-ItemProperty'],
    [['get-location', 'gl', 'pwd'], 'Get-Location'],
    [['test-path'], 'Test-Path'],
    [['resolve-path', 'rvpa', 'convert-path', 'cvpa'], 'Resolve-Path'],
    [['select-string', 'sls'], 'Select-String'],
    [['select-object', 'select'], 'Select-Object'],
    [['sort-object', 'sort'], 'Sort-Object'],
    [['measure-object', 'measure'], 'Measure-Object'],
    [['compare-object', 'compare', 'diff'], 'Compare-Object'],
    [['format-table', 'ft', 'format-list', 'fl', 'format-wide', 'fw', 'format-custom', 'fc', 'format-hex', 'fhx'], 'Format-*'],
    [['out-string', 'out-host', 'oh', 'out-null', 'out-default', 'out-gridview', 'ogv'], 'Out-*'],
    [['write-host', 'write-output', 'echo', 'write', 'write-verbose', 'write-warning', 'write-error', 'write-debug', 'write-information', 'write-progress'], 'Write-*'],
    [['get-command', 'gcm', 'get-help', 'help', 'man', 'get-process', 'gps', 'ps', 'get-service', 'gsv', 'get-date', 'get-variable', 'gv', 'get-member', 'gm', 'get-alias', 'gal', 'get-module', 'gmo', 'get-psdrive', 'gdr', 'get-acl', 'get-random', 'get-host', 'get-history', 'h', 'history', 'get-unique', 'gu', 'get-culture', 'get-uiculture', 'get-timezone', 'get-computerinfo', 'get-psprovider', 'get-event', 'get-job', 'gjb', 'receive-job', 'rcjb', 'get-clipboard', 'gcb', 'get-executionpolicy', 'get-pscallstack', 'get-verb', 'new-timespan', 'get-credential', 'get-winevent', 'get-ciminstance', 'gcim', 'get-wmiobject', 'gwmi', 'get-netipaddress', 'get-nettcpconnection', 'get-psreadlineoption', 'get-typedata', 'get-formatdata', 'get-uptime', 'get-error', 'get-filehash-noop'], 'Get-*'],
    [['split-path', 'join-path', 'convertto-json', 'convertfrom-json', 'convertto-csv', 'convertfrom-csv', 'convertto-html', 'convertto-xml', 'convertfrom-stringdata', 'convertto-securestring', 'convertfrom-securestring', 'convertfrom-markdown', 'import-csv', 'ipcsv', 'import-clixml', 'import-powershelldatafile', 'group-object', 'group', 'select-xml', 'test-connection', 'resolve-dnsname', 'test-json', 'test-netconnection', 'start-sleep', 'sleep', 'clear-host', 'cls', 'clear', 'set-variable', 'sv', 'new-variable', 'nv', 'clear-variable', 'clv', 'remove-variable', 'rv', 'read-host', 'pause', 'out-printer-noop', 'wait-job', 'wjb', 'get-location'], 'Utility'],
  ] as [string[], string][]) def(names, R(canon));
  def(['get-filehash'], R('Get-FileHash', true));
  const PATHS = ['path', 'literalpath'];
  def(['set-content', 'sc'], W('Set-Content', { writes: PATHS, values: ['value', 'encoding', 'stream', 'filter', 'include', 'exclude', 'credential', 'delimiter'], switches: ['nonewline', 'asbytestream'], positional: ['path', 'value'], content: 'value' }));
  def(['add-content', 'ac'], W('Add-Content', { writes: PATHS, values: ['value', 'encoding', 'stream', 'filter', 'include', 'exclude', 'credential', 'delimiter'], switches: ['nonewline', 'asbytestream'], positional: ['path', 'value'], content: 'value', append: 'always' }));
  def(['out-file'], W('Out-File', { writes: ['filepath', 'literalpath', 'path'], values: ['encoding', 'width', 'inputobject'], switches: ['append', 'noclobber', 'nonewline'], positional: ['filepath', 'encoding'], append: 'append' }));
  def(['new-item', 'ni', 'mkdir', 'md'], W('New-Item', { writes: ['path', 'name'], values: ['itemtype', 'type', 'value', 'credential'], positional: ['path'], content: 'value' }));
  def(['remove-item', 'ri', 'rm', 'rmdir', 'del', 'erase', 'rd'], W('Remove-Item', { writes: PATHS, values: ['filter', 'include', 'exclude', 'stream', 'credential', 'depth'], switches: ['recurse'], positional: ['path'] }));
  def(['move-item', 'mi', 'move', 'mv'], W('Move-Item', { writes: [...PATHS, 'destination'], values: ['filter', 'include', 'exclude', 'credential'], positional: ['path', 'destination'] }));
  def(['copy-item', 'ci', 'copy', 'cp', 'cpi'], W('Copy-Item', { writes: ['destination'], values: [...PATHS, 'filter', 'include', 'exclude', 'credential', 'tosession', 'fromsession'], switches: ['recurse', 'container'], positional: ['path', 'destination'] }));
  def(['rename-item', 'ren', 'rni'], W('Rename-Item', { writes: [...PATHS, 'newname'], values: ['credential'], positional: ['path', 'newname'] }));
  def(['clear-content', 'clc'], W('Clear-Content', { writes: PATHS, values: ['filter', 'include', 'exclude', 'stream', 'credential'], positional: ['path'] }));
  for (const [names, canon] of [
    [['set-itemproperty', 'sp'], 'Set-ItemProperty'],
    [['new-itemproperty'], 'New-ItemProperty'],
    [['remove-itemproperty', 'rp'], 'Remove-ItemProperty'],
    [['clear-item', 'cli'], 'Clear-Item'],
    [['clear-itemproperty', 'clp'], 'Clear-ItemProperty'],
    [['set-item', 'si'], 'Set-Item'],
  ] as [string[], string][]) def(names, W(canon, { writes: PATHS, values: ['name', 'value', 'propertytype', 'type', 'filter', 'include', 'exclude', 'credential', 'inputobject'], positional: ['path', 'name', 'value'] }));
  def(['export-csv', 'epcsv', 'export-clixml'], W('Export-*', { writes: PATHS, values: ['inputobject', 'delimiter', 'encoding', 'depth', 'usequotes', 'quotefields'], switches: ['append', 'noclobber', 'notypeinformation', 'includetypeinformation', 'useculture', 'noheader'], positional: ['path'] }));
  def(['tee-object', 'tee'], W('Tee-Object', { writes: ['filepath', 'literalpath', 'path'], values: ['variable', 'inputobject', 'encoding'], switches: ['append'], positional: ['filepath'] }));
  def(['set-acl'], W('Set-Acl', { writes: PATHS, values: ['aclobject', 'inputobject', 'securitydescriptor', 'filter', 'include', 'exclude'], switches: ['clearcentralaccesspolicy'], positional: ['path', 'aclobject'] }));
  def(['expand-archive'], W('Expand-Archive', { writes: ['destinationpath'], values: PATHS, positional: ['path', 'destinationpath'] }));
  def(['compress-archive'], W('Compress-Archive', { writes: ['destinationpath'], values: [...PATHS, 'compressionlevel'], switches: ['update'], positional: ['path', 'destinationpath'] }));
  def(['start-transcript'], W('Start-Transcript', { writes: ['path', 'literalpath', 'outputdirectory'], switches: ['append', 'noclobber', 'includeinvocationheader', 'useminimalheader'], positional: ['path'] }));
  def(['set-location', 'cd', 'chdir', 'sl', 'push-location', 'pushd'], { kind: 'cd', canonical: 'Set-Location', values: PATHS, positional: ['path'] });
  def(['pop-location', 'popd'], { kind: 'cd', canonical: 'Pop-Location' });
  def(['foreach-object', '%', 'foreach', 'where-object', 'where', '?', 'measure-command', 'invoke-command', 'icm', 'start-job', 'sajb', 'start-threadjob', 'trace-command'], { kind: 'code', canonical: 'script block runner' });
  def(['install-module', 'install-package', 'install-script', 'install-psresource', 'save-module', 'save-package', 'install-packageprovider'], { kind: 'dep', canonical: 'Install-*' });
  def(['invoke-webrequest', 'iwr', 'invoke-restmethod', 'irm', 'curl', 'wget', 'start-bitstransfer'], { kind: 'write', canonical: 'Invoke-WebRequest', writes: ['outfile', 'destination'], values: ['uri', 'method', 'body', 'headers', 'contenttype', 'useragent', 'infile', 'credential', 'websession', 'sessionvariable', 'timeoutsec', 'maximumredirection', 'proxy', 'proxycredential', 'certificate', 'certificatethumbprint', 'transferencoding', 'form', 'authentication', 'token', 'maximumretrycount', 'retryintervalsec', 'customethod', 'httpversion', 'source'], switches: ['usebasicparsing', 'usedefaultcredentials', 'skipcertificatecheck', 'passthru', 'disablekeepalive', 'skipheadervalidation', 'resume', 'skiphttperrorcheck', 'allowunencryptedauthentication', 'nodeprecation'], positional: ['uri', 'destination'] });
  for (const u of ['invoke-expression', 'iex', 'start-process', 'saps', 'start', 'invoke-item', 'ii', 'set-alias', 'sal', 'new-alias', 'nal', 'set-executionpolicy', 'stop-process', 'kill', 'spps', 'add-type', 'import-module', 'ipmo', 'new-object', 'stop-computer', 'restart-computer', 'new-service', 'set-service', 'start-service', 'stop-service', 'restart-service', 'remove-service', 'new-psdrive', 'ndr', 'remove-psdrive', 'rdr', 'register-scheduledtask', 'register-objectevent', 'set-psreadlineoption', 'enter-pssession', 'etsn', 'new-pssession', 'nsn', 'invoke-wmimethod', 'invoke-cimmethod', 'set-clipboard', 'scb', 'update-help', 'set-date', 'uninstall-module', 'update-module', 'new-modulemanifest', 'new-scriptfileinfo', 'out-printer', 'lp', 'send-mailmessage', 'set-strictmode', 'new-psdrive', 'set-psdebug', 'new-event']) {
    CMDLETS[u] = { kind: 'unknown', canonical: u };
  }
  return CMDLETS;
}

function resolveParam(spec: CmdletSpec, word: string): { name: string; takesValue: boolean } | null {
  const raw = word.slice(1).toLowerCase().replace(/:$/, '');
  const all: [string, boolean][] = [
    ...(spec.writes ?? []).map((n) => [n, true] as [string, boolean]),
    ...(spec.values ?? []).map((n) => [n, true] as [string, boolean]),
    ...(spec.switches ?? []).map((n) => [n, false] as [string, boolean]),
    ...COMMON_VALUES.map((n) => [n, true] as [string, boolean]),
    ...COMMON_SWITCHES.map((n) => [n, false] as [string, boolean]),
    ['append', false],
    ['ea', true], ['wa', true], ['ev', true], ['ov', true], ['vb', false], ['db', false], ['wi', false], ['cf', false], ['lp', true], ['pspath', true], ['fullname', true],
  ];
  const exact = all.find(([n]) => n === raw);
  if (exact) return { name: exact[0] === 'lp' || exact[0] === 'pspath' || exact[0] === 'fullname' ? 'literalpath' : exact[0], takesValue: exact[1] };
  const pre = all.filter(([n]) => n.startsWith(raw));
  if (pre.length === 1) return { name: pre[0]![0], takesValue: pre[0]![1] };
  if (pre.length > 1 && new Set(pre.map((p) => p[0])).size === 1) return { name: pre[0]![0], takesValue: pre[0]![1] };
  return null;
}

function splitCommas(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

// ---------------------------------------------------------------------------------------
// Walker

export function walkPowerShell(w: Walk, source: string, scope: Scope, depth: number, why: string): void {
  if (source.length > MAX_COMMAND_CHARS) {
    w.col.unknown('(input)', `${why ? why + ': ' : ''}longer than ${MAX_COMMAND_CHARS} characters; not analysed`);
    return;
  }
  if (depth > MAX_NESTING) {
    w.col.unknown('(input)', `${why ? why + ': ' : ''}nested deeper than ${MAX_NESTING} levels`);
    return;
  }
  const problems: string[] = [];
  const toks = tokenize(source, { home: w.base.home }, problems);
  if (problems.length) w.col.unknown('(powershell)', `${why ? why + ': ' : ''}PowerShell the tokenizer cannot read (${problems.slice(0, 3).join(', ')})`);
  // split into statements (; && || newline) and pipelines (|)
  let stmt: Tok[][] = [[]];
  const flush = () => {
    const cmds = stmt.filter((c) => c.length > 0);
    cmds.forEach((c, i) => runCommand(w, c, scope, depth, i > 0 ? { kind: 'pipe' } : { kind: 'tty' }));
    stmt = [[]];
  };
  for (const t of toks) {
    if (t.t === 'op' && (t.op === ';' || t.op === '&&' || t.op === '||')) flush();
    else if (t.t === 'op' && t.op === '|') stmt.push([]);
    else stmt[stmt.length - 1]!.push(t);
  }
  flush();
}

function code(w: Walk, source: string, scope: Scope, depth: number, why: string): void {
  if (depth + 1 > MAX_NESTING) {
    w.col.unknown('(powershell)', `${why}: nested deeper than ${MAX_NESTING} levels`);
    return;
  }
  const child: Scope = { dir: scope.dir };
  walkPowerShell(w, source, child, depth + 1, why);
}

function argOf(t: Tok): Arg {
  if (t.t === 'word') return { text: t.text, value: t.value, glob: t.value !== null && !t.quoted && /[*?[]/.test(t.value) };
  return { text: t.t === 'dyn' ? t.text : '(…)', value: null, glob: false };
}

function runCommand(w: Walk, toks: Tok[], scope: Scope, depth: number, stdin: StdinInfo): void {
  // sub-expressions and code inside words run first
  const elems: Tok[] = [];
  const redirects: { op: string; target: Tok | undefined }[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.t === 'redir') {
      if (/&\d$/.test(t.op)) {
        redirects.push({ op: t.op, target: undefined });
        continue;
      }
      redirects.push({ op: t.op, target: toks[i + 1] });
      i++;
      continue;
    }
    elems.push(t);
  }
  for (const t of elems) {
    if (t.t === 'sub') code(w, t.source, scope, depth, 'sub-expression');
    if (t.t === 'word') for (const c of t.code) code(w, c, scope, depth, 'sub-expression in a string');
  }
  let first = elems[0];
  let rest = elems.slice(1);
  let content: string | undefined;
  let program = 'PowerShell';
  if (!first) {
    // only redirections
  } else if (first.t === 'op' && first.op === '&') {
    // call operator
    const target = rest[0];
    rest = rest.slice(1);
    if (!target) w.col.unknown('&', 'call operator without a command');
    else if (target.t === 'block') code(w, target.source, scope, depth, '& { script block }');
    else if (target.t === 'word' && target.value !== null) {
      program = target.value;
      content = invoke(w, target.value, rest, scope, depth, stdin);
    } else w.col.unknown('&', `& runs a command computed at run time (${argOf(target).text})`);
  } else if (first.t === 'word' && first.value === '.' && !first.quoted) {
    const target = rest[0];
    if (target && target.t === 'block') code(w, target.source, scope, depth, '. { script block }');
    else w.col.unknown('.', `dot-sourcing runs ${target ? argOf(target).text : 'a script'} in this session; its content is not visible`);
  } else if (first.t === 'word' && first.value !== null && !first.quoted && !/^\$/.test(first.text) && !/^[\d.]+$/.test(first.value)) {
    program = first.value;
    if (KEYWORDS.has(first.value.toLowerCase())) {
      // (…) conditions already ran with the other sub-expressions above; blocks are the bodies
      for (const t of rest) if (t.t === 'block') code(w, t.source, scope, depth, `${first.value} body`);
      if (first.value.toLowerCase() === 'exit' || first.value.toLowerCase() === 'return' || first.value.toLowerCase() === 'throw') {
        w.col.add({ program: first.value, mutability: 'read', paths: [], pathsProven: true, why: `${first.value} ends the script` });
      } else w.col.add({ program: first.value, mutability: 'read', paths: [], pathsProven: true, why: `${first.value}: its blocks are analysed as code` });
    } else content = invoke(w, first.value, rest, scope, depth, stdin);
  } else {
    // an expression statement: $x = …, 'text', $x, 42, [Type]::Member, (…)
    const dyn = elems.find((t) => t.t === 'dyn' && t.call);
    const eq = elems.findIndex((t) => t.t === 'word' && t.value !== null && /^[-+*/%?]?=$/.test(t.value));
    if (dyn) w.col.unknown('.NET', `${(dyn as { text: string }).text} calls a .NET method; what it does is not known`);
    else if (eq !== -1) {
      const lhs = elems[0]!;
      if (lhs.t === 'word' && /^\$env:/i.test(lhs.text)) {
        w.col.unknown('$env', `sets ${lhs.text}, which changes what later commands run or load`);
      } else if (lhs.t === 'word' && /^\$\{?[a-z]+:/i.test(lhs.text) && !/^\$\{?(global|script|local|private|using):/i.test(lhs.text)) {
        w.col.add({ program: 'assignment', mutability: 'write', paths: [], pathsProven: false, why: `${lhs.text} = … writes through a PowerShell provider path` });
      } else {
        const rhs = elems.slice(eq + 1);
        if (rhs.length && rhs[0]!.t === 'word' && (rhs[0] as { value: string | null }).value !== null && !(rhs[0] as { quoted: boolean }).quoted && !/^\$/.test(rhs[0]!.t === 'word' ? rhs[0]!.text : '')) {
          runCommand(w, rhs, scope, depth, stdin);
        } else {
          for (const t of rhs) if (t.t === 'block') code(w, t.source, scope, depth, 'script block value');
          w.col.add({ program: 'assignment', mutability: 'read', paths: [], pathsProven: true, why: 'sets a variable' });
        }
      }
    } else {
      const literal = first && first.t === 'word' && first.value !== null && first.quoted ? first.value : undefined;
      content = literal;
      w.col.add({ program: 'expression', mutability: 'read', paths: [], pathsProven: true, why: 'an expression only produces a value' });
    }
  }
  for (const r of redirects) {
    if (!r.target) continue; // 2>&1
    const arg = argOf(r.target);
    if (arg.value !== null && (isNullDevice(arg.value) || arg.value.toLowerCase() === '$null')) continue;
    if (r.target.t === 'word' && r.target.text.toLowerCase() === '$null') continue;
    const p = arg.value === null || arg.glob ? null : resolvePath(arg.value, scope.dir, w.base);
    const toStdout = /^(1?>|>>|1>>|\*>|\*>>)$/.test(r.op);
    const ci = p === null ? { dep: false, hash: false } : contentIntents(p, toStdout ? content : undefined, r.op.endsWith('>>'));
    w.col.add({ program: 'redirect', mutability: 'write', paths: p === null ? [] : [p], pathsProven: p !== null, why: `${program} output ${r.op} ${arg.text}`, dependencyIntent: ci.dep || undefined, hashIntent: ci.hash || undefined });
  }
}

/** Run a named command: a cmdlet/alias from the table, else a native program. */
function invoke(w: Walk, name: string, rest: Tok[], scope: Scope, depth: number, stdin: StdinInfo): string | undefined {
  const key = name.toLowerCase();
  const spec = table()[key];
  const label = spec && !/[*]|Utility|runner|Install/.test(spec.canonical) ? spec.canonical : name;
  if (!spec) {
    if (/^[a-z]+-[a-z]+$/i.test(name)) {
      w.col.unknown(name, `${name}: not a cmdlet this guard knows`);
      return undefined;
    }
    // a native program: reuse the POSIX program table (git, npm, node…)
    const argv = [literalArg(name), ...rest.map(argOf)];
    for (const t of rest) if (t.t === 'block') code(w, t.source, scope, depth, `${name} script block argument`);
    return runArgv(w, argv, stdin, scope, depth);
  }
  const blocks = rest.filter((t): t is Extract<Tok, { t: 'block' }> => t.t === 'block');
  switch (spec.kind) {
    case 'read': {
      for (const b of blocks) code(w, b.source, scope, depth, `${name} script block`);
      w.col.add({ program: label, mutability: 'read', paths: [], pathsProven: true, why: `${name} only reads or formats`, hashIntent: spec.hash || undefined });
      return undefined;
    }
    case 'code': {
      const remote = rest.some((t) => t.t === 'word' && t.value !== null && /^-(computername|cn|session|filepath|hostname|vmname|vmid|containerid|uri|connectionuri)/i.test(t.value));
      if (remote) {
        w.col.unknown(label, `${name} runs code remotely or from a file`);
        return undefined;
      }
      for (const b of blocks) code(w, b.source, scope, depth, `${name} script block`);
      const hasValueCode = rest.some((t) => t.t === 'word' && t.value === null && !/^\$_/.test(t.text));
      if (blocks.length === 0 && hasValueCode) w.col.unknown(label, `${name} runs a script block held in a variable`);
      else w.col.add({ program: label, mutability: 'read', paths: [], pathsProven: true, why: `${name} runs the script block analysed here` });
      return undefined;
    }
    case 'unknown':
      for (const b of blocks) code(w, b.source, scope, depth, `${name} script block`);
      w.col.unknown(name, `${name} runs code or changes state this guard cannot follow`);
      return undefined;
    case 'dep':
      w.col.add({ program: label, mutability: 'write', paths: [], pathsProven: false, why: `${name} installs a module or package`, dependencyIntent: true });
      return undefined;
    case 'cd': {
      const b = bind(spec, rest);
      const target = b.params.get('path')?.[0] ?? b.params.get('literalpath')?.[0];
      if (spec.canonical === 'Pop-Location' || b.unknownParam) scope.dir = null;
      else if (target === undefined) scope.dir = w.base.home ? w.base.home : null;
      else scope.dir = resolveDir({ text: target ?? '', value: target, glob: false }, scope, w.base);
      w.col.add({ program: spec.canonical, mutability: 'read', paths: [], pathsProven: true, why: `${name} changes folder` });
      return undefined;
    }
    case 'write':
      return writeCmdlet(w, name, spec, rest, scope);
  }
}

interface Bound {
  params: Map<string, (string | null)[]>;
  unknownParam: string | null;
  whatIf: boolean;
}

function bind(spec: CmdletSpec, rest: Tok[]): Bound {
  const params = new Map<string, (string | null)[]>();
  let unknownParam: string | null = null;
  let whatIf = false;
  let pos = 0;
  let lastValueParam: string | null = null;
  const put = (name: string, v: string | null) => {
    const list = params.get(name) ?? [];
    if (v === null) list.push(null);
    else for (const part of splitCommas(v)) list.push(part);
    params.set(name, list);
  };
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!;
    if (t.t === 'word' && t.value !== null && !t.quoted && /^-[A-Za-z]/.test(t.value)) {
      const colon = t.value.indexOf(':');
      const word = colon === -1 ? t.value : t.value.slice(0, colon);
      const p = resolveParam(spec, word);
      if (!p) {
        unknownParam = t.value;
        continue;
      }
      if (p.name === 'whatif') whatIf = colon === -1 || !/^:\$?false$/i.test(t.value.slice(colon));
      if (colon !== -1) {
        if (p.takesValue) put(p.name, t.value.slice(colon + 1));
        continue;
      }
      if (p.takesValue) {
        const v = rest[i + 1];
        put(p.name, v ? argOf(v).value : null);
        lastValueParam = p.name;
        i++;
      }
      continue;
    }
    // `a.txt, b.txt`: a trailing comma continues the array of the previous value
    const prev = rest[i - 1];
    if (lastValueParam && prev && prev.t === 'word' && prev.text.endsWith(',')) {
      put(lastValueParam, argOf(t).value);
      continue;
    }
    const name = spec.positional?.[pos++];
    if (name) lastValueParam = name;
    if (name) put(name, argOf(t).value);
    else if (t.t !== 'block') unknownParam = unknownParam ?? `extra argument ${argOf(t).text}`;
  }
  return { params, unknownParam, whatIf };
}

function writeCmdlet(w: Walk, name: string, spec: CmdletSpec, rest: Tok[], scope: Scope): string | undefined {
  const b = bind(spec, rest);
  if (b.whatIf) {
    w.col.add({ program: spec.canonical, mutability: 'read', paths: [], pathsProven: true, why: `${name} -WhatIf only describes the change` });
    return undefined;
  }
  if (spec.canonical === 'Invoke-WebRequest' && !b.params.has('outfile') && !b.params.has('destination')) {
    w.col.add({ program: spec.canonical, mutability: 'read', paths: [], pathsProven: true, why: `${name} without -OutFile only returns what it fetches` });
    return undefined;
  }
  if (spec.canonical === 'Tee-Object' && b.params.has('variable') && !b.params.has('filepath') && !b.params.has('literalpath')) {
    w.col.add({ program: spec.canonical, mutability: 'read', paths: [], pathsProven: true, why: 'Tee-Object -Variable keeps a copy in a variable' });
    return undefined;
  }
  let raws: (string | null)[] = [];
  for (const p of spec.writes ?? []) if (p !== 'name' && p !== 'newname') raws.push(...(b.params.get(p) ?? []));
  // New-Item -Name joins the folder given by -Path; Rename-Item -NewName stays in the same folder
  const nameVals = b.params.get('name');
  if (spec.canonical === 'New-Item' && nameVals) {
    const dirs = raws.length ? raws : ['.'];
    raws = [];
    for (const d of dirs) for (const n of nameVals) raws.push(d === null || n === null ? null : `${d.replace(/[\\/]+$/, '')}/${n}`);
  }
  const newName = b.params.get('newname');
  if (spec.canonical === 'Rename-Item' && newName) {
    const src = raws[0];
    for (const n of newName) {
      if (src === null || src === undefined || n === null) raws.push(null);
      else {
        const cut = Math.max(src.lastIndexOf('/'), src.lastIndexOf('\\'));
        raws.push(cut === -1 ? n : src.slice(0, cut + 1) + n);
      }
    }
  }
  if (spec.canonical === 'Expand-Archive' && raws.length === 0) raws.push('.');
  const paths: string[] = [];
  let proven = raws.length > 0 && !b.unknownParam;
  for (const r of raws) {
    if (r === null || /[*?[]/.test(r)) {
      proven = false;
      continue;
    }
    if (isNullDevice(r)) continue;
    const p = resolvePath(r, scope.dir, w.base);
    if (p === null) proven = false;
    else if (!paths.includes(p)) paths.push(p);
  }
  const contentVals = spec.content ? b.params.get(spec.content) : undefined;
  const content = contentVals && contentVals.every((v) => v !== null) ? contentVals.join('\n') + '\n' : spec.content ? undefined : undefined;
  const append = spec.append === 'always' || (spec.append === 'append' && rest.some((t) => t.t === 'word' && t.value !== null && /^-app/i.test(t.value)));
  let dep = false;
  let hash = false;
  if (spec.canonical !== 'Remove-Item' && spec.canonical !== 'Clear-Content') {
    for (const p of paths) {
      const ci = contentIntents(p, spec.content ? content : undefined, append);
      dep ||= ci.dep;
      hash ||= ci.hash;
    }
  }
  w.col.add({
    program: spec.canonical,
    mutability: 'write',
    paths,
    pathsProven: proven,
    why: `${name} writes${b.unknownParam ? ` (parameter ${b.unknownParam} not understood)` : ''}`,
    dependencyIntent: dep || undefined,
    hashIntent: hash || undefined,
  });
  return undefined;
}
