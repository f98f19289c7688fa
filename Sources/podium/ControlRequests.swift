import FoundationEssentials
import Glibc
import PodiumCore
import PodiumKit
import PodiumSDL

/// The control protocol: one JSON object per line in, one per line out. Malformed requests get
/// `{"ok":false,"error":"…"}` and the presentation goes on.
@MainActor
enum ControlRequests {
    static func handle(_ line: String, app: PresentCommand) -> String {
        do {
            let v: JSONValue
            do { v = try JSONValue.parse(Data(line.utf8)) } catch { throw Failure("malformed JSON: \(error)") }
            guard let cmd = v["cmd"]?.string else { throw Failure("expected an object with a string \"cmd\"") }
            var out = try perform(cmd, v, app)
            out["ok"] = true
            app.journalTick()   // journaled before the answer: a kill right after it loses nothing
            app.renderWindows()
            return JSONValue.object(out).jsonString
        } catch {
            return JSONValue.object(["ok": false, "error": .string(SafeText.escape("\(error)"))]).jsonString
        }
    }

    struct Failure: Error, CustomStringConvertible { var description: String; init(_ d: String) { description = d } }

    static func perform(_ cmd: String, _ v: JSONValue, _ app: PresentCommand) throws -> [String: JSONValue] {
        let p = app.presentation!
        func window(_ name: String?) throws -> PlatformWindow? {
            switch name ?? "presenter" {
            case "presenter": return app.presenterWindow
            case "audience": return app.audienceWindow
            default: throw Failure("unknown window \(SafeText.quote(name ?? "")) (expected presenter or audience)")
            }
        }
        func root(_ name: String?) throws -> WindowRoot {
            switch name ?? "presenter" {
            case "presenter": return p.presenter
            case "audience": return p.audience
            default: throw Failure("unknown window \(SafeText.quote(name ?? "")) (expected presenter or audience)")
            }
        }
        // The resume question holds the talk: only what answers it, looks or quits gets through.
        if let hold = p.talkHold, !passesHold(cmd, v, p) {
            throw Failure("\(SafeText.quote(cmd)) refused: \(hold) (a key Return, Page Down or F5 resumes, Esc twice starts fresh; state, screenshot and quit still work)")
        }
        switch cmd {
        case "state":
            // Truthful: look at the displays now rather than report the last event's picture,
            // and bring the console's timer label (`timers.shown`) to now, as the other fields are.
            app.displayController.refresh(reason: "state request")
            p.refreshTimers()
            return state(app)
        case "next": p.next()
        case "previous": p.previous()
        case "goto":
            guard let iv = v["index"] else { throw Failure("goto needs an integer \"index\"") }
            let i = try iv.integer(at: "index", in: 0...(p.sceneCount - 1))
            guard p.goTo(i) else { throw Failure("index \(i) out of range 0…\(p.sceneCount - 1)") }
        case "click":
            let r = try root(v["window"]?.string)
            if let id = v["id"]?.string {
                guard r.click(controlID: id) else { throw Failure("no visible control with id \(SafeText.quote(id))") }
            } else if let x = try v["x"]?.number(at: "x", in: -1e6...1e6), let y = try v["y"]?.number(at: "y", in: -1e6...1e6) {
                r.dispatch(.mouseDown(Point(x, y), button: 1, clicks: 1)); r.dispatch(.mouseUp(Point(x, y), button: 1))
            } else { throw Failure("click needs \"id\" or \"x\" and \"y\"") }
        case "key":
            guard let k = v["key"]?.string, let key = Key(binding: k) else { throw Failure("key needs a \"key\" name such as \"Right\" or \"Ctrl+C\"") }
            // SDL names some keys without spaces ("PageDown"); clickers' docs often write "Page Down".
            guard SDLVideo.isKeyName(key.name) else {
                throw Failure("unknown key name \(SafeText.quote(key.name)) (SDL key names: Right, Page Down, Return, Escape, F5, a…)")
            }
            p.scriptedKey = true
            defer { p.scriptedKey = false }
            p.press(key)
        case "type":
            guard let t = v["text"]?.string else { throw Failure("type needs a \"text\" string") }
            // Typed text goes to the focused control; with none it would vanish with an "ok".
            guard p.presenter.focusedView != nil else { throw Failure("nothing on the presenter view has the keyboard focus: click a text field first (\"click\" with its \"id\")") }
            p.presenter.dispatch(.text(t))
        case "screenshot":
            guard let path = v["path"]?.string else { throw Failure("screenshot needs a \"path\"") }
            // Relative to the talk's working directory, not the client's: refused rather than
            // written somewhere the caller does not expect (a source checkout).
            guard path.hasPrefix("/") else { throw Failure("screenshot needs an absolute \"path\", got \(SafeText.quote(path))") }
            let name = v["window"]?.string ?? "presenter"
            guard let w = try window(name), w.isVisible else { throw Failure("the \(name) window is not shown (single-display mode: screenshot the presenter, whose preview shows the audience)") }
            // "display" (the default): what the display shows once the loop's own frame turn has
            // drawn the request's changes (the place carried before the room's frame, the console
            // only where it may draw), images still decoding waited for; read from the X server,
            // so a test sees the room's real pixels (trial 27 m3). Elsewhere, and for "tree" (what
            // Podium means to show, to compare with the display), the tree drawn again by SDL.
            let source = v["source"]?.string ?? "display"
            guard ["display", "tree"].contains(source) else { throw Failure("screenshot's \"source\" is \"display\" or \"tree\", got \(SafeText.quote(source))") }
            var read = false
            if source == "display" {
                w.root.finishAnimations()   // settled popovers, not a frame of their fade
                app.journalTick(); app.renderWindows()
                if w.waitForImages() { app.renderWindows() }
                read = try w.saveServerPixels(to: path)
            }
            if !read { try w.screenshot(to: path) }
            return ["path": .string(path), "width": .number(Double(w.pixelSize.w)), "height": .number(Double(w.pixelSize.h)),
                    "source": .string(read ? "server" : "tree")]
        case "swap": return ["swapped": .bool(app.displayController.swap())]
        case "frame-times":
            // Benchmarks only: draws a window `frames` times (layout + draw list + SDL render and
            // present) and reports per-frame milliseconds, so `make bench` measures real frames.
            let name = v["window"]?.string ?? "audience"
            guard let w = try window(name), w.isVisible else { throw Failure("the \(name) window is not shown") }
            let n = try v["frames"].map { try $0.integer(at: "frames", in: 1...500) } ?? 60
            var ms: [Double] = []
            for _ in 0..<n {
                let t0 = ProcessInfo.processInfo.systemUptime
                w.root.setNeedsLayout()
                w.renderIfNeeded(force: true)
                ms.append((ProcessInfo.processInfo.systemUptime - t0) * 1000)
            }
            ms.sort()
            return ["frames": .number(Double(n)), "median_ms": .number(ms[n / 2]), "p95_ms": .number(ms[min(n - 1, n * 95 / 100)]),
                    "renderer": .string(w.renderer.driverName)]
        case "pointer":
            // As moving the mouse over the presenter window (points) with Ctrl held or not.
            guard let x = try v["x"]?.number(at: "x", in: -1e6...1e6), let y = try v["y"]?.number(at: "y", in: -1e6...1e6) else { throw Failure("pointer needs \"x\" and \"y\" (presenter window points)") }
            let shown = p.movePointer(to: Point(x, y), active: v["ctrl"]?.bool ?? true)
            return ["shown": .bool(shown)]
        case "drag", "hover": try MouseRequests.perform(cmd, v, root(v["window"]?.string))
        case "freeze", "blackout", "whiteout", "overview", "help", "pauseTimer":
            // The same toggles as the keys, independent of the key map.
            p.perform(ConsoleAction(rawValue: cmd)!)
        case "quit": app.log("quitting on a quit request (control socket or remote)"); app.quit = true
        default: throw Failure("unknown cmd \(SafeText.quote(cmd))")
        }
        return [:]
    }

