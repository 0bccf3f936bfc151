/// Why a depth map could not be enlarged.
public enum GuidedUpsamplingError: Error, Equatable, CustomStringConvertible {
    /// The requested output size is not positive.
    case invalidOutputSize(width: Int, height: Int)
    /// The depth map or guide image is empty.
    case emptyInput

    public var description: String {
        switch self {
        case let .invalidOutputSize(w, h): "output size \(w)×\(h) is not positive"
        case .emptyInput: "depth map or guide image is empty"
        }
    }
}
