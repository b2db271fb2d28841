"""The combat results table as int lookups: result effects as codes, and :class:`CrtTable`."""
from __future__ import annotations


EFFECT_NONE, EFFECT_STEP, EFFECT_ELIMINATE, EFFECT_ATTACKER_STEP = 0, 1, 2, 3
EFFECT_ATTACKER_ELIMINATE, EFFECT_RETREAT, EFFECT_ATTACKER_RETREAT, EFFECT_EXCHANGE = 4, 5, 6, 7
#: every result effect of the content model (crt.results[].effect), as its code; a rules module
#: applies those it names in its Requirements (crt_effects) and refuses the others
EFFECT_NAMES = ("none", "step_loss", "eliminate", "attacker_step_loss", "attacker_eliminate", "retreat",
                "attacker_retreat", "exchange")
_EFFECTS = {name: code for code, name in enumerate(EFFECT_NAMES)}
FORBIDDEN = -1          # CrtTable.column(): the battle may not be fought
AUTO_MISS = -2          # CrtTable.column(): the battle misses without a roll


class CrtTable:
    """The combat results table as int lookups.

    Columns are differentials (attack minus defence) or odds ("3:1", attack to defence).
    Column choice: a value between printed columns uses the one below (``round_down``) or
    above (``round_up``); above the highest uses the highest; below the lowest is
    ``forbidden``, ``use_lowest`` or ``miss``. :meth:`pick` takes the two strengths and
    serves both kinds; :meth:`column` takes a differential.

    Results: :meth:`result` gives the effect code (EFFECT_*, every effect of
    :data:`EFFECT_NAMES`), ``codes`` the printed result codes, and per code ``effect_of``
    (its effect code) and ``hexes_of`` (the hexes a retreat result moves, 0 none).

    Rolls: ``dice`` dice of ``faces`` faces, added (``crt.dice``; 2d6 reads rows 2..12). A row
    holds one result per roll from ``low`` (the lowest roll: the number of dice) to ``high``;
    :meth:`cell` keeps a modified roll on the table; ``chances[i]``: the probability of the
    roll of cell ``i``.
    """

    def __init__(self, crt):
        self.type_names = list(crt.attack_types)
        self.faces = crt.die_faces
        self.dice = crt.dice
        self.low, self.high = crt.rolls[0], crt.rolls[-1]
        self.chances = _sum_chances(crt.dice, crt.die_faces)
        self.effect_of = effect_of = {r.code: _EFFECTS[r.effect] for r in crt.results}
        self.hexes_of = {r.code: r.hexes or 0 for r in crt.results}
        self.odds = crt.uses_odds
        if self.odds:
            ratio = [tuple(int(x) for x in c.odds.split(":")) for c in crt.columns]
            order = sorted(range(len(ratio)), key=lambda k: ratio[k][0] / ratio[k][1])
            cols = [crt.columns[k] for k in order]
            self.ratios = [ratio[k] for k in order]
            self.labels = [c.odds for c in cols]
            self.differentials = []
        else:
            cols = sorted(crt.columns, key=lambda c: c.differential)
            self.differentials = self.labels = [c.differential for c in cols]
            self.lowest = self.differentials[0]
            self.highest = self.differentials[-1]
        self.round_down = crt.between_columns == "round_down"
        self.below_lowest = crt.below_lowest
        self.table = [[[effect_of[code] for code in c.rows[t]] for t in self.type_names] for c in cols]
        self.codes = [[list(c.rows[t]) for t in self.type_names] for c in cols]   # result codes
        self.top = len(cols) - 1
        self._picked: dict = {}
        self._col = {}
        for d in (range(self.lowest, self.highest + 1) if not self.odds else ()):
            if self.round_down:
                idx = max(k for k, v in enumerate(self.differentials) if v <= d)
            else:
                idx = min(k for k, v in enumerate(self.differentials) if v >= d)
            self._col[d] = idx

    def column(self, differential: int) -> int:
        """Column index for ``differential``, or FORBIDDEN / AUTO_MISS below the lowest
        (a differential table: :meth:`pick` serves both kinds)."""
        if self.odds:
            raise ValueError("an odds CRT has no differential columns: use pick(attack, defence)")
        if differential >= self.highest:
            return self.top
        if differential < self.lowest:
            return self._below()
        return self._col[differential]

    def pick(self, attack: int, defence: int) -> int:
        """Column index for these strengths (a differential or odds table), or FORBIDDEN /
        AUTO_MISS below the lowest column."""
        if not self.odds:
            return self.column(attack - defence)
        k = self._picked.get((attack, defence))
        if k is None:
            k = self._picked[attack, defence] = self._odds_column(attack, defence)
        return k

    def _odds_column(self, attack: int, defence: int) -> int:
        """:meth:`pick` of an odds table (remembered per pair of strengths by ``_picked``)."""
        if attack <= 0:                     # nothing to attack with: below every column
            return self._below()
        # attack:defence against each printed a:d, exactly: attack * d versus defence * a
        # (a defence of 0 meets every column: the highest)
        at_or_below = [k for k, (a, d) in enumerate(self.ratios) if attack * d >= defence * a]
        if not at_or_below:
            return self._below()
        k = at_or_below[-1]
        if self.round_down or k == self.top:
            return k
        a, d = self.ratios[k]
        return k if attack * d == defence * a else k + 1

    def _below(self) -> int:
        if self.below_lowest == "use_lowest":
            return 0
        return FORBIDDEN if self.below_lowest == "forbidden" else AUTO_MISS

    def allowed(self, differential: int) -> bool:
        """May a battle at this differential be fought (a differential table)?"""
        return differential >= self.lowest or self.below_lowest != "forbidden"

    def result(self, column: int, type_index: int, face: int) -> int:
        return self.table[column][type_index][face - self.low]

    def cell(self, roll: int) -> int:
        """The index in a row of a (modified) roll, kept within the table's lowest and highest."""
        return (self.low if roll < self.low else self.high if roll > self.high else roll) - self.low


def _sum_chances(dice: int, faces: int) -> list:
    """The probability of each sum of ``dice`` dice of ``faces`` faces, lowest sum first."""
    ways = [1] * faces
    for _ in range(dice - 1):
        nxt = [0] * (len(ways) + faces - 1)
        for i, w in enumerate(ways):
            for f in range(faces):
                nxt[i + f] += w
        ways = nxt
    total = faces ** dice
    return [w / total for w in ways]
