import Foundation

extension SearchGathering {
    /// A search kept from earlier, read again from the bodies it was received as (its first answer,
    /// then each poll): the complete merged result, and the shortest `ttl` any page gave (Busbud
    /// says how many seconds its answer holds; nil when no page said).
    public static func replay(_ bodies: [Data], query: DepartureQuery) throws(APIError) -> (snapshot: SearchSnapshot, ttl: Int?) {
        var gathering = SearchGathering(query: query)
        var ttl: Int?
        for body in bodies {
            let page = try DeparturesPage.decode(body)
            gathering.add(page)
            if let seconds = page.ttl { ttl = min(ttl ?? seconds, seconds) }
        }
        return (gathering.snapshot(.complete), ttl)
    }
}
