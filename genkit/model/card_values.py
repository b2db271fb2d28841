"""What a deck's declared field accepts: :func:`value_problem` says what is wrong with a value
(the checks report it, naming the file, line and, for a CSV, row and column), and
:func:`deck_values_ok` says whether every card of a deck gives a value of its declared type,
so that the checks that read the values (a rules module's, the card faces') run only then."""
from __future__ import annotations

import difflib


def nearest(name: str, known) -> str:
    """"; did you mean 'x'?" for the known name nearest ``name`` (difflib), or ''."""
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def value_problem(content, spec, value) -> str:
    """What is wrong with ``value`` as a value of the field ``spec``, or ''."""
    if spec.is_list:
        if not isinstance(value, list):
            return f"is {value!r}, not a list"
        return next((p for p in (_one(content, spec, v) for v in value) if p), "")
    if isinstance(value, list):
        return "is a list; the field holds one value"
    return _one(content, spec, value)


def _one(content, spec, value) -> str:
    t = spec.type
    if t in ("integer", "number"):
        if isinstance(value, str) and value in spec.words:
            return ""
        if not isinstance(value, int) or isinstance(value, bool):
            words = f" or {', '.join(spec.words)}" if spec.words else ""
            return f"is {value!r}, not a whole number{words}"
        lo, hi = spec.bounds()
        if not lo <= value <= hi:
            what = f"a face of the d{spec.die}" if spec.die else f"from {lo} to {hi}"
            return f"is {value}, not {what}"
        return ""
    if not isinstance(value, str):
        return f"is {value!r}, not text"
    if t == "choice" and value not in spec.options:
        return f"is '{value}', not one of {', '.join(spec.options)}{nearest(value, spec.options)}"
    if t in ("symbol", "symbols"):
        names = content.symbol_names(spec.set)
        if names and value not in names:
            return f"is '{value}', not a symbol of {spec.set} ({', '.join(names)}){nearest(value, names)}"
    return ""



def deck_values_ok(content, deck) -> bool:
    """Every value of every card (and copy) of ``deck`` is declared and of its declared type,
    and every field without a default is given."""
    for card in deck.cards:
        given = [{**card.values, **cp} for cp in card.copies] or [card.values]
        for values in given:
            for name, spec in deck.fields.items():
                if name not in values:
                    if spec.default is None:
                        return False
                elif value_problem(content, spec, values[name]):
                    return False
            if any(name not in deck.fields for name in values):
                return False
    return True
