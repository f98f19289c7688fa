// Podium remote: state and slide pictures arrive over one WebSocket when they change (no
// polling); buttons, swipes and drags send the control socket's JSON requests back.
"use strict";
const $ = (id) => document.getElementById(id);
let canControl = false, pending = null;
const clock = podium.clock;
const post = podium.connect({
  hello: (m) => { canControl = m.control; document.body.classList.toggle("view-only", !canControl); },
  state: (m) => show(m),
  reply: (m) => { if (m.ok === false) say(m.error); },
  picture: (kind, url) => { const img = kind ? $("next") : $("current"); if (url) img.src = url; else img.removeAttribute("src"); },
  status: (s) => say(s),
}, () => Math.min(screen.width, screen.height, innerWidth) * (devicePixelRatio || 1));

function send(request) { if (canControl) post(request); }
function say(s) { $("message").textContent = s; }

function show(s) {
  // Slides as the console counts them (`slide 2/12 (4/4)`): the number to type to go there.
  $("position").textContent = s.slide ? s.slide.position : `${s.scene.index + 1} / ${s.scene.count}`;
  $("title").textContent = s.scene.title;
  const status = s.audienceMode !== "normal" ? s.audienceMode : s.frozen ? "frozen" : s.held ? "held" : "live";
  $("status").textContent = status.toUpperCase();
  $("status").className = status;
  $("blackout").setAttribute("aria-pressed", String(s.audienceMode === "black"));
  $("freeze").setAttribute("aria-pressed", String(s.frozen));
  $("next-title").textContent = s.next ? `Next: ${s.next.title}` : "End of deck";
  $("next-box").hidden = !s.next;
  $("notes").textContent = s.notes || "";
  const t = s.timers;
  $("elapsed").textContent = clock(t.elapsed) + (t.paused ? " ⏸" : "");
  $("remaining").textContent = t.remaining == null ? "" : clock(t.remaining) + " left";
  $("remaining").className = t.pace || "";
  $("clock").textContent = t.clock;
  document.querySelector("#current-box").style.aspectRatio = String(s.aspect);
  placeDot(s.pointer);
}

function placeDot(p) {
  const dot = $("dot"), img = $("current");
  dot.hidden = !p;
  if (p) { dot.style.left = `${p.fx * img.clientWidth}px`; dot.style.top = `${p.fy * img.clientHeight}px`; }
}

// Pointer: a drag on the current slide moves the audience's pointer dot; lifting hides it.
function fraction(e) {
  const r = $("current").getBoundingClientRect();
  return { fx: Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)), fy: Math.min(1, Math.max(0, (e.clientY - r.top) / r.height)) };
}
function aim(e) {
  if (!canControl) return;
  const first = pending == null;
  pending = fraction(e);
  placeDot(pending);
  if (first) requestAnimationFrame(() => { if (pending) send({ cmd: "pointer", fx: pending.fx, fy: pending.fy }); pending = null; });
}
// A finger resting on the slide sends its place again every second: Podium hides a phone's dot
// not refreshed for 3 s (a phone gone from the Wi-Fi mid-drag never sends the lift).
let held = null, refresh = null;
function hold(e) { held = fraction(e); aim(e); }
const current = $("current");
current.addEventListener("pointerdown", (e) => {
  current.setPointerCapture(e.pointerId); hold(e);
  clearInterval(refresh);
  refresh = setInterval(() => { if (held) send({ cmd: "pointer", fx: held.fx, fy: held.fy }); }, 1000);
});
current.addEventListener("pointermove", (e) => { if (current.hasPointerCapture(e.pointerId)) hold(e); });
for (const end of ["pointerup", "pointercancel"]) {
  current.addEventListener(end, () => {
    clearInterval(refresh); refresh = null; held = null;
    pending = null; send({ cmd: "pointer", fx: null, fy: null }); placeDot(null);
  });
}

// Swipes anywhere but the slide: left for next, right for previous.
let start = null;
document.addEventListener("touchstart", (e) => { start = e.target === current ? null : e.touches[0]; }, { passive: true });
document.addEventListener("touchend", (e) => {
  if (!start) return;
  const t = e.changedTouches[0], dx = t.clientX - start.clientX, dy = t.clientY - start.clientY;
  if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) send({ cmd: dx < 0 ? "next" : "previous" });
  start = null;
}, { passive: true });

$("previous").onclick = () => send({ cmd: "previous" });
$("next-button").onclick = () => send({ cmd: "next" });
$("blackout").onclick = () => send({ cmd: "blackout" });
$("freeze").onclick = () => send({ cmd: "freeze" });
document.addEventListener("keydown", (e) => {
  if (["ArrowRight", "PageDown", " "].includes(e.key)) send({ cmd: "next" });
  else if (["ArrowLeft", "PageUp"].includes(e.key)) send({ cmd: "previous" });
});
