"""The phases of a round."""
