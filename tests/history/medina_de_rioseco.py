"""Medina de Rioseco, 14 July 1808: Bessières against the armies of Galicia and Castile.

Sources: C. Oman, A History of the Peninsular War, vol. I (1902), ch. III of section III and its
notes 135-138 (Bessières' brigades and regiments; the strength of Blake's vanguard and divisions from
the "Journal of the operations of General Blake" in the Vaughan Papers); J. Gómez de Arteche, Guerra
de la Independencia, vol. II. The ground turned so that Bessières comes from the south edge (from
Palacios de Campos, on it) and the Spaniards hold the north: Blake's three divisions on the Páramo del
Moclín on the left, Cuesta's Castilians far back on the right before Medina de Rioseco, the gap
between them open. One base is a brigade or a regiment-sized group; the Spanish cavalry, some 600
sabres, is one."""

from __future__ import annotations

from game.editing.document import Document
from game.model.ruleset import Ruleset
from tests.history.builder import Battle

FRENCH = (44, 82, 170)
SPANISH = (190, 40, 40)


def build(rules: Ruleset) -> Document:
    b = Battle(rules, "medina-de-rioseco", (72, 48), ("Medina de Rioseco, 14 July 1808",
               "Medina de Rioseco, 14 de julio de 1808"))  # fmt: skip
    b.text(
        "description",
        """Bessières' corps, half the strength of the armies of Galicia and Castile but far better
        trained, finds Blake on the Páramo del Moclín and Cuesta a long way behind him. Break Blake's
        line through the gap and take the heights and the town, or hold them.""",
        """El cuerpo de Bessières, la mitad que los ejércitos de Galicia y Castilla pero mucho mejor
        instruido, encuentra a Blake en el páramo del Moclín y a Cuesta muy atrás. Rompe la línea de
        Blake por el hueco y toma las alturas y la villa, o mantenlas.""",
    )
    b.text(
        "history",
        """Cuesta, beaten at Cabezón in June, pressed Blake to bring the Army of Galicia down into the
        plain and threaten the road from Burgos to Madrid. On 14 July 1808 their 22,000 men, many of
        them recruits and militia, stood north of Valladolid in two bodies: Blake's vanguard and two
        divisions on the low ridge of the Moclín, Cuesta's Castilians well behind his right. Bessières
        with some 13,700 men put his guns on the Cerro de San Cristóbal, sent Merle against Blake's
        front and Lasalle's chasseurs with the Guard into the gap; Blake's line broke, saved from ruin
        by the Volunteers of Navarre. Cuesta's counter-attack up the slope, led by his carabiniers and
        Guards, was thrown back by the Guard's horse. The Spaniards lost some 3,000 men and 13 guns,
        the French about 500: the only French victory of the summer before Bailén undid it.""",
        """Cuesta, batido en Cabezón en junio, empujó a Blake a bajar el Ejército de Galicia al llano y
        amenazar el camino de Burgos a Madrid. El 14 de julio de 1808 sus 22.000 hombres, muchos de
        ellos reclutas y milicianos, formaban al norte de Valladolid en dos cuerpos: la vanguardia y
        dos divisiones de Blake en el páramo bajo del Moclín, y los castellanos de Cuesta muy detrás de
        su derecha. Bessières, con unos 13.700 hombres, puso sus cañones en el cerro de San Cristóbal,
        lanzó a Merle contra el frente de Blake y a los cazadores de Lasalle con la Guardia por el
        hueco; la línea de Blake se rompió, salvada del desastre por los Voluntarios de Navarra. El
        contraataque de Cuesta cuesta arriba, con sus carabineros y guardias al frente, lo rechazó la
        caballería de la Guardia. Los españoles perdieron unos 3.000 hombres y 13 cañones, los
        franceses unos 500: la única victoria francesa de aquel verano antes de que Bailén la
        deshiciera.""",
    )
    b.options(10)
    b.area("hill", [(5, 29), (18, 27), (34, 28), (38, 32), (32, 37), (9, 36)], "Páramo del Moclín")
    b.area("hill", [(39, 15), (45, 14), (48, 19), (43, 23), (38, 20)], "Cerro de San Cristóbal")
    b.area("town", [(56, 41), (65, 40), (67, 46), (57, 47)], "Medina de Rioseco")
    b.area("town", [(31, 0), (40, 0), (39, 4), (32, 4)], "Palacios de Campos")
    b.area("field", [(9, 9), (18, 9), (19, 15), (10, 15)], "Wheat of Tierra de Campos")
    b.area("field", [(52, 12), (60, 11), (61, 17), (53, 18)], "Wheat of Tierra de Campos")
    b.line("stream", [(0, 41), (12, 42), (24, 40.5), (36, 42), (46, 44.5), (56, 48)], "Río Sequillo", 1.0)
    b.line("road", [(36, 0), (38, 10), (46, 24), (54, 38), (60, 43)], "Camino de Palacios a Medina")
    b.objective("moclin", (21, 32), ("Páramo del Moclín", "Páramo del Moclín"), "es", ("", "el"))
    # abandoned by the Spanish outposts at the French approach: Sabathier's guns stood on it
    b.objective(
        "san-cristobal", (43, 18.5), ("Cerro de San Cristóbal", "Cerro de San Cristóbal"), "fr", ("", "el")
    )
    b.objective("medina", (61, 43.5), ("Medina de Rioseco", "Medina de Rioseco"), "es")
    b.objective(
        "palacios", (35.5, 2), ("Palacios de Campos", "Palacios de Campos"), "fr"
    )  # whence Bessières came

    fr = b.side(0, "fr", ("French", "franceses"), FRENCH, [(4, 3), (68, 3), (68, 16), (4, 16)],
                ("Marshal Bessières", "mariscal Bessières"), experience=5)  # fmt: skip
    merle = b.division(fr, ("Merle's Division", "División de Merle"), ("General Merle", "general Merle"))
    b.unit(merle, "LnInf", "I", ("Brigade Ducos (13th and 14th provisional regiments)",
                                 "Brigada Ducos (13.º y 14.º regimientos provisionales)"))  # fmt: skip
    b.unit(merle, "LnInf", "R", ("Brigade D'Armagnac (47th of the Line, 3rd Swiss)",
                                 "Brigada D'Armagnac (47.º de línea, 3.º suizo)"))  # fmt: skip
    b.unit(merle, "FA", "R")
    mouton = b.division(fr, ("Mouton's Division", "División de Mouton"), ("General Mouton", "general Mouton"))
    b.unit(mouton, "LnInf", "V", ("Brigade Reynaud (4th Light, 15th of the Line)",
                                  "Brigada Reynaud (4.º ligero, 15.º de línea)"))  # fmt: skip
    b.unit(mouton, "LnInf", "I", ("Brigade Sabathier (17th and 18th provisional regiments)",
                                  "Brigada Sabathier (17.º y 18.º regimientos provisionales)"))  # fmt: skip
    b.unit(mouton, "LnInf", "E", ("Fusiliers of the Imperial Guard", "Fusileros de la Guardia Imperial"))
    b.unit(mouton, "FA", "R")
    lasalle = b.division(
        fr, ("Lasalle's Cavalry", "Caballería de Lasalle"), ("General Lasalle", "general Lasalle")
    )
    b.unit(
        lasalle,
        "LC",
        "V",
        ("10th and 22nd Chasseurs à cheval", "10.º y 22.º de cazadores a caballo"),
        grammar=("", "los"),
    )
    b.unit(lasalle, "HC", "E", ("Cavalry of the Imperial Guard", "Caballería de la Guardia Imperial"))
    b.unit(lasalle, "HA", "R")

    es = b.side(1, "es", ("Spanish", "españoles"), SPANISH,
                [(4, 28), (40, 28), (40, 33), (68, 33), (68, 42), (4, 42)],
                ("Generals Cuesta and Blake", "generales Cuesta y Blake"), experience=2)  # fmt: skip
    vanguard = b.division(
        es, ("Vanguard (Maceda)", "Vanguardia (Maceda)"), ("Count of Maceda", "conde de Maceda")
    )
    b.unit(vanguard, "LI", "I", ("Light battalions of the vanguard", "Batallones ligeros de la vanguardia"))
    b.unit(vanguard, "LnInf", "R", ("Volunteers of Navarre", "Voluntarios de Navarra"))
    cagigal = b.division(es, ("1st Division (Cagigal)", "1.ª División (Cagigal)"),
                         ("General Cagigal", "general Cagigal"))  # fmt: skip
    b.unit(cagigal, "LnInf", "R", ("Line regiments of Galicia", "Regimientos de línea de Galicia"))
    b.unit(cagigal, "LnInf", "M", ("Provincial militia of Galicia", "Milicias provinciales de Galicia"))
    b.unit(cagigal, "LnInf", "V", ("Combined grenadiers", "Granaderos reunidos"))
    b.unit(cagigal, "FA", "R")
    portago = b.division(es, ("4th Division (Portago)", "4.ª División (Portago)"),
                         ("Marquis of Portago", "marqués de Portago"),
                         officer_grammar=("", "el"))  # fmt: skip
    b.unit(portago, "LnInf", "I", ("Line regiments and recruits", "Regimientos de línea y reclutas"))
    b.unit(portago, "LnInf", "I", ("Regiment of Buenos Aires (returned prisoners)",
                                   "Regimiento de Buenos Aires (prisioneros repatriados)"))  # fmt: skip
    b.unit(portago, "FA", "I")
    castile = b.division(
        es, ("Army of Castile", "Ejército de Castilla"), ("General Cuesta", "general Cuesta")
    )
    b.unit(castile, "LnInf", "M", ("New levies of Castile", "Levas nuevas de Castilla"))
    b.unit(castile, "LnInf", "M", ("New levies of León", "Levas nuevas de León"))
    b.unit(castile, "HC", "V", ("Royal Carabiniers and Guards of the Royal Person",
                                "Carabineros Reales y Guardias de Corps"))  # fmt: skip
    return b.doc
