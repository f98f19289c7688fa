import Foundation

/// Runs `executable ARGS` to completion as the unprivileged user `nobody` (group `nogroup`, no
/// supplementary groups) through util-linux's `setpriv`, with HOME and the XDG_* directories
/// inside `home` (created here, owned by nobody), so tests of permissions still mean something
/// when the suite runs as root, as CI does. Needs root; nobody must be able to reach the
/// executable and what it is given.
public func runAsNobody(_ executable: String, _ args: [String], home: URL, environment: [String: String] = [:]) throws -> ProcessResult {
    let homeEnv = TestPaths.privateHome(in: home)
    let uid = getpwnam("nobody")?.pointee.pw_uid ?? 65534, gid = getgrnam("nogroup")?.pointee.gr_gid ?? 65534
    for dir in [home.path] + homeEnv.values.sorted() { chown(dir, uid, gid) }
    let env = homeEnv.merging(environment) { $1 }
    return try runProcess("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "env"]
                          + env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [executable] + args)
}

/// `podium ARGS` as nobody (see `runAsNobody`).
public func runPodiumAsNobody(_ args: [String], home: URL) throws -> ProcessResult {
    try runAsNobody(TestPaths.podium, args, home: home)
}

/// Why a test that runs podium as nobody cannot run here (not root; the checkout or the binary
/// not reachable by nobody), or nil when it can.
public func nobodyCannotRunPodium(home: URL) -> String? {
    guard getuid() == 0 else { return "needs root to switch to nobody" }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return "setpriv (util-linux) is missing" }
    guard let probe = try? runPodiumAsNobody(["--version"], home: home) else { return "setpriv did not start" }
    return probe.status == 0 ? nil : "nobody cannot run \(TestPaths.podium): \(probe.stderr)"
}
