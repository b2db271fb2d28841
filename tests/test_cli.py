"""The command line as a designer uses it: exit codes, messages, no tracebacks."""
import json

from tests.conftest import BERING, run_cli


genkit = run_cli


def test_help_lists_every_command():
    out = genkit("--help")
    assert out.returncode == 0
    for command in ("check", "schema", "play", "replay"):
        assert command in out.stdout


def test_play_prints_the_result_and_the_log_replays(tmp_path):
    log = tmp_path / "game.jsonl"
    out = genkit("play", BERING, "--seed", 11, "--log", log)
    assert out.returncode == 0 and "winner:" in out.stdout and "reason:" in out.stdout
    end = json.loads(log.read_text().splitlines()[-1])
    assert end["end"] is True
    again = genkit("replay", log)
    assert again.returncode == 0 and "matches" in again.stdout


def test_replay_of_a_tampered_log_exits_1(tmp_path):
    log = tmp_path / "game.jsonl"
    genkit("play", BERING, "--seed", 12, "--log", log)
    lines = log.read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if '"roll"' in line)
    roll = json.loads(lines[i])
    roll["roll"] = roll["roll"] % 6 + 1
    lines[i] = json.dumps(roll)
    log.write_text("\n".join(lines) + "\n")
    out = genkit("replay", log)
    assert out.returncode == 1 and "DIFFERS" in out.stdout


def test_replay_at_a_step_shows_the_board_as_text(tmp_path):
    log = tmp_path / "game.jsonl"
    genkit("play", BERING, "--seed", 13, "--log", log)
    out = genkit("replay", log, "--at", 5, "--text")
    assert out.returncode == 0
    assert "turn" in out.stdout.splitlines()[0]


def test_unknown_bot_and_garbage_log_are_usage_and_content_errors(tmp_path):
    assert genkit("play", BERING, "--bots", "random,nobody").returncode == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    assert genkit("replay", bad).returncode == 1


def test_play_with_an_override_changes_the_game(tmp_path):
    out = genkit("play", BERING, "--seed", 1, "--set", "turn_track.turns=3")
    assert out.returncode == 0 and "turn: 3" in out.stdout


# ---- every command refuses broken content with a message, never a traceback

BROKEN = "counters.units.0.type=tank"  # a dangling unit type reference


def test_every_command_runs_the_consistency_checks(tmp_path):
    for args in (["play", BERING], ["sim", BERING, "--games", 2], ["compare", BERING, "--games", 2],
                 ["sweep", BERING, "--games", 2], ["build", BERING, "--out", tmp_path / "kit"]):
        out = genkit(*args, "--set", BROKEN)
        assert out.returncode == 1, args
        assert "--set counters.units.0.type: error: unit type 'tank'" in out.stdout, args
    assert not (tmp_path / "kit").exists()


def test_compare_against_broken_content(game_copy):
    (game_copy / "units.yaml").write_text((game_copy / "units.yaml").read_text().replace(
        "type: hvy_mobile, setup", "type: tank, setup", 1))
    out = genkit("compare", BERING, "--against", game_copy, "--games", 2)
    assert out.returncode == 1 and "units.yaml" in out.stdout and "'tank'" in out.stdout


