"""A small DTS 1.0 client for the tests: it walks a static API as a client would, and checks every answer.

It knows nothing of how wararchive writes the API: it starts at the entry
point, expands the URI templates it is given (RFC 6570, with ``uritemplate``)
for every collection, every resource, every ``down`` value the specification
defines and every ``ref`` the navigation lists, reads each answer from disk as
a static server would serve it (the URL's path, percent-decoded), and checks
it against the shapes and rules of https://dtsapi.org/versions/v1.0 (the
tables of the specifications repository, v1.0). Each problem is one line in
:attr:`Walk.problems`; a call DTS answers with a 4xx is checked to have no
file (a static server's 404).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from xml.etree import ElementTree as ET

import uritemplate

CONTEXT = "https://dtsapi.org/context/v1.0.json"
TEI = "{http://www.tei-c.org/ns/1.0}"
DTS = "{https://w3id.org/api/dts#}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"

ENTRY = {"@id", "@type", "dtsVersion", "collection", "navigation", "document"}
MEMBER = {"@id", "@type", "title", "totalParents", "collection"}
COLLECTION = MEMBER | {"totalChildren"}
RESOURCE = MEMBER | {"navigation", "document"}
NAV_RESOURCE = {"@id", "@type", "collection", "navigation", "document", "citationTrees"}
NAVIGATION = {"@id", "@type", "dtsVersion", "resource"}
UNIT = {"identifier", "@type", "level", "parent"}
DOWNS = (None, 0, 1, -1)


@dataclass
class Walk:
    """What a walk found: every URL read, the TEI documents by URL, and the problems."""

    read: list[str] = field(default_factory=list)
    documents: dict[str, ET.Element] = field(default_factory=dict)
    units: dict[str, list[str]] = field(default_factory=dict)  # resource @id -> its units, in order
    problems: list[str] = field(default_factory=list)


class StaticDts:
    """A DTS API served from ``folder`` (the site's output) at ``base`` (its URL)."""

    def __init__(self, folder: Path, base: str) -> None:
        self.folder, self.base = folder, base
        self._id_cache: dict[str, set[str]] = {}

    def path(self, url: str) -> Path:
        """The file a static server serves for ``url``: its path under the base, percent-decoded."""
        if not url.startswith(self.base):
            raise ValueError(f"{url} is not under {self.base}")
        return self.folder / unquote(urlsplit(url).path.removeprefix(urlsplit(self.base).path))

    def get(self, url: str, walk: Walk) -> Any:
        path = self.path(url)
        if not path.is_file():
            walk.problems.append(f"404: {url}")
            return None
        walk.read.append(url)
        text = path.read_text(encoding="utf-8")
        return json.loads(text) if path.suffix == ".json" else text

    def absent(self, url: str, walk: Walk, why: str) -> None:
        if self.path(url).is_file():
            walk.problems.append(f"{url} answers a call DTS refuses ({why})")

    def walk(self, entry_url: str) -> Walk:
        walk = Walk()
        entry = self.get(entry_url, walk)
        if entry is None:
            return walk
        self._shape(entry, "EntryPoint", ENTRY, entry_url, walk)
        root = self.get(uritemplate.expand(entry["collection"]), walk)
        if root is None:
            return walk
        self._collection(entry, root, walk)
        for member in root.get("member", []):
            if member.get("@type") == "Resource":
                self._resource(entry, member, walk)
        return walk

    # -- checks ------------------------------------------------------------------
    def _shape(self, doc: dict, kind: str, required: set[str], url: str, walk: Walk, top: bool = True) -> None:
        if doc.get("@type") != kind:
            walk.problems.append(f"{url}: @type {doc.get('@type')!r}, not {kind}")
        missing = required - set(doc)
        if missing:
            walk.problems.append(f"{url}: {kind} lacks {sorted(missing)}")
        if top and (doc.get("@context") != CONTEXT or doc.get("dtsVersion") != "1.0"):
            walk.problems.append(f"{url}: no DTS 1.0 @context/dtsVersion")
        if "@id" in doc and kind in ("Collection", "Resource") and not urlsplit(doc["@id"]).scheme:
            walk.problems.append(f"{url}: @id {doc['@id']!r} is relative: each response would make it another IRI")
        for key, values in doc.get("dublinCore", {}).items():
            ok = isinstance(values, list) and all(isinstance(v, str) or set(v) == {"lang", "value"} for v in values)
            if not ok:
                walk.problems.append(f"{url}: dublinCore {key} is not a list of strings or {{lang, value}}")

    def _collection(self, entry: dict, root: dict, walk: Walk) -> None:
        url = uritemplate.expand(entry["collection"])
        self._shape(root, "Collection", COLLECTION, url, walk)
        if len(root.get("member", [])) != root.get("totalChildren"):
            walk.problems.append(f"{url}: totalChildren {root.get('totalChildren')} for {len(root['member'])} members")
        for member in [root, *root.get("member", [])]:
            kind = member.get("@type")
            self._shape(member, kind, COLLECTION if kind == "Collection" else RESOURCE, url, walk, top=False)
            template = member.get("collection", entry["collection"])
            alone_url = uritemplate.expand(template, id=member["@id"])
            alone = self.get(alone_url, walk)
            if alone is not None:
                self._shape(alone, kind, COLLECTION if kind == "Collection" else RESOURCE, alone_url, walk)
                if alone["@id"] != member["@id"]:
                    walk.problems.append(f"{alone_url}: @id {alone['@id']!r}, the member says {member['@id']!r}")
            for nav in ("children", "parents"):
                nav_url = uritemplate.expand(template, id=member["@id"], nav=nav)
                doc = self.get(nav_url, walk)
                if doc is None:
                    continue
                if doc.get("@id") != member["@id"] or not isinstance(doc.get("member"), list):
                    walk.problems.append(f"{nav_url}: not the {nav} of {member['@id']}")
                    continue
                want = member.get("totalChildren" if nav == "children" else "totalParents")
                if len(doc["member"]) != want:
                    walk.problems.append(f"{nav_url}: {len(doc['member'])} {nav}, the member says {want}")
                if nav == "parents" and kind == "Resource" and [p.get("@id") for p in doc["member"]] != [root["@id"]]:
                    walk.problems.append(f"{nav_url}: the parent is not the root collection")

    def _unit(self, unit: Any, url: str, walk: Walk) -> None:
        if not isinstance(unit, dict) or not set(unit) >= UNIT or unit.get("@type") != "CitableUnit":
            walk.problems.append(f"{url}: not a CitableUnit: {unit!r}"[:200])

    def _navigation(self, url: str, walk: Walk) -> dict | None:
        doc = self.get(url, walk)
        if doc is None:
            return None
        self._shape(doc, "Navigation", NAVIGATION, url, walk)
        if doc.get("@id") != url:
            walk.problems.append(f"{url}: @id {doc.get('@id')!r} is not the request's URL")
        self._shape(doc["resource"], "Resource", NAV_RESOURCE, url, walk, top=False)
        for unit in doc.get("member", []):
            self._unit(unit, url, walk)
        return doc

    def _resource(self, entry: dict, resource: dict, walk: Walk) -> None:
        rid = resource["@id"]
        template = resource["navigation"]
        trees = {}
        for down in (1, -1):
            url = uritemplate.expand(template, down=str(down))
            doc = self._navigation(url, walk)
            if doc is not None:
                trees[down] = [u["identifier"] for u in doc.get("member", [])]
                if "ref" in doc:
                    walk.problems.append(f"{url}: a whole-tree answer has a ref")
        if len(set(map(tuple, trees.values()))) > 1:
            walk.problems.append(f"{rid}: down=1 and down=-1 list different units of a one-level tree")
        self.absent(uritemplate.expand(template, down="0"), walk, "down=0 without ref is a 400")
        units = trees.get(-1, [])
        walk.units[rid] = units
        if len(units) != len(set(units)):
            walk.problems.append(f"{rid}: unit identifiers are not unique")
        for ref in units:
            for down in DOWNS:
                # as a string: uritemplate 4 takes the integer 0 for "no value" and writes ";down"
                url = uritemplate.expand(template, ref=ref, **({} if down is None else {"down": str(down)}))
                doc = self._navigation(url, walk)
                if doc is None:
                    continue
                if doc.get("ref", {}).get("identifier") != ref:
                    walk.problems.append(f"{url}: ref is not {ref}")
                members = [u["identifier"] for u in doc.get("member", [])]
                if down is None and "member" in doc:
                    walk.problems.append(f"{url}: a ref without down has members")
                elif down == 0 and members != units:  # siblings, the unit among them (the tree is one level)
                    walk.problems.append(f"{url}: down=0 does not list the siblings of {ref}")
                elif down in (1, -1) and members != [ref]:
                    walk.problems.append(f"{url}: down={down} of a leaf must list only the leaf")
        self._documents(resource, units, walk)

    def _documents(self, resource: dict, units: list[str], walk: Walk) -> None:
        if self._document(uritemplate.expand(resource["document"]), walk) is None:
            return
        for ref in units:
            url = uritemplate.expand(resource["document"], ref=ref)
            doc = self._document(url, walk)
            if doc is None:
                continue
            wrappers = list(doc.iter(f"{DTS}wrapper"))
            if len(wrappers) != 1 or [d.get("n") for d in wrappers[0].findall(f"{TEI}div")] != [ref]:
                walk.problems.append(f"{url}: no dts:wrapper holding exactly the unit {ref}")

    def _document(self, url: str, walk: Walk) -> ET.Element | None:
        """The TEI document at ``url`` (None if it is not served), checked for a header and for pointers that resolve."""
        text = self.get(url, walk)
        if text is None:
            return None
        doc = ET.fromstring(text.encode("utf-8"))
        walk.documents[url] = doc
        if doc.tag != f"{TEI}TEI" or doc.find(f"{TEI}teiHeader") is None:
            walk.problems.append(f"{url}: not a TEI document with a teiHeader")
        self._pointers(doc, url, walk)
        return doc

    def _pointers(self, doc: ET.Element, url: str, walk: Walk) -> None:
        """Every ``#id`` pointer resolves in its document, this one or another of the API's; none is relative."""
        ids = {e.get(XML_ID) for e in doc.iter() if e.get(XML_ID)}
        for elem in doc.iter():
            for attr in ("ana", "corresp", "target", "resp", "domains"):
                for pointer in (elem.get(attr) or "").split():
                    where, _, ident = pointer.partition("#")
                    if not where:
                        found = ident in ids
                    elif where.startswith(self.base):
                        found = self.path(where).is_file() and (not ident or ident in self._ids(where))
                    elif where.startswith(("https://", "http://")):
                        continue  # outside the API (a licence)
                    else:
                        walk.problems.append(f"{url}: {attr}={pointer!r} is a relative address")
                        continue
                    if not found:
                        walk.problems.append(f"{url}: {attr}={pointer!r} points at nothing")

    def _ids(self, url: str) -> set[str]:
        if url not in self._id_cache:
            root = ET.parse(self.path(url)).getroot()
            self._id_cache[url] = {e.get(XML_ID) for e in root.iter() if e.get(XML_ID)}
        return self._id_cache[url]
