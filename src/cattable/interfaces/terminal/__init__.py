"""The terminal table: playing and replaying games at a prompt, drawn with rich."""
