#!/usr/bin/env node
'use strict';
// Runs Kii Cloud's own JavaScript SDK, unmodified, against a Kii-style user service (this
// example's SignUpService) and prints one line a step:
//
//   ok   <step>: <short result>
//   FAIL <step>: <error> [the step's last request and its answer]
//   skip <step>: <why> (the SDK refused the input itself and sent nothing, or an earlier step failed)
//
// usage: node drive.js --sdk v2|v3 --sdk-path PATH --base-url URL --app-id ID --app-key KEY
//                      [--trace FILE] [--timeout SECONDS]
//
// --sdk-path is the SDK itself, which is Kii's and is never part of this repository: for v2 the
// file KiiSDK.js of the kii-cloud-sdk 2.x package, for v3 its CommonJS build, lib/cjs (a folder
// whose index.js is the entry point). Without the options, the environment gives them: SDK_V2 or
// SDK_V3 (by --sdk), KII_BASE_URL, KII_APP_ID, KII_APP_KEY. The exit status is 1 when a step
// fails, 2 for bad usage.
//
// --trace FILE writes every HTTP exchange the SDK made as one JSON line: the request as it went on
// the wire (method, target, every header line in order and case, body) and the answer (status,
// raw header lines, body), with the step it belongs to. v2 is recorded by the xmlhttprequest
// stand-in (stand-ins/xmlhttprequest), v3 by wrapping the global fetch, with the header lines
// undici wrote taken from its diagnostics channels. The trace holds passwords and tokens (it is a
// developer's debug file); the transcript never shows a password.
//
// Needs Node 18 or later (v3 uses the global fetch), nothing from npm.

const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const Module = require('module');

// ---------------------------------------------------------------------------------------------
// Options

function usage(message) {
  if (message) process.stderr.write('drive.js: ' + message + '\n');
  process.stderr.write('usage: node drive.js --sdk v2|v3 --sdk-path PATH --base-url URL --app-id ID --app-key KEY [--trace FILE] [--timeout SECONDS]\n');
  process.exit(2);
}

function parseOptions(argv) {
  const names = new Set(['sdk', 'sdk-path', 'base-url', 'app-id', 'app-key', 'trace', 'timeout']);
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    if (arg === '-h' || arg === '--help') usage();
    if (!arg.startsWith('--')) usage('unexpected argument ' + arg);
    arg = arg.slice(2);
    let value;
    const equals = arg.indexOf('=');
    if (equals >= 0) {
      value = arg.slice(equals + 1);
      arg = arg.slice(0, equals);
    } else {
      if (i + 1 >= argv.length) usage('--' + arg + ' needs a value');
      value = argv[++i];
    }
    if (!names.has(arg)) usage('unknown option --' + arg);
    options[arg] = value;
  }
  const env = process.env;
  options.sdk = options.sdk || (env.SDK_V3 && !env.SDK_V2 ? 'v3' : env.SDK_V2 && !env.SDK_V3 ? 'v2' : undefined);
  if (options.sdk !== 'v2' && options.sdk !== 'v3') usage('--sdk must be v2 or v3');
  options['sdk-path'] = options['sdk-path'] || (options.sdk === 'v2' ? env.SDK_V2 : env.SDK_V3);
  options['base-url'] = options['base-url'] || env.KII_BASE_URL;
  options['app-id'] = options['app-id'] || env.KII_APP_ID;
  options['app-key'] = options['app-key'] || env.KII_APP_KEY;
  for (const name of ['sdk-path', 'base-url', 'app-id', 'app-key']) {
    if (!options[name]) usage('--' + name + ' is required');
  }
  options['base-url'] = options['base-url'].replace(/\/+$/, '');
  options.timeout = options.timeout === undefined ? 20 : Number(options.timeout);
  if (!(options.timeout > 0)) usage('--timeout must be a positive number of seconds');
  return options;
}

const options = parseOptions(process.argv.slice(2));

// ---------------------------------------------------------------------------------------------
// The record of HTTP exchanges (always kept, for the FAIL lines; written out with --trace)

