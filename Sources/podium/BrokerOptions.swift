import FoundationEssentials
import Glibc
import PodiumBroker
import PodiumCore
import PodiumKit

/// The broker options shared by `present --broker` and `podium follow`. Credentials can stay off
/// the command line (where `ps` shows them): the user name from the URL or $PODIUM_BROKER_USER,
/// the password from the URL, `--broker-password-file FILE` (its first line) or
/// $PODIUM_BROKER_PASSWORD; `--broker-ca FILE` holds the CA certificates for mqtts://.
enum BrokerOptions {
    static let names = ["--broker-ca", "--broker-password-file"]

    /// `present`'s `--broker` URL (nil without one); the other broker options need it.
    static func presentURL(_ options: CommandLineInterface.Options) throws -> BrokerURL? {
        guard let spec = options.values["--broker"] else {
            if let o = names.first(where: { options.values[$0] != nil }) { throw CommandLineInterface.UsageError(description: "\(o) applies with --broker mqtt[s]://…") }
            return nil
        }
        return try url(spec, options: options)
    }

    /// The URL with credentials filled in. Usage errors name the option and never the password.
    static func url(_ spec: String, options: CommandLineInterface.Options) throws -> BrokerURL {
        var url: BrokerURL
        do { url = try BrokerURL(parsing: spec) } catch { throw CommandLineInterface.UsageError(description: "\(error)") }
        let env = ProcessInfo.processInfo.environment
        if url.username == nil, let u = env["PODIUM_BROKER_USER"], !u.isEmpty { url.username = u }
        if url.password == nil, let file = options.values["--broker-password-file"] {
            let data: Data
            do { data = try InputFile.read(file, maxBytes: 4096) } catch { throw CommandLineInterface.UsageError(description: "--broker-password-file: \(error)") }
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard !line.isEmpty else { throw CommandLineInterface.UsageError(description: "--broker-password-file \(file): the first line (the password) is empty") }
            url.password = line
        }
        if url.password == nil, let p = env["PODIUM_BROKER_PASSWORD"], !p.isEmpty { url.password = p }
        if url.password != nil, url.username == nil {
            throw CommandLineInterface.UsageError(description: "a broker password needs a user name (mqtt://USER@HOST… or $PODIUM_BROKER_USER)")
        }
        if let ca = options.values["--broker-ca"] {
            guard url.tls else { throw CommandLineInterface.UsageError(description: "--broker-ca applies to mqtts:// URLs, not \(url)") }
            guard FileManager.default.isReadableFile(atPath: ca) else { throw CommandLineInterface.UsageError(description: "--broker-ca \(SafeText.quote(ca)): cannot read the file") }
        }
        return url
    }

    /// The files that make up what the room sees (the deck and its scenes' files; not the notes
    /// sidecar or other files its deck opener watches, which only the speaker sees): the deck
    /// identity is their hash.
    static func deckFiles(_ deck: Deck) -> [String] {
        let speakerOnly = Set(deck.watchedFiles)
        return DeckSource.files(of: deck, options: noOptions).filter { !speakerOnly.contains($0) || $0 == deck.path }
    }
    private static let noOptions = try! CommandLineInterface.Options([], flags: [], values: [])
}
