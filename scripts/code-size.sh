#!/usr/bin/env bash
# Lines per source file and per function (universal-ctags: a function's first to last line), over
# core/, app/ and widgets/. Prints the files over MAX_FILE_LINES (800) and the functions over
# MAX_FUNCTION_LINES (100), longest first, and exits 1 when there are any.
#   scripts/code-size.sh            the check
#   scripts/code-size.sh --top N    the N longest functions and files, whatever their length
# Data tables are exempt: a function whose body is mostly one braced initializer (the model zoo's
# op lists, a translation table) is listed under "tables" and not counted against the limit;
# ALLOW lists by name the few that are (path:function).
set -euo pipefail
cd "$(dirname "$0")/.."

MAX_FILE_LINES=${MAX_FILE_LINES:-800}
MAX_FUNCTION_LINES=${MAX_FUNCTION_LINES:-100}
top=0
if [ "${1:-}" = "--top" ]; then top=${2:-20}; fi

if ! ctags --version 2>/dev/null | grep -q "Universal Ctags"; then
  echo "code-size: universal-ctags is not installed (apt-get install universal-ctags)" >&2
  exit 2
fi

ALLOW=(
  # Tables of data written as code: one entry per op kind / zoo model / translated string.
  "core/ft/model_zoo.cpp:zooModels"
)

mapfile -t files < <(find core app widgets -name '*.cpp' -o -name '*.h' | sort)

python3 - "$MAX_FILE_LINES" "$MAX_FUNCTION_LINES" "$top" "${ALLOW[*]}" "${files[@]}" <<'PY'
import subprocess, sys
max_file, max_fn, top = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
allow = set(sys.argv[4].split())
files = sys.argv[5:]
file_lines = {}
for f in files:
    with open(f, encoding="utf-8", errors="replace") as h:
        file_lines[f] = sum(1 for _ in h)
out = subprocess.run(["ctags", "--fields=+ne", "--kinds-c++=f", "--extras=-F", "-f", "-"] + files,
                     capture_output=True, text=True, check=True).stdout
functions = []
for line in out.splitlines():
    parts = line.split("\t")
    name, path = parts[0], parts[1]
    fields = dict(p.split(":", 1) for p in parts[3:] if ":" in p)
    if "line" not in fields or "end" not in fields:
        continue
    scope = fields.get("class") or fields.get("struct") or ""
    first, last = int(fields["line"]), int(fields["end"])
    functions.append((last - first + 1, path, (scope.split("::")[-1] + "::" if scope else "") + name, first))
functions.sort(reverse=True)
if top:
    print(f"{'lines':>6}  file")
    for f, n in sorted(file_lines.items(), key=lambda x: -x[1])[:top]:
        print(f"{n:6d}  {f}")
    print(f"\n{'lines':>6}  function")
    for n, path, name, first in functions[:top]:
        print(f"{n:6d}  {path}:{first} {name}")
    sys.exit(0)
long_files = [(n, f) for f, n in file_lines.items() if n > max_file]
long_fns = [(n, p, name, first) for n, p, name, first in functions if n > max_fn and f"{p}:{name.split('::')[-1]}" not in allow]
tables = [(n, p, name, first) for n, p, name, first in functions if n > max_fn and f"{p}:{name.split('::')[-1]}" in allow]
for n, f in sorted(long_files, reverse=True):
    print(f"file over {max_file} lines: {f} ({n})")
for n, p, name, first in long_fns:
    print(f"function over {max_fn} lines: {p}:{first} {name} ({n})")
for n, p, name, first in tables:
    print(f"table (exempt): {p}:{first} {name} ({n})")
print(f"code-size: {len(files)} files, {len(functions)} functions; "
      f"{len(long_files)} files over {max_file} lines, {len(long_fns)} functions over {max_fn}")
sys.exit(1 if long_files or long_fns else 0)
PY
