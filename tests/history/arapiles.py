"""Los Arapiles (Salamanca), 22 July 1812: Wellington against Marmont.

Sources: C. Oman, A History of the Peninsular War, vol. V (1914), chs. on Salamanca and the appendix of
the armies; Wellington's despatch to Bathurst of 24 July 1812; R. Muir, Salamanca 1812 (2001). The
ground turned so that Marmont's army, strung out westward along the ridge of the Monte de Azán, is
at the south edge and Wellington's hidden divisions at the north: the two Arapiles face each other in
the middle, the village of Los Arapiles behind the lesser. Only the divisions that fought the battle's
crisis are here, by their brigades (a division's Portuguese brigade with it): Pakenham's 3rd, Leith's
5th, Cole's 4th with Pack's Portuguese, Clinton's 6th, Le Marchant's and D'Urban's horse; Thomières,
Maucune, Brennier, Clausel, Bonnet, Ferey, each with its foot battery, Boyer's dragoons and Curto's
light horse."""

from __future__ import annotations

from game.editing.document import Document
from game.model.ruleset import Ruleset
from tests.history.builder import Battle

FRENCH = (44, 82, 170)
ALLIES = (200, 50, 50)


def build(rules: Ruleset) -> Document:
    b = Battle(
        rules, "arapiles", (72, 48), ("Los Arapiles, 22 July 1812", "Los Arapiles, 22 de julio de 1812")
    )
    b.text(
        "description",
        """Marmont's divisions are strung out along the Monte de Azán, hurrying west to turn
        Wellington's flank. Wellington strikes at the head of the column: break Thomières and Maucune
        before the Arapil Grande's guns and Clausel's reserve can restore the line, or hold both.""",
        """Las divisiones de Marmont marchan en fila por el Monte de Azán, deprisa hacia el oeste para
        envolver el flanco de Wellington. Wellington golpea la cabeza de la columna: rompe a
        Thomières y a Maucune antes de que los cañones del Arapil Grande y la reserva de Clausel
        restablezcan la línea, o mantén ambas.""",
    )
    b.text(
        "history",
        """For weeks the two armies had marched side by side south of Salamanca. On 22 July 1812
        Marmont, believing Wellington in retreat, seized the Arapil Grande and pushed his left
        divisions west along the heights to cut the road to Ciudad Rodrigo; his line stretched and
        broke apart. Seeing it, Wellington sent Pakenham's 3rd Division at the head of the column,
        where Thomières fell; Leith's 5th Division and Le Marchant's heavy dragoons shattered Maucune
        and Brennier in forty minutes. Marmont and Bonnet were wounded; Clausel's counter-attack
        threw back Cole and Pack from the Arapil Grande until Clinton's 6th Division stopped it, and
        Ferey's rearguard covered the retreat through the woods to Alba de Tormes. Some 13,000 French
        were lost against 5,000 allies: the victory that opened Madrid to Wellington.""",
        """Durante semanas los dos ejércitos marcharon en paralelo al sur de Salamanca. El 22 de julio
        de 1812 Marmont, creyendo que Wellington se retiraba, ocupó el Arapil Grande y empujó sus
        divisiones de la izquierda hacia el oeste por las alturas para cortar el camino de Ciudad
        Rodrigo; su línea se estiró y se rompió. Al verlo, Wellington lanzó la 3.ª división de
        Pakenham contra la cabeza de la columna, donde cayó Thomières; la 5.ª de Leith y los dragones
        pesados de Le Marchant deshicieron a Maucune y a Brennier en cuarenta minutos. Marmont y
        Bonnet cayeron heridos; el contraataque de Clausel rechazó a Cole y a Pack del Arapil Grande
        hasta que lo detuvo la 6.ª división de Clinton, y la retaguardia de Ferey cubrió la retirada
        por los bosques hacia Alba de Tormes. Unos 13.000 franceses se perdieron frente a 5.000
        aliados: la victoria que abrió Madrid a Wellington.""",
    )
    b.options(10)
    b.victory(divisions_removed=3)  # seven divisions against five: the battle ends at three removed
    b.area("hill", [(3, 11), (14, 9), (30, 10), (34, 14), (24, 18), (5, 17)], "Monte de Azán")
    b.area("hill", [(38, 13), (46, 12), (50, 16), (46, 21), (39, 20)], "Arapil Grande")
    b.area("hill", [(42, 28), (48, 27), (51, 31), (46, 34), (41, 32)], "Arapil Chico")
    b.area("town", [(52, 33), (60, 33), (60, 39), (52, 39)], "Los Arapiles")
    b.area("hill", [(58, 40), (66, 39), (69, 44), (60, 46)], "Teso de San Miguel")
    b.area("wood", [(52, 2), (64, 1), (68, 8), (56, 10)], "Woods towards Alba de Tormes")
    b.area("field", [(14, 30), (24, 29), (25, 35), (15, 36)], "Fields of Miranda de Azán")
    b.line("road", [(0, 24), (16, 25), (30, 26), (44, 24), (56, 28), (72, 30)], "Camino de Ciudad Rodrigo")
    b.objective("arapil-grande", (44, 16.5), ("Arapil Grande", "Arapil Grande"), "fr", ("", "el"))
    b.objective("monte-azan", (14, 13.5), ("Monte de Azán", "Monte de Azán"), "fr", ("", "el"))
    b.objective("arapil-chico", (46, 30.5), ("Arapil Chico", "Arapil Chico"), "al", ("", "el"))
    b.objective("village", (56, 36), ("Los Arapiles", "Los Arapiles"), "al")

    fr = b.side(0, "fr", ("French", "franceses"), FRENCH, [(3, 3), (66, 3), (66, 17), (3, 17)],
                ("Marshal Marmont", "mariscal Marmont"), experience=4)  # fmt: skip
    thomieres = b.division(fr, ("7th Division (Thomières)", "7.ª División (Thomières)"),
                           ("General Thomières", "general Thomières"))  # fmt: skip
    b.unit(thomieres, "LnInf", "R", ("1st of the Line", "1.º de línea"))
    b.unit(
        thomieres, "LnInf", "R", ("62nd and 101st of the Line", "62.º y 101.º de línea"), grammar=("", "los")
    )
    b.unit(thomieres, "FA", "R")
    maucune = b.division(fr, ("5th Division (Maucune)", "5.ª División (Maucune)"),
                         ("General Maucune", "general Maucune"))  # fmt: skip
    b.unit(maucune, "LnInf", "V", ("15th and 66th of the Line", "15.º y 66.º de línea"), grammar=("", "los"))
    b.unit(maucune, "LnInf", "V", ("82nd and 86th of the Line", "82.º y 86.º de línea"), grammar=("", "los"))
    b.unit(maucune, "FA", "R")
    brennier = b.division(fr, ("6th Division (Brennier)", "6.ª División (Brennier)"),
                          ("General Brennier", "general Brennier"))  # fmt: skip
    b.unit(
        brennier,
        "LnInf",
        "V",
        ("17th Light and 65th of the Line", "17.º ligero y 65.º de línea"),
        grammar=("", "los"),
    )
    b.unit(brennier, "LnInf", "R", ("22nd of the Line", "22.º de línea"))
    b.unit(brennier, "FA", "R")
    clausel = b.division(fr, ("2nd Division (Clausel)", "2.ª División (Clausel)"),
                         ("General Clausel", "general Clausel"))  # fmt: skip
    b.unit(
        clausel,
        "LnInf",
        "V",
        ("25th Light and 27th of the Line", "25.º ligero y 27.º de línea"),
        grammar=("", "los"),
    )
    b.unit(clausel, "LnInf", "V", ("50th and 59th of the Line", "50.º y 59.º de línea"), grammar=("", "los"))
    b.unit(clausel, "FA", "R")
    bonnet = b.division(
        fr, ("8th Division (Bonnet)", "8.ª División (Bonnet)"), ("General Bonnet", "general Bonnet")
    )
    b.unit(
        bonnet, "LnInf", "V", ("118th and 119th of the Line", "118.º y 119.º de línea"), grammar=("", "los")
    )
    b.unit(
        bonnet, "LnInf", "V", ("120th and 122nd of the Line", "120.º y 122.º de línea"), grammar=("", "los")
    )
    b.unit(bonnet, "FA", "R")
    ferey = b.division(
        fr, ("3rd Division (Ferey)", "3.ª División (Ferey)"), ("General Ferey", "general Ferey"), arrival=2
    )
    b.unit(
        ferey,
        "LnInf",
        "V",
        ("31st Light and 26th of the Line", "31.º ligero y 26.º de línea"),
        grammar=("", "los"),
    )
    b.unit(ferey, "LnInf", "R", ("47th and 70th of the Line", "47.º y 70.º de línea"), grammar=("", "los"))
    b.unit(ferey, "FA", "R")
    horse = b.division(
        fr, ("Cavalry (Boyer, Curto)", "Caballería (Boyer, Curto)"), ("General Boyer", "general Boyer")
    )
    b.unit(horse, "HC", "R", ("Boyer's dragoons", "Dragones de Boyer"))
    b.unit(horse, "LC", "R", ("Curto's light cavalry", "Caballería ligera de Curto"))
    b.unit(horse, "HA", "R")

    al = b.side(1, "al", ("Allies", "aliados"), ALLIES, [(3, 29), (68, 29), (68, 44), (3, 44)],
                ("Wellington", "Wellington"), experience=5, staff_grammar=("", "m"))  # fmt: skip
    third = b.division(al, ("3rd Division (Pakenham)", "3.ª División (Pakenham)"),
                       ("General Pakenham", "general Pakenham"))  # fmt: skip
    b.unit(third, "LnInf", "V", ("Wallace's Brigade", "Brigada de Wallace"))
    b.unit(third, "LnInf", "V", ("J. Campbell's Brigade", "Brigada de J. Campbell"))
    b.unit(third, "LnInf", "R", ("Power's Portuguese Brigade", "Brigada portuguesa de Power"))
    fifth = b.division(
        al, ("5th Division (Leith)", "5.ª División (Leith)"), ("General Leith", "general Leith")
    )
    b.unit(fifth, "LnInf", "V", ("Greville's Brigade", "Brigada de Greville"))
    b.unit(fifth, "LnInf", "V", ("Pringle's Brigade", "Brigada de Pringle"))
    b.unit(fifth, "LnInf", "R", ("Spry's Portuguese Brigade", "Brigada portuguesa de Spry"))
    b.unit(fifth, "FA", "V")
    fourth = b.division(al, ("4th Division (Cole)", "4.ª División (Cole)"), ("General Cole", "general Cole"))
    b.unit(fourth, "LnInf", "V", ("W. Anson's Brigade", "Brigada de W. Anson"))
    b.unit(fourth, "LnInf", "V", ("Ellis's Brigade", "Brigada de Ellis"))
    b.unit(fourth, "LnInf", "R", ("Pack's Portuguese Brigade", "Brigada portuguesa de Pack"))
    sixth = b.division(
        al,
        ("6th Division (Clinton)", "6.ª División (Clinton)"),
        ("General Clinton", "general Clinton"),
        arrival=2,
    )
    b.unit(sixth, "LnInf", "V", ("Hulse's Brigade", "Brigada de Hulse"))
    b.unit(sixth, "LnInf", "V", ("Hinde's Brigade", "Brigada de Hinde"))
    b.unit(sixth, "LnInf", "R", ("Rezende's Portuguese Brigade", "Brigada portuguesa de Rezende"))
    cavalry = b.division(al, ("Cavalry (Le Marchant, D'Urban)", "Caballería (Le Marchant, D'Urban)"),
                         ("General Le Marchant", "general Le Marchant"))  # fmt: skip
    b.unit(cavalry, "HC", "E", ("Le Marchant's Heavy Brigade", "Brigada pesada de Le Marchant"))
    b.unit(cavalry, "LC", "R", ("D'Urban's Portuguese dragoons", "Dragones portugueses de D'Urban"))
    b.unit(cavalry, "HA", "V")
    return b.doc
