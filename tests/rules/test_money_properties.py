"""Properties of any sequence of Step 1 commands: money is conserved and the log folds back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from banker.rules import BANK, RuleError, apply_action, decide, fold, parse_command
from banker.rules.money import Paid
from banker.rules.undo import Undone
from tests.support.rules import new_game, total_cash

players = st.integers(min_value=0, max_value=4)  # 0 and 4 are not players in a 3-player game
amounts = st.one_of(st.integers(min_value=-50, max_value=4000), st.sampled_from(["12", "1.5", "x"]))
commands = st.one_of(
    st.builds(lambda p: {"type": "pass_go", "player": p}, players),
    st.builds(lambda p, a: {"type": "pay_bank", "player": p, "amount": a}, players, amounts),
    st.builds(
        lambda p, a: {"type": "collect_from_bank", "player": p, "amount": a, "reason": "Prize"},
        players,
        amounts,
    ),
    st.builds(
        lambda p, t, a: {"type": "pay_player", "player": p, "to": t, "amount": a}, players, players, amounts
    ),
    st.just({"type": "undo"}),
)


def play(payloads):
    """Run the payloads as the service would; refused ones leave no trace."""
    state = new_game()
    log = []
    for payload in payloads:
        try:
            events = decide(state, parse_command(payload))
        except RuleError:
            continue
        state = apply_action(state, state.seq + 1, events)
        log.append((state.seq, tuple(events)))
    return state, log


def bank_flows(log):
    """(paid out, received) by the bank over the actions that were not undone."""
    undone = {e.seq for _, events in log for e in events if isinstance(e, Undone)}
    paid = [e for seq, events in log if seq not in undone for e in events if isinstance(e, Paid)]
    return (
        sum(e.amount for e in paid if e.payer == BANK),
        sum(e.amount for e in paid if e.payee == BANK),
    )


@settings(max_examples=150, deadline=None)
@given(st.lists(commands, max_size=40))
def test_total_cash_is_the_starting_cash_plus_what_the_bank_paid_less_what_it_got(payloads):
    state, log = play(payloads)
    paid_out, received = bank_flows(log)
    assert total_cash(state) == 3 * 1500 + paid_out - received
    assert all(p.cash >= 0 for p in state.players)


@settings(max_examples=150, deadline=None)
@given(st.lists(commands, max_size=40))
def test_folding_the_stored_log_again_gives_the_same_state(payloads):
    state, log = play(payloads)
    start = new_game()
    assert fold(log, start) == state