const recorder = {
  sdk: options.sdk,
  sdkVersion: null,
  step: 'initialise',
  exchanges: [],
  handlerErrors: [],
  out: null,

  add(exchange) {
    const entry = {
      seq: this.exchanges.length + 1,
      sdk: this.sdk,
      sdkVersion: this.sdkVersion,
      step: this.step,
      request: exchange.request,
      response: exchange.response,
      error: exchange.error || null,
    };
    this.exchanges.push(entry);
    if (this.out !== null) fs.writeSync(this.out, JSON.stringify(entry) + '\n');
    return entry;
  },
};

if (options.trace) {
  try {
    recorder.out = fs.openSync(options.trace, 'w');
  } catch (error) {
    usage('cannot write the trace file ' + options.trace + ': ' + error.message);
  }
}

// ---------------------------------------------------------------------------------------------
// Loading the SDK

function loadV2(sdkPath) {
  const standIn = path.join(__dirname, 'stand-ins', 'xmlhttprequest', 'index.js');
  // KiiSDK.js does require('xmlhttprequest') from its own folder; answer with the stand-in.
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    if (request === 'xmlhttprequest') return standIn;
    return resolve.call(this, request, parent, ...rest);
  };
  const { XMLHttpRequest } = require(standIn);
  XMLHttpRequest.onExchange = (exchange) => recorder.add(exchange);
  XMLHttpRequest.onHandlerError = (error) => {
    recorder.handlerErrors.push({ step: recorder.step, error: String(error && error.message || error) });
  };
  const file = fs.statSync(sdkPath).isDirectory() ? path.join(sdkPath, 'KiiSDK.js') : sdkPath;
  const exported = require(path.resolve(file));
  if (!exported || typeof exported.create !== 'function') {
    throw new Error(file + ' is not the Node build of Kii\'s v2 SDK (no create())');
  }
  return exported.create();
}

function installFetchRecorder() {
  if (typeof globalThis.fetch !== 'function') {
    throw new Error('Kii\'s v3 SDK needs the global fetch (Node 18 or later)');
  }
  const realFetch = globalThis.fetch;
  const open = []; // exchanges whose undici request is not yet known, in order
  const byRequest = new WeakMap(); // undici request -> exchange
  let channels = false;
  try {
    const dc = require('diagnostics_channel');
    dc.subscribe('undici:request:create', ({ request }) => {
      const target = request.path;
      const index = open.findIndex((x) => x.request.method === request.method && x.request.target === target);
      if (index >= 0) {
        byRequest.set(request, open[index]);
        open.splice(index, 1);
      }
    });
    dc.subscribe('undici:client:sendHeaders', ({ request, headers }) => {
      const exchange = byRequest.get(request);
      if (!exchange) return;
      const lines = String(headers).split('\r\n').slice(1).filter((line) => line.length > 0);
      exchange.request.headers = lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon), line.slice(colon + 1).trim()];
      });
      // undici writes content-length after this block: add it as it goes on the wire.
      const hasLength = exchange.request.headers.some(([n]) => n.toLowerCase() === 'content-length');
      if (!hasLength) {
        const body = exchange.request.body;
        if (body !== null) exchange.request.headers.push(['content-length', String(Buffer.byteLength(body))]);
        else if (['POST', 'PUT', 'PATCH'].includes(request.method)) exchange.request.headers.push(['content-length', '0']);
      }
      exchange.wireHeaders = true;
    });
    dc.subscribe('undici:request:headers', ({ request, response }) => {
      const exchange = byRequest.get(request);
      if (!exchange) return;
      const raw = response.headers.map((value) => Buffer.isBuffer(value) ? value.toString('latin1') : String(value));
      exchange.rawResponseHeaders = [];
      for (let i = 0; i + 1 < raw.length; i += 2) exchange.rawResponseHeaders.push([raw[i], raw[i + 1]]);
    });
    channels = true;
  } catch (error) {
    channels = false;
  }

  globalThis.fetch = async function recordingFetch(input, init) {
    const url = new URL(typeof input === 'string' ? input : input.url);
    const method = String((init && init.method) || 'GET').toUpperCase();
    let body = init && init.body !== undefined && init.body !== null ? init.body : null;
    if (body !== null && typeof body !== 'string') body = Buffer.from(body).toString('utf8');
    const exchange = {
      request: {
        method,
        url: url.href,
        target: url.pathname + url.search,
        // replaced by the header lines undici wrote, when its diagnostics channels answer
        headers: [...new Headers(init && init.headers)].map(([n, v]) => [n, v]),
        body,
      },
      response: null,
      error: null,
    };
    open.push(exchange);
    let response;
    try {
      response = await realFetch(input, init);
    } catch (error) {
      const index = open.indexOf(exchange);
      if (index >= 0) open.splice(index, 1);
      exchange.error = String(error && error.cause && error.cause.message || error && error.message || error);
      recorder.add(exchange);
      throw error;
    }
    const index = open.indexOf(exchange);
    if (index >= 0) open.splice(index, 1);
    const text = await response.clone().text();
    exchange.response = {
      status: response.status,
      statusText: response.statusText,
      headers: exchange.rawResponseHeaders || [...response.headers].map(([n, v]) => [n, v]),
      body: text,
    };
    if (channels && !exchange.wireHeaders) exchange.request.headersFrom = 'fetch init (undici did not report its header lines)';
    delete exchange.wireHeaders;
    delete exchange.rawResponseHeaders;
    recorder.add(exchange);
    return response;
  };
}

