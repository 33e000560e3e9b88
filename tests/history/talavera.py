"""Talavera, 27-28 July 1809: Victor, Sébastiani and King Joseph against Wellesley and Cuesta.

Sources: C. Oman, A History of the Peninsular War, vol. II (1903), ch. on Talavera and appendix of the
armies' strengths; J. W. Fortescue, A History of the British Army, vol. VII; the Wellington
Despatches (Wellesley to Castlereagh, 29 July 1809). The ground turned so that the French come from
the south edge: the allied line runs along the table from the Sierra de Segurilla on the left (x 0)
past the Cerro de Medellín and the redoubt of the Pajar de Vergara to Talavera and its olive groves on
the right, the Portiña brook between the armies. Cuesta's 35,000 Spaniards, most of them behind walls
and groves and hardly engaged, are the divisions that fought (Portago's and Bassecourt's, a brigade
each), Albuquerque's horse and a battery; Mackenzie's 3rd and Campbell's 4th Divisions, side by side
in the centre, are one; the other divisions by their brigades, the French cavalry by its two
divisions; each French division has its battery (Joseph had some 80 guns); Dessolles' reserve,
which King Joseph committed late, comes on in the second round. The battle plays on when one side
holds every objective ([victory] all_objectives = false): the French attacked, and the allies'
taking the Cascajal would otherwise end it at once."""

from __future__ import annotations

from game.editing.document import Document
from game.model.ruleset import Ruleset
from tests.history.builder import Battle

FRENCH = (44, 82, 170)
ALLIES = (200, 50, 50)


