/** The GitHub CLI (gh): its read commands, the options they take, and `gh api` without a change. */
import { parseTable, value, type ProgramTable } from './table';
import { read, unknown, write, type Verdict } from './verdict';
import type { Arg } from './words';

/**
 * gh: a read is a known command group with a read verb and options from a table of display and
 * filter options. Any other first word is an extension or an alias (code the hook cannot see);
 * `gh api` reads only with GET/HEAD and no fields, body or cache.
 */
const GH_READ_VERBS: Record<string, RegExp> = {
  pr: /^(view|list|ls|status|diff|checks)$/,
  issue: /^(view|list|ls|status)$/,
  repo: /^(view|list|ls)$/,
  release: /^(view|list|ls)$/,
  run: /^(view|list|ls|watch)$/,
  workflow: /^(view|list|ls)$/,
  gist: /^(view|list|ls)$/,
  label: /^(list|ls)$/,
  cache: /^(list|ls)$/,
  secret: /^(list|ls)$/,
  variable: /^(list|ls|get)$/,
  org: /^(list|ls)$/,
  project: /^(view|list|ls|field-list|item-list)$/,
  ruleset: /^(view|list|ls|check)$/,
  search: /^(repos|issues|prs|commits|code)$/,
  extension: /^(list|ls|search)$/,
  alias: /^(list|ls)$/,
  auth: /^(status|token)$/,
  config: /^(get|list|ls)$/,
  'ssh-key': /^(list|ls)$/,
  'gpg-key': /^(list|ls)$/,
  completion: /^$/,
};

const GH_READ_OPTIONS: ProgramTable = {
  options:
    '-R= --repo= --json= -q= --jq= -t= --template= -w --web -L= --limit= -s= --state= -a --all --assignee= -A= --author= -l= --label= -B= --base= -H= --head= -S= --search= -m= --milestone= -d --draft --app= -c --comments -e --exit-status --patch --name-only --color= --required --watch -i= --interval= --fail-fast --log --log-failed -j= --job= -v --verbose --attempt= -b= --branch= -u= --user= --event= --workflow= --commit= --created= --status= --yaml -r= --ref= --raw --filename= --files -o= --owner= --visibility= --fork --source --archived --no-archived --topic= --language= --order= --sort= --match= --include-forks= --hostname= --show-token --active --key= --org= --env= --host= --format= --shell= -h --help --exclude-drafts --exclude-pre-releases --jq=',
};

const GH_API_OPTIONS: ProgramTable = {
  options: '-X= --method= -H= --header= -q= --jq= -t= --template= --paginate --slurp -i --include --silent --verbose --hostname= -p= --preview= -f=U -F=U --field=U --raw-field=U --input=U --cache=U -h --help',
};

export function gh(args: readonly Arg[]): Verdict {
  const [a, b] = [args[0]?.value, args[1]?.value];
  if (a === null || b === null) return unknown('gh: a subcommand only known at run time');
  if (args.length === 0 || (args.length === 1 && /^(--version|version|help|--help|-h|status)$/.test(a!))) return read('gh prints information');
  if (a === 'api') {
    const p = parseTable(args.slice(1), GH_API_OPTIONS, 'gh api');
    if (p.unknowns.length) return unknown(p.unknowns[0]!.replace('its effect cannot be proven read-only', 'sends a body or fields, or fills a cache'));
    const method = value(p, '-X', '--method');
    if (method !== undefined && (method === null || !/^(GET|HEAD)$/i.test(method))) return unknown(`gh api -X ${method ?? '<run time>'} sends a changing request`);
    if (p.operands.some((o) => o.value === 'graphql')) return unknown('gh api graphql can run mutations');
    return read('gh api GET reads');
  }
  if (b === 'checkout' || (a === 'repo' && b === 'clone')) return write(`gh ${a} ${b} changes the work tree`);
  const verbs = a === undefined ? undefined : GH_READ_VERBS[a];
  if (!verbs) return unknown(`gh ${a ?? ''}: not a command group this guard knows (an extension or alias runs code)`);
  if (a === 'status' || a === 'completion' ? false : !(b !== undefined && verbs.test(b))) return unknown(`gh ${a} ${b ?? ''} changes GitHub state or local settings`);
  const p = parseTable(args.slice(a === 'completion' ? 1 : 2), GH_READ_OPTIONS, `gh ${a} ${b ?? ''}`.trim());
  if (p.unknowns.length) return unknown(p.unknowns[0]!);
  return read(`gh ${a} ${b ?? ''} reads`.trim());
}
