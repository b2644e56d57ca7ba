import Foundation
import Testing
import TripCore
import TripWords

/// The settings in force: defaults, what is saved, the environment over both; and the checks a
/// change must pass before it is kept.
struct SettingsTests {
    static let demo = URL(string: "http://demo.invalid")!

    /// What the providers make clients from, with `settings` (the transport is never used here).
    static func context(_ settings: Settings) -> ServiceContext {
        ServiceContext(settings: settings, transport: ScriptedTransport([]), demoBase: demo)
    }

    @Test func defaultsAreTheDemoAndTheRealLiveAddresses() {
        let settings = Settings()
        for service in ServiceRegistry.standard.services {
            #expect(settings.value(service.sourceKey) == "demo")
            #expect(settings.origin(service.sourceKey) == .default)
        }
        #expect(settings.value(.busbudURL) == "https://napi.busbud.com")
        #expect(settings.value(.tflURL) == "https://api.tfl.gov.uk")
        #expect(settings.value(.tramsURL) == "http://ws3.tramtracker.com.au/TramTracker/RestService")
        let context = Self.context(settings)
        #expect(DealsProvider().client(context).endpoint.absoluteString == "http://demo.invalid/deals/search")
        #expect(BusbudProvider().client(context).baseURL == Self.demo)
        #expect(TramTrackerProvider().client(context).baseURL.absoluteString
            == "http://demo.invalid/TramTracker/RestService", "the demo answers at the live path")
        #expect(settings.refreshInterval == .seconds(30))
        #expect(settings.clock == .system)
    }

    @Test func savedValuesWinOverDefaultsAndTheEnvironmentOverBoth() {
        var settings = Settings(saved: [.busbudSource: "live", .busbudToken: "saved-token", .refreshSeconds: "45"])
        #expect(settings.origin(.refreshSeconds) == .saved)
        #expect(settings.refreshInterval == .seconds(45))
        let busbud = BusbudProvider().client(Self.context(settings))
        #expect(busbud.baseURL.absoluteString == "https://napi.busbud.com")
        #expect(busbud.token == "saved-token")

        settings.environment = ["TRIPBOARD_BUSBUD_TOKEN": "script-token", "TRIPBOARD_TFL_URL": "http://127.0.0.1:9/tfl"]
        #expect(settings.value(.busbudToken) == "script-token")
        #expect(settings.origin(.busbudToken) == .environment)
        // A service's address in the environment makes it live, whatever is saved.
        #expect(settings.origin(.tflSource) == .environment)
        let tfl = TfLProvider().client(Self.context(settings))
        #expect(tfl.baseURL.absoluteString == "http://127.0.0.1:9/tfl")
        #expect(tfl.appKey == nil)
        // An empty variable is no variable.
        settings.environment = ["TRIPBOARD_BUSBUD_TOKEN": ""]
        #expect(settings.value(.busbudToken) == "saved-token")
    }

    @Test func credentialsAreShownMasked() {
        let settings = Settings(saved: [.busbudToken: "abcdefghijklmnop1234", .tflAppKey: "short"])
        #expect(settings.shown(.busbudToken) == "••••••••1234")
        #expect(settings.shown(.tflAppKey) == "••••••••")
        #expect(!settings.shown(.tflAppKey).contains("short"))
        #expect(Settings().shown(.busbudToken) == "")
    }

    @Test func badValuesAreRefusedWithAReason() {
        let settings = Settings()
        let refused: [(SettingKey, String, String)] = [
            (.busbudURL, "ftp://example.com", "not an http or https address"),
            (.tflURL, "api.tfl.gov.uk", "not an http or https address"),
            (.dealsImageURL, "https://img.example/{type}.jpg", "{id}"),
            (.refreshSeconds, "9", "10 to 600"),
            (.refreshSeconds, "601", "10 to 600"),
            (.refreshSeconds, "soon", "10 to 600"),
            (.searchCurrency, "GBP", "USD, CAD or EUR"),
            (.searchAdults, "21", "0 to 20"),
            (.busbudToken, "two words", "no spaces"),
            (.clock, "13", "system, 12 or 24"),
            (.appearance, "blue", "system, light or dark"),
            (.searchOrigin, "Atlantis", "Boston"),
            (.dealsSource, "maybe", "demo or live"),
        ]
        for (key, value, reason) in refused {
            guard case .failure(let problem) = settings.check(key, value) else {
                Issue.record("\(key.rawValue) = \(value) was accepted")
                continue
            }
            #expect(problem.sentence.contains(reason), "\(key.rawValue): \(problem.sentence)")
        }
    }

    @Test func liveNeedsWhatEachServiceNeeds() {
        var settings = Settings()
        #expect(settings.check(.busbudSource, "live").refusal == SettingRefusal(key: .busbudSource, sentence: "Live coach search needs a Busbud token."))
        #expect(settings.check(.dealsSource, "live").refusal == SettingRefusal(key: .dealsSource, sentence: "Live deals need the address of the deals service."))
        #expect(settings.check(.tflSource, "live") == .success("live"), "TfL's key is optional")
        #expect(settings.check(.tramsSource, "live") == .success("live"))

        settings.saved[.busbudToken] = "token"
        #expect(settings.check(.busbudSource, "live") == .success("live"))
        settings.saved[.busbudSource] = "live"
        // Clearing the token of a live service would leave it unable to work.
        #expect(settings.check(.busbudToken, "").refusal == SettingRefusal(key: .busbudToken, sentence: "Live coach search needs a Busbud token."))

        settings.saved[.dealsURL] = "http://127.0.0.1:8080/deals/search"
        #expect(settings.check(.dealsSource, "live").refusal == SettingRefusal(key: .dealsSource, sentence: "Live deals need the picture address template."))
    }

    @Test func valuesAreKeptInOneForm() {
        let settings = Settings()
        #expect(settings.check(.searchCurrency, " eur ") == .success("EUR"))
        #expect(settings.check(.searchDestination, "TORONTO") == .success("dpz88g"))
        #expect(settings.check(.refreshSeconds, "045") == .success("45"))
        #expect(settings.check(.refreshSeconds, "") == .success(""), "empty puts the default back")
    }

    @Test func theSearchDefaultsNeedTwoCitiesAndSomeoneTravelling() {
        let settings = Settings()
        guard case .failure(let same) = settings.check(.searchOrigin, "Montréal") else {
            Issue.record("the same city at both ends was accepted")
            return
        }
        #expect(same.sentence.contains("different cities"))
        guard case .failure(let nobody) = settings.check(.searchAdults, "0") else {
            Issue.record("a search for nobody was accepted")
            return
        }
        #expect(nobody.sentence.contains("at least one traveller"))
        let saved = Settings(saved: [.searchOrigin: "dpz88g", .searchCurrency: "CAD", .searchSeniors: "2", .searchAdults: "0"])
        let today = LocalDate(year: 2026, month: 11, day: 22)
        #expect(saved.searchDefaults(today: today) == DepartureQuery(
            origin: "dpz88g", destination: "f25dvk", date: today, adults: 0, children: 0, seniors: 2,
            currency: "CAD", language: "en"))
    }

    /// Empty text puts any setting's default back, a data source's included (`settings clear`).
    @Test(arguments: ServiceRegistry.standard.settingKeys)
    func emptyTextPutsTheDefaultBack(key: SettingKey) {
        #expect(Settings().check(key, "") == .success(""))
        let settings = Settings()
        #expect(settings.check(key, settings.defaultValue(key)).map { settings.stored(key, $0) } == .success(nil))
    }

    /// One rule per input: a value judged alone, as the command line's options are, gives the same
    /// value or reason as a change in Settings, without weighing the other settings.
    @Test(arguments: [(SettingKey.searchOrigin, "NYC"), (.searchOrigin, "New York "), (.searchDestination, "boston"),
                      (.searchCurrency, "gbp"), (.searchCurrency, " eur"), (.searchLanguage, "xx"),
                      (.searchLanguage, "FR"), (.searchAdults, "-1"), (.searchAdults, "9223372036854775807"),
                      (.searchAdults, "99999999999999999999"), (.searchChildren, "19"), (.searchSeniors, "two")])
    func aValueAloneFollowsTheSameRuleAsAChange(key: SettingKey, text: String) {
        #expect(Settings.checkValue(key, text) == Settings().check(key, text))
    }

    /// Judged alone, a city is not weighed against the saved other end (a search may give both).
    @Test func aValueAloneIsNotWeighedAgainstTheOtherSettings() {
        #expect(Settings().check(.searchOrigin, "Montréal")
           .refusal == SettingRefusal(key: .searchOrigin, sentence: "Choose two different cities."))
        #expect(Settings.checkValue(.searchOrigin, "Montréal") == .success("f25dvk"))
        #expect(Settings.checkValue(.searchAdults, "-1")
           .refusal == SettingRefusal(key: .searchAdults, sentence: "Choose 0 to 20 travellers."))
        #expect(Settings.checkValue(.searchCurrency, "eur ") == .success("EUR"))
    }

    @Test func theClockFollowsTheDesktopOnlyWhenAskedTo() {
        #expect(ClockSetting.system.format(system: "12h") == .twelveHour)
        #expect(ClockSetting.system.format(system: "24h") == .twentyFourHour)
        #expect(ClockSetting.system.format(system: nil) == nil)
        #expect(ClockSetting.twelveHour.format(system: "24h") == .twelveHour)
        #expect(ClockSetting.twentyFourHour.format(system: "12h") == .twentyFourHour)
    }
}

/// A refused setting as it is said: its key and the sentence.
struct SettingRefusal: Equatable {
    var key: SettingKey
    var sentence: String
}

extension Result where Failure == SettingProblem {
    var refusal: SettingRefusal? {
        guard case .failure(let problem) = self else { return nil }
        return SettingRefusal(key: problem.key, sentence: problem.sentence)
    }
}
