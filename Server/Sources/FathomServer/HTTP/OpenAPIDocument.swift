import Foundation

/// The hand-written OpenAPI 3.1 description of every route (`Resources/openapi.json`), served at `/openapi.json`.
public enum OpenAPIDocument {
    /// The document's bytes.
    public static let data: Data = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { preconditionFailure("openapi.json is missing from the FathomServer bundle") }
        return data
    }()
}
