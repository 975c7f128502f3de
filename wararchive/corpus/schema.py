"""The schema of the annotation files, declared as data.

Each record kind is a table of fields: its type, whether it is required and,
for closed vocabularies, the allowed values. :func:`check` validates one
mapping against it and reports the first problem with its line, so a typo in
a field name is an error rather than a silently ignored key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..languages import SOURCE_CODES
from .yamlfile import Path_, YamlFile

CATEGORIES = (
    "title",
    "preface",
    "overview",
    "components",
    "setup",
    "turn-order",
    "movement",
    "combat",
    "special-piece",
    "victory",
    "draw",
    "variant",
    "procedure",
    "editorial",
)
"""Passage categories. ``editorial`` is non-rule material (a library stamp,
web-interface text, a printer's line); ``procedure`` is how the game is run
(announcing ranks, settling disputes) rather than what the pieces do."""

SOURCE_KINDS = ("printed rulebook", "printed leaflet", "web page", "fragment")
CORRECTION_KINDS = (
    "ocr-split",  # a word broken by spurious spaces: "m ängu"
    "ocr-misread",  # wrong letters or signs: "rrnng" for "mäng"
    "hyphenation",  # a word broken over a line end, often with a misread hyphen
    "displaced",  # text printed or read out of its place (a note label)
    "rebuilt",  # a garbled region (a table) replaced by a reconstruction
    "omission",  # something the source lacks that the reading supplies
    "typo",  # an error of the original printing or page
)
RELATIONS = ("same", "differs", "only-left", "only-right")


@dataclass(frozen=True)
class Field:
    type: type | tuple[type, ...]
    required: bool = True
    choices: tuple[str, ...] | None = None
    item: type | None = None  # for lists: the type of each item


STR, INT, BOOL, LIST, DICT = str, int, bool, list, dict

SOURCE = {
    "file": Field(STR),
    "sha256": Field(STR),
    "description": Field(STR),
    "artefacts": Field(LIST, required=False),
}
ARTEFACT = {
    "start": Field(INT),
    "end": Field(INT),
    "kind": Field(STR, choices=("collection-marker",)),
    "note": Field(STR),
}
TEXT = {
    "text_id": Field(STR),
    "source": Field(STR),
    "span": Field(DICT),
    "lang": Field(STR, choices=SOURCE_CODES),
    "title": Field(STR),
    "title_en": Field(STR),
    "date": Field(STR),
    "date_certainty": Field(STR),
    "place": Field(STR),
    "source_kind": Field(STR, choices=SOURCE_KINDS),
    "description": Field(STR),
    "quality": Field(STR),
    "line_breaks": Field(STR, choices=("join", "keep")),
    "passages": Field(LIST),
    "corrections": Field(LIST, required=False),
    "retired": Field(LIST, required=False),
    "dating": Field(DICT, required=False),
    "place_ref": Field(STR, required=False),
}
DATING = {"when": Field(STR, required=False), "not_before": Field(STR, required=False), "not_after": Field(STR, required=False)}
"""The free-text date as machine-readable bounds (ISO 8601: YYYY, YYYY-MM or YYYY-MM-DD), only as far as the
evidence in ``date_certainty`` carries: an exact date as ``when``, else a bound on either side or none."""
SPAN = {"start": Field(INT), "end": Field(INT)}
PASSAGE = {
    "id": Field(STR),
    "start": Field(INT),
    "end": Field(INT),
    "category": Field(STR, choices=CATEGORIES),
    "concepts": Field(LIST, item=str),
    "normative": Field(BOOL),
    "translation": Field(STR),
    "label": Field(STR, required=False),
    "note": Field(STR, required=False),
}
CORRECTION = {
    "at": Field(INT),
    "original": Field(STR),
    "reading": Field(STR),
    "kind": Field(STR, choices=CORRECTION_KINDS),
    "reason": Field(STR),
}
RETIRED = {"id": Field(STR), "replaced_by": Field(LIST, item=str), "reason": Field(STR)}
CONCEPT = {
    "id": Field(STR),
    "label": Field(STR),
    "description": Field(STR),
    "names": Field(DICT),
}
ALIGNMENT = {
    "alignment_id": Field(STR),
    "title": Field(STR),
    "left": Field(STR),
    "right": Field(STR),
    "units": Field(LIST),
}
UNIT = {
    "left": Field(LIST, item=str),
    "right": Field(LIST, item=str),
    "relation": Field(STR, choices=RELATIONS),
    "difference": Field(STR, required=False),
}


def check(doc: YamlFile, path: Path_, value: Any, schema: dict[str, Field]) -> dict[str, Any]:
    """Validate ``value`` (found at ``path`` in ``doc``) against ``schema``."""
    if not isinstance(value, dict):
        raise doc.error(path, f"expected a mapping, found {_kind(value)}")
    for key in value:
        if key not in schema:
            raise doc.error((*path, key), f"unknown field (known: {', '.join(schema)})")
    for key, field in schema.items():
        if key not in value or value[key] is None:
            if field.required:
                raise doc.error(path, f"missing required field {key!r}")
            continue
        v = value[key]
        # bool is an int in Python; a span given as `true` must still be refused.
        if not isinstance(v, field.type) or (field.type is int and isinstance(v, bool)):
            raise doc.error((*path, key), f"expected {field.type.__name__}, found {_kind(v)}")
        if field.choices and v not in field.choices:
            raise doc.error((*path, key), f"{v!r} is not one of: {', '.join(field.choices)}")
        if field.item is not None:
            for i, item in enumerate(v):
                if not isinstance(item, field.item):
                    raise doc.error((*path, key, i), f"expected {field.item.__name__}, found {_kind(item)}")
    return value


def _kind(value: Any) -> str:
    return "nothing" if value is None else type(value).__name__
