"""``genkit tune``: let the simulator find the numbers that meet a balance target.

The designer names the open numbers (``--vary KEY=lo..hi`` or ``KEY=a,b,c``, KEY a dotted
``--set`` path) and the goals (``--target``, for every ``--bots`` pair): a side's win rate
``SIDE=P[+-TOL]``, the mean game length ``length=MEAN[+-TOL]`` (turns, tolerance 1), the
absolute first-player edge ``first_edge<=BOUND`` and ``cards=all`` (every card played), measured
as ``genkit sim --json`` reports them (``length``, ``design.first_player_advantage``,
``design.dead_cards``). The
search is optuna's TPE sampler, seeded from ``--seed`` and run one trial at a time, so the same
seed gives the same trials and figures (and the simulator's per-game seeds make them the same
for any number of workers). The objective is noisy, so:

* paired seeds: every trial plays the same game seeds (game *i* of every trial has the seed
  ``game_seed(seed, i)``), so two candidates differ by their settings, not by their dice;
* a candidate met again is not played again (same settings, same seeds: same figures);
* the best few candidates are played again with more games (``confirm_games``), and the best is
  chosen on those figures, which lessens the winner's curse of a noisy search;
* every win rate is given with its Wilson 95% interval.

The objective of a trial is the worst normalised deviation (the deviation over the goal's
tolerance, see :func:`measure`) over every bot pair and goal: 0 is a hit, at most 1 is inside the
tolerance. A goal is *met* only when its whole 95% interval lies inside the tolerance; the target
is met when every goal is met for every bot pair. Best settings inside the tolerance whose
intervals are still wider than it are played again with twice the games, up to
``CONFIRM_DOUBLINGS`` times, until they are met or fall outside.
"""
from __future__ import annotations

import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..model.load import ContentError, read_raw
from ..model.overrides import raw_path
from .runner import simulate
from .tune_goals import figure_text, goal_json, goal_kind, measure
from .tune_patch import dump_patch, patch_text, value_at, yaml_patch

# --------------------------------------------------------------------------- validation

def validate(content, knobs: list, targets: list, bot_pairs: list, fixed: list) -> list:
    """Check everything against the model before a game is played.

    A path that names nothing or a side that the game does not have is a usage error
    (ValueError, the same words as ``--set``'s, nearest valid paths included); a value that
    breaks the content raises ContentError with its findings. Returns the game's side ids."""
    from ..engine import rules_module
    from ..pack.playable import load_checked
    from .bots import parse_bots
    keys = [k.key for k in knobs]
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise ValueError(f"--vary {dup[0]} is given twice")
    for s in fixed:
        k = s.split("=", 1)[0].strip()
        if k in keys:
            raise ValueError(f"{k} is both fixed with --set and varied with --vary")
    base, _ = load_checked(content, fixed)             # the game itself must be sound: ContentError
    for knob in knobs:
        try:
            load_checked(content, fixed + [f"{knob.key}={knob.values[0]}"])
        except ContentError as exc:
            bad = [f for f in exc.findings if f.code == "bad-set"]
            if bad:
                raise ValueError(bad[0].message.replace("--set '", "--vary '", 1))
            raise
        for v in knob.values[1:]:
            load_checked(content, fixed + [f"{knob.key}={v}"])   # a value that breaks the game: ContentError
    sides = [s.id for s in base.game.sides]
    kinds = [goal_kind(t) for t in targets]
    for kind_ in ("length", "first_edge", "cards"):
        if kinds.count(kind_) > 1:
            raise ValueError(f"--target {kind_}: given twice; give each goal once")
    if "cards" in kinds:
        from .observe import deck
        if not deck(base):
            raise ValueError("--target cards=all: the game has no cards (no deck); the goals of a game without "
                             "cards are SIDE=P[+-TOL], length=MEAN[+-TOL] and first_edge<=BOUND")
    if "first_edge" in kinds and base.game.first_side not in sides:
        raise ValueError("--target first_edge: the game names no first side (game.first_side)")
    for t in targets:
        if t.side is not None and t.side not in sides:
            raise ValueError(f"--target {t.describe()}: the game has no side '{t.side}' (sides: {', '.join(sides)})")
    kind = rules_module(base.game.rules_module).Game
    for pair in bot_pairs:
        if pair is not None:
            try:
                parse_bots(pair, len(sides), kind)
            except ValueError as exc:
                raise ValueError(f"--bots {pair}: {exc}")
    return sides


