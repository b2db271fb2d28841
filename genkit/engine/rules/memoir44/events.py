"""Memoir '44's own event kinds (the generic ones: :mod:`genkit.engine.events`; a battle is also
the generic ``Battle`` without a CRT column, a unit's last figure lost the generic ``Eliminated``,
a card played and drawn the generic card events)."""
from __future__ import annotations

from ...events import kind

Ordered = kind("ordered", "Ordered", "side card count",
               """3.2: ``count`` units were ordered with ``card``.""", __name__)
DiceBattle = kind("dice_battle", "DiceBattle", "side type piece target_type target distance dice faces hits flags",
                  """5.5: a unit battled: ``dice`` rolled, ``faces`` their symbols (a tuple), ``hits`` figures
                  struck, ``flags`` retreat flags rolled (before any ignored).""", __name__)
FiguresLost = kind("figures_lost", "FiguresLost", "side type piece count why",
                   """5.6 / 6.3 / 11.5: a unit lost ``count`` figures; ``why`` "hits", "blocked_retreat" or "landing".""", __name__)
Retreated = kind("retreated", "Retreated", "side type piece hex",
                 """6.1: a unit fell back one hex, to ``hex``.""", __name__)
GroundTaken = kind("ground_taken", "GroundTaken", "side type piece hex",
                   """7.1: a unit advanced into the hex it emptied.""", __name__)
FeatureCleared = kind("feature_cleared", "FeatureCleared", "side type piece hex feature",
                      """8.5: a unit removed the ``feature`` of its ``hex`` (wire).""", __name__)
Medal = kind("medal", "Medal", "side count why",
             """9.1 / 9.2: ``side``'s medals changed by ``count`` (negative: an objective left); ``why``
             "eliminated" or the objective's hex id.""", __name__)

Strike = kind("strike", "Strike", "side target target_type faces hits flags",
              """3.10: a tactic card struck unit ``target``: ``faces`` rolled, ``hits`` figures struck,
              ``flags`` retreat flags (before any ignored).""", __name__)
Rally = kind("rally", "Rally", "side faces",
             """3.13: the dice of a rally card, whose ``faces`` say which units it may order.""", __name__)

TookOff = kind("took_off", "TookOff", "side type piece hex",
               """11.2: an air unit took off from ``hex``.""", __name__)
Landed = kind("landed", "Landed", "side type piece hex faces hits",
              """11.5: an air unit landed from ``hex``: the landing dice showed ``faces``, ``hits`` figures
              lost.""", __name__)

ORDERED, DICE_BATTLE, FIGURES_LOST, RETREATED, GROUND_TAKEN, MEDAL = (
    "ordered", "dice_battle", "figures_lost", "retreated", "ground_taken", "medal")
