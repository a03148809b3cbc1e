"""Cat Attack: roll-and-move with cards, nine lives, larders, shops and a car (rules in README.md here)."""
