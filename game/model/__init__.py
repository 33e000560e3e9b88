"""The model: the state of a game and the one way in (a session's `apply`). It imports no
content loading, no rules and no words: what it needs from above is handed to it."""
