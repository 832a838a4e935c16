#!/bin/sh
# A producer's release job for a tama-dex cassette (docs/release.md): validate (or adopt)
# the documents, build the cassette, verify it, diff it against the previous release and
# gate on what changed, lint it, then print the checksum to attach. Each step stops the
# job with the CLI's own exit code (3 invalid document, 4 verification failed, 13 changes
# found by the diff gate, 14 lint score too low, ...); the script's own usage errors exit 2.
# The lint step is the findability test: every example request (the documents'
# x-tama-examples, and EXAMPLES if set) must find its operation within the top EXAMPLES_TOP
# results, and each that misses lowers the score MIN_SCORE gates on.
#
# Usage: release.sh DOCUMENT...
#
# Environment:
#   CASSETTE_NAME      cassette name, e.g. incus (required)
#   CASSETTE_VERSION   the version being released, SemVer, e.g. 1.4.0 (required)
#   PREVIOUS_CASSETTE  the previous release's .tama-cassette file; empty for a first release
#   FAIL_ON            diff gate: security (default), breaking, any, or none to only report
#   MIN_SCORE          lint gate: the lowest acceptable score, 0-100 (default 0)
#   LINT_FAIL_ON       lint gate: finding classes that fail it whatever the score, comma-separated
#                      (default example-missed: a missed example request fails; none to only report)
#   EXAMPLES           a JSON Lines file of more example requests, kept beside the documents:
#                      {"operation": ID, "request": TEXT} per line (default: none)
#   EXAMPLES_TOP       an example request passes within this many results, 1-20 (default 3)
#   ADOPT_OPTIONS      when set, each DOCUMENT is an OpenAPI description (Swagger 2.0, 3.0
#                      or 3.1) adopted with these options first, e.g.
#                      "--read-scope incus.read --write-scope incus.write"
#   OUTPUT_DIR         where the cassette and its .sha256 are written (default: release)
#   TAMA_DEX           how to run tama-dex (default: tama-dex from PATH, else npx tama-dex)
#
# Writes OUTPUT_DIR/NAME-VERSION.tama-cassette and OUTPUT_DIR/NAME-VERSION.tama-cassette.sha256
# (sha256sum format, naming the file relative to OUTPUT_DIR: `cd OUTPUT_DIR && sha256sum -c`).
set -eu

usage() {
  echo "release.sh: $1" >&2
  echo "Usage: CASSETTE_NAME=NAME CASSETTE_VERSION=SEMVER [PREVIOUS_CASSETTE=FILE] release.sh DOCUMENT..." >&2
  exit 2
}

[ $# -gt 0 ] || usage "name at least one document."
[ -n "${CASSETTE_NAME:-}" ] || usage "set CASSETTE_NAME to the cassette's name."
[ -n "${CASSETTE_VERSION:-}" ] || usage "set CASSETTE_VERSION to the version being released."
FAIL_ON=${FAIL_ON:-security}
MIN_SCORE=${MIN_SCORE:-0}
LINT_FAIL_ON=${LINT_FAIL_ON:-example-missed}
EXAMPLES=${EXAMPLES:-}
EXAMPLES_TOP=${EXAMPLES_TOP:-3}
OUTPUT_DIR=${OUTPUT_DIR:-release}
PREVIOUS_CASSETTE=${PREVIOUS_CASSETTE:-}
ADOPT_OPTIONS=${ADOPT_OPTIONS:-}

if [ -z "${TAMA_DEX:-}" ]; then
  if command -v tama-dex >/dev/null 2>&1; then TAMA_DEX=tama-dex; else TAMA_DEX="npx --no-install tama-dex"; fi
fi
# TAMA_DEX may be a command with arguments ("npx --no-install tama-dex"): split it on purpose.
tama() { $TAMA_DEX "$@"; }

mkdir -p "$OUTPUT_DIR"
file="$CASSETTE_NAME-$CASSETTE_VERSION.tama-cassette"
cassette="$OUTPUT_DIR/$file"

if [ -n "$ADOPT_OPTIONS" ]; then
  echo "== document adopt"
  n=0
  for input do
    n=$((n + 1))
    adopted="$OUTPUT_DIR/$CASSETTE_NAME-$CASSETTE_VERSION.document-$n.yaml"
    # ADOPT_OPTIONS holds several flags: split it on purpose.
    # shellcheck disable=SC2086
    tama document adopt "$input" --output "$adopted" $ADOPT_OPTIONS
    # Replace the input by its adoption in the document list.
    shift
    set -- "$@" "$adopted"
  done
else
  echo "== document validate"
  tama document validate "$@"
fi

echo "== cassette build $CASSETTE_NAME $CASSETTE_VERSION"
for document do
  shift
  set -- "$@" --document "$document"
done
line=$(tama cassette build --name "$CASSETTE_NAME" --version "$CASSETTE_VERSION" "$@" --output "$cassette")
sha256=${line%% *}
# The checksum names the file as it sits beside it, so it checks wherever both are downloaded.
printf '%s  %s\n' "$sha256" "$file" >"$cassette.sha256"

echo "== cassette verify"
tama cassette verify "$cassette" --sha256 "$sha256"

if [ -n "$PREVIOUS_CASSETTE" ]; then
  echo "== cassette diff against $PREVIOUS_CASSETTE (--fail-on $FAIL_ON)"
  tama cassette diff "$PREVIOUS_CASSETTE" "$cassette" --fail-on "$FAIL_ON"
else
  echo "== cassette diff skipped: no PREVIOUS_CASSETTE (first release)"
fi

echo "== cassette lint and findability test (--min-score $MIN_SCORE, --fail-on $LINT_FAIL_ON, --examples-top $EXAMPLES_TOP)"
if [ -n "$EXAMPLES" ]; then
  tama cassette lint "$cassette" --min-score "$MIN_SCORE" --fail-on "$LINT_FAIL_ON" --examples-top "$EXAMPLES_TOP" --examples "$EXAMPLES"
else
  tama cassette lint "$cassette" --min-score "$MIN_SCORE" --fail-on "$LINT_FAIL_ON" --examples-top "$EXAMPLES_TOP"
fi

echo "== checksum (attach both files to the release)"
cat "$cassette.sha256"
