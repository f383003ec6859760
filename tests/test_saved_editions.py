"""Editions saved on the server, over a real database: started from a built-in board, a saved one
or a file; changed only as the rules take it, never over another phone's change; bounded per
address and in all; and played: a game keeps the board it started on, in its file too."""

from __future__ import annotations

import threading
import time

import pytest

from banker.rules import RuleError
from banker.rules.board import edition_to_json
from banker.rules.editions import load_edition
from banker.rules.editions.check import InvalidEdition
from banker.rules.editions.draft import Refused, built_in_draft, draft_from_json, edit, playable
from banker.service import GameService, editions
from banker.service.broker import Broker
from banker.service.editions import EditionIncomplete
from banker.service.errors import NotFound
from tests.support.millionaire_box import filled

HOME = "192.0.2.7"


def renamed(service, **names):
    edition = service.editions.start("us", HOME)
    return service.editions.change(edition.id, lambda draft: edit(draft, names))


def test_an_edition_started_from_a_built_in_board_is_saved_as_that_board(service):
    edition = service.editions.start("us", HOME)
    assert len(edition.id) == 16 and edition.version == 1 and edition.complete
    again = service.editions.get(edition.id)
    assert again.data == draft_from_json(edition_to_json(load_edition("us")))
    assert again.title == "US standard (Atlantic City) edition, post-Sept-2008 values"


def test_the_millionaire_board_is_saved_as_a_draft_with_its_blanks(service):
    edition = service.editions.start("millionaire", HOME)
    assert not edition.complete and len(edition.missing) == 299
    assert edition.data == built_in_draft("millionaire")


def test_a_saved_edition_is_copied_and_a_file_is_checked_before_it_is_kept(service):
    springfield = renamed(service, title="Springfield")
    copy = service.editions.start(springfield.id, HOME)
    assert copy.id != springfield.id and copy.data == springfield.data
    broken = edition_to_json(load_edition("us"))
    broken["properties"][0]["price"] = "cheap"
    with pytest.raises(InvalidEdition) as refusal:
        service.editions.start(broken, HOME)
    assert (
        refusal.value.message
        == 'Mediterranean Avenue\'s price must be a whole number from 1 to 1,000,000, not "cheap".'
    )
    assert service.editions.some([springfield.id, copy.id, "nothing-here"]) == [springfield, copy]


def test_a_change_the_rules_take_is_saved_and_a_refused_one_changes_nothing(service):
    edition = renamed(service, **{"deed.39.name": "Evergreen Terrace", "title": "Springfield"})
    assert (edition.version, edition.title) == (2, "Springfield")
    assert edition.data["properties"][-1]["name"] == "Evergreen Terrace"
    with pytest.raises(Refused):
        service.editions.change(edition.id, lambda draft: edit(draft, {"deed.39.price": "-1"}))
    assert service.editions.get(edition.id) == edition


def test_two_phones_changing_one_edition_at_once_keep_both_changes(service):
    edition = service.editions.start("us", HOME)
    tries = []

    def meanwhile(draft):
        tries.append(draft)
        if len(tries) == 1:  # another phone's change lands between this one's read and its write
            service.editions.change(edition.id, lambda other: edit(other, {"deed.1.name": "Elm Street"}))
        return edit(draft, {"deed.3.name": "Oak Street"})

    changed = service.editions.change(edition.id, meanwhile)
    assert len(tries) == 2 and changed.version == 3
    assert [d["name"] for d in changed.data["properties"][:2]] == ["Elm Street", "Oak Street"]


