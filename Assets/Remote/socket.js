// Shared by the remote's pages (phone remote, stage display, audience view): one WebSocket on
// which podium pushes the state (JSON text) and the slide pictures (binary) when they change, never
// polled; it reconnects with backoff. Also the timers' clock format.
"use strict";
const podium = {
  token: new URLSearchParams(location.search).get("t") || "",

  /// Opens /ws asking for pictures `width()` device pixels wide. Calls on.hello(m), on.state(m),
  /// on.reply(m) (answers to requests), on.picture(kind, url) (kind 0: what the room sees, 1: the
  /// next scene; url null: none) and on.status(text) ("" when connected). Returns send(request).
  connect(on, width) {
    let ws = null, retry = 500;
    const urls = [null, null];
    const open = () => {
      ws = new WebSocket(`ws://${location.host}/ws?t=${encodeURIComponent(podium.token)}&w=${Math.round(width())}`);
      ws.binaryType = "arraybuffer";
      ws.onopen = () => { retry = 500; on.status(""); };
      ws.onmessage = (e) => {
        if (typeof e.data !== "string") return picture(new Uint8Array(e.data));
        const m = JSON.parse(e.data);
        if (m.type === "hello") on.hello(m); else if (m.type === "state") on.state(m); else on.reply(m);
      };
      ws.onclose = (e) => {
        on.status(e.code === 1008 ? "This link is no longer valid." : "Reconnecting…");
        setTimeout(open, retry); retry = Math.min(retry * 2, 8000);
      };
    };
    // Byte 0: which picture; byte 1: 0 JPEG, 1 PNG; then the image (nothing: no next scene).
    const picture = (bytes) => {
      const kind = bytes[0] ? 1 : 0, type = bytes[1] ? "image/png" : "image/jpeg";
      if (urls[kind]) URL.revokeObjectURL(urls[kind]);
      urls[kind] = bytes.length > 2 ? URL.createObjectURL(new Blob([bytes.subarray(2)], { type })) : null;
      on.picture(kind, urls[kind]);
    };
    open();
    return (request) => { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(request)); };
  },

  /// Seconds as m:ss or h:mm:ss, with a minus sign when negative; "" for null.
  clock(s) {
    if (s == null) return "";
    const neg = s < 0, a = Math.abs(Math.floor(s)), h = Math.floor(a / 3600), m = Math.floor(a / 60) % 60, sec = a % 60;
    return (neg ? "−" : "") + (h ? `${h}:${String(m).padStart(2, "0")}` : `${m}`) + `:${String(sec).padStart(2, "0")}`;
  },
};
