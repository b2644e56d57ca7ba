import Foundation
import TripCore
import TripLive
import TripWords

// Writes to the stores in the folder given, forever, printing "committed N" after each write
// returns; the crash-safety tests kill it at moments of their choosing.
//   tripboard-store-writer DIR favourites   adds a favourite per transaction
//   tripboard-store-writer DIR settings     saves refresh_seconds = 10 + N, then busbud.token = token-N
//   tripboard-store-writer DIR race KEY N   opens the folder afresh for each of N writes (as a
//       command does), each saving setting KEY = KEY-I (a plain one or a credential); exits 0 after
//       N, or 1 with one line on stderr at the first failure
//   tripboard-store-writer DIR alerts NAME N   opens the folder afresh for each of N writes, each
//       saving an alert with the id NAME-I; exits 0 after N, or 1 with one line on stderr
//   tripboard-store-writer DIR answers NAME N   keeps N answers for one stop's arrivals in the
//       answer cache of the cache folder DIR, each a body of 200 kB of NAME-I; exits 0 after N
let directory = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)
let mode = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "favourites"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(1)
}

func announce(_ number: Int) {
    FileHandle.standardOutput.write(Data("committed \(number)\n".utf8))
}

func writeFavourites() async {
    let store: SQLiteStore
    do {
        let opened = try SQLiteStore.open(in: directory)
        if let notice = opened.notice { fail(notice.sentence) }
        store = opened.store
    } catch {
        fail(error.sentence)
    }
    var favourites = (try? await store.load()) ?? []
    for number in favourites.count... {
        let stop = TransitStop(provider: TfLProvider(), stopID: "stop-\(number)", name: "Stop number \(number)", letter: "A",
                               coordinate: Coordinate(latitude: 51.5, longitude: -0.1), lines: ["73", "390"])
        favourites.append(Favourite(stop: stop, routes: number.isMultiple(of: 2) ? ["73"] : []))
        do { try await store.save(favourites) } catch { fail(error.sentence) }
        announce(number)
    }
}

func writeSettings() async {
    let store = LocalSettingsStore(database: LazySQLiteStore(directory: directory), directory: directory, report: { fail($0.sentence) })
    let loaded = store.loadNow()
    if let notice = StoreNotice.paragraph(loaded.notices) { fail(notice) }
    // Carries on after the last token saved, so the two settings stay at most one write apart.
    let start = loaded.saved[.busbudToken].flatMap { Int($0.dropFirst("token-".count)) }.map { $0 + 1 } ?? 0
    for number in start... {
        do throws(StoreError) {
            try await store.saveSetting(.refreshSeconds, String(10 + number))
            try await store.saveSetting(.busbudToken, "token-\(number)")
        } catch {
            fail(error.sentence)
        }
        announce(number)
    }
}

/// Many processes writing different keys at once: none may lose a write or fail.
func race() async {
    guard let key = ServiceRegistry.standard.key(named: CommandLine.arguments[3]) else { fail("\(CommandLine.arguments[3]) is not a setting") }
    let count = Int(CommandLine.arguments[4]) ?? 10
    for number in 0..<count {
        let store = LocalSettingsStore(database: LazySQLiteStore(directory: directory, whenUnsaved: .refuse), directory: directory, report: { fail($0.sentence) })
        if let notice = StoreNotice.paragraph(store.loadNow().notices) { fail(notice) }
        do throws(StoreError) {
            try await store.saveSetting(key, "\(key.rawValue)-\(number)")
        } catch {
            fail(error.sentence)
        }
        announce(number)
    }
    exit(0)
}

/// Many processes saving alerts at once: none may lose another's.
func alerts() async {
    let name = CommandLine.arguments[3]
    let count = Int(CommandLine.arguments[4]) ?? 10
    let stop = TransitStop(provider: TfLProvider(), stopID: "490000121D", name: "King's Cross Station", letter: "D")
    for number in 0..<count {
        let store = LazySQLiteStore(directory: directory, whenUnsaved: .refuse)
        do throws(StoreError) {
            try await store.saveAlert(Alert(id: "\(name)-\(number)", stop: stop, line: "73", minutes: 5,
                                            created: Date(timeIntervalSince1970: TimeInterval(number))))
        } catch {
            fail(error.sentence)
        }
        announce(number)
    }
    exit(0)
}

/// Many processes keeping the same request's answer at once: none may leave a torn one.
func answers() async {
    let name = CommandLine.arguments[3]
    let count = Int(CommandLine.arguments[4]) ?? 10
    let cache = AnswerCache(cacheFolder: directory)
    for number in 0..<count {
        let body = Data(String(repeating: "\(name)-\(number);", count: 200_000 / (name.count + 4)).utf8)
        await cache.keep(CachedAnswer(key: .arrivals(service: ServiceID("tfl"), source: URL(string: "https://tfl.example")!, stop: "490008660N"),
                                      received: Date(timeIntervalSince1970: TimeInterval(number)), bodies: [body]))
        announce(number)
    }
    exit(0)
}

Task {
    switch mode {
    case "answers": await answers()
    case "alerts": await alerts()
    case "race": await race()
    case "settings": await writeSettings()
    default: await writeFavourites()
    }
}
dispatchMain()
