/**
 * Option tables of git's read-only subcommands (grammar in table.ts). Long names follow
 * `git <sub> --git-completion-helper` of git 2.39 plus each manual's short forms and the
 * revision options of `git log`; test/core/analysis/option-completeness checks them against
 * the installed git. Every long flag also takes an optional attached value (`--color=never`,
 * `--abbrev=12`) and its `--no-` form, as git's parse-options does. Options that write a file
 * (`--output`), run a program (`--ext-diff`, `-O`, `--upload-pack`) or edit in place are
 * classified as such: the subcommand is a read only without them.
 */
import type { ProgramTable } from './table';

/** the diff output options shared by diff, log, show, diff-tree, diff-index, diff-files, format-patch */
const DIFF =
  '--patch -p -u -s --no-patch --unified= -U= -W --function-context --raw --patch-with-raw --patch-with-stat --numstat --shortstat --dirstat -X --cumulative --dirstat-by-file --check --summary --name-only --name-status --stat --stat-width= --stat-name-width= --stat-graph-width= --stat-count= --compact-summary --binary --full-index --color --ws-error-highlight= --abbrev --src-prefix= --dst-prefix= --line-prefix= --inter-hunk-context= --output-indicator-new= --output-indicator-old= --output-indicator-context= --break-rewrites -B[=] --find-renames -M[=] --irreversible-delete -D --find-copies -C[=] --find-copies-harder --rename-empty --follow --minimal --ignore-all-space -w --ignore-space-change -b --ignore-space-at-eol --ignore-cr-at-eol --ignore-blank-lines --ignore-matching-lines= -I= --indent-heuristic --patience --histogram --diff-algorithm= --anchored= --word-diff --word-diff-regex= --color-words --color-moved --color-moved-ws= --relative --text -a --exit-code --quiet --ignore-submodules --submodule --ita-invisible-in-index --ita-visible-in-index --pickaxe-all --pickaxe-regex -S= -G= --find-object= -O= --rotate-to= --skip-to= --diff-filter= -l= -R -z --default-prefix --no-prefix --no-renames --full-diff --merge-base ' +
  '--output=W --ext-diff!X --textconv!U';

/** the revision walk and commit formatting options of log/show/rev-list/shortlog/whatchanged */
const REVS =
  '-n= --max-count= --skip= --since= --after= --since-as-filter= --until= --before= --author= --committer= --grep= --grep-reflog= --all-match --invert-grep -i --regexp-ignore-case --basic-regexp -E --extended-regexp -F --fixed-strings -P --perl-regexp --remove-empty --merges --min-parents= --max-parents= --first-parent --exclude-first-parent-only --not --all --branches --tags --remotes --glob= --exclude= --exclude-hidden= --reflog --alternate-refs --single-worktree --ignore-missing --bisect --stdin --cherry-mark --cherry-pick --left-only --right-only --cherry -g --walk-reflogs --merge --boundary --simplify-by-decoration --show-pulls --full-history --dense --sparse --simplify-merges --ancestry-path --date-order --author-date-order --topo-order --reverse --walk --do-walk --pretty --format= --abbrev-commit --oneline --encoding= --expand-tabs --notes --show-notes --show-notes-by-default --standard-notes --show-signature --relative-date --date= --parents --children --left-right --graph --show-linear-break --log-size -L= --decorate --decorate-refs= --decorate-refs-exclude= --clear-decorations --source --use-mailmap --mailmap --count --objects --objects-edge --objects-edge-aggressive --in-commit-order --no-object-names --object-names --unpacked --timestamp --header --indexed-objects --filter= --filter-print-omitted --missing= --exclude-promisor-objects --disk-usage -m -c --cc --dd --remerge-diff --diff-merges= -t -r --root --no-commit-id --always --quiet -q --max-age= --min-age= --show-origin --combined-all-paths';

const t = (options: string, extra: Partial<ProgramTable> = {}): ProgramTable => ({ options, digits: true, gitStyle: true, ...extra });

