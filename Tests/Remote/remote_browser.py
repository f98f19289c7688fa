#!/usr/bin/env python3
"""The phone remote in a real browser: Debian's chromium, headless, driven by chromedriver through
Selenium, at a phone's size (portrait, then landscape). Usage:
remote_browser.py CONTROL_URL VIEW_URL OUT_DIR. Prints one JSON object of what the page showed and
did; saves portrait.png and landscape.png in OUT_DIR. The Swift test asserts on it and checks the
talk through the control socket."""
import json, os, sys, time, urllib.parse
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

control_url, view_url, out_dir = sys.argv[1:4]
# A phone: 390×844 CSS pixels at 3 device pixels each, with touch.
driver = browser.chromium(out_dir, {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True},
                                    "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile"})
wait, js = browser.waiter(driver), browser.script(driver)
out = {}

try:
    # A wrong token: the page is refused and says why.
    u = urllib.parse.urlsplit(control_url)
    driver.get(f"{u.scheme}://{u.netloc}/?t={'0' * 32}")
    out["wrongTokenText"] = driver.find_element(By.TAG_NAME, "body").text[:200]
    driver.get(f"{u.scheme}://{u.netloc}/")
    out["noTokenText"] = driver.find_element(By.TAG_NAME, "body").text[:200]

    driver.get(control_url)
    out["position"] = wait(lambda: js("document.getElementById('position').textContent.includes('/') && document.getElementById('position').textContent"))
    out["currentPicture"] = wait(lambda: js("document.getElementById('current').naturalWidth > 0 && [document.getElementById('current').naturalWidth, document.getElementById('current').naturalHeight]"))
    out["nextPicture"] = wait(lambda: js("document.getElementById('next').naturalWidth > 0 && document.getElementById('next').naturalWidth"))
    out["controlsShown"] = js("getComputedStyle(document.getElementById('controls')).display != 'none'")
    out["elapsed"] = js("document.getElementById('elapsed').textContent")
    out["remaining"] = js("document.getElementById('remaining').textContent")
    out["paceClass"] = js("document.getElementById('remaining').className")
    out["notes"] = js("document.getElementById('notes').textContent")
    out["pageFitsWidth"] = js("document.documentElement.scrollWidth <= window.innerWidth")
    driver.save_screenshot(f"{out_dir}/portrait.png")

    before = out["position"]
    first_src = js("document.getElementById('current').src")
    driver.find_element(By.ID, "next-button").click()
    out["positionAfterTap"] = wait(lambda: js("document.getElementById('position').textContent") != before and js("document.getElementById('position').textContent"))
    # A newer picture arrives for the new slide (pushed, not polled).
    out["pictureReplaced"] = bool(wait(lambda: js("document.getElementById('current').src") != first_src and js("document.getElementById('current').naturalWidth > 0")))

    # Drag on the slide picture: from its centre to three quarters across, then hold.
    img = driver.find_element(By.ID, "current")
    w = img.size["width"]
    ActionChains(driver).move_to_element(img).click_and_hold().move_by_offset(w // 4, 0).pause(0.5).perform()
    out["dotDuringDrag"] = js("!document.getElementById('dot').hidden")
    # Held: the test reads the audience pointer through the control socket now.
    print(json.dumps({"phase": "dragging", **out}), flush=True)
    sys.stdin.readline()
    ActionChains(driver).release().perform()

    driver.set_window_size(844, 390)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 844, "height": 390, "deviceScaleFactor": 3, "mobile": True,
                                                                  "screenOrientation": {"type": "landscapePrimary", "angle": 90}})
    time.sleep(1)
    out["landscapeColumns"] = js("getComputedStyle(document.getElementById('app')).gridTemplateColumns.split(' ').length")
    out["landscapeFitsWidth"] = js("document.documentElement.scrollWidth <= window.innerWidth")
    driver.save_screenshot(f"{out_dir}/landscape.png")

    # The view link shows no controls.
    driver.get(view_url)
    wait(lambda: js("document.body.classList.contains('view-only')"))
    out["viewControlsHidden"] = js("getComputedStyle(document.getElementById('controls')).display == 'none'")
finally:
    driver.quit()
print(json.dumps({"phase": "done", **out}))
