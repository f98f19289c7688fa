"""Debian's chromium, headless, driven by chromedriver through Selenium (no browser download):
shared by the remote's browser tests (remote_browser.py, stage_browser.py)."""
import time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def chromium(out_dir, mobile=None):
    """A headless chromium with its profile in `out_dir`; `mobile`: Selenium's mobileEmulation
    (device metrics and user agent), or None for a plain desktop window."""
    opts = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              f"--user-data-dir={out_dir}/chromium-profile", "--no-first-run", "--disable-extensions"]:
        opts.add_argument(a)
    opts.binary_location = "/usr/bin/chromium"
    if mobile: opts.add_experimental_option("mobileEmulation", mobile)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    driver.set_page_load_timeout(30)
    return driver


def waiter(driver):
    """wait(pred, seconds=20): the first true value of pred() (exceptions count as false), or None."""
    def wait(pred, seconds=20):
        end = time.time() + seconds
        while time.time() < end:
            try:
                v = pred()
                if v: return v
            except Exception:
                pass
            time.sleep(0.1)
        return None
    return wait


def script(driver):
    """js(expr): the value of a JavaScript expression in the page."""
    return lambda expr: driver.execute_script("return " + expr)
