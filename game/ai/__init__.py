"""Computer players. A player answers the battle's decisions with Commands and sees only what a
player at the table sees (the state of the table, never the dice to come). Their kinds by name:
players.py (kinds.py without importing them)."""
