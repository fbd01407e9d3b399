"""Game rooms: rooms, players, rounds and their words, kept in a database.

Plain Python over SQLAlchemy, no web framework: ``db.py`` opens the database,
``models.py`` holds its tables, ``codes.py`` makes room codes and tokens,
``rooms.py`` plays the game (create, join, start a round, judge a word, results) by
the engine's rules, and ``errors.py`` names what can go wrong. Nothing about a room
lives in a process's memory, so any number of server processes, on any number of
machines, can serve one room from one database.
"""
