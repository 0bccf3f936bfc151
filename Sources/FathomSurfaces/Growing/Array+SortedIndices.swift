extension Array where Element == Int {
    /// Whether the elements are in ascending order.
    /// - Complexity: O(count).
    var isAscending: Bool {
        zip(self, dropFirst()).allSatisfy { $0 < $1 }
    }

    /// Whether the ascending array holds `value` (binary search).
    /// - Complexity: O(log count).
    func containsSorted(_ value: Int) -> Bool {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo < count && self[lo] == value
    }
}
