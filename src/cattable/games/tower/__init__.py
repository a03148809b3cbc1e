"""Cat and the Tower: a cooperative (or competitive) dexterity game, played on a MuJoCo world."""
