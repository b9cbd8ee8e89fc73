#!/usr/bin/env bash
# Set up (Debian packages + Python dev extras) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --dev
python3 -m pytest -q "$@"
