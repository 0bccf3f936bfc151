import FathomCore

/// Decodes the body of a PLY file after its header.
struct PLYBodyDecoder {
    /// Where a vertex property's value goes.
    enum Slot: Int {
        case x, y, z, nx, ny, nz, red, green, blue, confidence, identifierLow, identifierHigh, identifier
        static let count = 13
    }

    let header: PLYHeader
    var scanner: TextScanner
    let file: String
    var warnings: [String] = []

    // Vertex plan: the slot of each vertex property (nil = skip), and which attributes are present.
    var slots: [Slot?] = []
    var hasColors = false, colorsAreUnit = false, hasNormals = false, hasConfidences = false
    var identifierMode = 0  // 0 none, 1 lo/hi pair, 2 single property

    init(header: PLYHeader, scanner: TextScanner, file: String) {
        self.header = header
        self.scanner = scanner
        self.file = file
    }

    func error(_ location: FileLocation, _ p: PointCloudFileError.Problem) -> PointCloudFileError {
        PointCloudFileError(file: file, location: location, problem: p)
    }

    mutating func decode() throws -> PointCloudReadResult {
        guard let vertexIndex = header.elements.firstIndex(where: { $0.name == "vertex" }) else {
            throw error(.line(header.bodyLine - 1), .missingVertexElement)
        }
        try planVertex(header.elements[vertexIndex])
        var cloud = PointCloud()
        var offset = header.bodyOffset
        for (i, element) in header.elements.enumerated() {
            let decodeInto = i == vertexIndex
            switch header.format {
            case .ascii:
                try readASCII(element, decodes: decodeInto, into: &cloud)
            case .binaryLittleEndian, .binaryBigEndian:
                try readBinary(element, offset: &offset, bigEndian: header.format == .binaryBigEndian,
                               decodes: decodeInto, into: &cloud)
            }
        }
        if header.format != .ascii && offset < scanner.count {
            warnings.append("\(file): \(scanner.count - offset) bytes after the last element were ignored")
        }
        if header.format == .ascii {
            var extra = 0, first = 0
            while let line = scanner.nextLine() {
                guard !scanner.isBlank(line.start, line.end) else { continue }
                if extra == 0 { first = line.number }
                extra += 1
            }
            if extra > 0 { warnings.append("\(file): line \(first): \(extra) lines after the last element were ignored") }
        }
        return PointCloudReadResult(cloud: cloud, format: .ply, plyFormat: header.format, warnings: warnings)
    }

    /// Maps the vertex properties to slots and checks that x, y and z are there.
    mutating func planVertex(_ vertex: PLYHeader.Element) throws {
        var found: [Slot: PLYScalarType] = [:]
        slots = vertex.properties.map { p in
            guard case let .scalar(type) = p.kind else { return nil }
            let slot: Slot? = switch p.name {
            case "x": .x
            case "y": .y
            case "z": .z
            case "nx": .nx
            case "ny": .ny
            case "nz": .nz
            case "red", "diffuse_red": .red
            case "green", "diffuse_green": .green
            case "blue", "diffuse_blue": .blue
            case "confidence": .confidence
            case "identifier_lo": .identifierLow
            case "identifier_hi": .identifierHigh
            case "identifier": type.isInteger ? .identifier : nil
            default: nil
            }
            guard let slot, found[slot] == nil else { return nil }
            found[slot] = type
            return slot
        }
        let missing = [("x", Slot.x), ("y", .y), ("z", .z)].filter { found[$0.1] == nil }.map(\.0)
        guard missing.isEmpty else { throw error(.line(vertex.line), .missingCoordinates(missing)) }
        func drop(_ group: [Slot], _ what: String) {
            let present = group.filter { found[$0] != nil }
            guard !present.isEmpty && present.count < group.count else { return }
            warnings.append("\(file): line \(vertex.line): incomplete \(what) ignored")
            for (k, s) in slots.enumerated() where s.map(group.contains) == true { slots[k] = nil }
            for s in group { found[s] = nil }
        }
        drop([.nx, .ny, .nz], "normals (need nx, ny, nz)")
        drop([.red, .green, .blue], "colours (need red, green, blue)")
        if found[.identifier] != nil {
            // A single identifier wins over a lo/hi pair.
            for (k, s) in slots.enumerated() where s == .identifierLow || s == .identifierHigh { slots[k] = nil }
            found[.identifierLow] = nil
            found[.identifierHigh] = nil
        } else {
            drop([.identifierLow, .identifierHigh], "identifier (need identifier_lo and identifier_hi)")
        }
        hasNormals = found[.nx] != nil
        hasColors = found[.red] != nil
        colorsAreUnit = hasColors && !(found[.red]!.isInteger)
        hasConfidences = found[.confidence] != nil
        identifierMode = found[.identifier] != nil ? 2 : (found[.identifierLow] != nil ? 1 : 0)
    }

