"""Tokyo Washi bots: the greedy heuristic."""
