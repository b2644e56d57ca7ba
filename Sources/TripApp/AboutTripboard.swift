import Adw
import Gtk
import TripCore
import TripViewModels
import TripWords

/// About Tripboard: the one version (`AppVersion.current`, which `tripboard --version` prints and
/// the metainfo's newest release carries), and credits for the data, from each service that asks
/// for them: a service added to the registry is credited with no edit here; and the map tiles'
/// data while the maps show tiles.
@MainActor
enum AboutTripboard {
    static func window(transientFor parent: Window, registry: ServiceRegistry, background: MapBackground) -> AboutWindow {
        let credits = registry.services.compactMap(\.credit) + (background.tileTemplate == nil ? [] : [MapTiles.credit])
        return AboutWindow(
            transientFor: parent, name: "Tripboard", icon: TripboardApp.applicationID, version: AppVersion.current,
            summary: tr("Holiday deals, coach departures, and the next buses and trams at your stops."),
            developer: tr("The Tripboard developers"), website: AppVersion.homepage, issues: AppVersion.homepage + "/issues",
            licence: tr("Tripboard is proprietary software: all rights reserved by the Tripboard developers. The data it shows belongs to the services credited."),
            // TRANSLATORS: the About window's credits for the services whose data Tripboard shows.
            credits: [.init(section: tr("Data"), names: credits.map { "\($0.name) \($0.website)" })],
            legal: credits.compactMap { credit in credit.notice.map { .init(title: credit.name, notice: $0) } },
            backName: tr("Back"))
    }
}
