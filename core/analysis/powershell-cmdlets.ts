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
  /** any number of positional arguments (Write-Output a b c) */
  variadic?: boolean;
  /** parameters the cmdlet has whose effect cannot be proven read-only (Get-Help -Online opens a browser) */
  unprovable?: string[];
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
  // Reads: each cmdlet with its own parameters (PowerShell 7). A parameter not listed makes the
  // command unknown, as an unlisted option does for a POSIX program.
  const R = (names: string[], canonical: string, params: string, positional: string[] | '*' = [], extra: Partial<CmdletSpec> = {}) => {
    const values: string[] = [];
    const switches: string[] = [];
    const unprovable: string[] = [];
    for (const tok of params.split(/\s+/).filter(Boolean)) {
      const m = /^([A-Za-z0-9]+)(=)?(!U)?$/.exec(tok)!;
      const name = m[1]!.toLowerCase();
      (m[2] ? values : switches).push(name);
      if (m[3]) unprovable.push(name);
    }
    def(names, { kind: 'read', canonical, values, switches, unprovable, positional: positional === '*' ? [] : positional, variadic: positional === '*', ...extra });
  };
  const P = 'path= literalpath= filter= include= exclude= credential=';
  R(['get-content', 'gc', 'cat', 'type'], 'Get-Content', `${P} readcount= totalcount= head= first= tail= last= delimiter= wait raw encoding= asbytestream stream=`, ['path']);
  R(['get-childitem', 'gci', 'ls', 'dir'], 'Get-ChildItem', `${P} recurse depth= name attributes= followsymlink directory file hidden readonly system`, ['path', 'filter']);
  R(['get-item', 'gi'], 'Get-Item', `${P} stream=`, ['path']);
  R(['get-itemproperty', 'gp'], 'Get-ItemProperty', `${P} name=`, ['path', 'name']);
  R(['get-itempropertyvalue', 'gpv'], 'Get-ItemPropertyValue', `${P} name=`, ['path', 'name']);
  R(['get-location', 'gl', 'pwd'], 'Get-Location', 'psprovider= psdrive= stack stackname=');
  R(['test-path'], 'Test-Path', `${P} pathtype= isvalid olderthan= newerthan=`, ['path']);
  R(['resolve-path', 'rvpa'], 'Resolve-Path', 'path= literalpath= relative relativebasepath= credential=', ['path']);
  R(['convert-path', 'cvpa'], 'Convert-Path', 'path= literalpath=', ['path']);
  R(['split-path'], 'Split-Path', 'path= literalpath= parent leaf leafbase extension qualifier noqualifier isabsolute resolve credential=', ['path']);
  R(['join-path'], 'Join-Path', 'path= childpath= additionalchildpath= resolve credential=', '*');
  R(['select-string', 'sls'], 'Select-String', 'pattern= path= literalpath= inputobject= simplematch casesensitive quiet list noemphasis include= exclude= notmatch allmatches encoding= context= raw culture=', ['pattern', 'path']);
  R(['select-object', 'select'], 'Select-Object', 'property= excludeproperty= expandproperty= unique last= first= skip= skiplast= wait index= skipindex= inputobject= caseinsensitive', ['property']);
  R(['sort-object', 'sort'], 'Sort-Object', 'property= descending unique top= bottom= stable culture= casesensitive inputobject=', ['property']);
  R(['measure-object', 'measure'], 'Measure-Object', 'property= sum average maximum minimum standarddeviation allstats line word character ignorewhitespace inputobject=', ['property']);
  R(['compare-object', 'compare', 'diff'], 'Compare-Object', 'referenceobject= differenceobject= property= syncwindow= includeequal excludedifferent culture= casesensitive', ['referenceobject', 'differenceobject']);
  R(['group-object', 'group'], 'Group-Object', 'property= noelement ashashtable asstring inputobject= culture= casesensitive', ['property']);
  R(['get-unique', 'gu'], 'Get-Unique', 'inputobject= asstring ontype caseinsensitive');
  R(['format-table', 'ft'], 'Format-Table', 'property= autosize hidetableheaders wrap groupby= view= showerror displayerror expand= inputobject= repeatheader', '*');
  R(['format-list', 'fl'], 'Format-List', 'property= groupby= view= showerror displayerror expand= inputobject=', '*');
  R(['format-wide', 'fw'], 'Format-Wide', 'property= autosize column= groupby= view= showerror displayerror expand= inputobject=', ['property']);
  R(['format-custom', 'fc'], 'Format-Custom', 'property= depth= groupby= view= showerror displayerror expand= inputobject=', '*');
  R(['format-hex', 'fhx'], 'Format-Hex', 'path= literalpath= inputobject= encoding= count= offset= raw', ['path']);
  R(['out-string'], 'Out-String', 'width= nonewline inputobject= stream');
  R(['out-host', 'oh'], 'Out-Host', 'paging inputobject=');
  R(['out-null'], 'Out-Null', 'inputobject=');
  R(['out-default'], 'Out-Default', 'inputobject= transcript');
  R(['write-host'], 'Write-Host', 'object= nonewline separator= foregroundcolor= backgroundcolor=', '*');
  R(['write-output', 'echo', 'write'], 'Write-Output', 'inputobject= noenumerate', '*');
  R(['write-verbose', 'write-warning', 'write-debug'], 'Write-*', 'message=', '*');
  R(['write-error'], 'Write-Error', 'message= category= errorid= targetobject= recommendedaction= categoryactivity= categoryreason= categorytargetname= categorytargettype= exception= errorrecord=', '*');
  R(['write-information'], 'Write-Information', 'messagedata= tags=', '*');
  R(['write-progress'], 'Write-Progress', 'activity= status= id= percentcomplete= secondsremaining= currentoperation= parentid= completed sourceid=', ['activity', 'status']);
  R(['get-command', 'gcm'], 'Get-Command', 'name= verb= noun= module= fullyqualifiedmodule= commandtype= totalcount= syntax showcommandinfo argumentlist= all listimported parametername= parametertype= usefuzzymatching fuzzyminimumdistance= useabbreviationexpansion', '*');
  R(['get-help', 'help', 'man'], 'Get-Help', 'name= path= category= component= functionality= role= full detailed examples parameter= online!U showwindow!U', ['name']);
  R(['get-process', 'gps', 'ps'], 'Get-Process', 'name= id= inputobject= includeusername module fileversioninfo', ['name']);
  R(['get-service', 'gsv'], 'Get-Service', 'name= displayname= include= exclude= inputobject= dependentservices requiredservices', ['name']);
  R(['get-date'], 'Get-Date', 'date= year= month= day= hour= minute= second= millisecond= displayhint= format= uformat= asutc unixtimeseconds=', ['date']);
  R(['get-variable', 'gv'], 'Get-Variable', 'name= valueonly include= exclude= scope=', ['name']);
  R(['get-member', 'gm'], 'Get-Member', 'inputobject= name= membertype= view= static', ['name']);
  R(['get-alias', 'gal'], 'Get-Alias', 'name= definition= exclude= scope=', ['name']);
  R(['get-module', 'gmo'], 'Get-Module', 'name= listavailable all fullyqualifiedname= psedition= skipeditioncheck refresh', ['name']);
  R(['get-psdrive', 'gdr'], 'Get-PSDrive', 'name= literalname= psprovider= scope=', ['name']);
  R(['get-psprovider'], 'Get-PSProvider', 'psprovider=', ['psprovider']);
  R(['get-acl'], 'Get-Acl', `${P} inputobject= audit allcentralaccesspolicies`, ['path']);
  R(['get-random'], 'Get-Random', 'maximum= minimum= inputobject= count= setseed= shuffle', ['maximum']);
  R(['get-host'], 'Get-Host', '');
  R(['get-history', 'h', 'history'], 'Get-History', 'id= count=', ['id', 'count']);
  R(['get-culture', 'get-uiculture'], 'Get-Culture', 'name= listavailable nouseroverrides', ['name']);
  R(['get-timezone'], 'Get-TimeZone', 'name= id= listavailable', ['name']);
  R(['get-computerinfo'], 'Get-ComputerInfo', 'property=', ['property']);
  R(['get-job', 'gjb'], 'Get-Job', 'name= id= instanceid= state= command= newest= after= before= childjobstate= hasmoredata= includechildjob filter=', ['id']);
  R(['receive-job', 'rcjb'], 'Receive-Job', 'job= name= id= instanceid= keep norecurse wait autoremovejob writeevents writejobinresults location=', ['job']);
  R(['wait-job', 'wjb'], 'Wait-Job', 'job= name= id= instanceid= state= filter= any timeout=', ['job']);
  R(['get-clipboard', 'gcb'], 'Get-Clipboard', 'raw format= textformattype= delimiter=');
  R(['get-executionpolicy'], 'Get-ExecutionPolicy', 'scope= list', ['scope']);
  R(['get-pscallstack'], 'Get-PSCallStack', '');
  R(['get-verb'], 'Get-Verb', 'verb= group=', ['verb']);
  R(['new-timespan'], 'New-TimeSpan', 'start= end= days= hours= minutes= seconds= milliseconds=', ['start', 'end']);
  R(['get-credential'], 'Get-Credential', 'credential= message= title= username=', ['credential']);
  R(['get-winevent'], 'Get-WinEvent', 'logname= listlog= listprovider= providername= path= maxevents= filterxpath= filterxml= filterhashtable= oldest computername= credential=', ['logname']);
  R(['get-ciminstance', 'gcim'], 'Get-CimInstance', 'classname= filter= property= namespace= computername= query= keyonly shallow operationtimeoutsec= resourceuri= inputobject= querydialect=', ['classname']);
  R(['get-wmiobject', 'gwmi'], 'Get-WmiObject', 'class= filter= property= namespace= computername= query= list recurse credential=', ['class', 'property']);
  R(['get-netipaddress'], 'Get-NetIPAddress', 'ipaddress= interfaceindex= interfacealias= addressfamily= type= prefixlength= prefixorigin= suffixorigin= addressstate= policystore= includeallcompartments cimsession=', ['ipaddress']);
  R(['get-nettcpconnection'], 'Get-NetTCPConnection', 'localaddress= localport= remoteaddress= remoteport= state= appliedsetting= owningprocess= creationtime= offloadstate= cimsession=', ['localaddress', 'localport']);
  R(['get-psreadlineoption'], 'Get-PSReadLineOption', '');
  R(['get-typedata'], 'Get-TypeData', 'typename=', ['typename']);
  R(['get-formatdata'], 'Get-FormatData', 'typename= powershellversion=', ['typename']);
  R(['get-uptime'], 'Get-Uptime', 'since');
  R(['get-error'], 'Get-Error', 'newest= inputobject=', ['newest']);
  R(['get-event'], 'Get-Event', 'sourceidentifier= eventidentifier=', ['sourceidentifier']);
  R(['get-filehash'], 'Get-FileHash', 'path= literalpath= inputstream= algorithm=', ['path'], { hash: true });
  R(['convertto-json'], 'ConvertTo-Json', 'inputobject= depth= compress asarray enumsasstrings escapehandling=', ['inputobject']);
  R(['convertfrom-json'], 'ConvertFrom-Json', 'inputobject= ashashtable depth= noenumerate datekind=', ['inputobject']);
  R(['convertto-csv'], 'ConvertTo-Csv', 'inputobject= delimiter= useculture includetypeinformation notypeinformation quotefields= usequotes= noheader', ['inputobject']);
  R(['convertfrom-csv'], 'ConvertFrom-Csv', 'inputobject= delimiter= useculture header=', ['inputobject']);
  R(['convertto-html'], 'ConvertTo-Html', 'inputobject= property= body= head= title= as= cssuri= fragment postcontent= precontent= meta= charset= transitional', ['property']);
  R(['convertto-xml'], 'ConvertTo-Xml', 'inputobject= depth= notypeinformation as=', ['inputobject']);
  R(['convertfrom-stringdata'], 'ConvertFrom-StringData', 'stringdata= delimiter=', ['stringdata']);
  R(['convertto-securestring'], 'ConvertTo-SecureString', 'string= asplaintext key= securekey=', ['string']);
  R(['convertfrom-securestring'], 'ConvertFrom-SecureString', 'securestring= asplaintext key= securekey=', ['securestring']);
  R(['convertfrom-markdown'], 'ConvertFrom-Markdown', 'path= literalpath= inputobject= asvt100encodedstring', ['path']);
  R(['import-csv', 'ipcsv'], 'Import-Csv', 'path= literalpath= delimiter= useculture header= encoding=', ['path']);
  R(['import-clixml'], 'Import-Clixml', 'path= literalpath= includetotalcount skip= first=', ['path']);
  R(['import-powershelldatafile'], 'Import-PowerShellDataFile', 'path= literalpath= skiplimitcheck', ['path']);
  R(['select-xml'], 'Select-Xml', 'xml= path= literalpath= content= xpath= namespace=', ['xpath', 'path']);
  R(['test-connection'], 'Test-Connection', 'targetname= ping count= delay= buffersize= maxhops= timeoutseconds= ipv4 ipv6 resolvedestination quiet traceroute tcpport= mtusize repeat dontfragment detailed', ['targetname']);
  R(['resolve-dnsname'], 'Resolve-DnsName', 'name= type= server= dnsonly nohostsfile noidn norecursion tcponly quicktimeout cacheonly llmnronly llmnrnetbiosonly llmnrfallback netbiosfallback', ['name', 'type']);
  R(['test-json'], 'Test-Json', 'json= schema= schemafile= path= literalpath= ignorecomments allowtrailingcommas', ['json']);
  R(['test-netconnection'], 'Test-NetConnection', 'computername= port= commontcpport= traceroute hops= informationlevel= diagnoserouting constrainsourceaddress= constraininterface=', ['computername']);
  R(['start-sleep', 'sleep'], 'Start-Sleep', 'seconds= milliseconds= duration=', ['seconds']);
  R(['clear-host', 'cls', 'clear'], 'Clear-Host', '');
  R(['set-variable', 'sv'], 'Set-Variable', 'name= value= include= exclude= description= option= visibility= scope=', ['name', 'value']);
  R(['new-variable', 'nv'], 'New-Variable', 'name= value= description= option= visibility= scope=', ['name', 'value']);
  R(['clear-variable', 'clv'], 'Clear-Variable', 'name= include= exclude= scope=', ['name']);
  R(['remove-variable', 'rv'], 'Remove-Variable', 'name= include= exclude= scope=', ['name']);
  R(['read-host'], 'Read-Host', 'prompt= assecurestring maskinput', ['prompt']);
  R(['pause'], 'Pause', '');
  R(['out-gridview', 'ogv'], 'Out-GridView', 'inputobject= title= passthru wait outputmode=');
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
  // Script-block runners: the blocks are walked as code; their own parameters come from a table.
  // ForEach-Object NAME (-MemberName) calls that method on every object: unknown (gci | % Delete).
  const C = (names: string[], canonical: string, params: string, positional: string[], extra: Partial<CmdletSpec> = {}) => {
    const values: string[] = [];
    const switches: string[] = [];
    const unprovable: string[] = [];
    const writes: string[] = [];
    for (const tok of params.split(/\s+/).filter(Boolean)) {
      const m = /^([A-Za-z0-9]+)(=)?(!U|W)?$/.exec(tok)!;
      const name = m[1]!.toLowerCase();
      if (m[3] === 'W') writes.push(name);
      else (m[2] ? values : switches).push(name);
      if (m[3] === '!U') unprovable.push(name);
    }
    def(names, { kind: 'code', canonical, values, switches, unprovable, writes, positional, ...extra });
  };
  C(['foreach-object', '%', 'foreach'], 'ForEach-Object', 'process= begin= end= remainingscripts= membername=!U argumentlist= parallel= throttlelimit= timeoutseconds= asjob usenewrunspace inputobject=', ['process']);
  C(['where-object', 'where', '?'], 'Where-Object', 'filterscript= property= value= eq ceq ne cne gt cgt lt clt ge cge le cle like clike notlike cnotlike match cmatch notmatch cnotmatch contains ccontains notcontains cnotcontains in cin notin cnotin is isnot not inputobject=', ['filterscript', 'value']);
  C(['measure-command'], 'Measure-Command', 'expression= inputobject=', ['expression']);
  C(['invoke-command', 'icm'], 'Invoke-Command', 'scriptblock= argumentlist= nonewscope inputobject=', ['scriptblock']);
  C(['start-job', 'sajb'], 'Start-Job', 'scriptblock= name= argumentlist= initializationscript= workingdirectory=!U runas32 psversion= inputobject= credential= authentication= type= filepath=!U literalpath=!U', ['scriptblock']);
  C(['start-threadjob'], 'Start-ThreadJob', 'scriptblock= name= argumentlist= inputobject= throttlelimit= streaminghost= initializationscript= filepath=!U', ['scriptblock']);
  C(['trace-command'], 'Trace-Command', 'name= expression= command=!U argumentlist= option= listeneroption= filepath=W force debugger pshost inputobject=', ['name', 'expression']);
  def(['install-module', 'install-package', 'install-script', 'install-psresource', 'save-module', 'save-package', 'install-packageprovider'], { kind: 'dep', canonical: 'Install-*' });
  def(['invoke-webrequest', 'iwr', 'invoke-restmethod', 'irm', 'start-bitstransfer'], { kind: 'write', canonical: 'Invoke-WebRequest', writes: ['outfile', 'destination'], values: ['uri', 'method', 'body', 'headers', 'contenttype', 'useragent', 'infile', 'credential', 'websession', 'sessionvariable', 'timeoutsec', 'maximumredirection', 'proxy', 'proxycredential', 'certificate', 'certificatethumbprint', 'transferencoding', 'form', 'authentication', 'token', 'maximumretrycount', 'retryintervalsec', 'custommethod', 'httpversion', 'source', 'outvariable', 'responseheaderstvariable', 'statuscodevariable', 'connectiontimeoutseconds', 'operationtimeoutseconds', 'sslprotocol', 'unixsocket'], switches: ['usebasicparsing', 'usedefaultcredentials', 'skipcertificatecheck', 'passthru', 'disablekeepalive', 'skipheadervalidation', 'resume', 'skiphttperrorcheck', 'allowunencryptedauthentication', 'nodeprecation'], positional: ['uri', 'destination'] });
  for (const u of ['invoke-expression', 'iex', 'start-process', 'saps', 'start', 'invoke-item', 'ii', 'set-alias', 'sal', 'new-alias', 'nal', 'set-executionpolicy', 'stop-process', 'kill', 'spps', 'add-type', 'import-module', 'ipmo', 'new-object', 'stop-computer', 'restart-computer', 'new-service', 'set-service', 'start-service', 'stop-service', 'restart-service', 'remove-service', 'new-psdrive', 'ndr', 'remove-psdrive', 'rdr', 'register-scheduledtask', 'register-objectevent', 'set-psreadlineoption', 'enter-pssession', 'etsn', 'new-pssession', 'nsn', 'invoke-wmimethod', 'invoke-cimmethod', 'set-clipboard', 'scb', 'update-help', 'set-date', 'uninstall-module', 'update-module', 'new-modulemanifest', 'new-scriptfileinfo', 'out-printer', 'lp', 'send-mailmessage', 'set-strictmode', 'new-psdrive', 'set-psdebug', 'new-event']) {
    CMDLETS[u] = { kind: 'unknown', canonical: u };
  }
  return CMDLETS;
}

