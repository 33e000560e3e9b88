"""The Open Wars game screen: its view of the map and the match, the top bar of the players, the
panels of a location and of recruitment, and the screen that runs them."""