def build(rules: Ruleset) -> Document:
    b = Battle(rules, "talavera", (72, 48), ("Talavera, 27-28 July 1809", "Talavera, 27-28 de julio de 1809"))
    b.text(
        "description",
        """King Joseph's army must drive Wellesley off the Cerro de Medellín, the key of the allied
        line, or break it at the Pajar de Vergara where the British and Spanish lines meet, before the
        allies hold the ground between the Portiña and Talavera.""",
        """El ejército del rey José debe echar a Wellesley del cerro de Medellín, la llave de la línea
        aliada, o romperla en el Pajar de Vergara, donde se unen las líneas británica y española,
        antes de que los aliados se hagan fuertes entre la Portiña y Talavera.""",
    )
    b.text(
        "history",
        """Wellesley and Cuesta, joined at last in the Tagus valley, stood on 27 July 1809 on a line
        of four kilometres from Talavera, where the Spaniards held the town and its olive groves, to
        the Cerro de Medellín, held by the British. Victor's night attack on the Medellín was thrown
        back. At dawn on the 28th Ruffin's division came at the hill again and was broken; in the
        afternoon Lapisse, Sébastiani and Leval's Germans struck the British centre, the Guards
        pursued too far and were saved by Mackenzie's brigade, and the 23rd Light Dragoons rode to
        ruin in the northern valley. The French fell back across the Alberche having lost some 7,400
        men, the British some 5,400, a quarter of their army. Wellesley was made Viscount Wellington
        for the victory, but Soult's advance on his rear forced him back to Portugal.""",
        """Wellesley y Cuesta, unidos al fin en el valle del Tajo, formaron el 27 de julio de 1809 en
        una línea de cuatro kilómetros desde Talavera, donde los españoles tenían la villa y sus
        olivares, hasta el cerro de Medellín, en manos británicas. El ataque nocturno de Victor contra
        el Medellín fue rechazado. Al alba del 28 la división de Ruffin volvió contra el cerro y fue
        deshecha; por la tarde Lapisse, Sébastiani y los alemanes de Leval golpearon el centro
        británico, los guardias persiguieron demasiado lejos y los salvó la brigada de Mackenzie, y
        los dragones ligeros del 23.º cargaron hacia su ruina en el valle del norte. Los franceses se
        retiraron tras el Alberche con unas 7.400 bajas, los británicos con unas 5.400, la cuarta
        parte de su ejército. Wellesley fue hecho vizconde de Wellington por la victoria, pero el
        avance de Soult sobre su retaguardia lo obligó a volver a Portugal.""",
    )
    b.options(10)
    # the French attacked: taking their hill from them does not end the battle, only scores (FG-VIC-8)
    b.victory(all_objectives=False)
    b.area("impassable", [(0, 20), (5, 22), (6, 34), (4, 48), (0, 48)], "Sierra de Segurilla")
    b.area("hill", [(12, 28), (20, 26), (28, 29), (27, 36), (18, 38), (11, 34)], "Cerro de Medellín")
    b.area("hill", [(9, 8), (18, 7), (25, 10), (23, 16), (13, 17)], "Cerro de Cascajal")
    b.area("orchard", [(46, 27), (58, 25), (66, 28), (64, 36), (48, 37)], "Olive groves of Talavera")
    b.area("town", [(62, 38), (71, 37), (72, 46), (63, 47)], "Talavera de la Reina")
    b.area("orchard", [(30, 9), (38, 8), (39, 14), (31, 15)], "Olive groves")
    b.line("stream", [(5, 22), (16, 21), (30, 22.5), (44, 21), (56, 22), (66, 20.5), (72, 21)],
           "Arroyo de la Portiña", 1.0)  # fmt: skip
    b.line("fortification", [(39, 27), (44, 26.5)], "Pajar de Vergara", 0.8)
    b.line("road", [(58, 0), (60, 18), (64, 30), (66, 40)], "Camino real de Madrid")
    b.objective("medellin", (20, 32), ("Cerro de Medellín", "Cerro de Medellín"), "al", ("", "el"))
    b.objective("pajar", (41.5, 29), ("Pajar de Vergara", "Pajar de Vergara"), "al", ("", "el"))
    b.objective("talavera", (66, 42), ("Talavera de la Reina", "Talavera de la Reina"), "al")
    b.objective("cascajal", (17, 12), ("Cerro de Cascajal", "Cerro de Cascajal"), "fr", ("", "el"))

    joseph = ("King Joseph and Marshal Jourdan", "rey José y el mariscal Jourdan")
    fr = b.side(
        0,
        "fr",
        ("French", "franceses"),
        FRENCH,
        [(6, 3), (68, 3), (68, 16), (6, 16)],
        joseph,
        experience=3,
        staff_grammar=("", "el pl"),
    )
    ruffin = b.division(fr, ("Ruffin's Division (I Corps)", "División de Ruffin (I Cuerpo)"),
                        ("General Ruffin", "general Ruffin"))  # fmt: skip
    b.unit(
        ruffin,
        "LnInf",
        "V",
        ("9th Light and 24th of the Line", "9.º ligero y 24.º de línea"),
        grammar=("", "los"),
    )
    b.unit(ruffin, "LnInf", "R", ("96th of the Line", "96.º de línea"))
    b.unit(ruffin, "FA", "R")
    lapisse = b.division(fr, ("Lapisse's Division (I Corps)", "División de Lapisse (I Cuerpo)"),
                         ("General Lapisse", "general Lapisse"))  # fmt: skip
    b.unit(
        lapisse,
        "LnInf",
        "V",
        ("16th Light and 45th of the Line", "16.º ligero y 45.º de línea"),
        grammar=("", "los"),
    )
    b.unit(lapisse, "LnInf", "R", ("8th and 54th of the Line", "8.º y 54.º de línea"), grammar=("", "los"))
    b.unit(lapisse, "FA", "R")
    villatte = b.division(fr, ("Villatte's Division (I Corps)", "División de Villatte (I Cuerpo)"),
                          ("General Villatte", "general Villatte"))  # fmt: skip
    b.unit(
        villatte,
        "LnInf",
        "R",
        ("27th Light and 63rd of the Line", "27.º ligero y 63.º de línea"),
        grammar=("", "los"),
    )
    b.unit(villatte, "LnInf", "R", ("94th and 95th of the Line", "94.º y 95.º de línea"), grammar=("", "los"))
    sebastiani = b.division(fr, ("Sébastiani's Division (IV Corps)", "División de Sébastiani (IV Cuerpo)"),
                            ("General Sébastiani", "general Sébastiani"))  # fmt: skip
    b.unit(
        sebastiani, "LnInf", "R", ("28th and 32nd of the Line", "28.º y 32.º de línea"), grammar=("", "los")
    )
    b.unit(
        sebastiani, "LnInf", "R", ("58th and 75th of the Line", "58.º y 75.º de línea"), grammar=("", "los")
    )
    b.unit(sebastiani, "FA", "R")
    leval = b.division(fr, ("Leval's German Division (IV Corps)", "División alemana de Leval (IV Cuerpo)"),
                       ("General Leval", "general Leval"))  # fmt: skip
    b.unit(leval, "LnInf", "R", ("Nassau and Baden regiments", "Regimientos de Nassau y Baden"))
    b.unit(leval, "LnInf", "I", ("Hesse-Darmstadt, Dutch and Frankfurt battalions",
                                 "Batallones de Hesse-Darmstadt, Holanda y Fráncfort"))  # fmt: skip
    b.unit(leval, "FA", "R")
    dessolles = b.division(fr, ("Dessolles' Division (Reserve)", "División de Dessolles (Reserva)"),
                           ("General Dessolles", "general Dessolles"), arrival=2)  # fmt: skip
    b.unit(
        dessolles,
        "LnInf",
        "R",
        ("12th Light and 51st of the Line", "12.º ligero y 51.º de línea"),
        grammar=("", "los"),
    )
    b.unit(
        dessolles, "LnInf", "R", ("43rd and 55th of the Line", "43.º y 55.º de línea"), grammar=("", "los")
    )
    b.unit(dessolles, "FA", "R")
    cavalry = b.division(fr, ("Cavalry (Latour-Maubourg, Merlin)", "Caballería (Latour-Maubourg, Merlin)"),
                         ("General Latour-Maubourg", "general Latour-Maubourg"))  # fmt: skip
    b.unit(cavalry, "HC", "V", ("Latour-Maubourg's dragoons", "Dragones de Latour-Maubourg"))
    b.unit(cavalry, "LC", "R", ("Merlin's light cavalry", "Caballería ligera de Merlin"))
    b.unit(cavalry, "HA", "R")

    al = b.side(1, "al", ("Allies", "aliados"), ALLIES, [(6, 27), (70, 27), (70, 40), (6, 40)],
                ("Sir Arthur Wellesley", "Sir Arthur Wellesley"), experience=5,
                staff_grammar=("", "m"))  # fmt: skip
    first = b.division(al, ("1st Division (Sherbrooke)", "1.ª División (Sherbrooke)"),
                       ("General Sherbrooke", "general Sherbrooke"))  # fmt: skip
    b.unit(first, "LnInf", "E", ("Guards Brigade (H. Campbell)", "Brigada de la Guardia (H. Campbell)"))
    b.unit(first, "LnInf", "V", ("Cameron's Brigade", "Brigada de Cameron"))
    b.unit(first, "LnInf", "V", ("Langwerth's KGL Brigade", "Brigada de la KGL de Langwerth"))
    b.unit(first, "LnInf", "R", ("Löw's KGL Brigade", "Brigada de la KGL de Löw"))
    hill = b.division(al, ("2nd Division (Hill)", "2.ª División británica"), ("General Hill", "general Hill"))
    b.unit(hill, "LnInf", "V", ("Tilson's Brigade", "Brigada de Tilson"))
    b.unit(hill, "LnInf", "V", ("R. Stewart's Brigade", "Brigada de R. Stewart"))
    b.unit(hill, "FA", "V")
    mackenzie = b.division(al, ("3rd and 4th Divisions (Mackenzie, A. Campbell)",
                                "3.ª y 4.ª Divisiones (Mackenzie, A. Campbell)"),
                           ("General Mackenzie", "general Mackenzie"), grammar=("the pl", "las"))  # fmt: skip
    b.unit(mackenzie, "LnInf", "V", ("Mackenzie's Brigade", "Brigada de Mackenzie"))
    b.unit(mackenzie, "LnInf", "R", ("Donkin's Brigade", "Brigada de Donkin"))
    b.unit(mackenzie, "LnInf", "V", ("A. Campbell's Brigade", "Brigada de A. Campbell"))
    b.unit(mackenzie, "FA", "R")
    horse = b.division(al, ("British cavalry (Payne)", "Caballería británica (Payne)"),
                       ("General Payne", "general Payne"))  # fmt: skip
    b.unit(horse, "LC", "V", ("Anson's Light Dragoons", "Dragones ligeros de Anson"))
    b.unit(horse, "HC", "V", ("Fane's Heavy Dragoons", "Dragones pesados de Fane"))
    spanish = b.division(al, ("Army of Extremadura (Cuesta)", "Ejército de Extremadura (Cuesta)"),
                         ("General Cuesta", "general Cuesta"))  # fmt: skip
    b.unit(spanish, "LnInf", "I", ("Portago's Division", "División de Portago"))
    b.unit(spanish, "LnInf", "R", ("Bassecourt's Division", "División de Bassecourt"))
    b.unit(spanish, "HC", "R", ("Albuquerque's cavalry", "Caballería de Alburquerque"))
    b.unit(spanish, "FA", "R")
    return b.doc
