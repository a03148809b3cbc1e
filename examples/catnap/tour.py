"""A tour of the game API on Cat Nap: run it where cattable and this package are installed (docs/ADDING-A-GAME.md)."""

import json
import random

import cattable

g = cattable.game("catnap")
s = g.new(players=2, seed=7, dogs=2)
print(s, s.current_player, [a.text() for a in s.legal_actions()])
try:
    s.apply_text("nap black")
except cattable.IllegalAction as exc:
    print("IllegalAction:", exc)
try:
    g.parse_action("nap purple")
except cattable.InvalidAction as exc:
    print("InvalidAction:", exc)
try:
    s.result()
except cattable.GameNotOver as exc:
    print("GameNotOver:", exc)
s.apply_text("draw")
s.apply_text("draw")
print("legal:", [a.text() for a in s.legal_actions()])
a = g.parse_action("NAP  black")
print(repr(a), a.text(), a.to_json(), g.action_from_json(a.to_json()) == a)
print("seat 1 sees:", json.dumps(s.view(1)))
print("spectator:", json.dumps(s.view(None)))
other = s.determinize(0, random.Random(1))
print("seat 0's view unchanged by a re-deal:", other.view(0) == s.view(0))
rng = random.Random(3)
while not s.is_over:
    s.apply(rng.choice(s.legal_actions()))
print(s.result())
record = json.loads(json.dumps(s.record()))
print("replays:", cattable.replay(record).snapshot() == s.snapshot())
try:
    g.new(players=2, dogs=5)
except cattable.OptionError as exc:
    print("OptionError:", exc)
