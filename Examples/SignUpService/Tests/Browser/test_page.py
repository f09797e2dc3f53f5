"""The sign-up page in a real browser (issue 38): headless Chromium, driven by Selenium, against
the built service on a free port (SQLite in memory). Run by `make browser-test`; it fails, never
skips: without Chromium, its driver or Selenium it stops with what to install.

Environment: SIGNUP_SERVICE (the built executable), CHROMEDRIVER (default /usr/bin/chromedriver),
CHROMIUM (default /usr/bin/chromium), SIGNUP_PAGE_SCREENSHOTS (a folder: the page's screenshots
are written there as PNG, for the README).
"""

import atexit
import itertools
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
import unittest
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select, WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
SERVICE = os.environ.get("SIGNUP_SERVICE", os.path.join(HERE, "../../.build/debug/signup-service"))
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = os.environ.get("SIGNUP_PAGE_SCREENSHOTS")
APP_ID, APP_KEY = "pageapp", "pageapp-key"
# The service runs as configured by default (PASSWORD_POLICY=nist): 15 characters and more.
PASSWORD = "violet kettle under the moon"
# A known password of 16 characters, in the in-library blocklist (common_password).
COMMON_PASSWORD = "qwertyuiopasdfgh"
MINIMUM = 15
WAIT = 10

# What the page says, by language: its own words and the engine's field names in messages.
WORDS = {
    "en": {
        "title": "Sign up", "loginName": "Username", "signedUp": "Your account was created and you are logged in.",
        "loggedIn": "You are logged in.", "loggedOut": "You are logged out.",
        "fixProblems": "Please correct the fields marked below.", "recordHeading": "Your account",
        "japan": "Japan (+81)", "showPassword": "Show password",
        "count": "{count} characters (at least {minimum})",
    },
    "ja": {
        "title": "新規登録", "loginName": "ユーザー名", "signedUp": "アカウントを作成し、ログインしました。",
        "loggedIn": "ログインしました。", "loggedOut": "ログアウトしました。",
        "fixProblems": "下の印の付いた項目を修正してください。", "recordHeading": "あなたのアカウント",
        "japan": "日本 (+81)", "showPassword": "パスワードを表示",
        "count": "{count} 文字（{minimum} 文字以上）",
    },
}
LABELS = {
    "en": {"loginName": "username", "emailAddress": "email address", "phoneNumber": "phone number",
           "displayName": "display name", "password": "password"},
    "ja": {"loginName": "ユーザー名", "emailAddress": "メールアドレス", "phoneNumber": "電話番号",
           "displayName": "ディスプレイネーム", "password": "パスワード"},
}
# One bad value a field, with the problem the engine finds in it (the phone read in Japan).
BAD_FIELDS = [
    ("loginName", "a b", "invalid_character"),
    ("emailAddress", "ann@", "empty_domain"),
    ("phoneNumber", "090", "too_few_digits"),
    ("displayName", "\u202eYamada", "bidi_control"),
    ("password", "pw", "too_short"),
]
KII_MEMBERS = {"loginName", "emailAddress", "phoneNumber", "country", "displayName", "password", "username"}

service = None
base = None
browsers = {}
serial = itertools.count(1)


def unique(prefix):
    """A fresh identifier part: the suite's users never collide."""
    return f"{prefix}{os.getpid() % 1000}x{next(serial)}"


def mobile_number():
    """A Japanese mobile number, local form: 090 and eight digits."""
    return f"090{random.randrange(10_000_000, 100_000_000)}"


