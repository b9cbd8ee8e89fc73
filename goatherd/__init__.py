"""goatherd: a camera referee for real card tables."""

__version__ = "0.1.0"