    /// Appends the vertex whose slot values are in `v` to `cloud`.
    @inline(__always)
    func append(_ v: UnsafeMutablePointer<Double>, to cloud: inout PointCloud) {
        cloud.positions.append(SIMD3(Float(v[0]), Float(v[1]), Float(v[2])))
        if hasNormals { cloud.normals.append(SIMD3(Float(v[3]), Float(v[4]), Float(v[5]))) }
        if hasColors {
            cloud.colors.append(RGB8(r: Self.colorByte(v[6], unit: colorsAreUnit), g: Self.colorByte(v[7], unit: colorsAreUnit),
                                     b: Self.colorByte(v[8], unit: colorsAreUnit)))
        }
        if hasConfidences { cloud.confidences.append(Self.colorByte(v[9], unit: false)) }
        switch identifierMode {
        case 1: cloud.identifiers.append(Self.identifier(low: v[10], high: v[11]))
        case 2: cloud.identifiers.append(Self.identifier(v[12]))
        default: break
        }
    }

    /// A byte from an integer-typed value (clamped to 0…255) or, when `unit`, a 0…1 value (scaled).
    @inline(__always)
    static func colorByte(_ x: Double, unit: Bool) -> UInt8 {
        let s = unit ? x * 255 : x
        // Clamp, then round half up by truncation (no libm call on the hot path).
        return s.isNaN ? 0 : UInt8(max(0, min(255, s)) + 0.5)
    }

    /// The identifier from its low and high 32-bit halves (each clamped to 0…2³²−1).
    @inline(__always)
    static func identifier(low: Double, high: Double) -> UInt64 {
        @inline(__always) func u32(_ x: Double) -> UInt64 { x.isNaN ? 0 : UInt64(max(0, min(4_294_967_295, x))) }
        return u32(low) | (u32(high) << 32)
    }

    /// The identifier from a single integer property (negative values clamp to 0).
    @inline(__always)
    static func identifier(_ x: Double) -> UInt64 { x.isNaN ? 0 : UInt64(max(0, min(1.8e19, x))) }

    /// Reserves room for `count` items, never more than the bytes can hold.
    func reserve(_ cloud: inout PointCloud, count: Int) {
        cloud.positions.reserveCapacity(count)
        if hasNormals { cloud.normals.reserveCapacity(count) }
        if hasColors { cloud.colors.reserveCapacity(count) }
        if hasConfidences { cloud.confidences.reserveCapacity(count) }
        if identifierMode != 0 { cloud.identifiers.reserveCapacity(count) }
    }

    // MARK: Binary

    @inline(__always)
    static func load(_ p: UnsafePointer<UInt8>, _ type: PLYScalarType, bigEndian: Bool) -> Double {
        let raw = UnsafeRawPointer(p)
        switch type {
        case .char: return Double(Int8(bitPattern: p.pointee))
        case .uchar: return Double(p.pointee)
        case .short, .ushort:
            let b = raw.loadUnaligned(as: UInt16.self)
            let v = bigEndian ? UInt16(bigEndian: b) : UInt16(littleEndian: b)
            return type == .short ? Double(Int16(bitPattern: v)) : Double(v)
        case .int, .uint, .float:
            let b = raw.loadUnaligned(as: UInt32.self)
            let v = bigEndian ? UInt32(bigEndian: b) : UInt32(littleEndian: b)
            switch type {
            case .int: return Double(Int32(bitPattern: v))
            case .uint: return Double(v)
            default: return Double(Float(bitPattern: v))
            }
        case .double:
            let b = raw.loadUnaligned(as: UInt64.self)
            return Double(bitPattern: bigEndian ? UInt64(bigEndian: b) : UInt64(littleEndian: b))
        }
    }

