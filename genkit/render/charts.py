"""Charts a game's rules module draws from the model (:class:`genkit.engine.rules.Chart`): a
module may define ``charts(content)``; the player aid prints each chart in its section
``rules_charts`` and the rules booklet draws one with ``[[chart:ID]]``. The module is looked up
lazily from ``game.rules_module``, so no game's name appears here."""

from __future__ import annotations

from ..model.schema import Content


def module_charts(content: Content) -> list:
    """The charts of the game's rules module (none when it defines no ``charts``)."""
    from ..engine.rules import rules_module
    try:
        module = rules_module(content.game.rules_module)
    except ValueError:
        return []
    build = module.charts
    return list(build(content)) if build is not None else []


def replaced_sections(content: Content) -> set[str]:
    """The generic player-aid sections the module's charts supersede."""
    return {c.replaces for c in module_charts(content) if c.replaces}
