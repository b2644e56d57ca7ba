import Foundation

/// The demo service's datasets, each read from the `data/` folder that ships with Tripboard the
/// first time a request needs it (a window showing deals never reads the coach network).
enum DemoCatalogue {
    /// Where the datasets are: `share/tripboard/data` of the prefix the binary is installed in
    /// (`bin/tripboard`, found from the binary's own path, so a moved prefix works too), else the
    /// folder SwiftPM copies beside a built binary. Bundle.module would abort the app if it were missing.
    static let root: URL = {
        let binary = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        let folder = binary.deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share/tripboard/data", isDirectory: true)
        let built = folder.appendingPathComponent("Tripboard_TripDemo.resources/Data", isDirectory: true)
        return FileManager.default.fileExists(atPath: installed.path) ? installed : built
    }()

    /// Folder holding `{type}-{id}.jpg` pictures.
    static let imagesDirectory = root.appendingPathComponent("deals/images", isDirectory: true)

    static let destinations: Result<[DemoDestination], DemoCatalogueError> = read("deals/destinations.json", JSONDecoder())

    static let network: Result<DemoNetwork, DemoCatalogueError> = {
        let snakeCase = JSONDecoder()
        snakeCase.keyDecodingStrategy = .convertFromSnakeCase
        return read("busbud/network.json", snakeCase)
    }()

    static let london: Result<DemoLondon, DemoCatalogueError> = read("tfl/london.json", JSONDecoder())

    /// A dataset, or why it could not be read (a broken installation, answered as HTTP 500).
    private static func read<Value: Decodable>(_ path: String, _ decoder: JSONDecoder) -> Result<Value, DemoCatalogueError> {
        let file = root.appendingPathComponent(path)
        do {
            return .success(try decoder.decode(Value.self, from: Data(contentsOf: file)))
        } catch {
            return .failure(DemoCatalogueError(description: "the demo data in \(file.path) is unreadable: \(error)"))
        }
    }
}

struct DemoCatalogueError: Error, CustomStringConvertible {
    var description: String
}
