#!/bin/sh
# A producer's release job for a tama-dex cassette (docs/release.md): validate (or adopt)
# the documents, build the cassette, verify it, diff it against the previous release and
# gate on what changed, lint it with the findability test, then print the checksum to
# attach. Each step stops the job with the CLI's own exit code (3 invalid document, 4
# verification failed, 13 changes found by the diff gate, 14 lint failed, ...); the
# script's own usage errors exit 2. The GitHub Action (action.yml) runs this very script.
#
# Settings come from tama-dex.config.yaml (found from the working folder up, or CONFIG),
# and each variable below that is set overrides the config's setting, as a flag would.
#
# Usage: CASSETTE_VERSION=SEMVER release.sh [DOCUMENT...]
#
# Environment:
#   CASSETTE_VERSION   the version being released, SemVer, e.g. 1.4.0 or a tag's v1.4.0 (required)
#   CASSETTE_NAME      cassette name, e.g. incus (default: the config's cassette.name)
#   DOCUMENT...        the documents (default: the config's documents)
#   CONFIG             the config file (default: tama-dex.config.yaml found from here up)
#   PREVIOUS_CASSETTE  the previous release's .tama-cassette file; empty for a first release
#   FAIL_ON            diff gate: any, breaking, security, findability or none to only report
#                      (default: the config's diff.fail-on, else any)
#   MIN_SCORE          lint gate: the lowest acceptable score, 0-100 (default: the config's)
#   LINT_FAIL_ON       lint gate: finding classes that fail it whatever the score, comma-separated
#                      (default: the config's, else example-missed; none to only report)
#   EXAMPLES           a JSON Lines file of more example requests, kept beside the documents:
#                      {"operation": ID, "request": TEXT} per line (default: the config's)
#   EXAMPLES_TOP       an example request passes within this many results, 1-20 (default 3)
#   ADOPT              true: each DOCUMENT is an OpenAPI description (Swagger 2.0, 3.0 or 3.1)
#                      adopted first, with the config's adopt settings and ADOPT_OPTIONS
#   ADOPT_OPTIONS      adopt flags, e.g. "--read-scope incus.read --write-scope incus.write";
#                      setting it implies ADOPT=true
#   OUTPUT_DIR         where the cassette and its .sha256 are written (default: release)
#   REPORTS            a folder: each check also writes NAME.sarif, NAME.junit.xml and NAME.md
#                      there (NAME: validate, verify, diff, lint), even when its gate fails
#   REPORT_FORMAT      what the checks print: text (default), or github for annotations
#   TAMA_DEX           how to run tama-dex (default: tama-dex from PATH, else npx tama-dex)
#
# Writes OUTPUT_DIR/NAME-VERSION.tama-cassette and OUTPUT_DIR/NAME-VERSION.tama-cassette.sha256
# (sha256sum format, naming the file relative to OUTPUT_DIR: `cd OUTPUT_DIR && sha256sum -c`).
# Under GitHub Actions (GITHUB_OUTPUT set), also sets the step outputs cassette and sha256.
set -eu

usage() {
  echo "release.sh: $1" >&2
  echo "Usage: CASSETTE_VERSION=SEMVER [CASSETTE_NAME=NAME] [PREVIOUS_CASSETTE=FILE] release.sh [DOCUMENT...]" >&2
  exit 2
}

