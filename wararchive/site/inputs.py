"""What each page shows of the corpus and the rulesets, so that Sphinx re-reads it when that changes.

Sphinx re-reads a page when its source file changes. A generated page is
stamped with a fingerprint of its own subject (:func:`.pages.write`), but its
directives also render what belongs to other files: a game page or a
comparison shows the wording of every passage its rules cite, from texts the
page is not about; the home page shows every text's title. So while a page
is read, the inputs it renders are recorded with a digest of each (in the
pickled build environment, beside Sphinx's own records), and on the next
build the ``env-get-outdated`` handler re-reads exactly the pages whose
recorded inputs differ now. A digest is of the data, not of a file's time:
editing one passage of a text re-reads the pages that show that passage,
not every page that cites the text.

Passages and rules are recorded from the finished doctree (every
:class:`.refs.passage_ref`: a citation, a rule link, a ``{passage}`` role),
so a directive need not list what it links; a directive notes by hand only
what it renders without a link (a ruleset's pieces and rules, a text's
metadata).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from functools import cache
from typing import Any

from docutils import nodes

from ..corpus import load
from ..corpus.model import Passage
from ..engine import rulesets
from .cache import fingerprint, short_hash
from .refs import passage_ref

ATTR = "wararchive_inputs"  # on the BuildEnvironment: docname -> {"kind:id": digest}


def _passage(pid: str) -> str:
    c = load()
    return _passage_digest(c.passage(pid)) if c.has_passage(pid) else ""


@cache
def _passage_digest(p: Passage) -> str:
    """Every field of the passage, whatever a page shows of it; once per passage (a page cites dozens, the site thousands)."""
    return short_hash(json.dumps(dataclasses.asdict(p), sort_keys=True, default=str))


def _ruleset(rid: str) -> str:
    return fingerprint(rid) if rid in rulesets() else ""


def _text(text_id: str) -> str:
    """A text's metadata (title, date, place…), not its passages: a page showing a passage depends on that passage."""
    texts = load().texts
    if text_id not in texts:
        return ""
    meta = {k: v for k, v in vars(texts[text_id]).items() if k not in ("passages", "retired")}
    return short_hash(json.dumps(meta, sort_keys=True, default=str))


def _corrections(text_id: str) -> str:
    """The order of a text's corrections, which numbers them: a link to one shows its number in the apparatus."""
    texts = load().texts
    return short_hash(json.dumps([k.id for k in texts[text_id].corrections])) if text_id in texts else ""


DIGESTS: dict[str, Callable[[str], str]] = {"passage": _passage, "ruleset": _ruleset, "text": _text, "corrections": _corrections}
"""Each kind of input and the digest of its current data ("" when it no longer exists)."""


def _inputs(env) -> dict[str, dict[str, str]]:
    if not hasattr(env, ATTR):
        setattr(env, ATTR, {})
    return getattr(env, ATTR)


def depends_on(env, kind: str, ident: str) -> None:
    """Record that the page being read renders ``ident``: a passage id, a ruleset id, a text id (its metadata)."""
    _inputs(env).setdefault(env.docname, {})[f"{kind}:{ident}"] = DIGESTS[kind](ident)


def _doctree_read(app, doctree: nodes.document) -> None:
    """Every passage and ruleset the page links to (what a link shows, a passage's label or wording, is read from them)."""
    for node in doctree.findall(passage_ref):
        if "pid" in node:
            depends_on(app.env, "passage", node["pid"])
            if node.get("anchor"):  # a correction's entry in the apparatus, by its number
                depends_on(app.env, "corrections", node["pid"].rpartition(":")[0])
        else:
            depends_on(app.env, "ruleset", node["ruleset"])


def _outdated(app, env, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """The pages, not otherwise re-read, that render an input whose data changed since they were read."""
    current: dict[str, str] = {}

    def now(key: str) -> str:
        if key not in current:
            kind, _, ident = key.partition(":")
            current[key] = DIGESTS[kind](ident)
        return current[key]

    skip = added | changed | removed
    return sorted(
        doc for doc, seen in _inputs(env).items() if doc not in skip and any(now(k) != digest for k, digest in seen.items())
    )


def _purge(app, env, docname: str) -> None:
    _inputs(env).pop(docname, None)


def _merge(app, env, docnames: set[str], other) -> None:
    """A parallel read's records join the main environment's."""
    theirs = _inputs(other)
    _inputs(env).update({d: theirs[d] for d in docnames if d in theirs})


def register(app: Any) -> None:
    app.connect("doctree-read", _doctree_read)
    app.connect("env-get-outdated", _outdated)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