export const GIT_TABLES: Record<string, ProgramTable> = {
  log: t(`${REVS} ${DIFF}`),
  show: t(`${REVS} ${DIFF}`),
  whatchanged: t(`${REVS} ${DIFF}`),
  'rev-list': t(`${REVS} --bisect-all --bisect-vars --commit-header --filter-provided-objects --progress[=] --use-bitmap-index`),
  shortlog: t(`${REVS} --committer --numbered -n --summary -s --email -e --group= -c -w[=] --format=`),
  diff: t(`${DIFF} --cached --staged --no-index -1 -2 -3 --base --ours --theirs -0 -q`),
  'diff-tree': t(`${DIFF} ${REVS} -v`),
  'diff-index': t(`${DIFF} --cached -m -q`),
  'diff-files': t(`${DIFF} -1 -2 -3 --base --ours --theirs -0 -c --cc -q`),
  'range-diff': t(`${DIFF} --creation-factor= --left-only --right-only --notes --dual-color`),
  grep: t(
    '--cached --untracked --exclude-standard --recurse-submodules --invert-match -v --ignore-case -i -y -I --word-regexp -w --text -a --recursive --max-depth= --extended-regexp -E --basic-regexp -G --fixed-strings -F --perl-regexp -P --line-number -n --column --full-name --files-with-matches -l --name-only --files-without-match -L --only-matching -o --count -c --color --break --heading --context= -C= --before-context= -B= --after-context= -A= --threads= --show-function -p --function-context -W --and --or --not --quiet -q --all-match --max-count= -m= --index --null -z -h -H -e= -f= --full-name --no-index -r ' +
      '-O[=]X --open-files-in-pager[=]X --textconv!U',
  ),
  blame: t('--incremental --root --show-stats --progress --score-debug --show-name -f --show-number -n --porcelain -p --line-porcelain --show-email -e --ignore-rev= --ignore-revs-file= --color-lines --color-by-age --minimal --contents= --abbrev -b -l -t -s -w -c -L= -S= --reverse= --first-parent --date= -M[=] -C[=] --encoding= -h'),
  annotate: t('--incremental --root --show-stats -b -l -t -s -w -L= -S= --contents= --date= -M[=] -C[=] --encoding= --color-by-age --color-lines --first-parent --ignore-rev= --ignore-revs-file= --line-porcelain --porcelain -p --progress --reverse= -h'),
  status: t('--verbose -v --short -s --branch -b --show-stash --ahead-behind --porcelain --long --null -z --untracked-files -u[=] --ignored --ignore-submodules --column --find-renames --renames'),
  describe: t('--contains --debug --all --tags --long --first-parent --abbrev --exact-match --candidates= --match= --exclude= --always --dirty --broken'),
  'ls-files': t('--cached -c --deleted -d --modified -m --others -o --ignored -i --stage -s --killed -k --directory --eol --empty-directory --unmerged -u --resolve-undo --exclude= -x= --exclude-from= -X= --exclude-per-directory= --exclude-standard --full-name --recurse-submodules --error-unmatch --with-tree= --abbrev --debug --deduplicate --sparse --format= -t -v -f -z'),
  'ls-tree': t('--long -l --name-only --name-status --object-only --full-name --full-tree --format= --abbrev -d -r -t -z'),
  'cat-file': t('--allow-unknown-type --use-mailmap --mailmap --batch --batch-check --batch-command --batch-all-objects --buffer --follow-symlinks --unordered --path= -t -s -e -p -z --textconv!U --filters!U'),
  'for-each-ref': t('--shell -s --perl -p --python --tcl --count= --format= --color --sort= --points-at= --merged --contains --ignore-case --stdin --exclude= --omit-empty'),
  'show-ref': t('--tags --heads --verify --head --dereference -d --hash -s --abbrev --quiet -q --exclude-existing --branches --exists'),
  'ls-remote': t('--quiet -q --tags -t --heads -h --branches -b --refs --get-url --sort= --symref --server-option= -o= --exit-code --upload-pack=X'),
  fsck: t('--verbose -v --unreachable --dangling --tags --root --cache --reflogs --full --connectivity-only --strict --progress --name-objects --references --lost-found!W'),
  'interpret-trailers': t('--trim-empty --where= --if-exists= --if-missing= --only-trailers --only-input --unfold --parse --trailer= --divider --in-place!W'),
  'format-patch': t(
    `${DIFF} ${REVS} --numbered -n --signoff -s --stdout --cover-letter --numbered-files --suffix= --start-number= --reroll-count= -v= --filename-max-length= --rfc --cover-from-description= --subject-prefix= --keep-subject -k --zero-commit --ignore-if-in-upstream --add-header= --to= --cc= --from --in-reply-to= --attach --inline --thread --signature= --base= --signature-file= --progress --interdiff= --range-diff= --creation-factor= --force-in-body-from -1 --encode-email-headers -N --output-directory=W -o=W`,
  ),
  // the rest only print and have no option that writes a file or runs a program
  'rev-parse': t('', { anyOptionReads: true }),
  'merge-base': t('', { anyOptionReads: true }),
  'name-rev': t('', { anyOptionReads: true }),
  'count-objects': t('', { anyOptionReads: true }),
  'verify-commit': t('', { anyOptionReads: true }),
  'verify-tag': t('', { anyOptionReads: true }),
  'verify-pack': t('', { anyOptionReads: true }),
  'check-ignore': t('', { anyOptionReads: true }),
  'check-attr': t('', { anyOptionReads: true }),
  'check-ref-format': t('', { anyOptionReads: true }),
  'check-mailmap': t('', { anyOptionReads: true }),
  cherry: t('', { anyOptionReads: true }),
  help: t('', { anyOptionReads: true }),
  version: t('', { anyOptionReads: true }),
  var: t('', { anyOptionReads: true }),
  'get-tar-commit-id': t('', { anyOptionReads: true }),
  'show-branch': t('', { anyOptionReads: true }),
  'request-pull': t('', { anyOptionReads: true }),
  column: t('', { anyOptionReads: true }),
  stripspace: t('', { anyOptionReads: true }),
  'patch-id': t('', { anyOptionReads: true }),
};

