extension SIMD2 where Scalar == Float {
    /// The Euclidean length of a floor-plan vector.
    var lengthXZ: Float { (x * x + y * y).squareRoot() }
}
