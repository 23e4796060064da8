#!/bin/sh
# Checks that every C++ source (*.cpp, *.hpp) is in the format of .clang-format,
# and names the files that are not. ctest runs it as the test format_check, so
# the README's test command (and CI, which runs it) fails on a file out of format.
# usage: tools/check-format.sh [SOURCE_DIR]
#   --fix: reformat the files out of format in place (clang-format -i) instead.
# The format is clang-format 14's, Debian 12's (tools/setup-debian.sh installs
# it); another major version formats some lines differently, so the check
# refuses to judge with one. CLANG_FORMAT=/path/to/clang-format-14 picks the program.
set -eu
fix=0
if [ "${1:-}" = "--fix" ]; then
  fix=1
  shift
fi
root=${1:-$(dirname "$0")/..}
cd "$root"
cf=${CLANG_FORMAT:-clang-format}
if [ ! -f .clang-format ]; then
  echo "check-format: FAIL: no .clang-format in $(pwd -P)" >&2
  exit 1
fi

if ! command -v "$cf" > /dev/null 2>&1; then
  echo "check-format: FAIL: '$cf' not found, so the sources' format cannot be checked." >&2
  echo "  Install Debian's clang-format (apt-get install clang-format, or run tools/setup-debian.sh as root)," >&2
  echo "  or set CLANG_FORMAT to a clang-format 14." >&2
  exit 1
fi
version=$("$cf" --version 2> /dev/null || true)
case "$version" in
  *"clang-format version 14."*) ;;
  *)
    echo "check-format: FAIL: the format is clang-format 14's (Debian 12); '$cf' is: ${version:-unknown}" >&2
    echo "  Set CLANG_FORMAT to a clang-format 14 (e.g. /usr/bin/clang-format-14)." >&2
    exit 1
    ;;
esac

# The tracked sources (and new ones not yet added) in a git checkout; else
# every source under the folders that hold them.
list=$(mktemp)
trap 'rm -f "$list" "$list.out"' EXIT
if git rev-parse --show-toplevel > /dev/null 2>&1 &&
  [ "$(cd "$(git rev-parse --show-toplevel)" && pwd -P)" = "$(pwd -P)" ]; then
  git ls-files --cached --others --exclude-standard -- '*.cpp' '*.hpp' |
    while IFS= read -r f; do [ -f "$f" ] && printf '%s\n' "$f"; done > "$list"
else
  find sim models tools tests -type f \( -name '*.cpp' -o -name '*.hpp' \) 2> /dev/null | sort > "$list"
fi
count=$(wc -l < "$list")
if [ "$count" -eq 0 ]; then
  echo "check-format: FAIL: no *.cpp or *.hpp found under $(pwd -P)" >&2
  exit 1
fi

# One clang-format for all files: it reports each file's first difference.
tr '\n' '\0' < "$list" | xargs -0 "$cf" --style=file --dry-run -Werror --ferror-limit=1 > "$list.out" 2>&1 || true
bad=$(sed -n 's/^\(.*\.[ch]pp\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' "$list.out" | sort -u)
if [ -z "$bad" ]; then
  if grep -q . "$list.out"; then
    # clang-format failed for another reason (a config error, an unreadable file).
    cat "$list.out" >&2
    echo "check-format: FAIL: clang-format did not check the sources (above)" >&2
    exit 1
  fi
  echo "check-format: $count files in the format of .clang-format ($version)"
  exit 0
fi
n=$(printf '%s\n' "$bad" | wc -l)
if [ "$fix" -eq 1 ]; then
  printf '%s\n' "$bad" | tr '\n' '\0' | xargs -0 "$cf" -i
  echo "check-format: reformatted $n file(s):"
  printf '%s\n' "$bad" | sed 's/^/  /'
  exit 0
fi
echo "check-format: FAIL: $n of $count file(s) out of the format of .clang-format:" >&2
printf '%s\n' "$bad" | sed 's/^/  /' >&2
echo "  Put them in it with: clang-format -i FILE... (or tools/check-format.sh --fix); the first difference of each:" >&2
grep -A2 'error: code should be clang-formatted' "$list.out" | head -n 60 >&2
exit 1