def start_service():
    global service, base
    if not os.access(SERVICE, os.X_OK):
        raise SystemExit(f"no service executable at {SERVICE}: build it first (make browser-test does)")
    # Cheap hashes, as in the Swift tests (Argon2id at 64 KiB and one pass; bcrypt at cost 4).
    environment = dict(os.environ, PORT="0", DATABASE_URL="sqlite::memory:", BCRYPT_COST="4",
                       ARGON2_MEMORY_KIB="64", ARGON2_ITERATIONS="1",
                       KII_APP_ID=APP_ID, KII_APP_KEY=APP_KEY, LOG_LEVEL="warning",
                       LOGIN_FAILURES_PER_MINUTE="100", ADDRESS_FAILURES_PER_MINUTE="1000",
                       # Every test signs up from 127.0.0.1, more than 10 a minute.
                       ADDRESS_SIGNUPS_PER_MINUTE="1000", ADDRESS_PSEUDO_SIGNUPS_PER_MINUTE="1000")
    service = subprocess.Popen([SERVICE], env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    atexit.register(stop_service)
    for line in service.stdout:
        match = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if match:
            base = f"http://127.0.0.1:{match.group(1)}"
            # The rest of its output is read (and shown) as it comes, so that it never blocks.
            threading.Thread(target=lambda: [print("service:", rest, end="") for rest in service.stdout],
                             daemon=True).start()
            return
    raise SystemExit(f"the service did not start (exit status {service.wait()})")


def start_browser(language):
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            raise SystemExit(f"no {path}: apt-get install chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=900,1400", f"--lang={language}", "--disable-extensions",
                     "--no-first-run", "--password-store=basic"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language,
                                              "credentials_enable_service": False})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


def setUpModule():
    os.environ["SE_OFFLINE"] = "true"
    start_service()
    browsers["en"] = start_browser("en-US")
    browsers["ja"] = start_browser("ja")


def tearDownModule():
    for browser in browsers.values():
        browser.quit()
    browsers.clear()
    stop_service()


def stop_service():
    """Ends the service the suite started (also when the suite stops early)."""
    if service and service.poll() is None:
        service.terminate()
        service.wait(10)


def api(method, path, body=None, token=None, language=None):
    """A request to Kii's wire, as an SDK sends it: (status, JSON)."""
    headers = {"Content-Type": "application/json", "X-Kii-AppID": APP_ID, "X-Kii-AppKey": APP_KEY}
    if language:
        headers["Accept-Language"] = language
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


