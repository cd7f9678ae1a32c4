#!/usr/bin/env bash
# Build what the page loads besides Pyodide: the wheels of patience-rules and
# of its one dependency, attrs, in wheels/, and their names in wheels/wheels.json.
# Pyodide itself comes from npm: run `npm ci` here first.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="${PYTHON:-python3}"

rm -rf "$here/wheels"
mkdir -p "$here/wheels"
"$python" -m pip wheel --quiet --no-deps --wheel-dir "$here/wheels" "$here/../.."
"$python" -m pip download --quiet --no-deps --only-binary=:all: --dest "$here/wheels" "attrs>=23.1"
"$python" - "$here/wheels" <<'PY'
import json, pathlib, sys

wheels = pathlib.Path(sys.argv[1])
names = sorted(path.name for path in wheels.glob("*.whl"))
(wheels / "wheels.json").write_text(json.dumps(names) + "\n")
print("built", *names)
PY
