"""Where the shipped models live (kept apart from runtime.py so the CLI imports cheaply)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _default_models() -> Path:
    """$GOATHERD_MODELS; else models/ of the source checkout (editable installs, the
    README's set-up); else the copy a wheel installs under <prefix>/share/goatherd/models."""
    if os.environ.get("GOATHERD_MODELS"):
        return Path(os.environ["GOATHERD_MODELS"])
    checkout = Path(__file__).resolve().parent.parent / "models"
    installed = Path(sys.prefix) / "share" / "goatherd" / "models"
    return installed if not checkout.is_dir() and installed.is_dir() else checkout


DEFAULT_MODELS = _default_models()
