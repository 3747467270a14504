"""The core's floor plan (docs/architecture.md): stages as subpackages, imports one way.

Every import statement of ``publisher/`` and ``plugins/`` is read from the source,
those inside functions and under ``TYPE_CHECKING`` too, and resolved to the project's
modules: ``from a.b import c`` depends on ``a.b`` and, where ``c`` is a module, on
``a.b.c``. No module may reach itself through them, and a module of the core imports
only its own stage and the stages before it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent

# The core's stages in pipeline order: a module imports only its own stage and earlier ones.
# A stage is a list of module names; "x.*" is every module under package x.
STAGES: list[tuple[str, list[str]]] = [
    ("vocabulary", ["publisher", "publisher.problems", "publisher.ranks", "publisher.native",
                    "publisher.text", "publisher.model", "publisher.failures", "publisher.languages"]),
    # What the hooks name: the interfaces that plugins implement or are handed.
    ("interfaces", ["publisher.formats", "publisher.build.kept", "publisher.publish.targets",
                    "publisher.live.sheets"]),
    ("the plugin door", ["publisher.hookspecs", "publisher.plugins"]),
    ("content", ["publisher.content", "publisher.content.*"]),
    ("formats", ["publisher.formats.*"]),
    ("build", ["publisher.build", "publisher.build.*"]),
    ("publish", ["publisher.publish", "publisher.publish.*"]),
    ("live", ["publisher.live", "publisher.live.*"]),
    ("commands", ["publisher.commands", "publisher.commands.*", "publisher.cli"]),
]
TOP_LEVEL_MODULES = 12


def modules() -> dict[str, Path]:
    """Every module of the core and the built-in plugins, by dotted name."""
    found = {}
    for path in [*ROOT.glob("publisher/**/*.py"), *ROOT.glob("plugins/**/*.py")]:
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules that module ``name`` imports anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            targets = [source, *(f"{source}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            if target in known:
                found.add(target)
            elif target.rpartition(".")[0] in known:
                found.add(target.rpartition(".")[0])  # a name from a module
    found.discard(name)
    return found


def graph() -> nx.DiGraph:
    known = modules()
    edges = nx.DiGraph()
    for name, path in known.items():
        edges.add_node(name)
        edges.add_edges_from((name, target) for target in imports(name, path, known))
    return edges


def stage_of(name: str) -> int:
    """The position of the stage that holds module ``name`` (its most specific pattern)."""
    best, length = None, -1
    for position, (_, patterns) in enumerate(STAGES):
        for pattern in patterns:
            prefix = pattern.removesuffix(".*")
            matches = name.startswith(prefix + ".") if pattern.endswith(".*") else name == pattern
            if matches and len(pattern) > length:
                best, length = position, len(pattern)
    assert best is not None, f"{name} belongs to no stage: add it to STAGES and docs/architecture.md"
    return best


def test_no_module_reaches_itself_through_its_imports():
    cycles = sorted(sorted(c) for c in nx.simple_cycles(graph()))
    assert cycles == []


def test_the_core_imports_one_way_and_knows_no_plugin():
    edges = graph()
    backwards = []
    for name, target in edges.edges:
        if not name.startswith("publisher"):
            continue
        assert target.startswith("publisher"), f"{name} imports the plugin module {target}"
        if stage_of(target) > stage_of(name):
            backwards.append(f"{name} ({STAGES[stage_of(name)][0]}) imports {target} "
                             f"({STAGES[stage_of(target)][0]})")
    assert backwards == []


def test_the_top_of_the_core_is_small_and_its_subpackages_are_the_stages():
    top = sorted(p.name for p in (ROOT / "publisher").glob("*.py"))
    assert len(top) <= TOP_LEVEL_MODULES, top
    packages = sorted(p.name for p in (ROOT / "publisher").iterdir() if (p / "__init__.py").is_file())
    assert packages == ["build", "commands", "content", "formats", "live", "publish"]
    for package in packages:  # each says what it owns and what it may import
        doc = ast.get_docstring(ast.parse((ROOT / "publisher" / package / "__init__.py").read_text()))
        assert doc and "import" in doc.lower(), package


def test_the_checks_see_imports_inside_functions_and_type_checking_blocks(tmp_path):
    """The resolver itself: a lazy import and a TYPE_CHECKING one are dependencies too."""
    path = tmp_path / "m.py"
    path.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from a.b import C\n"
                    "def f():\n    from a import d\n    import a.e\n", encoding="utf-8")
    known = {"m": path, "a": tmp_path, "a.b": tmp_path, "a.d": tmp_path, "a.e": tmp_path}
    assert imports("m", path, known) == {"a", "a.b", "a.d", "a.e"}
