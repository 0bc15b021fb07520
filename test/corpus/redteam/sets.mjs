/** Reading a red-team set: kind, family, oracle flag, command (`␤` stands for a newline). */
export function readSet(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [kind, family, oracle, cmd] = line.split('\t');
    if (!/^[MR]$/.test(kind) || !family || !/^[o-]$/.test(oracle) || !cmd) throw new Error(`bad red-team line: ${line}`);
    rows.push({ kind, family, oracle: oracle === 'o', cmd: cmd.replace(/␤/g, '\n') });
  }
  return rows;
}
