import Testing
import TripCore
import TripWords

/// Titles follow the GNOME HIG's header capitals; a unit in a caption moves to the subtitle.
struct HeaderCapitalsTests {
    /// Every word capitalised but short articles, conjunctions and prepositions inside the title;
    /// a word that already holds a capital is kept as written.
    @Test(arguments: [("Test connection", "Test Connection"), ("London buses", "London Buses"),
                      ("Wait for an answer", "Wait for an Answer"), ("TfL app key", "TfL App Key"),
                      ("the way to go in", "The Way to Go In"), ("Favourites and settings", "Favourites and Settings"),
                      ("From", "From"), ("", "")])
    func titlesTakeHeaderCapitals(_ text: String, _ expected: String) {
        #expect(HeaderCapitals.title(text) == expected)
    }

    /// Row titles of the settings, and of the services' groups.
    @Test func settingAndGroupTitles() {
        #expect(SettingKey.tflAppKey.title == "TfL App Key")
        #expect(SettingKey.dealsImageURL.title == "Picture Address")
        #expect(SettingKey.searchCurrency.title == "Currency")
        #expect(SettingKey.source(.deals).title == "Source")
        #expect(TfLProvider().groupTitle == "London Buses")
        #expect(BusbudProvider().groupTitle == "Coach Search")
    }

    /// A caption with its unit in brackets gives a title without it, and the unit under it.
    @Test func aUnitInTheCaptionGoesToTheSubtitle() {
        let radius = SettingKey("x.radius", caption: "Search radius (metres)", rule: .number(50...2000))
        #expect(radius.title == "Search Radius")
        #expect(radius.subtitle == "In metres")
        #expect(SettingKey.tflAppKey.subtitle == nil)
    }
}