def test_one_servers_saves_of_one_edition_wait_for_each_other_and_all_land(service):
    """A phone saves each field as it is typed: sixteen saves in flight at once, each slow
    between its read and its write, all land (racing, most would lose five times over)."""
    edition = service.editions.start("us", HOME)
    refused = []

    def rename(position):
        def how(draft):
            time.sleep(0.005)  # another save could read the same version meanwhile
            return edit(draft, {f"deed.{position}.name": f"Street {position}"})

        try:
            service.editions.change(edition.id, how)
        except RuleError as error:
            refused.append(error)

    streets = [1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27]
    threads = [threading.Thread(target=rename, args=(p,)) for p in streets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    saved = service.editions.get(edition.id)
    assert refused == [] and saved.version == 1 + len(streets)
    names = {d["position"]: d["name"] for d in saved.data["properties"]}
    assert all(names[p] == f"Street {p}" for p in streets)


def test_an_address_keeps_at_most_so_many_editions_and_the_server_so_many_in_all(service, monkeypatch):
    monkeypatch.setattr(editions, "MOST_PER_ADDRESS", 2)
    monkeypatch.setattr(editions, "MOST_KEPT", 3)
    service.editions.start("us", HOME)
    service.editions.start("uk", HOME)
    with pytest.raises(RuleError) as refusal:
        service.editions.start("us", HOME)
    assert refusal.value.message == (
        "2 editions have been saved from this address, as many as one address may keep here: "
        "delete one you no longer need."
    )
    service.editions.start("us", "198.51.100.1")
    with pytest.raises(RuleError) as refusal:
        service.editions.start("us", "198.51.100.2")
    assert refusal.value.message.startswith("This server keeps 3 editions, as many as it may")


def test_a_deleted_edition_is_gone(service):
    edition = service.editions.start("us", HOME)
    service.editions.delete(edition.id)
    with pytest.raises(NotFound):
        service.editions.get(edition.id)
    with pytest.raises(NotFound):
        service.editions.delete(edition.id)


def test_a_game_on_a_saved_edition_keeps_the_board_it_started_on_in_its_file_too(service):
    edition = renamed(service, **{"deed.39.name": "Evergreen Terrace", "deed.39.price": "450"})
    game = service.create_game(["Ann", "Bob"], edition=edition.id)
    game_id, banker = game.game.id, game.banker.token
    service.run(game_id, banker, {"type": "buy", "player": 1, "deed": 39})
    service.run(game_id, banker, {"type": "pay_rent", "player": 2, "deed": 39})
    service.editions.change(edition.id, lambda draft: edit(draft, {"deed.39.name": "Fake Street"}))
    state = service.state(game_id)
    assert state.deed(39).name == "Evergreen Terrace" and state.player(1).cash == 1500 - 450 + 50
    resumed = GameService(service.engine, Broker()).import_game(service.export_game(game_id))
    assert resumed.state.deed(39).name == "Evergreen Terrace"
    assert edition_to_json(resumed.state.edition) == playable(edition.data)
    assert resumed.state.player(1).cash == 1500 - 450 + 50


def test_a_draft_starts_no_game_until_its_blanks_are_typed(service):
    draft = service.editions.start("millionaire", HOME)
    with pytest.raises(EditionIncomplete) as refusal:
        service.create_game(["Ann", "Bob"], preset="millionaire", edition=draft.id)
    assert refusal.value.message == (
        "Monopoly Millionaire has 299 figures still to type: finish it in the edition editor first."
    )
    with pytest.raises(RuleError) as refusal:
        service.create_game(["Ann", "Bob"], preset="millionaire", edition="millionaire")
    assert refusal.value.message.startswith("The Monopoly Millionaire board is a draft")
    typed = service.editions.change(draft.id, filled)
    game = service.create_game(["Ann", "Bob"], preset="millionaire", edition=typed.id)
    assert game.state.edition.deed_at[31].name == "Paradise Island" and game.state.player(1).cash == 372


def test_an_edition_mortgaging_a_deed_above_its_price_is_not_ready_and_starts_no_game(service):
    data = edition_to_json(load_edition("us"))
    data["properties"][-1]["mortgage"] = 900
    edition = service.editions.start(data, HOME)
    why = "Boardwalk's mortgage value must be at most its price, 400, not 900."
    assert not edition.complete
    assert [(fault.item, fault.why) for fault in edition.faults] == [("deed.39", why)]
    with pytest.raises(EditionIncomplete) as refusal:
        service.create_game(["Ann", "Bob"], edition=edition.id)
    assert refusal.value.message == why + " Correct it in the edition editor first."
    corrected = service.editions.change(edition.id, lambda draft: edit(draft, {"deed.39.mortgage": "200"}))
    assert corrected.complete
    assert service.create_game(["Ann", "Bob"], edition=corrected.id).state.deed(39).mortgage == 200


def test_a_rent_table_that_goes_down_is_kept_but_names_the_figures_and_starts_no_game(service):
    """Between two typed rents a blank is left out: the table is compared as far as it is typed."""
    draft = service.editions.start("millionaire", HOME)
    typed = service.editions.change(
        draft.id, lambda data: edit(data, {"deed.1.rent.0": "5", "deed.1.rent.2": "3"})
    )
    why = (
        "Motor Drive: Rent with 2 houses is 3, but Rent, site only is 5; each rent must be more than the "
        "one before."
    )
    assert [(fault.item, fault.why) for fault in typed.faults] == [("deed.1", why)]
    finished = service.editions.change(typed.id, filled)
    assert finished.complete
    wrong = service.editions.change(finished.id, lambda data: edit(data, {"deed.31.rent.5": "1"}))
    assert [fault.item for fault in wrong.faults] == ["deed.31"] and not wrong.missing
    with pytest.raises(EditionIncomplete) as refusal:
        service.create_game(["Ann", "Bob"], preset="millionaire", edition=wrong.id)
    assert refusal.value.message.startswith(
        "Paradise Island: Rent with a hotel is 1, but Rent with 4 houses is"
    )
