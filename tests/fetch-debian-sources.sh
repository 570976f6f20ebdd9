#!/usr/bin/env bash
# Fetch Debian's source packages of real Java projects into .cache/debian-src (git-ignored), for
# the tests and benchmarks that run MR-Coupler on code written by others. Idempotent: prints the
# folder when it is already there. Does not touch the system's apt configuration.
#   tests/fetch-debian-sources.sh [package ...]   (default: codec, lang3, collections4, guava)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="${MRCOUPLER_SOURCES:-$root/.cache/debian-src}"
packages=("$@")
[ ${#packages[@]} -gt 0 ] || packages=(libcommons-codec-java libcommons-lang3-java libcommons-collections4-java guava-libraries)
mkdir -p "$dest"
exec 9>"$dest/.lock"
flock 9

missing=()
for p in "${packages[@]}"; do
  [ -f "$dest/$p.extracted" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt_dir="$dest/.apt"
  mkdir -p "$apt_dir/lists/partial"
  sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$apt_dir/src.sources"
  O=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt_dir" -o Dir::State::Lists="$apt_dir/lists")
  apt-get "${O[@]}" -qq update >&2
  for p in "${missing[@]}"; do
    work="$dest/.download-$p"
    rm -rf "$work" && mkdir -p "$work"
    # Only the upstream tarball is extracted, so only it is fetched (with the hash the index
    # gives): the mirror has answered 404 for a package's Debian patch archive it still lists.
    read -r uri name _ hash < <(apt-get "${O[@]}" -qq source --print-uris "$p" | grep "\.orig\.tar\.")
    /usr/lib/apt/apt-helper -qq download-file "${uri//\'/}" "$work/$name" "$hash" >&2
    tar -xf "$work/$name" -C "$dest"
    rm -rf "$work"
    touch "$dest/$p.extracted"
  done
fi
echo "$dest"
