"""The web page in headless Chromium (Debian's /usr/bin/chromium driven by Playwright; no
browser downloads): create a table, play a short game by tapping cards, see the illegal
play flagged, the goat's "Baah!" and the tally, undo it, and save a screenshot."""

from __future__ import annotations

import os
import shutil

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("fastapi")

from api_support import Server  # noqa: E402

CHROMIUM = os.environ.get("GOATHERD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason="needs Debian's chromium (bash scripts/setup.sh --dev installs it)")


@pytest.fixture
def page(tmp_path):
    with Server(tmp_path / "browser.db") as srv, sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(30_000)
        page.srv = srv
        yield page
        browser.close()
        assert not errors, errors


def tap_and_play(page, who: str, card: str) -> None:
    expect = sync_api.expect
    expect(page.locator("#turn")).to_have_text(who)
    page.locator(f'#hand-cards button[data-card="{card}"]').tap()
    expect(page.locator("#picked")).to_contain_text(card[:-1])
    page.locator('#actions button[data-act="play"]').tap()


def test_scripted_game_through_the_page(page, tmp_path):
    expect = sync_api.expect
    page.goto(page.srv.url + "/")
    page.fill("#f-name", "Kitchen")
    page.fill("#f-players", "Ann, Bob, Cid")
    page.check("#f-open")
    page.locator("#f-teach summary").click()
    page.check("#f-part2")
    page.select_option("#f-trump", "H")
    page.fill("#f-hands", "7C\n9C 2S\n3H")
    page.click("#f-create")
    page.wait_for_url("**/t/*")
    expect(page.locator("#feed li[data-seq='0']")).to_contain_text("trump hearts")
    expect(page.locator("#trump")).to_contain_text("hearts")
    expect(page.locator("#join-code")).to_have_text(lambda_code := page.locator("#join-code").inner_text())
    assert len(lambda_code) == 6
    expect(page.locator("#kill-counter")).to_have_text("3 more plays to kill")

    tap_and_play(page, "Ann", "7C")
    expect(page.locator("#kill-counter")).to_have_text("2 more plays to kill")
    tap_and_play(page, "Bob", "2S")  # does not beat 7C
    banner = page.locator("#banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Illegal!")
    expect(banner).to_contain_text("S2.4")
    expect(page.locator("#feed li[data-seq='2']")).to_have_class("r illegal")
    expect(page.locator("#turn")).to_have_text("Bob")  # the table is unchanged: still Bob

    tap_and_play(page, "Bob", "9C")
    expect(page.locator("#turn")).to_have_text("Cid")
    page.locator("#seat-pick button[data-seat='1']").tap()  # Bob says his "one card"
    page.locator("button[data-call='one card']").tap()
    expect(page.locator("#feed li[data-seq='4']")).to_contain_text("one card")
    tap_and_play(page, "Cid", "3H")

    goat = page.locator("#goat-banner")
    expect(goat).to_be_visible()
    expect(goat).to_contain_text("Baah!")
    expect(goat).to_contain_text("Bob is the goat")
    expect(page.locator("#tally tr[data-player='Bob'] td.goats")).to_contain_text("1")
    expect(page.locator("#tally tr[data-player='Ann'] td").nth(1)).to_have_text("1")
    page.screenshot(path=str(tmp_path / "goat.png"), full_page=True)
    if os.environ.get("GOATHERD_SCREENSHOT"):
        page.screenshot(path=os.environ["GOATHERD_SCREENSHOT"], full_page=True)

    page.locator("#undo").tap()  # the kill is withdrawn: no goat, no tally entry
    expect(goat).to_be_hidden()
    expect(page.locator("#tally tr[data-player='Bob'] td.goats")).to_have_text("0")
    expect(page.locator("#feed li[data-seq='5']")).to_have_class("r ok withdrawn")
    tap_and_play(page, "Cid", "3H")
    expect(goat).to_be_visible()
    expect(page.locator("#tally tr[data-player='Bob'] td.goats")).to_contain_text("1")
    assert (tmp_path / "goat.png").stat().st_size > 10_000


def test_camera_questions_and_seat_marking_with_a_stand_in_pipeline(tmp_path):
    """The page's camera parts against a registered stand-in source (no vision involved)."""
    import threading

    import uvicorn

    from api import camera as cam
    from api.app import create_app
    from api.config import Settings
    from api_support import PLAYERS, FakeSource, free_port, http, mini_start

    sources = []
    cam.register_pipeline(lambda source, info: sources.append(FakeSource(source, info)) or sources[-1])
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(Settings(db_path=str(tmp_path / "cam.db"))),
                                           host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                if http("GET", url + "/api/health", timeout=1)[0] == 200:
                    break
            except OSError:
                pass
            threading.Event().wait(0.1)
        status, t = http("POST", url + "/api/tables", {"players": PLAYERS, "mode": "open", "part": 2, "trump": "H",
                                                       "hands": mini_start()["hands"], "leader": 0})
        assert http("POST", f"{url}/api/tables/{t['id']}/camera", {"source": "0"})[0] == 200
        # (and a question about an event the camera logged all the same: nothing to apply)
        logged = {"type": "play", "seat": 1, "cards": ["??"]}
        sources[0].pending["q2"] = {"id": "q2", "text": "could not read the card Bob put down: logged as an unread "
                                    "card; which card was it?", "event": None, "logged": logged}
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 412, "height": 915})
            page.set_default_timeout(30_000)
            page.goto(f"{url}/t/{t['id']}")
            expect = sync_api.expect
            expect(page.locator("#camera-status")).to_contain_text("Camera: 0")
            expect(page.locator("#questions")).to_contain_text("Was that 7C?")
            page.get_by_text("Yes, that happened").click()
            expect(page.locator("#feed li[data-seq='1']")).to_contain_text("Ann leads 7C")
            expect(page.locator("#questions .question")).to_have_count(1)
            expect(page.locator("#questions")).to_contain_text("which card was it?")
            page.get_by_text("Wrong: undo it").wait_for()
            page.get_by_text("Right", exact=True).click()
            expect(page.locator("#questions .question")).to_have_count(0)
            expect(page.locator("#feed li")).to_have_count(2)  # (the start and Ann's 7C: nothing applied)
            # ... and one answered "Wrong": the event it names, still the table's last, is undone
            sources[0].pending["q3"] = {"id": "q3", "text": "logged as Ann's lead of 7C; please confirm",
                                        "event": None, "logged": {"type": "play", "seat": 0, "cards": ["7C"]}}
            page.evaluate("loadQuestions()")
            page.get_by_text("Wrong: undo it").click()
            expect(page.locator("#feed")).to_contain_text("withdrew")
            expect(page.locator("#questions .question")).to_have_count(0)
            video = page.locator("#camera-video")
            box = video.bounding_box()
            for fx, fy in [(0.1, 0.9), (0.5, 0.1), (0.9, 0.9)]:
                video.click(position={"x": box["width"] * fx, "y": box["height"] * fy})
            expect(page.locator("#camera-status")).to_have_text("Seats marked.")
            browser.close()
        assert sources[0].seats is not None and len(sources[0].seats) == 3
        assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in sources[0].seats)
    finally:
        cam.register_pipeline(None)
        server.should_exit = True
        thread.join(10)


