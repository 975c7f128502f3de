"""The package's layers: no module imports a layer above its own, and no imports go round in a cycle.

A static scan of every ``import`` in ``wararchive`` (at module level, inside
functions and under ``TYPE_CHECKING`` alike: a type-only import is still a
dependency a reader must follow), so a newcomer can trust the layout: the
rules core knows nothing of players, players nothing of OpenSpiel or
drawing, and so on up to the command line.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "wararchive"

# The first name below ``wararchive`` → its layer. A module may import its own layer and those below.
LAYERS = {
    # the foundation: errors, atomic files, the languages table, and the corpus built on them
    "__init__": 0,
    "errors": 0,
    "plugins": 0,  # what the entry-point groups share: plugin isolation, the id character set
    "fileio": 0,
    "paths": 0,  # where a checkout or an installed package builds and writes (the site, the studies)
    "languages": 0,
    "corpus": 0,
    "release": 0,  # the version, date and data licence every citation names (the corpus cites with it)
    "releases": 0,  # the release history the version's date is read from
    "engine": 1,  # the rules core: where a ruleset author works
    "result_text": 1,  # how a game's end is worded, the one wording the command line and the site share
    "rulesets": 2,
    "kernel": 3,  # the compiled kernel: the rules' mechanism on arrays, for the studies and the search above it
    "players": 4,  # players and search: where a player author works
    "interop": 5,
    "drawing": 5,
    "runner": 5,
    "study": 6,
    "testing": 6,  # the conformance kit: plays rulesets with the players and checks them through OpenSpiel too
    "site": 7,  # where a site author works
    "dataset": 7,
    "export": 7,
    "database": 7,
    "datadict": 7,
    "datasette_config": 7,
    "annotation": 7,
    "releasing": 7,  # the hashes of the corpus and the rulesets a release records, checked and recorded
    "cli": 8,
}


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name, for its ``__init__``)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ("wararchive", *path.relative_to(PACKAGE).with_suffix("").parts)
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The wararchive modules ``name`` imports, anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[: len(base) - node.level + 1] if node.level else []
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            submodules = {f"{target}.{alias.name}" for alias in node.names} & MODULES.keys()
            found |= submodules  # ``from .pkg import mod`` imports the module
            if len(submodules) < len(node.names):  # and a name that is no module is read from ``pkg`` itself
                found.add(target)
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def layer(module: str) -> int:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else "__init__"
    if top not in LAYERS:
        raise AssertionError(f"{module}: its package {top!r} has no layer in tests/package/test_layering.py's LAYERS")
    return LAYERS[top]


def test_every_module_has_a_layer():
    for module in MODULES:
        layer(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_layer_above_its_own(module):
    upward = sorted(t for t in GRAPH[module] if layer(t) > layer(module))
    assert not upward, f"{module} (layer {layer(module)}) imports {upward} from above"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def test_no_import_cycles():
    assert _cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_cycle():
    """The check above can fail: a ring of three and a pair are both found, a chain is not."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert sorted(_cycles(graph)) == [["a", "b", "c"], ["d", "e"]]


def test_the_scan_sees_relative_type_only_and_function_level_imports():
    """``from .x import``, imports under ``TYPE_CHECKING`` and inside functions all count."""
    assert "wararchive.engine.game" in GRAPH["wararchive.engine.board_game"]  # relative, module level
    assert "wararchive.engine.ruleset" in GRAPH["wararchive.engine.placing"]  # under TYPE_CHECKING
    assert "wararchive.drawing.boardplot" in GRAPH["wararchive.cli.engine_cmds"]  # inside a function


def test_the_authoring_surface_covers_what_the_rulesets_import():
    """Every name the project's rulesets take from the engine is in ``wararchive.engine.__all__``, the stable surface."""
    from wararchive import engine

    taken = set()
    for path in sorted((PACKAGE / "rulesets").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level and (node.module or "").startswith("engine"):
                taken |= {alias.name for alias in node.names}
    assert taken and sorted(taken - set(engine.__all__)) == []


ROOT = PACKAGE.parent
SCANNED = sorted([*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")])


def _compiled(node: ast.AST) -> bool:
    """Is this function compiled (``@njit(...)``, or ``@inner(...)``: :func:`wararchive.kernel.mt.inner`)?"""
    return any(
        isinstance(d, ast.Call) and getattr(d.func, "id", getattr(d.func, "attr", None)) in ("njit", "inner")
        for d in getattr(node, "decorator_list", ())
    )


def _inner(tree: ast.Module) -> set[str]:
    """The functions of a module compiled with no entry from Python (``@inner(...)``: :func:`wararchive.kernel.mt.inner`)."""
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        for d in node.decorator_list
        if isinstance(d, ast.Call) and getattr(d.func, "id", None) == "inner"
    }


def _python_calls(tree: ast.Module, module: str, inner: dict[str, set[str]]) -> list[str]:
    """Calls of ``inner`` functions made by Python code in ``tree`` (``module``): ``line: module.function``."""
    package = module.rpartition(".")[0]
    modules: dict[str, str] = {}  # a local name → the module it is
    functions: dict[str, tuple[str, str]] = {n: (module, n) for n in inner.get(module, ())}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update({a.asname: a.name for a in node.names if a.asname and a.name in inner})
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[: len(base) - node.level + 1] if node.level else []
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            for a in node.names:
                if f"{target}.{a.name}" in inner:
                    modules[a.asname or a.name] = f"{target}.{a.name}"
                elif a.name in inner.get(target, ()):
                    functions[a.asname or a.name] = (target, a.name)
    found = []

    def visit(node: ast.AST, compiled: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            compiled = _compiled(node)
        if isinstance(node, ast.Call) and not compiled:
            f = node.func
            if isinstance(f, ast.Name) and f.id in functions:
                found.append(f"{node.lineno}: {'.'.join(functions[f.id])}")
            elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
                target = modules.get(f.value.id)
                if target is not None and f.attr in inner[target]:
                    found.append(f"{node.lineno}: {target}.{f.attr}")
        for child in ast.iter_child_nodes(node):
            visit(child, compiled)

    visit(tree, False)
    return found


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def trees() -> dict[str, ast.Module]:
    """Every scanned module's syntax tree, parsed when a test first asks (not while each worker collects)."""
    return {_module_name(p): ast.parse(p.read_text(encoding="utf-8")) for p in SCANNED}


@cache
def no_entry() -> dict[str, set[str]]:
    """Each module's functions without a Python entry (:func:`_inner`)."""
    return {m: names for m, tree in trees().items() if (names := _inner(tree))}


def test_functions_without_a_python_entry_are_called_only_by_compiled_code():
    """Python calling an ``inner`` function (:func:`wararchive.kernel.mt.inner`) crashes the interpreter: no such call."""
    assert {"wararchive.kernel.playout", "wararchive.kernel.families.sojamang"} <= no_entry().keys()
    calls = {m: found for m, tree in trees().items() if (found := _python_calls(tree, m, no_entry()))}
    assert calls == {}


def test_the_entry_check_finds_a_python_call():
    """The check above can fail: Python calling through a module alias or an imported name is found; compiled code is not."""
    source = (
        "from wararchive.kernel import playout as k\nfrom wararchive.kernel.playout import _place\n"
        "@njit(**LEAF)\ndef fine(S, W):\n    k._place(S, W, 0, None)\n"
        "def wrong(S, W):\n    k._place(S, W, 0, None)\n    return _place(S, W, 1, None)\n"
    )
    found = _python_calls(ast.parse(source), "tests.example", no_entry())
    assert found == ["7: wararchive.kernel.playout._place", "8: wararchive.kernel.playout._place"]
