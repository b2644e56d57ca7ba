import Foundation
import Testing

/// Every module imports only what it may, and only what Package.swift declares for it: the core
/// and the view models never see GTK, the concrete adapters or the network stack; `Gtk` knows only
/// its C library and the GLib bridge below it; the wiring has no GTK; the pages reach the adapters
/// only through the wiring; the subcommands reach the window only from the entry point.
struct LayeringTests {
    /// Modules of the toolchain, which any target may import.
    static let system: Set = ["Foundation", "Dispatch", "Synchronization", "Observation", "Glibc", "_Concurrency"]

    /// What each module may import besides `system`; each is also checked against Package.swift.
    static let allowed: [String: Set<String>] = [
        "TripCore": [],
        "TripWords": ["TripCore", "CIntl"],
        "TripViewModels": ["TripCore", "TripWords"],
        "TripLive": ["TripCore", "GRDB", "FoundationNetworking"],
        "TripDemo": ["TripCore", "Hummingbird", "HTTPTypes", "Logging", "NIOCore"],
        "GLibBridge": ["CGio"],
        "Desktop": ["CGio", "GLibBridge"],
        "TripWiring": ["TripCore", "TripWords", "TripViewModels", "TripLive", "TripDemo", "Desktop"],
        "Gtk": ["CGtk", "GLibBridge"],
        "Adw": ["CAdw", "CGtk", "Gtk"],
        "Shumate": ["CShumate", "CGtk", "Gtk"],
        "TripApp": ["TripCore", "TripWords", "TripViewModels", "TripWiring", "Desktop", "Gtk", "Adw", "Shumate", "CMalloc"],
        "tripboard": ["TripCore", "TripWords", "TripViewModels", "TripWiring", "ArgumentParser", "TripDemo"],
    ]
    /// The one file of the executable that may open the window.
    static let windowOpener = "Entry.swift"

    static func imports(of module: String) throws -> [(file: String, module: String)] {
        let directory = Fixture.packageRoot.appendingPathComponent("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty)
        let pattern = /^\s*(@[\w()]+\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?(\w+)/
        return try files.flatMap { file in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
                line.firstMatch(of: pattern).map { (file.lastPathComponent, String($0.output.2)) }
            }
        }
    }

    @Test(arguments: allowed.keys.sorted())
    func moduleImportsOnlyWhatItMay(module: String) throws {
        let declared = try Self.declaredDependencies()[module] ?? []
        for (file, imported) in try Self.imports(of: module) where !Self.system.contains(imported) {
            let mayOpenWindow = module == "tripboard" && file == Self.windowOpener && imported == "TripApp"
            #expect(Self.allowed[module]!.contains(imported) || mayOpenWindow, "\(module)/\(file) imports \(imported)")
            #expect(declared.contains(imported) || imported == "FoundationNetworking",
                    "\(module)/\(file) imports \(imported), which Package.swift does not declare for it")
        }
    }

    /// The names each target of Package.swift lists among its dependencies (targets and products).
    static func declaredDependencies() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: Fixture.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var found: [String: Set<String>] = [:]
        for chunk in manifest.split(separator: /\.(?:target|executableTarget|testTarget|systemLibrary)\(/).dropFirst() {
            guard let name = chunk.firstMatch(of: /name:\s*"(\w[\w-]*)"/)?.output.1 else { continue }
            let dependencies = chunk.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/)?.output.1 ?? ""
            // Every quoted name: targets, products (and their packages' names, which import nothing).
            found[String(name)] = Set(dependencies.matches(of: /"([\w.-]+)"/).map { String($0.output.1) })
        }
        return found
    }
}
