// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Tripboard",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tripboard", targets: ["tripboard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(name: "TripCore"),
        // The wording layer: typed reasons from TripCore made into the sentences people read (where gettext hangs).
        // GNU gettext and setlocale from glibc, for the wording layer.
        .systemLibrary(name: "CIntl", path: "Sources/CIntl"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "TripWords", dependencies: ["TripCore", "CIntl"]),
        .target(name: "TripViewModels", dependencies: ["TripCore", "TripWords"]),
        // The one way a library is loaded with the first call of one of its functions (COnDemand), and
        // libcurl loaded so when URLSession first calls it rather than at every start. C that only
        // defines the library's own functions: it has no header of its own to share (".": none).
        .target(name: "COnDemand"),
        .target(name: "CCurlOnDemand", dependencies: ["COnDemand"], publicHeadersPath: "."),
        .target(name: "TripLive", dependencies: ["TripCore", "CCurlOnDemand", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(
            name: "TripDemo",
            dependencies: [
                "TripCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Data")]
        ),
        // GIO alone, for the desktop without GTK.
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // The one box Swift hands GLib to own (closures and values as `user_data`), below Gtk and Desktop.
        .target(name: "GLibBridge", dependencies: ["CGio"]),
        // The desktop through GIO alone, no GTK: its settings (the command line reads them too) and GeoClue.
        .target(name: "Desktop", dependencies: ["CGio", "GLibBridge"]),
        // The composition root: settings, the transports and the demo or live clients, joined. No GTK.
        .target(name: "TripWiring", dependencies: ["TripCore", "TripWords", "TripViewModels", "TripLive", "TripDemo", "Desktop"]),
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // GDK's X11 backend and cairo's Xlib surfaces, for the one place Gtk works below GTK (`DrawingMemory`).
        .systemLibrary(name: "CGdkX11", pkgConfig: "gtk4-x11", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "Gtk", dependencies: ["CGtk", "CGdkX11", "GLibBridge"]),
        .systemLibrary(name: "CAdw", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        .target(name: "Adw", dependencies: ["CAdw", "CGtk", "Gtk"]),
        .systemLibrary(name: "CShumate", pkgConfig: "shumate-1.0", providers: [.apt(["libshumate-dev"])]),
        // libshumate, loaded when the first map is made rather than at every start (as CCurlOnDemand).
        .target(name: "CShumateOnDemand", dependencies: ["CShumate", "COnDemand"], publicHeadersPath: "."),
        .target(name: "Shumate", dependencies: ["CShumate", "CShumateOnDemand", "CGtk", "Gtk"]),
        .target(
            name: "TripApp",
            dependencies: ["TripCore", "TripWords", "TripViewModels", "TripWiring", "Desktop", "Gtk", "Adw", "Shumate", "CMalloc"],
            // The app's icons, found by the icon theme when Tripboard runs where it was built.
            resources: [.copy("Icons")]
        ),
        .executableTarget(
            name: "tripboard",
            dependencies: [
                "TripCore", "TripWords", "TripViewModels", "TripDemo", "TripWiring",
                "TripApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Writes favourites until killed, announcing each commit: the crash-safety test's child process.
        .executableTarget(name: "tripboard-store-writer", dependencies: ["TripLive", "TripWords"], path: "Tests/StoreWriter"),
        .executableTarget(name: "tripboard-bench", dependencies: ["TripCore", "TripWords", "TripViewModels", "CMalloc"]),
        // The tests' shared clock and waits.
        .target(name: "TestSupport", dependencies: ["TripCore"], path: "Tests/TestSupport"),
        .testTarget(name: "TripCoreTests", dependencies: ["TripCore", "TripWords", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TripWordsTests", dependencies: ["TripWords"]),
        .testTarget(name: "TripViewModelsTests", dependencies: ["TripViewModels", "TripWords", "TestSupport"]),
        .testTarget(name: "TripLiveTests", dependencies: ["TripLive", "TripWords", "TripDemo", "TripViewModels", "TestSupport", "tripboard-store-writer",
                                                         .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "TripDemoTests", dependencies: ["TripDemo", "TripWords", "TestSupport"]),
        .testTarget(name: "GtkTests", dependencies: ["Gtk"]),
        .testTarget(name: "DesktopTests", dependencies: ["Desktop", "GLibBridge", "CGio"]),
        .testTarget(name: "AdwTests", dependencies: ["Adw", "Gtk", "CGtk"]),
        .testTarget(name: "ShumateTests", dependencies: ["Shumate", "Gtk", "CGtk"]),
        .testTarget(name: "TripWiringTests", dependencies: ["TripWiring", "TripWords", "TripDemo", "TripLive", "TripViewModels", "TestSupport",
                                                     "Desktop"]),
    ]
)
