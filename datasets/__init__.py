"""goatherd datasets package."""