[ -n "${CASSETTE_VERSION:-}" ] || usage "set CASSETTE_VERSION to the version being released."
# A tag names the version as v1.4.0; SemVer has no v.
CASSETTE_VERSION=${CASSETTE_VERSION#v}
CASSETTE_NAME=${CASSETTE_NAME:-}
CONFIG=${CONFIG:-}
FAIL_ON=${FAIL_ON:-}
MIN_SCORE=${MIN_SCORE:-}
LINT_FAIL_ON=${LINT_FAIL_ON:-}
EXAMPLES=${EXAMPLES:-}
EXAMPLES_TOP=${EXAMPLES_TOP:-}
OUTPUT_DIR=${OUTPUT_DIR:-release}
PREVIOUS_CASSETTE=${PREVIOUS_CASSETTE:-}
ADOPT_OPTIONS=${ADOPT_OPTIONS:-}
ADOPT=${ADOPT:-false}
[ -z "$ADOPT_OPTIONS" ] || ADOPT=true
REPORTS=${REPORTS:-}
REPORT_FORMAT=${REPORT_FORMAT:-text}
case "$ADOPT" in true | false) ;; *) usage "ADOPT is true or false, not $ADOPT." ;; esac
case "$REPORT_FORMAT" in text | github) ;; *) usage "REPORT_FORMAT is text or github, not $REPORT_FORMAT." ;; esac
[ "$ADOPT" = false ] || [ $# -gt 0 ] || usage "name the OpenAPI descriptions to adopt as arguments."

if [ -z "${TAMA_DEX:-}" ]; then
  if command -v tama-dex >/dev/null 2>&1; then TAMA_DEX=tama-dex; else TAMA_DEX="npx --no-install tama-dex"; fi
fi
# TAMA_DEX may be a command with arguments ("npx --no-install tama-dex"): split it on purpose.
tama() { $TAMA_DEX "$@"; }

# Runs a tama-dex command that takes the config: tama_configured ARGS...
tama_configured() {
  [ -z "$CONFIG" ] || set -- "$@" --config "$CONFIG"
  tama "$@"
}

# Runs a check with its reports: check NAME ARGS... (the formats pair with -o in order).
check() {
  name=$1
  shift
  [ -z "$REPORTS" ] || set -- "$@" --format sarif -o "$REPORTS/$name.sarif" --format junit -o "$REPORTS/$name.junit.xml" --format markdown -o "$REPORTS/$name.md"
  [ "$REPORT_FORMAT" = text ] || set -- "$@" --format "$REPORT_FORMAT"
  "$@"
}

mkdir -p "$OUTPUT_DIR"
[ -z "$REPORTS" ] || mkdir -p "$REPORTS"

if [ "$ADOPT" = true ]; then
  echo "== document adopt"
  n=0
  for input do
    n=$((n + 1))
    adopted="$OUTPUT_DIR/adopted-$CASSETTE_VERSION.document-$n.yaml"
    # ADOPT_OPTIONS holds several flags: split it on purpose.
    # shellcheck disable=SC2086
    tama_configured document adopt "$input" --output "$adopted" $ADOPT_OPTIONS
    # Replace the input by its adoption in the document list.
    shift
    set -- "$@" "$adopted"
  done
fi

echo "== document validate"
check validate tama_configured document validate "$@"

echo "== cassette build ${CASSETTE_NAME:-(the config's name)} $CASSETTE_VERSION"
for document do
  shift
  set -- "$@" --document "$document"
done
[ -z "$CASSETTE_NAME" ] || set -- "$@" --name "$CASSETTE_NAME"
building="$OUTPUT_DIR/.building.tama-cassette"
line=$(tama_configured cassette build --version "$CASSETTE_VERSION" "$@" --output "$building")
sha256=${line%% *}
# The name: CASSETTE_NAME when set, else the config's, read back from the cassette; its bytes are the same under any file name.
name=$CASSETTE_NAME
[ -n "$name" ] || name=$(tama cassette inspect "$building" --json | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).name))')
file="$name-$CASSETTE_VERSION.tama-cassette"
cassette="$OUTPUT_DIR/$file"
mv "$building" "$cassette"
# The checksum names the file as it sits beside it, so it checks wherever both are downloaded.
printf '%s  %s\n' "$sha256" "$file" >"$cassette.sha256"
echo "Built $cassette: $sha256"

echo "== cassette verify"
check verify tama cassette verify "$cassette" --sha256 "$sha256"

if [ -n "$PREVIOUS_CASSETTE" ]; then
  echo "== cassette diff against $PREVIOUS_CASSETTE"
  set -- "$PREVIOUS_CASSETTE" "$cassette"
  [ -z "$FAIL_ON" ] || set -- "$@" --fail-on "$FAIL_ON"
  check diff tama_configured cassette diff "$@"
else
  echo "== cassette diff skipped: no PREVIOUS_CASSETTE (first release)"
fi

echo "== cassette lint and findability test"
set -- "$cassette"
[ -z "$MIN_SCORE" ] || set -- "$@" --min-score "$MIN_SCORE"
[ -z "$LINT_FAIL_ON" ] || set -- "$@" --fail-on "$LINT_FAIL_ON"
[ -z "$EXAMPLES_TOP" ] || set -- "$@" --examples-top "$EXAMPLES_TOP"
[ -z "$EXAMPLES" ] || set -- "$@" --examples "$EXAMPLES"
check lint tama_configured cassette lint "$@"

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  printf 'cassette=%s\nsha256=%s\n' "$cassette" "$sha256" >>"$GITHUB_OUTPUT"
fi
echo "== checksum (attach both files to the release)"
cat "$cassette.sha256"
