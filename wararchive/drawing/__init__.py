"""Pictures of boards and maps (matplotlib), and the sides' colours: used by the CLI's ``board`` and the site.

:mod:`.colours` needs no matplotlib; :mod:`.boardplot` and :mod:`.mapplot`
load it, so import them only where a picture is drawn.
"""