class Page:
    """One browser on the page: what a person does, and what the page shows."""

    def __init__(self, test, language):
        self.test = test
        self.language = language
        self.browser = browsers[language]
        self.browser.delete_all_cookies()
        self.browser.get(base + "/")
        self.browser.execute_script("sessionStorage.clear()")
        self.browser.get(base + "/")
        self.wait(lambda b: b.execute_script("return document.readyState") == "complete")

    def wait(self, condition, message="timed out"):
        return WebDriverWait(self.browser, WAIT).until(condition, message)

    def control(self, form, name):
        return self.browser.find_element(By.CSS_SELECTOR, f'#{form} [name="{name}"]')

    def fill(self, form, name, value):
        control = self.control(form, name)
        control.clear()
        if value:
            control.send_keys(value)
        return control

    def choose_country(self, form, code):
        Select(self.control(form, "country")).select_by_value(code)

    def leave(self, form, name):
        self.control(form, name).send_keys(Keys.TAB)

    def leave_and_wait_for_the_check(self, name):
        """Leaves a sign-up field and waits until the service's check of it is shown."""
        form = self.browser.find_element(By.ID, "sign-up")
        before = form.get_attribute("data-checks")
        self.leave("sign-up", name)
        self.wait(lambda b: form.get_attribute("data-checks") != before, f"no check after leaving {name}")

    def problems(self, form, name):
        """The problems shown at a field: [(code, text)], read at once (a check that comes
        meanwhile replaces the list's items)."""
        items = self.browser.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map(i => [i.dataset.code, i.textContent.trim()])",
            f"#{form}-{name}-problems li")
        return [tuple(item) for item in items]

    def wait_problems(self, form, name, code):
        self.wait(lambda b: any(c == code for c, _ in self.problems(form, name)),
                  f"no {code} at {name}: {self.problems(form, name)}")
        return self.problems(form, name)

    def expect_field_shows(self, form, name, code):
        """The problem is at its field, the field is marked, and its description is that text."""
        problems = self.wait_problems(form, name, code)
        control = self.control(form, name)
        self.test.assertEqual(control.get_attribute("aria-invalid"), "true")
        described = control.get_attribute("aria-describedby").split()
        self.test.assertIn(f"{form}-{name}-problems", described)
        text = self.browser.find_element(By.ID, f"{form}-{name}-problems").text
        self.test.assertTrue(all(message in text for _, message in problems))
        return problems

    def expect_clean(self, form, name):
        self.wait(lambda b: not self.problems(form, name), f"{name} still shows {self.problems(form, name)}")
        control = self.control(form, name)
        self.test.assertIsNone(control.get_attribute("aria-invalid"))
        self.test.assertNotIn(f"{form}-{name}-problems", control.get_attribute("aria-describedby") or "")

    def status(self):
        return self.browser.find_element(By.CSS_SELECTOR, '[role="status"]').text

    def alert(self):
        return self.browser.find_element(By.CSS_SELECTOR, '[role="alert"]').text

    def wait_status(self, text):
        self.wait(lambda b: self.status() == text, f"status {self.status()!r}, alert {self.alert()!r}")

    def wait_alert(self, text=None):
        self.wait(lambda b: self.alert() if text is None else self.alert() == text,
                  f"alert {self.alert()!r}, status {self.status()!r}")
        return self.alert()

    def record(self):
        self.wait(lambda b: b.find_element(By.ID, "record").is_displayed(),
                  f"no record shown: status {self.status()!r}, alert {self.alert()!r}")
        items = self.browser.find_elements(By.CSS_SELECTOR, "#record [data-member]")
        return {item.get_attribute("data-member"): item.text for item in items}

    def submit(self, form):
        self.browser.find_element(By.CSS_SELECTOR, f'#{form} button[type="submit"]').click()

    def log_out(self):
        token = self.browser.execute_script("return sessionStorage.getItem('kii-signup-page-token')")
        self.test.assertTrue(token)
        self.browser.find_element(By.ID, "log-out").click()
        self.wait_status(WORDS[self.language]["loggedOut"])
        # The session ended on the service too: its token no longer works.
        status, answer = api("GET", f"/api/apps/{APP_ID}/users/me", token=token)
        self.test.assertEqual((status, answer.get("errorCode")), (403, "WRONG_TOKEN"))
        self.test.assertFalse(self.browser.find_element(By.ID, "record").is_displayed())
        self.test.assertTrue(self.browser.find_element(By.ID, "log-in").is_displayed())
        self.test.assertEqual(self.storage(), {"session": 0, "local": 0})

    def storage(self):
        return self.browser.execute_script("return {session: sessionStorage.length, local: localStorage.length}")

    def log_in(self, identifier, country=None, password=PASSWORD):
        self.fill("log-in", "username", identifier)
        self.choose_country("log-in", country or "")
        self.fill("log-in", "password", password)
        self.submit("log-in")

    def screenshot(self, name):
        if not SCREENSHOTS:
            return
        os.makedirs(SCREENSHOTS, exist_ok=True)
        height = self.browser.execute_script("return document.querySelector('main').getBoundingClientRect().bottom")
        self.browser.set_window_size(900, min(int(height) + 200, 4000))
        self.browser.save_screenshot(os.path.join(SCREENSHOTS, name))
        self.browser.set_window_size(900, 1400)