# --------------------------------------------------------------------------- evaluation

@dataclass
class Evaluation:
    """One set of settings played with every bot pair."""
    settings: dict                  # key -> YAML text
    games: int
    pairs: list                      # [{bots, win_rate: {side: {p, ci95, wins, games}}, deviations, failed}]
    objective: float
    met: bool
    failed: bool = False

    @property
    def inside(self) -> bool:
        """Every estimate within its goal's tolerance (the intervals may still be wider)."""
        return all(d["inside"] for p in self.pairs for d in p["deviations"])

    def to_json(self) -> dict:
        return {"settings": dict(self.settings), "games": self.games, "objective": self.objective,
                "met": self.met, "failed": self.failed, "pairs": self.pairs}


def evaluate(content, settings: dict, fixed: list, targets: list, bot_pairs: list, games: int, seed: int,
             workers, check: str, scheduler=None, progress: bool = False) -> Evaluation:
    """Play ``settings`` ``games`` games with every bot pair (``progress``: a progress bar on stderr
    for each)."""
    sets = list(fixed) + [f"{k}={v}" for k, v in settings.items()]
    pairs, worst, met, failed = [], 0.0, True, False
    for bots in bot_pairs:
        m = simulate(content, sets, games=games, seed=seed, bots=bots, workers=workers, progress=progress,
                     check_invariants=check, scheduler=scheduler)
        rates = {s: m.win_rate(s) for s in m.sides}
        devs = []
        for t in targets:
            row = measure(t, m)
            devs.append(row)
            worst = max(worst, row["score"])
            met = met and row["met"]
        failed = failed or m.failed
        pairs.append({"bots": ",".join(m.meta["bots"]), "win_rate": rates, "draws": m.draws,
                      "deviations": devs, "failed": m.failed, "violations": m.violation_count})
    return Evaluation(dict(settings), games, pairs, worst, met, failed)


# --------------------------------------------------------------------------- the search

@dataclass
class TuneResult:
    content: str
    knobs: list
    targets: list
    bot_pairs: list                  # as given (None: the game's default bot)
    fixed: list
    games: int
    confirm_games: int
    seed: int
    trials: list = field(default_factory=list)       # [{number, settings, objective, met, pairs}]
    confirmed: list = field(default_factory=list)    # Evaluation, best first
    best: Evaluation | None = None
    optuna_version: str = ""
    space: int = 0                   # distinct settings the ranges allow
    repeats: int = 0                 # proposals of settings already played (told, not played)

    @property
    def failed(self) -> bool:
        return any(t.get("failed") for t in self.trials) or any(e.failed for e in self.confirmed)

    def set_args(self, settings: dict | None = None) -> list:
        settings = self.best.settings if settings is None else settings
        return list(self.fixed) + [f"{k}={v}" for k, v in settings.items()]

    def sim_commands(self) -> list:
        """The `genkit sim` lines that check the best settings independently, one per bot pair."""
        sets = " ".join(f"--set {_shell(s)}" for s in self.set_args())
        out = []
        for pair in self.bot_pairs:
            bots = f" --bots {pair}" if pair else ""
            out.append(f"genkit sim {_shell(self.content)}{bots} --games {max(1000, self.confirm_games)} "
                       f"--seed {self.seed} {sets}".rstrip())
        return out

    def changes(self) -> dict:
        """The values of the best settings (and the fixed --set) that differ from the game's files."""
        if self.best is None:
            return {}
        raw, _, errors = read_raw(Path(self.content))
        if errors:
            raise ContentError(errors)
        wanted = dict(s.split("=", 1) for s in self.fixed)
        wanted.update(self.best.settings)
        out = {}
        for key, text in wanted.items():
            key = key.strip()
            new = yaml.safe_load(text) if text.strip() else None
            try:
                changed = value_at(raw, raw_path(raw, key.split("."))) != new
            except KeyError:                    # a new entry of a mapping (a turn not in the schedule)
                changed = True
            if changed:
                out[key] = text
        return out

    def patch(self) -> dict:
        """{file: YAML patch} of the changes (see :func:`yaml_patch`)."""
        return yaml_patch(self.content, self.changes())

    def effects(self) -> dict:
        """{key: [{value, mean objective, trials}]}: how each varied number moved the objective."""
        out = {}
        for knob in self.knobs:
            rows = []
            for v in knob.values:
                objs = [t["objective"] for t in self.trials if t["settings"].get(knob.key) == v]
                if objs:
                    rows.append({"value": v, "mean_objective": sum(objs) / len(objs), "trials": len(objs)})
            out[knob.key] = rows
        return out

    def to_json(self) -> dict:
        best = None
        if self.best is not None:
            best = {**self.best.to_json(), "set": self.set_args(), "sim": self.sim_commands(),
                    "patch": {f: dump_patch(p) for f, p in self.patch().items()}}
        return {"content": self.content, "seed": self.seed, "games": self.games,
                "confirm_games": self.confirm_games, "fixed": list(self.fixed),
                "vary": [{"key": k.key, "values": list(k.values),
                          **({"range": [k.low, k.high]} if k.is_range else {})} for k in self.knobs],
                "targets": [goal_json(t) for t in self.targets],
                "bots": [p for p in self.bot_pairs], "optuna": self.optuna_version,
                "space": self.space, "repeated_proposals": self.repeats,
                "trials": self.trials, "effects": self.effects(),
                "confirmed": [e.to_json() for e in self.confirmed], "best": best}


