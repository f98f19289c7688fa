import Foundation

/// Polls `condition` every 50 ms until it holds (true) or `seconds` pass (false): the tests'
/// wait for something a child process or a display server does in its own time, with bounds
/// generous enough for a loaded 2-core machine (never a timing assertion).
public func waitUntil(_ seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while try !condition() {
        if Date() > deadline { return false }
        usleep(50_000)
    }
    return true
}
