import FoundationEssentials
import PodiumKit
#if canImport(Glibc)
import Glibc
#endif

/// Whether a plugin's files may be trusted with running code in this process, the way ssh treats
/// `~/.ssh` and sudo its plugins: every file and folder must be owned by the user running podium
/// or by root, and not writable by group or others (the owner's private group excepted).
/// Otherwise someone else could replace the library (or one of its folders) and run code
/// inside the talk.
///
/// The folders above a plugin are checked up to `/`: a world-writable folder with the sticky bit
/// (such as `/tmp`) is accepted, as others cannot rename or remove what is in it.
public enum PluginTrust {
    /// Why `path` is not trusted, or nil. `path` is resolved (symlinks followed) first; the
    /// resolved file and every folder above it are checked.
    public static func refusal(_ path: String, uid: uid_t = getuid()) -> String? {
        guard let real = realpath(path, nil) else { return "cannot resolve \(path): \(String(cString: strerror(errno)))" }
        let resolved = String(cString: real); free(real)
        var st = stat()
        guard stat(resolved, &st) == 0 else { return "cannot stat \(resolved): \(String(cString: strerror(errno)))" }
        if let why = problem(st, resolved, uid: uid, isAncestor: false) { return why }
        var dir = resolved.pathDeletingLastComponent
        while !dir.isEmpty {
            var ds = stat()
            guard stat(dir, &ds) == 0 else { return "cannot stat \(dir): \(String(cString: strerror(errno)))" }
            if let why = problem(ds, dir, uid: uid, isAncestor: true) { return why }
            if dir == "/" { break }
            dir = dir.pathDeletingLastComponent
        }
        return nil
    }

    private static func problem(_ st: stat, _ path: String, uid: uid_t, isAncestor: Bool) -> String? {
        if st.st_uid != uid && st.st_uid != 0 {
            let owner = getpwuid(st.st_uid).map { String(cString: $0.pointee.pw_name) } ?? "uid \(st.st_uid)"
            return "\(path) is owned by \(owner), not by you or root"
        }
        let mode = st.st_mode & 0o7777
        let sticky = mode & mode_t(S_ISVTX) != 0 && (st.st_mode & S_IFMT) == S_IFDIR
        // Group-writable is fine when the group is the owner's private group (Debian's and
        // Ubuntu's user groups, umask 002), as Debian's ssh allows too.
        let writable = mode & 0o002 != 0 || (mode & 0o020 != 0 && !isPrivateGroup(st.st_gid, of: st.st_uid))
        if writable && !(isAncestor && sticky && st.st_uid == 0) {
            let who = mode & 0o002 != 0 ? "others" : "the group"
            return "\(path) is writable by \(who) (mode \(String(mode, radix: 8))): make it writable only by you (chmod go-w)"
        }
        return nil
    }

    /// True when group `gid` is `uid`'s own: named as the user, and with no other members.
    private static func isPrivateGroup(_ gid: gid_t, of uid: uid_t) -> Bool {
        guard let pw = getpwuid(uid), pw.pointee.pw_gid == gid, let gr = getgrgid(gid) else { return false }
        guard String(cString: gr.pointee.gr_name) == String(cString: pw.pointee.pw_name) else { return false }
        var members = gr.pointee.gr_mem
        while let m = members?.pointee {
            if String(cString: m) != String(cString: pw.pointee.pw_name) { return false }
            members = members?.advanced(by: 1)
        }
        return true
    }
}
