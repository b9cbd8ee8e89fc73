"""goatherd vision package."""
