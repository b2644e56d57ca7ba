import Foundation
import Testing

/// The core and the view models never see GTK, the concrete adapters or the network stack.
struct LayeringTests {
    static let forbidden = ["Gtk", "CGtk", "TripLive", "TripDemo", "TripApp", "FoundationNetworking"]

    @Test(arguments: ["TripCore", "TripViewModels"])
    func moduleImportsOnlyWhatItMay(module: String) throws {
        let directory = Fixture.packageRoot.appendingPathComponent("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty)
        let pattern = /^\s*(@[\w()]+\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?(\w+)/
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                guard let match = line.firstMatch(of: pattern) else { continue }
                let imported = String(match.output.2)
                #expect(!Self.forbidden.contains(imported), "\(file.lastPathComponent) imports \(imported)")
            }
        }
    }
}
