"""A real browser on the portal's pages: headless Chromium (Debian's chromium + chromium-driver,
installed by .ci/run) through selenium. A team submits through the form (file picker), asks for
publication, the admin logs in and approves, the leaderboard shows the row. Screenshots of each
step are saved in the test's tmp dir (the path is printed)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from portal.app import create_app
from portal.service import Portal
from tests.portal_env import gold_submission, make_home, portal_settings, serve, write_baseline

pytestmark = pytest.mark.slow

CHROMIUM = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if Path(p).exists()), None)
DRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else None)


@pytest.fixture
def browser(tmp_path):
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
    if CHROMIUM is None or DRIVER is None:
        pytest.skip("Debian packages chromium and chromium-driver are not installed (.ci/run installs them)")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    opts = Options()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,1000",
                f"--user-data-dir={tmp_path / 'chrome-profile'}"):
        opts.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def test_team_submits_through_the_form_admin_approves_leaderboard_shows_it(browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.ui import WebDriverWait

    home = make_home(tmp_path / "home")
    write_baseline(home, "news-en", "1.0.0", "bm25", wrong=True)
    portal = Portal(portal_settings(home, f"sqlite:///{tmp_path / 'portal.sqlite'}"))
    token = portal.create_team("alpha")
    results = tmp_path / "results.json"
    results.write_text(json.dumps(gold_submission()), encoding="utf-8")
    shots = tmp_path / "screenshots"
    shots.mkdir()
    # a click that posts a form reloads the page: an element found just before the reload goes
    # stale while the wait reads it (CI on ff1d301: StaleElementReferenceException after "publish")
    # Chrome may also answer "Node with given id does not belong to the document" (a plain
    # WebDriverException) when the element is read while the old document is torn down (CI on
    # 9ee8a96, after "publish"): each reload is waited out (the old element goes stale) before
    # the new page is read, and a read that still races the reload is retried
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    wait = WebDriverWait(browser, 30, ignored_exceptions=(StaleElementReferenceException,))

    def text_of(d, by: str, selector: str) -> str:
        try:
            return d.find_element(by, selector).text
        except WebDriverException as exc:
            if isinstance(exc, StaleElementReferenceException) or "does not belong to the document" in str(exc):
                return ""
            raise

    def gone(element):
        # ec.staleness_of catches only StaleElementReferenceException; Chrome answers the same
        # torn-down-document case with "Node with given id does not belong to the document" too
        # (CI on e3ef89f, line "staleness_of(row)" after "publish"): both mean the page reloaded
        def check(_d) -> bool:
            try:
                element.is_enabled()
            except WebDriverException as exc:
                if isinstance(exc, StaleElementReferenceException) or "does not belong to the document" in str(exc):
                    return True
                raise
            return False

        return check

    def shot(name: str) -> None:
        browser.save_screenshot(str(shots / f"{name}.png"))

    with serve(create_app(portal)) as url:
        # the team: the form, a file picked from disk (read into the text area by the page's script)
        browser.get(f"{url}/releases/news-en/1.0.0")
        browser.find_element(By.LINK_TEXT, "submit results").click()
        wait.until(ec.presence_of_element_located((By.ID, "submit-form")))
        browser.find_element(By.ID, "token").send_keys(token)
        assert Select(browser.find_element(By.ID, "release")).first_selected_option.text == "news-en@1.0.0"
        browser.find_element(By.ID, "file").send_keys(str(results))
        wait.until(lambda d: d.find_element(By.ID, "results").get_attribute("value").startswith("{"))
        shot("1-submit-form")
        browser.find_element(By.ID, "send").click()
        wait.until(ec.presence_of_element_located((By.ID, "submitted")))
        shot("2-my-submissions")
        row = browser.find_element(By.CSS_SELECTOR, "#mine tbody tr")
        assert "news-en@1.0.0" in row.text and "private" in row.text and "rouge_l 1.000" in row.text
        row.find_element(By.CSS_SELECTOR, "button.publish").click()
        wait.until(gone(row))
        wait.until(lambda d: "requested" in text_of(d, By.CSS_SELECTOR, "#mine tbody tr .status"))

        # the admin: log in, approve from the queue
        browser.get(f"{url}/admin")
        browser.find_element(By.ID, "admin-token").send_keys("admin-secret-token")
        browser.find_element(By.ID, "login").click()
        queued = wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#queue tbody tr")))
        assert "alpha" in queued.text
        shot("3-admin-queue")
        queued.find_element(By.CSS_SELECTOR, "button.approve").click()
        wait.until(gone(queued))
        wait.until(lambda d: "Nothing awaits a decision" in d.page_source)
        assert "approve" in browser.find_element(By.ID, "audit").text

        # the public leaderboard: the team's row above the baseline; sorting by a column works
        browser.get(f"{url}/leaderboard/news-en")  # the newest version, 1.1.0: nothing published there
        assert "No published results" in browser.page_source
        Select(browser.find_element(By.ID, "version-toggle")).select_by_value("?version=1.0.0")
        wait.until(lambda d: "version 1.0.0" in text_of(d, By.TAG_NAME, "h1"))
        rows = browser.find_elements(By.CSS_SELECTOR, "#leaderboard tbody tr")
        assert [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows] == ["alpha", "bm25 (baseline)"]
        assert browser.find_element(By.CSS_SELECTOR, "svg polyline") is not None
        shot("4-leaderboard")
        header = browser.find_element(By.XPATH, "//table[@id='leaderboard']//th[text()='rouge_l']")
        header.click()  # ascending: the baseline's 0 first
        first = browser.find_element(By.CSS_SELECTOR, "#leaderboard tbody tr td:nth-child(2)").text
        assert first == "bm25 (baseline)"
        Select(browser.find_element(By.ID, "version-toggle")).select_by_value("?view=actual")
        wait.until(lambda d: "actual versions" in text_of(d, By.TAG_NAME, "h1"))
        shot("5-actual-versions")
    portal.close()
    print(f"screenshots: {shots}")
    assert len(list(shots.glob("*.png"))) == 5
