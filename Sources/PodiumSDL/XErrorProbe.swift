import CSDL2
import CX11Present
import FoundationEssentials
import Glibc
import PodiumKit

/// Test hook, off unless `PODIUM_TEST_X_BAD_WINDOW=1` (x11 driver only): at every display change
/// (a hot-plug) the process sends an event to a window it has just destroyed, on SDL's own X
/// connection, as SDL did when a hot-plug destroyed the window it woke (BadWindow on
/// X_SendEvent). Xlib's default handler ended the talk there; `podium_x11_survive_errors` logs
/// it instead. The Xorg rig's test proves the talk goes on (XErrorSurvivalTests).
enum XErrorProbe {
    static let enabled = ProcessInfo.processInfo.environment["PODIUM_TEST_X_BAD_WINDOW"] == "1"

    /// Sends the request on the first SDL window found; logs which window id it used.
    static func fire() {
        guard enabled, SDLVideo.currentDriver == "x11" else { return }
        guard let w = (UInt32(1)...256).lazy.compactMap({ SDL_GetWindowFromID($0) }).first else { return }
        let id = podium_x11_send_to_destroyed_window(UnsafeMutableRawPointer(w))
        SafeText.log("test hook: sent an event to destroyed window 0x\(String(id, radix: 16))")
    }
}
