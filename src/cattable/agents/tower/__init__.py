"""Cat and the Tower bots: the heuristic, the flat placement search, and the guard for duels and the team game."""
