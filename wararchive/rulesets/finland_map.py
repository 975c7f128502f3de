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
    # Kerava–Porvoo (1874)
    "Porvoo": (60.39, 25.66, "approx"),
    # Lahti–Loviisa (1900, narrow gauge)
    "Orimattila": (60.80, 25.73, "approx"),
    "Lapinjärvi": (60.62, 26.20, "approx"),
    "Loviisa": (60.46, 26.23, "approx"),
    # Inkeroinen–Hamina (1899)
    "Hamina": (60.57, 27.20, "notes"),
    # road towns (dashed lines)
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
    ("Kerava–Porvoo", "solid", ["Kerava", "Porvoo"]),
    ("Lahti–Loviisa", "solid", ["Lahti", "Orimattila", "Lapinjärvi", "Loviisa"]),
    ("Inkeroinen–Hamina", "solid", ["Inkeroinen", "Hamina"]),
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

RAILWAY_OPENED: dict[str, tuple[int, str]] = {
    "Helsinki–Riihimäki": (1862, "historical notes"),
    "Riihimäki–Lahti": (1869, "historical notes (line of 1870); the Riihimäki–Lahti section was finished in 1869"),
    "Lahti–Kouvola": (1870, "historical notes"),
    "Kouvola–Simola": (1870, "historical notes"),
    "Simola–Viipuri": (1870, "historical notes"),
    "Simola–Lappeenranta": (1885, "historical notes"),
    "Kouvola–Pieksämäki": (1889, "historical notes"),
    "Kouvola–Kotka": (1890, "historical notes; en.wikipedia 'Kouvola–Kotka railway' (opened 1 October 1890)"),
    "Lahti–Heinola": (1932, "historical notes"),
    "Kerava–Porvoo": (1874, "en.wikipedia 'History of rail transport in Finland' (Porvoo–Kerava railway, 1874)"),
    "Lahti–Loviisa": (
        1900,
        "fi.wikipedia 'Loviisan–Vesijärven rautatie': a private 750 mm narrow-gauge line from Niemi on Vesijärvi "
        "(Lahti) to Valko harbour (Loviisa), provisional traffic from 29 August 1900, closed 1960; the intermediate "
        "stations drawn (Orimattila, Lapinjärvi) are the project's approximation of its route",
    ),
    "Inkeroinen–Hamina": (
        1899,
        "filatelia.fi 'Järnvägs-AB Fredrikshamn': the Hamina railway company's 27.5 km broad-gauge line to the "
        "junction at Inkeroinen, opened 4 July 1899, taken over by the state in 1916; Tietosanakirja 3 (1909-1922), "
        "'Hamina': the Hamina line joins the state network at Inkeroinen",
    ),
}
"""The year each railway of the map opened, and where that comes from.

The text is undated: gas, flyer squadrons and armoured trains place it after
the First World War (historical notes), so the railways open by 1918 are
certain for it; a line opened later (Lahti–Heinola, 1932) stands on the map
only if the text is of that year or after (option ``period``)."""

PERIODS: dict[str, int] = {"1930s": 1939, "1920s": 1931}
"""Option ``period``: the last year whose railways the map draws as railways."""


def lines(period: str) -> list[tuple[str, str, list[str]]]:
    """The map's lines for ``period``: a railway opened after it is drawn as a road (the towns were joined by road)."""
    last = PERIODS[period]
    return [(name, "dashed" if style == "solid" and RAILWAY_OPENED[name][0] > last else style, run) for name, style, run in LINES]


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

HEADQUARTERS = {
    "pieksamaki": {"blue": "Pieksämäki", "yellow": "Helsinki"},
    "juva": {"blue": "Juva", "yellow": "Helsinki"},
}
"""Option ``headquarters`` (conjecture either way; the text names no place).

``pieksamaki``: each side's headquarters at the rear railhead of its area:
blue's at Pieksämäki, the northern end of the text's Kouvola–Pieksämäki
line; yellow's at Helsinki, the capital, where the railways of the south
end. Pieksämäki lies on the same straight line as Kouvola, so a yellow flyer
standing anywhere on it can reach blue's headquarters in one flight.
``juva``: blue's headquarters off the railway, at the end of the Mikkeli–Juva
road, which no straight line from the front reaches: a flyer needs two
flights. Helsinki already lies two flights from blue's side."""

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
