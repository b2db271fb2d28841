"""The charts of a game on the Strike the Bear system: the standard rules' terrain, stacking
and modifier charts, every die-roll table of the model (standard rules case 14), and the
operations ratings (1.2), the Luftwaffe's missions (9.0), the odds headings of the CRT (11.3) and
victory by objectives (13.0)."""
from __future__ import annotations

from ...die_tables import die_table_charts
from .. import Chart
from ..standard.charts import crt_choice_chart, modifiers_chart, stacking_chart, terrain_chart
from .section import Section


def ops_chart(content, section: Section) -> Chart:
    """1.2, 11.5.4, 12.3.4: what each unit type costs in OPs."""
    names = {t.id: t.name for t in content.unit_types}
    rows = tuple((names.get(t, t), str(n)) for t, n in section.ops.items())
    notes = ("Pay a unit's rating to supply it in a battle out of rail supply (11.5.4), to rebuild it (12.4) or "
             "to bring it back from the Eliminated box, reduced (12.3).",)
    return Chart("ops_ratings", "Operations ratings", ("Unit", "OPs"), rows, notes, span="half")


def combat_modifiers_chart(section: Section) -> Chart:
    """11.4-11.8: the shifts and modifiers of the system."""
    rows = ((("River (11.4.2)", f"a river running right through the space (marked): {section.river.shift}L"),)
            if section.river is not None else ()) + (
            ("Weather", "as the Weather Determination table's Combat column, for every battle"),
            ("Unsupplied (11.5)", f"{section.unsupplied_shift}L attacking, {section.unsupplied_shift}R defending, "
                                  "unless bought with OPs"),
            ("Combined arms (11.7)", f"infantry with armour: {section.combined_arms_shift}R attacking, "
                                     f"{section.combined_arms_shift}L defending"),
            ("Out of command (11.8.1)", f"no leader within one space: -{section.leaders.out_of_command_drm} "
                                        f"attacking, +{section.leaders.out_of_command_drm} defending"))
    return Chart("stb_modifiers", "Shifts and modifiers", ("Cause", "Effect"), rows)


def luftwaffe_chart(section: Section) -> Chart | None:
    """9.0-9.3: the Luftwaffe's range and missions, with the model's numbers."""
    air = section.luftwaffe
    if air is None:
        return None
    rows = (("Flight (9.1)", f"up to {air.range} spaces (oxes or diamonds) in its side's redeployment (one of the "
                             "units redeployed) and movement phases, in any weather"),
            ("Interdiction (9.2.1)", "landed on an enemy rail line (no friendly unit there, east of the railhead): no "
                                     "enemy rail or truck supply or line of communication through the space; an enemy "
                                     "leader there commands only his space; enemy units entering stop; no enemy rail "
                                     "move in or out"),
            ("Air supply (9.2.4)", f"landed where both sides stand: supplies {air.supplies} stacking points of its "
                                   "side's units there (an army, a panzer group or two corps), without OPs"),
            ("Support (9.2.3)", f"landed anywhere else: joins the first battle of the turn within {air.range} spaces, "
                                f"{air.shift} column in its side's favour"),
            ("Bombing (9.2.2)", f"joining a battle, first a die at most {air.rating} (reduced {air.reduced_rating}), "
                                "with the weather's modifier, disrupts an enemy truck in or next to it"),
            ("Losses (9.3)", f"a loss or withdrawal of its side in its battle reduces it; it refits in a "
                             f"reorganization for {air.ops} OPs"))
    return Chart("luftwaffe", "Luftwaffe", ("Mission", "Effect"), rows)


def victory_chart(content, section: Section) -> Chart:
    """13.1-13.5 as this game's victory section (it replaces the generic one, which knows only
    the end conditions of the turn track): objectives held at the end decide."""
    obj, turns = section.objectives, content.turn_track.turns
    rolled = (f"after turn {turns}, each side rolls once on the Objectives table" if section.solitaire else
              "each OB result on the Operations table rolls a new set on the Objectives table")
    rows = [("Objectives (13.2)", f"the four cities of a side's last set count, earlier sets no longer do; {rolled}"),
            ("Holding (13.1.1)", "a space belongs to the last side whose units stood in it alone, even if both sides "
                                 "stand there at the end; at the start, each side holds what lies on its side of the "
                                 "front"),
            ("Two-space cities (13.1.2)", "a city drawn on two spaces is held only by holding both")]
    rows += [(f"{edge} (13.1.3)", f"held by holding every one of {', '.join(spaces)}")
             for edge, spaces in obj.edges.items()]
    rows += [("No set rolled (13.3)", f"a side that never rolled a set plays for {', '.join(obj.default)}"),
             ("Outright win (13.5)", f"after turn {turns}, only one side holds all its objectives"),
             ("Narrow win (13.5)", "neither side holds all of its own: the one holding more of them wins"),
             ("Draw (13.5)", "both sides hold all their objectives, or neither does and they hold as many")]
    if any(v.kind == "no_units" for v in content.game.victory):
        rows.append(("No units left", "a side with no unit on the map at a turn's end loses at once"))
    return Chart("victory", "Victory", ("Case", "Rule"), tuple(rows), replaces="victory")


def charts(content) -> list:
    section = Section.model_validate(content.rules or {})
    choice = section.combat.choice            # 11.3: odds at the attacker's choice (standard case 8.13)
    odds = [crt_choice_chart(content, section)] if choice is not None and len(
        choice.differential or choice.odds or ()) == len(content.crt.columns) else []
    air = [luftwaffe_chart(section)] if section.luftwaffe is not None else []
    return [terrain_chart(content, section), stacking_chart(content, section), modifiers_chart(content, section),
            combat_modifiers_chart(section), ops_chart(content, section)] + air + odds + \
        [victory_chart(content, section)] + die_table_charts(content)
