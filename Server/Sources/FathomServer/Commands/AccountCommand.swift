import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle

/// `fathom-server account create`: adds an account and prints its API key (shown once; only its hash is kept).
public struct AccountCommand: AsyncParsableCommand {
    /// The command's name and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Manage accounts.", subcommands: [Create.self])

    /// Creates the command.
    public init() {}

    /// `account create [--webhook URL]`.
    public struct Create: AsyncParsableCommand {
        /// The command's name and abstract.
        public static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Create an account and print its API key and webhook secret.")

        /// Storage.
        @OptionGroup public var storage: StorageOptions
        /// The webhook URL.
        @Option(help: "Webhook URL for job state changes.") public var webhook: String?
        /// JSON output.
        @Flag(help: "Print {\"account\", \"apiKey\", \"webhookSecret\"} as JSON.") public var json = false

        /// Creates the command with defaults.
        public init() {}

        public func run() async throws {
            var configuration = ServerConfiguration(
                dataDirectory: URL(fileURLWithPath: storage.data), databaseURL: storage.database)
            configuration.logLevel = .warning
            let logger = { var l = Logger(label: "fathom-server"); l.logLevel = .warning; return l }()
            let opened = try ServerStorage.open(configuration, logger: logger)
            let webhook = self.webhook
            let created = try await withThrowingTaskGroup(of: AccountCredentials?.self) { group in
                for service in opened.services { group.addTask { try await service.run(); return nil } }
                group.addTask {
                    try await Migration.run(opened.store, logger: logger)
                    return try await AccountCredentials.create(in: opened.store, webhookURL: webhook)
                }
                while let result = try await group.next() {
                    if let result {
                        group.cancelAll()
                        return result
                    }
                }
                throw ValidationError("the account could not be created")
            }
            if json {
                print(#"{"account":"\#(created.accountID)","apiKey":"\#(created.apiKey)","webhookSecret":"\#(created.webhookSecret)"}"#)
            } else {
                print("account: \(created.accountID)")
                print("API key: \(created.apiKey)")
                print("webhook secret: \(created.webhookSecret)")
                print("(the key is shown once; the server keeps only its SHA-256)")
            }
        }
    }
}
