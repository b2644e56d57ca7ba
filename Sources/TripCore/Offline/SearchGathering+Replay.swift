import Foundation

extension SearchGathering {
    /// A search kept from earlier, read again from the bodies it was received as (its first
    /// answer, then each poll) a body at a time, so that its bodies (megabytes each) need not be
    /// held together: each is read and let go.
    public struct Replay {
        private var gathering: SearchGathering
        private var ttl: Int?

        public init(query: DepartureQuery) {
            gathering = SearchGathering(query: query)
        }

        /// The next body, as it was received.
        public mutating func add(_ body: Data) throws(APIError) {
            let page = try DeparturesPage.decode(body)
            gathering.add(page)
            if let seconds = page.ttl { ttl = min(ttl ?? seconds, seconds) }
        }

        /// The complete merged result, and the shortest `ttl` any page gave (Busbud says how many
        /// seconds its answer holds; nil when no page said).
        public var result: (snapshot: SearchSnapshot, ttl: Int?) { (gathering.snapshot(.complete), ttl) }
    }
}
