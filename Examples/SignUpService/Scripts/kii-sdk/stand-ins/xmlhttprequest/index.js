'use strict';
// A small stand-in for the npm `xmlhttprequest` module, on Node's own http and https modules, so
// that Kii's v2 JavaScript SDK (which does `require('xmlhttprequest').XMLHttpRequest` under Node)
// runs with no npm install. Asynchronous requests only, text bodies, the parts of XMLHttpRequest
// Level 2 the SDK touches: open, setRequestHeader, send, abort, readyState, status, statusText,
// responseText, response, getResponseHeader, getAllResponseHeaders, onreadystatechange and the
// other on* handlers, addEventListener, upload, timeout and withCredentials.
//
// On the wire it behaves like the npm module: a default `Accept: */*` and User-Agent, `Host`,
// `Content-Length` for a body (0 for a POST without one), `text/plain;charset=UTF-8` when a body
// has no Content-Type, and one connection per request (`Connection: close`).
//
// XMLHttpRequest.onExchange, when set to a function, receives every finished exchange as
// { request: {method, url, target, headers, body}, response: {status, statusText, headers, body}
//   | null, error: string | null } with the request's header lines exactly as written
// (name case and order kept) and the response's raw header lines. XMLHttpRequest.onHandlerError,
// when set, receives (error, event) for an event handler that threw (otherwise it goes to stderr).

const http = require('http');
const https = require('https');

const UNSENT = 0;
const OPENED = 1;
const HEADERS_RECEIVED = 2;
const LOADING = 3;
const DONE = 4;

// Headers a script may not set (the npm module's list, which follows the XMLHttpRequest spec's).
const FORBIDDEN = new Set([
  'accept-charset', 'accept-encoding', 'access-control-request-headers',
  'access-control-request-method', 'connection', 'content-length', 'content-transfer-encoding',
  'cookie', 'cookie2', 'date', 'expect', 'host', 'keep-alive', 'origin', 'referer', 'te',
  'trailer', 'transfer-encoding', 'upgrade', 'via',
]);

const USER_AGENT = 'node-XMLHttpRequest (stand-in)';

class EventHub {
  constructor() {
    this._listeners = new Map();
  }

  addEventListener(type, listener) {
    if (typeof listener !== 'function') return;
    if (!this._listeners.has(type)) this._listeners.set(type, []);
    const list = this._listeners.get(type);
    if (!list.includes(listener)) list.push(listener);
  }

  removeEventListener(type, listener) {
    const list = this._listeners.get(type);
    if (!list) return;
    const index = list.indexOf(listener);
    if (index >= 0) list.splice(index, 1);
  }

  // A handler that throws is reported and the other handlers still run, as in a browser (where
  // the exception goes to the console), instead of ending the process from a socket's event.
  dispatchEvent(event) {
    const handlers = [this['on' + event.type]].concat((this._listeners.get(event.type) || []).slice());
    for (const handler of handlers) {
      if (typeof handler !== 'function') continue;
      try {
        handler.call(this, event);
      } catch (error) {
        const report = XMLHttpRequest.onHandlerError;
        if (typeof report === 'function') report(error, event);
        else process.stderr.write('xmlhttprequest stand-in: a ' + event.type + ' handler threw: ' + (error && error.stack || error) + '\n');
      }
    }
    return true;
  }

  _fire(type, extra) {
    this.dispatchEvent(Object.assign({ type, target: this, currentTarget: this }, extra || {}));
  }
}

// Parses the header block Node wrote ("POST /x HTTP/1.1\r\nName: value\r\n...\r\n\r\n").
function headerLines(block) {
  const lines = block.split('\r\n').slice(1).filter((line) => line.length > 0);
  return lines.map((line) => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon), line.slice(colon + 1).trim()];
  });
}

function rawPairs(raw) {
  const pairs = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
  return pairs;
}

class XMLHttpRequest extends EventHub {
  constructor() {
    super();
    this.UNSENT = UNSENT;
    this.OPENED = OPENED;
    this.HEADERS_RECEIVED = HEADERS_RECEIVED;
    this.LOADING = LOADING;
    this.DONE = DONE;

    this.readyState = UNSENT;
    this.status = 0;
    this.statusText = '';
    this.responseText = '';
    this.responseType = '';
    this.responseURL = '';
    this.timeout = 0;
    this.withCredentials = false;
    this.upload = new EventHub();

    this.onreadystatechange = null;
    this.onloadstart = null;
    this.onprogress = null;
    this.onabort = null;
    this.onerror = null;
    this.onload = null;
    this.ontimeout = null;
    this.onloadend = null;

    this._method = null;
    this._url = null;
    this._headers = []; // [name, value], the first spelling of each name kept
    this._sendFlag = false;
    this._request = null;
    this._responseHeaders = null; // raw [name, value] pairs
    this._timer = null;
    this._generation = 0; // a new open() or abort() makes earlier callbacks stale
  }