function loadV3(sdkPath) {
  installFetchRecorder(); // before the SDK is loaded, so that it only ever sees this fetch
  const entry = fs.statSync(sdkPath).isDirectory() ? path.join(sdkPath, 'index.js') : sdkPath;
  const exported = require(path.resolve(entry));
  if (!exported || !exported.Kii || !exported.KiiUser) {
    throw new Error(entry + ' is not the CommonJS build of Kii\'s v3 SDK (no Kii, KiiUser)');
  }
  return exported;
}

// ---------------------------------------------------------------------------------------------
// One face for both SDK lines: the calls whose arguments differ between v2 and v3

function adapterFor(line, sdk) {
  const { Kii, KiiUser, KiiUserBuilder } = sdk;
  const common = {
    Kii,
    KiiUser,
    version: Kii.getSDKVersion(),
    initialise(appID, appKey, baseURL) {
      Kii.initializeWithSite(appID, appKey, baseURL);
      if (typeof Kii.setLogging === 'function') Kii.setLogging(false); // the SDKs' logs show passwords
    },
    newUser(username, email, localPhone, country, password) {
      return KiiUserBuilder.builderWithUsername(username, password)
        .setEmailAddress(email)
        .setLocalPhoneNumber(localPhone, country)
        .build();
    },
    login: (identifier, password) => KiiUser.authenticate(identifier, password),
    logOut: () => KiiUser.logOut(),
    currentUser: () => KiiUser.getCurrentUser(),
    userWithID: (id) => KiiUser.userWithID(id),
    findByUsername: (value) => KiiUser.findUserByUsername(value),
    findByEmail: (value) => KiiUser.findUserByEmail(value),
    findByPhone: (value) => KiiUser.findUserByPhone(value),
  };
  if (line === 'v2') {
    return Object.assign(common, {
      // v2: update(identityData, callbacks, userFields, removeFields)
      update: (user, userFields, removeFields) => user.update(null, null, userFields, removeFields),
      // v2: registerAsPseudoUser(callbacks, userFields)
      registerPseudo: (userFields) => KiiUser.registerAsPseudoUser(null, userFields),
      // v2: putIdentity(identityData, password, callbacks, userFields, removeFields)
      putIdentity: (user, identity, password, userFields, removeFields) =>
        user.putIdentity(identity, password, null, userFields, removeFields),
      accessToken: (user) => user.getAccessToken(),
    });
  }
  return Object.assign(common, {
    // v3: update(identityData, userFields, removeFields)
    update: (user, userFields, removeFields) => user.update({}, userFields, removeFields),
    // v3: registerAsPseudoUser(userFields, app)
    registerPseudo: (userFields) => KiiUser.registerAsPseudoUser(userFields),
    // v3: putIdentity(identityData, password, userFields, removeFields)
    putIdentity: (user, identity, password, userFields, removeFields) =>
      user.putIdentity(identity, password, userFields, removeFields),
    accessToken: (user) => user.getAccessToken(),
  });
}

// ---------------------------------------------------------------------------------------------
// Transcript

const secrets = [];
let counts = { ok: 0, FAIL: 0, skip: 0 };

