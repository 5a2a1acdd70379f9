#!/usr/bin/env python3
"""koalio's phone page takes no for an answer: Debian's headless Chromium driven by Selenium,
with touch emulation as in phone_page.py, against a running koalio.

    phone_stale.py BASE_URL        (BASE_URL: http://127.0.0.1:PORT)

The page is opened with a stale resume token in its storage (one the game never gave): its one
WebSocket attempt is refused, the page asks /pad/why, drops the token and shows the code form
with the reason, and then must try nothing more: the attempts (counted by a wrapper around
window.WebSocket put in before the page's script) are watched for 5 s. Then a wrong #token in
the address: the page follows it at once (one more attempt) and shows the form again with the
expired link's reason. It prints one JSON object of what it saw; it exits non-zero only if the
script itself fails (a wait that runs out is reported in the JSON, not as a failure)."""
import json, sys, time
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

base = sys.argv[1].rstrip("/")
options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=800,400"]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    cdp = driver.execute_cdp_cmd
    cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    cdp("Emulation.setDeviceMetricsOverride", {"width": 800, "height": 400, "deviceScaleFactor": 2, "mobile": True,
                                                "screenOrientation": {"type": "landscapePrimary", "angle": 90}})
    # Every document counts its WebSocket attempts from before its own script runs.
    cdp("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.koalioAttempts = 0;
        const Original = window.WebSocket;
        window.WebSocket = class extends Original { constructor(...a) { window.koalioAttempts++; super(...a) } };"""})

    def attempts():
        return driver.execute_script("return window.koalioAttempts")

    def reason():
        return driver.execute_script("const e = document.getElementById('why'); return e ? e.textContent : null")

    def form_shown(d=None):
        return driver.find_element(By.ID, "pair").is_displayed()

    def wait(test, seconds=15):
        try:
            WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: test())
            return True
        except TimeoutException:
            return False

    result = {}
    # A first visit (no token, no resume: the form, no attempt) to reach the page's storage, then a stale resume token.
    driver.get(base + "/")
    driver.execute_script('localStorage.setItem("koalio-resume-" + location.host, "00".repeat(16))')
    driver.refresh()
    result["form_shown"] = wait(form_shown)
    result["attempts_after_stale"] = attempts()
    stale_reason = reason()
    time.sleep(5)  # the observation: nothing is to happen in these 5 s
    result["attempts_after_5s"] = attempts()
    result["reason"] = reason()
    result["form_shown"] = result["form_shown"] and form_shown()
    # A new token in the address (a wrong one): followed at once, refused, the form again with why.
    driver.execute_script('location.hash = "#" + "11".repeat(16)')
    wait(lambda: attempts() >= 2 and form_shown() and reason() not in (stale_reason, "Connecting…", ""))
    result["hash_attempts"] = attempts()
    result["hash_reason"] = reason()
    print(json.dumps(result), flush=True)
finally:
    driver.quit()
