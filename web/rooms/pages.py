"""The rooms' pages: creating a room, joining it by its link, the lobby, play and results."""
