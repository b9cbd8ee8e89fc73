"""Where the shipped models live (kept apart from runtime.py so the CLI imports cheaply)."""

from __future__ import annotations

import os
from pathlib import Path

#: $GOATHERD_MODELS, else models/ at the repository root.
DEFAULT_MODELS = Path(os.environ.get("GOATHERD_MODELS", Path(__file__).resolve().parent.parent / "models"))
