"""goatherd api package."""