class PageTests(unittest.TestCase):
    def test_page_words_and_controls_in_each_language(self):
        for language in ("en", "ja"):
            page = Page(self, language)
            browser = page.browser
            self.assertEqual(browser.execute_script("return document.documentElement.lang"), language)
            self.assertEqual(browser.find_element(By.TAG_NAME, "h1").text, WORDS[language]["title"])
            label = browser.find_element(By.CSS_SELECTOR, 'label[for="sign-up-loginName"]').text
            self.assertTrue(label.startswith(WORDS[language]["loginName"]), label)
            japan = browser.find_element(By.CSS_SELECTOR, '#sign-up [name="country"] option[value="JP"]').text
            self.assertEqual(japan, WORDS[language]["japan"])
            controls = browser.execute_script(
                "return [...document.querySelectorAll('input, select')]"
                ".map(c => [c.name, c.labels.length, c.labels.length ? c.labels[0].textContent.trim() : ''])")
            self.assertEqual(len(controls), 9)
            for name, labels, text in controls:
                self.assertIn(name, KII_MEMBERS)
                self.assertEqual(labels, 1, name)
                self.assertTrue(text, name)

    def test_content_security_policy_holds_in_the_browser(self):
        page = Page(self, "en")
        browser = page.browser
        # An inline script is refused by the page's policy (a violation the browser reports);
        # the page's own script ran (it named the countries).
        ran = browser.execute_script(
            "window.violations = [];"
            "document.addEventListener('securitypolicyviolation', e => window.violations.push(e.effectiveDirective));"
            "const s = document.createElement('script'); s.textContent = 'window.inlineRan = true';"
            "document.body.append(s); return window.inlineRan === true;")
        self.assertFalse(ran)
        page.wait(lambda b: b.execute_script("return window.violations.length") > 0, "no violation reported")
        self.assertIn(browser.execute_script("return window.violations[0]"), ("script-src-elem", "script-src"))
        self.assertNotEqual(browser.find_element(By.CSS_SELECTOR, '#sign-up [name="country"] option[value="JP"]').text,
                            "JP +81")

    def every_field_problem(self, language):
        page = Page(self, language)
        page.choose_country("sign-up", "JP")
        for name, value, code in BAD_FIELDS:
            page.fill("sign-up", name, value)
            page.leave("sign-up", name)
            problems = page.expect_field_shows("sign-up", name, code)
            message = dict(problems)[code]
            self.assertTrue(message.startswith(LABELS[language][name]), message)
            if name == "loginName":
                # Only the fields left so far are marked: the empty password is not judged yet.
                page.expect_clean("sign-up", "password")
        self.assertNotIn("pw", page.browser.find_element(By.TAG_NAME, "main").text)
        # A submit shows every problem at once, each at its field, and says so.
        page.submit("sign-up")
        self.assertEqual(page.wait_alert(WORDS[language]["fixProblems"]), WORDS[language]["fixProblems"])
        for name, _, code in BAD_FIELDS:
            page.expect_field_shows("sign-up", name, code)
        self.assertEqual(page.browser.switch_to.active_element.get_attribute("name"), "loginName")
        page.screenshot(f"sign-up-problems-{language}.png")
        # A field put right is clean once left.
        page.fill("sign-up", "loginName", unique("fixed_"))
        page.leave("sign-up", "loginName")
        page.expect_clean("sign-up", "loginName")
        page.expect_field_shows("sign-up", "password", "too_short")

    def test_every_fields_problems_at_that_field_in_english(self):
        self.every_field_problem("en")

    def test_every_fields_problems_at_that_field_in_japanese(self):
        self.every_field_problem("ja")

    def test_a_form_without_an_identifier_says_so(self):
        page = Page(self, "en")
        page.fill("sign-up", "password", PASSWORD)
        page.submit("sign-up")
        page.wait_alert(WORDS["en"]["fixProblems"])
        items = page.browser.find_elements(By.CSS_SELECTOR, "#sign-up-problems li")
        self.assertEqual([item.get_attribute("data-code") for item in items], ["no_identifier"])

    def test_sign_up_with_a_local_phone_number_then_the_record_then_log_out(self):
        for language in ("en", "ja"):
            page = Page(self, language)
            name = unique("ann_")
            page.fill("sign-up", "loginName", name.upper())
            page.fill("sign-up", "emailAddress", f"{name}@Example.com")
            page.choose_country("sign-up", "JP")
            number = mobile_number()
            page.fill("sign-up", "phoneNumber", number)
            page.fill("sign-up", "displayName", "Ann")
            page.fill("sign-up", "password", PASSWORD)
            if language == "en":
                page.screenshot("sign-up-en.png")
            page.submit("sign-up")
            record = page.record()
            page.wait_status(WORDS[language]["signedUp"])
            self.assertEqual(record["loginName"], name)
            self.assertEqual(record["emailAddress"], f"{name}@example.com")
            self.assertEqual(record["phoneNumber"], "+81" + number[1:])
            self.assertEqual(record["country"], "JP")
            self.assertEqual(record["displayName"], "Ann")
            self.assertRegex(record["userID"], r"^[0-9a-f-]{36}$")
            heading = page.browser.find_element(By.ID, "record-heading")
            self.assertEqual(heading.text, WORDS[language]["recordHeading"])
            self.assertEqual(page.browser.switch_to.active_element, heading)
            # The token: in this tab's session storage only; the password nowhere.
            self.assertEqual(page.storage(), {"session": 1, "local": 0})
            self.assertEqual(page.browser.current_url, base + "/")
            self.assertNotIn(PASSWORD, page.browser.page_source)
            self.assertEqual(page.browser.get_cookies(), [])
            page.screenshot(f"record-{language}.png")
            page.log_out()

    def test_a_taken_identifier_shows_at_its_field(self):
        for language in ("en", "ja"):
            name = unique("taken_")
            status, _ = api("POST", f"/api/apps/{APP_ID}/users",
                            {"loginName": name, "emailAddress": f"{name}@example.com", "password": PASSWORD})
            self.assertEqual(status, 201)
            page = Page(self, language)
            page.fill("sign-up", "loginName", name.upper())
            page.fill("sign-up", "emailAddress", f"{name}@EXAMPLE.com")
            page.fill("sign-up", "password", PASSWORD)
            page.submit("sign-up")
            page.wait_alert(WORDS[language]["fixProblems"])
            for field in ("loginName", "emailAddress"):
                message = dict(page.expect_field_shows("sign-up", field, "already_taken"))["already_taken"]
                self.assertTrue(message.startswith(LABELS[language][field]), message)
            # Still shown when the field is left unchanged; gone once it changes.
            page.leave_and_wait_for_the_check("loginName")
            page.expect_field_shows("sign-up", "loginName", "already_taken")
            page.fill("sign-up", "loginName", unique("free_"))
            page.leave("sign-up", "loginName")
            page.expect_clean("sign-up", "loginName")

    def test_log_in_with_each_identifier_kind(self):
        name = unique("bob_")
        local = mobile_number()
        status, user = api("POST", f"/api/apps/{APP_ID}/users",
                           {"loginName": name, "emailAddress": f"{name}@example.com", "phoneNumber": local,
                            "country": "JP", "password": PASSWORD})
        self.assertEqual(status, 201, user)
        page = Page(self, "en")
        for identifier, country in ((name.upper(), None), (f"{name}@example.com", None),
                                    ("+81" + local[1:], None), (local, "JP")):
            page.log_in(identifier, country)
            record = page.record()
            page.wait_status(WORDS["en"]["loggedIn"])
            self.assertEqual(record["userID"], user["userID"], identifier)
            self.assertEqual(record["loginName"], name)
            self.assertEqual(page.control("log-in", "password").get_attribute("value"), "")
            page.log_out()
        # A wrong password: the service's words, announced; no field blamed, nothing stored.
        page.log_in(name, password="wrong horse")
        self.assertEqual(page.wait_alert(), "password is wrong, or no user has that identifier")
        self.assertEqual(page.storage(), {"session": 0, "local": 0})
        # A malformed identifier: its problem at the identifier's field.
        page.log_in("a b")
        page.expect_field_shows("log-in", "username", "invalid_character")

    def test_keyboard_alone(self):
        page = Page(self, "en")
        name = unique("keys_")
        keys = ActionChains(page.browser)
        # Tab into the first field, then type and tab through the form; Enter sends it.
        keys.send_keys(Keys.TAB, name, Keys.TAB, f"{name}@example.com", Keys.TAB, Keys.TAB,
                       f"+1415555{random.randrange(2000, 10000)}", Keys.TAB, "Keys", Keys.TAB,
                       PASSWORD, Keys.ENTER)
        keys.perform()
        record = page.record()
        page.wait_status(WORDS["en"]["signedUp"])
        self.assertEqual(record["loginName"], name)
        self.assertTrue(record["phoneNumber"].startswith("+1415555"), record)
        # From the record's heading, Tab reaches "Log out"; Enter presses it.
        ActionChains(page.browser).send_keys(Keys.TAB, Keys.ENTER).perform()
        page.wait_status(WORDS["en"]["loggedOut"])
        self.assertEqual(page.browser.switch_to.active_element.get_attribute("id"), "log-in-heading")