/**
 * Tables of the read forms of subcommands that also write (git.ts picks the form: `branch` lists
 * unless a name or a writing option is given, `config` reads a key unless given a value…). An
 * option a table does not list is unknown.
 */
export const GIT_FORM_TABLES: Record<string, ProgramTable> = {
  'hash-object': t('-t= --stdin --stdin-paths --path= --no-filters --literally -w!W'),
  archive: t('--format= -l --list -v --verbose --prefix= --add-file= --add-virtual-file= --worktree-attributes --mtime= -0 -1 -2 -3 -4 -5 -6 -7 -8 -9 -o=W --output=W --remote=U --exec=X'),
  config: t(
    '--global --system --local --worktree -f= --file= --blob= --get --get-all --get-regexp --get-urlmatch --get-color --get-colorbool -l --list --fixed-value --type= --bool --int --bool-or-int --bool-or-str --path --expiry-date --no-type -z --null --name-only --includes --show-origin --show-scope --default= --all --regexp --url= --value= --comment= ' +
      '--replace-all!W --add!W --unset!W --unset-all!W --rename-section!W --remove-section!W -e!U --edit!U',
  ),
  branch: t(
    '-a --all -r --remotes -l --list -v --verbose -q --quiet --abbrev --column --sort= --merged= --no-merged= --contains= --no-contains= --points-at= --format= --color -i --ignore-case --omit-empty --show-current ' +
      '-d!W -D!W --delete!W -m!W -M!W --move!W -c!W -C!W --copy!W -u=W --set-upstream-to=W --set-upstream!W --unset-upstream!W --edit-description!U -f!W --force!W -t!W --track!W --create-reflog!W --recurse-submodules!W',
  ),
  tag: t(
    '-l --list -n[=] --sort= --contains= --no-contains= --merged= --no-merged= --points-at= --format= --color --column -i --ignore-case --omit-empty -v --verify ' +
      '-a!W --annotate!W -s!W --sign!W -u=W --local-user=W -f!W --force!W -d!W --delete!W -m=W --message=W -F=W --file=W --cleanup=W --create-reflog!W -e!U --edit!U --trailer=W',
  ),
  remote: t('-v --verbose -n --push --all'),
  'worktree list': t('--porcelain -v --verbose --expire= -z'),
  'submodule status': t('--cached --recursive -q --quiet -n= --summary-limit= --files --for-status'),
  'bundle read': t('-q --quiet'),
  apply: t(
    '--stat --numstat --summary --check --index --intent-to-add -N --cached -3 --3way --ours --theirs --union -p= -C= -R --reverse --no-add --exclude= --include= --ignore-space-change --ignore-whitespace --whitespace= -v --verbose -q --quiet --recount --directory= --unidiff-zero --allow-empty -z --inaccurate-eof --allow-overlap ' +
      '--apply!W --build-fake-ancestor=W --reject!W --unsafe-paths!W',
  ),
  'merge-file': t('-p --stdout -q --quiet -L= --ours --theirs --union --diff3 --zdiff3 --diff-algorithm= --marker-size= --object-id'),
  'add -n': t('-n --dry-run -v --verbose -f --force --sparse -i!U --interactive!U -p!U --patch!U -e!U --edit!U -u --update -A --all --no-all --ignore-removal --no-ignore-removal -N --intent-to-add --refresh --ignore-errors --ignore-missing --no-warn-embedded-repo --renormalize --chmod= --pathspec-from-file= --pathspec-file-nul'),
  'rm -n': t('-n --dry-run -f --force -r --cached --ignore-unmatch -q --quiet --sparse --pathspec-from-file= --pathspec-file-nul'),
  'mv -n': t('-n --dry-run -f --force -k -v --verbose --sparse'),
  'clean -n': t('-n --dry-run -d -f --force -i!U --interactive!U -q --quiet -e= --exclude= -x -X'),
};
