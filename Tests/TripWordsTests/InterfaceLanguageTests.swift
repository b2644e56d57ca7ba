import Foundation
import Testing
import TripCore
@testable import TripWords

/// The interface language: Busbud's names follow it unless a language is saved for the search,
/// and a language chosen in Settings keeps the desktop's regional words.
struct InterfaceLanguageTests {
    @Test(arguments: [("en", "en"), ("fr", "fr"), ("fr_CA", "fr"), ("de", "en"), ("pt_BR", "en")])
    func busbudNamesFollowTheInterfaceLanguage(interface: String, expected: String) {
        let settings = Settings(interfaceLanguage: interface)
        #expect(settings.value(.searchLanguage) == expected)
        #expect(settings.origin(.searchLanguage) == .default)
        #expect(settings.searchDefaults(today: LocalDate(year: 2026, month: 11, day: 25)).language == expected)
    }

    @Test func aSavedSearchLanguageWinsOverTheInterfaces() {
        var settings = Settings(interfaceLanguage: "fr")
        // English is not the default under French, so it is kept; French, the default, is not.
        #expect(settings.stored(.searchLanguage, "en") == "en")
        #expect(settings.stored(.searchLanguage, "fr") == nil)
        settings.saved[.searchLanguage] = "en"
        #expect(settings.searchDefaults(today: LocalDate(year: 2026, month: 11, day: 25)).language == "en")
        #expect(Settings(interfaceLanguage: "en").stored(.searchLanguage, "en") == nil)
    }

    @Test func theLanguageSettingOffersTheSystemsAndEachCataloguesInItsOwnWords() {
        #expect(Settings().value(.language) == "system")
        #expect(Settings.checkValue(.language, "fr") == .success("fr"))
        guard case .oneOf(let values, let titles) = SettingKey.language.rule else {
            Issue.record("the language is a choice")
            return
        }
        #expect(values == ["system", "en", "fr"])
        #expect(titles == ["Follow the system", "English", "Français"])
        #expect(SettingKey.general.contains(.language))
    }

    @Test(arguments: [("fr", "fr_CA.UTF-8", "fr_CA:fr"), ("fr", "en_GB.UTF-8", "fr"), ("en", "en_GB.UTF-8@euro", "en_GB:en"),
                      ("fr", "", "fr"), ("fr", "C.UTF-8", "fr")])
    func aChosenLanguageKeepsTheDesktopsRegionalWords(chosen: String, locale: String, expected: String) {
        #expect(Translation.chosenLanguages(chosen, locale: locale) == expected)
    }
}
