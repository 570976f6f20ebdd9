#!/usr/bin/env bash
# Fetch the sources jars of real Java projects from Maven Central (through Maven, with its
# configured repositories) and unpack each into .cache/maven-src/<artifact>-<version> (git-ignored),
# for the benchmarks that run MR-Coupler on code written by others and not packaged by Debian.
# Idempotent: prints the folder that holds them.
#   tests/fetch-maven-sources.sh group:artifact:version ...
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="${MRCOUPLER_MAVEN_SOURCES:-$root/.cache/maven-src}"
mkdir -p "$dest"
exec 9>"$dest/.lock"
flock 9
for coordinates in "$@"; do
  IFS=: read -r group artifact version <<<"$coordinates"
  folder="$dest/$artifact-$version"
  [ -f "$folder.unpacked" ] && continue
  rm -rf "$folder"
  # overWriteReleases: the plugin's markers (in the working directory's target/) remember an
  # artifact unpacked anywhere before and would skip it here, leaving the folder empty.
  mvn -q -B org.apache.maven.plugins:maven-dependency-plugin:3.6.1:unpack \
    -Dartifact="$group:$artifact:$version:jar:sources" -DoutputDirectory="$folder" \
    -Dmdep.overWriteReleases=true >&2
  [ -n "$(ls -A "$folder" 2>/dev/null)" ] || { echo "unpacking $coordinates left $folder empty" >&2; exit 1; }
  touch "$folder.unpacked"
done
echo "$dest"
