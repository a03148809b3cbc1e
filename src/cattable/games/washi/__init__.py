"""Tokyo Washi Game: Cat -- lines of cats drawn on a map of washi tape (see README.md here)."""
