"""What every game screen (For Glory's battle, an Open Wars game) does alike: its match and seats, the
computer players' process and pauses, the player on another machine, and the Settings page."""
