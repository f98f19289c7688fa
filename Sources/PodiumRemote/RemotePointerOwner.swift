import PodiumCore
import PodiumKit

/// Which phone's drag shows the room's pointer dot, so the dot goes with that phone: when its
/// WebSocket closes (the page left, the phone locked) and when the phone stops refreshing it
/// (out of Wi-Fi, where the socket stays half open for minutes). The page sends its pointer
/// again every second while a finger rests on the slide (`remote.js`), so a held dot stays.
@MainActor
struct RemotePointerOwner {
    /// A phone's dot not refreshed for this long (seconds) goes.
    static let staleSeconds = 3.0
    private var conn: UInt64?
    /// Where that phone put the dot (audience points): moved since by the speaker's Ctrl + mouse,
    /// the dot is no longer the phone's.
    private var at: Point?
    private var expiry: TimerToken?

    /// Records a pointer request from `conn` after `p` handled it.
    mutating func moved(by conn: UInt64, in p: Presentation) {
        expiry?.cancel(); expiry = nil
        guard let shown = p.pointerPosition else { self.conn = nil; at = nil; return }
        self.conn = conn; at = shown
        expiry = p.timers.schedule(now: p.clock(), after: Self.staleSeconds, repeats: false) { [weak p] in
            guard let p, p.pointerPosition == shown else { return }
            p.log("remote: a phone's pointer was not refreshed for \(Int(Self.staleSeconds)) s: the dot goes")
            p.movePointer(toAudienceFraction: nil)
        }
    }

    /// `conn` went away: its dot goes (returns true when one went).
    mutating func left(_ conn: UInt64, in p: Presentation) -> Bool {
        guard conn == self.conn else { return false }
        expiry?.cancel(); expiry = nil
        self.conn = nil
        defer { at = nil }
        guard let at, p.pointerPosition == at else { return false }
        p.movePointer(toAudienceFraction: nil)
        return true
    }
}
