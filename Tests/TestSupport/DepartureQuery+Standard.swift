import TripCore

extension DepartureQuery {
    /// The brief's search: New York to Montréal on 29 July 2016, one adult, in US dollars: the
    /// captured fixtures' day. Tests only; the app starts from `Settings.searchDefaults(today:)`.
    public static let standard = DepartureQuery(
        origin: "dr5reg", destination: "f25dvk", date: LocalDate(year: 2016, month: 7, day: 29))
}
