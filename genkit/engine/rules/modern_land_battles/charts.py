"""Modern Land Battles' charts, drawn from the model for the player aid and the rules booklet:
the actions of a turn, how an attack or a maneuver is rolled, weapon ranges, the Action cards and
the Terrain cards."""
from __future__ import annotations

from .. import Chart
from . import cards as cd
from .section import Section

WEAPON_NAMES = {"small_arms": "Small arms", "cannon": "Cannon", "missile": "Missile", "artillery": "Artillery"}


def _sign(n: int) -> str:
    return f"{n:+d}" if n else "0"


def charts(content) -> list:
    sec = Section.model_validate(content.rules or {})
    hand = f"{sec.hand_size} (+{sec.headquarters_bonus} with a headquarters)"
    actions = Chart(
        "actions", "Your action (one per turn)", ("Action", "What it does"),
        (("Prepare", f"Remove all your Acted counters; discard any cards, then draw to your hand size, {hand}."),
         ("Reinforce", "Discard cards; their reinforcement values buy reserve forces of that many VP, "
                       "placed in your Breakthrough Area."),
         ("Maneuver Attack", "A ready force with a maneuver value moves to the Terrain or Flanking Area and "
                             "acts; you may play one card for its maneuver modifier."),
         ("Artillery Attack", "A ready artillery force moves to the target's area and acts; no card."),
         ("Play a Card", "Attack: a ready force with the card's weapon moves to the target's area and acts. "
                         "Engineers, Overrun and Recon Drone use no action.")),
        notes=("After your action your opponent may react with one card.",))
    rolls = Chart(
        "rolls", "Rolling an attack or a maneuver", ("Step", "Rule"),
        (("Dice", f"{sec.dice} d10, one less per hit on the acting force; a card may add one."),
         ("Attack", "Each die plus the weapon's modifier (plus 1 per superior counter, from the "
                    "Breakthrough Area) that reaches the target's armour is a hit."),
         ("Damage", f"{sec.hits_to_destroy} hits destroy a force: it joins the attacker's victory pile."),
         ("Maneuver", "Each die plus the card's modifier that reaches the force's maneuver value is a success."),
         ("Terrain", "A success moves the control counter one square toward you; off the end you secure the card."),
         ("Flanking", "A success removes an enemy superior counter, else adds one of yours.")))
    ranges = Chart(
        "ranges", "Weapon ranges (rows counted into the enemy formation)", ("Weapon", "Reaches"),
        (("Small arms", f"{sec.ranges.get('small_arms', 1)} row"),
         ("Cannon", f"{sec.ranges.get('cannon', 2)} rows"),
         ("Missile", f"from your first {sec.missile_rows} rows to their first {sec.missile_rows} rows"),
         ("Artillery", "the range on the card")),
        notes=("Your own row is not counted: a 2nd-row cannon reaches their 1st row.",), span="half")
    acts = cd.actions(content)
    action_cards = Chart(
        "action_cards", "Action cards", ("Card", "Needs", "Attack", "Defence", "Maneuver", "Reinforce", "Copies"),
        tuple((a.name, ", ".join(WEAPON_NAMES[cd.WEAPONS[w]] for w in a.needs) or "-",
               a.attack.replace("_", " ") if a.attack != "none" else "-",
               (a.defence.replace("_", " ") + (f" {a.stops}" if a.stops else "")) if a.defence != "none" else "-",
               _sign(a.maneuver), str(a.reinforce), str(a.copies)) for a in acts))
    terrain = Chart(
        "terrain_cards", "Terrain cards", ("Card", "Successes to secure", "VP", "Benefit"),
        tuple((t.name, str(t.reach + 1), str(t.vp), t.benefit.replace("_", " ")) for t in cd.terrains(content)),
        notes=("Successes counted from the start square.",), replaces="terrain", span="half")
    return [actions, rolls, ranges, terrain, action_cards]
