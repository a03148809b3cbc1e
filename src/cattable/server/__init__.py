"""The table server without HTTP: tables as actors over an event store, seats and tokens, bots in workers.

A table's state is never stored: its events are (action, chance outcomes drawn, state hash), and a table
is rebuilt by replaying them, so the store holds nothing the rules cannot check.
"""