    mutating func readBinary(_ element: PLYHeader.Element, offset: inout Int, bigEndian: Bool,
                             decodes: Bool, into cloud: inout PointCloud) throws {
        guard element.count > 0, !element.properties.isEmpty else { return }
        let available = scanner.count - offset
        let minimum = element.minimumBinarySize
        let (needed, overflow) = element.count.multipliedReportingOverflow(by: minimum)
        guard !overflow && needed <= available else {
            throw error(.byteOffset(offset), .truncatedBinary(
                element: element.name, expectedCount: element.count,
                bytesNeeded: overflow ? Int.max : needed, bytesAvailable: available))
        }
        let base = scanner.base
        if element.isFixedSize {
            guard decodes else {
                offset += needed
                return
            }
            // Fast path: every vertex has the same layout, so each attribute is one pass over the records.
            var layout = [(offset: Int, type: PLYScalarType)?](repeating: nil, count: Slot.count)
            var o = 0
            for (p, slot) in zip(element.properties, slots) {
                guard case let .scalar(t) = p.kind else { continue }
                if let slot { layout[slot.rawValue] = (o, t) }
                o += t.byteCount
            }
            let records = base + offset, n = element.count
            @inline(__always) func value(_ i: Int, _ field: (offset: Int, type: PLYScalarType)) -> Double {
                Self.load(records + i * minimum + field.offset, field.type, bigEndian: bigEndian)
            }
            @inline(__always) func vectors(_ a: Slot, _ b: Slot, _ c: Slot) -> [SIMD3<Float>] {
                let fx = layout[a.rawValue]!, fy = layout[b.rawValue]!, fz = layout[c.rawValue]!
                return (0..<n).map { i in SIMD3(Float(value(i, fx)), Float(value(i, fy)), Float(value(i, fz))) }
            }
            cloud.positions = vectors(.x, .y, .z)
            if hasNormals { cloud.normals = vectors(.nx, .ny, .nz) }
            if hasColors {
                let fr = layout[Slot.red.rawValue]!, fg = layout[Slot.green.rawValue]!
                let fb = layout[Slot.blue.rawValue]!, unit = colorsAreUnit
                cloud.colors = (0..<n).map { i in
                    RGB8(r: Self.colorByte(value(i, fr), unit: unit), g: Self.colorByte(value(i, fg), unit: unit),
                         b: Self.colorByte(value(i, fb), unit: unit))
                }
            }
            if hasConfidences {
                let f = layout[Slot.confidence.rawValue]!
                cloud.confidences = (0..<n).map { i in Self.colorByte(value(i, f), unit: false) }
            }
            if identifierMode == 1 {
                let lo = layout[Slot.identifierLow.rawValue]!, hi = layout[Slot.identifierHigh.rawValue]!
                cloud.identifiers = (0..<n).map { i in Self.identifier(low: value(i, lo), high: value(i, hi)) }
            } else if identifierMode == 2 {
                let f = layout[Slot.identifier.rawValue]!
                cloud.identifiers = (0..<n).map { i in Self.identifier(value(i, f)) }
            }
            offset += needed
            return
        }
        // General path: lists make items variable in size; check bounds value by value.
        if decodes { reserve(&cloud, count: min(element.count, available / max(1, minimum))) }
        let plan = steps(element, decodes: decodes)
        let values = UnsafeMutablePointer<Double>.allocate(capacity: Slot.count)
        defer { values.deallocate() }
        values.initialize(repeating: 0, count: Slot.count)
        var o = offset
        for item in 0..<element.count {
            for step in plan {
                guard o + step.type.byteCount <= scanner.count else {
                    throw truncated(element, item: item, at: o, start: offset, pending: step.type.byteCount)
                }
                let v = Self.load(base + o, step.type, bigEndian: bigEndian)
                o += step.type.byteCount
                if let itemType = step.itemType {
                    guard v >= 0 else {
                        throw error(.byteOffset(o - step.type.byteCount),
                                    .valueOutOfRange(token: String(Int(v)), type: "list length"))
                    }
                    let length = Int(v) * itemType.byteCount
                    guard length <= scanner.count - o else {
                        throw truncated(element, item: item, at: o, start: offset, pending: length)
                    }
                    o += length
                } else if step.slot >= 0 {
                    values[step.slot] = v
                }
            }
            if decodes { append(values, to: &cloud) }
        }
        offset = o
    }

