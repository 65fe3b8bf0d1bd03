"""Lesson 09 in a real browser: set up a 4-player game and play two whole rounds by clicking, as a merchant (market,
load, declare, pay once to have another bag opened, bargain, let the sheriff decide) and then as the sheriff
(choose the first merchant, take every bag, pass or inspect it), until round 3 begins.  Illegal clicks (six cards
in the bag, a wrong count) show the rule's words and change nothing.  On a 400 px phone screen, the 1st-edition
sheriff stacks confiscated cards in the order clicked.

The dashboard's buttons carry stable CSS classes ``sheriff-play-<name>`` (see ``sheriff_nb/ui/widgets/play.py``);
after each click the test waits for the kernel's answer (the turn panel changes) and for the page to be quiet.
The game is dealt from a random seed, so the steps are chosen from what is on the screen.  Screenshots of the
dashboard at each key step go to ``$SHERIFF_SCREENSHOTS`` as ``09-play-NN-<step>.png``.
"""

from __future__ import annotations

import re

import pytest

NOTEBOOK = "09_play_a_game.ipynb"
TIMEOUT = 180  # s, a cold render
STEP = 60_000  # ms, one click's kernel round trip (the characters' moves included)
TURN = ".sheriff-play-turn"
ERRORS = f"{TURN} .sheriff-play-error .sheriff-rule-error"


def expect(locator):
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


class Player:
    """Clicks through the play dashboard like a reader and keeps screenshots of the steps."""

    def __init__(self, dash, screenshot_dir, prefix: str = "09-play"):
        self.dash, self.page = dash, dash.page
        self.dir, self.prefix, self.shots = screenshot_dir, prefix, []

    # -- reading the screen
    def visible(self, selector: str) -> bool:
        loc = self.page.locator(selector)
        return any(loc.nth(i).is_visible() for i in range(loc.count()))

    def text(self, selector: str) -> str:
        loc = self.page.locator(selector)
        return loc.first.inner_text() if loc.count() else ""

    def state(self) -> str:
        """What the kernel last drew: the turn panel and the status line."""
        return self.page.evaluate(
            "() => ['.sheriff-play-turn', '.sheriff-play-status', '.sheriff-play-news'].map("
            "s => (document.querySelector(s) || {}).innerHTML || '').join('|')"
        )

    def errors(self) -> list[str]:
        loc = self.page.locator(ERRORS)
        return [loc.nth(i).inner_text() for i in range(loc.count()) if loc.nth(i).is_visible()]

    # -- acting
    def click(self, selector: str, *, nth: int = 0, expect_error: bool = False) -> None:
        """Click a visible control, wait for the kernel's answer and a quiet page; no new rule error unless
        ``expect_error``."""
        target = self.page.locator(selector).nth(nth)
        assert target.is_visible(), f"{selector} (#{nth}) is not on the screen"
        before, shown = self.state(), self.errors()
        target.click()
        self.dash.wait_for_change(self.state, before, timeout=STEP / 1000)
        self.dash.settle(quiet_ms=400)
        if not expect_error:
            new = [e for e in self.errors() if e not in shown]
            assert not new, f"clicking {selector} broke a rule: {new}"

    def cards(self):
        return self.page.locator(f"{TURN} .sheriff-play-card")

    def set_number(self, selector: str, value: int) -> None:
        field = self.page.locator(selector).first
        field.fill(str(value))
        field.press("Enter")
        self.dash.settle(quiet_ms=300)

    def shot(self, name: str) -> None:
        path = self.dir / f"{self.prefix}-{len(self.shots):02d}-{name}.png"
        self.page.locator(".sheriff-play").first.screenshot(path=str(path))
        self.shots.append(path)


@pytest.fixture
def player(open_dashboard, notebooks_server, screenshot_dir, page):
    page.set_viewport_size({"width": 1280, "height": 2200})  # the whole dashboard fits in one screenshot
    dash = open_dashboard(notebooks_server, NOTEBOOK, wait_for=".sheriff-play-start", timeout=TIMEOUT)
    page.set_default_timeout(STEP)
    return Player(dash, screenshot_dir)


