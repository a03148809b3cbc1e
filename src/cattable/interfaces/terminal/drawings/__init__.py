"""How each game is drawn in a terminal (and, for the tower, as a picture); one module per game."""
