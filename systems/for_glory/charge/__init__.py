"""FG-CHG: the charge, whole. `plan`: the route and the contact a charge may make (FG-CHG-1/2,
AMB-50, AMB-54, AMB-59); `order`: the charge order, each charger in turn with its reactions, and the
reaction charge; `contact`: what follows contact (the 2-hit check, officers reached, the melee, the
cavalry extra move); `odds`: its exact odds. The battle reaches it through the `charge` and `melee`
hooks (systems/for_glory/mode.py), so a rule module can replace it whole."""
