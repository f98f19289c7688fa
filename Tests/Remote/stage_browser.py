#!/usr/bin/env python3
"""The stage display and the audience page in a real browser (Debian's chromium, headless, via
chromedriver and Selenium), both on the view link. Usage: stage_browser.py STAGE_URL AUDIENCE_URL
OUT_DIR. Between phases it prints {"phase": …} and waits for a line on stdin, while the Swift test
drives the talk through the control socket (next, then blackout); at the end it prints everything
the pages showed. Screenshots in OUT_DIR: stage-tv.png, stage-tv-notes.png, audience-tv.png,
audience-black.png, stage-phone.png, audience-phone.png."""
import json, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser
from selenium.webdriver.common.by import By

stage_url, audience_url, out_dir = sys.argv[1:4]
driver = browser.chromium(out_dir)
wait, js = browser.waiter(driver), browser.script(driver)
out = {}

def handshake(phase):
    print(json.dumps({"phase": phase, **out}), flush=True)
    sys.stdin.readline()

def el(id): return f"document.getElementById('{id}')"
def size(id): return js(f"parseFloat(getComputedStyle({el(id)}).fontSize)")
def visible(id): return js(f"(() => {{ const r = {el(id)}.getBoundingClientRect(); return !{el(id)}.hidden && r.width > 0 && r.height > 0; }})()")
# Mean brightness (0…255) of an image as the page has it, read back through a canvas.
def brightness(id): return js(f"""(() => {{ const img = {el(id)}; if (!img.naturalWidth) return null;
    const c = document.createElement('canvas'); c.width = 64; c.height = 36; const g = c.getContext('2d');
    g.drawImage(img, 0, 0, 64, 36); const d = g.getImageData(0, 0, 64, 36).data; let s = 0;
    for (let i = 0; i < d.length; i += 4) s += d[i] + d[i + 1] + d[i + 2]; return s / (d.length / 4) / 3; }})()""")

try:
    # A TV at the stage edge: 1280×720.
    driver.set_window_size(1280, 720)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
    driver.get(stage_url)
    out["position"] = wait(lambda: js(f"{el('index')}.textContent.includes('/') && {el('index')}.textContent"))
    out["currentPicture"] = wait(lambda: js(f"{el('current')}.naturalWidth > 0 && [{el('current')}.naturalWidth, {el('current')}.naturalHeight]"))
    out["nextPicture"] = wait(lambda: js(f"{el('next')}.naturalWidth"))
    out["remaining"] = js(f"{el('remaining')}.textContent")
    out["pace"] = js(f"{el('remaining')}.className")
    out["paceColor"] = js(f"getComputedStyle({el('remaining')}).color")
    out["elapsed"] = js(f"{el('elapsed')}.textContent")
    out["status"] = js(f"{el('status')}.textContent")
    out["remainingPx"], out["positionPx"] = size("remaining"), size("position")
    out["notesShownAtFirst"] = visible("notes")
    out["controls"] = js("document.querySelectorAll('#controls, #next-button, #blackout').length")
    out["fits"] = js("document.documentElement.scrollWidth <= innerWidth && document.documentElement.scrollHeight <= innerHeight")
    driver.save_screenshot(f"{out_dir}/stage-tv.png")
    driver.find_element(By.ID, "notes-toggle").click()
    out["notesShown"] = wait(lambda: visible("notes"))
    out["notesText"] = js(f"{el('notes')}.textContent")
    out["notesPx"] = size("notes")
    out["notesInLink"] = js("location.search.includes('notes=1')")
    out["fitsWithNotes"] = js("document.documentElement.scrollWidth <= innerWidth && document.documentElement.scrollHeight <= innerHeight")
    driver.save_screenshot(f"{out_dir}/stage-tv-notes.png")
    first_src = js(f"{el('current')}.src")
    handshake("stage")   # the test advances the talk through the control socket

    out["positionAfterNext"] = wait(lambda: js(f"{el('index')}.textContent") != out["position"] and js(f"{el('index')}.textContent"))
    out["pictureReplaced"] = bool(wait(lambda: js(f"{el('current')}.src") != first_src and js(f"{el('current')}.naturalWidth > 0")))
    out["notesAfterNext"] = js(f"{el('notes')}.textContent")
    out["notesStillShown"] = visible("notes")
    # The timer started with the first advance: now there is a pace, and its colour.
    wait(lambda: js(f"{el('remaining')}.className"), 5)
    out["paceAfterNext"] = js(f"{el('remaining')}.className")
    out["paceColorAfterNext"] = js(f"getComputedStyle({el('remaining')}).color")

    driver.get(audience_url)
    # (A batch drawn for the stage page may still arrive first; then the one drawn at this page's width.)
    wait(lambda: js(f"{el('view')}.naturalWidth >= 1280"), 10)
    out["audiencePicture"] = wait(lambda: js(f"{el('view')}.naturalWidth > 0 && [{el('view')}.naturalWidth, {el('view')}.naturalHeight]"))
    box = js(f"(() => {{ const r = {el('view')}.getBoundingClientRect(); return [r.width, r.height]; }})()")
    out["audienceFills"] = box == [1280, 720]
    out["audienceBrightness"] = brightness("view")
    out["audienceOtherElements"] = js("document.body.querySelectorAll('button, nav, #notes').length")
    driver.save_screenshot(f"{out_dir}/audience-tv.png")
    live_src = js(f"{el('view')}.src")
    handshake("audience")   # the test blacks the room out

    wait(lambda: js(f"{el('view')}.src") != live_src and js(f"{el('view')}.complete"))
    wait(lambda: (brightness("view") or 255) < 2, 10)
    out["blackBrightness"] = brightness("view")
    driver.save_screenshot(f"{out_dir}/audience-black.png")
    handshake("black")   # the test brings the room back

    # Phone-sized: the stage display upright on a phone, the audience page turned.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    driver.get(stage_url + "&notes=1")
    out["phoneStagePosition"] = wait(lambda: js(f"{el('index')}.textContent.includes('/') && {el('index')}.textContent"))
    wait(lambda: js(f"{el('current')}.naturalWidth > 0"))
    out["phoneStageFitsWidth"] = js("document.documentElement.scrollWidth <= innerWidth")
    out["phoneStageNotes"] = visible("notes")
    driver.save_screenshot(f"{out_dir}/stage-phone.png")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 844, "height": 390, "deviceScaleFactor": 3, "mobile": True,
                                                                  "screenOrientation": {"type": "landscapePrimary", "angle": 90}})
    driver.get(audience_url)
    wait(lambda: js(f"{el('view')}.naturalWidth > 0"))
    out["phoneAudienceBrightness"] = brightness("view")
    out["phoneAudienceFitsWidth"] = js("document.documentElement.scrollWidth <= innerWidth")
    driver.save_screenshot(f"{out_dir}/audience-phone.png")
finally:
    driver.quit()
print(json.dumps({"phase": "done", **out}))
