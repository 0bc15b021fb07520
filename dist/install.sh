#!/bin/sh
# stopline installer (POSIX sh; no bash, no sudo).
#
#   curl -fsSL https://raw.githubusercontent.com/OWNER/NAME/<tag>/dist/install.sh | sh -s -- <host> [--repo OWNER/NAME] [--ref <tag|commit>] [options]
#   sh dist/install.sh <host> --from dist/              # from a checkout
#   sh install.sh --uninstall <host> [--scope user|project]
#
# <host> is one of HOSTS below, or all. Options go to `stopline install` unchanged:
# --scope user|project, --runtime node|bun|deno, --fail closed, --dry-run.
#
# The repository is the release: without --from, the files come from its committed dist/ at
# a tag or a commit (--ref, default this script's version tag), i.e. from
#   <raw host>/<OWNER/NAME>/<ref>/dist/        (raw host: STOPLINE_RAW_URL, default raw.githubusercontent.com)
# or from STOPLINE_BASE_URL when that is set. It downloads SHA256SUMS, stopline.mjs and the
# files of <host>/, checks every file against SHA256SUMS (and stops at the first mismatch,
# before anything is installed), then runs
#   stopline.mjs install <host> --from <download folder> [options]
# Needs node, bun or deno, and (for the download) curl or wget.

set -eu

# Filled in by `npm run build` from package.json (repository, version).
STOPLINE_DEFAULT_REPO=''
STOPLINE_DEFAULT_REF='v0.1.0'

# ---- hosts: written by `node build/host-files.mjs --write` from core/registry/host-specs.ts ----
HOSTS='claude codex opencode hermes pi gemini qwen copilot droid cline kimi kilo openhands openclaw vibe all'
# the dist/ folder of every host's files, and each host whose files are in another host's folder
HOST_FOLDERS='claude codex opencode hermes pi gemini qwen copilot droid cline kimi openhands openclaw vibe'
FOLDER_OF='kilo=opencode'
# ---- end of hosts ----

say() { printf '%s\n' "stopline install.sh: $*" >&2; }
die() {
  say "$*"
  exit 1
}

usage() {
  # the host names as `|` choices, with the shell alone (the PATH may hold no tr or sed)
  choices=''
  for name in $HOSTS; do choices="${choices:+$choices|}$name"; done
  cat <<EOF
Usage: sh install.sh <$choices> [--repo OWNER/NAME] [--ref <tag|commit>] [--scope user|project] [--runtime node|bun|deno] [--fail closed] [--dry-run] [--from <dist dir>]
       sh install.sh --uninstall <host> [--scope user|project] [--dry-run]
Downloads the repository's committed dist/ at --ref (or from STOPLINE_BASE_URL) unless --from names a local dist folder.
EOF
}

# Quote one argument for a later `eval "set -- ..."` (the only portable list in sh).
quote() {
  printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# ---- arguments ---------------------------------------------------------------------------
command_name=install
host=''
from=''
repo_flag=''
ref_flag=''
runtime_flag=''
forward=''
expect=''
for arg in "$@"; do
  if [ -n "$expect" ]; then
    case "$expect" in
      from) from=$arg ;;
      repo) repo_flag=$arg ;;
      ref) ref_flag=$arg ;;
      runtime)
        runtime_flag=$arg
        forward="$forward $(quote --runtime) $(quote "$arg")"
        ;;
      *) forward="$forward $(quote "$arg")" ;;
    esac
    expect=''
    continue
  fi
  case "$arg" in
    -h | --help)
      usage
      exit 0
      ;;
    --uninstall) command_name=uninstall ;;
    --from) expect=from ;;
    --from=*) from=${arg#--from=} ;;
    --repo) expect=repo ;;
    --repo=*) repo_flag=${arg#--repo=} ;;
    --ref) expect=ref ;;
    --ref=*) ref_flag=${arg#--ref=} ;;
    --runtime) expect=runtime ;;
    --runtime=*)
      runtime_flag=${arg#--runtime=}
      forward="$forward $(quote "$arg")"
      ;;
    --scope | --fail)
      expect=value
      forward="$forward $(quote "$arg")"
      ;;
    -*) forward="$forward $(quote "$arg")" ;;
    *)
      if [ -z "$host" ]; then
        host=$arg
      else
        forward="$forward $(quote "$arg")"
      fi
      ;;
  esac
