import ArgumentParser
import Fathom
import Foundation

/// `fathom thinfilm --thickness NM`: the colour a soap film reflects (two-surface interference with
/// Fresnel terms, CIE 1931 under D65, sRGB); or, with `--pane-usda`/`--pane-gltf`, one film pane exported.
public struct ThinFilmCommand: OutputtingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "thinfilm",
        abstract: "The colour a thin film reflects, or one soap-film pane exported as USDA or glTF.",
        discussion: """
            srgb is gamma-encoded sRGB (0…1 per channel) of the reflected light relative to a perfect white
            reflector under D65, multiplied by --exposure and clipped (a soap film reflects only a few percent,
            so at exposure 1 it is dark); with --normalize, the brightest channel is scaled to 1 instead.
            xyz has Y = 1 for a perfect white reflector; xy is null for a film that reflects nothing.
            """)

    @Option(help: "Film thickness, nanometres (0…10000).")
    var thickness: Double?

    @Option(help: "Viewing angle from the film normal, degrees (0…90).")
    var angle: Double = 0

    @Option(help: "The film's refractive index (≥ 1; soapy water is 1.33).")
    var index: Double = ThinFilm.soapWaterIndex

    @Option(help: "Multiplies the colour before clipping to sRGB (> 0). Default: 1 for a colour, 10 for a pane.")
    var exposure: Double?

    @Flag(help: "Scale the colour so its brightest sRGB channel is 1 (hue only) instead of using an exposure.")
    var normalize = false

    @Flag(help: "Print one JSON object: {\"xyz\": [X, Y, Z], \"xy\": [x, y], \"srgb\": [r, g, b]}.")
    var json = false

    @Option(name: .customLong("pane-usda"), help: "Export one pane, at the origin facing +z, to this .usda file.")
    var paneUSDA: String?

    @Option(name: .customLong("pane-gltf"), help: "Export one pane, at the origin facing +z, to this .gltf file.")
    var paneGLTF: String?

    @Option(help: "The pane's width, metres.")
    var width: Double = 0.4

    @Option(help: "The pane's height, metres.")
    var height: Double = 0.3

    @Option(help: "The pane's swirl seed (0…2^53).")
    var seed: UInt64 = 0

    @Option(name: .customLong("top"), help: "The pane's film thickness at the top, nanometres.")
    var topThickness: Double = 100

    @Option(name: .customLong("bottom"), help: "The pane's film thickness at the bottom, nanometres.")
    var bottomThickness: Double = 900

    @Option(help: "The pane mesh's vertices across and down, e.g. 17x13.")
    var grid: String = "17x13"

    public init() {}

    /// Whether a pane is exported (rather than one colour printed).
    var exportsPane: Bool { paneUSDA != nil || paneGLTF != nil }

    public func validate() throws {
        if exportsPane {
            guard thickness == nil else {
                throw ValidationError("--thickness is for one colour; a pane takes --top and --bottom")
            }
            guard !json else { throw ValidationError("--json prints one colour; it does not go with a pane export") }
            _ = try gridSize()
            do {
                _ = try pane()
            } catch let error as ThinFilmError {
                throw ValidationError(error.problem)
            }
        } else {
            guard let thickness else {
                throw ValidationError("--thickness NM is required (or --pane-usda / --pane-gltf)")
            }
            guard thickness.isFinite, thickness >= 0, thickness <= FilmPane.maximumThicknessNanometres else {
                throw ValidationError(
                    "--thickness must be in 0…\(Int(FilmPane.maximumThicknessNanometres)) nm (got \(thickness))")
            }
        }
        guard angle.isFinite, angle >= 0, angle <= 90 else {
            throw ValidationError("--angle must be in 0…90 degrees (got \(angle))")
        }
        guard index.isFinite, index >= 1 else { throw ValidationError("--index must be at least 1 (got \(index))") }
        if let exposure {
            guard !normalize else { throw ValidationError("--exposure and --normalize exclude each other") }
            guard exposure.isFinite, exposure > 0 else {
                throw ValidationError("--exposure must be positive (got \(exposure))")
            }
        }
    }

    public func run(output: CommandOutput) throws {
        if exportsPane {
            try exportPane(output: output)
            return
        }
        let film = try ThinFilm(refractiveIndex: index)
        let thickness = thickness ?? 0
        let color = film.color(thicknessNanometres: thickness, incidenceAngleDegrees: angle)
        let scaling = scaling(defaultExposure: 1)
        let srgb = color.encodedSRGB(scaling)
        let xyz = [color.xyz.x, color.xyz.y, color.xyz.z].map(Self.decimal)
        let xy = color.chromaticity.map { [$0.x, $0.y].map(Self.decimal) }
        let rgb = [srgb.x, srgb.y, srgb.z].map(Self.decimal)
        if json {
            let xyText = xy.map { "[\($0.joined(separator: ", "))]" } ?? "null"
            output.line(
                "{\"xyz\": [\(xyz.joined(separator: ", "))], \"xy\": \(xyText), \"srgb\": [\(rgb.joined(separator: ", "))]}"
            )
            return
        }
        output.line("film: \(Self.short(thickness)) nm, index \(Self.short(index)), viewed at \(Self.short(angle))°")
        output.line("XYZ: \(xyz.joined(separator: " ")) (Y: luminous reflectance under D65)")
        output.line("xy: \(xy?.joined(separator: " ") ?? "none (the film reflects no light)")")
        let hex = [srgb.x, srgb.y, srgb.z].map { String(format: "%02X", Int(($0 * 255).rounded())) }.joined()
        output.line("sRGB: \(rgb.joined(separator: " ")) #\(hex) (\(Self.describe(scaling)))")
    }

    /// Writes one pane at the origin.
    func exportPane(output: CommandOutput) throws {
        let (columns, rows) = try gridSize()
        let placed = PlacedFilmPane(anchorID: UUID(), worldFromAnchor: .identity, pane: try pane())
        let configuration = FilmPaneScene.Configuration(
            mesh: .init(columns: columns, rows: rows, scaling: scaling(defaultExposure: 10)))
        let scene = FilmPaneScene(panes: [placed])
        for path in [paneUSDA, paneGLTF].compactMap({ $0 }) {
            try scene.write(to: URL(fileURLWithPath: path), configuration: configuration)
            output.line(
                "wrote \(path): one \(Self.short(width)) × \(Self.short(height)) m pane, \(columns) × \(rows) vertices, "
                    + "\(Self.short(topThickness))…\(Self.short(bottomThickness)) nm, seed \(seed)")
        }
    }

    /// The pane the flags describe.
    func pane() throws -> FilmPane {
        try FilmPane(
            widthMetres: width, heightMetres: height, topThicknessNanometres: topThickness,
            bottomThicknessNanometres: bottomThickness, seed: seed, refractiveIndex: index)
    }

    /// `--grid COLSxROWS`.
    func gridSize() throws -> (Int, Int) { try Self.gridSize(grid) }

    /// Parses `COLSxROWS` (e.g. `17x13`); throws `ValidationError` for anything else.
    static func gridSize(_ grid: String) throws -> (Int, Int) {
        let parts = grid.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]),
            (2...FilmPaneMesh.Configuration.maximumSide).contains(c),
            (2...FilmPaneMesh.Configuration.maximumSide).contains(r)
        else {
            throw ValidationError(
                "--grid must be COLUMNSxROWS with 2…\(FilmPaneMesh.Configuration.maximumSide) each (got \(grid))")
        }
        return (c, r)
    }

    /// The colour scaling the flags ask for.
    func scaling(defaultExposure: Double) -> SRGBScaling {
        normalize ? .normalized : .exposure(exposure ?? defaultExposure)
    }

    static func describe(_ scaling: SRGBScaling) -> String {
        switch scaling {
        case .exposure(let e): "exposure \(short(e))"
        case .normalized: "normalised"
        }
    }

    /// Six decimals.
    static func decimal(_ v: Double) -> String { String(format: "%.6f", v) }

    /// A number without trailing zeros.
    static func short(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : "\(v)" }
}
