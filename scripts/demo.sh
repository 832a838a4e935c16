#!/usr/bin/env bash
# The main job on the shipped examples: validate the documents, build and verify a
# cassette for each, install both into a fresh index, then search and dry-run an execute.
set -euo pipefail
cd "$(dirname "$0")/.."
cli() { node bin/run.js "$@"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TAMA_DEX_INDEX="$work/index.sqlite3"

echo "== document validate"
cli document validate examples/incus.yaml examples/runtime.yaml

for name in incus runtime; do
  echo "== cassette build $name"
  cli cassette build --name "$name" --version 1.0.0 --document "examples/$name.yaml" --output "$work/$name.tama-cassette" | tee "$work/$name.sha256"
  echo "== cassette verify $name"
  cli cassette verify "$work/$name.tama-cassette" --sha256 "$(cut -d' ' -f1 "$work/$name.sha256")"
  echo "== index import $name (pinned: copy mode)"
  cli index import "$work/$name.tama-cassette" --sha256 "$(cut -d' ' -f1 "$work/$name.sha256")"
done

echo "== index list"
cli index list
echo "== search \"list running instances\" (scope incus.read)"
cli search "list running instances" --scope incus.read
echo "== search \"is the host healthy\" (no scopes: only operations anyone may run)"
cli search "is the host healthy"
echo "== search \"restart a worker\" (scope runtime.operate)"
cli search "restart a worker" --scope runtime.operate
echo "== execute --dry-run incus instance_delete without confirmation (refused, exit 6)"
set +e
cli execute incus instance_delete --input '{"name":"web1"}' --scope incus.write --dry-run
code=$?
set -e
[ "$code" -eq 6 ] || { echo "expected exit 6, got $code" >&2; exit 1; }
echo "== execute --dry-run with confirmation"
cli execute incus instance_delete --input '{"name":"web1"}' --scope incus.write --confirm web1 --dry-run