    /// Requests that neither move nor change the talk, or that answer the open question (a key
    /// Return / Esc, as the speaker's keyboard would) or quit.
    static func passesHold(_ cmd: String, _ v: JSONValue, _ p: Presentation) -> Bool {
        switch cmd {
        case "state", "screenshot", "frame-times", "quit": return true
        case "key": return v["key"]?.string.flatMap { Key(binding: $0) }.map(p.keyPassesHold) ?? false
        // The question's own Resume / Start Fresh buttons answer it, as the keys do.
        case "click": return ["console.banner.yes", "console.banner.no"].contains(v["id"]?.string ?? "")
        default: return false
        }
    }

    static func state(_ app: PresentCommand) -> [String: JSONValue] {
        let p = app.presentation!
        func area(_ a: Rect, _ b: Rect) -> Double { a.intersects(b) ? a.intersection(b).width * a.intersection(b).height : 0 }
        func windowJSON(_ role: String, _ w: PlatformWindow?, _ root: WindowRoot) -> JSONValue {
            var o: [String: JSONValue] = ["role": .string(role)]
            if let w {
                // A hidden window is on no display, whatever SDL remembers of its position.
                // Where the window really is (on X11 SDL keeps what it asked for, even when a window
                // manager put the window elsewhere): the display holding most of it.
                let f = app.displayController.realFrame(of: w), s = w.renderer.scale
                let d = w.isVisible ? app.displays.max { a, b in area(a.bounds, f) < area(b.bounds, f) }.flatMap { area($0.bounds, f) > 0 ? $0 : nil } : nil
                o["display"] = d.map { .string($0.name) } ?? .null
                o["focused"] = .bool(w.hasKeyboardFocus)
                o["title"] = .string(w.title)
                o["framesDrawn"] = .number(Double(w.framesDrawn))
                o["islandFrames"] = .number(Double(w.islandFrames))
                // What the last frame repainted and presented, in pixels (a clock tick: the clock).
                o["lastDamage"] = w.lastDamage?.json ?? .null
                o["lastDamageRects"] = .array(w.lastDamageRects.map(\.json))
                o["pixelsRepainted"] = .number(Double(w.pixelsRepainted))
                // Frames the X server presented from a page's pixmap, and bitmaps SDL copied (issue 19).
                o["bitmapCopies"] = .number(Double(w.renderer.bitmapCopies))
                // Pages unpacked straight into the window surface, and bytes of page textures held.
                o["directPages"] = .number(Double(w.renderer.directPages))
                o["surfaceReleases"] = .number(Double(w.renderer.surfaceReleases))
                o["surfaceResidentBytes"] = .number(Double(w.renderer.windowSurfaceResidentBytes))
                o["surfacesWarmed"] = .number(Double(w.surfacesWarmed))
                o["bitmapTextureBytes"] = .number(Double(w.renderer.bitmapTextureBytes))
                // The buffer console pages are unpacked into before their rows are copied.
                o["pageScratchBytes"] = .number(Double(w.renderer.pageScratchBytes))
                o["serverPixmaps"] = w.renderer.serverPresentation.map {
                    ["presents": .number(Double($0.presents)), "uploads": .number(Double($0.uploads)),
                     "pixmaps": .number(Double($0.pixmaps)), "ahead": .number(Double($0.ahead)), "sharedMemory": .bool($0.sharedMemory), "mode": .string($0.mode),
                     "presentsDone": .number(Double($0.presentsDone)),
                     // Pixels of pages copied to the window, and presents of only the tiles that differ.
                     "pixelsCopied": .number(Double($0.pixelsCopied)), "tilePresents": .number(Double($0.tilePresents)),
                     "clippedCopies": .number(Double($0.clippedCopies))]
                } ?? .null
                o["bounds"] = Rect(f.minX, f.minY, Double(w.pixelSize.w), Double(w.pixelSize.h)).json
                o["scale"] = .number(s)
                // Where the window manager ignores fullscreen requests (none running) the window
                // covers the display borderless instead (`PlatformWindow.cover`): fullscreen too, as the log says.
                let covers = w.isBorderless && d.map { $0.bounds == f } == true
                o["fullscreen"] = .bool(w.isFullscreen || covers)
                o["fullscreenBy"] = w.fullscreenByState ? "state" : w.isFullscreen ? "sdl" : covers ? "cover" : .null
                o["visible"] = .bool(w.isVisible)
            } else {
                o["display"] = .null; o["visible"] = false; o["fullscreen"] = false
            }
            o["size"] = ["width": .number(root.bounds.width), "height": .number(root.bounds.height)]
            o["controls"] = .array(root.controlTree().map { c in
                var n: [String: JSONValue] = ["id": .string(c.id), "role": .string(c.role), "label": .string(c.label), "frame": c.frame.json]
                if let v = c.value { n["value"] = .string(v) }
                return .object(n)
            })
            return .object(o)
        }
        let popovers: [JSONValue] = p.presenter.popovers.map { pop in
            ["window": "presenter", "source": .string(pop.source), "frame": pop.frame.json,
             "arrowDirection": pop.arrowDirection.map { .string($0.rawValue) } ?? .null, "anchor": pop.anchor.json]
        }
        return [
            "driver": .string(SDLVideo.currentDriver),
            "displays": .array(app.displays.map(\.json)),
            "roles": rolesJSON(app.displayController.policy, refused: app.displayController.refusedByWindowManager),
            "windows": .array([windowJSON("presenter", app.presenterWindow, p.presenter),
                               windowJSON("audience", app.audienceWindow, p.audience)]),
            "sdlWindowCount": .number(Double(sdlWindowCount())),
            "spareAudienceWindow": .bool(app.displayController.spareWindow != nil),
            "residentKB": residentKB().map { .number(Double($0)) } ?? .null,
            // What an idle talk does each second (issue 19): places built for the journal, and
            // the displays looked at without a cue (`DisplayController.periodicChecks`), and
            // the main loop's turns (each wake-up: a timer, an event).
            "placeRecordsBuilt": .number(Double(app.placeRecordsBuilt)),
            "loopTurns": .number(Double(app.loopTurns)),
            "periodicDisplayChecks": .number(Double(app.displayController.periodicChecks)),
            "scene": ["index": .number(Double(p.currentIndex)), "kind": .string(p.deck.scenes[p.currentIndex].kind),
                      "title": .string(p.title(at: p.currentIndex)), "count": .number(Double(p.sceneCount))],
            "slide": slideJSON(p),
            "audienceMode": .string(p.audienceMode.rawValue),
            "frozen": .bool(p.isFrozen),
            "held": .bool(p.isRoomHeld),
            // The scene the room's frozen frame shows (a look-up holds the room there), else null.
            "frozenScene": p.frozenScene.map { .number(Double($0)) } ?? .null,
            "timers": timersJSON(p),
            "overview": ["open": .bool(p.isOverviewOpen), "selected": .number(Double(p.console.overview.selected))],
            "help": .bool(p.isHelpOpen),
            // Whether no one sees the console (mirrored, lid closed, or `withheld`: a window
            // manager kept putting it on the room's display), and the notice it shows, if any.
            "console": ["hidden": .bool(p.consoleHidden), "withheld": .bool(app.displayController.presenterWithheld),
                        "notice": p.notice.map { .string($0.text) } ?? .null,
                        // What the banner shows now: a question, the go-to-slide prompt or its
                        // refusal, the typing hint, else the notice (trial 25 m2: only `notice` was said).
                        "banner": p.console.banner.text.map { .string($0) } ?? .null],
            // The question in the presenter's banner; `holdsTalk`: requests that move the talk are refused.
            "question": p.question.map { ["text": .string($0), "holdsTalk": .bool(p.talkHold != nil)] } ?? .null,
            // The "go to slide" prompt's digits while open (presenter only), else null.
            "pageJump": p.pageJumpDigits.map { .string($0) } ?? .null,
            "notesSize": .number(p.console.notes.fontSize),
            "pointer": p.pointerPosition.map { ["x": .number($0.x), "y": .number($0.y)] } ?? .null,
            "popovers": .array(popovers),
            "deck": ["title": .string(p.deck.title), "path": .string(p.deck.path)],
            "remote": app.remote?.stateJSON ?? .null,
            "broker": app.broker?.stateJSON ?? .null,
        ]
    }

