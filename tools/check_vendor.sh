#!/usr/bin/env bash
# vendor/ is the crates.io releases plus vendor/patches/ applied in file-name order
# (vendor/README.md). Fetches the pristine releases through cargo itself (a scratch
# crate outside the workspace and `cargo fetch`), applies the patches to a copy and
# compares it with vendor/. Exit 1 on any difference, naming the files.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The vendored crates and their releases (the workspace Cargo.toml's [patch.crates-io]).
crates=(boa_engine:0.22.0 boa_gc:0.22.0 boa_string:0.22.0 boa_parser:0.22.0 regress:0.12.0)

# The crate a patch applies to: boa_engine unless named here (vendor/README.md).
crate_of() {
  case "$1" in
    0006-*) echo boa_gc ;;
    0011-*) echo boa_string ;;
    0013a-*) echo regress ;;
    0014a-*) echo boa_parser ;;
    0030a-*) echo boa_string ;;
    0032-*) echo boa_parser ;;
    0036-*) echo boa_string ;;
    0047-*) echo boa_parser ;;
    0048-*) echo boa_parser ;;
    *) echo boa_engine ;;
  esac
}

# Patch numbers are unique (a letter suffix keeps a patch beside the one it goes with).
dupes=$(ls vendor/patches/*.patch | xargs -n1 basename | sed 's/-.*//' | sort | uniq -d)
if [ -n "$dupes" ]; then
  echo "vendor/patches: numbers used twice: $dupes" >&2
  exit 1
fi

mkdir -p "$work/fetch/src"
: > "$work/fetch/src/lib.rs"
{
  printf '[package]\nname = "pristine-vendor"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
  printf '[workspace]\n\n[dependencies]\n'
  for entry in "${crates[@]}"; do printf '%s = { version = "=%s", default-features = false }\n' "${entry%%:*}" "${entry#*:}"; done
} > "$work/fetch/Cargo.toml"
(cd "$work/fetch" && cargo fetch --quiet)

cache="${CARGO_HOME:-$HOME/.cargo}/registry/cache"
mkdir -p "$work/pristine"
for entry in "${crates[@]}"; do
  name=${entry%%:*} version=${entry#*:}
  archive=$(ls "$cache"/*/"$name-$version.crate" | head -n1)
  tar -xzf "$archive" -C "$work/pristine"
  mv "$work/pristine/$name-$version" "$work/pristine/$name"
done

for patch_file in $(ls vendor/patches/*.patch | sort); do
  name=$(basename "$patch_file")
  crate=$(crate_of "$name")
  if ! patch -s -p1 --no-backup-if-mismatch -d "$work/pristine/$crate" < "$patch_file"; then
    echo "vendor/patches/$name does not apply to pristine $crate plus the patches before it" >&2
    exit 1
  fi
done

# Every vendored file is the patched release's; no source file of the release is missing.
# Left out on purpose: the registry's metadata and lock files, and for regress what is not
# its src, tests, Cargo.toml*, licences and README; added: a rustfmt.toml that disables
# formatting (vendor/README.md).
status=0
for entry in "${crates[@]}"; do
  name=${entry%%:*}
  report=$(diff -rq -x Cargo.lock -x .cargo_vcs_info.json -x .cargo-ok -x .cargo-checksum.json \
    "$work/pristine/$name" "$repo/vendor/$name" | sed "s|$work/pristine|pristine|; s|$repo/||" \
    | grep -v "^Only in pristine/$name[:/]" | grep -v "^Only in vendor/$name: rustfmt.toml$" || true)
  # gas-sim's own addition: a rustfmt.toml that keeps `cargo fmt` off the vendored code.
  if [ -f "vendor/$name/rustfmt.toml" ] && [ ! -f "$work/pristine/$name/rustfmt.toml" ] \
    && ! grep -qx 'disable_all_formatting = true' "vendor/$name/rustfmt.toml"; then
    report="vendor/$name/rustfmt.toml is not upstream's and does not disable formatting"
  fi
  missing=$(diff -rq "$work/pristine/$name/src" "$repo/vendor/$name/src" | grep "^Only in $work/pristine" || true)
  if [ -n "$report$missing" ]; then
    echo "vendor/$name differs from $entry plus its patches:" >&2
    printf '%s\n' "$report" "$missing" | sed '/^$/d' >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "vendor/ is the crates.io releases plus vendor/patches/ in order"
exit "$status"