class PasswordGuidanceTests(unittest.TestCase):
    """The new password's guidance (issue 50, item 4: NIST SP 800-63B-4's SHALLs for a verifier)."""

    def count_text(self, page):
        return page.browser.find_element(By.ID, "sign-up-password-count").text

    def expected_count(self, language, count):
        return WORDS[language]["count"].format(count=count, minimum=MINIMUM)

    def count_checks(self, page):
        """From now on, the page's requests to /checks are counted (window.checkRequests)."""
        page.browser.execute_script(
            "window.checkRequests = 0; const original = window.fetch;"
            "window.fetch = (input, init) => { if (String(input) === '/checks') window.checkRequests += 1;"
            " return original(input, init); };")

    def wait_for_checks(self, page, before):
        form = page.browser.find_element(By.ID, "sign-up")
        page.wait(lambda b: form.get_attribute("data-checks") != before, "no check of the typed password")

    def toggle_autocomplete_and_paste(self, language):
        page = Page(self, language)
        control = page.control("sign-up", "password")
        self.assertEqual(control.get_attribute("autocomplete"), "new-password")
        self.assertEqual(page.control("log-in", "password").get_attribute("autocomplete"), "current-password")
        self.assertEqual(control.get_attribute("type"), "password")
        toggle = page.browser.find_element(By.ID, "sign-up-password-toggle")
        self.assertTrue(toggle.is_displayed())
        self.assertEqual(toggle.tag_name, "button")
        self.assertEqual(toggle.get_attribute("type"), "button")
        self.assertEqual(toggle.text, WORDS[language]["showPassword"])
        self.assertEqual(toggle.get_attribute("aria-controls"), "sign-up-password")
        self.assertEqual(toggle.get_attribute("aria-pressed"), "false")
        control.send_keys("some words")
        toggle.click()
        self.assertEqual((control.get_attribute("type"), toggle.get_attribute("aria-pressed")), ("text", "true"))
        self.assertEqual(control.get_attribute("value"), "some words")
        toggle.click()
        self.assertEqual((control.get_attribute("type"), toggle.get_attribute("aria-pressed")), ("password", "false"))
        # Paste is not blocked: a paste event's default action is not prevented, by the field or
        # by the document, and no handler attribute is there to do it.
        pasted = page.browser.execute_script(
            "const input = arguments[0]; const data = new DataTransfer(); data.setData('text/plain', 'x');"
            "const event = new ClipboardEvent('paste', {bubbles: true, cancelable: true, clipboardData: data});"
            "const dispatched = input.dispatchEvent(event);"
            "return [dispatched, event.defaultPrevented, input.getAttribute('onpaste'), document.onpaste,"
            " input.onpaste];", control)
        self.assertEqual(pasted, [True, False, None, None, None])
        # The hint says the rule, with the service's minimum.
        hint = page.browser.find_element(By.ID, "sign-up-password-hint").text
        self.assertIn(str(MINIMUM), hint)
        self.assertIn("sign-up-password-hint", control.get_attribute("aria-describedby"))

    def test_toggle_autocomplete_and_paste_in_english(self):
        self.toggle_autocomplete_and_paste("en")

    def test_toggle_autocomplete_and_paste_in_japanese(self):
        self.toggle_autocomplete_and_paste("ja")

    def count_and_reasons(self, language):
        page = Page(self, language)
        name = unique("pw_")
        page.fill("sign-up", "loginName", name)
        control = page.control("sign-up", "password")
        count = page.browser.find_element(By.ID, "sign-up-password-count")
        self.assertFalse(count.is_displayed())
        # The count against the minimum, as the service counts: code points of the NFKC form.
        self.count_checks(page)
        form = page.browser.find_element(By.ID, "sign-up")
        before = form.get_attribute("data-checks")
        control.send_keys("short")
        self.assertEqual(self.count_text(page), self.expected_count(language, 5))
        self.assertTrue(count.is_displayed())
        control.send_keys("\uff41\uff42")  # fullwidth "ab": NFKC makes them two ASCII letters
        self.assertEqual(self.count_text(page), self.expected_count(language, 7))
        # While it is typed, a short password's length is the count's to show, not a problem.
        self.wait_for_checks(page, before)
        self.assertEqual(page.problems("sign-up", "password"), [])
        # Debounced and one at a time: typing sends no check a keystroke.
        control.clear()
        page.browser.execute_script("window.checkRequests = 0")
        before = form.get_attribute("data-checks")
        ActionChains(page.browser).send_keys_to_element(control, COMMON_PASSWORD).perform()
        problems = page.wait_problems("sign-up", "password", "common_password")
        checks = page.browser.execute_script("return window.checkRequests")
        self.assertGreaterEqual(checks, 1)
        self.assertLessEqual(checks, 3, f"{checks} checks for {len(COMMON_PASSWORD)} keystrokes")
        self.assertEqual(self.count_text(page), self.expected_count(language, len(COMMON_PASSWORD)))
        # The reason is the service's, in the page's language.
        status, answer = api("POST", "/checks", {"password": COMMON_PASSWORD}, language=language)
        self.assertEqual(status, 200)
        self.assertEqual(problems, [(problem["code"], problem["message"]) for problem in answer["errors"]])
        self.assertTrue(problems[0][1].startswith(LABELS[language]["password"]), problems)
        control_state = page.control("sign-up", "password")
        self.assertEqual(control_state.get_attribute("aria-invalid"), "true")
        # The user's own username in it: refused for that reason.
        control.clear()
        control.send_keys(f"{name} is my name")
        page.wait_problems("sign-up", "password", "contains_context_word")
        # A good one: no problem.
        control.clear()
        control.send_keys(PASSWORD)
        page.expect_clean("sign-up", "password")
        self.assertEqual(self.count_text(page), self.expected_count(language, len(PASSWORD)))
        self.assertNotIn(PASSWORD, page.browser.find_element(By.TAG_NAME, "main").text)
        # Leaving a short one shows its length as the problem it is.
        control.clear()
        control.send_keys("short")
        page.leave("sign-up", "password")
        page.expect_field_shows("sign-up", "password", "too_short")

    def test_count_and_reasons_in_english(self):
        self.count_and_reasons("en")

    def test_count_and_reasons_in_japanese(self):
        self.count_and_reasons("ja")


if __name__ == "__main__":
    started = time.monotonic()
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors)
    passed = result.testsRun - failed - len(result.skipped)
    # A skip is a failure here: the suite never skips.
    failed += len(result.skipped)
    print(f"browser suite: {result.testsRun} tests in {time.monotonic() - started:.1f} s")
    print(f"browser: {passed} passed, {failed} failed")
    sys.exit(1 if failed or result.testsRun == 0 else 0)
