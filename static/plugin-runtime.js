/*
 * The Folio plugin runtime. It runs inside a dedicated Worker that plugin-frame.js starts in the
 * sandbox frame (<iframe sandbox="allow-scripts">, opaque origin, the sandbox page's CSP), so the
 * plugin's code has no DOM, no frames and no WebRTC (RTCPeerConnection does not exist in workers),
 * and a plugin that spins or hangs blocks only its own thread: the frame stays free and the host
 * tears the frame down, which ends the worker.
 *
 * 1. Handshake: plugin-frame.js hands over the MessagePort it got from the host; nothing else is
 *    accepted before that.
 * 2. RPC: speaks the host's `folio/1` protocol (request / response / cancel, see src/lib/rpc/wire.ts)
 *    on that port; every call to the host has a deadline; `ping` answers the host's heartbeat.
 * 3. API: builds `folio` (also `joplin`) and runs the plugin's script with it.
 *
 * The plugin's code shares this realm, so it could tamper with anything here: nothing in this file
 * is a security boundary. The boundary is the sandbox (opaque origin, CSP, a worker without DOM)
 * and the host, which checks and sizes every message it gets. This file only has to make honest
 * plugins easy to write.
 *
 * It is one function, `folioPluginRuntime(scope)`, so that plugin-frame.js can start it in a worker
 * from its source text (the sandbox may not fetch anything, so there is no URL to load it from) and
 * the unit tests can run it in Node behind a fake scope.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- a script global: plugin-frame.js and the tests call it
function folioPluginRuntime(scope) {
  'use strict';
  var RPC = 'folio/1';
  var CALL_TIMEOUT_MS = 30000;
  var MAX_ERROR_REPORTS = 20;
  var port = null;
  var nextId = 1;
  var pending = new Map();
  var running = new Map();
  var tools = new Map();
  var starters = [];
  var errorReports = 0;

  function serializeError(error) {
    if (error && typeof error === 'object') {
      var out = { name: String(error.name || 'Error'), message: String(error.message || error) };
      if (typeof error.code === 'string') out.code = error.code;
      return out;
    }
    return { name: 'Error', message: String(error) };
  }

  function send(message) {
    if (port) port.postMessage(message);
  }

  /** Calls a host method; rejects with the host's error, or after the deadline. */
  function call(method, params, timeoutMs) {
    return new Promise(function (resolve, reject) {
      if (!port) return reject(new Error('The plugin is not connected to Folio.'));
      var id = nextId++;
      var timer = setTimeout(function () {
        pending.delete(id);
        send({ rpc: RPC, kind: 'cancel', id: id });
        reject(
          new Error('Folio did not answer ' + method + ' within ' + (timeoutMs || CALL_TIMEOUT_MS) + ' ms')
        );
      }, timeoutMs || CALL_TIMEOUT_MS);
      pending.set(id, { resolve: resolve, reject: reject, timer: timer });
      send({ rpc: RPC, kind: 'request', id: id, method: method, params: params });
    });
  }

  function settle(message) {
    var entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
    clearTimeout(entry.timer);
    if (message.error) {
      var error = new Error(message.error.message);
      error.name = message.error.name;
      if (message.error.code) error.code = message.error.code;
      entry.reject(error);
    } else entry.resolve(message.result);
  }

  function reply(id, result, error) {
    var message = { rpc: RPC, kind: 'response', id: id };
    if (error) message.error = serializeError(error);
    else message.result = result;
    try {
      send(message);
    } catch (cloneError) {
      // The result held something postMessage cannot copy (a function, a DOM node).
      send({
        rpc: RPC,
        kind: 'response',
        id: id,
        error: {
          name: 'DataCloneError',
          message: 'The result cannot be sent to Folio: ' + cloneError.message
        }
      });
    }
  }

  var handlers = Object.create(null);

  handlers.start = function (params) {
    var api = buildApi(params.manifest);
    scope.folio = api;
    scope.joplin = api;
    var run = new Function(
      'folio',
      'joplin',
      params.script + '\n//# sourceURL=folio-plugin-' + String(params.manifest.id) + '.js'
    );
    run(api, api);
    return starters
      .reduce(function (chain, options) {
        return chain.then(function () {
          return typeof options.onStart === 'function' ? options.onStart() : undefined;
        });
      }, Promise.resolve())
      .then(function () {
        // A tool the host refused (an id clash) was reported with the plugin's name; the plugin's
        // other tools still start.
        return Promise.all(
          Array.from(tools.values()).map(function (tool) {
            return tool.ready.catch(function () {});
          })
        );
      })
      .then(function () {
        return null;
      });
  };

  /** The host's heartbeat: answered as soon as the event loop is free, so a spinning plugin misses it. */
  handlers.ping = function () {
    return 'pong';
  };

  handlers.callTool = function (params, signal) {
    var tool = tools.get(params.id);
    if (!tool) throw new Error('No tool ' + params.id + ' in this plugin.');
    return tool.handler(params.input, { signal: signal });
  };

  handlers.render = function (params) {
    var tool = tools.get(params.id);
    if (!tool || typeof tool.render !== 'function')
      throw new Error('Tool ' + params.id + ' has no renderer.');
    return tool.render(params.input, params.output);
  };

  function serve(message) {
    var controller = new AbortController();
    running.set(message.id, controller);
    Promise.resolve()
      .then(function () {
        if (!Object.prototype.hasOwnProperty.call(handlers, message.method))
          throw new Error('The plugin runtime has no method ' + message.method);
        return handlers[message.method](message.params || {}, controller.signal);
      })
      .then(
        function (result) {
          running.delete(message.id);
          if (!controller.signal.aborted) reply(message.id, result === undefined ? null : result);
        },
        function (error) {
          running.delete(message.id);
          if (!controller.signal.aborted) reply(message.id, undefined, error);
        }
      );
  }

  function onPortMessage(event) {
    var message = event.data;
    if (!message || message.rpc !== RPC || typeof message.id !== 'number') return;
    if (message.kind === 'request') serve(message);
    else if (message.kind === 'response') settle(message);
    else if (message.kind === 'cancel') {
      var controller = running.get(message.id);
      if (controller) controller.abort();
    }
  }

  function registerTool(definition) {
    if (!definition || typeof definition.handler !== 'function')
      throw new TypeError('ai.tools.register needs a handler function.');
    var id = definition.id;
    var tool = { handler: definition.handler, render: definition.render, ready: null };
    tool.ready = call('tools.register', {
      id: id,
      description: definition.description,
      inputSchema: definition.inputSchema,
      hasRender: typeof definition.render === 'function',
      timeoutMs: definition.timeoutMs,
      annotations: { readOnlyHint: !!(definition.annotations && definition.annotations.readOnlyHint) }
    }).then(
      function () {
        return undefined;
      },
      function (error) {
        tools.delete(id);
        throw error;
      }
    );
    tools.set(id, tool);
    tool.ready.catch(function () {}); // the host reports it with the plugin's name
    return {
      id: id,
      ready: tool.ready,
      enable: function () {
        return call('tools.setEnabled', { id: id, enabled: true });
      },
      disable: function () {
        return call('tools.setEnabled', { id: id, enabled: false });
      },
      remove: function () {
        tools.delete(id);
        return call('tools.remove', { id: id });
      }
    };
  }

  function data(method) {
    return function (input) {
      return call('data', { method: method, input: input || {} });
    };
  }

  /** Joplin's path-style data API, mapped onto the same calls. */
  function joplinPath(verb, path, query, body) {
    var p = Array.isArray(path) ? path : [path];
    query = query || {};
    body = body || {};
    if (verb === 'get' && p[0] === 'notes' && p.length === 2) return data('readNote')({ id: p[1] });
    if (verb === 'get' && p[0] === 'notes' && p[2] === 'tags') return data('listTags')({ note_id: p[1] });
    if (verb === 'get' && p[0] === 'search')
      return data('searchNotes')({ query: query.query, limit: query.limit });
    if (verb === 'get' && p[0] === 'folders') return data('listNotebooks')({});
    if (verb === 'get' && p[0] === 'tags') return data('listTags')({});
    if (verb === 'post' && p[0] === 'notes')
      return data('createNote')(
        stripUndefined({ title: body.title, body: body.body, notebook_id: body.parent_id })
      );
    if (verb === 'put' && p[0] === 'notes' && p.length === 2)
      return data('updateNote')(
        stripUndefined({ id: p[1], title: body.title, body: body.body, notebook_id: body.parent_id })
      );
    if (verb === 'post' && p[0] === 'folders')
      return data('createNotebook')(stripUndefined({ title: body.title, parent_id: body.parent_id }));
    return Promise.reject(new Error('Folio does not support data.' + verb + ' ' + JSON.stringify(p)));
  }

  function stripUndefined(object) {
    var out = {};
    Object.keys(object).forEach(function (key) {
      if (object[key] !== undefined) out[key] = object[key];
    });
    return out;
  }

  function buildApi(manifest) {
    return Object.freeze({
      manifest: Object.freeze(Object.assign({}, manifest)),
      plugins: Object.freeze({
        register: function (options) {
          starters.push(options || {});
        }
      }),
      ai: Object.freeze({ tools: Object.freeze({ register: registerTool }) }),
      data: Object.freeze({
        readNote: data('readNote'),
        searchNotes: data('searchNotes'),
        listNotebooks: data('listNotebooks'),
        listTags: data('listTags'),
        createNote: data('createNote'),
        updateNote: data('updateNote'),
        createNotebook: data('createNotebook'),
        manageTags: data('manageTags'),
        get: function (path, query) {
          return joplinPath('get', path, query);
        },
        post: function (path, query, body) {
          return joplinPath('post', path, query, body);
        },
        put: function (path, query, body) {
          return joplinPath('put', path, query, body);
        }
      })
    });
  }

  function reportError(error) {
    if (!port || errorReports++ >= MAX_ERROR_REPORTS) return;
    call('reportError', { message: String((error && error.message) || error) }).catch(function () {});
  }
  scope.addEventListener('error', function (event) {
    reportError(event.error || event.message);
  });
  scope.addEventListener('unhandledrejection', function (event) {
    reportError(event.reason);
  });

  function onConnect(event) {
    if (port || !event.data || event.data.folioPlugin !== 'connect' || !event.ports || !event.ports[0])
      return;
    scope.removeEventListener('message', onConnect);
    port = event.ports[0];
    port.onmessage = onPortMessage;
  }
  scope.addEventListener('message', onConnect);
  scope.postMessage({ folioPlugin: 'ready' });
}
