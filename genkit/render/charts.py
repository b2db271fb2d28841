"""The renderer's one door to a game's rules module: the charts it draws from the model
(:class:`genkit.engine.rules.Chart`; a module may define ``charts(content)``: the player aid
prints each chart in its section ``rules_charts`` and the rules booklet draws one with
``[[chart:ID]]``) and the model of its ``rules:`` section (the booklet's placeholders read it,
the pack step validates it). The module is looked up lazily from ``game.rules_module``, so no
game's name appears here."""

from __future__ import annotations

from pydantic import BaseModel

from ..model.schema import Content


def section_model(rules_module: str) -> tuple[bool, type[BaseModel] | None]:
    """(known, Section) of the rules module registered as ``rules_module``: known is False for a
    name the engine does not register (the pack's check ``rules_module`` reports it); Section is
    the module's model of its ``rules:`` section, or None when it has none."""
    from ..engine.rules import RULES_MODULES, rules_module as module_named
    if rules_module not in RULES_MODULES:
        return False, None
    return True, getattr(module_named(rules_module), "Section", None)


def module_charts(content: Content) -> list:
    """The charts of the game's rules module (none when it defines no ``charts``)."""
    from ..engine.rules import rules_module
    try:
        module = rules_module(content.game.rules_module)
    except ValueError:
        return []
    build = getattr(module, "charts", None)
    return list(build(content)) if build is not None else []


def replaced_sections(content: Content) -> set[str]:
    """The generic player-aid sections the module's charts supersede."""
    return {c.replaces for c in module_charts(content) if c.replaces}