  get response() {
    if (this.responseType === '' || this.responseType === 'text') return this.responseText;
    if (this.readyState !== DONE) return null;
    if (this.responseType === 'json') {
      try {
        return JSON.parse(this.responseText);
      } catch (error) {
        return null;
      }
    }
    return this._responseBytes || null;
  }

  open(method, url, async, user, password) {
    if (async === false) {
      throw new Error('this XMLHttpRequest stand-in supports asynchronous requests only');
    }
    this._abortInFlight();
    this._generation += 1;
    this._method = String(method).toUpperCase();
    this._url = new URL(String(url));
    if (user !== undefined && user !== null) this._url.username = user;
    if (password !== undefined && password !== null) this._url.password = password;
    this._headers = [];
    this._sendFlag = false;
    this._responseHeaders = null;
    this._responseBytes = null;
    this.status = 0;
    this.statusText = '';
    this.responseText = '';
    this.responseURL = '';
    this._setState(OPENED);
  }

  setRequestHeader(name, value) {
    if (this.readyState !== OPENED || this._sendFlag) {
      throw new Error('INVALID_STATE_ERR: setRequestHeader needs an opened, unsent request');
    }
    const lower = String(name).toLowerCase();
    if (FORBIDDEN.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-')) return;
    const existing = this._headers.find(([n]) => n.toLowerCase() === lower);
    if (existing) {
      existing[1] = existing[1] + ', ' + String(value); // as the spec combines a repeated name
    } else {
      this._headers.push([String(name), String(value)]);
    }
  }

  getResponseHeader(name) {
    if (this.readyState < HEADERS_RECEIVED || !this._responseHeaders) return null;
    const lower = String(name).toLowerCase();
    const values = this._responseHeaders.filter(([n]) => n.toLowerCase() === lower).map(([, v]) => v);
    return values.length > 0 ? values.join(', ') : null;
  }

  getAllResponseHeaders() {
    if (this.readyState < HEADERS_RECEIVED || !this._responseHeaders) return '';
    return this._responseHeaders
      .filter(([n]) => !/^set-cookie2?$/i.test(n))
      .map(([n, v]) => n.toLowerCase() + ': ' + v + '\r\n')
      .join('');
  }

  overrideMimeType() {}

  send(data) {
    if (this.readyState !== OPENED || this._sendFlag) {
      throw new Error('INVALID_STATE_ERR: send needs an opened, unsent request');
    }
    const generation = this._generation;
    const url = this._url;
    const method = this._method;
    let body = null;
    if (method !== 'GET' && method !== 'HEAD' && data !== undefined && data !== null) {
      body = Buffer.isBuffer(data) || data instanceof Uint8Array ? Buffer.from(data) : Buffer.from(String(data), 'utf8');
    }

    const headers = this._headers.map(([n, v]) => [n, v]);
    const has = (lower) => headers.some(([n]) => n.toLowerCase() === lower);
    if (!has('user-agent')) headers.push(['User-Agent', USER_AGENT]);
    if (!has('accept')) headers.push(['Accept', '*/*']);
    if (body !== null) {
      if (!has('content-type')) headers.push(['Content-Type', 'text/plain;charset=UTF-8']);
      headers.push(['Content-Length', String(body.length)]);
    } else if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
      headers.push(['Content-Length', '0']);
    }
    headers.push(['Connection', 'close']);

    const transport = url.protocol === 'https:' ? https : http;
    const defaultPort = url.protocol === 'https:' ? 443 : 80;
    const options = {
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || defaultPort,
      method,
      path: url.pathname + url.search,
      headers: {},
      agent: false,
    };
    if (url.username || url.password) {
      options.auth = decodeURIComponent(url.username) + ':' + decodeURIComponent(url.password);
    }

    const exchange = {
      request: {
        method,
        url: url.href,
        target: url.pathname + url.search,
        headers: null,
        body: body === null ? null : body.toString('utf8'),
      },
      response: null,
      error: null,
    };

    this._sendFlag = true;
    let request;
    try {
      request = transport.request(options);
      for (const [n, v] of headers) request.setHeader(n, v);
    } catch (error) {
      this._fail(generation, exchange, error, 'error');
      return;
    }
    this._request = request;
    this._fire('loadstart', { loaded: 0, total: 0, lengthComputable: false });
    if (body !== null) this.upload._fire('loadstart', { loaded: 0, total: body.length, lengthComputable: true });

    if (this.timeout > 0) {
      this._timer = setTimeout(() => {
        if (generation !== this._generation) return;
        request.destroy(new Error('timed out after ' + this.timeout + ' ms'));
        this._fail(generation, exchange, new Error('timeout'), 'timeout');
      }, this.timeout);
    }

    request.on('response', (response) => {
      if (generation !== this._generation) {
        response.resume();
        return;
      }
      this._responseHeaders = rawPairs(response.rawHeaders);
      this.status = response.statusCode;
      this.statusText = response.statusMessage || '';
      this.responseURL = url.href;
      this._setState(HEADERS_RECEIVED);
      const chunks = [];
      let loaded = 0;
      const total = Number(response.headers['content-length']);
      response.on('data', (chunk) => {
        if (generation !== this._generation) return;
        chunks.push(chunk);
        loaded += chunk.length;
        this.responseText = Buffer.concat(chunks).toString('utf8');
        if (this.readyState !== LOADING) this._setState(LOADING);
        else this._fire('readystatechange');
        this._fire('progress', { loaded, total: Number.isFinite(total) ? total : 0, lengthComputable: Number.isFinite(total) });
      });
      response.on('end', () => {
        if (generation !== this._generation) return;
        this._clearTimer();
        this._responseBytes = Buffer.concat(chunks);
        this.responseText = this._responseBytes.toString('utf8');
        exchange.response = {
          status: this.status,
          statusText: this.statusText,
          headers: this._responseHeaders.map(([n, v]) => [n, v]),
          body: this.responseText,
        };
        this._report(exchange);
        this._request = null;
        this._setState(DONE);
        this._fire('load', { loaded, total: loaded, lengthComputable: true });
        this._fire('loadend', { loaded, total: loaded, lengthComputable: true });
      });
      response.on('error', (error) => this._fail(generation, exchange, error, 'error'));
    });
    request.on('error', (error) => this._fail(generation, exchange, error, 'error'));

    if (body !== null) request.end(body);
    else request.end();
    exchange.request.headers = typeof request._header === 'string'
      ? headerLines(request._header)
      : headers.map(([n, v]) => [n, v]);
    if (body !== null) {
      this.upload._fire('progress', { loaded: body.length, total: body.length, lengthComputable: true });
      this.upload._fire('load', { loaded: body.length, total: body.length, lengthComputable: true });
      this.upload._fire('loadend', { loaded: body.length, total: body.length, lengthComputable: true });
    }
  }

