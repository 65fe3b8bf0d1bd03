"""The rules engine (standard library only)."""