def setup_four_players(play: Player) -> None:
    page = play.page
    page.locator(".sheriff-play-players button", has_text=re.compile(r"^\s*4\s*$")).click()
    expect(page.locator(".sheriff-play-opponent")).to_have_count(3)
    page.locator(".sheriff-play-edition button").nth(1).click()  # 2nd edition: the sheriff picks who starts
    expect(page.locator(".sheriff-play-royal input")).not_to_be_checked()
    expect(page.locator(".sheriff-play-seat select")).to_have_value("Seat 1")  # options are keyed by label
    play.dash.settle()
    play.shot("setup")
    play.click(".sheriff-play-start")
    expect(page.locator(".sheriff-play-status")).to_contain_text("Round 1 of")
    expect(page.locator(".sheriff-play-status")).to_contain_text("This round you are a merchant.")
    expect(page.locator(".sheriff-play-setup")).to_be_hidden()


def round_as_merchant(play: Player) -> None:
    page = play.page
    # Phase 1: set one card aside and draw back up to 6.
    expect(page.locator(".sheriff-play-market")).to_be_visible()
    expect(play.cards()).to_have_count(6)
    play.click(f"{TURN} .sheriff-play-card", nth=0)
    play.shot("market")
    play.click(".sheriff-play-market")
    # Phase 2: six cards do not fit in a bag; the rule says so and nothing changes.
    expect(page.locator(".sheriff-play-load")).to_be_visible()
    expect(play.cards()).to_have_count(6)
    for i in range(6):
        play.click(f"{TURN} .sheriff-play-card", nth=i)
    expect(page.locator(TURN)).to_contain_text("In the bag: 6 cards")
    play.click(".sheriff-play-load", expect_error=True)
    assert any("a bag holds 1 to 5 cards; this one holds 6" in e for e in play.errors()), play.errors()
    play.shot("load-refused")
    for i in range(2, 6):  # keep two cards
        play.click(f"{TURN} .sheriff-play-card", nth=i)
    expect(page.locator(TURN)).to_contain_text("In the bag: 2 cards")
    play.shot("load-two-cards")
    play.click(".sheriff-play-load")
    # Phase 3: a wrong count is refused with the rule; the true count is accepted.
    expect(page.locator(".sheriff-play-declare")).to_be_visible()
    count = page.locator(".sheriff-play-count input")
    expect(count).to_have_value("2")
    expect(page.locator(".sheriff-play-good select")).not_to_have_value("")
    play.set_number(".sheriff-play-count input", 3)
    play.click(".sheriff-play-declare", expect_error=True)
    assert any("true number of cards" in e for e in play.errors()), play.errors()
    play.shot("declare-refused")
    play.set_number(".sheriff-play-count input", 2)
    play.click(".sheriff-play-declare")
    # Phase 4: the sheriff (a character) takes the bags one by one; bargain over ours, then let him decide.
    talked = paid = False
    for _ in range(20):
        if play.visible(".sheriff-play-continue"):
            break
        if play.visible(".sheriff-play-go-on"):  # another bag is picked up: pay once to have it opened
            if not paid:
                paid = True
                play.set_number(".sheriff-play-pay-gold input", 1)
                play.shot("pay-to-open")
                play.click(".sheriff-play-pay-inspect")
                continue
            play.click(".sheriff-play-go-on")
            continue
        if play.visible(".sheriff-play-let-decide"):
            if not talked and play.visible(".sheriff-play-offer"):
                talked = True
                play.set_number(".sheriff-play-offer-form input[type=number]", 1)  # the first box: gold
                play.shot("offer")
                play.click(".sheriff-play-offer")
                if play.visible(".sheriff-play-accept"):  # a counter-offer
                    play.shot("counter-offer")
                    play.click(".sheriff-play-accept")
                continue
            play.click(".sheriff-play-let-decide")
            continue
        pytest.fail(f"round 1: nothing to click; the turn panel says {play.text(TURN)!r}")
    else:
        pytest.fail("round 1 did not end")
    assert talked, "the sheriff never took our bag"
    assert paid, "we were never offered to pay for another bag's inspection"
    expect(page.locator(TURN)).to_contain_text("Round 1 is over")
    expect(page.locator(".sheriff-play-log")).to_contain_text("your bag")
    play.shot("round-1-over")
    play.click(".sheriff-play-continue")