    /// Binary data ran out at byte `o`, `pending` bytes short of the next value (or list), while
    /// reading item `item` of an element that starts at byte `start`. The bytes needed are a lower
    /// bound: what was read, the pending value, and the minimum size of each later item.
    func truncated(_ element: PLYHeader.Element, item: Int, at o: Int, start: Int, pending: Int) -> PointCloudFileError {
        let rest = (element.count - item - 1).multipliedReportingOverflow(by: element.minimumBinarySize)
        let (needed, overflow) = (o - start + pending).addingReportingOverflow(rest.partialValue)
        return error(.byteOffset(o), .truncatedBinary(
            element: element.name, expectedCount: element.count,
            bytesNeeded: rest.overflow || overflow ? Int.max : needed, bytesAvailable: scanner.count - start))
    }

    // MARK: ASCII

    /// One property of an element, without references (no ARC traffic in the per-value loop).
    struct Step {
        var type: PLYScalarType
        /// The item type of a list (`type` is then its count type).
        var itemType: PLYScalarType?
        /// The vertex slot, or -1 to skip.
        var slot: Int
    }

    func steps(_ element: PLYHeader.Element, decodes: Bool) -> [Step] {
        element.properties.enumerated().map { k, p in
            switch p.kind {
            case let .scalar(t): Step(type: t, itemType: nil, slot: decodes ? (slots[k]?.rawValue ?? -1) : -1)
            case let .list(c, i): Step(type: c, itemType: i, slot: -1)
            }
        }
    }

    mutating func readASCII(_ element: PLYHeader.Element, decodes: Bool, into cloud: inout PointCloud) throws {
        guard element.count > 0, !element.properties.isEmpty else { return }
        // Each item takes a line, so the loop ends by the end of the file however large the count; an
        // item takes at least two bytes per value, which bounds the memory reserved up front.
        if decodes { reserve(&cloud, count: min(element.count, scanner.remainingBytes / (2 * element.properties.count) + 1)) }
        let plan = steps(element, decodes: decodes)
        let values = UnsafeMutablePointer<Double>.allocate(capacity: Slot.count)
        defer { values.deallocate() }
        values.initialize(repeating: 0, count: Slot.count)
        var sc = scanner
        defer { scanner = sc }
        var read = 0
        while read < element.count {
            guard let line = sc.nextLine() else {
                throw error(.line(sc.lineNumber), .truncatedText(
                    element: element.name, expectedCount: element.count, readCount: read))
            }
            if sc.isBlank(line.start, line.end) { continue }
            var cursor = line.start
            var consumed = 0
            for k in 0..<plan.count {
                let step = plan[k]
                let remaining = plan.count - k
                let v = try Self.value(sc, &cursor, line, step.type, consumed: &consumed, remaining: remaining, file: file)
                if let item = step.itemType {
                    guard v >= 0 else {
                        throw error(.line(line.number), .valueOutOfRange(token: String(Int(v)), type: "list length"))
                    }
                    for j in 0..<Int(v) {
                        _ = try Self.value(sc, &cursor, line, item, consumed: &consumed,
                                           remaining: Int(v) - j + remaining - 1, file: file)
                    }
                } else if step.slot >= 0 {
                    values[step.slot] = v
                }
            }
            if decodes { append(values, to: &cloud) }
            read += 1
        }
    }

    /// The next value on an ascii line, checked against its type.
    @inline(__always)
    static func value(_ sc: TextScanner, _ cursor: inout Int, _ line: TextScanner.Line, _ type: PLYScalarType,
                      consumed: inout Int, remaining: Int, file: String) throws -> Double {
        guard let r = sc.nextToken(&cursor, end: line.end) else {
            throw PointCloudFileError(file: file, location: .line(line.number), problem: .tooFewValues(
                expected: consumed + remaining, found: sc.tokenCount(line.start, line.end)))
        }
        consumed += 1
        guard let v = sc.number(r) else {
            throw PointCloudFileError(file: file, location: .line(line.number), problem: .nonNumericToken(sc.text(r)))
        }
        // Range first, so the integer conversion below cannot trap (NaN fails the range test).
        if type.isInteger && (!type.range.contains(v) || Double(Int64(v)) != v) {
            throw PointCloudFileError(file: file, location: .line(line.number),
                                      problem: .valueOutOfRange(token: sc.text(r), type: type.rawValue))
        }
        return v
    }
}
