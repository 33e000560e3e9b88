"""La Albuera, 16 May 1811: Soult against Beresford and Blake.

Sources: C. Oman, A History of the Peninsular War, vol. IV (1911), ch. on Albuera; M. Oliver and R.
Partridge, Napoleonic Army Handbook / Battle of Albuera 1811 (2007); G. Dempsey, Albuera 1811 (2008),
whose French brigades this follows (the sources differ on them); S. Millar, "The French
Order-of-Battle at Albuera" (The Napoleon Series). The ground turned so that Soult comes from the south
edge: the allied heights run along the table, the village of La Albuera and its bridge on the right,
the Albuera brook between the armies; on the left the southern spur that Soult's flank march reached
from the woods, where Zayas' Spaniards stood. The Portuguese of Hamilton and Collins, who hardly
fought, are one brigade; the allied and French cavalry by their brigades."""

from __future__ import annotations

from game.editing.document import Document
from game.model.ruleset import Ruleset
from tests.history.builder import Battle

FRENCH = (44, 82, 170)
ALLIES = (200, 50, 50)


def build(rules: Ruleset) -> Document:
    b = Battle(rules, "albuera", (72, 48), ("La Albuera, 16 May 1811", "La Albuera, 16 de mayo de 1811"))
    b.text(
        "description",
        """Soult feints at the village of La Albuera and throws his main blow at the southern spur of
        the allied heights, where the Spaniards of Zayas stand alone. Roll up Beresford's line from
        its flank before the British 2nd and 4th Divisions come up, or hold the heights and the village.""",
        """Soult amaga contra el pueblo de La Albuera y descarga su golpe principal sobre el espolón sur
        de las alturas aliadas, donde los españoles de Zayas están solos. Envuelve la línea de
        Beresford por su flanco antes de que lleguen la 2.ª y la 4.ª divisiones británicas, o mantén
        las alturas y el pueblo.""",
    )
    b.text(
        "history",
        """Soult marched to relieve Badajoz with 24,000 men and met Beresford's 35,000, British,
        Portuguese and Spanish, on the heights behind the Albuera brook. While Godinot made a show
        against the village, Girard's and Gazan's divisions, with Latour-Maubourg's cavalry, crossed
        the brook upstream under cover of the woods and came at the southern spur. Zayas' Spaniards
        held them. Colborne's brigade, sent in on their flank, was caught in a hailstorm by the
        Vistula Lancers and the 2nd Hussars and lost two thirds of its men; Hoghton's and
        Abercrombie's brigades stood in a musketry duel at a few dozen metres, the 57th earning its
        name of the Die-Hards. Cole's Fusilier Brigade, advancing unordered up the slope, broke the
        last French attack. Nearly 6,000 allied and 6,000 French fell in a few hours: one of the
        bloodiest battles of the war.""",
        """Soult marchó a socorrer Badajoz con 24.000 hombres y encontró a los 35.000 de Beresford,
        británicos, portugueses y españoles, en las alturas tras el arroyo de La Albuera. Mientras
        Godinot amagaba contra el pueblo, las divisiones de Girard y Gazan, con la caballería de
        Latour-Maubourg, cruzaron el arroyo aguas arriba al amparo de los bosques y cayeron sobre el
        espolón sur. Los españoles de Zayas los contuvieron. La brigada de Colborne, lanzada contra su
        flanco, fue sorprendida en plena granizada por los lanceros del Vístula y el 2.º de húsares y
        perdió dos tercios de sus hombres; las brigadas de Hoghton y Abercrombie aguantaron un duelo de
        fusilería a pocas decenas de metros, en el que el 57.º se ganó el nombre de los Die-Hards. La
        brigada de fusileros de Cole, subiendo la ladera sin órdenes, rompió el último ataque francés.
        Cerca de 6.000 aliados y 6.000 franceses cayeron en pocas horas: una de las batallas más
        sangrientas de la guerra.""",
    )
    b.options(10)
    b.area("hill", [(3, 25), (13, 23), (22, 26), (21, 33), (10, 35), (3, 32)], "The southern spur")
    b.area("hill", [(24, 29), (36, 27), (44, 29), (42, 35), (26, 36)], "Heights of La Albuera")
    b.area("town", [(48, 24), (57, 24), (57, 31), (48, 31)], "La Albuera")
    b.area("wood", [(2, 5), (12, 4), (16, 9), (13, 15), (4, 14)], "Woods beyond the Chicapierna")
    b.area("wood", [(20, 3), (28, 4), (29, 10), (21, 11)], "Olive woods")
    b.line("stream", [(0, 20), (14, 18.5), (28, 20.5), (42, 19.5), (52, 21), (62, 19.5), (72, 20.5)],
           "Arroyo de La Albuera", 1.2)  # fmt: skip
    b.area("bridge", [(50.5, 18.2), (53.5, 18.2), (53.5, 23.2), (50.5, 23.2)], "Bridge of La Albuera")
    b.line("road", [(56, 0), (53, 12), (52, 21), (52, 28), (46, 40), (42, 48)], "Camino de Badajoz")
    b.objective("spur", (12, 29), ("The southern spur", "espolón sur"), "al", ("", "el"))
    b.objective("heights", (34, 32), ("Heights of La Albuera", "Alturas de La Albuera"), "al", ("", "las"))
    b.objective("village", (52.5, 27.5), ("La Albuera", "La Albuera"), "al")
    # the French held the far bank: Godinot's feint came at the village over the bridge
    b.objective("bridge", (52, 18.5), ("Bridge of La Albuera", "Puente de La Albuera"), "fr", ("", "el"))

    fr = b.side(0, "fr", ("French", "franceses"), FRENCH, [(4, 3), (68, 3), (68, 15), (4, 15)],
                ("Marshal Soult", "mariscal Soult"), experience=4)  # fmt: skip
    girard = b.division(
        fr, ("1st Division (Girard)", "1.ª División (Girard)"), ("General Girard", "general Girard")
    )
    b.unit(girard, "LnInf", "V", ("Brigade Brayer (34th and 40th of the Line)",
                                  "Brigada Brayer (34.º y 40.º de línea)"))  # fmt: skip
    b.unit(girard, "LnInf", "V", ("Brigade Veilande (64th and 88th of the Line)",
                                  "Brigada Veilande (64.º y 88.º de línea)"))  # fmt: skip
    b.unit(girard, "FA", "R")
    gazan = b.division(
        fr, ("2nd Division (Gazan)", "2.ª División (Gazan)"), ("General Gazan", "general Gazan")
    )
    b.unit(gazan, "LnInf", "R", ("Brigade Pépin (21st Light, 100th of the Line)",
                                 "Brigada Pépin (21.º ligero, 100.º de línea)"))  # fmt: skip
    b.unit(gazan, "LnInf", "V", ("Brigade Maransin (28th Light, 103rd of the Line)",
                                 "Brigada Maransin (28.º ligero, 103.º de línea)"))  # fmt: skip
    b.unit(gazan, "FA", "R")
    reserve = b.division(fr, ("Reserve (Werlé, Godinot)", "Reserva (Werlé, Godinot)"),
                         ("General Werlé", "general Werlé"))  # fmt: skip
    b.unit(reserve, "LnInf", "V", ("Brigade Werlé (12th Light, 55th and 58th of the Line)",
                                   "Brigada Werlé (12.º ligero, 55.º y 58.º de línea)"))  # fmt: skip
    b.unit(reserve, "LnInf", "R", ("Brigade Godinot (16th Light, 51st of the Line)",
                                   "Brigada Godinot (16.º ligero, 51.º de línea)"))  # fmt: skip
    b.unit(reserve, "LnInf", "E", ("Combined grenadiers", "Granaderos reunidos"))
    cavalry = b.division(fr, ("Cavalry (Latour-Maubourg)", "Caballería (Latour-Maubourg)"),
                         ("General Latour-Maubourg", "general Latour-Maubourg"))  # fmt: skip
    b.unit(
        cavalry,
        "LC",
        "E",
        ("1st Vistula Lancers and 2nd Hussars", "1.º de lanceros del Vístula y 2.º de húsares"),
        grammar=("", "los"),
    )
    b.unit(
        cavalry, "HC", "V", ("Dragoons of Bron and Bouvier des Éclaz", "Dragones de Bron y Bouvier des Éclaz")
    )
    b.unit(cavalry, "HA", "R")

    al = b.side(1, "al", ("Allies", "aliados"), ALLIES, [(4, 26), (68, 26), (68, 40), (4, 40)],
                ("Marshal Beresford", "mariscal Beresford"), experience=3)  # fmt: skip
    stewart = b.division(al, ("2nd Division (W. Stewart)", "2.ª División (W. Stewart)"),
                         ("General William Stewart", "general William Stewart"))  # fmt: skip
    b.unit(stewart, "LnInf", "V", ("Colborne's Brigade", "Brigada de Colborne"))
    b.unit(stewart, "LnInf", "V", ("Hoghton's Brigade", "Brigada de Hoghton"))
    b.unit(stewart, "LnInf", "V", ("Abercrombie's Brigade", "Brigada de Abercrombie"))
    b.unit(stewart, "FA", "R")
    cole = b.division(al, ("4th Division (Cole)", "4.ª División (Cole)"), ("General Cole", "general Cole"),
                      arrival=2)  # fmt: skip
    b.unit(cole, "LnInf", "E", ("Fusilier Brigade (Myers)", "Brigada de fusileros (Myers)"))
    b.unit(cole, "LnInf", "R", ("Harvey's Portuguese Brigade", "Brigada portuguesa de Harvey"))
    blake = b.division(
        al, ("Spanish army (Blake)", "Ejército español (Blake)"), ("General Blake", "general Blake")
    )
    b.unit(blake, "LnInf", "V", ("Zayas's Division", "División de Zayas"))
    b.unit(blake, "LnInf", "R", ("Lardizábal's Division", "División de Lardizábal"))
    b.unit(blake, "LnInf", "I", ("Ballesteros's Division", "División de Ballesteros"))
    hamilton = b.division(
        al,
        ("Portuguese and Germans (Hamilton, Alten)", "Portugueses y alemanes (Hamilton, Alten)"),
        ("General Hamilton", "general Hamilton"),
        grammar=("the pl", ""),
    )
    b.unit(
        hamilton, "LnInf", "R", ("Hamilton's and Collins's Portuguese", "Portugueses de Hamilton y Collins")
    )
    b.unit(hamilton, "LI", "V", ("Alten's KGL Light Brigade", "Brigada ligera de la KGL de Alten"))
    b.unit(hamilton, "FA", "R")
    lumley = b.division(al, ("Cavalry (Lumley)", "Caballería (Lumley)"), ("General Lumley", "general Lumley"))
    b.unit(lumley, "HC", "V", ("De Grey's Heavy Dragoons", "Dragones pesados de De Grey"))
    b.unit(lumley, "LC", "I", ("Spanish and Portuguese horse", "Caballería española y portuguesa"))
    return b.doc
