#!/usr/bin/env python3
"""koalio's phone page in a real browser: Debian's headless Chromium driven by Selenium (PyPI),
with touch emulation and touches sent as the phone's screen sends them (CDP's
Input.dispatchTouchEvent), against a running koalio on 127.0.0.1.

    phone_page.py TRACE_FIFO FRAMEBUFFER_FILE [--samples N]

It reads koalio's --trace from the FIFO (one JSON object a tick) and waits on it, never on the
clock: the QR code is read off the screen (zbarimg on Xvfb's framebuffer) once Add a phone's
page is up (the game's input script opens it), its address opened; a tap on #a goes Back to the
title, two more start level 1; a drag on #stick walks; #a
jumps; a reload comes back to the same seat; closing the page unplugs the pad. It prints one
JSON object of what it saw, or exits 1 with what it was waiting for.

With --samples N (make bench), N touches on the pause key, at every phase of the game's frame,
are timed to the trace line of the tick that saw each (each turns pause over): from the moment
the page's pointerdown handler runs (Chromium aligns its input to its own 60 Hz frames, so
the event waits there up to a frame first), and from the call that sent the touch."""
import json, os, random, shutil, subprocess, sys, threading, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

trace_path, framebuffer = sys.argv[1], sys.argv[2]
samples = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[3] == "--samples" else 0
lines, seen = [], threading.Condition()

def read_trace():
    with open(trace_path) as trace:
        for line in trace:
            at, wall = time.monotonic(), time.time()
            record = json.loads(line)
            record["_at"], record["_wall"] = at, wall  # when this tick's line came: the end of the tick that saw an input
            with seen:
                lines.append(record); seen.notify_all()
    with seen:
        lines.append(None); seen.notify_all()

threading.Thread(target=read_trace, daemon=True).start()

def wait_for(what, test, seconds=15):
    """The first trace line from now on (or already seen, from `since`) for which test holds."""
    deadline = time.monotonic() + seconds
    with seen:
        start = len(lines)
        while True:
            for line in lines[start:]:
                if line is None: sys.exit(f"koalio ended while waiting for {what}")
                if test(line): return line
            start = len(lines)
            left = deadline - time.monotonic()
            if left <= 0: sys.exit(f"timed out waiting for {what}; last: {lines[-1] if lines else None}")
            seen.wait(left)

result = {}
opened = wait_for("Add a phone's page", lambda l: l["screen"] == "phone")
wait_for("its card drawn", lambda l: l["tick"] >= opened["tick"] + 5)
shutil.copyfile(framebuffer, framebuffer + ".xwd")
scan = subprocess.run(["zbarimg", "-q", "--raw", framebuffer + ".xwd"], capture_output=True, text=True)
url = scan.stdout.strip()
result["qr"] = url

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=800,400"]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
cdp = driver.execute_cdp_cmd
cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
cdp("Emulation.setDeviceMetricsOverride", {"width": 800, "height": 400, "deviceScaleFactor": 2, "mobile": True,
                                            "screenOrientation": {"type": "landscapePrimary", "angle": 90}})
driver.get(url)
WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "who").text.startswith("Player"))
result["who"] = driver.find_element(By.ID, "who").text
result["page_bytes"] = driver.execute_script("return document.documentElement.outerHTML.length")
result["external_requests"] = driver.execute_script(
    "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith(location.origin))")

def centre(element):
    return driver.execute_script("const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                                 "return [r.x + r.width / 2, r.y + r.height / 2]", element)

def touch(kind, points):
    cdp("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]})

def tap(element):
    x, y = centre(element)
    touch("touchStart", [(x, y)])
    touch("touchEnd", [])  # at once: a tap shorter than a tick must still land

# The game reads a pad that has just come from the tick after (its presses start counting then).
plugged = wait_for("the phone's pad plugged in", lambda l: l["controllers"] == 1)
wait_for("a tick with the pad", lambda l: l["tick"] >= plugged["tick"] + 2)
tap("a")
wait_for("the title after a tap on A (Back, chosen at first on Add a phone)", lambda l: l["screen"] == "title")
# Before the first touch of the stick's half, a ring there says where to steer; the first touch hides it.
steer = "const s = document.getElementById('steer'); return [getComputedStyle(s).display, s.textContent]"
result["steer_before"] = driver.execute_script(steer)
# Add a phone stays selected on the title: the stick pushed up, a move at a time, selects Play.
x, y = 150, 250
while True:
    shown = wait_for("a title line", lambda l: l["screen"] == "title" and "selected" in l)
    if shown["selected"] == "Play": break
    touch("touchStart", [(x, y)])
    for step in range(1, 9):
        touch("touchMove", [(x, y - step * 10)])
    wait_for("the selection moved up", lambda l: l.get("selected") != shown["selected"])
    touch("touchEnd", [])
    wait_for("the stick let go", lambda l: l["tick"] >= shown["tick"] + 3)
result["steer_after"] = driver.execute_script(steer)[0]
tap("a")
wait_for("the level select after one more tap on A", lambda l: l["screen"] == "levels")
tap("a")
start = wait_for("level 1 after the second tap", lambda l: l["screen"] == "level" and l["level"] == "level1")
result["started"] = True
# A drag on the stick's zone: down at the left, right by 80 CSS px, held until the koala has walked.
x, y = 150, 250
touch("touchStart", [(x, y)])
for step in range(1, 9):
    touch("touchMove", [(x + step * 10, y)])
walked = wait_for("the koala walking right", lambda l: l["x"] > start["x"] + 60 and l["activeController"] == "Phone 1")
touch("touchEnd", [])
result["walked"] = round(walked["x"] - start["x"], 1)
tap("a")
result["jumped"] = wait_for("a jump", lambda l: l["vy"] < 0) is not None
# A reload: the page takes its seat back with the resume token it kept.
before = time.monotonic()
driver.refresh()
WebDriverWait(driver, 5, poll_frequency=0.005).until(lambda d: d.find_element(By.ID, "who").text == "Player 1")
result["reload_seconds"] = round(time.monotonic() - before, 3)
result["reloaded"] = wait_for("player 1 on the phone's pad after the reload",
                              lambda l: l["controllers"] == 1 and l["activeController"] == "Phone 1") is not None
# When the page handled each touch, on the wall clock (the same on both sides: one machine).
driver.execute_script("document.getElementById('pause').addEventListener('pointerdown',"
                      "() => { window.koalioHandled = performance.timeOrigin + performance.now() }, true)")
delays, handled = [], []
for n in range(samples):
    time.sleep(random.random() / 60)  # a touch at any point of the game's frame
    x, y = centre("pause")
    with seen:  # the reload paused the game (its pad went away for a moment): each touch turns it over
        wanted = "playing" if lines[-1]["state"] == "paused" else "paused"
    before = time.monotonic()
    touch("touchStart", [(x, y)])
    line = wait_for(f"the game {wanted} by the pause key", lambda l: l["state"] == wanted)
    delays.append(round((line["_at"] - before) * 1000, 3))
    handled.append(round(line["_wall"] * 1000 - driver.execute_script("return window.koalioHandled"), 3))
    touch("touchEnd", [])
    wait_for("a tick with the pause key let go", lambda l: True)
if samples: result["touch_to_tick_ms"], result["handled_to_tick_ms"] = delays, handled
driver.quit()
wait_for("the pad unplugged when the page closed", lambda l: l["controllers"] == 0)
result["unplugged"] = True
print(json.dumps(result), flush=True)