def _shell(s: str) -> str:
    import shlex
    return shlex.quote(str(s))


MAX_REPEATS = 50
CONFIRM_DOUBLINGS = 3       # the best settings inside the tolerance: up to 8 x confirm_games to be met


def _ask(study, knobs: list) -> tuple:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        trial = study.ask()
        settings = {}
        for knob in knobs:
            if knob.is_range:
                settings[knob.key] = str(trial.suggest_int(knob.key, knob.low, knob.high))
            else:
                settings[knob.key] = trial.suggest_categorical(knob.key, list(knob.values))
    return trial, settings


def _tell(study, trial, value: float) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        study.tell(trial, value)


def run_tune(content, knobs: list, targets: list, bot_pairs: list, games: int = 200, trials: int = 20,
             seed: int = 0, workers=None, fixed=(), confirm: int = 3, confirm_games: int | None = None,
             check: str = "turn", on_trial=None, on_note=None, scheduler=None, progress: bool = False) -> TuneResult:
    """Search the knobs' values for the targets; ``on_trial(record)`` is called after each trial,
    ``on_note(text)`` before each confirmation. ``scheduler``: where the games run (a connected
    :class:`~genkit.sim.dask_backend.Cluster` plays every trial on one cluster); ``progress``: a
    progress bar on stderr within each trial."""
    note = on_note or (lambda text: None)
    import optuna
    content = str(content)
    fixed = list(fixed)
    confirm_games = confirm_games or games * 4
    result = TuneResult(content, list(knobs), list(targets), list(bot_pairs), fixed, games, confirm_games, seed,
                        optuna_version=optuna.__version__)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")           # optuna's experimental-feature warnings
        sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=max(3, min(10, trials // 3)))
        study = optuna.create_study(direction="minimize", sampler=sampler)
    seen: dict = {}
    space = 1
    for knob in knobs:
        space *= len(knob.values)
    result.space = space
    for number in range(1, min(trials, space) + 1):
        # a proposal already played is told its figures (same settings, same seeds: same result)
        # and not played again; the sampler is asked again, a bounded number of times
        for _ in range(MAX_REPEATS):
            trial, settings = _ask(study, knobs)
            key = tuple(settings.items())
            if key not in seen:
                break
            _tell(study, trial, seen[key][0].objective)
            result.repeats += 1
        else:
            break                               # the sampler keeps to what it has seen: stop
        ev = evaluate(content, settings, fixed, targets, bot_pairs, games, seed, workers, check, scheduler, progress)
        seen[key] = (ev, number)
        _tell(study, trial, ev.objective)
        record = {"number": number, "settings": dict(settings), "objective": ev.objective, "met": ev.met,
                  "failed": ev.failed, "pairs": ev.pairs}
        result.trials.append(record)
        if on_trial:
            on_trial(record)
    # the best few distinct candidates, played again with more games on the same seeds
    distinct = sorted(seen.values(), key=lambda e: (e[0].objective, e[1]))[:max(1, confirm)]
    if confirm_games > games:
        note(f"playing the best {_count(len(distinct), 'candidate')} again with {confirm_games} games each ...")
        result.confirmed = [evaluate(content, ev.settings, fixed, targets, bot_pairs, confirm_games, seed,
                                     workers, check, scheduler, progress) for ev, _ in distinct]
    else:
        result.confirmed = [ev for ev, _ in distinct]
    order = sorted(range(len(result.confirmed)), key=lambda i: (result.confirmed[i].objective, i))
    result.confirmed = [result.confirmed[i] for i in order]
    result.best = result.confirmed[0] if result.confirmed else None
    for _ in range(CONFIRM_DOUBLINGS):
        best = result.best
        if best is None or best.met or not best.inside:
            break
        note(f"the best settings are inside the tolerance but their 95% intervals are wider than it: "
             f"playing them again with {2 * best.games} games ...")
        result.best = evaluate(content, best.settings, fixed, targets, bot_pairs, 2 * best.games, seed, workers,
                               check, scheduler, progress)
        result.confirmed[0] = result.best
    return result


def _count(n: int, noun: str) -> str:
    """"1 proposal", "2 proposals"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


# --------------------------------------------------------------------------- text

def _pci(wr: dict) -> str:
    lo, hi = wr["ci95"]
    return f"{wr['p']:.3f} [{lo:.3f},{hi:.3f}]"


def _settings_text(settings: dict, knobs: list) -> str:
    return "  ".join(f"{k.key}={settings[k.key]}" for k in knobs)


def _mark(ev) -> str:
    """met, inside the tolerance (interval still wider), or how far off in plain words."""
    if ev["met"] if isinstance(ev, dict) else ev.met:
        return "met"
    objective = ev["objective"] if isinstance(ev, dict) else ev.objective
    return _off(objective)


def _off(score: float) -> str:
    if score <= 1:
        return "inside the tolerance, interval still wider than it"
    return f"{score:.1f} times the tolerance away"


def trial_line(record: dict, result_or_knobs, targets: list) -> str:
    knobs = getattr(result_or_knobs, "knobs", result_or_knobs)
    figs = []
    for pair in record["pairs"]:
        seen, parts = set(), []
        for dev in pair["deviations"]:           # one figure per side or goal, in the order given
            key = (dev["goal"], dev["side"])
            if key not in seen:
                seen.add(key)
                parts.append(figure_text(dev))
        figs.append(f"{pair['bots']}: " + ", ".join(parts))
    return (f"trial {record['number']:>3}  {_settings_text(record['settings'], knobs)}  "
            f"{'; '.join(figs)}  ({_mark(record)})")


def summary_lines(result: TuneResult) -> list:
    out = []
    if result.confirmed and result.confirm_games > result.games:
        out.append(f"the best {_count(len(result.confirmed), 'candidate')}, played again with more games "
                   f"(same seeds):")
        for ev in result.confirmed:
            out.append(f"  {_settings_text(ev.settings, result.knobs)}  {ev.games} games  ({_mark(ev)})")
    if len(result.trials) < result.space and result.repeats:
        out.append(f"({_count(result.repeats, 'proposal')} repeated settings already played: told their figures, "
                   "not played again)")
    if len(result.trials) == result.space:
        out.append(f"every one of the {result.space} possible settings was played")
    best = result.best
    if best is None:
        return out
    out.append("best settings: " + "  ".join(f"{k}={v}" for k, v in best.settings.items()))
    for pair in best.pairs:
        for dev in pair["deviations"]:
            if dev["goal"] == "win_rate":
                wr = pair["win_rate"][dev["side"]]
                what = f"{dev['side']} won {_pci(wr)} of {wr['games']} games"
            else:
                what = f"{figure_text(dev)} over {best.games} games"
            verdict = ("met: the 95% interval lies inside the tolerance" if dev["met"] else
                       f"NOT met: {_off(dev['score'])}")
            out.append(f"  {pair['bots']}: {what}; target {dev['target']}: {verdict}")
    if best.met:
        out.append(f"target met for every goal and every bot pair ({best.games} games each): every 95% "
                   f"interval lies inside its tolerance")
    elif best.inside:
        out.append(f"target NOT settled: the closest settings are inside the tolerance, but after {best.games} "
                   f"games their 95% intervals are still wider than it; play them with more games "
                   f"(--confirm-games) or widen the tolerance")
    else:
        out.append(f"target NOT met: the closest settings are {_off(best.objective)} (1 is the edge of it); "
                   "widen a range or vary another number")
    out.append("reproduce (the same seeds; another --seed checks it on games the search never saw):")
    out.extend(f"  {line}" for line in result.sim_commands())
    out.append("YAML patch:")
    out.extend(f"  {line}" for line in patch_text(result).splitlines())
    return out


def _apply(result: TuneResult, out) -> None:
    """--apply: the diff of each YAML file, then the files written (only for a met target)."""
    from ..atomic import write_file
    from .tune_patch import patched_texts, unified_diff
    changes = result.changes()
    if result.best is None or not result.best.met:
        print("--apply: nothing written, the target is not met", file=out)
        return
    if not changes:
        print("--apply: nothing to write, the files already hold the best settings", file=out)
        return
    texts = patched_texts(result.content, changes)
    for path, (old, new) in texts.items():
        print(unified_diff(old, new, path.name).rstrip("\n"), file=out)
    for path, (_, new) in texts.items():
        write_file(path, new.encode("utf-8"))
    print(f"--apply: wrote {', '.join(str(p) for p in texts)}", file=out)


def tune_command(content, knobs: list, targets: list, bot_pairs: list, games: int = 200, trials: int = 20,
                 seed: int = 0, workers=None, fixed=(), confirm: int = 3, confirm_games: int | None = None,
                 check: str = "turn", json_path=None, report_path=None, out=None, scheduler=None,
                 apply: bool = False, progress: bool | None = None) -> int:
    """What ``genkit tune`` does: validate, search, print, write; returns the exit status (1 when a
    game failed). ``apply``: once the target is met, show the diff of the game's YAML files and
    write the patch into them. ``progress``: a progress bar within each trial (default: when
    stderr is a terminal). Usage errors raise ValueError, bad content ContentError."""
    import json

    from ..atomic import write_file
    out = out or sys.stdout
    bot_pairs = list(bot_pairs) or [None]
    validate(content, knobs, targets, bot_pairs, list(fixed))
    pairs_text = ", ".join(p or "default bots" for p in bot_pairs)
    print(f"tune {content}: {len(knobs)} number{'s' * (len(knobs) != 1)} to vary "
          f"({'; '.join(k.describe() for k in knobs)}), {trials} trials x {games} games x "
          f"{len(bot_pairs)} bot pair{'s' * (len(bot_pairs) != 1)} ({pairs_text}), seed {seed}", file=out)
    print("target: " + ", ".join(t.describe() for t in targets) + " for every bot pair", file=out)
    state = {}
    if progress is None:
        progress = sys.stderr.isatty()

    def on_trial(record):
        state.setdefault("trials", []).append(record)
        print(trial_line(record, knobs, targets), file=out, flush=True)

    from .dask_backend import scheduler_for
    try:
        with scheduler_for(scheduler, workers) as cluster:      # one cluster for every trial
            result = run_tune(content, knobs, targets, bot_pairs, games, trials, seed, workers, fixed, confirm,
                              confirm_games, check, on_trial=on_trial,
                              on_note=lambda text: print(text, file=out, flush=True), scheduler=cluster,
                              progress=progress)
    except KeyboardInterrupt:
        done = state.get("trials", [])
        print(f"INTERRUPTED after {len(done)} trials", file=out)
        if done:
            best = min(done, key=lambda r: (r["objective"], r["number"]))
            print("best so far (not confirmed): " + trial_line(best, knobs, targets), file=out)
        unwritten = [str(p) for p in (json_path, report_path) if p]
        if unwritten:
            print(f"not written: {', '.join(unwritten)}", file=out)
        raise
    for line in summary_lines(result):
        print(line, file=out)
    if json_path:
        write_file(json_path, (json.dumps(result.to_json(), indent=2) + "\n").encode("utf-8"))
    if report_path:
        from .tune_report import write_tune_report
        write_tune_report(result, report_path)
    if apply:
        _apply(result, out)
    if result.failed:
        print("FAILED: some games broke an invariant or did not end (see genkit sim with the settings above)",
              file=out)
        return 1
    return 0