def round_as_sheriff(play: Player) -> int:
    """Round 2: choose who starts the Market, then take every bag and inspect or pass it (returns bags opened)."""
    page = play.page
    status = page.locator(".sheriff-play-status")
    expect(status).to_contain_text("Round 2 of")
    expect(status).to_contain_text("This round you are the sheriff.")
    expect(page.locator(".sheriff-play-choose-first")).to_be_visible()
    menu = page.locator(".sheriff-play-first-menu select")
    options = menu.locator("option")
    expect(options).to_have_count(3)  # the three merchants
    menu.select_option(index=1)
    play.dash.settle(quiet_ms=300)
    play.shot("choose-first")
    play.click(".sheriff-play-choose-first")
    handled = opened = 0
    for _ in range(30):
        if play.visible(".sheriff-play-continue"):
            break
        if play.visible(".sheriff-play-take-bag"):
            bags = page.locator(".sheriff-play-bag-menu select option")
            assert bags.count() == 3 - handled, f"{bags.count()} bags left after {handled} handled"
            page.locator(".sheriff-play-bag-menu select").select_option(index=bags.count() - 1)
            play.dash.settle(quiet_ms=300)
            if handled == 0:
                play.shot("pick-a-bag")
            play.click(".sheriff-play-take-bag")
            continue
        if play.visible(".sheriff-play-inspect"):
            if handled == 0:
                play.shot("handle-a-bag")
            inspect = handled != 1  # open the first and the last bag, let the middle one pass
            play.click(".sheriff-play-inspect" if inspect else ".sheriff-play-pass")
            handled += 1
            opened += inspect
            continue
        pytest.fail(f"round 2: nothing to click; the turn panel says {play.text(TURN)!r}")
    else:
        pytest.fail("round 2 did not end")
    assert handled == 3, f"handled {handled} bags"
    expect(page.locator(TURN)).to_contain_text("Round 2 is over")
    play.shot("round-2-over")
    return opened


def test_play_two_rounds_by_clicking(player):
    play, page = player, player.page
    setup_four_players(play)
    round_as_merchant(play)
    opened = round_as_sheriff(play)
    play.click(".sheriff-play-continue")
    status = page.locator(".sheriff-play-status")
    expect(status).to_contain_text("Round 3 of")
    expect(status).to_contain_text("This round you are a merchant.")
    # The log tells the whole story, inspections included.
    page.get_by_text("The whole game so far").first.click()
    log = page.locator(".sheriff-play-log")
    expect(log).to_be_visible()
    text = log.inner_text()
    for line in (
        "Round 1 begins.",
        "Round 2 begins. Sheriff: you.",
        "Round 3 begins.",
        "You load and close your bag.",
        "You pick up",
        "You open",
        "You let",
    ):
        assert line in text, f"the log does not say {line!r}:\n{text}"
    assert text.count("You open") == opened, text
    assert len(re.findall(r"Honest!|A lie!", text.split("Round 2 begins.")[1])) == opened, text
    play.shot("round-3-log")
    play.dash.assert_clean()
    print("screenshots:", *play.shots, sep="\n  ")


def test_first_edition_sheriff_stacks_confiscated_cards_on_a_phone(player):
    """1st edition, 3 players, on a 400 px screen: as the sheriff, open bags until one is caught lying, then put the
    confiscated cards on the right pile in the order clicked (S000: "en el orden que elija")."""
    play, page = player, player.page
    page.locator(".sheriff-play-players button", has_text=re.compile(r"^\s*3\s*$")).click()
    page.locator(".sheriff-play-edition button").nth(0).click()
    play.dash.settle()
    play.click(".sheriff-play-start")
    play.dash.assert_no_horizontal_scroll(width=400, height=2200)
    steps = {
        ".sheriff-play-market": None,
        ".sheriff-play-let-decide": None,
        ".sheriff-play-go-on": None,
        ".sheriff-play-declare": None,
        ".sheriff-play-continue": None,
        ".sheriff-play-take-bag": None,
        ".sheriff-play-inspect": None,
    }

    def step(selector: str) -> None:  # click, then wait until the turn panel shows the next question
        before = play.text(TURN)
        play.click(selector)
        page.wait_for_function("([s, old]) => (document.querySelector(s) || {}).innerText !== old", arg=[TURN, before])
        play.dash.settle(quiet_ms=300)

    for _ in range(60):
        if play.visible(".sheriff-play-stack"):
            break
        if play.visible(".sheriff-play-load"):
            play.click(f"{TURN} .sheriff-play-card", nth=0)
            step(".sheriff-play-load")
            continue
        for selector in steps:
            if play.visible(selector):
                step(selector)
                break
        else:
            pytest.fail(f"nothing to click; the turn panel says {play.text(TURN)!r}")
    else:
        pytest.skip("no lying bag was opened in the first rounds of this deal")
    cards = page.locator(f"{TURN} .sheriff-play-stack-card")
    count = cards.count()
    assert count >= 1 and "bottom up" in play.text(TURN)
    for index in reversed(range(count)):
        cards.nth(index).click()
    play.dash.settle(quiet_ms=300)
    page.locator(f"{TURN} .sheriff-play-pile select").select_option(index=1)
    play.dash.settle(quiet_ms=300)
    play.dash.assert_no_horizontal_scroll(width=400, height=2200)
    play.shot("stack-confiscated-phone")
    play.click(".sheriff-play-stack")
    page.get_by_text("The whole game so far").first.click()
    expect(page.locator(".sheriff-play-log")).to_contain_text("puts the confiscated cards on the right pile")
    play.dash.assert_clean()


