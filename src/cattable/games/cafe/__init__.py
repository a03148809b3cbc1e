"""Cat Cafe: a roll-and-write of cat towers (rules in README.md beside this file)."""
