import Foundation
import TripCore
import TripLive

// Adds favourites to the store in the folder given, one transaction each, forever, printing
// "committed N" after each commit returns. The crash-safety test kills it at a moment of its choosing.
let directory = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)
let (store, notice) = SQLiteStore.open(in: directory)
if let notice {
    FileHandle.standardError.write(Data("\(notice)\n".utf8))
    exit(1)
}
Task {
    var favourites = (try? await store.load()) ?? []
    for number in favourites.count... {
        let stop = TransitStop(provider: .tfl, stopID: "stop-\(number)", name: "Stop number \(number)", letter: "A",
                               coordinate: Coordinate(latitude: 51.5, longitude: -0.1), lines: ["73", "390"])
        favourites.append(Favourite(stop: stop, routes: number.isMultiple(of: 2) ? ["73"] : []))
        do {
            try await store.save(favourites)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
        FileHandle.standardOutput.write(Data("committed \(number)\n".utf8))
    }
}
dispatchMain()
