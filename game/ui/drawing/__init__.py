"""The table and the strategic map drawn, shared by the screens that show them (the battle and the
editor's table; Open Wars and the editor's map): the camera from inches to pixels, what is displayed
while animations play, the table's terrain, bases and labels, and the map's location cards."""
