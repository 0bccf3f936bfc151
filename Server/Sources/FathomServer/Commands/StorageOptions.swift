import ArgumentParser
import Foundation

/// `--data DIR` and `--database URL`, shared by every command.
public struct StorageOptions: ParsableArguments {
    /// The data directory.
    @Option(help: "Data directory: SQLite database (without --database) and blobs (shared by every process).")
    public var data: String = "data"

    /// The PostgreSQL URL.
    @Option(help: "PostgreSQL URL (postgres://user:password@host:port/db); SQLite in --data when absent.")
    public var database: String?

    /// Creates the options with their defaults.
    public init() {}
}