/**
 * PowerShell 7 on Linux and macOS dropped these aliases: there the name runs the native program
 * (`sort -o out in`, `ls`, `curl -o f`), on Windows the cmdlet. The walker takes the stricter of the two.
 */
export const NATIVE_OUTSIDE_WINDOWS = new Set(['ac', 'cat', 'clear', 'cp', 'cpp', 'diff', 'kill', 'lp', 'ls', 'man', 'mount', 'mv', 'ps', 'rm', 'rmdir', 'sleep', 'sort', 'start', 'tee', 'write']);

export function resolveParam(spec: CmdletSpec, word: string): { name: string; takesValue: boolean } | null {
  const raw = word.slice(1).toLowerCase().replace(/:$/, '');
  const all: [string, boolean][] = [
    ...(spec.writes ?? []).map((n) => [n, true] as [string, boolean]),
    ...(spec.values ?? []).map((n) => [n, true] as [string, boolean]),
    ...(spec.switches ?? []).map((n) => [n, false] as [string, boolean]),
    ...COMMON_VALUES.map((n) => [n, true] as [string, boolean]),
    ...COMMON_SWITCHES.map((n) => [n, false] as [string, boolean]),
    ...(spec.kind === 'write' ? [['append', false] as [string, boolean]] : []),
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