function scrub(text) {
  let out = String(text);
  for (const secret of secrets) out = out.split(secret).join('***');
  return out;
}

function print(kind, name, text) {
  counts[kind] += 1;
  const label = kind === 'ok' ? 'ok  ' : kind;
  process.stdout.write(scrub(label + ' ' + name + ': ' + text) + '\n');
}

function info(text) {
  process.stdout.write(scrub('# ' + text) + '\n');
}

function describeError(error) {
  if (error === undefined || error === null) return 'rejected without an error';
  if (typeof error === 'string') return error;
  let text = error.message || String(error);
  if (!error.message && error.constructor && error.constructor.name !== 'Object') text = error.constructor.name + ' ' + text;
  const extra = [];
  if (error.status !== undefined) extra.push('status ' + error.status);
  if (error.code) extra.push('code ' + error.code);
  if (extra.length > 0) text += ' (' + extra.join(', ') + ')';
  return text.replace(/\s+/g, ' ').trim();
}

function shortBody(body) {
  if (body === null || body === undefined || body === '') return '';
  try {
    const json = JSON.parse(body);
    if (json && typeof json === 'object' && json.errorCode !== undefined) {
      return ' ' + json.errorCode + (json.message ? ' "' + json.message + '"' : '');
    }
  } catch (error) {
    // not JSON: show its start
  }
  const text = String(body).replace(/\s+/g, ' ');
  return ' ' + (text.length > 120 ? text.slice(0, 120) + '…' : text);
}

function exchangeSummary(entry) {
  const target = entry.request.target.replace(/([?&])disable_cache=\d+&?/, '$1').replace(/[?&]$/, '');
  if (entry.error) return entry.request.method + ' ' + target + ' -> no answer (' + entry.error + ')';
  return entry.request.method + ' ' + target + ' -> ' + entry.response.status + shortBody(entry.response.body);
}

function withTimeout(promise, seconds) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('no outcome after ' + seconds + ' s (the SDK never settled its promise)')), seconds * 1000);
  });
  return Promise.race([Promise.resolve(promise), timeout]).finally(() => clearTimeout(timer));
}

// A step: its own name in the trace; ok with fn's short result, FAIL with the error and the step's
// last exchange, skip when fn throws Skip.
class Skip extends Error {}

async function step(name, fn) {
  recorder.step = name;
  const first = recorder.exchanges.length;
  const firstHandlerError = recorder.handlerErrors.length;
  try {
    const result = await withTimeout(fn(), options.timeout);
    print('ok', name, result);
    return true;
  } catch (error) {
    if (error instanceof Skip) {
      print('skip', name, error.message);
      return false;
    }
    let text = describeError(error);
    const mine = recorder.exchanges.slice(first);
    if (mine.length > 0) text += ' [' + exchangeSummary(mine[mine.length - 1]) + ']';
    const thrown = recorder.handlerErrors.slice(firstHandlerError);
    if (thrown.length > 0) text += ' [the SDK\'s response handler threw: ' + thrown.map((x) => x.error).join('; ') + ']';
    print('FAIL', name, text);
    return false;
  }
}

function needs(...conditions) {
  for (const [ok, what] of conditions) {
    if (!ok) throw new Skip('not run: ' + what + ' failed');
  }
}

// Fails unless the promise is rejected; returns the rejection's short text and whether a request
// went out for it.
async function refused(promiseFactory) {
  const before = recorder.exchanges.length;
  let value;
  try {
    value = await promiseFactory();
  } catch (error) {
    const sent = recorder.exchanges.slice(before);
    const last = sent.length > 0 ? sent[sent.length - 1] : null;
    return { text: describeError(error), sent: sent.length > 0, last };
  }
  throw new Error('succeeded where it must fail' + (value && typeof value.getID === 'function' ? ' (user ' + value.getID() + ')' : ''));
}

function compare(expected, actual) {
  const problems = [];
  for (const [field, want] of Object.entries(expected)) {
    const got = actual[field];
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      problems.push(field + ' is ' + JSON.stringify(got) + ', expected ' + JSON.stringify(want));
    }
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
}