# ------------------------------------------------------------------ issue 13: a newcomer can win
def to_own_bag(play: Player) -> int:
    """Round 1 by clicking (keep the hand but one card, load two cards, declare, never pay for other bags) until the
    sheriff picks up the reader's bag; returns the reader's gold as the offer form shows it."""
    expect(play.page.locator(".sheriff-play-market")).to_be_visible()
    expect(play.cards()).to_have_count(6)
    play.click(f"{TURN} .sheriff-play-card", nth=0)
    play.click(".sheriff-play-market")
    expect(play.page.locator(".sheriff-play-load")).to_be_visible()
    expect(play.cards()).to_have_count(6)
    for i in range(2):
        play.click(f"{TURN} .sheriff-play-card", nth=i)
    play.click(".sheriff-play-load")
    play.click(".sheriff-play-declare")
    for _ in range(20):
        if play.visible(".sheriff-play-offer"):
            note = re.search(r"you have (\d+) gold", play.text(f"{TURN} .sheriff-play-offer-form"))
            assert note, "your gold is not beside the gold field"
            return int(note.group(1))
        if play.visible(".sheriff-play-go-on"):
            play.click(".sheriff-play-go-on")
            continue
        pytest.fail(f"round 1: nothing to click before our bag; the panel says {play.text(TURN)!r}")
    pytest.fail("round 1 never reached our bag")


def test_opponents_show_their_habits_and_the_log_names_the_cards_drawn(player):
    """The player strip says what each character does in its role this round; the Market line names the cards the
    reader drew from the deck ("draw 1 Cheese from the deck", not "draw 1 from the deck")."""
    play, page = player, player.page
    setup_four_players(play)
    habits = page.locator(".sheriff-play-table .sheriff-play-habit")
    expect(habits).to_have_count(3)  # every opponent, not the reader
    words = [habits.nth(i).inner_text() for i in range(3)]
    assert sum(w.startswith("As sheriff:") for w in words) == 1, words
    assert sum(w.startswith("As a merchant:") for w in words) == 2, words
    expect(play.cards()).to_have_count(6)
    play.click(f"{TURN} .sheriff-play-card", nth=0)
    play.click(".sheriff-play-market")
    news = play.text(".sheriff-play-news")
    drawn = re.search(r"You set aside 1 [A-Z][A-Za-z ]+ and draw (1 [A-Z][A-Za-z ]+) from the deck", news)
    assert drawn, news
    play.shot("drawn-card-named")
    play.dash.assert_clean()


def test_an_offer_over_your_gold_is_refused_and_a_large_one_asks_first(player):
    """Offering more gold than you have shows the rule in words and keeps your number (never lowered); offering
    all your gold asks "Offer N of your N gold?" first; "Change it" takes the question away; a small offer goes
    through, and after the deal the button reads "Continue"."""
    play, page = player, player.page
    setup_four_players(play)
    gold = to_own_bag(play)
    field = f"{TURN} .sheriff-play-offer-form input[type=number]"
    play.set_number(field, gold + 10)
    play.click(".sheriff-play-offer", expect_error=True)
    assert any(f"you have {gold} gold: you cannot offer {gold + 10}" in e for e in play.errors()), play.errors()
    expect(page.locator(field).first).to_have_value(str(gold + 10))  # not clamped to your gold
    play.shot("over-bid-refused")
    play.set_number(field, gold)
    play.click(".sheriff-play-offer")
    confirm = page.locator(f"{TURN} .sheriff-confirm")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text(f"Offer {gold} of your {gold} gold?")
    play.shot("large-offer-confirmation")
    play.click(".sheriff-confirm-no")
    expect(confirm).to_be_hidden()
    play.set_number(field, 1)
    play.click(".sheriff-play-offer")
    expect(confirm).to_be_hidden()
    if "Deal!" in play.text(".sheriff-play-news"):  # the default table's sheriff (Trusting) takes any bribe
        expect(page.locator(".sheriff-play-let-decide")).to_have_text(re.compile(r"^\s*Continue\s*$"))
        play.shot("after-a-deal")
    play.dash.assert_clean()
