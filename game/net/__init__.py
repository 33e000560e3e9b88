"""Playing a friend on another machine: the wire protocol, the dice neither side controls, the content
both must share, a networked game and a game by turn files. Below the window: the client only shows it
(docs/network.md)."""
