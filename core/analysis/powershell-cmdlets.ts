/**
 * The PowerShell cmdlet and alias table: what each cmdlet does (reads, writes with targets from
 * named or positional parameters, runs script blocks, changes folder, installs, or is unknown) and
 * the parameters it takes. Parameter names may be abbreviated to a unique prefix, as PowerShell
 * accepts. Pure data and lookups; the walker (powershell-walker.ts) applies them.
 */

export interface CmdletSpec {
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
export function cmdletTable(): Record<string, CmdletSpec> {
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

export function resolveParam(spec: CmdletSpec, word: string): { name: string; takesValue: boolean } | null {
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

export function splitCommas(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}
