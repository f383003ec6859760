"""What vulture (at 60% confidence, tests/test_code_style.py) takes for dead code and is not: each
name below is used where vulture cannot see it. Flask's views and error handlers, SQLAlchemy's
listeners and hypothesis's rules and invariants are known by their decorators instead (pyproject's
[tool.vulture]). A name goes here only with the reason it is used."""

# The rules' commands: a command is found by its `type` in banker.rules.base.COMMANDS, which each
# subclass of Command joins when it is defined, never by its class name.
AcceptTrade
AddPlayer
Bid
Build
BuildGroup
BuyFromMarket
BuyFromOwner
BuyLevel
Buy
CancelAuction
CancelTrade
ChangePlayer
CollectFromBank
CompleteAgreedTrades
Decline
DeclineTrade
EndGame
FreeParking
GoToJail
LeaveJailByDoubles
LeaveJailAfterTwoTurns
Mortgage
MrMonopoly
NextTurn
PayBank
PayDebt
PayFine
PayJailFine
PayPlayer
PayTax
PayWithProperty
PlayCard
ProposeTrade
Resign
SellBuilding
SetOpeningPrice
SettleMortgage
SignalEnd
StartBuildingAuction
TriplesMove
Undo
Unmortgage
UseJailCard

# A rule option read by the name of the tax space it prices (banker.rules.board.TAX_TYPES).
luxury_tax

# Alembic reads each revision's module for these.
down_revision
branch_labels
depends_on
downgrade

# Attributes that a library reads: gevent's server, werkzeug's URL converter, its responses and
# sessions, Flask's request bound, the class of its Jinja environment and its templates' context,
# Jinja's environment.
_.handler_class
_.jinja_environment
_.make_globals
_.update_template_context
_.regex
_.max_age
_.immutable
_.no_cache
_.no_store
_.direct_passthrough
_.max_content_length
_.permanent
_.modified
_.session_interface
_.finalize
_.secret_key

# Flask's g, read by name: g.get("drawing") in banker/web/http/turns.py (seam).
_.drawing

# Arguments that are part of an lru_cache key: a file changed on disk is read again.
mtime_ns

# Fields of the view models and the game state that only the templates read; what
# shared/_region.html asks a region.
_.model_of
_.unit
_.placeholder
_.seconds_left
_.total_seconds
_.raise_money
_.with_property
_.bankrupt_by_banker
_.fine_taker
_.out_of
_.may_signal
_.playing
_.dom_id
_.wide
_.column
_.end_x
_.end_y
_.height
_.line_width
_.fit
_.card_offers
_.dice_offers
_.each_more
_.each_fewer
_.next_turn
_.gives
_.withdrawing
_.mortgaged_in
_.theirs
_.do
_.my_cards
_.their_cards
_.my_claims
_.their_claims
_.refused_on
_.stale

# pytest's hooks and plugins, and the arguments a hook is called with.
pytest_plugins
pytest_configure
pytest_collection_modifyitems
pytest_runtest_makereport
pytest_xdist_auto_num_workers  # pytest-xdist asks it how many test processes `-n auto` starts
call
closes_what_it_opened  # an autouse fixture: every browser test has it without naming it

# A test that hypothesis's state machine is, and a repetition a test is parametrized with.
test_a_table_playing_any_legal_commands_keeps_the_rules_invariants
trial

# Called by the classes they override: HTMLParser's handlers, hypothesis's end of a run, Jinja's
# bytecode cache.
_.handle_starttag
_.handle_endtag
_.handle_data
_.teardown
_.load_bytecode
_.dump_bytecode

# A flag Python reads before it writes a compiled module; a fixture a test asks for by its name.
_.dont_write_bytecode
postgres_url

# Flask reads its templates through the loader the bench's floor server gives it.
jinja_loader
