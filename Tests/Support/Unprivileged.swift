import Foundation

/// Runs `podium ARGS` as the unprivileged user `nobody` (group `nogroup`, no supplementary
/// groups) through util-linux's `setpriv`, with HOME and the XDG_* directories inside `home`
/// (created here, writable by nobody), so tests of file permissions still mean something when
/// the suite runs as root, as CI does. Needs root; nobody must be able to reach the binary.
public func runPodiumAsNobody(_ args: [String], home: URL) throws -> ProcessResult {
    let env = TestPaths.privateHome(in: home)
    for dir in [home.path] + env.values.sorted() { chown(dir, 65534, 65534) }
    return try runProcess("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "env"]
                          + env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [TestPaths.podium] + args)
}

/// Why a test that runs podium as nobody cannot run here (not root; the checkout or the binary
/// not reachable by nobody), or nil when it can.
public func nobodyCannotRunPodium(home: URL) -> String? {
    guard getuid() == 0 else { return "needs root to switch to nobody" }
    guard let probe = try? runPodiumAsNobody(["--version"], home: home) else { return "setpriv did not start" }
    return probe.status == 0 ? nil : "nobody cannot run \(TestPaths.podium): \(probe.stderr)"
}
