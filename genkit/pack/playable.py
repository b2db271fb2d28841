"""The pack ready to play: loaded with its ``rules:`` section validated by its rules module, and
checked by the model's checks and the rules module's; nothing is laid out (see :mod:`genkit.pack`)."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from pydantic import ValidationError

from ..engine.rules import RULES_MODULES, rules_module as module_named
from ..model import load as model_load
from ..model.check import run_each, sort_findings
from ..model.check_context import CHECKS, Context
from ..model.check_map import setup_in_enemy_zones, stacked_setups
from ..model.load import schema_findings
from ..model.source import ContentError, Finding, Source
from ..model.schema import Content
from ..render.charts import section_model
from . import schema_cache


# --------------------------------------------------------------------------- loading

def load(path: str | Path, overrides: Iterable[str] = ()) -> tuple[Content, Source]:
    """Load, merge, override and validate a game, its ``rules:`` section by its rules module's
    ``Section``. Raises ContentError with findings, and nothing else."""
    schema_cache.complete(Content)
    content, source = model_load.load(path, overrides)
    errors = _rules_section_findings(content, source)
    if errors:
        raise ContentError(errors)
    return content, source


def _rules_section_findings(content: Content, source: Source) -> list[Finding]:
    """The ``rules:`` section checked by the model its rules module declares."""
    try:
        known, section = section_model(content.game.rules_module)
    except Exception:  # a rules module that cannot be imported: the checks report it, loading goes on
        return []
    if not known:
        return []
    if section is None:
        if content.rules is not None:
            return [source.finding("error", "schema", ("rules",),
                                   f"rules: rules module {content.game.rules_module} reads no rules section; "
                                   "remove it")]
        return []
    schema_cache.complete(section)
    try:
        section.model_validate(content.rules or {})
    except ValidationError as exc:
        return schema_findings(exc, source, section, ("rules",))
    return []


# --------------------------------------------------------------------------- the rules module's checks

def rules_module(ctx: Context):
    """The rules module is one the engine knows: play and sim cannot run without it."""
    module = ctx.content.game.rules_module
    if module not in RULES_MODULES:
        yield ctx.error("rules-module", ("game", "rules_module"),
                        f"no rules module '{module}' in this genkit (known: {', '.join(sorted(RULES_MODULES))}); "
                        f"a new game's rules go in genkit/engine/rules/{module}.py, registered in genkit/engine/rules/__init__.py")


def rules_requirements(ctx: Context):
    """What the rules module states it needs of the model (its record's ``requires``, a
    :class:`genkit.engine.rules.Requirements`): whatever it cannot run is an error naming
    the module's limit, so play, sim and build refuse the model before a game starts."""
    module = ctx.content.game.rules_module
    if module not in RULES_MODULES:
        return
    requires = module_named(module).requires
    if requires is None:
        return
    for path, message in requires.problems(module, ctx.content):
        yield ctx.error("rules-limit", path, message)


def rules_section(ctx: Context):
    """The rules module's own checks (its record's ``checks``) on its section of the model; the
    section itself was validated by the module's ``Section`` when the model was loaded."""
    name = ctx.content.game.rules_module
    if name not in RULES_MODULES:
        return
    module = module_named(name)
    model = module.section
    if model is None:
        return
    section = model.model_validate(ctx.content.rules or {})
    for fn in module.checks:
        yield from fn(ctx, section)


def setup_stacking(ctx: Context):
    """One unit per set-up space of a side, unless the rules module's pieces stack (its record's
    ``stacks``); two sides never in one set-up space nor next to each other (in an enemy zone of
    control), unless the module says the sides may start so (its record's ``setup_apart``). A
    pack naming no known module gets every check (the module check names the mistake)."""
    name = ctx.content.game.rules_module
    module = module_named(name) if name in RULES_MODULES else None
    if module is None or not module.stacks:
        yield from stacked_setups(ctx, same_side=True)
    if module is None or module.sets_up_apart(ctx.content):
        yield from stacked_setups(ctx, same_side=False)
        yield from setup_in_enemy_zones(ctx)


RULES_CHECKS = (rules_module, rules_requirements, rules_section, setup_stacking)


def play_findings(ctx: Context) -> list[Finding]:
    """The findings, unsorted, of the model's checks and the rules module's (the model's read
    from the module which attack types it reads on their own table)."""
    name = ctx.content.game.rules_module
    if name in RULES_MODULES and module_named(name).separate_attack_types is not None:
        ctx.separate_attack_types = frozenset(module_named(name).separate_attack_types(ctx.content))
    return run_each(CHECKS, ctx) + run_each(RULES_CHECKS, ctx)


def load_checked(path: str | Path, overrides: Iterable[str] = ()) -> tuple[Content, Source]:
    """The model and its source, ready to play: raises ContentError with the schema errors, or
    with the error findings of the model's and the rules module's checks (warnings pass).
    Nothing is laid out: whether the kit's drawings fit is the build's concern."""
    content, source = load(path, overrides)
    errors = [f for f in sort_findings(play_findings(Context(content, source))) if f.severity == "error"]
    if errors:
        raise ContentError(errors)
    return content, source


