#!/usr/bin/env python3
"""koalio's phone page in a real browser: Debian's headless Chromium driven by Selenium (PyPI),
with touch emulation and touches sent as the phone's screen sends them (CDP's
Input.dispatchTouchEvent), against a running koalio on 127.0.0.1.

    phone_page.py TRACE_FIFO FRAMEBUFFER_FILE

It reads koalio's --trace from the FIFO (one JSON object a tick) and waits on it, never on the
clock: the QR code is read off the screen (zbarimg on Xvfb's framebuffer) once the title is up,
its address opened; two taps on #a start level 1 from the title; a drag on #stick walks; #a
jumps; closing the page unplugs the pad. It prints one JSON object of what it saw, or exits 1
with what it was waiting for."""
import json, os, shutil, subprocess, sys, threading, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

trace_path, framebuffer = sys.argv[1], sys.argv[2]
lines, seen = [], threading.Condition()

def read_trace():
    with open(trace_path) as trace:
        for line in trace:
            with seen:
                lines.append(json.loads(line)); seen.notify_all()
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
wait_for("the title", lambda l: l["tick"] >= 5 and l["screen"] == "title")
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
wait_for("the level select after one tap on A", lambda l: l["screen"] == "levels")
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
driver.quit()
wait_for("the pad unplugged when the page closed", lambda l: l["controllers"] == 0)
result["unplugged"] = True
print(json.dumps(result), flush=True)
