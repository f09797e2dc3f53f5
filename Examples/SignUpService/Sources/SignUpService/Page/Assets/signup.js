// The sign-up page's script: sign-up, log-in and the signed-in user's record, through Kii's
// REST wire with the app's ID and key from the page's <meta> elements; each sign-up field
// checked by the service (POST /checks) when the user leaves it, and the new password also as it
// is typed (debounced, one check at a time), with its length against the service's minimum.
// Nothing is decided here: every problem shown is the service's, in the page's language. Paste
// is never blocked; a toggle shows the password. No eval, nothing inline (the page's
// Content-Security-Policy allows neither).
//
// The access token lives in sessionStorage: this tab and this origin only, gone when the tab
// closes or the user logs out (Log out revokes it on the service first: POST
// /api/apps/{appID}/oauth2/revoke); never in a URL, a cookie or local storage. It is asked for one
// hour (Kii's expiresAt), so a token left behind stops working soon.
"use strict";

(() => {
  const language = document.documentElement.lang;
  const meta = (name) => document.querySelector(`meta[name="${name}"]`).getAttribute("content");
  const app = { id: meta("kii-app-id"), key: meta("kii-app-key"), site: meta("kii-site") };
  const word = (key) => document.querySelector(`#words [data-word="${key}"]`).textContent;
  const tokenKey = "kii-signup-page-token";
  const tokenLifetime = 60 * 60 * 1000;

  const status = document.getElementById("status");
  const alertRegion = document.getElementById("alert");
  const signUpForm = document.getElementById("sign-up");
  const logInForm = document.getElementById("log-in");
  const record = document.getElementById("record");
  const signUpNames = ["loginName", "emailAddress", "phoneNumber", "country", "displayName", "password"];
  const logInNames = ["username", "country", "password"];

  /** A success, said politely (role="status"). */
  function announce(text) {
    alertRegion.textContent = "";
    status.textContent = text;
  }

  /** A failure, said at once (role="alert"). */
  function warn(text) {
    status.textContent = "";
    alertRegion.textContent = text;
  }

  /** One request to the service: {status, json}; status 0 when the service cannot be reached. */
  async function send(method, path, { body, token, contentType = "application/json", appHeaders = true } = {}) {
    const headers = { Accept: "application/json", "Accept-Language": language };
    if (token) headers.Authorization = `Bearer ${token}`;
    else if (appHeaders) {
      headers["X-Kii-AppID"] = app.id;
      headers["X-Kii-AppKey"] = app.key;
    }
    if (body !== undefined) headers["Content-Type"] = contentType;
    let response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
        credentials: "omit",
      });
    } catch {
      return { status: 0, json: {} };
    }
    let json = {};
    try {
      json = await response.json();
    } catch {
      json = {};
    }
    return { status: response.status, json };
  }

  const appPath = () => `${app.site}/apps/${encodeURIComponent(app.id)}`;

  /** The answer's problems by field. */
  function byField(errors) {
    const fields = new Map();
    for (const problem of Array.isArray(errors) ? errors : []) {
      if (!fields.has(problem.field)) fields.set(problem.field, []);
      fields.get(problem.field).push(problem);
    }
    return fields;
  }

  /** Puts `problems` in the list `listID`, one item each: its message, its code as `data-code`. */
  function fillList(listID, problems) {
    const element = document.getElementById(listID);
    element.replaceChildren(
      ...problems.map((problem) => {
        const item = document.createElement("li");
        item.textContent = problem.message;
        item.dataset.code = problem.code;
        return item;
      }),
    );
    return element;
  }

  /** Shows `problems` at the control `name` of `form` (none: clears it). */
  function showProblems(form, name, problems) {
    const control = form.elements.namedItem(name);
    const problemList = fillList(`${control.id}-problems`, problems);
    const described = [control.dataset.hint, problems.length ? problemList.id : null].filter(Boolean);
    if (problems.length) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
    if (described.length) control.setAttribute("aria-describedby", described.join(" "));
    else control.removeAttribute("aria-describedby");
  }

  /** Shows an answer's problems at their fields of `form`; the others under the form. */
  function showAnswer(form, names, answer, fieldOf = (field) => field) {
    if (answer.status === 0) {
      warn(word("unreachable"));
      return;
    }
    const fields = new Map();
    const elsewhere = [];
    for (const [field, problems] of byField(answer.json.errors)) {
      const name = fieldOf(field);
      if (names.includes(name)) fields.set(name, (fields.get(name) || []).concat(problems));
      else elsewhere.push(...problems);
    }
    for (const name of names) showProblems(form, name, fields.get(name) || []);
    fillList(`${form.id}-problems`, elsewhere);
    const first = names.map((name) => form.elements.namedItem(name)).find((c) => c.getAttribute("aria-invalid"));
    warn(first || elsewhere.length ? word("fixProblems") : answer.json.message || word("unreachable"));
    if (first) first.focus();
  }

  function clearProblems(form, names) {
    for (const name of names) showProblems(form, name, []);
    fillList(`${form.id}-problems`, []);
  }

  // MARK: Sign-up

  /** The sign-up form's members as Kii names them; an empty optional field is left out. */
  function signUpMembers() {
    const members = {};
    for (const name of signUpNames) {
      const value = signUpForm.elements.namedItem(name).value;
      if (value !== "" || name === "password") members[name] = value;
    }
    return members;
  }

  const touched = new Set();
  // An identifier the sign-up found taken, kept at its field while its value stays the same
  // (a check does not ask the database: that is the sign-up's answer).
  const taken = new Map();
  let round = 0;

  /**
   * Checks the form at the service and shows the problems of every field left so far. While the
   * password is being typed (`typing`), its length is the count's to show, not a problem.
   */
  async function check(name, { typing = false } = {}) {
    touched.add(name);
    const mine = ++round;
    const members = signUpMembers();
    const answer = await send("POST", "/checks", { body: members, appHeaders: false });
    if (mine !== round || answer.status !== 200) return;
    const fields = byField(answer.json.errors);
    for (const field of touched) {
      let problems = fields.get(field) || [];
      if (typing && field === "password") problems = problems.filter((problem) => problem.code !== "too_short");
      const before = taken.get(field);
      if (before && before.value === members[field]) problems.push(before.problem);
      showProblems(signUpForm, field, problems);
    }
    // How many checks the form has shown (a test waits on it; nothing reads it otherwise).
    signUpForm.dataset.checks = String(mine);
  }

  signUpForm.addEventListener("focusout", (event) => {
    const name = event.target.name;
    if (name === "password") stopTypedPasswordChecks();
    if (signUpNames.includes(name)) check(name);
  });
  signUpForm.elements.namedItem("country").addEventListener("change", () => check("country"));

  // MARK: The new password: its count, its check as typed, its toggle

  const password = signUpForm.elements.namedItem("password");
  const passwordCount = document.getElementById("sign-up-password-count");
  const passwordToggle = document.getElementById("sign-up-password-toggle");
  const minimum = Number(password.dataset.minimum);
  // A check once typing pauses this long; never more than one on its way.
  const typingPause = 400;
  let typingTimer = 0;
  let passwordInFlight = false;
  let passwordPending = false;

  /** The length the service counts: code points of the NFKC form. */
  const passwordLength = (value) => [...value.normalize("NFKC")].length;

  function showPasswordCount() {
    const count = passwordLength(password.value);
    passwordCount.hidden = password.value === "";
    passwordCount.textContent = word("passwordCount").replace("{count}", count).replace("{minimum}", minimum);
    passwordCount.classList.toggle("enough", count >= minimum);
  }

  /** The typed password's check, one at a time: a change meanwhile is checked when it returns. */
  async function checkTypedPassword() {
    if (passwordInFlight) {
      passwordPending = true;
      return;
    }
    passwordInFlight = true;
    try {
      await check("password", { typing: true });
    } finally {
      passwordInFlight = false;
    }
    if (passwordPending) {
      passwordPending = false;
      checkTypedPassword();
    }
  }

  /** Leaving the field checks it whole (its length too): no typed check comes after. */
  function stopTypedPasswordChecks() {
    clearTimeout(typingTimer);
    passwordPending = false;
  }

  password.addEventListener("input", () => {
    showPasswordCount();
    clearTimeout(typingTimer);
    if (password.value === "") return;
    typingTimer = setTimeout(checkTypedPassword, typingPause);
  });

  /** Shows the password as text (`shown`) or hides it again. */
  function showPassword(shown) {
    password.type = shown ? "text" : "password";
    passwordToggle.setAttribute("aria-pressed", String(shown));
  }

  passwordToggle.hidden = false;
  passwordToggle.addEventListener("click", () => showPassword(password.type === "password"));

  signUpForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    stopTypedPasswordChecks();
    // Hidden again before it goes, so that a password manager offers to save it.
    showPassword(false);
    round += 1;
    for (const name of signUpNames) touched.add(name);
    const members = signUpMembers();
    announce(word("signingUp"));
    const answer = await send("POST", `${appPath()}/users`, {
      body: members,
      contentType: "application/vnd.kii.RegistrationRequest+json",
    });
    if (answer.status !== 201) {
      taken.clear();
      for (const problem of Array.isArray(answer.json.errors) ? answer.json.errors : []) {
        if (problem.code === "already_taken") taken.set(problem.field, { value: members[problem.field], problem });
      }
      showAnswer(signUpForm, signUpNames, answer);
      return;
    }
    clearProblems(signUpForm, signUpNames);
    signUpForm.reset();
    showPasswordCount();
    touched.clear();
    taken.clear();
    const identifier = members.loginName || members.emailAddress || members.phoneNumber;
    const login = await logIn(identifier, members.password, members.country);
    if (login.status === 200) await showRecord(word("signedUp"));
    else announce(word("signedUpVerify"));
  });

  // MARK: Log-in, the record, log-out

  /** Kii's token endpoint; `country` reads a local phone number. */
  async function logIn(username, password, country) {
    const body = { username, password, expiresAt: Date.now() + tokenLifetime };
    if (country) body.country = country;
    const answer = await send("POST", `${app.site}/oauth2/token`, {
      body,
      contentType: "application/vnd.kii.OauthTokenRequest+json",
    });
    if (answer.status === 200 && answer.json.access_token) {
      sessionStorage.setItem(tokenKey, answer.json.access_token);
    }
    return answer;
  }

  // A login's problems about the identifier are under the kind it was read as.
  const identifierFields = ["identifier", "loginName", "emailAddress", "phoneNumber"];
  const logInField = (field) => (identifierFields.includes(field) ? "username" : field);

  logInForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = (name) => logInForm.elements.namedItem(name).value;
    announce(word("loggingIn"));
    const answer = await logIn(value("username"), value("password"), value("country"));
    if (answer.status === 200) {
      clearProblems(logInForm, logInNames);
      logInForm.reset();
      await showRecord(word("loggedIn"));
      return;
    }
    if (answer.json.errorCode === "invalid_grant") {
      clearProblems(logInForm, logInNames);
      warn(answer.json.message);
      return;
    }
    showAnswer(logInForm, logInNames, answer, logInField);
  });

  function showForms(signedIn) {
    document.getElementById("sign-up-section").hidden = signedIn;
    document.getElementById("log-in-section").hidden = signedIn;
    record.hidden = !signedIn;
  }

  /** Reads the user's own record (GET …/users/me) and shows it; `message` is announced. */
  async function showRecord(message) {
    const token = sessionStorage.getItem(tokenKey);
    if (!token) return;
    const answer = await send("GET", `${appPath()}/users/me`, { token });
    if (answer.status !== 200) {
      sessionStorage.removeItem(tokenKey);
      showForms(false);
      warn(answer.status === 0 ? word("unreachable") : word("sessionEnded"));
      return;
    }
    for (const item of record.querySelectorAll("[data-member]")) {
      const value = answer.json[item.dataset.member];
      if (value === undefined || value === null) item.textContent = word("notGiven");
      else if (item.dataset.member === "createdAt") item.textContent = new Date(value).toLocaleString(language);
      else item.textContent = String(value);
    }
    showForms(true);
    if (message) announce(message);
    document.getElementById("record-heading").focus();
  }

  // Log out ends the session on the service too (its access and refresh tokens stop working at
  // once), then here; the page logs out even when the service cannot be reached.
  document.getElementById("log-out").addEventListener("click", async () => {
    const token = sessionStorage.getItem(tokenKey);
    sessionStorage.removeItem(tokenKey);
    if (token) await send("POST", `${appPath()}/oauth2/revoke`, { token });
    for (const item of record.querySelectorAll("[data-member]")) item.textContent = "";
    showForms(false);
    announce(word("loggedOut"));
    document.getElementById("log-in-heading").focus();
  });

  // MARK: Countries

  /** Names the countries in the page's language (the browser's own names) and sorts them. */
  function nameCountries() {
    let names;
    try {
      names = new Intl.DisplayNames([language], { type: "region" });
    } catch {
      return;
    }
    const collator = new Intl.Collator(language);
    for (const select of document.querySelectorAll('select[name="country"]')) {
      const options = [...select.options].filter((option) => option.value);
      for (const option of options) {
        const name = names.of(option.value);
        if (name && name !== option.value) option.textContent = `${name} (+${option.dataset.callingCode})`;
      }
      options.sort((a, b) => collator.compare(a.textContent, b.textContent));
      select.append(...options);
    }
  }

  nameCountries();
  showRecord("");
})();
