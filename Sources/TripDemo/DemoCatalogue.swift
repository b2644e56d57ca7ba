import Foundation

/// The demo service's datasets, read once from the `data/` folder that ships with Tripboard.
struct DemoCatalogue: Sendable {
    var destinations: [DemoDestination]
    var network: DemoNetwork
    var london: DemoLondon
    /// Folder holding `{type}-{id}.jpg` pictures.
    var imagesDirectory: URL

    /// The shipped catalogue, or why it could not be read (a broken installation, answered as HTTP 500).
    static let shared: Result<DemoCatalogue, DemoCatalogueError> = {
        // SwiftPM copies Data/ beside the executable; Bundle.module would abort the app if it were missing.
        let executableDirectory = Bundle.main.executableURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let root = executableDirectory.appendingPathComponent("Tripboard_TripDemo.resources/Data", isDirectory: true)
        let dealsDirectory = root.appendingPathComponent("deals", isDirectory: true)
        do {
            let data = try Data(contentsOf: dealsDirectory.appendingPathComponent("destinations.json"))
            let network = try Data(contentsOf: root.appendingPathComponent("busbud/network.json"))
            let london = try Data(contentsOf: root.appendingPathComponent("tfl/london.json"))
            let snakeCase = JSONDecoder()
            snakeCase.keyDecodingStrategy = .convertFromSnakeCase
            return .success(DemoCatalogue(
                destinations: try JSONDecoder().decode([DemoDestination].self, from: data),
                network: try snakeCase.decode(DemoNetwork.self, from: network),
                london: try JSONDecoder().decode(DemoLondon.self, from: london),
                imagesDirectory: dealsDirectory.appendingPathComponent("images", isDirectory: true)))
        } catch {
            return .failure(DemoCatalogueError(description: "the demo data in \(root.path) is unreadable: \(error)"))
        }
    }()
}

struct DemoCatalogueError: Error, CustomStringConvertible {
    var description: String
}