def test_a_durak_game_through_the_page(page, tmp_path):
    """Another game on the same page: the buttons come from the game (GET /api/games), the
    table shows each attack card with its cover, and the loser is "the fool"."""
    from api_support import http

    expect = sync_api.expect
    status, t = http("POST", page.srv.url + "/api/tables", {
        "game": "durak", "players": ["Ann", "Bob"], "mode": "open", "trump": "H",
        "hands": [["6C", "7S"], ["9C", "7D"]], "start_fields": {"talon": 0, "attacker": 0}})
    assert status == 201, t
    page.goto(f"{page.srv.url}/t/{t['id']}?code={t['join_code']}")
    expect(page.locator("#tally-title")).to_have_text("Tally")
    expect(page.locator("#losses-head")).to_have_text("Fools")

    def act(seat: int, cards: list[str], action: str) -> None:
        page.locator(f'#seat-pick button[data-seat="{seat}"]').tap()
        for card in cards:  # from the seat's known hand, or a card on the table
            known = page.locator(f'#hand-cards button[data-card="{card}"]')
            (known if known.count() else page.locator(f'#trick button[data-card="{card}"]')).tap()
        page.locator(f'#actions button[data-act="{action}"]').tap()

    act(0, ["6C"], "attack")
    expect(page.locator("#trick")).to_contain_text("to beat")
    act(1, ["7D", "6C"], "defend")  # a diamond does not beat a club
    expect(page.locator("#banner")).to_contain_text("Illegal")
    expect(page.locator("#banner a.rule")).to_have_text("D1.2")
    act(1, ["9C", "6C"], "defend")
    expect(page.locator("#trick .c.cover")).to_have_attribute("data-card", "9C")
    page.locator('#actions button[data-act="discard"]').tap()
    act(1, ["7D"], "attack")
    act(0, [], "take")  # Bob is out of cards with no talon left: Ann is the fool
    expect(page.locator("#goat-banner")).to_contain_text("Ann is the fool")
    expect(page.locator("#tally tr[data-player='Ann'] td.goats")).to_have_text("1")
    page.screenshot(path=str(tmp_path / "durak.png"), full_page=True)


def test_a_table_created_before_the_lists_load_is_created(page):
    """The home page loads its table and game lists before anything else; "Create table"
    clicked meanwhile submitted the bare form (a plain page reload, nothing created: a CI
    run on a busy machine). The form is handled from the start."""
    import time

    def slow(route):
        time.sleep(2.0)
        route.continue_()

    page.route("**/api/tables", slow)
    page.goto(page.srv.url + "/", wait_until="commit")
    page.fill("#f-name", "Quick")  # (waits for the home page to be shown: the script has run)
    page.fill("#f-players", "Ann, Bob, Cid")
    page.click("#f-create")
    page.wait_for_url("**/t/*")
    sync_api.expect(page.locator("#feed li[data-seq='0']")).to_be_visible()
