"""Playing from the command line: ``wargame actions`` filters and summary, the short notations
``wargame act`` reads (each saved in full) and combat lines that say why, on Hexland's first
movement and combat phases."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from tests.games.dc_helpers import to_phase
from tests.test_cli import Cli, cli, fails, game, load  # noqa: F401 (fixtures)
from wargame import shorthand
from wargame.actions import Action, IllegalAction
from wargame.cli import SCREENFUL
from wargame.combat import Modifier, Shift
from wargame.match import Match
from wargame.plugins import Registry, Title
from wargame.pricing import Price


@pytest.fixture
def moving(cli: Cli, game: Path) -> Path:  # noqa: F811
    """Blue's first movement phase (red deploys nothing more)."""
    assert cli("act", str(game), "end").code == 0
    return game


# --------------------------------------------------------------------------- actions filters


def test_actions_past_a_screenful_is_a_summary_naming_the_filters(
    cli: Cli,  # noqa: F811
    moving: Path,
    registry: Registry,
) -> None:
    match = load(moving, registry)
    legal = [str(a) for a in match.legal_actions()]
    assert len(legal) > SCREENFUL
    out = cli("actions", str(moving)).out.splitlines()
    assert out[0].endswith(f"{len(legal)} legal action(s)")
    moves = sum(a.startswith("move ") for a in legal)
    assert any(line.startswith(f"move: {moves} of ") and "(--verb move)" in line for line in out)
    assert "  7-arm: " in "\n".join(out) and "(--unit 7-arm)" in "\n".join(out)
    assert out[-1].startswith("narrow it with --unit ID, --verb VERB, --at LOC or --to LOC")
    assert len(out) < SCREENFUL
    assert cli("actions", str(moving), "--all").out.splitlines()[1:] == legal
    assert cli("actions", str(moving), "--json").json()["actions"] == legal  # always complete
    mine = [str(a) for a in match.legal_for("7-arm")]
    assert len(mine) > SCREENFUL  # one unit's actions are listed whole: it was asked for
    assert cli("actions", str(moving), "--unit", "7-arm").out.splitlines()[1:] == mine


def test_actions_filters_by_verb_place_and_destination(
    cli: Cli,  # noqa: F811
    moving: Path,
    registry: Registry,
) -> None:
    match = load(moving, registry)
    legal = [str(a) for a in match.legal_actions()]

    def listed(*flags: str) -> list[str]:
        result = cli("actions", str(moving), *flags, "--json")
        assert result.code == 0, result
        return list(result.json()["actions"])

    assert listed("--verb", "overrun") == [a for a in legal if a.startswith("overrun ")]
    at = listed("--at", "0203")  # 7-arm and 8-arm stand there, alone and as a stack
    there = ("7-arm", "8-arm", "7-arm,8-arm")
    actions = match.legal_actions()
    assert at and sorted(at) == sorted(
        str(a) for a in actions if a.args and match.verbs[a.verb].actor(a) in there
    )
    assert listed("--at", "0203", "--verb", "move") == [a for a in at if a.startswith("move ")]
    to = listed("--to", "0804")
    assert to and all(a.split()[-1] == "0804" for a in to if a.startswith("move "))
    assert sorted(to) == sorted(str(a) for a in actions if "0804" in (a.args or ("",))[::-1][:1])
    assert listed("--unit", "1-inf", "--to", "0804") == ["move 1-inf 0305 0405 0505 0605 0705 0804"]
    text = cli("actions", str(moving), "--unit", "1-inf", "--to", "0804").out.splitlines()
    assert text[0].endswith("1 legal action(s) (--unit 1-inf --to 0804)")
    fails(cli("actions", str(moving), "--verb", "attack"), "--verb attack: not a choice now")
    fails(cli("actions", str(moving), "--at", "9999"), "--at 9999: no location")


# --------------------------------------------------------------------------- short notations


def test_move_naming_only_the_destination_takes_the_cheapest_path_and_saves_it_in_full(
    cli: Cli,  # noqa: F811
    moving: Path,
    registry: Registry,
) -> None:
    full = "move 1-inf 0305 0405 0505 0605 0705 0804"
    assert full in cli("actions", str(moving), "--unit", "1-inf", "--json").json()["actions"]
    result = cli("act", str(moving), "move 1-inf 0804")
    assert result.code == 0, result
    assert f"# move 1-inf 0804: read as '{full}': the cheapest legal path" in result.out
    assert f"2. blue: {full}" in result.out
    assert load(moving, registry).history == ["end", full]  # the save holds the full notation


def test_a_stack_moves_by_naming_its_hex(
    cli: Cli,  # noqa: F811
    moving: Path,
    registry: Registry,
) -> None:
    result = cli("act", str(moving), "move 0203 0803", "--json")
    assert result.code == 0, result
    (applied,) = result.json()["applied"]
    assert applied["action"].startswith("move 7-arm,8-arm 0203 ")
    assert applied["action"].endswith(" 0803")
    assert applied["read"].startswith("move 0203 0803: read as 'move 7-arm,8-arm 0203 ")
    units = load(moving, registry).state.units
    assert units["7-arm"].loc == units["8-arm"].loc == "0803"


