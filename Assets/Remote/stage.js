// Stage display (the view link): what the room sees, the next slide, the timers with the pace
// colour and, toggled with the button or `n` (kept in the link as &notes=1), the notes. Watches
// only; everything is pushed over the WebSocket.
"use strict";
const $ = (id) => document.getElementById(id);
podium.connect({
  hello: () => {},
  state: (s) => show(s),
  reply: () => {},
  picture: (kind, url) => { const img = kind ? $("next") : $("current"); if (url) img.src = url; else img.removeAttribute("src"); },
  status: (s) => { $("message").textContent = s; },
}, () => Math.max(screen.width, innerWidth) * 0.62 * (devicePixelRatio || 1));

function show(s) {
  // Slides as the console counts them (`slide 2/12 (4/4)`): the number to type to go there.
  $("index").textContent = s.slide ? s.slide.position : `${s.scene.index + 1} / ${s.scene.count}`;
  const status = s.audienceMode !== "normal" ? s.audienceMode : s.frozen ? "frozen" : s.held ? "held" : "live";
  $("status").textContent = status.toUpperCase();
  $("status").className = status;
  $("next-title").textContent = s.next ? `Next: ${s.next.title}` : "End of deck";
  $("next").hidden = !s.next;
  $("notes").textContent = s.notes || "";
  const t = s.timers;
  $("remaining").textContent = t.remaining == null ? "" : podium.clock(t.remaining);
  $("remaining").className = t.pace || "";
  $("elapsed").textContent = podium.clock(t.elapsed) + (t.paused ? " ⏸" : "");
  $("clock").textContent = t.clock;
}

function showNotes(on) {
  document.body.classList.toggle("notes", on);
  $("notes").hidden = !on;
  $("notes-toggle").setAttribute("aria-pressed", String(on));
  const q = new URLSearchParams(location.search);
  if (on) q.set("notes", "1"); else q.delete("notes");
  history.replaceState(null, "", `${location.pathname}?${q}`);
}
$("notes-toggle").onclick = () => showNotes($("notes").hidden);
document.addEventListener("keydown", (e) => { if (e.key === "n") showNotes($("notes").hidden); });
showNotes(new URLSearchParams(location.search).get("notes") === "1");
