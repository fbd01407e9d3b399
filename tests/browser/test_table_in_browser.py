"""The tabletop page in Chromium, at a phone's size and a tablet's: the round as players see it.

The lid and the countdown, the two clocks (one turned for the far side), the end's
sound and buzz (the AudioContext and navigator.vibrate are stand-ins that record what
the page asks of them), the screen wake lock (a stand-in too), the links that carry
the board on, shake to roll (synthetic devicemotion events), and that nothing on the
stage moves as the round goes through its phases. Screenshots of the board as each
side of the table sees it, in both themes, go to test-artifacts/ for people to look at.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from english_leaks import leaks, translated_english
from page_actions import frames_drawn

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: A phone and a tablet, as they lie on the table: touch screens at twice the pixels.
DEVICES = {"phone": (390, 844), "tablet": (820, 1180)}

#: Stand-ins for what the page asks of the device, recording each call on window.
STAND_INS = """
window.__sounds = [];
window.__buzzes = [];
window.__locks = [];
window.__released = 0;
window.__shifts = 0;
window.__motionAsked = 0;
class StandInAudio {
  constructor() { this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() {
    const note = { type: "", frequency: { value: 0 }, connect: (next) => next, stop() {} };
    note.start = (at) => window.__sounds.push([note.frequency.value, at]);
    return note;
  }
  createGain() {
    const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain, connect: (next) => next };
  }
}
window.AudioContext = StandInAudio;
navigator.vibrate = (pattern) => { window.__buzzes.push(pattern); return true; };
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  async request(type) {
    window.__locks.push(type);
    const lock = { released: false };
    lock.release = async () => { lock.released = true; window.__released += 1; };
    return lock;
  },
} });
DeviceMotionEvent.requestPermission = async () => { window.__motionAsked += 1; return "granted"; };
// Layout shifts of the stage's own elements (the site's header is another matter).
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const stage = document.getElementById("table");
    const moved = entry.sources.filter((source) => stage?.contains(source.node));
    if (moved.length) window.__shifts += entry.value;
  }
}).observe({ type: "layout-shift", buffered: true });
"""

#: A browser with no wake lock and no permission step for motion (as Firefox, say).
NO_WAKE_LOCK = """
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: undefined });
delete DeviceMotionEvent.requestPermission;
"""

#: Three hard jolts, 100 ms apart: a shake (static/js/lib/shake.js). Nothing is awaited
#: after the last, which may take the page to a new board.
SHAKE = """async (strength) => {
  const jolt = () => dispatchEvent(new DeviceMotionEvent("devicemotion", {
    acceleration: { x: strength, y: 0, z: 0 },
    accelerationIncludingGravity: { x: strength, y: 0, z: 9.81 },
    interval: 16,
  }));
  for (let i = 0; i < 2; i += 1) {
    jolt();
    await new Promise((done) => setTimeout(done, 100));
  }
  jolt();
}"""


@pytest.fixture(params=list(DEVICES))
def device(request: pytest.FixtureRequest, open_page: Callable[..., Any]) -> Iterator[Page]:
    """The page on a phone and on a tablet, with the stand-ins installed."""
    width, height = DEVICES[request.param]
    with open_page(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    ) as page:
        page.context.add_init_script(STAND_INS)
        yield page


def table_url(live_url: str, **query: Any) -> str:
    return f"{live_url}/table?{urlencode(query)}"


def turns(page: Page) -> list[int]:
    return page.eval_on_selector_all(
        "#table-board [data-turn]", "cs => cs.map(c => +c.dataset.turn)"
    )


def board_faces(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#table-board [role=cell]",
        "cs => cs.map(c => c.classList.contains('tt-blank') ? '#' : c.textContent.trim())",
    )


def state(page: Page) -> str:
    return page.get_attribute("#table", "data-state")


def clocks(page: Page) -> tuple[str, str]:
    """Both clocks as one moment shows them (read in one go, between two ticks)."""
    near, far = page.evaluate(
        "['clock-near', 'clock-far'].map((id) => document.getElementById(id).textContent)"
    )
    return near, far


def play_to_the_end(page: Page, expect: Callable, seconds: int) -> None:
    """Start the round on the installed clock and run it out."""
    page.click("#start")
    page.clock.run_for(3000)
    expect(page.locator("#table")).to_have_attribute("data-state", "playing")
    page.clock.run_for(seconds * 1000 + 400)
    expect(page.locator("#table")).to_have_attribute("data-state", "over")


# --- The board ---------------------------------------------------------------------------


def test_the_dice_lie_turned_differently_across_the_cubes_and_across_the_rolls(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.goto(table_url(live_url, dice="big"))
    seen = []
    for _ in range(3):
        seen.append(turns(device))
        # Each letter is drawn turned as its die lies: the page's CSS turns it so.
        drawn = device.eval_on_selector_all(
            "#table-board .tt-face", "fs => fs.map(f => getComputedStyle(f).rotate)"
        )
        shown = device.eval_on_selector_all(
            "#table-board .tt-face", "fs => fs.map(f => +f.parentElement.dataset.turn)"
        )
        assert drawn == [f"{t}deg" if t else "none" for t in shown]
        assert len(set(seen[-1])) > 1, "every die turned alike"
        device.goto(live_url + device.get_attribute("#new-link", "href"))
    assert len({tuple(t) for t in seen}) == 3


def test_the_board_fills_the_screen_and_its_letters_are_hidden_until_the_count_ends(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.clock.install()
    device.goto(table_url(live_url, dice="superbig", seconds=60))
    width = device.viewport_size["width"]
    tray = device.locator(".tt-tray").bounding_box()
    assert tray["width"] >= width * 0.9
    stage = device.locator("#table").bounding_box()
    assert stage["height"] == device.viewport_size["height"]
    expect(device.locator(".tt-face").first).to_be_hidden()
    device.click("#start")
    # The stage takes the screen for the round.
    assert abs(device.locator("#table").bounding_box()["y"]) < 1
    for shown in ("3", "2", "1"):
        expect(device.locator("#count-near")).to_have_text(shown)
        expect(device.locator("#count-far")).to_have_text(shown)
        expect(device.locator(".tt-face").first).to_be_hidden()
        device.clock.run_for(1000)
    expect(device.locator(".tt-face").first).to_be_visible()
    expect(device.locator("#count-near")).to_be_hidden()


def test_the_two_clocks_count_down_together_the_far_one_turned_round(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.clock.install()
    device.goto(table_url(live_url, seconds=60, seed=1))
    device.clock.pause_at(device.evaluate("Date.now()") + 1000)  # time moves by hand alone
    assert clocks(device) == ("1:00", "1:00")
    far = device.eval_on_selector(".tt-clock.tt-far", "p => getComputedStyle(p).rotate")
    near = device.eval_on_selector(".tt-clock.tt-near", "p => getComputedStyle(p).rotate")
    assert (far, near) == ("180deg", "none")
    device.click("#start")
    device.clock.run_for(3000)
    expect(device.locator("#table")).to_have_attribute("data-state", "playing")
    for step_ms, shown in [(200, "1:00"), (10_000, "0:50"), (25_000, "0:25"), (24_000, "0:01")]:
        device.clock.run_for(step_ms)
        expect(device.locator("#clock-near")).to_have_text(shown)
        assert clocks(device) == (shown, shown)
    device.clock.run_for(1000)
    assert clocks(device) == ("0:00", "0:00")
    expect(device.locator("#table")).to_have_attribute("data-state", "over")


# --- The end of the round, the screen ---------------------------------------------------


def test_the_end_of_the_round_sounds_and_buzzes_and_the_screen_is_let_sleep(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.clock.install()
    device.goto(table_url(live_url, seconds=5, seed=3))
    device.clock.pause_at(device.evaluate("Date.now()") + 1000)
    device.click("#start")
    device.clock.run_for(3000)
    expect(device.locator("#table")).to_have_attribute("data-state", "playing")
    assert device.evaluate("window.__locks") == ["screen"]
    expect(device.locator("#table-status")).to_have_text(
        "The screen stays on until the round ends."
    )
    assert device.evaluate("window.__sounds") == []
    device.clock.run_for(5400)
    expect(device.locator("#table")).to_have_attribute("data-state", "over")
    assert [frequency for frequency, _ in device.evaluate("window.__sounds")] == [880, 880, 1175]
    assert device.evaluate("window.__buzzes") == [[400, 150, 400, 150, 700]]
    assert device.evaluate("window.__released") == 1
    for link in ("#solver-link", "#scoring-link", "#same-link", "#new-link"):
        expect(device.locator(link)).to_be_visible()
    expect(device.locator("#stop")).to_be_hidden()


def test_muted_the_end_is_silent_and_still_and_the_switch_is_remembered(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.clock.install()
    device.goto(table_url(live_url, seconds=2, seed=3))
    device.click("#mute")
    expect(device.locator("#mute")).to_have_attribute("aria-pressed", "true")
    play_to_the_end(device, expect, 2)
    assert device.evaluate("[window.__sounds, window.__buzzes]") == [[], []]
    device.goto(table_url(live_url, seconds=2, seed=4))
    expect(device.locator("#mute")).to_have_attribute("aria-pressed", "true")
    device.click("#mute")
    play_to_the_end(device, expect, 2)
    assert len(device.evaluate("window.__sounds")) == 3


def test_stop_takes_a_second_tap_and_ends_the_round_with_its_sound(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.clock.install()
    device.goto(table_url(live_url, seconds=60, seed=3))
    device.clock.pause_at(device.evaluate("Date.now()") + 1000)
    device.click("#start")
    device.clock.run_for(3200)
    device.click("#stop")
    expect(device.locator("#stop")).to_have_text("Tap again to stop")
    device.clock.run_for(3100)  # not tapped again: the round goes on
    expect(device.locator("#stop")).to_have_text("Stop")
    expect(device.locator("#table")).to_have_attribute("data-state", "playing")
    device.click("#stop")
    device.click("#stop")
    expect(device.locator("#table")).to_have_attribute("data-state", "over")
    assert len(device.evaluate("window.__sounds")) == 3


def test_a_browser_without_a_wake_lock_is_told_so(
    open_page: Callable[..., Any], live_url: str, expect: Callable
) -> None:
    with open_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True) as page:
        page.context.add_init_script(STAND_INS)
        page.context.add_init_script(NO_WAKE_LOCK)
        page.goto(table_url(live_url))
        expect(page.locator("#table-status")).to_have_text(
            "This browser cannot keep the screen on: set the screen to stay on longer than a round."
        )


def test_a_round_in_play_goes_on_after_a_reload(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.clock.install()
    device.goto(table_url(live_url, dice="new", seconds=60))
    # Stopped, so that the reload's own time is not counted against the round.
    device.clock.pause_at(device.evaluate("Date.now()") + 1000)
    faces = board_faces(device)
    device.click("#start")
    device.clock.run_for(3000 + 20_000)
    expect(device.locator("#clock-near")).to_have_text("0:40")
    device.reload()  # the address names the board's seed now: the same board comes back
    expect(device.locator("#table")).to_have_attribute("data-state", "playing")
    assert board_faces(device) == faces
    device.clock.run_for(1000)
    assert clocks(device) == ("0:39", "0:39")
    device.clock.run_for(40_000)
    expect(device.locator("#table")).to_have_attribute("data-state", "over")
    device.reload()  # over: the board and the links, no lid, no second sound
    expect(device.locator("#table")).to_have_attribute("data-state", "over")
    assert len(device.evaluate("window.__sounds")) == 0


# --- The links the round ends with ------------------------------------------------------


def test_each_link_carries_the_board_where_it_leads(
    device: Page, live_url: str, expect: Callable
) -> None:
    # Qu, the two-letter An and a blank: every cube arrives as it was.
    address = table_url(live_url, dice="superbig", seed=16, seconds=1)
    device.clock.install()
    device.goto(address)
    device.clock.pause_at(device.evaluate("Date.now()") + 1000)
    faces, text = board_faces(device), device.get_attribute("#table", "data-board")
    assert {"Qu", "An", "#"} <= set(faces)

    play_to_the_end(device, expect, 1)
    device.click("#solver-link")
    expect(device.locator("#result-board .cube")).to_have_count(36)
    solved = device.eval_on_selector_all(
        "#result-board .cube",
        "cs => cs.map(c => c.classList.contains('blank') ? '#' : c.textContent.trim())",
    )
    assert solved == faces
    assert parse_qs(urlsplit(device.url).query)["min_length"] == ["4"]

    # Back on the table, the round is over still: its links are there.
    device.goto(address)
    expect(device.locator("#table")).to_have_attribute("data-state", "over")
    device.click("#scoring-link")
    expect(device.locator("#board")).to_have_value(text)
    expect(device.locator("#min_length")).to_have_value("4")

    device.goto(address)
    same = device.get_attribute("#same-link", "href")
    device.click("#same-link")  # played again at once, in place
    expect(device.locator("#table")).to_have_attribute("data-state", "counting")
    assert board_faces(device) == faces
    assert device.url == f"{live_url}{same}"
    device.clock.run_for(3000)
    expect(device.locator("#clock-near")).to_have_text("0:01")
    device.clock.run_for(1400)
    expect(device.locator("#table")).to_have_attribute("data-state", "over")

    turned = turns(device)
    device.goto(f"{live_url}{same}")
    assert board_faces(device) == faces
    assert turns(device) == turned

    device.click("#new-link")
    expect(device.locator("#table")).to_have_attribute("data-state", "ready")
    expect(device).to_have_url(re.compile(r"[?&]seed=\d+"))  # the script names the board
    query = parse_qs(urlsplit(device.url).query)
    assert query["dice"] == ["superbig"] and query["seconds"] == ["1"]
    assert query["seed"] != ["16"]  # the address names the new board's seed
    assert board_faces(device) != faces


# --- Shake to roll -------------------------------------------------------------------------


def test_a_shake_rolls_a_new_board_once_the_player_allows_motion(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.goto(table_url(live_url, dice="new", seed=8))
    shake = device.locator("#shake")
    expect(shake).to_be_visible()  # the browser asks first: the switch is offered
    expect(shake).to_have_attribute("aria-pressed", "false")
    device.evaluate(SHAKE, 30)  # not allowed yet: nothing happens
    assert device.get_attribute("#table", "data-seed") == "8"
    shake.click()
    expect(shake).to_have_attribute("aria-pressed", "true")
    assert device.evaluate("window.__motionAsked") == 1
    with device.expect_navigation():
        device.evaluate(SHAKE, 30)
    expect(device.locator("#table")).to_have_attribute("data-state", "ready")
    assert device.get_attribute("#table", "data-seed") != "8"
    # Allowed before: the next board's switch is on without a tap.
    expect(device.locator("#shake")).to_have_attribute("aria-pressed", "true")


def test_the_clocks_are_drawn_once_a_second_as_the_round_runs(
    device: Page, live_url: str, expect: Callable
) -> None:
    # The clock ticks every 200 ms, and the two clocks are written only when the second
    # changes: a device lying on the table for the whole round draws a frame a second,
    # where writing the same text at every tick drew five (10 in these 2 s).
    device.goto(table_url(live_url, dice="new", seed=8, seconds=60))
    device.click("#start")
    expect(device.locator("#table")).to_have_attribute("data-state", "playing", timeout=6000)
    device.wait_for_timeout(300)
    drawn = frames_drawn(device, 2)
    assert 0 < drawn <= 5, f"{drawn} frames drawn in 2 s of the round"


def test_a_knock_or_a_shake_during_the_round_rolls_nothing(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.goto(table_url(live_url, dice="new", seed=8, seconds=60))
    device.click("#shake")
    expect(device.locator("#shake")).to_have_attribute("aria-pressed", "true")
    device.evaluate(SHAKE, 10)  # too gentle
    device.click("#start")
    expect(device.locator("#table")).to_have_attribute("data-state", "playing", timeout=6000)
    device.evaluate(SHAKE, 30)
    device.wait_for_timeout(300)
    assert device.get_attribute("#table", "data-seed") == "8"
    expect(device.locator("#table")).to_have_attribute("data-state", "playing")


def test_where_motion_needs_no_permission_the_switch_shows_with_the_first_reading(
    open_page: Callable[..., Any], live_url: str, expect: Callable
) -> None:
    with open_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True) as page:
        page.context.add_init_script(STAND_INS)
        page.context.add_init_script(NO_WAKE_LOCK)
        page.goto(table_url(live_url, seed=8))
        expect(page.locator("#shake")).to_be_hidden()  # no reading yet: the device may have none
        with page.expect_navigation():
            page.evaluate(SHAKE, 30)
        assert page.get_attribute("#table", "data-seed") != "8"
        expect(page.locator("#shake")).to_be_hidden()  # a new page: no reading yet


# --- Still, without script, in other languages --------------------------------------------


def test_nothing_on_the_stage_moves_through_the_round(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.clock.install()
    device.goto(table_url(live_url, seconds=2, seed=5))
    device.click("#start")
    device.clock.run_for(1000)
    boxes = device.eval_on_selector_all(
        "#table > *, .tt-tray, .tt-clock, .tt-bar > *, .tt-tools > *",
        "es => es.map(e => JSON.stringify(e.getBoundingClientRect()))",
    )
    device.clock.run_for(2000)
    expect(device.locator("#table")).to_have_attribute("data-state", "playing")
    device.clock.run_for(2400)
    expect(device.locator("#table")).to_have_attribute("data-state", "over")
    after = device.eval_on_selector_all(
        "#table > *, .tt-tray, .tt-clock, .tt-bar > *, .tt-tools > *",
        "es => es.map(e => JSON.stringify(e.getBoundingClientRect()))",
    )
    assert after == boxes
    assert device.evaluate("window.__shifts") == 0


def test_without_javascript_the_board_shows_at_once_with_its_links(
    no_js_page: Page, live_url: str, expect: Callable
) -> None:
    no_js_page.goto(table_url(live_url, dice="new", seed=2024))
    expect(no_js_page.locator(".tt-face").first).to_be_visible()
    expect(no_js_page.locator("#start")).to_be_hidden()
    expect(no_js_page.locator("#clock-near")).to_be_hidden()
    expect(no_js_page.locator("#new-link")).to_be_visible()
    expect(no_js_page.locator(".tt-settings noscript p")).to_contain_text(
        "The clock needs JavaScript"
    )
    no_js_page.select_option("#dictionary", "de")
    no_js_page.select_option("#dice", "de-big")
    no_js_page.click("text=Roll the dice")
    expect(no_js_page.locator("#table-board [role=cell]")).to_have_count(25)


def test_the_dice_offered_follow_the_dictionary_chosen(
    device: Page, live_url: str, expect: Callable
) -> None:
    device.goto(table_url(live_url))
    device.select_option("#dictionary", "it")
    expect(device.locator("#dice")).to_have_value("it")
    enabled = device.eval_on_selector_all(
        "#dice option",
        "os => os.filter(o => !o.disabled && !o.parentElement.disabled).map(o => o.value)",
    )
    assert enabled == ["it", "it-big"]
    with device.expect_navigation():
        device.click("text=Roll the dice")
    assert device.get_attribute("#table", "data-dice") == "it"


@pytest.mark.parametrize("code", ["de", "nl"])
def test_the_page_and_its_round_speak_the_readers_language(
    open_page: Callable[..., Any], live_url: str, expect: Callable, code: str
) -> None:
    options = {"locale": code, "extra_http_headers": {"Accept-Language": code}}
    with open_page(viewport={"width": 820, "height": 1180}, has_touch=True, **options) as page:
        page.context.add_init_script(STAND_INS)
        page.context.add_init_script(NO_WAKE_LOCK)
        page.clock.install()
        page.goto(table_url(live_url, seconds=1))
        assert page.get_attribute("#table", "data-dice") == code  # the language's own dice
        assert leaks(page.content(), code, translated_english(code)) == []
        page.click("#start")
        page.clock.run_for(1500)
        assert leaks(page.content(), code, translated_english(code)) == []  # the countdown
        page.clock.run_for(3000)
        expect(page.locator("#table")).to_have_attribute("data-state", "over")
        assert leaks(page.content(), code, translated_english(code)) == []


# --- Screenshots, for people to look at ---------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(DEVICES))
def test_screenshots_of_the_board_from_each_side(
    open_page: Callable[..., Any],
    live_url: str,
    expect: Callable,
    artifacts: Path,
    size: str,
    scheme: str,
) -> None:
    width, height = DEVICES[size]
    with open_page(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
    ) as page:
        page.context.add_init_script(STAND_INS)
        page.clock.install()
        page.goto(table_url(live_url, dice="superbig" if size == "tablet" else "new", seed=16))
        page.screenshot(path=str(artifacts / f"table-{size}-{scheme}-lid.png"))
        page.click("#start")
        page.clock.run_for(3500)
        expect(page.locator("#table")).to_have_attribute("data-state", "playing")
        page.screenshot(path=str(artifacts / f"table-{size}-{scheme}-round.png"))
        # The board as each side of the table sees it: the tray turned under the camera.
        for side, turn in (("near", 0), ("right", 90), ("far", 180), ("left", 270)):
            page.eval_on_selector(
                ".tt-tray", "(tray, turn) => { tray.style.rotate = `${turn}deg`; }", -turn
            )
            page.locator(".tt-tray").screenshot(
                path=str(artifacts / f"table-{size}-{scheme}-{side}.png")
            )
        page.eval_on_selector(".tt-tray", "tray => { tray.style.rotate = ''; }")
        page.clock.run_for(240_000)
        expect(page.locator("#table")).to_have_attribute("data-state", "over")
        page.screenshot(path=str(artifacts / f"table-{size}-{scheme}-over.png"))
