import FathomImport
import Testing

@Suite struct ImportFormatTests {
    @Test func rawValuesAreTheCommandLineNames() {
        #expect(ImportFormat.allCases.map(\.rawValue) == ["stray", "record3d", "arkitscenes", "arkit-logger", "roomplan"])
    }
}
