/// An invalid sensor configuration.
public enum SensorConfigurationError: Error, Equatable, CustomStringConvertible {
    /// A field has an invalid value.
    case invalid(field: String, value: String)

    public var description: String {
        switch self {
        case .invalid(let field, let value): "sensor configuration: \(field) = \(value) is invalid"
        }
    }
}
