"""The release pages: where a citation's address, which names its release, keeps leading.

A citation prints ``versions/0.2.0/texts/et-spionaaz.html#et-spionaaz:21``
(:func:`wararchive.corpus.citation.cited_permalink`): the release in the
path, no query string, so that any static host serves it. The site keeps a
page at that address for every release in the history
(:mod:`wararchive.releases`), for as long as the history lists it:

* the current release's page forwards at once to the text, keeping the
  passage's anchor (and, without scripts, links to each passage);
* an earlier release's page says so, lists what every later release changed
  and the data hashes the cited release recorded, and leads to each passage
  of the text as it is now: passage ids are never renumbered, and a retired
  id names the passages that replaced it.

``versions/index.html`` lists every release with its date, hashes and
changes; ``versions/<version>/index.html`` the texts of one. The pages are
written when a build ends, as plain HTML: every corpus string is escaped.
Citations made before 0.2.0 carry the unversioned permalink
(``texts/et-spionaaz.html#et-spionaaz:21``), which the text's page itself answers.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from .. import release, releases
from ..corpus import Corpus, load
from ..corpus.citation import VERSIONS
from ..corpus.model import Text
from ..fileio import write_if_changed
from .escape import script_json

STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5}"
    "li:target{background:#fff3b0}code{font-size:.9em;word-break:break-all}"
)


def write_versions(app, exception) -> None:
    """``build-finished``: every release's pages into the built site."""
    if exception is None and app.builder.format == "html":
        write_pages(load(), Path(app.outdir))


def write_pages(corpus: Corpus, out: Path, history: tuple[releases.Release, ...] | None = None) -> list[Path]:
    """The release pages of ``history`` (default: the recorded one) under ``out``; returns the files written or kept."""
    history = history or releases.history()
    latest = history[-1]
    folder = out / VERSIONS
    written = [write_if_changed(folder / "index.html", _index(history))]
    for rec in history:
        later = [r for r in history if releases.version_key(r.version) > releases.version_key(rec.version)]
        written.append(write_if_changed(folder / rec.version / "index.html", _release_index(rec, corpus, latest)))
        for t in corpus.texts.values():
            page = _text_page(rec, t, later, latest)
            written.append(write_if_changed(folder / rec.version / "texts" / f"{t.text_id}.html", page))
    return written


def _page(title: str, body: str, head: str = "") -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{escape(title)}</title>\n'
        f"<style>{STYLE}</style>\n{head}</head>\n<body>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )


def _hashes(rec: releases.Release) -> str:
    if rec.corpus_sha256 is None:
        return "no hash of its data was recorded"
    return (
        f"corpus SHA-256 <code>{escape(rec.corpus_sha256)}</code>, "
        f"rulesets SHA-256 <code>{escape(rec.rulesets_sha256 or '')}</code>"
    )


def _text_page(rec: releases.Release, t: Text, later: list[releases.Release], latest: releases.Release) -> str:
    """The page of text ``t`` at the address release ``rec`` cites: forward (current) or notice (earlier)."""
    title = f"{t.title} ({t.title_en})"
    target = f"../../../texts/{t.text_id}.html"
    cited = f"wararchive digital edition, version {rec.version} ({rec.date})"
    body = [f"<h1>{escape(title)}</h1>", f"<p>This address is cited from the {escape(cited)}.</p>"]
    head = ""
    if not later:
        head = f"<script>location.replace({script_json(target)} + location.hash);</script>\n"
        body.append(f'<p>It is the current release: <a href="{escape(target)}">read the text</a>.</p>')
    else:
        body.append(
            f"<p>The archive is now at version {escape(latest.version)} ({escape(latest.date)}). "
            f"The text may have changed since {escape(rec.version)}; the changes of each later release:</p>"
        )
        body.append(
            "<ul>" + "".join(f"<li>{escape(r.version)} ({escape(r.date)}): {escape(r.changes)}</li>" for r in later) + "</ul>"
        )
        body.append(
            "<p>Passage ids are never renumbered, so each passage below leads to the same place in the current "
            f'text: <a href="{escape(target)}">read the text</a>.</p>'
        )
    body.append(f'<p>Release {escape(rec.version)}: {_hashes(rec)}. <a href="../../index.html">All releases</a>.</p>')
    items = [
        f'<li id="{escape(p.id)}"><a href="{escape(target)}#{escape(p.id)}">{escape(p.id)}</a>'
        f"{escape(' ' + p.label) if p.label else ''}</li>"
        for p in t.passages
    ]
    items += [
        f'<li id="{escape(r.id)}">{escape(r.id)} (retired, replaced by '
        + ", ".join(f'<a href="{escape(target)}#{escape(n)}">{escape(n)}</a>' for n in r.replaced_by)
        + ")</li>"
        for r in t.retired
    ]
    body.append('<ol class="passages">' + "".join(items) + "</ol>")
    return _page(f"{title}, version {rec.version}", "\n".join(body) + "\n", head)


def _release_index(rec: releases.Release, corpus: Corpus, latest: releases.Release) -> str:
    texts = "".join(
        f'<li><a href="texts/{escape(t.text_id)}.html">{escape(t.title)} ({escape(t.title_en)})</a></li>'
        for t in corpus.texts.values()
    )
    now = "the current release" if rec is latest else f"the current release is {escape(latest.version)}"
    body = (
        f"<h1>wararchive {escape(rec.version)} ({escape(rec.date)})</h1>\n<p>{escape(rec.changes)}</p>\n"
        f'<p>Data: {_hashes(rec)}; {now}. <a href="../index.html">All releases</a>.</p>\n<ul>{texts}</ul>\n'
    )
    return _page(f"wararchive {rec.version}", body)


def _index(history: tuple[releases.Release, ...]) -> str:
    rows = "".join(
        f'<tr><td><a href="{escape(r.version)}/index.html">{escape(r.version)}</a></td><td>{escape(r.date)}</td>'
        f"<td>{escape(r.changes)}</td><td>{_hashes(r)}</td></tr>"
        for r in reversed(history)
    )
    body = (
        "<h1>wararchive releases</h1>\n"
        f"<p>A citation names its release; this site is {escape(release.edition_label())}. Each release records the "
        "SHA-256 of the corpus data and of the rulesets' data it names.</p>\n"
        f"<table><thead><tr><th>version</th><th>date</th><th>changes</th><th>data</th></tr></thead><tbody>{rows}</tbody></table>\n"
    )
    return _page("wararchive releases", body)
