"""The opt-in event stream of the rules engine: what happened, at the moment it happened.

Off by default and free when off: ``State.events`` is None and the rules only
test ``s.events is not None`` at the few places where something happens. Turn
it on with ``game.initial_state(seed, events=[])`` (or ``play_game(...,
events=[])``, or by setting ``state.events = []`` on a live state); the rules
module then appends one small tuple per event. Events never change the game:
digests, rolls and logs are identical with events on and off. ``State.copy``
does not carry the list over (the copy's ``events`` is None).

Every event is a tuple whose first element is its kind (the constants below).
Sides, unit types, abilities and attack types are content ids (strings, as in
the YAML: ``"us"``, ``"inf"``, ``"air_strike"``, ``"primary"``); ``piece`` is
the piece id (index into ``State.loc``), ``card`` the card copy id, ``hex`` a
hex id string (``"0305"``), ``turn`` the game turn.

==================  ===========================================================================
kind                tuple
==================  ===========================================================================
BATTLE              ``("battle", side, lead_type, attack_type, column, face, result, defender_type,
                    eliminated, n_attackers, lead, defender)``: a battle was resolved (also an
                    extra attack). ``attack_type`` names the CRT row actually read (9.1: above
                    the highest column that is the last row, whatever the lead's distance).
                    ``column`` is the differential printed on the CRT column used,
                    ``face`` the die face, ``result`` the CRT result code; all three are None when
                    the battle missed without a roll (``below_lowest: miss``). ``eliminated``
                    (bool): the defender was eliminated. ``n_attackers`` counts the lead.
                    Appended before the REDUCED / ELIMINATED / KILLSTREAK it causes.
REDUCED             ``("reduced", side, type, piece, by_side, ability)``: a unit flipped to its
                    reduced side; ``ability`` None = by battle (the only cause in Bering Land).
ELIMINATED          ``("eliminated", side, type, piece, by_side, ability)``: a unit was
                    eliminated; ``ability`` None = by battle, else the ability id of the card.
KILLSTREAK          ``("killstreak", side, type)``: a kill by ``type`` completed (or was made on a
                    completed) killstreak track: one card more is due to ``side``.
CARD_DRAWN          ``("card_drawn", side, ability, card, source)``: a card went into the hand;
                    ``source`` "draw" (housekeeping, 11.1) or the ability id of the card that
                    fetched it (Care Package).
CARD_LOST           ``("card_lost", side, ability, card, why, source)``: a card due / fetched was
                    not kept: ``why`` "hand_limit" (11.3: it went to the discards) or
                    "empty_deck" (then ``ability`` is None and ``card`` -1: nothing could be
                    drawn); ``source`` as for CARD_DRAWN.
CARD_PLAYED         ``("card_played", side, ability, card, worked)``: a card was played; appended
                    when its roll is known (for target-choosing cards after the target choice,
                    before the effects). ``worked`` (bool): its roll(s) succeeded (always True for
                    a card without a roll; Air Drone: the first pick, which needs no roll).
CARD_HELD           ``("card_held", side, ability, card)``: the card was still in the hand when
                    the game ended (one per card, appended just before GAME_END).
STOPPED             ``("stopped", side, type, piece, until_turn, ability, by_side)``: a unit will
                    sit out its side's player turn ``until_turn`` (Air Drone).
INVULNERABLE        ``("invulnerable", side, ability, types)``: the side's units of the ``types``
                    (tuple of type ids) cannot be attacked or hit until its next combat phase.
INVULNERABLE_END    ``("invulnerable_end", side)``: that window closed (the side's combat phase
                    began).
REPL_RECEIVED       ``("repl_received", side, count)``: replacement steps available to the side
                    in this turn's respawn phase (only when ``count`` > 0).
REPL_USED           ``("repl_used", side, kind, piece, hex, consumed)``: one step used; ``kind``
                    "place" / "flip" / "combine"; ``hex`` None for a flip; ``consumed`` the tuple
                    of pieces removed by a combination (``()`` otherwise).
REPL_LOST           ``("repl_lost", side, count)``: unused steps lost when the side's respawn
                    step ended (10.2).
BASE_ENTERED        ``("base_entered", side, type, piece, hex)``: a unit entered the enemy base.
GAME_END            ``("game_end", winner, reason, turn)``: ``winner`` side id or None (draw);
                    always the last event.
==================  ===========================================================================

Conservation (checked in ``tests/engine/test_events.py``): per side, CARD_DRAWN - CARD_PLAYED
= cards held at the end = CARD_HELD events; KILLSTREAK = cards drawn + lost (source "draw")
+ cards still due; REPL_RECEIVED = REPL_USED + REPL_LOST; replaying the ELIMINATED and
REPL_USED events on the set-up gives every piece's final place (on the map, reserve,
eliminated, removed).
"""
from __future__ import annotations

BATTLE = "battle"
REDUCED = "reduced"
ELIMINATED = "eliminated"
KILLSTREAK = "killstreak"
CARD_DRAWN = "card_drawn"
CARD_LOST = "card_lost"
CARD_PLAYED = "card_played"
CARD_HELD = "card_held"
STOPPED = "stopped"
INVULNERABLE = "invulnerable"
INVULNERABLE_END = "invulnerable_end"
REPL_RECEIVED = "repl_received"
REPL_USED = "repl_used"
REPL_LOST = "repl_lost"
BASE_ENTERED = "base_entered"
GAME_END = "game_end"

KINDS = (BATTLE, REDUCED, ELIMINATED, KILLSTREAK, CARD_DRAWN, CARD_LOST, CARD_PLAYED, CARD_HELD,
         STOPPED, INVULNERABLE, INVULNERABLE_END, REPL_RECEIVED, REPL_USED, REPL_LOST,
         BASE_ENTERED, GAME_END)

#: number of fields (kind included) of each event tuple
ARITY = {BATTLE: 12, REDUCED: 6, ELIMINATED: 6, KILLSTREAK: 3, CARD_DRAWN: 5, CARD_LOST: 6,
         CARD_PLAYED: 5, CARD_HELD: 4, STOPPED: 7, INVULNERABLE: 4, INVULNERABLE_END: 2,
         REPL_RECEIVED: 3, REPL_USED: 6, REPL_LOST: 3, BASE_ENTERED: 5, GAME_END: 4}
