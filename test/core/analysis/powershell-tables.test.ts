/**
 * The proven-read discipline in the PowerShell cmdlet tables: a read cmdlet is a read only when
 * every parameter is in its table; script-block runners, web requests and the aliases that run a
 * native program outside Windows are judged the same way.
 */
import { describe, expect, it } from 'vitest';
import { analyzePowerShell } from '../../../core/analysis/powershell';

const cls = (cmd: string) => analyzePowerShell(cmd, { cwd: '/p', home: '/h' });

describe('PowerShell cmdlet tables', () => {
  it.each([
    'Get-Content a.txt -Tail 5',
    'Get-ChildItem -Recurse -File -Filter *.md',
    'gci src | Select-Object Name, Length | Sort-Object Length -Descending',
    'Select-String -Path *.txt -Pattern todo -CaseSensitive',
    'Get-Process | Where-Object CPU -gt 10 | Format-Table -AutoSize',
    'Get-ChildItem | ForEach-Object { $_.Name }',
    'Get-Content data.json | ConvertFrom-Json -AsHashtable',
    'Test-Path notes.txt -PathType Leaf',
    'Write-Output a b c',
    'Get-FileHash -Algorithm SHA256 notes.txt',
    'iwr https://example.com -UseBasicParsing',
    'ls',
    'ls -la',
    'Remove-Item x -WhatIf',
  ])('reads: %s', (cmd) => expect(cls(cmd).mutability).toBe('read'));

  it.each([
    ['Get-Content a.txt -Frobnicate', 'an unlisted parameter'],
    ['Get-Help Get-Item -Online', 'opens a browser'],
    ['gci | % Delete', 'ForEach-Object NAME calls the method on every file'],
    ['gci | ForEach-Object -MemberName Delete', 'the same, named'],
    ['Start-Job -FilePath x.ps1', 'runs a script file'],
    ['Invoke-RestMethod https://x -Method Post -Body "{}"', 'a body and a changing method'],
    ['iwr https://x -Method Delete', 'a changing method'],
    ['iwr https://x -InFile up.bin', 'an upload'],
    ['Remove-Item x -WhatIf -Frob', 'WhatIf does not prove a command that cannot bind'],
  ])('never reads: %s (%s)', (cmd) => expect(cls(cmd).mutability).not.toBe('read'));

  it('outside Windows the dropped aliases run the native program: sort -o writes', () => {
    const a = cls('sort -o out.txt in.txt');
    expect(a.mutability).toBe('write');
    expect(a.affectedPaths).toEqual(['out.txt']);
    expect(cls('curl -o page.html https://x').affectedPaths).toEqual(['page.html']);
    expect(cls('tee log.txt').mutability).toBe('write');
  });

  it('Trace-Command -FilePath names its trace file', () => {
    const a = cls('Trace-Command -Name ParameterBinding -Expression { Get-Item . } -FilePath trace.txt');
    expect(a.mutability).toBe('write');
    expect(a.affectedPaths).toEqual(['trace.txt']);
  });
});