function fieldsOf(user, customKeys) {
  const fields = {
    loginName: user.getUsername(),
    emailAddress: user.getEmailAddress(),
    phoneNumber: user.getPhoneNumber(),
    country: user.getCountry(),
    displayName: user.getDisplayName(),
  };
  for (const key of customKeys) fields[key] = user.get(key);
  return fields;
}

// ---------------------------------------------------------------------------------------------
// The run

function randomDigits(count) {
  let digits = '';
  while (digits.length < count) digits += String(crypto.randomInt(0, 10));
  return digits;
}

// A Japanese mobile number, local form: 090/080 then a digit 1-9 then 7 digits (libphonenumber's
// JP mobile pattern, [7-9]0[1-9]\d{7} after the trunk prefix 0).
function japaneseMobile(prefix) {
  return prefix + String(crypto.randomInt(1, 10)) + randomDigits(7);
}

function japanE164(local) {
  return '+81' + local.slice(1);
}

async function main() {
  const line = options.sdk;
  let sdk;
  try {
    sdk = line === 'v2' ? loadV2(options['sdk-path']) : loadV3(options['sdk-path']);
  } catch (error) {
    process.stdout.write('FAIL load SDK: ' + describeError(error) + '\n');
    process.exit(1);
  }
  const kii = adapterFor(line, sdk);
  recorder.sdkVersion = kii.version;

  const tag = crypto.randomBytes(4).toString('hex');
  const ann = {
    username: 'ann_' + tag,
    email: 'ann_' + tag + '@example.com',
    localPhone: japaneseMobile('090'),
    country: 'JP',
    password: 'Ann-pass-' + crypto.randomBytes(6).toString('hex'),
    newPassword: 'Ann-new-' + crypto.randomBytes(6).toString('hex'),
    displayName: 'Ann ' + tag,
  };
  ann.e164 = japanE164(ann.localPhone);
  const bob = {
    username: 'bob_' + tag,
    email: 'bob_' + tag + '@example.com',
    localPhone: japaneseMobile('080'),
    password: 'Bob-pass-' + crypto.randomBytes(6).toString('hex'),
    displayName: 'Bob ' + tag,
  };
  bob.e164 = japanE164(bob.localPhone);
  secrets.push(ann.password, ann.newPassword, bob.password);

  info('Kii JavaScript SDK ' + kii.version + ' (' + line + ', ' + path.resolve(options['sdk-path']) + ')');
  info('service ' + options['base-url'] + ', app ' + options['app-id'] + ', run tag ' + tag);

  const state = {};

  state.initialised = await step('initialise', async () => {
    kii.initialise(options['app-id'], options['app-key'], options['base-url']);
    return 'Kii.initializeWithSite(appID, appKey, "' + options['base-url'] + '")';
  });

  // 1. Register with a username, an email address and a local phone number with its country.
  state.registered = await step('register', async () => {
    needs([state.initialised, 'initialise']);
    const user = kii.newUser(ann.username, ann.email, ann.localPhone, ann.country, ann.password);
    user.setDisplayName(ann.displayName);
    user.set('score', 1);
    user.set('team', 'red');
    const registered = await user.register();
    ann.id = registered.getID();
    if (!ann.id) throw new Error('the SDK has no user ID after register()');
    const current = kii.currentUser();
    if (!current || !kii.accessToken(current)) throw new Error('the SDK is not logged in after register()');
    if (current.getID() !== ann.id) throw new Error('logged in as ' + current.getID() + ', registered ' + ann.id);
    return 'user ' + ann.id + ' (' + ann.username + ', ' + ann.email + ', ' + ann.localPhone + ' JP, read back as ' +
      user.getPhoneNumber() + '), logged in';
  });

  // 2. Log in again with every form of identifier.
  const forms = [
    ['username', ann.username],
    ['email', ann.email],
    ['international phone', ann.e164],
    ['EMAIL:', 'EMAIL:' + ann.email],
    ['PHONE:+', 'PHONE:' + ann.e164],
    ['PHONE:JP-local', 'PHONE:JP-' + ann.localPhone],
  ];
  const loggedInWith = [];
  for (const [form, identifier] of forms) {
    const ok = await step('log in (' + form + ' ' + identifier + ')', async () => {
      needs([state.registered, 'register']);
      kii.logOut();
      const before = recorder.exchanges.length;
      let user;
      try {
        user = await kii.login(identifier, ann.password);
      } catch (error) {
        if (recorder.exchanges.length === before) {
          throw new Skip('the SDK refuses this identifier itself and sends nothing (' + describeError(error) + ')');
        }
        throw error;
      }
      if (user.getID() !== ann.id) throw new Error('logged in as user ' + user.getID() + ', expected ' + ann.id);
      return 'user ' + user.getID();
    });
    if (ok) loggedInWith.push(form);
  }
  info('logged in with: ' + (loggedInWith.length > 0 ? loggedInWith.join(', ') : 'nothing'));

  state.loggedIn = await step('log in again (username)', async () => {
    needs([state.registered, 'register']);
    kii.logOut();
    const user = await kii.login(ann.username, ann.password);
    if (user.getID() !== ann.id) throw new Error('logged in as user ' + user.getID() + ', expected ' + ann.id);
    return 'user ' + user.getID();
  });

  // 3. Refresh and read every field back.
  await step('refresh', async () => {
    needs([state.loggedIn, 'log in again']);
    const user = kii.currentUser();
    await user.refresh();
    compare({
      loginName: ann.username,
      emailAddress: ann.email,
      phoneNumber: ann.e164,
      country: 'JP',
      displayName: ann.displayName,
      score: 1,
      team: 'red',
    }, fieldsOf(user, ['score', 'team']));
    return 'loginName, emailAddress, phoneNumber ' + user.getPhoneNumber() + ', country, displayName, score and team as registered';
  });

  // 4. Update: a new display name and score, the team removed; read back by a fresh object.
  state.updated = await step('update', async () => {
    needs([state.loggedIn, 'log in again']);
    const user = kii.currentUser();
    await kii.update(user, { displayName: ann.displayName + ' B', score: 2 }, ['team']);
    return 'displayName and score set, team removed';
  });
  await step('refresh after update', async () => {
    needs([state.updated, 'update']);
    const fresh = kii.userWithID(ann.id);
    await fresh.refresh();
    compare({
      loginName: ann.username,
      emailAddress: ann.email,
      phoneNumber: ann.e164,
      country: 'JP',
      displayName: ann.displayName + ' B',
      score: 2,
      team: undefined,
    }, fieldsOf(fresh, ['score', 'team']));
    return 'displayName "' + fresh.getDisplayName() + '", score 2, team gone, identifiers unchanged';
  });

  // 5. A pseudo user, upgraded with putIdentity, then logging in with its new identity.
  state.pseudo = await step('register pseudo user', async () => {
    needs([state.initialised, 'initialise']);
    kii.logOut();
    const user = await kii.registerPseudo({ displayName: 'Guest ' + tag, country: 'JP', level: 1 });
    bob.id = user.getID();
    if (!bob.id) throw new Error('no user ID');
    if (!kii.accessToken(user)) throw new Error('no access token');
    if (user.isPseudoUser() !== true) throw new Error('isPseudoUser() is ' + user.isPseudoUser());
    compare({ displayName: 'Guest ' + tag, country: 'JP', level: 1 }, fieldsOf(user, ['level']));
    return 'user ' + bob.id + ', pseudo, with a token';
  });
  state.upgraded = await step('put identity', async () => {
    needs([state.pseudo, 'register pseudo user']);
    const user = kii.currentUser();
    await kii.putIdentity(user,
      { username: bob.username, emailAddress: bob.email, phoneNumber: bob.localPhone },
      bob.password,
      { displayName: bob.displayName, country: 'JP' },
      []);
    return bob.username + ', ' + bob.email + ', ' + bob.localPhone + ' JP and a password';
  });
  await step('log in upgraded user (username)', async () => {
    needs([state.upgraded, 'put identity']);
    kii.logOut();
    const user = await kii.login(bob.username, bob.password);
    if (user.getID() !== bob.id) throw new Error('logged in as user ' + user.getID() + ', expected ' + bob.id);
    return 'user ' + user.getID();
  });
  await step('log in upgraded user (international phone)', async () => {
    needs([state.upgraded, 'put identity']);
    kii.logOut();
    const user = await kii.login(bob.e164, bob.password);
    if (user.getID() !== bob.id) throw new Error('logged in as user ' + user.getID() + ', expected ' + bob.id);
    await user.refresh();
    compare({
      loginName: bob.username,
      emailAddress: bob.email,
      phoneNumber: bob.e164,
      country: 'JP',
      displayName: bob.displayName,
      level: 1,
    }, fieldsOf(user, ['level']));
    if (user.isPseudoUser() !== false) throw new Error('isPseudoUser() is ' + user.isPseudoUser() + ' after the upgrade');
    return 'user ' + user.getID() + ', no longer pseudo, fields read back';
  });

  // 6. Change the password: the new one logs in, the old one no longer does.
  state.passwordChanged = await step('change password', async () => {
    needs([state.registered, 'register']);
    kii.logOut();
    const user = await kii.login(ann.username, ann.password);
    await user.updatePassword(ann.password, ann.newPassword);
    return 'updatePassword(old, new) accepted';
  });
  await step('log in with the old password', async () => {
    needs([state.passwordChanged, 'change password']);
    kii.logOut();
    const outcome = await refused(() => kii.login(ann.username, ann.password));
    if (!outcome.sent) throw new Error('the SDK refused it without asking the service: ' + outcome.text);
    return 'refused: ' + exchangeSummary(outcome.last);
  });
  state.newPassword = await step('log in with the new password', async () => {
    needs([state.passwordChanged, 'change password']);
    kii.logOut();
    const user = await kii.login(ann.username, ann.newPassword);
    if (user.getID() !== ann.id) throw new Error('logged in as user ' + user.getID() + ', expected ' + ann.id);
    return 'user ' + user.getID();
  });
  const annPassword = state.newPassword ? ann.newPassword : ann.password;

  // 7. Find the user by each identifier.
  const finds = [
    ['find by username', () => kii.findByUsername(ann.username)],
    ['find by email', () => kii.findByEmail(ann.email)],
    ['find by phone (' + ann.e164 + ')', () => kii.findByPhone(ann.e164)],
    ['find by phone (JP-' + ann.localPhone + ')', () => kii.findByPhone('JP-' + ann.localPhone)],
  ];
  for (const [name, find] of finds) {
    await step(name, async () => {
      needs([state.registered, 'register']);
      const current = kii.currentUser();
      if (!current || current.getID() !== ann.id) {
        kii.logOut();
        await kii.login(ann.username, annPassword);
      }
      const found = await find();
      if (!found || found.getID() !== ann.id) {
        throw new Error('found user ' + (found && found.getID()) + ', expected ' + ann.id);
      }
      return 'user ' + found.getID();
    });
  }

  // 8. Delete: the user is gone and cannot log in.
  state.deleted = await step('delete', async () => {
    needs([state.registered, 'register']);
    kii.logOut();
    const user = await kii.login(ann.username, annPassword);
    await user.delete();
    return 'user ' + ann.id + ' deleted';
  });
  await step('log in after delete', async () => {
    needs([state.deleted, 'delete']);
    kii.logOut();
    const outcome = await refused(() => kii.login(ann.username, annPassword));
    if (!outcome.sent) throw new Error('the SDK refused it without asking the service: ' + outcome.text);
    return 'refused: ' + exchangeSummary(outcome.last);
  });
  await step('delete upgraded user', async () => {
    needs([state.upgraded, 'put identity']);
    kii.logOut();
    const user = await kii.login(bob.username, bob.password);
    await user.delete();
    kii.logOut();
    const outcome = await refused(() => kii.login(bob.username, bob.password));
    return 'user ' + bob.id + ' deleted; logging in again refused (' +
      (outcome.last ? exchangeSummary(outcome.last) : outcome.text) + ')';
  });

  info(counts.ok + ' ok, ' + counts.skip + ' skipped, ' + counts.FAIL + ' failed' +
    (options.trace ? '; trace of ' + recorder.exchanges.length + ' exchanges in ' + options.trace : ''));
  if (recorder.out !== null) fs.closeSync(recorder.out);
  process.exitCode = counts.FAIL > 0 ? 1 : 0;
}

main().catch((error) => {
  process.stdout.write('FAIL driver: ' + scrub(error && error.stack || error) + '\n');
  process.exit(1);
});
