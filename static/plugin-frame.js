/*
 * The sandbox frame's own script (plugin-sandbox.html loads it after plugin-runtime.js). The
 * plugin's code never runs here: this script starts it in a dedicated Worker and stays out of its
 * reach, so nothing the plugin does can change what this frame does.
 *
 * Why a worker:
 * - Network. The frame's CSP does not govern WebRTC (connect-src has no say over ICE, and Chromium
 *   156 ignores CSP3's `webrtc 'block'`: it logs "Unrecognized Content-Security-Policy directive"),
 *   so a plugin in the frame could send note text to any host in STUN packets. Workers have no
 *   RTCPeerConnection at all, and no DOM to make a nested frame with fresh constructors. A blob:
 *   worker inherits this document's CSP, so fetch, WebSocket, importScripts and nested workers are
 *   held to connect-src / script-src as the frame is (the e2e tests check each with a local sink).
 * - Isolation. Chromium puts every sandboxed frame of one site in ONE renderer process (apart from
 *   the app's), so a plugin spinning on the frame's thread would freeze every other plugin. In a
 *   worker it spins on its own thread: the frames stay free, the host's heartbeat notices, and
 *   removing the frame ends the worker (Chromium forces the termination after about 2 s).
 *
 * The handshake: the worker says `ready`; this frame posts `{folioPlugin: 'hello'}` to the parent
 * and accepts exactly one `connect` from the parent window, whose MessagePort it hands to the
 * worker. From then on the host and the worker talk on that port alone; the window channel only
 * answers the host's liveness `probe` (this thread stays free while the worker runs).
 *
 * The WebRTC constructors of this window are removed too, before anything else runs: the plugin
 * cannot reach this window, so this is only a second lock on a door that is already walled up.
 */
(function () {
  'use strict';
  var RTC_NAMES = [
    'RTCPeerConnection',
    'webkitRTCPeerConnection',
    'RTCDataChannel',
    'RTCRtpSender',
    'RTCRtpReceiver',
    'RTCRtpTransceiver',
    'RTCIceCandidate',
    'RTCIceTransport',
    'RTCDtlsTransport',
    'RTCSctpTransport',
    'RTCSessionDescription',
    'RTCCertificate',
    'RTCDTMFSender',
    'RTCEncodedAudioFrame',
    'RTCEncodedVideoFrame',
    'RTCRtpScriptTransform',
    'WebTransport',
    'WebSocket',
    'WebSocketStream',
    'EventSource'
  ];
  RTC_NAMES.forEach(function (name) {
    try {
      Object.defineProperty(window, name, { value: undefined, writable: false, configurable: false });
    } catch (error) {
      // Not configurable in this browser: deleting is the best left.
      try {
        delete window[name];
      } catch (ignored) {
        /* nothing more to do */
      }
    }
  });

  var parentWindow = window.parent;
  var source = '(' + folioPluginRuntime.toString() + ')(self);';
  var worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), {
    name: 'folio-plugin'
  });
  var connected = false;

  worker.addEventListener('message', function onReady(event) {
    if (!event.data || event.data.folioPlugin !== 'ready') return;
    worker.removeEventListener('message', onReady);
    parentWindow.postMessage({ folioPlugin: 'hello' }, '*');
  });

  window.addEventListener('message', function (event) {
    if (event.source !== parentWindow || !event.data) return;
    // The host's liveness probe: this thread answers even while the plugin's worker spins, so the
    // host can tell a busy plugin from a crashed sandbox.
    if (event.data.folioPlugin === 'probe') {
      parentWindow.postMessage({ folioPlugin: 'alive', nonce: event.data.nonce }, '*');
      return;
    }
    if (connected || event.data.folioPlugin !== 'connect' || !event.ports[0]) return;
    connected = true;
    worker.postMessage({ folioPlugin: 'connect' }, [event.ports[0]]);
  });
})();
