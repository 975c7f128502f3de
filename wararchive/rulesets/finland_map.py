"""The map of the Finnish map game (``sv-krigsspel-finland``), reconstructed.

The printed map is lost. The text names five towns (Kotka, Kouvola,
Pieksämäki, Lahti, Simola) and four "straight lines" between them, all of
which follow railways open long before 1939 (sv-krigsspel-finland:21 and its
note). This module rebuilds a map of south-eastern Finland on that basis:

* **Points** are the named towns and the stations of the railways that join
  them before 1939 (historical notes), plus a few road towns in the north so
  that blue's 17 pieces have room north of the upper blue line. Every point
  has real coordinates (latitude, longitude); the source of each is given:
  ``notes`` for the project's historical notes, ``approx`` for general
  geographical knowledge (to within a few kilometres; no survey consulted).
* **Solid lines** are railways open before 1939; **dashed lines** are roads,
  the lesser connections between towns not joined by rail. The text requires
  two kinds of line (sv-krigsspel-finland:22-25) and says armoured trains may
  not use dashed lines (sv-krigsspel-finland:23): a train can only run on
  rails, so the solid lines are the railways and the dashed ones are not
  (inference); that they are roads is the project's conjecture.
* **Straight lines** (runs) are the railways between junctions, as the text's
  examples are: Kotka–Kouvola, Kouvola–Pieksämäki, Kouvola–Lahti,
  Kouvola–Simola; each road is a run of its own.

Everything here is data; :mod:`wararchive.rulesets.finnish_front` turns it into
a board and cites it.
"""

from __future__ import annotations

# name: (latitude N, longitude E, source of the coordinates)
POINTS: dict[str, tuple[float, float, str]] = {
    # Helsinki–Riihimäki (1862)
    "Helsinki": (60.17, 24.94, "notes"),
    "Kerava": (60.40, 25.10, "approx"),
    "Järvenpää": (60.47, 25.09, "approx"),
    "Hyvinkää": (60.63, 24.86, "approx"),
    "Riihimäki": (60.74, 24.77, "notes"),
    # Riihimäki–St Petersburg line (1870) as far as Viipuri
    "Järvelä": (60.87, 25.27, "approx"),
    "Lahti": (60.98, 25.66, "notes"),
    "Uusikylä": (60.93, 26.00, "approx"),
    "Kausala": (60.88, 26.34, "approx"),
    "Kouvola": (60.87, 26.70, "notes"),
    "Utti": (60.89, 26.95, "approx"),
    "Kaipiainen": (60.92, 27.30, "approx"),
    "Luumäki": (60.92, 27.56, "approx"),
    "Simola": (60.92, 28.05, "notes"),
    "Vainikkala": (60.86, 28.30, "notes"),
    "Viipuri": (60.71, 28.75, "notes"),
    # Simola–Lappeenranta (1885)
    "Lappeenranta": (61.06, 28.19, "notes"),
    # Kouvola–Kotka (1890)
    "Myllykoski": (60.77, 26.79, "approx"),
    "Inkeroinen": (60.70, 26.84, "approx"),
    "Kymi": (60.52, 26.89, "approx"),
    "Kotka": (60.47, 26.95, "notes"),
    # Savo line Kouvola–Pieksämäki (1889)
    "Selänpää": (61.03, 26.77, "approx"),
    "Hillosensalmi": (61.12, 26.78, "approx"),
    "Voikoski": (61.26, 26.80, "approx"),
    "Mäntyharju": (61.42, 26.88, "approx"),
    "Otava": (61.64, 27.07, "approx"),
    "Mikkeli": (61.69, 27.27, "notes"),
    "Hiirola": (61.79, 27.27, "approx"),
    "Haukivuori": (62.02, 27.21, "approx"),
    "Kantala": (62.16, 27.17, "approx"),
    "Pieksämäki": (62.30, 27.16, "notes"),
    # Lahti–Heinola (1932)
    "Vierumäki": (61.11, 26.00, "approx"),
    "Heinola": (61.20, 26.03, "approx"),
    # road towns (dashed lines)
    "Porvoo": (60.39, 25.66, "approx"),
    "Loviisa": (60.46, 26.23, "approx"),
    "Hamina": (60.57, 27.20, "notes"),
    "Vaalimaa": (60.58, 27.85, "approx"),
    "Savitaipale": (61.20, 27.68, "approx"),
    "Suomenniemi": (61.32, 27.45, "approx"),
    "Ristiina": (61.51, 27.26, "approx"),
    "Anttola": (61.58, 27.65, "approx"),
    "Puumala": (61.52, 28.18, "approx"),
    "Juva": (61.90, 27.86, "approx"),
    "Pertunmaa": (61.50, 26.48, "approx"),
    "Hirvensalmi": (61.64, 26.78, "approx"),
    "Hartola": (61.58, 26.02, "approx"),
    "Joutsa": (61.74, 26.12, "approx"),
    "Kangasniemi": (61.99, 26.64, "approx"),
}

