"""Cat Attack bots: the greedy heuristic and the evaluation the search uses."""
