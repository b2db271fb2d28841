"""Compiling a pack's template: the hooks the budget needs in the generated code, and nesting
limits that keep jinja2's parser and Python's compiler from failing in their own words.

jinja2 parses brackets, operators and filters by recursion, and Python refuses generated code
with more than 20 loops nested in one function or 100 levels of indentation; each failed with a
message about genkit's insides (a RecursionError, a SyntaxError at a line of the generated
code).  :func:`parse` refuses such a template as a ``TemplateSyntaxError`` in genkit's words,
naming the template's line.
"""

from __future__ import annotations

from typing import Any

from jinja2 import TemplateSyntaxError, compiler, nodes
from jinja2.parser import Parser

#: levels of nesting in one expression or tag (brackets, operators, filters, tags in tags);
#: genkit's templates nest at most 11
NESTING_LIMIT = 50
#: tags with a body ({% for %}, {% if %}, {% macro %} ...) nested in each other; genkit's nest
#: at most 5, Python's compiler takes no more than 20 loops
TAG_NESTING_LIMIT = 12
_TAGS = (nodes.For, nodes.If, nodes.Macro, nodes.CallBlock, nodes.FilterBlock, nodes.With,
         nodes.Block, nodes.AssignBlock, nodes.ScopedEvalContextModifier)


def parse(environment: Any, source: str, name: str | None, filename: str | None) -> nodes.Template:
    """The template's syntax tree, or a ``TemplateSyntaxError`` at its line when it nests
    deeper than :data:`NESTING_LIMIT` or :data:`TAG_NESTING_LIMIT`."""
    parser = Parser(environment, source, name, filename)
    try:
        tree = parser.parse()
    except RecursionError:
        raise TemplateSyntaxError(_too_deep("an expression", NESTING_LIMIT), parser.stream.current.lineno,
                                  name, filename) from None
    stack = [(tree, 0, 0)]  # a stack, not recursion: the tree may be deep
    while stack:
        node, depth, tags = stack.pop()
        if depth > NESTING_LIMIT:
            raise TemplateSyntaxError(_too_deep("an expression", NESTING_LIMIT), node.lineno, name, filename)
        if tags > TAG_NESTING_LIMIT:
            raise TemplateSyntaxError(_too_deep("tags", TAG_NESTING_LIMIT), node.lineno, name, filename)
        stack.extend((child, depth + 1, tags + isinstance(child, _TAGS)) for child in node.iter_child_nodes())
    return tree


def _too_deep(what: str, limit: int) -> str:
    if what == "tags":
        return (f"tags with a body ({{% for %}}, {{% if %}}, {{% macro %}} ...) nested more than {limit} "
                "deep; put the inner ones in a template of their own and {% include %} it")
    return (f"brackets, operators or filters nested more than {limit} levels deep; build the value "
            "in steps with {% set %}")


class CodeGenerator(compiler.CodeGenerator):
    """jinja2's code generator with three hooks the sandbox does not have: loop iterations,
    the ``~`` operator and constant template text all go through the budget."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # jinja2 allows no custom node types, so a loop's iterable is marked by identity and
        # wrapped when jinja2 visits it (once, wherever visit_For writes it)
        self._loop_iterables: set[int] = set()

    def visit_For(self, node: nodes.For, frame: compiler.Frame) -> None:
        self._loop_iterables.add(id(node.iter))
        super().visit_For(node, frame)

    def visit(self, node: nodes.Node, *args: Any, **kwargs: Any) -> Any:
        if id(node) not in self._loop_iterables:
            return super().visit(node, *args, **kwargs)
        self._loop_iterables.discard(id(node))
        self.write("environment.count_loop(")
        super().visit(node, *args, **kwargs)
        self.write(")")

    @compiler.optimizeconst
    def visit_Concat(self, node: nodes.Concat, frame: compiler.Frame) -> None:
        self.write("environment.concat_checked((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def visit_Output(self, node: nodes.Output, frame: compiler.Frame) -> None:
        # text between tags costs nothing to compute but a loop can write it without end
        text = sum(len(n.data) for n in node.nodes if isinstance(n, nodes.TemplateData))
        if text:
            self.writeline(f"environment.write_text({text})")
        super().visit_Output(node, frame)