# (name of the straight line, style, points in order); railways solid, roads dashed
# fmt: off
LINES: list[tuple[str, str, list[str]]] = [
    ("Helsinki–Riihimäki", "solid", ["Helsinki", "Kerava", "Järvenpää", "Hyvinkää", "Riihimäki"]),
    ("Riihimäki–Lahti", "solid", ["Riihimäki", "Järvelä", "Lahti"]),
    ("Lahti–Kouvola", "solid", ["Lahti", "Uusikylä", "Kausala", "Kouvola"]),
    ("Kouvola–Kotka", "solid", ["Kouvola", "Myllykoski", "Inkeroinen", "Kymi", "Kotka"]),
    ("Kouvola–Simola", "solid", ["Kouvola", "Utti", "Kaipiainen", "Luumäki", "Simola"]),
    ("Simola–Viipuri", "solid", ["Simola", "Vainikkala", "Viipuri"]),
    ("Simola–Lappeenranta", "solid", ["Simola", "Lappeenranta"]),
    (
        "Kouvola–Pieksämäki",
        "solid",
        [
            "Kouvola", "Selänpää", "Hillosensalmi", "Voikoski", "Mäntyharju", "Otava", "Mikkeli",
            "Hiirola", "Haukivuori", "Kantala", "Pieksämäki",
        ],
    ),
    ("Lahti–Heinola", "solid", ["Lahti", "Vierumäki", "Heinola"]),
    ("Helsinki–Kotka road", "dashed", ["Helsinki", "Porvoo", "Loviisa", "Kotka"]),
    ("Kotka–Viipuri road", "dashed", ["Kotka", "Hamina", "Vaalimaa", "Viipuri"]),
    ("Hamina–Luumäki road", "dashed", ["Hamina", "Luumäki"]),
    ("Lappeenranta–Viipuri road", "dashed", ["Lappeenranta", "Viipuri"]),
    ("Luumäki–Mikkeli road", "dashed", ["Luumäki", "Savitaipale", "Suomenniemi", "Ristiina", "Mikkeli"]),
    ("Savitaipale–Lappeenranta road", "dashed", ["Savitaipale", "Lappeenranta"]),
    ("Mikkeli–Puumala road", "dashed", ["Mikkeli", "Anttola", "Puumala"]),
    ("Mikkeli–Juva road", "dashed", ["Mikkeli", "Juva"]),
    ("Heinola–Otava road", "dashed", ["Heinola", "Pertunmaa", "Hirvensalmi", "Otava"]),
    ("Pertunmaa–Mäntyharju road", "dashed", ["Pertunmaa", "Mäntyharju"]),
    ("Heinola–Pieksämäki road", "dashed", ["Heinola", "Hartola", "Joutsa", "Kangasniemi", "Pieksämäki"]),
    ("Hirvensalmi–Kangasniemi road", "dashed", ["Hirvensalmi", "Kangasniemi"]),
    ("Kausala–Vierumäki road", "dashed", ["Kausala", "Vierumäki"]),
]
# fmt: on

UPPER_BLUE_LINE = 61.16
"""Latitude of the upper blue line: blue sets up north of it (sv-krigsspel-finland:6).

Conjecture: drawn just south of Heinola and the Savo line's Voikoski, so that
the northern manoeuvre area holds the towns of southern Savo (20 points, room
for blue's 17 pieces) and the Lahti–Kouvola–Simola railway with its towns
lies south of it, three or four steps from blue's front."""

STRATEGIC = {
    "yellow": [
        "Kotka", "Kouvola", "Lahti", "Simola", "Riihimäki", "Kausala", "Luumäki", "Lappeenranta",
        "Vainikkala", "Viipuri",
    ],
    "blue": [
        "Heinola", "Voikoski", "Mäntyharju", "Otava", "Mikkeli", "Haukivuori", "Hirvensalmi",
        "Kangasniemi", "Ristiina", "Savitaipale",
    ],
}  # fmt: skip
"""Yellow's ten: the four southern towns the text names, the junctions and
ends of the railways that join them (Riihimäki, Kausala, Luumäki,
Lappeenranta, Vainikkala, Viipuri), all stations, so that any piece (trains
included) can hold them. Blue's ten (used only with option
strategic_points=both): the towns and stations of the northern area on its
main routes towards the south, mirroring yellow's."""

HEADQUARTERS = {"blue": "Pieksämäki", "yellow": "Helsinki"}
"""Conjecture: each side's headquarters at the rear railhead of its area:
blue's at Pieksämäki, the northern end of the text's Kouvola–Pieksämäki
line; yellow's at Helsinki, the capital, where the railways of the south
end."""

COAST: list[tuple[float, float]] = [
    (24.55, 60.10), (24.94, 60.14), (25.25, 60.20), (25.55, 60.25), (25.66, 60.34), (25.95, 60.34),
    (26.23, 60.41), (26.55, 60.40), (26.95, 60.44), (27.20, 60.53), (27.55, 60.51), (27.85, 60.55),
    (28.20, 60.55), (28.55, 60.62), (28.72, 60.68), (28.85, 60.62), (29.05, 60.45), (29.30, 60.30),
]  # fmt: skip
"""The Gulf of Finland's northern shore, roughly (general knowledge), for the figure only."""

LABELS = {
    "Hirvensalmi": "left", "Otava": "below-right", "Kaipiainen": "above", "Utti": "above", "Kouvola": "below-left",
    "Simola": "above", "Kymi": "left", "Riihimäki": "left", "Kausala": "above", "Uusikylä": "above",
    "Vierumäki": "right", "Hillosensalmi": "right", "Mikkeli": "right", "Ristiina": "left", "Lahti": "above",
    "Luumäki": "above", "Vainikkala": "below-right", "Järvelä": "above", "Helsinki": "right",
}  # fmt: skip
"""Where the figure puts a point's name, to keep neighbouring names apart (drawing only)."""