def test_an_attack_may_leave_out_its_units(
    cli: Cli,  # noqa: F811
    moving: Path,
    registry: Registry,
) -> None:
    assert cli("act", str(moving), "move 0203 0803", "move 0305 0804", "end").code == 0
    result = cli("act", str(moving), "attack 0903")
    assert result.code == 0, result
    assert "# attack 0903: read as 'attack 0903 with 7-arm,8-arm'" in result.out
    assert load(moving, registry).history[-1] == "attack 0903 with 7-arm,8-arm"


def test_the_action_holding_every_other_is_all_of_them(hexland: Title) -> None:
    """Several attacks on one hex, each with a subset of the units that may join: the one with
    every unit is what ``attack 0903`` obviously means; two that differ are not, nor two paths
    of which one passes through the other's end."""
    match = Match(hexland)
    found = [
        Action.parse(t)
        for t in (
            "attack 0903 with 1-inf,2-inf,7-arm",
            "attack 0903 with 1-inf,2-inf",
            "attack 0903 with 7-arm",
        )
    ]
    assert shorthand._holding_all(match, found) == found[0]
    assert shorthand._holding_all(match, found[1:]) is None
    paths = [Action.parse("move 7-arm 0203 0304"), Action.parse("move 7-arm 0203 0303 0304")]
    assert shorthand._holding_all(match, paths) is None


def test_a_hex_named_for_a_title_without_stack_moves_reads_the_one_unit_that_may(
    registry: Registry,
) -> None:
    """Dark Crusade moves units one at a time (no stack actor): naming Lublin moves the one
    unit there with a legal move to Brest, and says the others stay; two routes to Warsaw are
    ambiguous (DC 12.0)."""
    match = to_phase(Match(registry.get("dc"), "campaign", seed=1), "axis", "operational", 1)
    read = shorthand.expand(match, "move lublin brest")
    (mover,) = read.action.args[0].split(",")
    assert read.action.args[-1] == "brest" and match.state.units[mover].loc == "lublin"
    assert read.note is not None and "; the others in lublin stay (" in read.note
    assert "no legal 'move' of theirs matches" in read.note
    with pytest.raises(IllegalAction, match="ambiguous: .* by which place: "):
        shorthand.expand(match, "move lublin warsaw")


def test_an_ambiguous_short_form_is_refused_naming_what_matched(
    cli: Cli,  # noqa: F811
    moving: Path,
) -> None:
    before = moving.read_bytes()
    result = cli("act", str(moving), "overrun 0903")
    fails(
        result, "illegal action 'overrun 0903': ambiguous: ", "legal actions match it", "name more"
    )
    assert "'overrun 0903 with 7-arm via " in result.err and "unchanged" in result.err
    assert "which units: 7-arm, 8-arm, 7-arm,8-arm?" in result.err
    assert moving.read_bytes() == before
    # an impossible destination is refused with the rule's own reason, not as ambiguous
    fails(
        cli("act", str(moving), "move 1-inf 0907"),
        "illegal action 'move 1-inf 0907'",
        "read as a short form: no legal 'move' of 1-inf ends in 0907",
    )
    assert moving.read_bytes() == before


def test_short_forms_expand_through_the_kernel_for_any_title(hexland: Title) -> None:
    match = Match(hexland, None, 7)
    match.apply("end")
    typed = shorthand.expand(match, "move 1-inf 0305 0405 0505 0605 0705 0804")
    assert typed.note is None  # typed in full: nothing to read
    with pytest.raises(IllegalAction, match="ambiguous"):
        shorthand.expand(match, "overrun 0903")
    assert match.history == ["end"]


# --------------------------------------------------------------------------- combat lines say why


def test_price_why_names_totals_modifiers_and_shifts() -> None:
    """One modifier on several units is named once with the units; shifts are signed."""
    priced = Price(
        Fraction(26),
        Fraction(6),
        None,
        None,
        [],
        modifiers=(
            Modifier("a1", "halve", None, "out of supply", "PGG 11.35"),
            Modifier("a2", "halve", None, "out of supply", "PGG 11.35"),
            Modifier("defense", "multiply", 2, "forest", "PGG 9.31"),
            Modifier("attack", "add", Fraction(1, 2), "bonus"),
        ),
        shifts=(Shift.left(1, "rough", "B 11.14"),),
    )
    assert priced.why() == (
        "26 vs 6; out of supply halved (a1, a2), PGG 11.35; forest doubled, PGG 9.31; "
        "bonus +0.5; rough -1, B 11.14"
    )


def test_combat_lines_in_act_and_replay_say_why(
    cli: Cli,  # noqa: F811
    moving: Path,
) -> None:
    assert cli("act", str(moving), "move 0203 0803", "move 0305 0804", "end").code == 0
    out = cli("act", str(moving), "attack 0903").out
    (line,) = [ln for ln in out.splitlines() if re.match(r"  b1 at 0903: \S+ \(", ln)]
    assert re.fullmatch(r"  b1 at 0903: \S+ \(\d+ vs \d+(; .+)?\) roll \d: \S+", line), line
    assert line in cli("replay", str(moving)).out.splitlines()
