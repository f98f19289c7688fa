// The audience view for a second room (the view link): exactly what podium's audience window
// shows — blackout, freeze and the pointer included — pushed as a picture when it changes.
// A click or `f` asks the browser for full screen.
"use strict";
podium.connect({
  hello: () => {}, state: () => {}, reply: () => {},
  picture: (kind, url) => { if (kind === 0 && url) document.getElementById("view").src = url; },
  status: (s) => { document.getElementById("message").textContent = s; },
}, () => Math.max(screen.width, innerWidth) * (devicePixelRatio || 1));
const full = () => { if (!document.fullscreenElement) document.documentElement.requestFullscreen().catch(() => {}); };
document.addEventListener("click", full);
document.addEventListener("keydown", (e) => { if (e.key === "f") full(); });