done
[ -z "$expect" ] || die "option --$expect needs a value"
if [ -z "$host" ]; then
  usage >&2
  die "name a host: $HOSTS"
fi
case " $HOSTS " in
  *" $host "*) ;;
  *) die "unknown host \"$host\"; use one of: $HOSTS" ;;
esac

# ---- runtime -----------------------------------------------------------------------------
has() { command -v "$1" >/dev/null 2>&1; }

pick_runtime() {
  want=${runtime_flag:-${STOPLINE_RUNTIME:-}}
  if [ -n "$want" ]; then
    case "$want" in
      node | bun | deno) ;;
      *) die "runtime \"$want\" is not one of node, bun, deno" ;;
    esac
    has "$want" || die "$want was asked for (--runtime or STOPLINE_RUNTIME) but is not on PATH"
    printf '%s' "$want"
    return 0
  fi
  for candidate in bun deno node; do
    if has "$candidate"; then
      printf '%s' "$candidate"
      return 0
    fi
  done
  die "stopline needs a JavaScript runtime and found none of node, bun, deno on PATH. Install Node.js 20+ (https://nodejs.org), Bun (https://bun.sh) or Deno 2 (https://deno.com) and run this again."
}
runtime=$(pick_runtime) || exit 1

run_js() {
  if [ "$runtime" = deno ]; then
    deno run -A --no-config --no-lock --quiet "$@"
  else
    "$runtime" "$@"
  fi
}

# ---- local install -----------------------------------------------------------------------
if [ -n "$from" ]; then
  [ -f "$from/stopline.mjs" ] || die "$from/stopline.mjs not found; --from must name a dist folder (the output of npm run build)"
  if [ "$command_name" = install ]; then
    eval "set -- $forward"
    run_js "$from/stopline.mjs" install "$host" --from "$from" "$@"
  else
    eval "set -- $forward"
    run_js "$from/stopline.mjs" uninstall "$host" "$@"
  fi
  exit $?
fi

# ---- download ----------------------------------------------------------------------------
# a default the build did not fill in (the source file run as is) counts as none
unfilled() {
  case "$1" in
    *'{{'*) return 0 ;;
  esac
  return 1
}
if [ -n "${STOPLINE_BASE_URL:-}" ]; then
  base=$STOPLINE_BASE_URL
else
  repo=${repo_flag:-${STOPLINE_REPO:-}}
  if [ -z "$repo" ] && ! unfilled "$STOPLINE_DEFAULT_REPO"; then repo=$STOPLINE_DEFAULT_REPO; fi
  [ -n "$repo" ] || die "name the repository to install from: --repo OWNER/NAME (or STOPLINE_REPO), or a local dist folder with --from"
  case "$repo" in
    */*/* | /* | */ | *..* | *[!A-Za-z0-9._/-]*) die "--repo must look like OWNER/NAME, got \"$repo\"" ;;
    */*) ;;
    *) die "--repo must look like OWNER/NAME, got \"$repo\"" ;;
  esac
  ref=${ref_flag:-${STOPLINE_REF:-}}
  if [ -z "$ref" ] && ! unfilled "$STOPLINE_DEFAULT_REF"; then ref=$STOPLINE_DEFAULT_REF; fi
  [ -n "$ref" ] || die "name the tag or commit to install: --ref <tag|commit>"
  case "$ref" in
    /* | *..* | *[!A-Za-z0-9._/-]*) die "--ref must be a tag, branch or commit, got \"$ref\"" ;;
  esac
  raw=${STOPLINE_RAW_URL:-https://raw.githubusercontent.com}
  base="${raw%/}/$repo/$ref/dist"
fi
base=${base%/}

fetch() {
  if has curl; then
    curl -fsSL -o "$2" "$1"
  elif has wget; then
    wget -q -O "$2" "$1"
  else
    die "downloading needs curl or wget and neither is on PATH; install one, or run from a local copy: sh install.sh $host --from <dist dir>"
  fi
}

sha256_of() {
  if has sha256sum; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif has shasum; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  elif has openssl; then
    openssl dgst -sha256 "$1" | sed 's/^.*= *//'
  else
    # the runtime is there anyway; dynamic import works in node -e, bun -e and deno eval alike
    script='import("node:crypto").then(async (c) => { const f = await import("node:fs"); process.stdout.write(c.createHash("sha256").update(f.readFileSync(process.env.STOPLINE_SUM_FILE)).digest("hex")); })'
    if [ "$runtime" = deno ]; then
      STOPLINE_SUM_FILE=$1 deno eval "$script"
    else
      STOPLINE_SUM_FILE=$1 "$runtime" -e "$script"
    fi
  fi
}