    /// Where the talk is in slides (0-based; overlays of one slide share a PDF page label) and
    /// the console's position text.
    static func slideJSON(_ p: Presentation) -> JSONValue { p.slides.stateJSON(of: p.currentIndex) }

    /// The console timers in seconds; `remaining`, `pace` and `scenePlanned` are null without a plan.
    static func timersJSON(_ p: Presentation) -> JSONValue {
        let r = p.timerReadout
        return [
            "elapsed": .number(r.elapsed.rounded(.down)), "running": .bool(r.running), "paused": .bool(r.paused),
            // As the console shows them: elapsed rounded down, remaining up (they add up to the plan).
            "remaining": r.remaining.map { .number($0.rounded(.up)) } ?? .null, "pace": r.pace.map { .string($0.rawValue) } ?? .null,
            "sceneElapsed": .number(r.sceneElapsed.rounded(.down)), "scenePlanned": r.scenePlanned.map { .number($0) } ?? .null,
            "clock": .string(r.clock), "shown": .string(p.console.timerLabel.text),
            "countdownPhase": r.countdownPhase.map { .string($0) } ?? .null, "endScene": .number(Double(p.endScene)),
            "untilStart": r.untilStart.map { .number($0.rounded(.up)) } ?? .null,
        ]
    }

    /// Where each view is and what the user chose: `audiencePlacement` is display, preview or window.
    /// `refused`: the display the window manager kept the audience window off (it is in the preview).
    static func rolesJSON(_ policy: DisplayPolicy, refused: DisplayIdentity?) -> JSONValue {
        var a = policy.assignment
        if let d = a.audienceDisplay, d.identity == refused { a.audience = .preview }
        func id(_ i: DisplayIdentity?) -> JSONValue {
            i.map { ["name": .string($0.name), "width": .number(Double($0.nativeWidth)), "height": .number(Double($0.nativeHeight))] } ?? .null
        }
        let placement: String
        switch a.audience { case .display: placement = "display"; case .preview: placement = "preview"; case .window: placement = "window"; case .mirror: placement = "mirror" }
        return [
            "presenter": a.presenter.map { .number(Double($0.index)) } ?? .null,
            "audience": a.audienceDisplay.map { .number(Double($0.index)) } ?? .null,
            "presenterDisplay": a.presenter.map { .string($0.name) } ?? .null,
            "audienceDisplay": a.audienceDisplay.map { .string($0.name) } ?? .null,
            "audiencePlacement": .string(placement),
            "savedAudience": id(policy.savedAudience), "savedPresenter": id(policy.savedPresenter),
            "lostAudience": id(policy.lostAudience), "refusedByWindowManager": id(refused),
        ]
    }

    /// SDL windows alive in this process (IDs are never reused, so probing a range is exact).
    static func sdlWindowCount() -> Int { SDLVideo.windowCount() }

    /// Resident memory from /proc/self/statm (pages × page size), in KiB.
    static func residentKB() -> Int? {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let f = s.split(separator: " ")
        guard f.count > 1, let pages = Int(f[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}