  abort() {
    const inFlight = this._abortInFlight();
    this._generation += 1;
    if (inFlight) {
      this.status = 0;
      this.statusText = '';
      this._setState(DONE);
      this._fire('abort');
      this._fire('loadend');
    }
    this.readyState = UNSENT; // without an event, as the spec says
  }

  _abortInFlight() {
    this._clearTimer();
    const inFlight = this._sendFlag && this.readyState !== DONE && this.readyState !== UNSENT;
    if (this._request) {
      this._request.destroy();
      this._request = null;
    }
    this._sendFlag = false;
    return inFlight;
  }

  _fail(generation, exchange, error, eventType) {
    if (generation !== this._generation || this.readyState === DONE) return;
    this._generation += 1; // later events of this request are stale
    this._clearTimer();
    if (this._request) {
      this._request.destroy();
      this._request = null;
    }
    exchange.error = error && error.message ? error.message : String(error);
    if (!exchange.request.headers) exchange.request.headers = [];
    this._report(exchange);
    this.status = 0;
    this.statusText = '';
    this.responseText = '';
    this._responseHeaders = null;
    this._sendFlag = false;
    this._setState(DONE);
    this._fire(eventType);
    this._fire('loadend');
  }

  _clearTimer() {
    if (this._timer) {
      clearTimeout(this._timer);
      this._timer = null;
    }
  }

  _setState(state) {
    this.readyState = state;
    this._fire('readystatechange');
  }

  _report(exchange) {
    const sink = XMLHttpRequest.onExchange;
    if (typeof sink === 'function') {
      try {
        sink(exchange);
      } catch (error) {
        process.stderr.write('xmlhttprequest stand-in: the exchange sink threw: ' + error.message + '\n');
      }
    }
  }
}

XMLHttpRequest.UNSENT = UNSENT;
XMLHttpRequest.OPENED = OPENED;
XMLHttpRequest.HEADERS_RECEIVED = HEADERS_RECEIVED;
XMLHttpRequest.LOADING = LOADING;
XMLHttpRequest.DONE = DONE;
XMLHttpRequest.onExchange = null;
XMLHttpRequest.onHandlerError = null;

module.exports = { XMLHttpRequest };