tmp=$(mktemp -d 2>/dev/null) || {
  tmp=${TMPDIR:-/tmp}/stopline-install.$$
  mkdir -m 700 "$tmp" || die "cannot create a temporary folder"
}
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fetch "$base/SHA256SUMS" "$tmp/SHA256SUMS" || die "could not download $base/SHA256SUMS"

# the CLI itself, plus the host's folder (everything for "all"; only the CLI to uninstall)
wanted() {
  case "$1" in
    stopline.mjs) return 0 ;;
  esac
  [ "$command_name" = install ] || return 1
  for folder in $HOST_FOLDERS; do
    [ "$host" = all ] || [ "$folder" = "$(folder_of "$host")" ] || continue
    case "$1" in
      "$folder"/*) return 0 ;;
    esac
  done
  return 1
}

# the dist/ folder a host's files are in: its own name unless FOLDER_OF names another
folder_of() {
  for pair in $FOLDER_OF; do
    if [ "${pair%%=*}" = "$1" ]; then
      printf '%s' "${pair#*=}"
      return 0
    fi
  done
  printf '%s' "$1"
}

count=0
# (`|| [ -n ... ]`: a last line without a newline still counts)
while read -r sum path || [ -n "${sum:-}" ]; do
  [ -n "${sum:-}" ] || continue
  path=${path#\*} # `sha256sum -b` marks binary files with *
  wanted "$path" || continue
  case "$sum" in
    *[!0-9a-f]*) die "SHA256SUMS has a malformed line for $path" ;;
  esac
  [ "${#sum}" -eq 64 ] || die "SHA256SUMS has a malformed line for $path"
  # refuse paths that could leave the download folder
  case "$path" in
    /* | *..* | *[!A-Za-z0-9._/-]*) die "SHA256SUMS names an unsafe path: $path" ;;
  esac
  mkdir -p "$tmp/$(dirname "$path")"
  fetch "$base/$path" "$tmp/$path" || die "could not download $base/$path"
  got=$(sha256_of "$tmp/$path")
  [ "$got" = "$sum" ] || die "checksum mismatch for $path (expected $sum, got $got); refusing to install, nothing was changed"
  count=$((count + 1))
done <"$tmp/SHA256SUMS"

[ -f "$tmp/stopline.mjs" ] || die "SHA256SUMS at $base does not list stopline.mjs"
if [ "$command_name" = install ] && [ "$count" -lt 2 ]; then
  die "SHA256SUMS at $base lists no files for $host"
fi
say "downloaded and verified $count files from $base"

eval "set -- $forward"
if [ "$command_name" = install ]; then
  run_js "$tmp/stopline.mjs" install "$host" --from "$tmp" "$@"
else
  run_js "$tmp/stopline.mjs" uninstall "$host" "$@"
fi