def test_unwritable_outputs_are_usage_errors_before_any_work(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for option, args in (("--log", ["play", BERING, "--log", blocker / "g.jsonl"]),
                         ("--json", ["sim", BERING, "--games", 2, "--json", blocker / "x.json"]),
                         ("--report", ["sim", BERING, "--games", 2, "--report", tmp_path]),
                         ("--out", ["schema", "--out", blocker / "s.json"]),
                         ("--out", ["build", BERING, "--out", blocker])):
        out = genkit(*args)
        # a usage error naming the option and the path in the way (click words the rest)
        assert out.returncode == 2, args
        assert option in out.stderr and str(args[-1] if args[-1] == tmp_path else blocker) in out.stderr, args


def test_missing_output_folders_are_created(tmp_path):
    log = tmp_path / "new" / "deeper" / "g.jsonl"
    assert genkit("play", BERING, "--bots", "random", "--log", log).returncode == 0
    assert log.exists()


def test_any_damage_to_a_log_is_reported(tmp_path):
    log = tmp_path / "g.jsonl"
    genkit("play", BERING, "--bots", "random", "--seed", 4, "--log", log)
    good = [json.loads(line) for line in log.read_text().splitlines()]

    def damaged(change):
        lines = json.loads(json.dumps(good))
        change(lines)
        bad = tmp_path / "bad.jsonl"
        bad.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
        return genkit("replay", bad)

    damages = [lambda ls: ls[0].pop("seed"), lambda ls: ls[0].update(seed="abc"),
               lambda ls: ls[0].update(seed=2.5), lambda ls: next(x for x in ls if "roll" in x).pop("for"),
               lambda ls: ls[-1].pop("digest"),
               lambda ls: ls[0].update(content_path="/nowhere", content_path_resolved="/nowhere"),
               lambda ls: next(x for x in ls if "action" in x).update(action=[9, 9, [9]]),
               lambda ls: ls.pop()]
    for change in damages:
        out = damaged(change)
        assert out.returncode == 1 and out.stderr.strip(), out.stderr


def test_sweep_and_compare_need_their_settings():
    assert genkit("sweep", BERING, "--games", 2).returncode == 2
    assert genkit("compare", BERING, "--games", 2).returncode == 2
    assert genkit("sim", BERING, "--games", 2, "--bots", "clever").returncode == 2
    assert genkit("build", BERING, "--only", "posters").returncode == 2


def test_card_text_that_cannot_fit_stops_the_build(tmp_path):
    out_dir = tmp_path / "kit"
    assert genkit("build", BERING, "--out", out_dir, "--only", "cards").returncode == 0
    before = (out_dir / "cards.pdf").read_bytes()
    out = genkit("build", BERING, "--out", out_dir, "--only", "cards",
                 "--set", "decks.ability.cards.air_strike.text=" + "very long text " * 80)
    assert out.returncode == 1
    # the error names what runs off, and where: a check finding at the card's entry, before any drawing
    assert "cards.yaml:" in out.stdout and "[card-face]" in out.stdout
    assert "card 'Air Strike' (decks.ability.air_strike): the text 'long text very long" in out.stdout
    assert "past the bottom edge" in out.stdout and "the previous output is untouched" in out.stderr
    assert (out_dir / "cards.pdf").read_bytes() == before


def test_check_and_build_work_without_the_cycle_collector_and_give_it_back(tmp_path, monkeypatch):
    # issue 29: a bounded command skips the collector's scans of its long-lived objects while it
    # works, and leaves it as it found it (a caller running commands in its own process, as
    # tests do, keeps collecting); a command that plays games (play, sim, tune) keeps it
    import gc
    from click.testing import CliRunner
    from genkit import cli as cli_module
    from genkit.pack import printable
    monkeypatch.setenv("GENKIT_CACHE_DIR", str(tmp_path / "cache"))
    during = []
    from genkit.pack import check_cache
    real_findings, real_build = check_cache.check_findings, printable.build_kit
    monkeypatch.setattr(check_cache, "check_findings", lambda *a: during.append(("check", gc.isenabled()))
                        or real_findings(*a))
    monkeypatch.setattr(printable, "build_kit", lambda *a, **k: during.append(("build", gc.isenabled()))
                        or real_build(*a, **k))
    after = {}
    try:
        for name, args in {"check": ["check", BERING], "build": ["build", BERING, "--only", "map",
                                                                    "--out", tmp_path / "kit"],
                           "play": ["play", BERING, "--seed", "1"]}.items():
            gc.enable()
            result = CliRunner().invoke(cli_module.cli, [str(a) for a in args])
            assert result.exit_code == 0, result.output
            after[name] = gc.isenabled()
    finally:
        gc.enable()
    assert during == [("check", False), ("build", False)]
    assert after == {"check": True, "build": True, "play": True}


def test_the_program_leaves_without_the_final_collection_and_main_alone_keeps_it():
    # issue 29: `genkit` (cli.run) freezes what the command kept, so the collection Python makes
    # as it shuts down skips it; cli.main, which tests run in their own process, freezes nothing
    import subprocess
    import sys
    probe = ("import gc, sys\nfrom genkit import cli\nsys.argv = ['genkit', {args}]\n"
             "try:\n    cli.{entry}()\nexcept SystemExit as e:\n"
             "    print('status', e.code, 'frozen', gc.get_freeze_count() > 0)\n")
    for entry, frozen in (("run", True), ("main", False)):
        for args in ("'--version'", "'check', " + repr(str(BERING)), "'check', 'no/such/game'"):
            out = subprocess.run([sys.executable, "-c", probe.format(entry=entry, args=args)],
                                 capture_output=True, text=True, check=True).stdout
            status = 2 if "no/such" in args else 0
            assert out.splitlines()[-1] == f"status {status} frozen {frozen}", (entry, args, out)
